//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/web/serve"
)

// On a phone held upright the map takes the whole width and the panel
// is a drawer: the Tools button on the map opens it, a tap on the map
// closes it; a tap on its Fill button chooses that tool, its Play button
// switches to play, where a finger dragged over the map pans the camera. Turned to landscape
// (844 CSS pixels wide) the panel stands beside the map again.
// Screenshots go to HEXSANDBOX_SHOTS when set.
func TestPhoneDrawerAndRotation(t *testing.T) {
	start := time.Now()
	ctx := startPhone(t, phoneW, phoneH)
	st := gameStatus(t, ctx)
	css := func(px int) float64 { return math.Round(float64(px) / phoneDPR) }
	if st.MapRect[2] != st.Width {
		t.Fatalf("portrait: the map view %v does not take the width %d", st.MapRect, st.Width)
	}
	// Before any finger has touched the page, the map shows what a drag
	// does (Paint) beside the Tools button, each a finger's size.
	ls := layout(t, ctx)
	for _, b := range []string{"Tools", "Paint"} {
		r, ok := ls.MapButtons[b]
		if !ok || r[2]-r[0] < finger || r[3]-r[1] < finger {
			t.Errorf("the map button %s before the first touch: %v (shown %v), want %d device pixels square", b, r, ok, finger)
		}
	}
	checkStatusFits(t, ls, st, true)
	keepShot(t, ctx, "phone-portrait-edit")
	// The Tools button: the map's top-right corner, 10 logical pixels in.
	tap(t, ctx, css(st.MapRect[2])-10-26, css(st.MapRect[1])+10+26)
	waitStatus(t, ctx, "the drawer open", func(s status) bool { return s.Drawer })
	keepShot(t, ctx, "phone-portrait-drawer")
	checkFingerSized(t, layout(t, ctx), gameStatus(t, ctx), "the drawer")
	open := gameStatus(t, ctx).PanelButtons["Open…"]
	tap(t, ctx, css(open[0]), css(open[1]))
	waitStatus(t, ctx, "the Open dialog", func(s status) bool { _, ok := s.Buttons["Cancel"]; return s.Dialogs == 1 && ok })
	keepShot(t, ctx, "phone-portrait-open")
	checkFingerSized(t, layout(t, ctx), gameStatus(t, ctx), "the Open dialog")
	cancel := gameStatus(t, ctx).Buttons["Cancel"]
	tap(t, ctx, css(cancel[0]), css(cancel[1]))
	waitStatus(t, ctx, "the Open dialog closed", func(s status) bool { return s.Dialogs == 0 })
	tap(t, ctx, 20, css(st.MapRect[3])/2)
	waitStatus(t, ctx, "the drawer closed by a tap on the map", func(s status) bool { return !s.Drawer })

	tap(t, ctx, css(st.MapRect[2])-10-26, css(st.MapRect[1])+10+26)
	waitStatus(t, ctx, "the drawer open again", func(s status) bool { return s.Drawer })
	fill := gameStatus(t, ctx).PanelButtons["Fill 2"]
	tap(t, ctx, css(fill[0]), css(fill[1]))
	waitStatus(t, ctx, "the Fill tool chosen in the drawer", func(s status) bool { return s.Tool == "Fill" && s.Drawer })
	play := gameStatus(t, ctx).PanelButtons["Play (Tab)"]
	tap(t, ctx, css(play[0]), css(play[1]))
	st = waitStatus(t, ctx, "play mode", func(s status) bool { return s.Playing })
	keepShot(t, ctx, "phone-portrait-play")
	// A finger dragged over the map in play pans it.
	mx, my := css(st.MapRect[2])/2, css(st.MapRect[3])*2/3
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, [2]float64{mx, my})
	for k := 1; k <= 6; k++ {
		fingers(t, ctx, input.DispatchTouchEventTypeTouchMove, [2]float64{mx - 20*float64(k), my})
	}
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	waitStatus(t, ctx, "the map panned by a finger", func(s status) bool { return math.Abs(s.Camera[0]-st.Camera[0])+math.Abs(s.Camera[1]-st.Camera[1]) > 1 })

	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: phoneH, Height: phoneW, DeviceScaleFactor: phoneDPR, Mobile: true,
		ScreenOrientation: &emulation.ScreenOrientation{Type: emulation.ScreenOrientationTypeLandscapePrimary, Angle: 90}}); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, ctx, "the landscape screen", func(s status) bool { return s.Width == phoneH*phoneDPR })
	keepShot(t, ctx, "phone-landscape-play")
	press(t, ctx, key{"Tab", "Tab", 9})
	waitStatus(t, ctx, "edit mode", func(s status) bool { return !s.Playing })
	st = waitStatus(t, ctx, "the panel beside the map", func(s status) bool { return s.MapRect[2] < s.Width })
	keepShot(t, ctx, "phone-landscape-edit")
	checkStatusFits(t, layout(t, ctx), st, false)
	t.Logf("%v", time.Since(start).Round(time.Second))
}

// finger is a finger's size, 44 CSS pixels, in the phone's device
// pixels.
const finger = 44 * phoneDPR

// phoneLayout is what hexsandbox.call("status") tells of the layout, in
// device pixels: the shown panel's and newest dialog's controls by name,
// the status line's left and right texts, the buttons on the map by
// label, each [x0, y0, x1, y1].
type phoneLayout struct {
	Controls    map[string][4]int `json:"controls"`
	StatusBoxes [2][4]int         `json:"statusBoxes"`
	MapButtons  map[string][4]int `json:"mapButtons"`
}

func layout(t *testing.T, ctx context.Context) phoneLayout {
	t.Helper()
	var l phoneLayout
	if err := json.Unmarshal([]byte(call(t, ctx, "status", "")), &l); err != nil {
		t.Fatalf("status: %v", err)
	}
	return l
}

// checkFingerSized checks that every control shown (the drawer's or the
// game bar's, or the dialog's when one is open) is at least a finger's height (check
// boxes a finger's width too) and lies within the screen's width and,
// but for the drawer's, which scrolls, its height.
func checkFingerSized(t *testing.T, l phoneLayout, st status, where string) {
	t.Helper()
	if len(l.Controls) == 0 {
		t.Errorf("%s: no controls reported", where)
	}
	for name, r := range l.Controls {
		if r[3]-r[1] < finger || (strings.HasPrefix(name, "checkbox") && r[2]-r[0] < finger) {
			t.Errorf("%s: %s is %d×%d device pixels, less than a finger's %d", where, name, r[2]-r[0], r[3]-r[1], finger)
		}
		if r[0] < 0 || r[2] > st.Width || (!st.Drawer || st.Dialogs > 0) && (r[1] < 0 || r[3] > st.Height) {
			t.Errorf("%s: %s at %v is cut off by the %d×%d screen", where, name, r, st.Width, st.Height)
		}
	}
}

// checkStatusFits checks that the status line's texts lie on the screen
// without overlapping: in portrait each on a line of its own, the
// right one under the left, in landscape on one line.
func checkStatusFits(t *testing.T, l phoneLayout, st status, portrait bool) {
	t.Helper()
	lb, rb := l.StatusBoxes[0], l.StatusBoxes[1]
	for _, b := range [][4]int{lb, rb} {
		if b[0] < 0 || b[2] > st.Width || b[1] < st.MapRect[3] || b[3] > st.Height || b[2] <= b[0] {
			t.Errorf("a status text at %v is not within the status bar under the map %v on the %d×%d screen", b, st.MapRect, st.Width, st.Height)
		}
	}
	switch {
	case portrait && rb[1] < lb[3]:
		t.Errorf("portrait: the status line's right text %v is not under its left %v", rb, lb)
	case !portrait && (rb[1] >= lb[3] || rb[0] < lb[2]):
		t.Errorf("landscape: the status line's texts %v and %v are not side by side on one line", lb, rb)
	}
}

// skirmish is testutil.Skirmish, the map of the touch tests.
func skirmish(t *testing.T) *hexmap.Grid {
	t.Helper()
	g, err := testutil.Skirmish()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// In play on a phone a finger's first tap on a destination shows the
// selected unit's way there with each cell's turn and moves nothing; a
// second tap on the same cell sends the unit. A first tap on an enemy
// the selected unit can attack shows the battle's forecast and harms
// no one; a second attacks. The skirmish map opens from a share link,
// both sides people: a tap passes the hand-over screen.
func TestPhoneTwoTapMoveAndAttack(t *testing.T) {
	start := time.Now()
	want := skirmish(t)
	link, err := files.EncodeLink(want)
	if err != nil {
		t.Fatal(err)
	}
	ctx := startPhoneAt(t, phoneW, phoneH, link)
	// The page's map once open is not Equal to want (it differs in
	// something this test does not look at): its size, units and town
	// tell that it is open.
	deadline := time.Now().Add(time.Minute)
	for g := decoded(t, ctx); len(g.Units()) != 3 || len(g.Towns()) != 1 || g.Topology() != want.Topology(); g = decoded(t, ctx) {
		if time.Now().After(deadline) {
			t.Fatalf("the share link did not open the skirmish map: %d units, %d towns, %+v open", len(g.Units()), len(g.Towns()), g.Topology())
		}
	}
	press(t, ctx, key{"Tab", "Tab", 9})
	m := waitMatch(t, ctx, "the match", func(matchState) bool { return true })
	if m.Cover != nil {
		tap(t, ctx, 20, 20)
		m = waitMatch(t, ctx, "the hand-over screen gone", func(m matchState) bool { return m.Cover == nil })
	}
	top := m.topology()
	cell := func(x, z int) int { i, _ := top.IndexOffset(x, z); return i }
	scout, _ := m.unit(1, "scout")
	dest := cell(10, 7)
	// The game bar across the top and the minimap in the lower left
	// corner take their taps: the camera, turned so that the skirmish's
	// cells fit the phone's width, brings them between the two.
	tapped := []int{scout.Cell, dest, cell(3, 4), cell(4, 4), cell(6, 2)}
	st := gameStatus(t, ctx)
	barBottom := 0
	for _, r := range layout(t, ctx).Controls {
		barBottom = max(barBottom, r[3])
	}
	free := [4]float64{10, float64(barBottom)/phoneDPR + 25, phoneW - 10, float64(st.Minimap[1])/phoneDPR - 25}
	fitCells(t, ctx, top, tapped, 65, [2]float64{(free[0] + free[2]) / 2, (free[1] + free[3]) / 2})
	var at [][2]float64
	off := false
	for _, i := range tapped {
		cx, cy := cellCSS(t, ctx, i)
		at = append(at, [2]float64{cx, cy})
		off = off || cx < free[0] || cx > free[2] || cy < free[1] || cy > free[3]
	}
	if off {
		keepShot(t, ctx, "phone-portrait-fit")
		t.Fatalf("cells %v are at %v CSS pixels, not all within the part of the map %v between the game bar and the minimap", tapped, at, free)
	}
	t.Logf("%v: the match in play", time.Since(start).Round(time.Second))
	checkFingerSized(t, layout(t, ctx), gameStatus(t, ctx), "the game bar")

	tapCell(t, ctx, scout.Cell)
	waitMatch(t, ctx, "the scout selected", func(m matchState) bool { return m.Selected == scout.ID })
	tapCell(t, ctx, dest)
	m = waitMatch(t, ctx, "the way to the destination shown", func(m matchState) bool {
		return len(m.Path) > 0 && m.Path[len(m.Path)-1] == dest
	})
	if len(m.Path) != 10 || m.PathTurns[0] != 0 || m.PathTurns[len(m.PathTurns)-1] != 1 {
		t.Errorf("the way shown: cells %v, turns %v; want 10 cells from the scout's, the last in the second turn", m.Path, m.PathTurns)
	}
	if u, _ := m.byID(scout.ID); u.Cell != scout.Cell || u.Moves != scout.Moves {
		t.Fatalf("the first tap moved the scout: %+v", u)
	}
	keepShot(t, ctx, "phone-portrait-path")
	tapCell(t, ctx, dest)
	m = waitMatch(t, ctx, "the scout sent", func(m matchState) bool { u, _ := m.byID(scout.ID); return u.Cell != scout.Cell && !m.Walking })
	if u, _ := m.byID(scout.ID); u.Cell != cell(8, 7) {
		t.Errorf("after the second tap the scout is on %d, want on %d: as far as its 36 moves take it this turn (seven steps of 5)", u.Cell, cell(8, 7))
	}

	blue, _ := m.unit(1, "spearman")
	red, _ := m.unit(2, "spearman")
	tapCell(t, ctx, blue.Cell)
	waitMatch(t, ctx, "blue's spearman selected", func(m matchState) bool { return m.Selected == blue.ID })
	tapCell(t, ctx, red.Cell)
	m = waitMatch(t, ctx, "the forecast shown", func(m matchState) bool { return m.Forecast })
	if u, _ := m.byID(red.ID); u.HP != red.HP || m.Battle {
		t.Fatalf("the first tap on the enemy attacked it: %+v, battle %v", u, m.Battle)
	}
	keepShot(t, ctx, "phone-portrait-forecast")
	st = gameStatus(t, ctx)
	if b := m.ForecastBox; b[0] < 0 || b[2] > st.Width || b[1] < 0 || b[3] > st.Height || b[2] <= b[0] {
		t.Errorf("the forecast at %v is cut off by the %d×%d screen", b, st.Width, st.Height)
	}
	tapCell(t, ctx, red.Cell)
	m = waitMatch(t, ctx, "the attack", func(m matchState) bool { u, alive := m.byID(red.ID); return !alive || u.HP < red.HP })
	if u, _ := m.byID(blue.ID); u.Moves != 0 {
		t.Errorf("blue's spearman has %d moves left after attacking, want 0", u.Moves)
	}
	t.Logf("%v: moved and attacked", time.Since(start).Round(time.Second))

	// A long press (the hold set to 1 ms: a frame) on blue's town opens
	// its panel, which fits the width, its rows a finger's height.
	waitMatch(t, ctx, "the battle shown to its end", func(m matchState) bool { return !m.Walking })
	call(t, ctx, "touchHold", "1")
	tx, ty := cellCSS(t, ctx, cell(6, 2))
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, [2]float64{tx, ty})
	probe(t, ctx)
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	call(t, ctx, "touchHold", "10000")
	m = waitMatch(t, ctx, "the town panel", func(m matchState) bool { return len(m.TownBoxes) > 1 })
	keepShot(t, ctx, "phone-portrait-town")
	for k, b := range m.TownBoxes {
		if b[0] < 0 || b[2] > st.Width || b[3] > st.Height {
			t.Errorf("the town panel's box %d at %v is cut off by the %d×%d screen", k, b, st.Width, st.Height)
		}
		if k > 0 && b[3]-b[1] < finger {
			t.Errorf("the town panel's row %d is %d device pixels high, less than a finger's %d", k, b[3]-b[1], finger)
		}
	}
}

// fitCells turns the camera rot degrees, at its farthest, and moves it
// so that the middle of the box around cells' centres comes to target
// (CSS pixels):
// twice, the camera's move estimated from how three of the cells, a
// triangle on the map, lie on the screen (the view is nearly linear
// this far out).
func fitCells(t *testing.T, ctx context.Context, top hexmap.Topology, cells []int, rot float64, target [2]float64) {
	t.Helper()
	world := func(i int) [2]float64 { x, z := top.CellCenter(i); return [2]float64{float64(x), float64(z)} }
	var cam [2]float64
	for _, i := range cells {
		w := world(i)
		cam[0] += w[0] / float64(len(cells))
		cam[1] += w[1] / float64(len(cells))
	}
	a, b, c := cells[0], cells[1], cells[len(cells)-1]
	for range 2 {
		call(t, ctx, "camera", fmt.Sprintf(`{"X":%g,"Z":%g,"Zoom":0,"Rotation":%g}`, cam[0], cam[1], rot))
		screen := map[int][2]float64{}
		lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, i := range cells {
			x, y := cellPoint(t, ctx, i)
			p := [2]float64{x / phoneDPR, y / phoneDPR}
			screen[i] = p
			for k := range 2 {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		mid := [2]float64{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2}
		// J maps a move on the map to one on the screen: J·(b−a) and
		// J·(c−a) are where b and c lie from a on each.
		sub := func(p, q [2]float64) [2]float64 { return [2]float64{p[0] - q[0], p[1] - q[1]} }
		u, v := sub(world(b), world(a)), sub(world(c), world(a))
		su, sv := sub(screen[b], screen[a]), sub(screen[c], screen[a])
		det := u[0]*v[1] - v[0]*u[1]
		// inv(W) for W = [u v] (columns), then J = S·inv(W).
		iw := [2][2]float64{{v[1] / det, -v[0] / det}, {-u[1] / det, u[0] / det}}
		j := [2][2]float64{
			{su[0]*iw[0][0] + sv[0]*iw[1][0], su[0]*iw[0][1] + sv[0]*iw[1][1]},
			{su[1]*iw[0][0] + sv[1]*iw[1][0], su[1]*iw[0][1] + sv[1]*iw[1][1]},
		}
		// The cells move on the screen by −J·(the camera's move).
		d := sub(mid, target)
		jd := j[0][0]*j[1][1] - j[0][1]*j[1][0]
		cam[0] += (j[1][1]*d[0] - j[0][1]*d[1]) / jd
		cam[1] += (-j[1][0]*d[0] + j[0][0]*d[1]) / jd
	}
	call(t, ctx, "camera", fmt.Sprintf(`{"X":%g,"Z":%g,"Zoom":0,"Rotation":%g}`, cam[0], cam[1], rot))
}

// On a phone the shipped build, once loaded, opens from the service
// worker's cache with the network cut (the server gone): a reload shows
// the game's first frame, the page the worker's.
func TestPhoneOpensOffline(t *testing.T) {
	start := time.Now()
	root, err := os.OpenRoot(shippedBuild(t))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	srv := httptest.NewServer(serve.Handler(root.FS()))
	defer srv.Close()
	ctx := phoneBrowser(t, phoneW, phoneH)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if got, err := chromedp.Run(wctx, chromedp.Evaluate[string](workerSettled, chromedp.EvalAwaitPromise)); err != nil || !strings.HasSuffix(got, ":6") {
		t.Fatalf("the offline cache: %q (%v), want the build's 6 files", got, err)
	}
	srv.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	controlled, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("navigator.serviceWorker.controller !== null"))
	if err != nil || !controlled {
		t.Errorf("the offline page is not the service worker's: %v", err)
	}
	t.Logf("%v", time.Since(start).Round(time.Second))
}
