//go:build js

package editor

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

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
	// A share link pasted into the address of the open page changes only
	// its fragment: open that map (after asking about unsaved changes).
	js.Global().Call("addEventListener", "hashchange", js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case p.reqs <- request{name: "openLink"}:
			ebiten.ScheduleFrame()
		default:
		}
		return nil
	}))
	// The user's paste (Ctrl+V, the browser's menu) brings its text with
	// the event, without asking for the clipboard: for the focused field.
	js.Global().Call("addEventListener", "paste", js.FuncOf(func(_ js.Value, a []js.Value) any {
		if len(a) == 0 || !a[0].Get("clipboardData").Truthy() {
			return nil
		}
		text := a[0].Get("clipboardData").Call("getData", "text/plain").String()
		select {
		case p.reqs <- request{name: "paste", arg: text}:
		default:
		}
		return nil
	}))
	return p
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
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
			ebiten.ScheduleFrame() // a sleeping page answers at once
		default:
			r.reject.Invoke("hexsandbox: too many calls waiting")
		}
		return nil
	})
	defer exec.Release()
	return js.Global().Get("Promise").New(exec)
}

// run executes one call of window.hexsandbox. Results are strings (JSON
// where structured) or nothing. The shipped build knows two calls: the
// file picker that Import opens and openLink, which opens the map of the
// share link in the page's address (what the page asks when the address
// changes); test builds add their hooks.
func (g *game) runCall(p *page, name, arg string) (any, error) {
	switch name {
	case "pickFile":
		p.pickFile()
		return nil, nil
	case "openLink":
		g.openLink()
		return nil, nil
	case "paste": // text for the focused field (the page's paste event, the Paste button)
		g.pasted(arg)
		return nil, nil
	case "pasteRefused": // the browser's answer to the Paste button's read
		g.notice("Paste: the browser refused the clipboard (" + firstLine(arg) + "); press Ctrl+V in the field instead")
		return nil, nil
	}
	if res, ok, err := g.testCall(p, name, arg); ok {
		return res, err
	}
	return nil, fmt.Errorf("hexsandbox: no call %q", name)
}

// serve runs the queued calls and opens a picked file; Update calls it.
func (g *game) serve(p *page) {
	g.takePicked(p)
	for {
		select {
		case r := <-p.reqs:
			res, err := g.runCall(p, r.name, r.arg)
			switch {
			case r.resolve.IsUndefined(): // from the page itself: no promise
			case err != nil:
				r.reject.Invoke(err.Error())
			default:
				r.resolve.Invoke(res)
			}
		default:
			return
		}
	}
}

func (g *game) takePicked(p *page) {
	if p.picked == nil {
		return
	}
	select {
	case res := <-p.picked:
		p.picked = nil
		switch {
		case errors.Is(res.Err, files.ErrCanceled):
		case res.Err != nil:
			g.fail(res.Err)
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
