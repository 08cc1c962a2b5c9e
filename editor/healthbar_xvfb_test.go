//go:build xvfb

package editor

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/ungerik/go3d/vec3"

	engine "hexsandbox/game"
	"hexsandbox/palette"
	"hexsandbox/render/project"
)

// barRuns measures what of a health bar frame img shows in rectangle
// r: the longest row of the fill's colours and the longest row of the
// bar's colours (frame or fill), in pixels, each channel within 2.
func barRuns(img *image.RGBA, r image.Rectangle) (fill, bar int) {
	near := func(a, b uint8) bool { return int(a)-int(b) <= 2 && int(b)-int(a) <= 2 }
	is := func(x, y int, cs ...color.NRGBA) bool {
		p := img.RGBAAt(x, y)
		for _, c := range cs {
			if near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				return true
			}
		}
		return false
	}
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		f, b := 0, 0
		for x := r.Min.X; x < r.Max.X; x++ {
			if is(x, y, palette.Health, palette.HealthLow) {
				f++
			}
			if is(x, y, palette.Health, palette.HealthLow, palette.HealthBack) {
				b++
			}
		}
		fill, bar = max(fill, f), max(bar, b)
	}
	return fill, bar
}

// A hurt unit carries a health bar filled in proportion to its hit
// points, and a unit at full health none: blue's spearman at 50 hp shows
// a bar filled half its inner length (within a tenth), blue's scout at
// full health no bar's pixel over it.
func TestHealthBarShowsHitPoints(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, _, _, _ := matchMap(t, 11)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var frame *image.RGBA
		var hurt, whole int // unit ids
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over screen"),
			passCover(t, in),
			do(func(g *game) {
				sc := engine.ScenarioOf(grid)
				for k, u := range sc.Units {
					if u.Side == 1 && u.Type == "spearman" {
						sc.Units[k].HP = 50
					}
				}
				m, _, err := engine.NewMatch(grid, sc)
				if err != nil {
					t.Fatal(err)
				}
				p := g.play
				p.session = newPlaySession(m, grid, p.env.ground(), p.env.state(), playersOf(nil))
				for _, u := range m.Units() {
					switch name := m.Rules().Types[u.Type].Name; {
					case u.Side == 1 && name == "spearman":
						hurt = u.ID
					case u.Side == 1 && name == "scout":
						whole = u.ID
					}
				}
				u, _ := m.Unit(hurt)
				x, z := grid.Topology().CellCenter(u.Cell)
				g.cam.X, g.cam.Z, g.cam.Zoom = float64(x), float64(z), 0.5
				g.cam.Clamp()
			}),
			wait(3),
			grab(&frame),
			do(func(g *game) {
				s := g.play.session
				mr := g.mapRect()
				v := g.cam.View(mr.Dx(), mr.Dy())
				over := func(id int) image.Rectangle {
					for k, fid := range s.figs.ids {
						if fid == id {
							f := s.figs.shown[k]
							sx, sy, _ := project2D(&v, vec3.T{f.Pos[0], f.Pos[1] + project.FigureHeight, f.Pos[2]})
							x, y := int(sx)+mr.Min.X, int(sy)+mr.Min.Y
							return image.Rect(x-30, y-30, x+30, y+20)
						}
					}
					t.Fatalf("unit %d is not shown", id)
					return image.Rectangle{}
				}
				fill, bar := barRuns(frame, over(hurt))
				inner := bar - 2*max(1, g.win.style.px(1))
				if bar == 0 || inner <= 0 {
					t.Fatal("no health bar over the hurt spearman")
				}
				if share := float64(fill) / float64(inner); share < 0.4 || share > 0.6 {
					t.Errorf("the bar of a unit at 50 hp is filled %d of %d pixels (%.2f), want about half", fill, inner, share)
				}
				if _, bar := barRuns(frame, over(whole)); bar != 0 {
					t.Errorf("a bar of %d pixels over a unit at full health", bar)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-health.png")),
		}
	})
}
