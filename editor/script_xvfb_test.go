//go:build xvfb

package editor

import (
	"io/fs"
	"slices"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// scriptInput is the synthetic Input the end-to-end test drives: each
// frame the script sets where the cursor is and what is held, and the
// input reports what changed as events; keys pressed with chord are
// pressed and released within the frame. A modifier alias (KeyControl)
// stands for its left key.
type scriptInput struct {
	x, y    int
	left    bool
	held    map[ebiten.Key]bool
	just    map[ebiten.Key]bool
	wheel   float64
	dropped fs.FS
	closing bool
	out     bool // the pointer is outside the window
	// extra are events to report this frame after the state's, as they
	// are (several presses of one key within a frame, typed text).
	extra []Event
	// What the events so far said.
	sentX, sentY int
	sentLeft     bool
	sentHeld     map[ebiten.Key]bool
}

func newScriptInput() *scriptInput {
	return &scriptInput{held: map[ebiten.Key]bool{}, just: map[ebiten.Key]bool{}, sentHeld: map[ebiten.Key]bool{}}
}

// physical is k, or the left key of a modifier alias.
func physical(k ebiten.Key) ebiten.Key {
	if isAlias(k) {
		return modifiers[k-ebiten.KeyAlt].left
	}
	return k
}

func (s *scriptInput) Events(dst []Event, now time.Time) []Event {
	ev := func(k EventKind) Event { return Event{Kind: k, X: s.x, Y: s.y, At: now} }
	if s.x != s.sentX || s.y != s.sentY {
		s.sentX, s.sentY = s.x, s.y
		dst = append(dst, ev(Move))
	}
	held := map[ebiten.Key]bool{}
	for k, on := range s.held {
		if on {
			held[physical(k)] = true
		}
	}
	for _, k := range sortedKeys(s.sentHeld) {
		if !held[k] {
			e := ev(KeyUp)
			e.Key = k
			dst = append(dst, e)
			delete(s.sentHeld, k)
		}
	}
	for _, k := range sortedKeys(held) {
		if !s.sentHeld[k] {
			e := ev(KeyDown)
			e.Key = k
			dst = append(dst, e)
			s.sentHeld[k] = true
		}
	}
	for _, k := range sortedKeys(s.just) {
		if k = physical(k); !s.sentHeld[k] {
			e := ev(KeyDown)
			e.Key = k
			dst = append(dst, e)
			e.Kind = KeyUp
			dst = append(dst, e)
		}
	}
	if s.left != s.sentLeft {
		s.sentLeft = s.left
		e := ev(ButtonUp)
		if s.left {
			e.Kind = ButtonDown
		}
		e.Button = ebiten.MouseButtonLeft
		dst = append(dst, e)
	}
	if s.wheel != 0 {
		e := ev(Wheel)
		e.WheelY = s.wheel
		dst = append(dst, e)
	}
	for _, e := range s.extra {
		e.At = now
		dst = append(dst, e)
	}
	s.extra = s.extra[:0]
	return dst
}

func sortedKeys(m map[ebiten.Key]bool) []ebiten.Key {
	keys := make([]ebiten.Key, 0, len(m))
	for k, on := range m {
		if on {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

func (s *scriptInput) DroppedFiles() fs.FS {
	d := s.dropped
	s.dropped = nil
	return d
}

func (s *scriptInput) CloseRequested() bool { return s.closing }
func (s *scriptInput) CursorIn() bool       { return !s.out }

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
// c.Fatal; done is called when a step has finished.
func runScript(c *checker, in Input, steps []step, done func()) func(g *game) bool {
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
		if s, ok := in.(*scriptInput); ok {
			s.frame()
		}
		for k < len(steps) {
			if !steps[k](g) {
				return false
			}
			k++
			done()
			return false // one finished step per frame: the game reacts in between
		}
		return true
	}
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

// selectEntry selects the entry of list l whose key is key, as a click
// on it does; it reports false when there is none.
func selectEntry(l *widget.List, key string) bool {
	for _, e := range l.Entries() {
		if e.(listEntry).key == key {
			l.SetSelectedEntry(e)
			return true
		}
	}
	return false
}

// idle waits until no file work runs or waits: the file work of a
// command runs off the UI loop, and its dialogs follow it.
func idle() step { return func(g *game) bool { return g.work.job == nil && len(g.work.queue) == 0 } }

// entryNamed is the list entry of the saved map name, nil when there is
// none.
func entryNamed(l *widget.List, name string) any { return entryNamedIn(l, name) }

// pickMap selects the saved map name in the newest dialog's list, as a
// click on it does.
func pickMap(t reporter, name string) step {
	return do(func(g *game) {
		l := findList(g)
		if l == nil {
			t.Fatal("the dialog shows no list of maps")
		}
		g.win.ui.SetFocusedWidget(l)
		if !selectEntry(l, name) {
			t.Fatalf("the list has no map %q", name)
		}
	})
}
