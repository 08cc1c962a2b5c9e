//go:build browser && !js

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// probeState is the answer of hexsandbox.call("probe").
type probeState struct {
	Grid     bool    `json:"grid"`
	GridBox  [4]int  `json:"gridBox"`
	Dialogs  int     `json:"dialogs"`
	Field    string  `json:"field"`
	Rotation float64 `json:"rotation"`
	Zoom     float64 `json:"zoom"`
	Centre   int     `json:"centre"`
}

func probe(t *testing.T, ctx context.Context) probeState {
	t.Helper()
	var p probeState
	if err := json.Unmarshal([]byte(call(t, ctx, "probe", "")), &p); err != nil {
		t.Fatalf("probe: %v", err)
	}
	return p
}

// waitProbe asks the editor (one call a frame) until ok holds, for at
// most 60 calls.
func waitProbe(t *testing.T, ctx context.Context, what string, ok func(probeState) bool) probeState {
	t.Helper()
	var p probeState
	for range 60 {
		if p = probe(t, ctx); ok(p) {
			return p
		}
	}
	t.Fatalf("%s: not seen (last: %+v)", what, p)
	return p
}

// sendKey dispatches one key press or release.
func sendKey(t *testing.T, ctx context.Context, typ input.DispatchKeyEventType, k *kb.Key, mods chromedp.Modifier) {
	t.Helper()
	ev := input.DispatchKeyEventParams{Type: typ, Key: k.Key, Code: k.Code,
		WindowsVirtualKeyCode: k.Native, NativeVirtualKeyCode: k.Native, Modifiers: int64(mods)}
	send := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, ev)
		return err
	})
	if _, err := chromedp.Run(ctx, send); err != nil {
		t.Fatal(err)
	}
}

// burst dispatches events to the page in one task, as the browser does
// with what piled up while the page was busy: each is [type, init], a
// KeyboardEvent for key types, else a PointerEvent.
func burst(t *testing.T, ctx context.Context, events [][2]any) {
	t.Helper()
	b, err := json.Marshal(events)
	if err != nil {
		t.Fatal(err)
	}
	js := `(() => { for (const [type, init] of ` + string(b) + `) {
		const e = type.startsWith("key") ? new KeyboardEvent(type, init) : new PointerEvent(type, init);
		window.dispatchEvent(e);
	} })()`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](js)); err != nil {
		t.Fatal(err)
	}
}

func pointer(typ string, x, y float64, buttons int) [2]any {
	return [2]any{typ, map[string]any{"clientX": x, "clientY": y, "button": 0, "buttons": buttons, "pointerType": "mouse", "bubbles": true}}
}

func keyEv(typ, code, key string, ctrl bool) [2]any {
	return [2]any{typ, map[string]any{"code": code, "key": key, "ctrlKey": ctrl, "bubbles": true}}
}

// scrollIntoView moves the mouse over the panel and turns the wheel there
// (a wheel event to the canvas, which Ebitengine reads), at the normal
// frame rate, until the Grid check box is inside the page's viewport (the
// panel scrolls when the window is shorter than it).
func scrollIntoView(t *testing.T, ctx context.Context, p probeState, css func(int) float64) probeState {
	t.Helper()
	height, err := chromedp.Run(ctx, chromedp.Evaluate[float64]("innerHeight"))
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		b := p.GridBox
		if css(b[3]) < height-4 {
			return p
		}
		js := fmt.Sprintf(`document.querySelector("canvas").dispatchEvent(new WheelEvent("wheel",
			{clientX: %g, clientY: %g, deltaY: 120, bubbles: true, cancelable: true}))`, css(b[0]), height/2)
		over := chromedp.MouseEvent(chromedp.MouseMoved, css(b[0]), height/2)
		if _, err := chromedp.Run(ctx, over); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
			t.Fatal(err)
		}
		p = waitProbe(t, ctx, "the panel scrolled by the wheel", func(q probeState) bool { return q.GridBox != b })
	}
	t.Fatalf("the Grid check box stays below the viewport (%v, %v high)", p.GridBox, height)
	return p
}

// In the browser build every input event reaches the editor whatever a
// frame takes. At one frame a second (a test hook keeps each frame busy
// for a second, as a slow software renderer might), bursts of events
// dispatched together, as the browser hands over what piled up during a
// frame, all take effect: a click (press and release), a paint drag of
// thirty moves that paints every cell on its path, Ctrl+S, typed text,
// eight Backspaces. Q held for a second (real key events from the
// browser's input layer) turns the camera 180°. The page's own listeners
// queue the events with their times; Ebitengine's state, read once a
// frame, would keep only the last of each burst.
func TestBrowserInputAtOneFramePerSecond(t *testing.T) {
	url := serveGame(t)
	ctx := startBrowser(t, winW, winH)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	call(t, ctx, "settings", `{"ApplyTerrain":true,"Terrain":4,"BrushSize":0,"ApplyElevation":false}`)
	p := probe(t, ctx)
	dpr, err := chromedp.Run(ctx, chromedp.Evaluate[float64]("devicePixelRatio"))
	if err != nil {
		t.Fatal(err)
	}
	css := func(px int) float64 { return float64(px) / dpr } // screen pixels to the page's
	p = scrollIntoView(t, ctx, p, css)
	call(t, ctx, "drawDelay", "1000")

	// A click: press and release within one frame.
	b := p.GridBox
	gx, gy := css(b[0]+(b[3]-b[1])/2), css((b[1]+b[3])/2)
	burst(t, ctx, [][2]any{pointer("pointermove", gx, gy, 0), pointer("pointerdown", gx, gy, 1), pointer("pointerup", gx, gy, 0)})
	waitProbe(t, ctx, "the Grid check box ticked by a click within one frame", func(p probeState) bool { return p.Grid })

	// A drag along seven cells of a row, thirty moves within one frame.
	shown, _, err := saves.ReadBytes(mapBytes(t, ctx))
	if err != nil {
		t.Fatal(err)
	}
	top := shown.Topology()
	a, bb := p.Centre, p.Centre
	for range 3 {
		a, _ = top.Neighbor(a, hexmap.W)
		bb, _ = top.Neighbor(bb, hexmap.E)
	}
	for i := a; i <= bb; i++ {
		if shown.Cell(i).TerrainType == 4 {
			t.Fatalf("test map: cell %d of the path is snow already", i)
		}
	}
	at := func(i int) [2]float64 {
		var xy [2]int
		if err := json.Unmarshal([]byte(call(t, ctx, "cellScreen", strconv.Itoa(i))), &xy); err != nil {
			t.Fatal(err)
		}
		return [2]float64{css(xy[0]), css(xy[1])}
	}
	pa, pb := at(a), at(bb)
	drag := [][2]any{pointer("pointermove", pa[0], pa[1], 0), pointer("pointerdown", pa[0], pa[1], 1)}
	for k := 1; k <= 30; k++ {
		f := float64(k) / 30
		drag = append(drag, pointer("pointermove", pa[0]+(pb[0]-pa[0])*f, pa[1]+(pb[1]-pa[1])*f, 1))
	}
	burst(t, ctx, append(drag, pointer("pointerup", pb[0], pb[1], 0)))
	var painted int
	for range 60 {
		g, _, err := saves.ReadBytes(mapBytes(t, ctx))
		if err != nil {
			t.Fatal(err)
		}
		painted = 0
		for i := a; i <= bb; i++ {
			if g.Cell(i).TerrainType == 4 {
				painted++
			}
		}
		if painted == 7 {
			break
		}
	}
	if painted != 7 {
		t.Errorf("the drag painted %d of the 7 cells on its path", painted)
	}

	// Ctrl+S within one frame opens Save As.
	burst(t, ctx, [][2]any{keyEv("keydown", "ControlLeft", "Control", true), keyEv("keydown", "KeyS", "s", true),
		keyEv("keyup", "KeyS", "s", true), keyEv("keyup", "ControlLeft", "Control", false)})
	waitProbe(t, ctx, "Save As opened by Ctrl+S", func(p probeState) bool { return p.Dialogs > 0 && p.Field != "" })

	// Typed text, then eight Backspaces, each all within one frame.
	var typed [][2]any
	for _, c := range []string{"x", "y", "z"} {
		typed = append(typed, keyEv("keydown", "Key"+strings.ToUpper(c), c, false), keyEv("keyup", "Key"+strings.ToUpper(c), c, false))
	}
	burst(t, ctx, typed)
	// The name Save As offers is selected: what is typed replaces it.
	waitProbe(t, ctx, "typed text", func(p probeState) bool { return p.Field == "xyz" })
	var backs [][2]any
	for range 8 {
		backs = append(backs, keyEv("keydown", "Backspace", "Backspace", false), keyEv("keyup", "Backspace", "Backspace", false))
	}
	burst(t, ctx, backs)
	want := []rune("xyz")
	want = want[:max(0, len(want)-8)]
	waitProbe(t, ctx, "eight Backspaces within one frame", func(p probeState) bool { return p.Field == string(want) })
	burst(t, ctx, [][2]any{keyEv("keydown", "Escape", "Escape", false), keyEv("keyup", "Escape", "Escape", false)})
	p = waitProbe(t, ctx, "Save As closed", func(p probeState) bool { return p.Dialogs == 0 })

	// Q held for a second: the events carry their times. The page holds
	// the key from when it stamps the press (before sendKey returns) to
	// when it stamps the release (after the second call starts), so at
	// least the second slept and at most the whole time plus the frame
	// that takes the release.
	q := &kb.Key{Code: "KeyQ", Key: "q", Native: 'Q'}
	start := time.Now()
	sendKey(t, ctx, input.DispatchKeyEventTypeKeyDown, q, 0)
	time.Sleep(time.Second) // holding the key is the input itself
	sendKey(t, ctx, input.DispatchKeyEventTypeKeyUp, q, 0)
	held := time.Since(start) + time.Second
	r0 := p.Rotation
	var last probeState
	p = waitProbe(t, ctx, "the rotation settling", func(p probeState) bool {
		settled := p.Rotation == last.Rotation && p.Rotation != r0
		last = p
		return settled
	})
	// The probe sees the rotation modulo 360°: the turn is some
	// turned + k·360° within the range. On a loaded machine, where the
	// calls take seconds, the range is wider than a turn and cannot fail.
	turned := math.Mod(r0-p.Rotation+720, 360)
	lo, hi := 180-10.0, 180*held.Seconds()+10
	if hi-lo >= 360 {
		t.Logf("holding Q took %v: too slow to check the turn's upper bound", held)
	}
	if k := math.Ceil((lo - turned) / 360); turned+k*360 > hi {
		t.Errorf("holding Q for 1 s (%v with the calls) turned the camera %.1f° (modulo 360°), want %.0f..%.0f°", held, turned, lo, hi)
	}
}
