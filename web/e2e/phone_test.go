//go:build browser && !js

package e2e

import (
	"math"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// On a phone held upright the map takes the whole width and the panel
// is a drawer: the Tools button on the map opens it, a tap on the map
// closes it; a tap on its Fill button chooses that tool, its Play button
// switches to play, where a finger dragged over the map pans the camera. Turned to landscape
// (844 CSS pixels wide) the panel stands beside the map again.
// Screenshots go to HEXSANDBOX_SHOTS when set.
func TestPhoneDrawerAndRotation(t *testing.T) {
	ctx := startPhone(t, phoneW, phoneH)
	st := gameStatus(t, ctx)
	css := func(px int) float64 { return math.Round(float64(px) / phoneDPR) }
	if st.MapRect[2] != st.Width {
		t.Fatalf("portrait: the map view %v does not take the width %d", st.MapRect, st.Width)
	}
	keepShot(t, ctx, "phone-portrait-edit")
	// The Tools button: the map's top-right corner, 10 logical pixels in.
	tap(t, ctx, css(st.MapRect[2])-10-26, css(st.MapRect[1])+10+26)
	waitStatus(t, ctx, "the drawer open", func(s status) bool { return s.Drawer })
	keepShot(t, ctx, "phone-portrait-drawer")
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
}
