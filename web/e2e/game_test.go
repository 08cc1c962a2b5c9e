//go:build browser && !js

package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Window size of the browser; the canvas fills it.
const winW, winH = 1280, 800

// status is the answer of hexsandbox.call("status").
type status struct {
	Name     string `json:"name"`
	Modified bool   `json:"modified"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Dialogs  int    `json:"dialogs"`
	MapRect  [4]int `json:"mapRect"` // x0, y0, x1, y1 of the map view, device pixels
	// Preview: the New map dialog shows the preview of its settings.
	Preview bool `json:"preview"`
	// Buttons: the centres of the newest dialog's buttons, by label;
	// DialogText its texts; PanelButtons the panel's buttons' centres.
	Buttons      map[string][2]int `json:"buttons"`
	DialogText   []string          `json:"dialogText"`
	PanelButtons map[string][2]int `json:"panelButtons"`
	// What the tools report: a cell under the pointer, the tool, the
	// cells selected, a paste following the pointer, the minimap's
	// rectangle, the camera's centre, the undo steps, the map's title.
	Hover    bool       `json:"hover"`
	Tool     string     `json:"tool"`
	Selected int        `json:"selected"`
	Pasting  bool       `json:"pasting"`
	Minimap  [4]int     `json:"minimap"`
	Camera   [2]float64 `json:"camera"`
	Undo     int        `json:"undo"`
	Title    string     `json:"title"`
	// Drawer: the panel's drawer is open (a narrow page); Playing: in
	// play mode.
	Drawer  bool `json:"drawer"`
	Playing bool `json:"playing"`
	// Notice: the newest notice the status line shows, or "".
	Notice string `json:"notice"`
}

// call runs hexsandbox.call(name, arg) in the page and returns its
// result (a string, or "" for none).
func call(t testing.TB, ctx context.Context, name, arg string) string {
	t.Helper()
	js := "hexsandbox.call(" + strconv.Quote(name) + ", " + strconv.Quote(arg) + ").then(r => r == null ? '' : String(r))"
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("hexsandbox.call(%q, %q): %v", name, arg, err)
	}
	return res
}

func gameStatus(t testing.TB, ctx context.Context) status {
	t.Helper()
	var s status
	if err := json.Unmarshal([]byte(call(t, ctx, "status", "")), &s); err != nil {
		t.Fatalf("status: %v", err)
	}
	return s
}

func mapBytes(t *testing.T, ctx context.Context) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(call(t, ctx, "map", ""))
	if err != nil {
		t.Fatalf("map: %v", err)
	}
	return b
}

// waitReady waits until the game has drawn its first frame, failing at
// once with the page's message if loading failed; it returns the time
// from navigation to the first frame.
func waitReady(t testing.TB, ctx context.Context) time.Duration {
	t.Helper()
	if err := pollPage(ctx, "window.hexsandboxReady === true || !!window.hexsandboxError", 4*time.Minute, 50*time.Millisecond); err != nil {
		t.Fatalf("waiting for the first frame: %v", err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string]("window.hexsandboxError || ''"))
	if err != nil || msg != "" {
		t.Fatalf("the page failed to start: %q %v", msg, err)
	}
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64]("window.hexsandboxFirstFrameMs"))
	if err != nil {
		t.Fatal(err)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// contextReplaced reports whether err is the browser's saying that the
// execution context an evaluation ran in is gone.
func contextReplaced(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed")
}

func screenshot(t *testing.T, ctx context.Context) image.Image {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	return decodePNG(t, b)
}

func TestGameInBrowser(t *testing.T) {
	url := serveGame(t)
	ctx := startBrowser(t, winW, winH)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	first := waitReady(t, ctx)
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[float64]("window.hexsandboxLoadedMs"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("time to first frame: %v (the .wasm fetched and compiled after %.0f ms)", first, loaded)
	st := gameStatus(t, ctx)
	view := image.Rect(st.MapRect[0], st.MapRect[1], st.MapRect[2], st.MapRect[3])

	t.Run("first frame", func(t *testing.T) { checkFirstFrame(t, ctx, st, view) })
	t.Run("mouse edit", func(t *testing.T) { checkMouseEdit(t, ctx, view) })
	t.Run("slot survives reload", func(t *testing.T) { checkSlotReload(t, ctx) })
	var downloaded string
	dir := t.TempDir()
	t.Run("download", func(t *testing.T) { downloaded = checkDownload(t, ctx, dir) })
	t.Run("open file", func(t *testing.T) { checkPickFile(t, ctx, downloaded) })
	t.Run("drop file", func(t *testing.T) { checkDropFile(t, ctx, downloaded, view) })
	t.Run("depth on WebGL", func(t *testing.T) { checkDepth(t, ctx) })
	t.Run("wrapping map", func(t *testing.T) { checkWrapping(t, ctx, view) })
	t.Run("recovery autosave", func(t *testing.T) { checkRecovery(t, ctx, view) })
	t.Run("generate", func(t *testing.T) { checkGenerate(t, ctx) })
	t.Run("fog of war", func(t *testing.T) { checkFog(t, ctx) })
}

// mouse dispatches one mouse event at (x, y) with the left button.
func mouse(t *testing.T, ctx context.Context, typ input.DispatchMouseEventType, x, y float64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.MouseEvent(typ, x, y, chromedp.ButtonType(input.MouseButtonLeft))); err != nil {
		t.Fatal(err)
	}
}

// waitMap waits until the editor's map is want. Each call is answered by
// a later frame, so the loop advances frame by frame.
func waitMap(t *testing.T, ctx context.Context, want []byte, failure string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for string(mapBytes(t, ctx)) != string(want) {
		if time.Now().After(deadline) {
			t.Fatal(failure)
		}
	}
}

// startMarks are the instants of a start, in order, as the page and the
// game mark them (performance.mark in web/index.html and editor/mark_js.go),
// with the wasm's download ("wasm-downloaded", from the resource timing).
var startMarks = []string{"wasm-fetch", "wasm-downloaded", "wasm-compiled", "editor-run", "map-read", "map-shown", "ui-built", "game-built", "first-update", "first-frame"}

// startTimes reads, in the page of ctx, the milliseconds from navigation
// to each of startMarks; a missing one is reported as an error.
func startTimes(ctx context.Context) (map[string]float64, error) {
	js := `(() => {
		const t = {};
		for (const m of performance.getEntriesByType("mark")) t[m.name] = m.startTime;
		for (const r of performance.getEntriesByType("resource"))
			if (r.name.endsWith("/hexsandbox.wasm")) t["wasm-downloaded"] = r.responseEnd;
		return JSON.stringify(t);
	})()`
	res, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		return nil, err
	}
	var t map[string]float64
	if err := json.Unmarshal([]byte(res), &t); err != nil {
		return nil, err
	}
	for _, m := range startMarks {
		if _, ok := t[m]; !ok {
			return nil, fmt.Errorf("the page did not mark %q", m)
		}
	}
	return t, nil
}

// firstFrame starts the page at url in a fresh headless Chromium and
// returns the time from navigation to its first frame and, if marks,
// the instants of startMarks.
func firstFrame(b *testing.B, url string, marks bool) (time.Duration, map[string]float64) {
	ctx := startBrowser(b, winW, winH)
	defer chromedp.Cancel(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	d := waitReady(b, ctx)
	if !marks {
		return d, nil
	}
	t, err := startTimes(ctx)
	if err != nil {
		b.Fatal(err)
	}
	return d, t
}

// timeline lists the marks of t in order of time.
func timeline(t map[string]float64) string {
	names := make([]string, 0, len(t))
	for m := range t {
		names = append(names, m)
	}
	sort.Slice(names, func(i, j int) bool { return t[names[i]] < t[names[j]] })
	var b strings.Builder
	for _, m := range names {
		fmt.Fprintf(&b, " %s %.0f", m, t[m])
	}
	return b.String()
}

// BenchmarkFirstFrame measures the time from navigation to the first
// frame in a fresh headless Chromium (cold caches) each time, and, as
// ms-MARK, when each of startMarks came (means over the starts):
// go test -tags browser -run '^$' -bench FirstFrame -benchtime 3x ./web/e2e/
// With HEXSANDBOX_WEB_BEFORE naming another build folder (an older
// build with test hooks), each iteration starts that one too, the two
// in turn, and ms-before and the ratio now/before are reported as well.
func BenchmarkFirstFrame(b *testing.B) {
	url := serveGame(b)
	before := ""
	if dir := os.Getenv("HEXSANDBOX_WEB_BEFORE"); dir != "" {
		before = serveDir(b, dir)
	}
	var total, old time.Duration
	sums := map[string]float64{}
	n := 0
	for b.Loop() {
		if before != "" && n%2 == 1 {
			d, _ := firstFrame(b, before, false)
			old += d
		}
		d, t := firstFrame(b, url, true)
		total += d
		b.Logf("start %d: %v", n, timeline(t))
		for _, m := range startMarks {
			sums[m] += t[m]
		}
		if before != "" && n%2 == 0 {
			d, _ := firstFrame(b, before, false)
			old += d
		}
		n++
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(n), "ms-to-first-frame")
	for _, m := range startMarks[:len(startMarks)-1] {
		b.ReportMetric(sums[m]/float64(n), "ms-"+m)
	}
	if before != "" {
		b.ReportMetric(float64(old.Milliseconds())/float64(n), "ms-before")
		b.ReportMetric(total.Seconds()/old.Seconds(), "now/before")
	}
}
