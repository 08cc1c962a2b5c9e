package editor

import (
	"context"
	"fmt"
	"image"
	"sync/atomic"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
	"hexsandbox/palette"
	"hexsandbox/topdown"
)

// The Open dialog lists the saved maps with their size, shape and date,
// shows a small preview of the one selected, and opens it with Open, a
// double click or Enter. In the browser it also takes a file from disk.

// Preview size in the Open dialog, logical pixels.
const openPreviewW, openPreviewH = 240, 180

// entryLabel is a saved map's line in a list: its name, shape, size and
// date, or why it cannot be opened.
func entryLabel(e files.Entry) string {
	if e.Damaged != "" {
		return e.Name + "  (damaged: " + e.Damaged + ")"
	}
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
	want    string       // the map whose preview is wanted
	asked   atomic.Int64 // counts the previews asked for: a worker skips all but the last
}

func newMapPreview(s *style) *mapPreview {
	p := &mapPreview{canvas: ebiten.NewImage(s.px(openPreviewW), s.px(openPreviewH))}
	p.canvas.Fill(palette.Back)
	p.graphic = widget.NewGraphic(widget.GraphicOpts.Image(p.canvas))
	p.caption = widget.NewText(widget.TextOpts.Text("Pick a map to see it", &s.small, colDim),
		widget.TextOpts.MaxWidth(float64(s.px(openPreviewW))))
	return p
}

// previewMap loads map e from the store off the UI loop (in the background,
// behind other file work) and shows it, unless another was picked
// meanwhile.
func (g *game) previewMap(p *mapPreview, e files.Entry) {
	p.want = e.Name
	ask := p.asked.Add(1)
	if e.Damaged != "" {
		p.canvas.Fill(palette.Back)
		p.caption.Label = "Damaged: " + e.Damaged
		return
	}
	p.caption.Label = "Loading " + e.Name + "…"
	store, name := g.sess.Store, e.Name
	w, h := p.canvas.Bounds().Dx(), p.canvas.Bounds().Dy()
	var grid *hexmap.Grid
	var img *image.RGBA
	op := files.Op{Label: "Previewing " + name, Detachable: true, Run: func(ctx context.Context) (err error) {
		if p.asked.Load() != ask {
			return nil // another map was picked before this one's turn came
		}
		if grid, _, err = store.Load(ctx, name); err == nil {
			img = topdown.Preview(grid, w, h)
		}
		return err
	}}
	g.runFile(op, false, func(err error) {
		if p.want != name || (err == nil && grid == nil) {
			return
		}
		p.canvas.Fill(palette.Back)
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
	s := fmt.Sprintf("%s: %d%% land, %d river cells", mapShape(g.Topology()), (100*land+g.Topology().CellCount()/2)/g.Topology().CellCount(), rivers)
	if n := g.NoteCount(); n > 0 {
		s += fmt.Sprintf(", %d note%s", n, plural(n))
	}
	return s
}

func (g *game) openDialog() { g.withList(g.openDialogWith) }

func (g *game) openDialogWith(list []files.Entry) {
	s := g.win.style
	if len(list) == 0 && !browserFiles {
		g.message("Open map", "No maps saved yet. Save one with Ctrl+S, or import a file.")
		return
	}
	var selected files.Entry
	preview := newMapPreview(s)
	// On a phone's width the preview goes under the list.
	listW, cols := 440, []bool{true, false}
	if g.narrow() {
		listW, cols = g.dialogWidth(listW), []bool{true}
	}
	lst := s.mapList(list, listW, func(e files.Entry) {
		selected = e
		g.previewMap(preview, e)
	})
	side := s.vbox(6, nil, 0)
	side.AddChild(preview.graphic, preview.caption)
	columns := s.grid(cols, 12)
	columns.AddChild(lst, side)
	body := s.vbox(8, nil, 0)
	if len(list) == 0 {
		body.AddChild(s.paragraph("No maps saved in this browser yet: take one from disk, or save one with Ctrl+S."))
	} else {
		body.AddChild(s.paragraph("Double-click a map or press Enter to open it."))
	}
	body.AddChild(columns)
	choices := []choice{{"Delete…", func() { g.deleteDialog(selected.Name) }}}
	if browserFiles {
		choices = append(choices, choice{"From disk…", g.pickMapFile})
	}
	choices = append(choices, choice{"Cancel", nil}, choice{"Open", func() { g.openNamed(selected) }})
	closeFn := g.dialog("Open map", body, choices...)
	// The open map, else the first, is selected: Enter opens it at once.
	if e := entryNamedIn(lst, g.sess.Name); e != nil {
		lst.SetSelectedEntry(e)
	} else if es := lst.Entries(); len(es) > 0 {
		lst.SetSelectedEntry(es[0])
	}
	var dc doubleClick
	g.onDialog(func() {
		if selected.Name != "" {
			closeFn()
		}
		g.openNamed(selected)
	}, func() {
		if e, ok := dc.update(&g.inp, g.clock.now, lst); ok {
			closeFn()
			g.openNamed(e.(listEntry).entry)
		}
	})
}

// entryNamedIn is the entry of list l for the saved map name, nil when
// there is none.
func entryNamedIn(l *widget.List, name string) any {
	for _, e := range l.Entries() {
		if e.(listEntry).key == name && name != "" {
			return e
		}
	}
	return nil
}
