//go:build browser && !js

package e2e

import (
	"context"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The browser build by touch, on a phone-sized page (390×844 CSS pixels
// at a device pixel ratio of 3, touch emulated): fingers are dispatched
// through the DevTools protocol as a phone's touch screen sends them,
// and the page's pointer events of type "touch" reach the editor's
// gestures (editor/touchinput.go).

// Phone is the emulated phone: CSS pixels and device pixel ratio.
const phoneW, phoneH, phoneDPR = 390, 844, 3

// startPhone starts the browser emulating a phone of w×h CSS pixels
// (mobile, touch with five points) and opens the game.
func startPhone(t *testing.T, w, h int) context.Context {
	t.Helper()
	return startPhoneAt(t, w, h, "")
}

// startPhoneAt is startPhone opening the page's address with link (a
// map's share link, or "") after it.
func startPhoneAt(t *testing.T, w, h int, link string) context.Context {
	t.Helper()
	url := serveGame(t) + link
	ctx := phoneBrowser(t, w, h)
	t.Cleanup(func() { logTouches(t, ctx) })
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	// The DevTools protocol hands a touch to the page only between two
	// frames, and a frame of the software renderer at a phone's
	// resolution may last longer than a long press: a tap's lift would
	// come too late.
	call(t, ctx, "touchHold", "10000")
	chromedp.Run(ctx, chromedp.Evaluate[any](`window.touchLog = []; for (const n of ["pointerdown", "pointermove", "pointerup", "pointercancel"])
		addEventListener(n, e => touchLog.push(n + " " + e.pointerType + " " + e.clientX + "," + e.clientY + " at " + Math.round(e.timeStamp)), {capture: true}); 1`))
	return ctx
}

// phoneBrowser starts the browser emulating a phone of w×h CSS pixels:
// mobile, touch with five points.
func phoneBrowser(t *testing.T, w, h int) context.Context {
	t.Helper()
	ctx := startBrowser(t, w, h)
	orient := &emulation.ScreenOrientation{Type: emulation.ScreenOrientationTypePortraitPrimary}
	if w > h {
		orient = &emulation.ScreenOrientation{Type: emulation.ScreenOrientationTypeLandscapePrimary, Angle: 90}
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(w), Height: int64(h), DeviceScaleFactor: phoneDPR, Mobile: true, ScreenOrientation: orient}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// logTouches logs the page's pointer events of a failed test.
func logTouches(t *testing.T, ctx context.Context) {
	if !t.Failed() {
		return
	}
	log, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.touchLog || []`))
	t.Logf("pointer events: %q %v; status %s", log, err, call(t, ctx, "status", ""))
}

// fingers dispatches one touch event with the fingers at pts (CSS
// pixels), finger k having id k; none for the end.
func fingers(t *testing.T, ctx context.Context, typ input.DispatchTouchEventType, pts ...[2]float64) {
	t.Helper()
	fingersAt(t, ctx, typ, time.Time{}, pts...)
}

// fingersAt is fingers with the event's time given (zero: the browser's
// own).
func fingersAt(t *testing.T, ctx context.Context, typ input.DispatchTouchEventType, at time.Time, pts ...[2]float64) {
	t.Helper()
	tp := make([]*input.TouchPoint, len(pts))
	for k, p := range pts {
		id := float64(k)
		tp[k] = &input.TouchPoint{X: p[0], Y: p[1], ID: &id}
	}
	ev := input.DispatchTouchEventParams{Type: typ, TouchPoints: tp}
	if !at.IsZero() {
		ev.Timestamp = input.TimeSinceEpoch(float64(at.UnixMicro()) / 1e6)
	}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, ev); err != nil {
		t.Fatal(err)
	}
}

// cellCSS is where cell i's centre is on the page in CSS pixels,
// rounded.
func cellCSS(t *testing.T, ctx context.Context, i int) (float64, float64) {
	t.Helper()
	x, y := cellPoint(t, ctx, i) // device pixels
	return math.Round(x / phoneDPR), math.Round(y / phoneDPR)
}

// tapCell taps cell i's centre.
func tapCell(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	x, y := cellCSS(t, ctx, i)
	tap(t, ctx, x, y)
}

// tap touches (x, y) and lifts the finger.
func tap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, [2]float64{x, y})
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	probe(t, ctx)
}

// twoFingers puts two fingers down at a(0), b(0), moves them through
// a(f), b(f) for f = 1/n … 1, a frame apart, and lifts them.
func twoFingers(t *testing.T, ctx context.Context, n int, a, b func(f float64) [2]float64) {
	t.Helper()
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, a(0), b(0))
	probe(t, ctx)
	for k := 1; k <= n; k++ {
		f := float64(k) / float64(n)
		fingers(t, ctx, input.DispatchTouchEventTypeTouchMove, a(f), b(f))
		probe(t, ctx)
	}
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	probe(t, ctx)
}

// With the camera at zoom 0.3, a tap on a cell in edit mode paints it
// with the brush; a finger dragged over three cells of the next row
// paints the three cells of the stroke; a finger held still (for a
// frame, the hold set to 1 ms) on a cell of another terrain picks it,
// and the next tap paints with it; two fingers spreading from 60 to
// 120 CSS pixels apart about the map's middle
// halve the camera's distance (from zoom 0.3, a stick of
// 250 − 205·0.3 = 188.5, to 94.25: zoom (250 − 94.25) / 205 ≈ 0.760);
// two fingers turning a quarter turn clockwise about it turn the map
// with them (the camera's rotation 90° less).
func TestTouchTapPaintsAndPinchZoomsOnAPhone(t *testing.T) {
	start := time.Now()
	ctx := startPhone(t, phoneW, phoneH)
	call(t, ctx, "settings", `{"ApplyTerrain":true,"Terrain":4,"BrushSize":0,"ApplyElevation":false}`)
	call(t, ctx, "camera", `{"Zoom":0.3}`) // the cells of the stroke on the screen
	p := probe(t, ctx)
	css := func(px int) float64 { return float64(px) / phoneDPR }
	if decoded(t, ctx).Cell(p.Centre).TerrainType == 4 {
		t.Fatalf("test map: cell %d is snow already", p.Centre)
	}
	at := func(i int) (float64, float64) { return cellCSS(t, ctx, i) }
	cx, cy := at(p.Centre)
	t.Logf("%v: centre %d at %g,%g; zoom %g", time.Since(start), p.Centre, cx, cy, p.Zoom)
	tap(t, ctx, cx, cy)
	waitMapCell(t, ctx, p.Centre, 4)

	// A stroke over three cells of the next row, s0 … s0+2, the middle
	// one under p.Centre's east neighbour.
	g := decoded(t, ctx)
	s0 := p.Centre + g.Topology().Width
	for i := s0; i <= s0+2; i++ {
		if g.Cell(i).TerrainType == 4 {
			t.Fatalf("test map: cell %d is snow already", i)
		}
		if x, y := at(i); x < 10 || x > phoneW-10 || y < 10 || y > phoneH-80 {
			t.Fatalf("cell %d of the stroke is at (%g, %g), off the phone's map", i, x, y)
		}
	}
	x0, y0 := at(s0)
	x1, y1 := at(s0 + 2)
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, [2]float64{x0, y0})
	for k := 1; k <= 8; k++ {
		f := float64(k) / 8
		fingers(t, ctx, input.DispatchTouchEventTypeTouchMove, [2]float64{x0 + (x1-x0)*f, y0 + (y1-y0)*f})
	}
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	for i := s0; i <= s0+2; i++ {
		waitMapCell(t, ctx, i, 4)
	}

	// A long press on p.Centre-2 picks its terrain; a tap on p.Centre
	// paints it there.
	picked := int(g.Cell(p.Centre - 2).TerrainType)
	if picked == 4 {
		t.Fatalf("test map: cell %d is snow", p.Centre-2)
	}
	lx, ly := at(p.Centre - 2)
	call(t, ctx, "touchHold", "1")
	fingers(t, ctx, input.DispatchTouchEventTypeTouchStart, [2]float64{lx, ly})
	probe(t, ctx) // a frame: the finger has been held 1 ms
	fingers(t, ctx, input.DispatchTouchEventTypeTouchEnd)
	call(t, ctx, "touchHold", "10000")
	probe(t, ctx)
	tap(t, ctx, cx, cy)
	waitMapCell(t, ctx, p.Centre, picked)

	st := gameStatus(t, ctx)
	mx, my := math.Round(css((st.MapRect[0]+st.MapRect[2])/2)), math.Round(css((st.MapRect[1]+st.MapRect[3])/2))
	call(t, ctx, "camera", `{"Zoom":0.3}`)
	t.Logf("%v: painted, picked", time.Since(start).Round(time.Second))
	twoFingers(t, ctx, 6,
		func(f float64) [2]float64 { return [2]float64{mx - 30 - 30*f, my} },
		func(f float64) [2]float64 { return [2]float64{mx + 30 + 30*f, my} })
	want := (250 - 94.25) / 205
	got := waitProbe(t, ctx, "the pinch's zoom", func(q probeState) bool { return math.Abs(q.Zoom-want) < 0.01 })
	if got.Zoom-0.3 < 0.4 {
		t.Errorf("zoom %g after the pinch, want %g", got.Zoom, want)
	}

	r0 := probe(t, ctx).Rotation
	turn := func(sign float64) func(f float64) [2]float64 {
		return func(f float64) [2]float64 {
			s, c := math.Sincos(f * math.Pi / 2)
			return [2]float64{math.Round(mx + sign*40*c), math.Round(my + sign*40*s)}
		}
	}
	twoFingers(t, ctx, 6, turn(1), turn(-1))
	wantRot := math.Mod(r0-90+360, 360)
	waitProbe(t, ctx, "the twist's rotation "+strconv.FormatFloat(wantRot, 'f', 1, 64), func(q probeState) bool {
		d := math.Abs(math.Mod(q.Rotation-wantRot+540, 360) - 180)
		return d < 3
	})
	t.Logf("%v: pinched, twisted", time.Since(start).Round(time.Second))
}

// waitMapCell waits until cell i of the editor's map has terrain want.
func waitMapCell(t *testing.T, ctx context.Context, i, want int) {
	t.Helper()
	for range 60 {
		if int(decoded(t, ctx).Cell(i).TerrainType) == want {
			return
		}
		probe(t, ctx)
	}
	g := decoded(t, ctx)
	var row []int
	for k := i - 6; k <= i+6; k++ {
		row = append(row, int(g.Cell(k).TerrainType))
	}
	t.Fatalf("cell %d: terrain %d, want %d (cells %d…%d: %v)", i, g.Cell(i).TerrainType, want, i-6, i+6, row)
}
