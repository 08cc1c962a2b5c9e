//go:build js

package editor

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"hexsandbox/chunk"
	"hexsandbox/editor/files"
	"hexsandbox/render"
)

// page is the editor's side of window.hexsandbox: the page (and the
// browser tests) call hexsandbox.call(name, arg), which returns a
// promise; the request waits in a queue until the next Update runs it
// with the game, since JavaScript callbacks must not touch the game from
// their own goroutine.
type page struct {
	reqs   chan request
	picked <-chan files.LoadResult // an open file picker, or nil
}

type request struct {
	name, arg       string
	resolve, reject js.Value
}

// maxQueued bounds the queue; calls beyond it are rejected at once.
const maxQueued = 32

func newPage() *page {
	p := &page{reqs: make(chan request, maxQueued)}
	api := js.Global().Get("Object").New()
	api.Set("call", js.FuncOf(p.enqueue))
	js.Global().Set("hexsandbox", api)
	return p
}

// enqueue is hexsandbox.call(name, arg) and returns a promise.
func (p *page) enqueue(this js.Value, args []js.Value) any {
	r := request{}
	if len(args) > 0 {
		r.name = args[0].String()
	}
	if len(args) > 1 && args[1].Type() == js.TypeString {
		r.arg = args[1].String()
	}
	exec := js.FuncOf(func(this js.Value, cb []js.Value) any {
		r.resolve, r.reject = cb[0], cb[1]
		select {
		case p.reqs <- r:
		default:
			r.reject.Invoke("hexsandbox: too many calls waiting")
		}
		return nil
	})
	defer exec.Release()
	return js.Global().Get("Promise").New(exec)
}

// serve runs the queued calls and opens a picked file; Update calls it.
func (p *page) serve(g *game) {
	p.takePicked(g)
	for {
		select {
		case r := <-p.reqs:
			res, err := p.run(g, r.name, r.arg)
			if err != nil {
				r.reject.Invoke(err.Error())
			} else {
				r.resolve.Invoke(res)
			}
		default:
			return
		}
	}
}

func (p *page) takePicked(g *game) {
	if p.picked == nil {
		return
	}
	select {
	case res := <-p.picked:
		p.picked = nil
		switch {
		case errors.Is(res.Err, files.ErrCanceled):
		case res.Err != nil:
			g.errorf("%v", res.Err)
		default:
			g.replace(res.Loaded)
		}
	default:
	}
}

// pickFile opens the browser's file picker; the chosen map opens in a
// later Update.
func (p *page) pickFile() {
	if p.picked == nil {
		p.picked = files.PickFile()
	}
}

// run executes one call. Results are strings (JSON where structured).
func (p *page) run(g *game, name, arg string) (any, error) {
	switch name {
	case "map": // the current map in the product's format, base64
		data, err := files.Encode(g.sess.Grid)
		return base64.StdEncoding.EncodeToString(data), err
	case "status":
		return p.status(g)
	case "saveAs":
		err := g.sess.SaveAs(arg, true)
		g.updateTitle()
		return nil, err
	case "open":
		if err := g.sess.Open(arg); err != nil {
			return nil, err
		}
		g.resetView()
		return nil, nil
	case "new": // an empty 20×15 map, as File ▸ New does
		if err := g.sess.NewMap(20, 15, g.sess.Grid.Seed()); err != nil {
			return nil, err
		}
		g.resetView()
		return nil, nil
	case "list":
		list, err := g.sess.Store.List()
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(list)
		return string(b), err
	case "download":
		return nil, files.Download(g.sess.Title(), g.sess.Grid)
	case "pickFile":
		p.pickFile()
		return nil, nil
	case "depthCheck":
		return depthCheck(g)
	case "clock": // run the editor's clock this many seconds ahead (autosave)
		d, err := time.ParseDuration(arg + "s")
		if err != nil {
			return nil, fmt.Errorf("clock: %v", err)
		}
		g.now = func() time.Time { return time.Now().Add(d) }
		return nil, nil
	case "recovery": // the recovery autosave in the product's format, base64; "" if none
		_, rg, err := g.sess.Store.LoadRecovery()
		if errors.Is(err, files.ErrNoRecovery) {
			return "", nil
		}
		if err != nil {
			return nil, err
		}
		data, err := files.Encode(rg)
		return base64.StdEncoding.EncodeToString(data), err
	case "camera": // a JSON patch of the camera (X, Z, Zoom, Rotation); "" resets
		if arg == "" {
			g.resetView()
			return nil, nil
		}
		if err := json.Unmarshal([]byte(arg), &g.cam.Camera); err != nil {
			return nil, fmt.Errorf("camera: %v", err)
		}
		g.cam.Clamp()
		return nil, nil
	case "settings": // a JSON patch of tools.Settings
		if err := json.Unmarshal([]byte(arg), &g.settings); err != nil {
			return nil, fmt.Errorf("settings: %v", err)
		}
		g.panel.sync(&g.settings, &g.view)
		return nil, nil
	}
	return nil, fmt.Errorf("hexsandbox: no call %q", name)
}

// status describes the editor for the tests: map name, unsaved changes,
// screen size, open dialogs and the part of the screen that shows the map (left of the
// panel, above the status line).
func (p *page) status(g *game) (string, error) {
	view := g.mapRect()
	if pr := g.panel.root.GetWidget().Rect; pr.Min.X > view.Min.X {
		view.Max.X = min(view.Max.X, pr.Min.X)
	}
	b, err := json.Marshal(map[string]any{
		"name": g.sess.Name, "modified": g.sess.Modified(), "width": g.w, "height": g.h, "dialogs": g.modals,
		"mapRect": [4]int{view.Min.X, view.Min.Y, view.Max.X, view.Max.Y},
	})
	return string(b), err
}

// depthCheck renders the current map in flat mode from several views on
// this browser's WebGL and compares each with the CPU z-buffer; it
// returns JSON [{"View":[zoom, rotation], "SubpixelBits", "Differ",
// "Covered"}, …].
func depthCheck(g *game) (string, error) {
	const w, h = 480, 270
	set := chunk.NewSet(g.sess.Grid)
	type result struct {
		View         [2]float64 // zoom, rotation
		SubpixelBits int
		render.DepthCheck
	}
	bits := subpixelBits()
	var out []result
	for _, v := range [][2]float64{{0, 0}, {0.5, 30}, {1, 200}, {0.8, 95}} {
		cam := render.NewCamera(g.sess.Grid)
		cam.SetZoom(v[0])
		cam.SetRotation(v[1])
		c, err := render.FlatDepthCheck(set, cam, w, h, bits)
		if err != nil {
			return "", err
		}
		out = append(out, result{View: v, SubpixelBits: bits, DepthCheck: c})
	}
	b, err := json.Marshal(out)
	return string(b), err
}

// subpixelBits asks the browser's WebGL for its sub-pixel precision (on a
// canvas of its own: the game's context is Ebitengine's); 0 if unknown.
func subpixelBits() int {
	const glSubpixelBits = 0x0D50
	c := js.Global().Get("document").Call("createElement", "canvas")
	gl := c.Call("getContext", "webgl2")
	if !gl.Truthy() {
		return 0
	}
	defer func() {
		if ext := gl.Call("getExtension", "WEBGL_lose_context"); ext.Truthy() {
			ext.Call("loseContext")
		}
	}()
	if v := gl.Call("getParameter", glSubpixelBits); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}
