// Package editor is the interactive map editor: the window, input, the
// tool panel, brushes, file dialogs, undo and recovery. The logic that
// needs no window lives in editor/tools (settings, brushes, drags, undo)
// and editor/files (map storage, sessions, autosave).
package editor

import (
	"errors"

	"github.com/hajimehoshi/ebiten/v2"
)

// Options are the editor's start-up settings.
type Options struct {
	File    string // map to open; empty: the embedded showcase map
	MapsDir string // where maps are listed and saved; empty: the user's config dir
	// Config is the folder of the settings file (the quality choices);
	// empty: os.UserConfigDir()/hexsandbox. The browser keeps them in its
	// local storage instead.
	Config string
	// Join is a seat's link of an online match to join at start.
	Join string
}

// Run opens the editor window and returns when it is closed.
func Run(opts Options) error {
	pageMark("editor-run")
	g, err := newGame(opts, newInput())
	if err != nil {
		return err
	}
	pageMark("game-built")
	return g.run()
}

// keepScreen stops Ebitengine clearing the screen before each Draw: Draw
// paints every pixel (fillBackground), and on a software renderer the
// clear is a full-screen pass of its own.
func keepScreen() { ebiten.SetScreenClearedEveryFrame(false) }

func (g *game) run() error {
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetVsyncEnabled(true)
	keepScreen()
	g.updateTitle()
	// A still window or page sleeps between its frames (idleWaker): in
	// the browser requestAnimationFrame keeps coming, but Ebitengine runs
	// no Update or Draw unless input came or the waker (or a call of
	// window.hexsandbox, page.enqueue) asked for one.
	g.quality.waker.enable()
	err := ebiten.RunGame(g)
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}
