//go:build xvfb

package editor

import (
	"io/fs"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/files"
)

// scriptInput is the synthetic Input the end-to-end test drives: each
// frame the script sets where the cursor is and what is held; keys
// pressed this frame count as just pressed for one frame.
type scriptInput struct {
	x, y    int
	left    bool
	held    map[ebiten.Key]bool
	just    map[ebiten.Key]bool
	wheel   float64
	dropped fs.FS
	closing bool
}

func newScriptInput() *scriptInput {
	return &scriptInput{held: map[ebiten.Key]bool{}, just: map[ebiten.Key]bool{}}
}

func (s *scriptInput) CursorPosition() (int, int) { return s.x, s.y }
func (s *scriptInput) MousePressed(b ebiten.MouseButton) bool {
	return b == ebiten.MouseButtonLeft && s.left
}
func (s *scriptInput) KeyPressed(k ebiten.Key) bool     { return s.held[k] || s.just[k] }
func (s *scriptInput) KeyJustPressed(k ebiten.Key) bool { return s.just[k] }
func (s *scriptInput) Wheel() (float64, float64)        { return 0, s.wheel }
func (s *scriptInput) DroppedFiles() fs.FS {
	d := s.dropped
	s.dropped = nil
	return d
}

func (s *scriptInput) CloseRequested() bool { return s.closing }

// frame clears the one-frame events before the script sets new ones.
func (s *scriptInput) frame() {
	clear(s.just)
	s.wheel = 0
	s.closing = false
}

// chord presses keys (modifiers held) for one frame.
func (s *scriptInput) chord(keys ...ebiten.Key) {
	for _, k := range keys {
		s.just[k] = true
	}
}

// step is one action of a script; it returns true when done, and is
// called again next frame otherwise.
type step func(g *game) bool

// runScript returns a game.script that runs steps in order, one call per
// frame, and ends the game after the last, or at once when a step calls
// c.Fatal.
func runScript(c *checker, in *scriptInput, steps []step) func(g *game) bool {
	k := 0
	return func(g *game) (end bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(fatalStop); !ok {
					panic(r)
				}
				end = true
			}
		}()
		in.frame()
		for k < len(steps) {
			if !steps[k](g) {
				return false
			}
			k++
			return false // one finished step per frame: the game reacts in between
		}
		return true
	}
}

// cellScreen is where cell i's centre appears on the screen: on a
// wrapping map, its copy nearest the camera.
func cellScreen(g *game, i int) (int, int) {
	mr := g.mapRect()
	v := g.cam.View(mr.Dx(), mr.Dy())
	top := g.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	x, y, _ := project2D(&v, cellTop(g.sess.Grid, i, vec3.T{}, top.Nearest(cx, float32(g.cam.X))-cx))
	return int(x + 0.5), int(y + 0.5)
}

// findIn returns the last widget of type T in the newest dialog that ok
// accepts (the zero T when none does).
func findIn[T widget.PreferredSizeLocateableWidget](g *game, ok func(T) bool) T {
	var found T
	if len(g.dialogs) > 0 {
		walk(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
			if t, is := w.(T); is && ok(t) {
				found = t
			}
		})
	}
	return found
}

// every accepts any widget.
func every[T any](T) bool { return true }

// findButton finds a button by its label in the newest dialog.
func findButton(g *game, label string) *widget.Button {
	return findIn(g, func(b *widget.Button) bool { return b.Text() != nil && b.Text().Label == label })
}

func findList(g *game) *widget.List { return findIn(g, every[*widget.List]) }

func walk(c *widget.Container, f func(widget.PreferredSizeLocateableWidget)) {
	for _, ch := range c.Children() {
		f(ch)
		if cc, ok := ch.(*widget.Container); ok {
			walk(cc, f)
		}
	}
}

// idle waits until no file work runs or waits: the file work of a
// command runs off the UI loop, and its dialogs follow it.
func idle() step { return func(g *game) bool { return g.job == nil && len(g.queue) == 0 } }

// entryNamed is the list entry of the saved map name.
// pickMap selects the saved map name in the newest dialog's list, as a
// click on it does.
func pickMap(t reporter, name string) step {
	return do(func(g *game) {
		l := findList(g)
		if l == nil {
			t.Fatal("the dialog shows no list of maps")
		}
		g.ui.SetFocusedWidget(l)
		l.SetSelectedEntry(entryNamed(l, name))
	})
}

func entryNamed(l *widget.List, name string) any {
	for _, e := range l.Entries() {
		if e.(files.Entry).Name == name {
			return e
		}
	}
	return nil
}
