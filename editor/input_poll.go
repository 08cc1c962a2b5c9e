//go:build !js

package editor

import (
	"io/fs"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// pollInput turns Ebitengine's input state into events, for the desktop.
// Ebitengine reads the keyboard and mouse once a frame, through GLFW with
// sticky keys and buttons: a key or button pressed and released between
// two reads still reads as pressed once, so such a pair becomes a press
// in one tick and its release in the next, and is seen. Two presses of
// the same key within one frame read as one; the editor keeps frames
// short so that they do not happen (the 3D view's resolution drops while
// the frame rate is low). Typed text comes from Ebitengine's character
// input, which GLFW delivers by callback: no character is lost.
type pollInput struct {
	started bool
	last    time.Time
	x, y    int
	keys    [ebiten.KeyMax + 1]bool
	buttons [len(buttons)]bool
	chars   []rune
}

func newInput() Input { return &pollInput{} }

// Events reports what changed since the last read. The changes happened
// at some time between the two reads: they are stamped halfway.
func (p *pollInput) Events(dst []Event, now time.Time) []Event {
	at := now
	if p.started {
		at = p.last.Add(now.Sub(p.last) / 2)
	}
	p.started, p.last = true, now
	x, y := ebiten.CursorPosition()
	ev := func(k EventKind) Event { return Event{Kind: k, X: x, Y: y, At: at} }
	if x != p.x || y != p.y {
		p.x, p.y = x, y
		dst = append(dst, ev(Move))
	}
	p.chars = ebiten.AppendInputChars(p.chars[:0])
	for _, r := range p.chars {
		e := ev(Char)
		e.Char = r
		dst = append(dst, e)
	}
	// Keys that changed together are put in the order that keeps their
	// meaning: modifiers go down before other keys and up after them, so
	// that a Ctrl+S pressed and released within one frame reads as one.
	var downs, ups []ebiten.Key
	for k := ebiten.Key(0); k <= ebiten.KeyMax; k++ {
		if isAlias(k) {
			continue
		}
		if down := ebiten.IsKeyPressed(k); down != p.keys[k] {
			p.keys[k] = down
			if down {
				downs = append(downs, k)
			} else {
				ups = append(ups, k)
			}
		}
	}
	slices.SortStableFunc(downs, func(a, b ebiten.Key) int { return cmpBool(!isModifier(a), !isModifier(b)) })
	slices.SortStableFunc(ups, func(a, b ebiten.Key) int { return cmpBool(isModifier(a), isModifier(b)) })
	for _, k := range downs {
		e := ev(KeyDown)
		e.Key = k
		dst = append(dst, e)
	}
	for _, k := range ups {
		e := ev(KeyUp)
		e.Key = k
		dst = append(dst, e)
	}
	for i, b := range buttons {
		if down := ebiten.IsMouseButtonPressed(b); down != p.buttons[i] {
			p.buttons[i] = down
			e := ev(ButtonUp)
			if down {
				e.Kind = ButtonDown
			}
			e.Button = b
			dst = append(dst, e)
		}
	}
	if wx, wy := ebiten.Wheel(); wx != 0 || wy != 0 {
		e := ev(Wheel)
		e.WheelX, e.WheelY = wx, wy
		dst = append(dst, e)
	}
	return dst
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func (p *pollInput) DroppedFiles() fs.FS  { return ebiten.DroppedFiles() }
func (p *pollInput) CloseRequested() bool { return ebiten.IsWindowBeingClosed() }
func (p *pollInput) CursorIn() bool       { return pointerInPage() }
