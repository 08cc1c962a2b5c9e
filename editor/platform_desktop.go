//go:build !js

package editor

// The desktop side of what differs between platforms: maps in a folder,
// import by path, screenshots as PNG files. The browser build provides
// the same three functions in *_js.go files (IndexedDB, a file picker,
// a download).

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/prefs"
	"hexsandbox/render"
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

// importDialog reads a map file by path (Catlike's .map or ours).
func (g *game) importDialog() {
	s := g.style
	body := s.vbox(8, nil, 0)
	var closeFn func()
	load := func(p string) {
		p = strings.TrimSpace(p)
		if p == "" {
			g.errorf("type the path of a map file")
			return
		}
		closeFn()
		g.runFile(files.OpenPathOp(p, g.replace), true, func(err error) { g.report(err, "Importing", nil) })
	}
	field := s.textField("", "/path/to/map.map", 420, load)
	body.AddChild(s.paragraph("Path of a Catlike Hex Map .map file or a .hexmap file. You can also drop a file on the window."), field)
	closeFn = g.dialog("Import map", body, choice{"Cancel", nil}, choice{"Import", func() { load(field.GetText()) }})
	g.focusField(field)
}

// exportCatlike writes the map as a Catlike Hex Map save (.map) to a
// path, which Catlike's own project can load; the writing runs off the
// UI loop, from a copy of the map.
func (g *game) exportCatlike() {
	if g.busy() {
		return
	}
	s := g.style
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
		g.runFile(op, true, func(err error) { g.report(err, "Exporting", func() { g.info("Exported " + written) }) })
	}
	name := g.mapTitle() + saves.CatlikeExt
	field := s.textField(name, "/path/to/map.map", 420, export)
	body.AddChild(s.paragraph("Path of the Catlike Hex Map file to write (version 5; .map is added when missing)."), field)
	closeFn = g.dialog("Export as Catlike map", body, choice{"Cancel", nil}, choice{"Export", func() { export(field.GetText()) }})
	g.focusField(field)
}

// screenshot writes the next frame to a PNG in the working folder (F12):
// its pixels are copied on the UI loop, encoded and written off it.
func (g *game) screenshot() {
	name := fmt.Sprintf("hexsandbox-%s.png", g.now().Format("20060102-150405"))
	g.capture = func(img *ebiten.Image) {
		g.capture = nil
		pixels := image.NewRGBA(img.Bounds())
		img.ReadPixels(pixels.Pix)
		op := files.Op{Label: "Saving the screenshot", Run: func(context.Context) error { return render.WritePNG(name, pixels) }}
		g.runFile(op, false, func(err error) {
			if err != nil {
				g.errorf("screenshot: %v", err)
				return
			}
			g.info("Screenshot saved to " + name)
		})
	}
}
