// Package editor is the interactive map editor: the window, input, the
// tool panel, brushes, file dialogs, undo and recovery. The logic that
// needs no window lives in editor/tools (settings, brushes, drags, undo)
// and editor/files (map storage, sessions, autosave).
package editor

import (
	"context"
	"errors"
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/showcase"
)

// Options are the editor's start-up settings.
type Options struct {
	File    string // map to open; empty: the embedded showcase map
	MapsDir string // where maps are listed and saved; empty: the user's config dir
	// Config is the folder of the settings file (the quality choices);
	// empty: os.UserConfigDir()/hexsandbox. The browser keeps them in its
	// local storage instead.
	Config string
}

// Run opens the editor window and returns when it is closed.
func Run(opts Options) error {
	g, err := newGame(opts, newInput())
	if err != nil {
		return err
	}
	return runGame(g)
}

func runGame(g *game) error {
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetVsyncEnabled(true)
	g.updateTitle()
	err := ebiten.RunGame(g)
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}

// startMap is the map the editor opens with and the name to suggest for
// saving it.
func startMap(opts Options) (files.Loaded, error) {
	if opts.File != "" {
		return files.OpenPath(context.Background(), opts.File) // before the window opens
	}
	g, err := showcase.Map()
	if err != nil {
		return files.Loaded{}, fmt.Errorf("showcase map: %v", err)
	}
	return files.Loaded{Grid: g, Name: "showcase"}, nil
}
