//go:build browser && !js

package e2e

import (
	"context"
	"image"
	"image/color"
	"testing"

	"github.com/chromedp/chromedp"
)

// fogBackground is what an unexplored cell shows: Catlike's #68615B.
var fogBackground = color.RGBA{0x68, 0x61, 0x5b, 0xff}

// checkFog plays with the fog of war on WebGL: one blue unit on an empty
// sand map, placed with the mouse; in play (Tab) the map beyond the
// unit's sight is the background colour while the cells around it show,
// Reveal map (V) shows the whole map again, and editing (Tab) too.
func checkFog(t *testing.T, ctx context.Context) {
	call(t, ctx, "new", "")
	call(t, ctx, "camera", "")
	call(t, ctx, "settings", `{"Units":1,"UnitSide":1}`)
	call(t, ctx, "tool", "Units")
	defer call(t, ctx, "tool", "Brush")
	st := gameStatus(t, ctx)
	view := image.Rect(st.MapRect[0], st.MapRect[1], st.MapRect[2], st.MapRect[3])
	cx, cy := float64(view.Min.X+view.Dx()/2), float64(view.Min.Y+view.Dy()/2)
	before := mapBytes(t, ctx)
	mouse(t, ctx, chromedp.MouseMoved, cx, cy)
	mouse(t, ctx, chromedp.MousePressed, cx, cy)
	gameStatus(t, ctx) // a frame sees the press
	mouse(t, ctx, chromedp.MouseReleased, cx, cy)
	if string(mapBytes(t, ctx)) == string(before) {
		t.Fatal("the click placed no unit")
	}
	call(t, ctx, "tool", "Brush")
	rest := image.Pt(view.Min.X+5, view.Max.Y-5)
	mouse(t, ctx, chromedp.MouseMoved, float64(rest.X), float64(rest.Y))

	tab, v := key{"Tab", "Tab", 9}, key{"KeyV", "v", 86}
	shares := func(name string) (fog, centre float64) {
		for range 3 {
			gameStatus(t, ctx) // a few frames draw the new view
		}
		st := gameStatus(t, ctx)
		view := image.Rect(st.MapRect[0], st.MapRect[1], st.MapRect[2], st.MapRect[3])
		img := screenshot(t, ctx)
		keepShot(t, ctx, "browser_fog_"+name)
		// Below the game bar and its toasts, off the status line.
		inner := image.Rect(view.Min.X, view.Min.Y+100, view.Max.X, view.Max.Y-10)
		c := image.Pt(view.Min.X+view.Dx()/2, view.Min.Y+view.Dy()/2)
		box := image.Rect(c.X-30, c.Y-30, c.X+30, c.Y+30)
		return bgShare(img, inner), bgShare(img, box)
	}
	press(t, ctx, tab)
	fog, centre := shares("play")
	press(t, ctx, v)
	revealed, _ := shares("revealed")
	press(t, ctx, v)
	press(t, ctx, tab)
	edit, _ := shares("edit")
	t.Logf("background share: play %.3f (round the unit %.3f), revealed %.3f, editing %.3f", fog, centre, revealed, edit)
	if fog < 0.6 || centre > 0.05 {
		t.Errorf("in play %.0f%% of the map is the background, %.0f%% round the unit: want most beyond its sight, none round it", 100*fog, 100*centre)
	}
	if revealed > 0.01 || edit > 0.01 {
		t.Errorf("the background shows on %.1f%% of the revealed map and %.1f%% in editing", 100*revealed, 100*edit)
	}
}

// bgShare is the share of rect's pixels in img that are the fog's
// background colour.
func bgShare(img image.Image, rect image.Rectangle) float64 {
	n, total := 0, 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			total++
			if near(img.At(x, y), fogBackground, 4) {
				n++
			}
		}
	}
	return float64(n) / float64(max(total, 1))
}
