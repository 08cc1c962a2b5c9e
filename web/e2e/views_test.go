//go:build browser && !js

package e2e

import (
	"fmt"
	"image"
	"testing"

	"github.com/chromedp/chromedp"
)

// showcaseViews are the views of the showcase map the README and the
// lighting work are judged by: a snowy plateau from two sides, the walled
// town, a coast and a river flowing into the lake.
var showcaseViews = []struct {
	name                 string
	x, z, zoom, rotation float64
}{
	{"plateau", 450, 300, 0.5, 0},
	{"plateau_r180", 450, 300, 0.5, 180},
	{"town", 571.6, 150, 0.6, 30},
	{"coast", 234, 193, 0.55, 300},
	{"mouth", 222, 242, 0.7, 250},
}

// TestShowcaseViews shows the showcase map from each view and checks that
// every one draws mostly terrain; with HEXSANDBOX_SHOTS set it keeps the
// screenshots (browser_view_NAME.png) for looking at.
func TestShowcaseViews(t *testing.T) {
	url := serveGame(t)
	ctx := startBrowser(t, winW, winH)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	// Full resolution: the automatic one may be lower right after a view
	// changes.
	call(t, ctx, "quality", `{"resolution":100}`)
	st := gameStatus(t, ctx)
	view := image.Rect(st.MapRect[0], st.MapRect[1], st.MapRect[2], st.MapRect[3])
	prev := screenshot(t, ctx)
	for _, v := range showcaseViews {
		call(t, ctx, "camera", fmt.Sprintf(`{"X":%g,"Z":%g,"Zoom":%g,"Rotation":%g}`, v.x, v.z, v.zoom, v.rotation))
		img := waitFrame(t, ctx, prev, view)
		prev = img
		keepShot(t, ctx, "browser_view_"+v.name)
		c := countColours(img, view)
		t.Logf("%s: %+v", v.name, c)
		if land := c.grass + c.earth + c.rock; land < c.total/3 {
			t.Errorf("%s: terrain on only %d of %d pixels", v.name, land, c.total)
		}
	}
}
