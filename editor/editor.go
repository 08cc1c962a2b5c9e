// Package editor is the interactive map editor: the window, input, the
// tool panel, brushes, file dialogs, undo and recovery.
package editor

import "errors"

// Options are the editor's start-up settings.
type Options struct {
	File    string // map to open; empty: the embedded showcase map
	MapsDir string // where maps are listed and saved; empty: the user's config dir
}

// Run opens the editor window and returns when it is closed.
func Run(opts Options) error { return errors.New("editor: not implemented yet") }
