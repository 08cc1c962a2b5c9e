//go:build browser && !js

package e2e

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// townViews look at docs/towns.hexmap's village, town and walled city,
// near by and from the middle distance (camera X, Z, zoom, rotation).
var townViews = []struct {
	name       string
	x, z, zoom float64
}{
	{"village_near", 86.6, 140, 1}, {"village_middle", 86.6, 150, 0.6},
	{"town_near", 259.8, 140, 1}, {"town_middle", 259.8, 150, 0.6},
	{"city_near", 450.3, 140, 1}, {"city_middle", 450.3, 150, 0.6},
}

// TestTownsInBrowser drops the town map on the page and looks at its
// towns: the facade program must compile and draw on WebGL, so the city
// near by shows window glass (bluer than red, which no terrain, road or
// wall colour is). With HEXSANDBOX_SHOTS set it keeps every view.
func TestTownsInBrowser(t *testing.T) {
	url := serveGame(t)
	ctx := startBrowser(t, winW, winH)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	st := gameStatus(t, ctx)
	view := image.Rect(st.MapRect[0], st.MapRect[1], st.MapRect[2], st.MapRect[3])
	dropMap(t, ctx, filepath.Join(moduleRoot(t), "docs", "towns.hexmap"), view)
	prev := screenshot(t, ctx)
	for _, v := range townViews {
		call(t, ctx, "camera", fmt.Sprintf(`{"X":%g,"Z":%g,"Zoom":%g,"Rotation":20}`, v.x, v.z, v.zoom))
		waitFrame(t, ctx, prev, view)
		gameStatus(t, ctx) // answered a frame later: the view has settled
		img := screenshot(t, ctx)
		keepShot(t, ctx, "browser_"+v.name)
		if v.name == "city_near" {
			if share := glassShare(img, view); share < 0.01 {
				t.Errorf("the city near by shows %.2f%% window glass, want facades with windows", 100*share)
			}
		}
		prev = img
	}
}

// dropMap drops the map file at path on the page and waits until it is
// open.
func dropMap(t *testing.T, ctx context.Context, path string, view image.Rectangle) {
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dropFile(t, ctx, path, view)
	waitMap(t, ctx, want, "the dropped town map did not open")
}

// glassShare is the share of the pixels in rect that are bluer than red
// by more than a few levels and are not the sky.
func glassShare(img image.Image, rect image.Rectangle) float64 {
	n, all := 0, 0
	for y := rect.Min.Y; y < rect.Max.Y; y += 2 {
		for x := rect.Min.X; x < rect.Max.X; x += 2 {
			r, g, b := rgb(img.At(x, y))
			all++
			if b > r+8 && b > g && !(r == 0x2a && g == 0x33 && b == 0x3d) {
				n++
			}
		}
	}
	return float64(n) / float64(all)
}
