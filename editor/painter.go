package editor

import (
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/render/project"
)

// chrome is the editor's window around the map: its size in device
// pixels, the UI scale and style, ebitenui's UI, and the layer the
// widgets are cached in.
type chrome struct {
	w, h  int
	scale float64
	style *style
	ui    *ebitenui.UI
	// The widgets are drawn into layer, again only when input may have
	// changed them (dirty), a dialog is open, or a while has passed since
	// drawn: on a software renderer they cost more than the cached map.
	layer *ebiten.Image
	dirty bool
	drawn time.Time
}

// painter draws the 2D overlay over the map: cell outlines and fills in
// batches, and text on cells, projected with the map's camera.
type painter struct {
	sess  *files.Session
	win   *chrome
	cam   *project.Camera
	white *ebiten.Image // one white pixel to draw shapes with
	lines shapeBatch    // outlines, drawn in one batch
	fills shapeBatch    // filled cells
	// sorted is scratch: the cells of a path, sorted.
	sorted []int
}
