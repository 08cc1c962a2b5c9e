//go:build xvfb

package editor

import (
	"image"
	"image/color"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
)

// rowNamed is the panel's value row called name.
func rowNamed(t reporter, g *game, name string) *valueRow {
	for _, r := range g.edit.panel.rows {
		if r.name == name {
			return r
		}
	}
	t.Fatalf("no %s row in the panel", name)
	return nil
}

// pressAt is a left click at the point where returns, through the input.
func pressAt(in *scriptInput, where func(g *game) image.Point) []step {
	return []step{
		do(func(g *game) { p := where(g); in.x, in.y = p.X, p.Y }),
		wait(1),
		do(func(*game) { in.left = true }),
		wait(1),
		do(func(*game) { in.left = false }),
		framesDrawn(2),
	}
}

// The wheel over the panel scrolls the panel, to its very end and back,
// and moves no slider, though the cursor starts over the elevation
// slider, nor the camera: at the end the panel's last line is inside
// its view.
func TestEditorWheelOverPanelScrollsIt(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var values []int
		var zoom float64
		sliders := func(g *game) []int {
			var v []int
			for _, r := range g.edit.panel.rows {
				v = append(v, r.slider.Current, *r.value)
			}
			return v
		}
		wheel := func(dy float64, what string, done func(p *panel) bool) step {
			return waitFor(t, what, func(g *game) bool {
				if done(g.edit.panel) {
					return true
				}
				in.wheel = dy
				return false
			})
		}
		return []step{
			wait(2),
			framesDrawn(1),
			do(func(g *game) {
				r := rowNamed(t, g, "Elevation").slider.GetWidget().Rect
				in.x, in.y = (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
				values, zoom = sliders(g), g.cam.Zoom
			}),
			wait(1),
			wheel(-1, "the panel scrolled to its end", func(p *panel) bool { return p.scroll.ScrollTop >= 1 }),
			framesDrawn(2),
			do(func(g *game) {
				p := g.edit.panel
				if c, v := p.content.GetWidget().Rect, p.scroll.ViewRect(); c.Max.Y > v.Max.Y+1 {
					t.Errorf("scrolled to its end, the panel's content ends at y %d below its view's %d", c.Max.Y, v.Max.Y)
				}
				if p.bar.Current != 1000 {
					t.Errorf("at the panel's end its scroll bar stands at %d of 1000", p.bar.Current)
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-panel-end.png")),
			wheel(1, "the panel scrolled back to its top", func(p *panel) bool { return p.scroll.ScrollTop <= 0 }),
			framesDrawn(2),
			do(func(g *game) {
				if v := sliders(g); !equalInts(v, values) {
					t.Errorf("the wheel over the panel changed the sliders (value, setting pairs) from %v to %v", values, v)
				}
				if g.cam.Zoom != zoom {
					t.Errorf("the wheel over the panel zoomed the map from %v to %v", zoom, g.cam.Zoom)
				}
			}),
		}
	})
}

// A turn of the X server's wheel over the elevation slider's handle
// moves neither the slider nor the setting, nor turns its toggle on.
// ebitenui reads the wheel from Ebitengine, not from the editor's
// replayed input, so the test turns the wheel with xdotool; the
// replayed pointer, which ebitenui follows, rests on the handle.
func TestEditorRealWheelOverSliderHandle(t *testing.T) {
	xdotool, err := exec.LookPath("xdotool")
	if err != nil {
		t.Fatalf("this test turns the X server's wheel with xdotool: %v", err)
	}
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var value, slider int
		var applied, turned bool
		var done chan error
		return []step{
			wait(2),
			framesDrawn(1),
			do(func(g *game) {
				r := rowNamed(t, g, "Elevation")
				box := r.slider.GetWidget().Rect
				handle := float64(g.win.style.px(sliderHandle))
				at := float64(r.slider.Current-r.lo) / float64(r.hi-r.lo)
				in.x = box.Min.X + int(handle/2+at*(float64(box.Dx())-handle))
				in.y = (box.Min.Y + box.Max.Y) / 2
				value, applied, slider = g.edit.settings.Elevation, g.edit.settings.ApplyElevation, r.slider.Current
			}),
			framesDrawn(2),
			do(func(*game) {
				done = make(chan error, 1)
				go func() {
					done <- exec.Command(xdotool, "mousemove", "640", "400", "click", "--repeat", "3", "--delay", "60", "4").Run()
				}()
			}),
			waitFor(t, "the X server's wheel turned and xdotool done", func(*game) bool {
				if _, wy := ebiten.Wheel(); wy != 0 {
					turned = true
				}
				select {
				case err := <-done:
					if err != nil {
						t.Fatalf("xdotool: %v", err)
					}
					done = nil
				default:
				}
				return turned && done == nil
			}),
			framesDrawn(3),
			do(func(g *game) {
				r := rowNamed(t, g, "Elevation")
				s := g.edit.settings
				if s.Elevation != value || s.ApplyElevation != applied || r.slider.Current != slider {
					t.Errorf("the wheel over the handle moved the elevation slider from %d to %d, the setting from %d (applied %v) to %d (applied %v)",
						slider, r.slider.Current, value, applied, s.Elevation, s.ApplyElevation)
				}
			}),
		}
	})
}

func sameColor(a, b color.Color) bool {
	r, g, bl, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r>>8 == r2>>8 && g>>8 == g2>>8 && bl>>8 == b2>>8
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// The elevation slider reaches every elevation the generator can make:
// a click at its track's right end sets the panel's highest elevation,
// at least the generator's default highest (8), and one at its left
// end the lowest, below 0.
func TestEditorElevationSliderRange(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		track := func(right bool) func(g *game) image.Point {
			return func(g *game) image.Point {
				r := rowNamed(t, g, "Elevation").slider.GetWidget().Rect
				if right {
					return image.Pt(r.Max.X-1, (r.Min.Y+r.Max.Y)/2)
				}
				return image.Pt(r.Min.X, (r.Min.Y+r.Max.Y)/2)
			}
		}
		steps := []step{wait(2), framesDrawn(1)}
		steps = append(steps, pressAt(in, track(true))...)
		steps = append(steps, do(func(g *game) {
			if e := g.edit.settings.Elevation; e != tools.MaxPanelElevation || e < 8 {
				t.Errorf("a click at the elevation track's right end set %d, want %d (at least 8)", e, tools.MaxPanelElevation)
			}
		}))
		steps = append(steps, pressAt(in, track(false))...)
		return append(steps, do(func(g *game) {
			if e := g.edit.settings.Elevation; e != tools.MinPanelElevation || e >= 0 {
				t.Errorf("a click at the elevation track's left end set %d, want %d (below 0)", e, tools.MinPanelElevation)
			}
		}))
	})
}

// A tooltip covers no control of the panel: hovering the Open button,
// in the middle of its row, shows its tooltip beside the panel, clear
// of every control.
func TestEditorTooltipBesideThePanel(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var tip *widget.Window
		return []step{
			wait(2),
			framesDrawn(1),
			do(func(g *game) {
				b := panelButton(g, "Open…")
				if b == nil {
					t.Fatal("no Open button in the panel")
				}
				b.GetWidget().ToolTipEvent.AddHandler(func(a any) {
					if e, ok := a.(*widget.WidgetToolTipEventArgs); ok && e.Show {
						tip = e.Window
					}
				})
				r := b.GetWidget().Rect
				in.x, in.y = (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
			}),
			waitFor(t, "the Open button's tooltip", func(*game) bool { return tip != nil }),
			framesDrawn(2),
			captureStep(t, filepath.Join(shots, "editor-tooltip.png")),
			onFrame(func(img *ebiten.Image) { // drawn: its padding has its background
				r := tip.Contents.GetWidget().Rect
				if c := img.At(r.Min.X+2, r.Min.Y+2); !sameColor(c, colSection) {
					t.Errorf("the tooltip at %v is not drawn: %v at its corner", r, c)
				}
			}),
			do(func(g *game) {
				r := tip.Contents.GetWidget().Rect
				if r.Empty() || r.Max.X > g.edit.panel.root.GetWidget().Rect.Min.X {
					t.Errorf("the tooltip at %v is not beside the panel at %v", r, g.edit.panel.root.GetWidget().Rect)
				}
				walk(g.edit.panel.content, func(w widget.PreferredSizeLocateableWidget) {
					switch w.(type) {
					case *widget.Button, *widget.Checkbox, *widget.Slider:
						if w.GetWidget().Rect.Overlaps(r) {
							t.Errorf("the tooltip at %v covers a control at %v", r, w.GetWidget().Rect)
						}
					}
				})
			}),
		}
	})
}
