//go:build js

package editor

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"hexsandbox/editor/files"
	"hexsandbox/internal/clipboard"
)

// shareLink puts the map into the page's address (#map=…), so that the
// address, copied and sent, opens this map; it also tries to copy it to
// the clipboard. A map too big for a link says so and offers Download.
func (g *game) shareLink() {
	link, err := files.EncodeLink(g.sess.Grid)
	switch {
	case errors.Is(err, files.ErrTooBigForLink):
		g.confirm("Too big for a link", fmt.Sprintf("%v. Download the map instead and send the file: "+
			"Import or a drop on the page opens it.", err),
			choice{"Download", g.downloadMap}, choice{"Cancel", nil})
		return
	case err != nil:
		g.errorf("share: %v", err)
		return
	}
	win := js.Global()
	// replaceState changes the address without a hashchange event (the
	// map shown is already this one) and without a history entry.
	win.Get("history").Call("replaceState", js.Null(), "", link)
	href := win.Get("location").Get("href").String()
	if cb := win.Get("navigator").Get("clipboard"); cb.Truthy() {
		cb.Call("writeText", href) // a promise; a refused permission changes nothing
	}
	g.info(fmt.Sprintf("The page's address now holds the map (%d characters): copy it to share the map", len(href)))
}

// linkedMap is the map of the page's share link, if it has one.
func linkedMap() (files.Loaded, bool, error) {
	frag := js.Global().Get("location").Get("hash").String()
	if !files.IsLink(frag) {
		return files.Loaded{}, false, nil
	}
	l, err := files.ReadLink(frag)
	return l, true, err
}

// openLink opens the map of a share link pasted into the page's address
// while the editor runs (a hashchange), asking first about unsaved
// changes.
func (g *game) openLink() {
	if hash := js.Global().Get("location").Get("hash").String(); strings.HasPrefix(hash, "#join=") {
		g.guard("joining the online match", func() { g.joinOnline(hash, pageServer()) })
		return
	}
	l, ok, err := linkedMap()
	switch {
	case !ok:
	case err != nil:
		g.fail(err)
	default:
		g.guard("opening the shared map", func() { g.replace(l) })
	}
}

// pageServer is the match server the Online… dialog offers first: the
// one that served the page.
func pageServer() string { return js.Global().Get("location").Get("origin").String() }

// pageTitle shows the window's title as the page's (the tab's).
func pageTitle(t string) { js.Global().Get("document").Set("title", t) }

// pasteInto: Ctrl+V in a text field; the page's paste event brings the
// text (page_js.go), which needs no permission for a paste the user
// made, and pasted puts it into the focused field.
func (g *game) pasteInto(*textField) {}

// pasteButton gives field f the keyboard and asks the browser for the
// clipboard's text (it may ask the user first): the text comes back as
// a "paste" call of window.hexsandbox into the focused field, a refusal
// as a "pasteRefused" call that shows a notice. Nothing waits for the
// answer, so a question the user leaves open holds nothing up.
func (g *game) pasteButton(f *textField) {
	f.takeFocus()
	cb := js.Global().Get("navigator").Get("clipboard")
	if !cb.Truthy() || cb.Get("readText").Type() != js.TypeFunction {
		g.notice("Paste: this browser lets the page read no clipboard; press Ctrl+V in the field")
		return
	}
	var took, refused js.Func
	answer := func(name string, v js.Value) {
		took.Release()
		refused.Release()
		js.Global().Get("hexsandbox").Call("call", name, js.Global().Call("String", v))
	}
	took = js.FuncOf(func(_ js.Value, a []js.Value) any { answer("paste", arg0(a)); return nil })
	refused = js.FuncOf(func(_ js.Value, a []js.Value) any { answer("pasteRefused", arg0(a)); return nil })
	cb.Call("readText").Call("then", took, refused)
}

// arg0 is a callback's first argument, or undefined.
func arg0(a []js.Value) js.Value {
	if len(a) == 0 {
		return js.Undefined()
	}
	return a[0]
}

// pasted puts text the page was given (a paste event, or the Paste
// button's read) into the focused text field; with none focused it is
// not for a field, and Ctrl+V's other uses have their own keys.
func (g *game) pasted(text string) {
	f := g.focusedField()
	switch {
	case f == nil:
	case len(text) > clipboard.MaxBytes:
		g.notice(fmt.Sprintf("Paste: %d bytes, more than a field takes (%d)", len(text), clipboard.MaxBytes))
	default:
		f.insert(text)
	}
}

// notifyTurn shows a browser notification that it is the seat's turn
// (title: the page's new title), when the user allowed them and is not
// looking at the page; a newer one replaces it.
func notifyTurn(title string) {
	win := js.Global()
	n, doc := win.Get("Notification"), win.Get("document")
	if !n.Truthy() || n.Get("permission").String() != "granted" || (doc.Get("visibilityState").String() == "visible" && doc.Call("hasFocus").Bool()) {
		return
	}
	n.New("Your turn", map[string]any{"body": title, "tag": "hexsandbox-turn"})
}

// askToNotify asks the user, once, to allow notifications: an online
// match tells of the seat's turn by one.
func askToNotify() {
	if n := js.Global().Get("Notification"); n.Truthy() && n.Get("permission").String() == "default" {
		n.Call("requestPermission") // a promise; the answer is read when a turn comes
	}
}

// seatLink puts the seat's link into the page's address (no history
// entry, no hashchange): reloading the page, or opening the address
// later, joins the seat again.
func (g *game) seatLink(link string) {
	if strings.HasPrefix(link, pageServer()+"/") {
		js.Global().Get("history").Call("replaceState", js.Null(), "", link)
	}
}

// copyText copies text to the clipboard (what says what it is), and
// shows it too: the page may be refused the clipboard.
func (g *game) copyText(text, what string) {
	if cb := js.Global().Get("navigator").Get("clipboard"); cb.Truthy() {
		cb.Call("writeText", text) // a promise; a refused permission changes nothing
	}
	g.info(what + " is copied: " + text)
}
