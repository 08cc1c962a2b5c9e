//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// checkDepth compares, in the page, the depth the renderer stores on
// WebGL with the CPU z-buffer of the map's triangles, as the desktop test
// does.
func checkDepth(t *testing.T, ctx context.Context) {
	var views []struct {
		View                   [2]float64
		SubpixelBits           int
		Differ, Covered, Unlit float64
	}
	if err := json.Unmarshal([]byte(call(t, ctx, "depthCheck", "")), &views); err != nil {
		t.Fatal(err)
	}
	if len(views) == 0 {
		t.Fatal("no views checked")
	}
	for _, v := range views {
		t.Logf("zoom %.1f rotation %.0f°: %.4f%% of pixels differ (%d sub-pixel bits), %.1f%% covered, %.4f%% unlit",
			v.View[0], v.View[1], 100*v.Differ, v.SubpixelBits, 100*v.Covered, 100*v.Unlit)
		if v.Covered < 1.0/8 {
			t.Errorf("view %v covers only %.1f%%: it misses the map", v.View, 100*v.Covered)
		}
		if v.Differ > 0.001 {
			t.Errorf("view %v: %.4f%% of pixels differ from the CPU z-buffer (limit 0.1%%)", v.View, 100*v.Differ)
		}
		if v.Unlit > 0.0001 {
			t.Errorf("view %v: the colour pass left %.4f%% of the covered pixels at the background", v.View, 100*v.Unlit)
		}
	}
}

// checkFirstFrame: the canvas fills the window and the frame shows
// terrain of several types, then, from a view over a corner of the map,
// sky beyond its edge.
func checkFirstFrame(t *testing.T, ctx context.Context, st status, view image.Rectangle) {
	inner, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64]("[innerWidth, innerHeight, devicePixelRatio]"))
	if err != nil {
		t.Fatal(err)
	}
	w, h := int(inner[0]*inner[2]), int(inner[1]*inner[2])
	if st.Width != w || st.Height != h {
		t.Errorf("the game draws %dx%d in a %dx%d page: the canvas does not fill it", st.Width, st.Height, w, h)
	}
	if shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		"getComputedStyle(document.getElementById('overlay')).display")); err != nil || shown != "none" {
		t.Errorf("the loading indicator is still shown (display %q, %v)", shown, err)
	}
	img := screenshot(t, ctx)
	keepShot(t, ctx, "browser_first_frame")
	c := countColours(img, view)
	t.Logf("default view %v: %+v", view, c)
	if land := c.grass + c.earth + c.rock; land < c.total/2 {
		t.Errorf("terrain: %d of %d pixels", land, c.total)
	}
	if c.grass < c.total/100 || c.earth < c.total/200 || c.rock < c.total/200 {
		t.Errorf("too few kinds of terrain: %+v", c)
	}

	call(t, ctx, "camera", `{"X":0,"Z":0,"Zoom":0.3,"Rotation":0}`)
	defer call(t, ctx, "camera", "")
	img = waitFrame(t, ctx, img, view)
	keepShot(t, ctx, "browser_corner")
	sky, share := commonest(img, view)
	c = countColours(img, view)
	t.Logf("corner view: sky %v on %.1f%%, %+v", sky, 100*share, c)
	if share < 0.05 {
		t.Errorf("no sky beyond the map's edge: the commonest colour %v covers %.1f%%", sky, 100*share)
	}
	if isTerrain(sky) {
		t.Errorf("the commonest colour %v looks like terrain, not sky", sky)
	}
	if land := c.grass + c.earth + c.rock; land < c.total/20 {
		t.Errorf("corner view: terrain on %d of %d pixels", land, c.total)
	}
}

// waitFrame takes screenshots until one differs from prev in rect (the
// game has drawn a change), frame by frame, for at most 100 tries.
func waitFrame(t *testing.T, ctx context.Context, prev image.Image, rect image.Rectangle) image.Image {
	t.Helper()
	for range 100 {
		img := screenshot(t, ctx)
		if changed(prev, img, rect, 40) > rect.Dx()*rect.Dy()/20 {
			return img
		}
	}
	t.Fatal("the frame did not change")
	return nil
}

// keepShot saves a screenshot when HEXSANDBOX_SHOTS names a folder.
func keepShot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("HEXSANDBOX_SHOTS")
	if dir == "" {
		return
	}
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
	}
	if err != nil {
		t.Error(err)
	}
}

// checkMouseEdit drags a tall elevation brush across the middle of the
// map with synthetic mouse events and checks the map and the pixels.
func checkMouseEdit(t *testing.T, ctx context.Context, view image.Rectangle) {
	call(t, ctx, "settings", `{"ApplyElevation":true,"Elevation":6,"ApplyTerrain":true,"Terrain":4,"BrushSize":2}`)
	before := mapBytes(t, ctx)
	rest := image.Pt(view.Min.X+5, view.Max.Y-5) // a corner, away from the edit
	mouse(t, ctx, chromedp.MouseMoved, float64(rest.X), float64(rest.Y))
	shotBefore := screenshot(t, ctx)

	cx, cy := float64(view.Min.X+view.Dx()/2), float64(view.Min.Y+view.Dy()/2)
	mouse(t, ctx, chromedp.MouseMoved, cx, cy)
	mouse(t, ctx, chromedp.MousePressed, cx, cy)
	// The game reads the button once a frame: hold it until the edit shows.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool]("window.hexsandboxModified === true",
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the press did not edit the map: %v", err)
	}
	mouse(t, ctx, chromedp.MouseMoved, cx+30, cy)
	mouse(t, ctx, chromedp.MouseReleased, cx+30, cy)
	mouse(t, ctx, chromedp.MouseMoved, float64(rest.X), float64(rest.Y))

	if after := mapBytes(t, ctx); string(after) == string(before) {
		t.Fatal("the map bytes did not change")
	}
	box := image.Rect(int(cx)-200, int(cy)-200, int(cx)+200, int(cy)+200).Intersect(view)
	// Wait for a frame that shows the edit rather than sleeping.
	var n int
	for range 50 {
		n = changed(shotBefore, screenshot(t, ctx), box, 40)
		if n >= box.Dx()*box.Dy()/50 {
			return
		}
	}
	t.Fatalf("only %d pixels around the edit changed", n)
}

// checkWrapping: on a new wrapping map seen from over its west edge, the
// map goes on west of its first column (on a flat map there is sky), drawn
// by WebGL with the seam's cross-faded textures.
func checkWrapping(t *testing.T, ctx context.Context, view image.Rectangle) {
	west := image.Rect(view.Min.X, view.Min.Y+view.Dy()/4, view.Min.X+view.Dx()/3, view.Max.Y-view.Dy()/4)
	terrain := func(arg string) census {
		call(t, ctx, "new", arg)
		call(t, ctx, "camera", `{"X":1,"Z":100,"Zoom":0.5,"Rotation":0}`)
		// Each call is answered by a later frame: after these the view is
		// drawn (a sand map changes too little for waitFrame to tell).
		for range 3 {
			call(t, ctx, "status", "")
		}
		img := screenshot(t, ctx)
		if arg != "" {
			keepShot(t, ctx, "browser_wrap_"+arg)
		}
		return countColours(img, west)
	}
	flat, wrap := terrain(""), terrain("wrapping")
	defer call(t, ctx, "camera", "")
	t.Logf("west of the first column: flat %+v, wrapping %+v", flat, wrap)
	if land := flat.grass + flat.earth + flat.rock; land > flat.total/2 {
		t.Errorf("flat map: terrain on %d of %d pixels west of its edge", land, flat.total)
	}
	if land := wrap.grass + wrap.earth + wrap.rock; land < wrap.total*9/10 {
		t.Errorf("wrapping map: terrain on only %d of %d pixels west of its first column", land, wrap.total)
	}
}
