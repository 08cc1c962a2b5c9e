package editor

import (
	"fmt"
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
	"hexsandbox/topdown"
)

// The Open dialog lists the saved maps with their size, shape and date,
// shows a small preview of the one selected, and opens it with Open, a
// double click or Enter. In the browser it also takes a file from disk.

// Preview size in the Open dialog, logical pixels.
const openPreviewW, openPreviewH = 240, 180

// entryLabel is a saved map's line in the list.
func entryLabel(e files.Entry) string {
	shape := "?"
	if e.Shape.Width > 0 {
		shape = mapShape(e.Shape)
	}
	return fmt.Sprintf("%s   ·  %s  ·  %s  ·  %s", e.Name, shape, byteSize(e.Size), e.Modified.Local().Format("2 Jan 2006 15:04"))
}

// byteSize writes a file size for people.
func byteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// mapPreview is the Open dialog's preview of the selected map, loaded
// off the UI goroutine.
type mapPreview struct {
	canvas  *ebiten.Image
	graphic *widget.Graphic
	caption *widget.Text
	want    string // the map whose preview is wanted
	shown   string // the map whose preview is shown
}

func newMapPreview(s *style) *mapPreview {
	p := &mapPreview{canvas: ebiten.NewImage(s.px(openPreviewW), s.px(openPreviewH))}
	p.canvas.Fill(topdown.Back)
	p.graphic = widget.NewGraphic(widget.GraphicOpts.Image(p.canvas))
	p.caption = widget.NewText(widget.TextOpts.Text("Pick a map to see it", &s.small, colDim),
		widget.TextOpts.MaxWidth(float64(s.px(openPreviewW))))
	return p
}

// show loads map name from the store on a worker and shows it.
func (p *mapPreview) show(g *game, name string) {
	p.want = name
	p.caption.Label = "Loading " + name + "…"
	store := g.sess.Store
	w, h := p.canvas.Bounds().Dx(), p.canvas.Bounds().Dy()
	go func() {
		grid, _, err := store.Load(name)
		var img *image.RGBA
		if err == nil {
			img = topdown.Preview(grid, w, h)
		}
		g.runLater(func() {
			if p.want != name {
				return // another map was picked meanwhile
			}
			p.shown = name
			p.canvas.Fill(topdown.Back)
			if err != nil {
				p.caption.Label = err.Error()
				return
			}
			pic := ebiten.NewImageFromImage(img)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(w-img.Bounds().Dx())/2, float64(h-img.Bounds().Dy())/2)
			p.canvas.DrawImage(pic, op)
			pic.Deallocate()
			p.caption.Label = previewCaption(grid)
		})
	}()
}

// previewCaption describes a map under its preview.
func previewCaption(g *hexmap.Grid) string {
	land, rivers := 0, 0
	for _, c := range g.Cells() {
		if !c.IsUnderwater() {
			land++
		}
		if c.HasOutgoingRiver() {
			rivers++
		}
	}
	s := fmt.Sprintf("%s: %d%% land, %d river cells", mapShape(g.Topology()), (100*land+g.CellCount()/2)/g.CellCount(), rivers)
	if n := g.NoteCount(); n > 0 {
		s += fmt.Sprintf(", %d note%s", n, plural(n))
	}
	return s
}

func (g *game) openDialog() {
	s := g.style
	list, err := g.sess.Store.List()
	if err != nil {
		g.errorf("%v", err)
		return
	}
	if len(list) == 0 && !browserFiles {
		g.message("Open map", "No maps saved yet. Save one with Ctrl+S, or import a file.")
		return
	}
	entries := make([]listEntry, len(list))
	for k, e := range list {
		entries[k] = listEntry{key: e.Name, label: entryLabel(e)}
	}
	selected := ""
	preview := newMapPreview(s)
	lst := s.entryList(entries, 440, func(e listEntry) {
		selected = e.key
		preview.show(g, e.key)
	})
	side := s.vbox(6, nil, 0)
	side.AddChild(preview.graphic, preview.caption)
	columns := s.grid([]bool{true, false}, 12)
	columns.AddChild(lst, side)
	body := s.vbox(8, nil, 0)
	if len(list) == 0 {
		body.AddChild(s.paragraph("No maps saved in this browser yet: take one from disk, or save one with Ctrl+S."))
	} else {
		body.AddChild(s.paragraph("Double-click a map or press Enter to open it."))
	}
	body.AddChild(columns)
	choices := []choice{{"Delete…", func() { g.deleteDialog(selected) }}}
	if browserFiles {
		choices = append(choices, choice{"From disk…", g.pickMapFile})
	}
	choices = append(choices, choice{"Cancel", nil}, choice{"Open", func() { g.openNamed(selected) }})
	closeFn := g.dialog("Open map", body, choices...)
	var dc doubleClick
	g.onDialog(func() {
		if selected != "" {
			closeFn()
		}
		g.openNamed(selected)
	}, func() {
		if e, ok := dc.update(g, lst); ok {
			closeFn()
			g.openNamed(e.(listEntry).key)
		}
	})
}
