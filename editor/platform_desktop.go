//go:build !js

package editor

// The desktop side of what differs between platforms: maps in a folder,
// import by path, pictures as PNG files in the screenshots folder. The browser build provides
// the same three functions in *_js.go files (IndexedDB, a file picker,
// a download).

import (
	"context"
	"image"
	"path/filepath"
	"strings"

	"hexsandbox/editor/files"
	"hexsandbox/editor/prefs"
	"hexsandbox/saves"
)

// openStore opens the maps folder of the options.
func openStore(opts Options) (files.Store, error) {
	dir := opts.MapsDir
	if dir == "" {
		d, err := files.DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	return files.OpenDir(dir)
}

// openPrefs is the settings file in the options' config folder.
func openPrefs(opts Options) prefs.Store {
	dir := opts.Config
	if dir == "" {
		d, err := prefs.DefaultDir()
		if err != nil {
			return nil
		}
		dir = d
	}
	return prefs.InDir(dir)
}

// exportCatlike writes the map as a Catlike Hex Map save (.map) to a
// path, which Catlike's own project can load; the writing runs off the
// UI loop, from a copy of the map.
func (g *game) exportCatlike() {
	if g.busy() {
		return
	}
	s := g.win.style
	body := s.vbox(8, nil, 0)
	var closeFn func()
	export := func(p string) {
		if strings.TrimSpace(p) == "" {
			g.errorf("export: no file name")
			return
		}
		closeFn()
		written := files.CatlikePath(p)
		grid := g.sess.Grid.Clone()
		op := files.Op{Label: "Exporting " + filepath.Base(written),
			Run: func(ctx context.Context) error { return files.ExportCatlike(ctx, written, grid) }}
		g.runFile(op, true, func(err error) { g.report(err, "Exporting", func() { g.exported("Exported "+written, grid) }) })
	}
	name := g.mapTitle() + saves.CatlikeExt
	field := s.textField(name, "/path/to/map.map", 420, export)
	body.AddChild(s.paragraph("Path of the Catlike Hex Map file to write (version 5; .map is added when missing)."), field)
	closeFn = g.dialog("Export as Catlike map", body, choice{"Cancel", nil}, choice{"Export", func() { export(field.GetText()) }})
	g.focusField(field)
}

// picturesDir is where screenshots and map pictures go: the
// screenshots folder beside the maps folder.
func picturesDir(store files.Store) string {
	if d, ok := store.(*files.Dir); ok {
		return files.ScreenshotsDir(d.Path)
	}
	return "."
}

// savePicture writes img as name into the screenshots folder and returns
// its full path. It runs off the UI loop (in a file job).
func (g *game) savePicture(name string, img image.Image) (string, error) {
	return files.WritePNG(filepath.Join(g.doc.shotsDir, name), img)
}

// pictureDestination says where Export Image writes.
func (g *game) pictureDestination() string { return "It goes into " + g.doc.shotsDir + "." }
