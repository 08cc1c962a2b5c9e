//go:build js

package editor

import (
	"errors"
	"fmt"
	"syscall/js"

	"hexsandbox/editor/files"
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

// run executes one call of window.hexsandbox. Results are strings (JSON
// where structured) or nothing. The shipped build knows one call, the
// file picker that Import opens; test builds add their hooks.
func (p *page) run(g *game, name, arg string) (any, error) {
	if name == "pickFile" {
		p.pickFile()
		return nil, nil
	}
	if res, ok, err := p.testCall(g, name, arg); ok {
		return res, err
	}
	return nil, fmt.Errorf("hexsandbox: no call %q", name)
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
// later Update. A new picker replaces one still waiting, so a browser
// that never reports a cancelled picker cannot lock the command out.
func (p *page) pickFile() { p.picked = files.PickFile() }
