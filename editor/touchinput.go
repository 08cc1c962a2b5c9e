package editor

import (
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
	routeMap                // began on the map: gestures
)

// touchInput turns fingers into the events the editor replays: a finger
// that goes down off the map (on the panel, the game bar, a dialog) is
// the left button there; on the map the fingers are gestures (package
// touch): a tap is a click, a one-finger drag holds the left button
// (painting) or the right (panning, as the right button pans), a long
// press is a Hold, and two fingers pinch, twist and pan (Pinch). Every
// other event passes through unchanged.
type touchInput struct {
	rec    touch.Recogniser
	route  touchRoute
	finger int                // routeWidgets: the finger followed
	drag   ebiten.MouseButton // the button a drag under way holds
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
// long press. onMap tells whether a point is on the map.
func (t *touchInput) translate(evs []Event, now time.Time, onMap func(x, y int) bool) []Event {
	t.out = t.out[:0]
	for _, ev := range evs {
		if !isTouch(ev.Kind) {
			t.out = append(t.out, ev)
			continue
		}
		t.seen = true
		t.finger1(ev, onMap)
	}
	if t.route == routeMap {
		t.gs = t.rec.Tick(now, t.gs[:0])
		t.gestures()
	}
	return t.out
}

// finger1 routes one finger's event.
func (t *touchInput) finger1(ev Event, onMap func(x, y int) bool) {
	if t.route == routeNone && ev.Kind == TouchDown {
		t.finger, t.route = ev.Finger, routeWidgets
		if onMap(ev.X, ev.Y) {
			t.route = routeMap
		}
	}
	switch t.route {
	case routeWidgets:
		t.widgets(ev)
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
	out := t.translate(g.inp.tick, now, g.touchOnMap)
	g.inp.tick = append(g.inp.tick[:0], out...)
}

// touchOnMap reports whether a finger down at (x, y) is on the map, not
// a widget, the minimap or a map button (those take it as a click).
func (g *game) touchOnMap(x, y int) bool {
	_, onButton := g.mapButtonAt(x, y)
	return g.overMap(x, y) && !g.mini.contains(x, y) && !onButton
}
