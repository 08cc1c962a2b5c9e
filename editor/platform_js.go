//go:build js

package editor

// The browser side of what differs between platforms (see
// platform_desktop.go): maps in IndexedDB slots, import through the
// browser's file picker, screenshots and maps as downloads, and the
// page hooks. newGame must call g.startPlatform() once the UI is built.

import (
	"strings"
	"syscall/js"
	"time"

	"hexsandbox/editor/files"
	"hexsandbox/editor/prefs"
	"hexsandbox/saves"
)

// browserFiles tells the panel to offer "Download" (downloadMap): in the
// browser the Store holds named slots, and files on disk are reached only
// through the browser (Import… opens its file picker).
const browserFiles = true

// rehearseComputer: a play session rehearses the computer's first turn
// as it begins (playSession.rehearse), since the browser compiles each
// function of the program on its first call.
const rehearseComputer = true

// openStore opens the browser's map storage; there is no maps folder.
func openStore(Options) (files.Store, error) { return files.OpenBrowser() }

// openPrefs keeps the settings in the browser's local storage.
func openPrefs(Options) prefs.Store { return prefs.Local{Key: prefs.DefaultKey} }

// importDialog opens the browser's file picker; the chosen map replaces
// the current one a few frames later (cmdImport has already asked about
// unsaved changes).
func (g *game) importDialog() { g.pickMapFile() }

// startPlatform wires the editor into the web page: it installs
// window.hexsandbox (page_js.go), tells the page when the first frame is
// on screen, mirrors the unsaved-changes flag for the page's
// beforeunload guard, and opens maps the user picked. It chains any test
// script already set.
func (g *game) startPlatform() {
	p := newPage()
	if strings.HasPrefix(js.Global().Get("location").Get("hash").String(), "#join=") {
		p.reqs <- request{name: "openLink"} // a seat's link: join it
	}
	prev := g.hooks.script
	frames := 0
	g.hooks.script = func() bool {
		switch frames++; frames {
		case 1:
			pageMark("first-update")
		case 2: // the first Draw has been presented
			markReady()
		}
		js.Global().Set("hexsandboxModified", g.sess.Modified())
		g.serve(p)
		return prev != nil && prev()
	}
}

// pickMapFile opens the browser's file picker; the chosen map opens in a
// later Update (through page.pickFile, reached via window.hexsandbox so
// that no state is kept outside the game). Call it from a click or key
// handler: browsers show the picker only shortly after user input.
func (g *game) pickMapFile() {
	js.Global().Get("hexsandbox").Call("call", "pickFile")
}

// exportCatlike offers the map as a Catlike Hex Map save (.map), which
// Catlike's own project can load, as a download.
func (g *game) exportCatlike() {
	if err := files.DownloadCatlike(g.mapTitle(), g.sess.Grid); err != nil {
		g.fail(err)
		return
	}
	g.exported("Downloading "+g.mapTitle()+saves.CatlikeExt, g.sess.Grid)
}

// downloadMap offers the map as a file download.
func (g *game) downloadMap() {
	if err := files.Download(g.sess.Title(), g.sess.Grid); err != nil {
		g.fail(err)
		return
	}
	g.info("Downloading " + g.sess.Title() + files.Ext)
}

// pointerInPage reports whether the pointer is over the page: the page
// sets window.hexsandboxPointerOut when it leaves (web/index.html).
func pointerInPage() bool { return !js.Global().Get("hexsandboxPointerOut").Truthy() }

// touchScreen reports whether the page's screen takes fingers (a phone,
// a tablet): its controls are then a finger's size.
func touchScreen() bool { return js.Global().Get("navigator").Get("maxTouchPoints").Int() > 0 }

// slowDown makes a frame d longer (the slow-machine test hook) by keeping
// the page's only thread busy, as a heavy frame does: the browser holds
// the input events until the frame is over.
func slowDown(d time.Duration) {
	for start := wallClock(); wallClock().Sub(start) < d; {
	}
}

// askStarPath tells how to import a script in the browser, which offers
// no path: drop the file on the scenario dialog d.
func (g *game) askStarPath(*scenarioDialog) {
	g.info("Drop a " + starExt + " file on the scenario dialog to import its script")
}
