package editor

import (
	"context"
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/topdown"
)

// Screenshots (F12, the Shot button) and Export Image. A screenshot is
// the map view as it is, filling the window, without the panel, the
// status line, the cursor and the tools' outlines: the map and its
// notes. Export Image draws the whole map from above at a chosen scale.
// Both are encoded and written off the UI loop, in file jobs (jobs.go);
// where they went is reported when they are done.

// screenshot asks for a screenshot of the next frame.
func (g *game) screenshot() { g.doc.shotPending = true }

// takeShot draws the map view into an image of the window's size and
// saves it; Draw calls it when a screenshot is pending.
func (g *game) takeShot() {
	g.doc.shotPending = false
	img := ebiten.NewImage(max(1, g.win.w), max(1, g.win.h))
	defer img.Deallocate()
	img.Fill(skyColor)
	g.scene.Draw(img, &g.cam)
	if g.view.Notes {
		v := g.cam.View(g.win.w, g.win.h)
		top := g.sess.Grid.Topology()
		copies := []float32{0}
		if top.Wrapping {
			copies = v.Copies(overlayBox(top), top.WrapSize(), nil)
		}
		g.drawNotes(img, &v, copies)
	}
	pix := image.NewRGBA(img.Bounds())
	img.ReadPixels(pix.Pix)
	name := files.ShotName(g.mapTitle(), "shot", g.clock.now)
	var where string
	op := files.Op{Label: "Saving the screenshot", Run: func(context.Context) (err error) {
		where, err = g.savePicture(name, pix)
		return err
	}}
	g.runFile(op, false, func(err error) {
		g.report(err, "Screenshot", func() { g.info("Screenshot saved to " + where) })
	})
}

// exportImageDialog asks for the scale of a picture of the whole map
// from above, and makes it.
func (g *game) exportImageDialog() {
	if len(g.dialogs) > 0 {
		return
	}
	s := g.win.style
	grid := g.sess.Grid.Clone() // the worker's own: the map may change meanwhile
	top := grid.Topology()
	scale := min(16, topdown.MaxScale(top))
	size := s.label("", colAccent)
	show := func(px int) {
		w, h := topdown.PictureSize(top, px)
		size.Label = fmt.Sprintf("%d px per cell: %d × %d pixels", px, w, h)
	}
	show(scale)
	slider := s.slider(topdown.MinCellPixels, topdown.MaxScale(top), scale, func(v int) { scale = v; show(v) })
	slider.GetWidget().MinWidth = s.px(300)
	body := s.vbox(8, nil, 0)
	body.AddChild(s.paragraph("The whole map from above, north up: each cell a hexagon in its terrain's colour, "+
		"with water, rivers, roads, walls, towns, farms, forests, specials and the map notes."),
		s.withTip(slider, "Pixels per cell: the width of one hexagon"), size,
		s.paragraph(g.pictureDestination()))
	name := files.ShotName(g.mapTitle(), "map", g.clock.now)
	g.dialog("Export image", body, choice{"Cancel", nil}, choice{"Export", func() {
		var img *image.RGBA
		var where string
		op := files.Op{Label: "Drawing the map picture", Detachable: true, Run: func(context.Context) (err error) {
			if img, err = topdown.Picture(grid, scale); err == nil {
				where, err = g.savePicture(name, img)
			}
			return err
		}}
		g.runFile(op, true, func(err error) {
			g.report(err, "Export image", func() {
				b := img.Bounds()
				g.info(fmt.Sprintf("Map picture (%d × %d) saved to %s", b.Dx(), b.Dy(), where))
			})
		})
	}})
}
