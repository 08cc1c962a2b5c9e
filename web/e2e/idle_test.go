//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// clockTick is the unit of the CPU times in /proc/PID/stat (USER_HZ,
// 100 on every Linux the tests run on).
const clockTick = 10 * time.Millisecond

// browserCPU is the CPU time used so far by the browser of ctx and every
// process under it (the renderer, the GPU process where SwiftShader
// draws, the utility processes), from /proc.
func browserCPU(tb testing.TB, ctx context.Context) time.Duration {
	tb.Helper()
	root := chromedp.FromContext(ctx).Browser.Process().Pid
	entries, err := os.ReadDir("/proc")
	if err != nil {
		tb.Fatal(err)
	}
	parent := map[int]int{}
	ticks := map[int]int64{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue // ended meanwhile
		}
		// The command name, in parentheses, may hold spaces: the fields
		// follow its closing one (state, ppid, …; utime and stime are the
		// 14th and 15th fields of the line).
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		parent[pid], ticks[pid] = ppid, ut+st
	}
	var sum int64
	for pid, t := range ticks {
		for p := pid; p > 1; p = parent[p] {
			if p == root {
				sum += t
				break
			}
		}
	}
	return time.Duration(sum) * clockTick
}

// stillness is the answer of hexsandbox.call("stillness").
type stillness struct {
	Idle    bool
	Asleep  bool // between frames (the page's frames do no work)
	Kept    int  // frames that kept the last picture
	Pending int  // chunks whose detail is still to build
}

// waitStillness asks for the page's stillness, frame by frame (each call
// is answered in a later frame), until ok accepts it, for at most a
// minute.
func waitStillness(tb testing.TB, ctx context.Context, what string, ok func(stillness) bool) stillness {
	tb.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s := pageStillness(tb, ctx)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s: not after a minute (%+v)", what, s)
		}
	}
}

func pageStillness(t testing.TB, ctx context.Context) stillness {
	t.Helper()
	res := call(t, ctx, "stillness", "")
	var s stillness
	if err := json.Unmarshal([]byte(res), &s); err != nil {
		t.Fatalf("stillness %q: %v", res, err)
	}
	return s
}

// idleSpan is how long each phase of BenchmarkIdlePage is measured.
const idleSpan = 4 * time.Second

// pageCost is what one start of a page cost, by BenchmarkIdlePage's
// spans: the CPU used in each.
type pageCost struct{ blank, active, idle time.Duration }

// measurePage starts the page at url in a fresh headless Chromium and
// measures its pageCost.
func measurePage(b *testing.B, url string) pageCost {
	var c pageCost
	ctx := startBrowser(b, winW, winH)
	defer chromedp.Cancel(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	waitReady(b, ctx)
	// The view complete and the page settled (idle once), so that
	// neither building the view's detail nor the browser's optimizing
	// compiles of the start's code are measured.
	waitStillness(b, ctx, "the view's detail built, the page idle", func(s stillness) bool { return s.Pending == 0 && s.Idle })
	st := gameStatus(b, ctx)
	// The pointer enters the map: the window is active.
	x, y := float64(st.MapRect[0]+st.MapRect[2])/2, float64(st.MapRect[1]+st.MapRect[3])/2
	for _, dx := range []float64{0, 1} {
		if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, x+dx, y)); err != nil {
			b.Fatal(err)
		}
	}
	cpu := browserCPU(b, ctx)
	time.Sleep(idleSpan) // the span measured
	c.active = browserCPU(b, ctx) - cpu
	if s := pageStillness(b, ctx); s.Idle {
		b.Fatalf("idle before the active span ended: %+v", s)
	}
	before := waitStillness(b, ctx, "the page idle", func(s stillness) bool { return s.Idle })
	cpu = browserCPU(b, ctx)
	time.Sleep(idleSpan) // the span measured
	c.idle = browserCPU(b, ctx) - cpu
	after := pageStillness(b, ctx)
	if !after.Idle {
		b.Fatalf("the page was not idle while measured: %+v, then %+v", before, after)
	}
	b.Logf("%s idle span: %+v, then %+v", url, before, after)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.Fatal(err)
	}
	cpu = browserCPU(b, ctx)
	time.Sleep(idleSpan) // the span measured: the same browser on a blank page
	c.blank = browserCPU(b, ctx) - cpu
	perSec := func(d time.Duration) float64 { return float64(d.Milliseconds()) / idleSpan.Seconds() }
	b.Logf("%s cpu-ms/s: active %.0f, idle %.0f, blank %.0f", url, perSec(c.active), perSec(c.idle), perSec(c.blank))
	return c
}

// BenchmarkIdlePage measures what the page of the showcase costs the
// machine: the browser's CPU (all its processes) per second of wall time
// right after the mouse moved (active: the page draws every frame), once
// the page has been still for pace.IdleAfter (idle: it draws a frame now
// and then for the water) and then on about:blank (blank: what the
// browser costs by itself), idleSpan each, in a fresh headless Chromium
// each time:
// go test -tags browser -run '^$' -bench IdlePage -benchtime 3x ./web/e2e/
// With HEXSANDBOX_WEB_BEFORE naming another build folder (an older
// build with the stillness hook), each iteration measures that one too,
// the two in turn, and its idle cost and the ratio are reported as well.
func BenchmarkIdlePage(b *testing.B) {
	url := serveGame(b)
	before := ""
	if dir := os.Getenv("HEXSANDBOX_WEB_BEFORE"); dir != "" {
		before = serveDir(b, dir)
	}
	var now, old pageCost
	n := 0
	add := func(sum *pageCost, c pageCost) {
		sum.blank, sum.active, sum.idle = sum.blank+c.blank, sum.active+c.active, sum.idle+c.idle
	}
	for b.Loop() {
		if before != "" && n%2 == 1 {
			add(&old, measurePage(b, before))
		}
		add(&now, measurePage(b, url))
		if before != "" && n%2 == 0 {
			add(&old, measurePage(b, before))
		}
		n++
	}
	perSec := func(d time.Duration) float64 {
		return float64(d.Milliseconds()) / float64(n) / idleSpan.Seconds()
	}
	b.ReportMetric(perSec(now.blank), "blank-cpu-ms/s")
	b.ReportMetric(perSec(now.active), "active-cpu-ms/s")
	b.ReportMetric(perSec(now.idle), "idle-cpu-ms/s")
	if before != "" {
		b.ReportMetric(perSec(old.active), "before-active-cpu-ms/s")
		b.ReportMetric(perSec(old.idle), "before-idle-cpu-ms/s")
		b.ReportMetric(now.idle.Seconds()/old.idle.Seconds(), "idle-now/before")
	}
}

// afterAnimationFrames is a promise, in the page, that resolves after
// n more requestAnimationFrame callbacks.
func afterAnimationFrames(n int) string {
	return `new Promise((done) => {
		let left = ` + strconv.Itoa(n) + `;
		const f = () => { if (--left <= 0) done(true); else requestAnimationFrame(f); };
		requestAnimationFrame(f);
	})`
}

// TestIdlePageSleepsUntilInput: once still for pace.IdleAfter, the page
// sleeps between its idle frames: requestAnimationFrame keeps coming
// (30 of its callbacks run) but no frame of the game runs meanwhile
// (none is kept, as a frame that skips drawing would be); the first
// input wakes it at once.
func TestIdlePageSleepsUntilInput(t *testing.T) {
	ctx := openGame(t)
	before := waitStillness(t, ctx, "the page asleep", func(s stillness) bool { return s.Asleep })
	if !before.Idle {
		t.Fatalf("asleep but not idle: %+v", before)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](afterAnimationFrames(30), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	after := pageStillness(t, ctx)
	if !after.Asleep || after.Kept != before.Kept {
		t.Errorf("over 30 animation frames of a sleeping page: %+v, then %+v (frames ran that kept the picture)", before, after)
	}
	st := gameStatus(t, ctx)
	x, y := float64(st.MapRect[0]+st.MapRect[2])/2, float64(st.MapRect[1]+st.MapRect[3])/2
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y)); err != nil {
		t.Fatal(err)
	}
	if s := pageStillness(t, ctx); s.Asleep || s.Idle {
		t.Errorf("after the pointer moved over the map: %+v", s)
	}
}
