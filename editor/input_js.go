//go:build js

package editor

import (
	"io/fs"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// jsInput takes the page's input events from listeners of its own on the
// window, as the browser delivers them, into a queue the editor drains
// once a tick. The browser delivers every event, in order, between two
// frames however long a frame takes, each with the time it happened;
// Ebitengine's own state, read once a tick, would lose a press released
// within the frame and the path of a drag.
type jsInput struct {
	mu    sync.Mutex // the listeners run on goroutines of their own
	queue []Event
	x, y  int
	mods  [len(modifiers)]bool // the modifiers as the events so far said
	base  time.Time            // the page's time origin: event.timeStamp counts from it
	funcs []js.Func
}

func newInput() Input {
	in := &jsInput{}
	perf := js.Global().Get("performance")
	in.base = wallClock().Add(-ms(perf.Call("now").Float()))
	win := js.Global()
	listen := func(name string, f func(e js.Value)) {
		fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) > 0 {
				in.mu.Lock()
				f(args[0])
				in.mu.Unlock()
			}
			return nil
		})
		in.funcs = append(in.funcs, fn)
		win.Call("addEventListener", name, fn, map[string]any{"capture": true, "passive": true})
	}
	listen("pointermove", in.pointerMove)
	listen("pointerdown", func(e js.Value) { in.pointerButton(e, ButtonDown, TouchDown) })
	listen("pointerup", func(e js.Value) { in.pointerButton(e, ButtonUp, TouchUp) })
	listen("pointercancel", func(e js.Value) { in.finger(e, TouchCancel) })
	listen("keydown", func(e js.Value) { in.key(e, KeyDown) })
	listen("keyup", func(e js.Value) { in.key(e, KeyUp) })
	return in
}

func ms(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }

// at is when event e happened.
func (in *jsInput) at(e js.Value) time.Time { return in.base.Add(ms(e.Get("timeStamp").Float())) }

// position is e's place in screen pixels: the canvas fills the page, and
// the editor's screen has device pixels (Layout).
func (in *jsInput) position(e js.Value) (int, int) {
	dpr := js.Global().Get("devicePixelRatio").Float()
	if dpr <= 0 {
		dpr = 1
	}
	x, y := e.Get("clientX").Float(), e.Get("clientY").Float()
	if c := js.Global().Get("document").Call("querySelector", "canvas"); c.Truthy() {
		r := c.Call("getBoundingClientRect")
		x, y = x-r.Get("left").Float(), y-r.Get("top").Float()
	}
	return int(x * dpr), int(y * dpr)
}

func (in *jsInput) push(e js.Value, ev Event) {
	ev.X, ev.Y, ev.At = in.x, in.y, in.at(e)
	in.queue = append(in.queue, ev)
}

// pointerMove queues a move for each position the browser coalesced into
// this event.
func (in *jsInput) pointerMove(e js.Value) {
	if isFinger(e) {
		in.finger(e, TouchMove)
		return
	}
	list := []js.Value{e}
	if f := e.Get("getCoalescedEvents"); f.Type() == js.TypeFunction {
		if c := e.Call("getCoalescedEvents"); c.Length() > 0 {
			list = list[:0]
			for i := range c.Length() {
				list = append(list, c.Index(i))
			}
		}
	}
	for _, p := range list {
		in.x, in.y = in.position(p)
		in.push(p, Event{Kind: Move})
	}
}

var jsButtons = map[int]ebiten.MouseButton{0: ebiten.MouseButtonLeft, 1: ebiten.MouseButtonMiddle, 2: ebiten.MouseButtonRight}

// pointerButton queues a button's press or release (kind), or a
// finger's going down or up (fingerKind).
func (in *jsInput) pointerButton(e js.Value, kind, fingerKind EventKind) {
	if isFinger(e) {
		in.finger(e, fingerKind)
		return
	}
	b, ok := jsButtons[e.Get("button").Int()]
	if !ok {
		return
	}
	in.x, in.y = in.position(e)
	in.push(e, Event{Kind: kind, Button: b})
}

// isFinger reports whether pointer event e is a finger's (a pen or the
// mouse are buttons).
func isFinger(e js.Value) bool { return e.Get("pointerType").String() == "touch" }

// finger queues a finger's event: a finger's moves are not coalesced
// (the gestures need only where it is).
func (in *jsInput) finger(e js.Value, kind EventKind) {
	if !isFinger(e) {
		return
	}
	x, y := in.position(e)
	in.queue = append(in.queue, Event{Kind: kind, X: x, Y: y, At: in.at(e), Finger: e.Get("pointerId").Int()})
}

// key queues a press or release, and for a press of a key that types a
// character, the character (browsers repeat held keys as further
// presses).
func (in *jsInput) key(e js.Value, kind EventKind) {
	in.syncModifiers(e)
	// Ebitengine's canvas cancels every key press, and a cancelled
	// Ctrl+V pastes nothing: the page's paste event (page_js.go) would
	// never come. The press goes into the queue all the same.
	if kind == KeyDown && e.Get("code").String() == "KeyV" && (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()) {
		e.Call("stopPropagation")
	}
	// Modifiers follow the flags (syncModifiers), so their own events,
	// which carry the new flags, add nothing.
	if k, ok := jsKey(e.Get("code").String()); ok && !isModifier(k) {
		in.push(e, Event{Kind: kind, Key: k})
	}
	if kind != KeyDown || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
		return
	}
	if r := []rune(e.Get("key").String()); len(r) == 1 {
		in.push(e, Event{Kind: Char, Char: r[0]})
	}
}

// syncModifiers queues a press or release of a modifier whose state the
// event's flags tell differently from the events so far (it was pressed
// while the page did not have the keyboard, or a synthetic event carries
// only the flag).
func (in *jsInput) syncModifiers(e js.Value) {
	for i, flag := range [len(modifiers)]string{"altKey", "ctrlKey", "shiftKey", "metaKey"} {
		on := e.Get(flag).Bool()
		if on == in.mods[i] {
			continue
		}
		in.mods[i] = on
		kind := KeyUp
		if on {
			kind = KeyDown
		}
		in.push(e, Event{Kind: kind, Key: modifiers[i].left})
	}
}

// jsKey is the Ebitengine key of a KeyboardEvent.code: the names agree
// but for letters ("KeyA" is "A").
func jsKey(code string) (ebiten.Key, bool) {
	if len(code) == 4 && strings.HasPrefix(code, "Key") {
		code = code[3:]
	}
	var k ebiten.Key
	if err := k.UnmarshalText([]byte(code)); err != nil || isAlias(k) {
		return 0, false
	}
	return k, true
}

// Events drains the queue; the wheel comes from Ebitengine, which adds up
// a frame's turns.
func (in *jsInput) Events(dst []Event, now time.Time) []Event {
	in.mu.Lock()
	dst = append(dst, in.queue...)
	in.queue = in.queue[:0]
	x, y := in.x, in.y
	in.mu.Unlock()
	if wx, wy := ebiten.Wheel(); wx != 0 || wy != 0 {
		dst = append(dst, Event{Kind: Wheel, X: x, Y: y, WheelX: wx, WheelY: wy, At: now})
	}
	return dst
}

// Repeats: browsers repeat a held key as further keydown events.
func (in *jsInput) Repeats() bool { return true }

func (in *jsInput) DroppedFiles() fs.FS  { return ebiten.DroppedFiles() }
func (in *jsInput) CloseRequested() bool { return false }
func (in *jsInput) CursorIn() bool       { return pointerInPage() }
