//go:build !js

package editor

import (
	"time"

	"hexsandbox/editor/files"
	"hexsandbox/internal/clipboard"
)

// browserFiles tells whether the panel should offer the browser's
// "Download" (downloadMap); the desktop has real files instead.
const browserFiles = false

// rehearseComputer: natively the program is compiled before it runs, so
// the computer's first turn needs no rehearsal (playSession.rehearse).
const rehearseComputer = false

// startPlatform adds what the browser build needs (platform_js.go: the
// page hooks); newGame calls it on every platform, and the desktop needs
// nothing more.
func (g *game) startPlatform() {}

// downloadMap exists only in the browser (platform_js.go).
func (g *game) downloadMap() {}

// pointerInPage is always true on the desktop: the window's last pointer
// position is where the user left it.
func pointerInPage() bool { return true }

// touchScreen reports whether the screen takes fingers (the desktop's
// controls are for a mouse).
func touchScreen() bool { return false }

// shareLink exists only in the browser (share_js.go): links open pages.
func (g *game) shareLink() {}

// linkedMap: desktop programs open no links.
func linkedMap() (files.Loaded, bool, error) { return files.Loaded{}, false, nil }

// pickMapFile exists only in the browser (platform_js.go): the desktop's
// Import has a file browser of its own.
func (g *game) pickMapFile() {}

// slowDown makes a frame d longer (the slow-machine test hook): a sleep,
// during which the windowing system keeps the input for the next read.
func slowDown(d time.Duration) { time.Sleep(d) }

// pageServer is the match server the Online… dialog offers first: the
// local one.
func pageServer() string { return defaultServer }

// pageTitle: the window's title is all there is.
func pageTitle(string) {}

// notifyTurn: the window's title says it is the seat's turn.
func notifyTurn(string) {}

// askToNotify: the desktop has no notifications to ask for.
func askToNotify() {}

// seatLink: a window has no address to keep the seat's link in.
func (g *game) seatLink(string) {}

// copyText puts text on the system clipboard (what says what it is);
// where there is none, a dialog shows it, to be copied by hand.
func (g *game) copyText(text, what string) {
	if err := clipboard.Write(text); err != nil {
		g.message(what, text)
		return
	}
	g.info(what + " is copied: " + text)
}

// clipboardWait bounds the wait for the clipboard's owner to give its
// text.
const clipboardWait = time.Second

// pasteInto puts the system clipboard's text into field f (Ctrl+V).
func (g *game) pasteInto(f *textField) {
	text, err := clipboard.Read(clipboardWait)
	if err != nil {
		g.notice("Paste: " + err.Error())
		return
	}
	f.insert(text)
}

// pasteButton gives field f the keyboard and puts the clipboard's text
// into it (a Paste button beside it, for a touch screen's user).
func (g *game) pasteButton(f *textField) {
	f.takeFocus()
	g.pasteInto(f)
}
