//go:build js

package editor

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"hexsandbox/editor/files"
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

// seatLink puts the seat's link into the page's address (no history
// entry, no hashchange): reloading the page, or opening the address
// later, joins the seat again.
func (g *game) seatLink(link string) {
	if strings.HasPrefix(link, pageServer()+"/") {
		js.Global().Get("history").Call("replaceState", js.Null(), "", link)
	}
}
