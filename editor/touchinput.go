package editor

import (
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/touch"
)

// touchRoute is where a sequence of touches (from the first finger down
// to the last up) goes.
type touchRoute uint8

const (
	routeNone    touchRoute = iota
	routeWidgets            // began off the map: the finger is the left button, for the widgets
	routePanel              // began on the panel or a dialog's list: the left button, or a drag up or down scrolls it
	routeMap                // began on the map: gestures
)

// touchInput turns fingers into the events the editor replays: a finger
// that goes down off the map (on the panel, the game bar, a dialog) is
// the left button there (on the panel a finger dragged up or down
// scrolls it instead, as the wheel does, and on a dialog's list it
// scrolls the list with it); on the map the fingers are gestures (package
// touch): a tap is a click, a one-finger drag holds the left button
// (painting) or the right (panning, as the right button pans), a long
// press is a Hold, and two fingers pinch, twist and pan (Pinch). Every
// other event passes through unchanged.
type touchInput struct {
	rec    touch.Recogniser
	route  touchRoute
	finger int // routeWidgets, routePanel: the finger followed
	// routePanel: where the finger went down, where it was last, and
	// whether it scrolls; notch is how many pixels make a notch of the
	// wheel.
	from, last [2]int
	scrolls    bool
	notch      float64
	list       *listParts         // routePanel: the dialog's list the finger scrolls; nil: the panel
	drag       ebiten.MouseButton // the button a drag under way holds
	// pans: a one-finger drag on the map pans (play mode, or the hand
	// in edit mode) rather than paints.
	pans bool
	// hand: the edit mode's toggle is on the hand (drags pan); seen: a
	// finger has touched the page, so the toggle shows.
	hand bool
	seen bool
	gs   []touch.Gesture
	out  []Event
}

// translate turns the fingers among evs into events, appended in their
// place to a buffer of its own, and at now a finger held still into a
// long press. where tells where a finger going down at a point is
// routed, and the dialog's list there, if any.
func (t *touchInput) translate(evs []Event, now time.Time, where func(x, y int) (touchRoute, *listParts)) []Event {
	t.out = t.out[:0]
	for _, ev := range evs {
		if !isTouch(ev.Kind) {
			t.out = append(t.out, ev)
			continue
		}
		t.seen = true
		t.finger1(ev, where)
	}
	if t.route == routeMap {
		t.gs = t.rec.Tick(now, t.gs[:0])
		t.gestures()
	}
	return t.out
}

// finger1 routes one finger's event.
func (t *touchInput) finger1(ev Event, where func(x, y int) (touchRoute, *listParts)) {
	if t.route == routeNone && ev.Kind == TouchDown {
		t.route, t.list = where(ev.X, ev.Y)
		t.finger = ev.Finger
		t.from, t.last, t.scrolls = [2]int{ev.X, ev.Y}, [2]int{ev.X, ev.Y}, false
	}
	switch t.route {
	case routeWidgets:
		t.widgets(ev)
	case routePanel:
		if !t.scroll(ev) {
			t.widgets(ev)
		}
	case routeMap:
		t.gs = t.rec.Touch(ev.Finger, touchPhase(ev.Kind), touch.Point{X: float64(ev.X), Y: float64(ev.Y)}, ev.At, t.gs[:0])
		t.gestures()
		if !t.rec.Active() {
			t.route = routeNone
		}
	}
}

// widgets makes the followed finger the left button; other fingers do
// nothing there.
func (t *touchInput) widgets(ev Event) {
	if ev.Finger != t.finger {
		return
	}
	t.emit(Move, ev.X, ev.Y, ev.At)
	switch ev.Kind {
	case TouchDown:
		t.button(ButtonDown, ebiten.MouseButtonLeft, ev.X, ev.Y, ev.At)
	case TouchUp, TouchCancel:
		t.button(ButtonUp, ebiten.MouseButtonLeft, ev.X, ev.Y, ev.At)
		t.route = routeNone
	}
}

// scroll turns the followed finger on the panel into the wheel once it
// has moved up or down more than a sixth of a notch (and more than
// sideways: a slider follows a finger dragged sideways): the press is
// taken back, released away from every widget, and the finger's moves
// turn the wheel where it went down (over a dialog's list, move the
// list's content with the finger). It reports whether it took ev.
func (t *touchInput) scroll(ev Event) bool {
	if ev.Finger != t.finger || t.notch <= 0 {
		return false
	}
	dx, dy := ev.X-t.from[0], ev.Y-t.from[1]
	if !t.scrolls && ev.Kind == TouchMove && float64(abs(dy)) > t.notch/6 && abs(dy) > abs(dx) {
		t.scrolls = true
		t.emit(Move, -1, -1, ev.At)
		t.button(ButtonUp, ebiten.MouseButtonLeft, -1, -1, ev.At)
		t.emit(Move, t.from[0], t.from[1], ev.At)
		if t.list != nil {
			t.list.grab()
		}
	}
	if !t.scrolls {
		return false
	}
	if t.list != nil {
		t.list.follow(ev.Y - t.from[1])
	} else if wy := float64(ev.Y - t.last[1]); wy != 0 {
		t.out = append(t.out, Event{Kind: Wheel, X: t.from[0], Y: t.from[1], WheelY: wy / t.notch, At: ev.At})
	}
	t.last = [2]int{ev.X, ev.Y}
	if ev.Kind != TouchMove && ev.Kind != TouchDown {
		t.route = routeNone
	}
	return true
}

func abs(v int) int { return max(v, -v) }

func touchPhase(k EventKind) touch.Phase {
	switch k {
	case TouchDown:
		return touch.Down
	case TouchMove:
		return touch.Move
	case TouchUp:
		return touch.Up
	}
	return touch.Cancel
}

// gestures turns the recognised gestures into events.
func (t *touchInput) gestures() {
	for _, g := range t.gs {
		x, y := int(g.At.X+0.5), int(g.At.Y+0.5)
		switch g.Kind {
		case touch.Tap:
			t.emit(Move, x, y, g.Time)
			t.button(ButtonDown, ebiten.MouseButtonLeft, x, y, g.Time)
			t.button(ButtonUp, ebiten.MouseButtonLeft, x, y, g.Time)
		case touch.DragStart:
			t.drag = ebiten.MouseButtonLeft
			if t.pans {
				t.drag = ebiten.MouseButtonRight
			}
			t.emit(Move, x, y, g.Time)
			t.button(ButtonDown, t.drag, x, y, g.Time)
		case touch.Drag:
			t.emit(Move, x, y, g.Time)
		case touch.DragEnd:
			t.emit(Move, x, y, g.Time)
			t.button(ButtonUp, t.drag, x, y, g.Time)
		case touch.LongPress:
			t.emit(Move, x, y, g.Time)
			t.emit(Hold, x, y, g.Time)
		case touch.Pinch:
			t.out = append(t.out, Event{Kind: Pinch, X: x, Y: y, Gesture: g, At: g.Time})
		}
	}
	t.gs = t.gs[:0]
}

func (t *touchInput) emit(k EventKind, x, y int, at time.Time) {
	t.out = append(t.out, Event{Kind: k, X: x, Y: y, At: at})
}

func (t *touchInput) button(k EventKind, b ebiten.MouseButton, x, y int, at time.Time) {
	t.out = append(t.out, Event{Kind: k, Button: b, X: x, Y: y, At: at, Touch: true})
}

// fingers turns this tick's fingers into events (touchInput): a drag on
// the map pans in play and with the hand in edit mode.
func (g *game) fingers(now time.Time) {
	t := &g.inp.fingers
	t.pans = g.mode != mode(g.edit) || t.hand
	t.notch = float64(g.win.style.px(wheelStep))
	out := t.translate(g.inp.tick, now, g.touchRoute)
	g.inp.tick = append(g.inp.tick[:0], out...)
}

// touchRoute is where a finger down at (x, y) goes: the map's gestures
// on the map (not the minimap or a map button, which take it as a
// click), the panel shown in edit mode with no dialog open, a list of
// the newest dialog (with its parts), or the widgets there.
func (g *game) touchRoute(x, y int) (touchRoute, *listParts) {
	_, onButton := g.mapButtonAt(x, y)
	switch {
	case g.overMap(x, y) && !g.mini.contains(x, y) && !onButton:
		return routeMap, nil
	case !g.busy() && g.mode == mode(g.edit) && g.panelShown() && image.Pt(x, y).In(g.edit.panel.root.GetWidget().Rect):
		return routePanel, nil
	}
	if l := g.listPartsAt(x, y); l != nil {
		return routePanel, l
	}
	return routeWidgets, nil
}
