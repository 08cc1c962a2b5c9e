//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"math"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

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
