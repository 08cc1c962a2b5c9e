package editor

import (
	"image"
	"io/fs"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/touch"
)

// EventKind is what an input event reports.
type EventKind uint8

// The kinds of input events.
const (
	KeyDown EventKind = iota + 1
	KeyUp
	ButtonDown
	ButtonUp
	Move  // the cursor moved to X, Y
	Wheel // the wheel turned by WheelX, WheelY
	Char  // a typed character
	// A finger (Finger) went down, moved, lifted or was taken away by
	// the platform, at X, Y. The editor turns fingers into the events
	// below and the left and right buttons (touchInput) before it
	// replays them.
	TouchDown
	TouchMove
	TouchUp
	TouchCancel
	Pinch // two fingers moved, about X, Y (their midpoint) by Gesture
	Hold  // a long press at X, Y: the secondary action
)

// isTouch reports whether k is a finger's event.
func isTouch(k EventKind) bool { return k >= TouchDown && k <= TouchCancel }

// Event is one change of the user's input, in the order it happened.
// Every event carries the cursor position at that moment.
type Event struct {
	Kind           EventKind
	Key            ebiten.Key         // KeyDown, KeyUp: a physical key, not a modifier alias
	Button         ebiten.MouseButton // ButtonDown, ButtonUp
	X, Y           int                // cursor position in screen pixels
	WheelX, WheelY float64
	Char           rune
	At             time.Time     // when it happened, as well as the source knows
	Finger         int           // TouchDown … TouchCancel: which finger
	Gesture        touch.Gesture // Pinch: its scale, angle and shift
	Touch          bool          // ButtonDown, ButtonUp: made from a finger's tap or drag
}

// Input is where the editor's events come from. The window's comes from
// Ebitengine (input_poll.go; in the browser from the page's own event
// listeners, input_js.go); the end-to-end tests feed a script through
// the same path.
type Input interface {
	// Events appends the events since the last call, oldest first; now
	// is the time of this tick.
	Events(dst []Event, now time.Time) []Event
	DroppedFiles() fs.FS
	// CloseRequested reports that the user asked to close the window.
	CloseRequested() bool
	// CursorIn reports whether the pointer is over the window (in the
	// browser: the page) as far as the platform can tell.
	CursorIn() bool
}

// repeater is an Input that reports a held key's repeats as further
// presses, as browsers do; without it the text fields repeat held
// editing keys themselves.
type repeater interface{ Repeats() bool }

func inputRepeats(in Input) bool {
	r, ok := in.(repeater)
	return ok && r.Repeats()
}

// cursorWatch tells whether the pointer has shown where it is. Until it
// first moves (or a button is pressed) its position is a default, not
// the user's: the browser reports (0, 0) before the mouse enters the
// page, which would outline a cell in the top-left corner.
type cursorWatch struct {
	started bool
	x0, y0  int
	moved   bool
	in      bool
}

// watch takes this frame's pointer position, button state and whether
// the pointer is over the window.
func (c *cursorWatch) watch(x, y int, down, in bool) {
	if !c.started {
		c.started, c.x0, c.y0 = true, x, y
	}
	if x != c.x0 || y != c.y0 || down {
		c.moved = true
	}
	c.in = in
}

// known reports whether the position is the pointer's, over the window.
func (c *cursorWatch) known() bool { return c.moved && c.in }

// modifiers are Ebitengine's keys that stand for either of two physical
// keys.
var modifiers = [...]struct{ alias, left, right ebiten.Key }{
	{ebiten.KeyAlt, ebiten.KeyAltLeft, ebiten.KeyAltRight},
	{ebiten.KeyControl, ebiten.KeyControlLeft, ebiten.KeyControlRight},
	{ebiten.KeyShift, ebiten.KeyShiftLeft, ebiten.KeyShiftRight},
	{ebiten.KeyMeta, ebiten.KeyMetaLeft, ebiten.KeyMetaRight},
}

// isModifier reports whether k is one of the modifier keys (Shift,
// Control, Alt, Meta, left or right).
func isModifier(k ebiten.Key) bool {
	for _, m := range modifiers {
		if k == m.left || k == m.right {
			return true
		}
	}
	return false
}

// isAlias reports whether k is one of the modifier aliases.
func isAlias(k ebiten.Key) bool { return k >= ebiten.KeyAlt && k <= ebiten.KeyMeta }

// buttons are the mouse buttons the editor follows.
var buttons = [...]ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonMiddle, ebiten.MouseButtonRight}

// inputState is the input as the editor replays it: the state after the
// events applied so far, and what changed in the current step. The editor
// and ebitenui's widgets (through the CursorUpdater methods) read it
// instead of Ebitengine's per-tick state, so a press and its release
// within one frame are seen one after the other.
type inputState struct {
	src           Input // where the events come from: the window or a script
	x, y          int
	keys          [ebiten.KeyMax + 1]bool
	justKeys      [ebiten.KeyMax + 1]bool
	buttons       [len(buttons)]bool
	justDown      [len(buttons)]bool
	justUp        [len(buttons)]bool
	wheelX        float64
	wheelY        float64
	pinch         pinchSum   // this step's pinches, put together
	hold          bool       // a long press in this step
	touch         bool       // the latest press or release was a finger's
	events        []Event    // this step's events, in order
	tick          []Event    // this tick's events (Update reads them into it)
	anyTransition bool       // a press or release this step
	fingers       touchInput // fingers turned into the events above (touchinput.go)
}

// begin starts a step: nothing has just happened yet.
func (s *inputState) begin() {
	clear(s.justKeys[:])
	clear(s.justDown[:])
	clear(s.justUp[:])
	s.wheelX, s.wheelY = 0, 0
	s.pinch, s.hold = pinchSum{}, false
	s.events = s.events[:0]
	s.anyTransition = false
}

// apply adds one event to the step. It reports whether the step must end
// here: at every press or release, so that the next one is seen in a
// step of its own, and at every move while a button is held, so that a
// drag is followed along its path.
func (s *inputState) apply(ev Event) (end bool) {
	s.events = append(s.events, ev)
	s.x, s.y = ev.X, ev.Y
	switch ev.Kind {
	case KeyDown, KeyUp:
		if ev.Key < 0 || ev.Key > ebiten.KeyMax || isAlias(ev.Key) {
			return false
		}
		down := ev.Kind == KeyDown
		if down && !s.keys[ev.Key] {
			s.justKeys[ev.Key] = true
		}
		s.keys[ev.Key] = down
		s.anyTransition = true
		return true
	case ButtonDown, ButtonUp:
		for i, b := range buttons {
			if b == ev.Button {
				down := ev.Kind == ButtonDown
				if down && !s.buttons[i] {
					s.justDown[i] = true
				} else if !down && s.buttons[i] {
					s.justUp[i] = true
				}
				s.buttons[i] = down
			}
		}
		s.touch = ev.Touch
		s.anyTransition = true
		return true
	case Pinch:
		s.pinch.add(ev)
	case Hold:
		s.hold = true
		return true
	case Move:
		return s.buttons != [len(buttons)]bool{}
	case Wheel:
		s.wheelX += ev.WheelX
		s.wheelY += ev.WheelY
	}
	return false
}

// pinchSum is a step's pinches as one: the scales multiplied, the angles
// and shifts added, about the last midpoint.
type pinchSum struct {
	any          bool
	x, y         int
	scale, angle float64
	dx, dy       float64
}

func (p *pinchSum) add(ev Event) {
	if !p.any {
		p.any, p.scale = true, 1
	}
	g := ev.Gesture
	p.x, p.y = ev.X, ev.Y
	p.scale *= g.Scale
	p.angle += g.Angle
	p.dx += g.Shift.X
	p.dy += g.Shift.Y
}

// CursorPosition is where the cursor is.
func (s *inputState) CursorPosition() (int, int) { return s.x, s.y }

// KeyPressed reports whether k is held; a modifier alias (KeyControl)
// stands for either of its keys.
func (s *inputState) KeyPressed(k ebiten.Key) bool {
	if isAlias(k) {
		m := modifiers[k-ebiten.KeyAlt]
		return s.keys[m.left] || s.keys[m.right]
	}
	return k >= 0 && k <= ebiten.KeyMax && s.keys[k]
}

// KeyJustPressed reports whether k went down in this step.
func (s *inputState) KeyJustPressed(k ebiten.Key) bool {
	if isAlias(k) {
		m := modifiers[k-ebiten.KeyAlt]
		return s.justKeys[m.left] || s.justKeys[m.right]
	}
	return k >= 0 && k <= ebiten.KeyMax && s.justKeys[k]
}

// pressed reports whether a key or a mouse button went down in this step.
func (s *inputState) pressed() bool {
	return s.justKeys != [ebiten.KeyMax + 1]bool{} || s.justDown != [len(buttons)]bool{}
}

// MousePressed reports whether button b is held.
func (s *inputState) MousePressed(b ebiten.MouseButton) bool { return s.button(b, &s.buttons) }

// Wheel is the wheel's turn in this step.
func (s *inputState) Wheel() (float64, float64) { return s.wheelX, s.wheelY }

func (s *inputState) button(b ebiten.MouseButton, set *[len(buttons)]bool) bool {
	for i, x := range buttons {
		if x == b {
			return set[i]
		}
	}
	return false
}

// The ebitenui CursorUpdater methods: ebitenui's widgets take the mouse
// from here (input.SetCursorUpdater), so they replay clicks too.

func (s *inputState) Update()                 {}
func (s *inputState) AfterUpdate()            {}
func (s *inputState) Draw(*ebiten.Image)      {}
func (s *inputState) AfterDraw(*ebiten.Image) {}
func (s *inputState) MouseButtonPressed(b ebiten.MouseButton) bool {
	return s.MousePressed(b)
}
func (s *inputState) MouseButtonJustPressed(b ebiten.MouseButton) bool {
	return s.button(b, &s.justDown)
}
func (s *inputState) MouseButtonJustReleased(b ebiten.MouseButton) bool {
	return s.button(b, &s.justUp)
}
func (s *inputState) GetCursorImage(string) *ebiten.Image { return nil }
func (s *inputState) GetCursorOffset(string) image.Point  { return image.Point{} }

func ctrl(in *inputState) bool {
	return in.KeyPressed(ebiten.KeyControl) || in.KeyPressed(ebiten.KeyMeta)
}

func shift(in *inputState) bool { return in.KeyPressed(ebiten.KeyShift) }
