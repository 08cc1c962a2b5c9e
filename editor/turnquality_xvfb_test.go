//go:build xvfb

package editor

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/prefs"
	"hexsandbox/render"
)

// While the camera turns on a slow machine (frames held to 15 a second
// here by a draw delay, so a GPU would be as slow as llvmpipe) the
// automatic resolution draws the view reduced: a lower resolution, a
// smaller shadow map kept while it serves, 16 bits of depth. Once the
// camera stops and the view has been still for a moment (the pacer's),
// the reduced mode ends at once, all of it in one frame that draws the
// scene anew at full quality, as does every later frame, and the shadow
// map is drawn again for it.
func TestTurningQualityEndsWhenStill(t *testing.T) {
	type seen struct {
		q      render.Quality
		redrew bool
	}
	var frames []seen
	stopAt, shadowsAtStop := -1, 0
	reduced := func(q render.Quality) bool {
		return q.Scale < 1 && q.CoarseDepth && q.HoldShadows && q.ShadowSize > 0
	}
	full := func(q render.Quality) bool {
		return q.Scale == 1 && !q.CoarseDepth && !q.HoldShadows && q.ShadowSize == 0 && q.Shadows
	}
	renderer := func(c *checker, g *game) *render.Renderer {
		s, ok := g.scene.(*renderScene)
		if !ok || s.r == nil {
			c.Fatalf("the editor draws without the renderer")
		}
		return s.r
	}
	runEditorSized(t, 1280, 720, Options{MapsDir: t.TempDir()}, newScriptInput(), func(g *game, c *checker) []step {
		g.hooks.drawDelay = time.Second / 15
		draws := 0
		// With HEXSANDBOX_SHOTS set, the screen of the last frame of
		// the turn and of the first at full quality after it.
		shots := os.Getenv("HEXSANDBOX_SHOTS")
		shot := func(name string, img *ebiten.Image) {
			if shots != "" {
				if err := render.WritePNG(filepath.Join(shots, name), img); err != nil {
					c.Errorf("screenshot: %v", err)
				}
			}
		}
		g.hooks.capture = func(img *ebiten.Image) {
			r := renderer(c, g)
			f := seen{r.Quality(), r.OpaqueDraws != draws}
			frames = append(frames, f)
			draws = r.OpaqueDraws
			switch {
			case stopAt < 0:
			case len(frames) == stopAt+1:
				shot("turning.png", img)
			case f.redrew && full(f.q):
				shot("still.png", img)
				shots = "" // the first only
			}
		}
		turned := 0
		return []step{
			func(g *game) bool {
				g.view.Quality = prefs.Default() // Auto, whatever the panel's first update says
				g.cam.Rotation += 0.5
				g.quality.still.Stir(g.clock.now)
				turned++
				// Turning until the lowest resolution has been in use
				// for a while (some frames), or for 20 s of ticks.
				n := len(frames)
				return turned > 1200 || n > 20 && reduced(frames[n-1].q) && reduced(frames[n-10].q)
			},
			do(func(g *game) {
				n := len(frames)
				if !reduced(frames[n-1].q) {
					c.Fatalf("after %d ticks of turning at 15 frames a second the view is drawn with %+v, want it reduced", turned, frames[n-1].q)
				}
				stopAt, shadowsAtStop = n, renderer(c, g).ShadowDraws
			}),
			waitFor(c, "a frame at full quality after the turn", func(g *game) bool {
				return len(frames) > stopAt && full(frames[len(frames)-1].q)
			}),
			wait(5),
			do(func(g *game) {
				after := frames[stopAt:]
				first := -1
				for k, f := range after {
					if !reduced(f.q) {
						first = k
						break
					}
				}
				if first < 0 || !full(after[first].q) || !after[first].redrew {
					c.Fatalf("the first frame after the stop that is not reduced (%d) is not a full-quality redraw: %+v", first, after[max(first, 0)])
				}
				for k, f := range after[first:] {
					if !full(f.q) {
						c.Errorf("frame %d after the first full-quality redraw (%d) is drawn with %+v", first+k, first, f.q)
					}
				}
				if r := renderer(c, g); r.ShadowDraws == shadowsAtStop {
					c.Errorf("the shadow map of the turn was kept for the still view (%d draws at the stop and now)", shadowsAtStop)
				}
			}),
		}
	})
}
