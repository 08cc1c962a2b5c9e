package editor

import (
	"image"
	"math"

	"github.com/ebitenui/ebitenui/widget"
)

// listParts lays out a list's scroll view and its scroll bar, as the
// list's own grid would, and keeps them: ebitenui's List keeps both
// private and scrolls only by the mouse's wheel, which Ebitengine alone
// reports, so a finger dragged over the list moves the bar itself
// (touchInput). A list made by style.entryList carries its parts in
// its widget's CustomData. It asks for at most maxH pixels: ebitenui's
// List asks for all its entries' height, so that a long list grew its
// dialog past the screen and never scrolled.
type listParts struct {
	grid *widget.GridLayout
	maxH int
	view *widget.ScrollContainer
	bar  *widget.Slider // nil when the list has no vertical bar
	top  int            // the bar's place when the finger began to scroll
}

// listMaxHeight is the most height in logical pixels a list asks for:
// a dozen lines on a desktop, six a finger's height on a phone.
const listMaxHeight = 300

// newListParts is the layout of a list with a vertical bar beside its
// view, spacing pixels apart (the theme's ControlWidgetSpacing, as the
// list's own layout would have them), at most maxH pixels high.
func newListParts(spacing, maxH int) *listParts {
	return &listParts{maxH: maxH, grid: widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2),
		widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true, false}),
		widget.GridLayoutOpts.Spacing(spacing, spacing),
	)}
}

func (p *listParts) PreferredSize(ws []widget.PreferredSizeLocateableWidget) (int, int) {
	p.find(ws)
	w, h := p.grid.PreferredSize(ws)
	return w, min(h, p.maxH)
}

func (p *listParts) Layout(ws []widget.PreferredSizeLocateableWidget, r image.Rectangle) {
	p.find(ws)
	p.grid.Layout(ws, r)
}

func (p *listParts) find(ws []widget.PreferredSizeLocateableWidget) {
	p.view, p.bar = nil, nil
	for _, w := range ws {
		switch w := w.(type) {
		case *widget.ScrollContainer:
			p.view = w
		case *widget.Slider:
			p.bar = w
		}
	}
}

// scrollMax is the bar's range (ebitenui's List: 0 to 1000 for its
// view's top from the content's top to its end).
const scrollMax = 1000

// grab notes where the bar is as a finger begins to scroll the list.
func (p *listParts) grab() {
	if p.bar != nil {
		p.top = p.bar.Current
	}
}

// follow scrolls the list so that its content has moved dy pixels with
// the finger since grab (down: towards the content's top). It reports
// whether the list can scroll.
func (p *listParts) follow(dy int) bool {
	if p.view == nil || p.bar == nil {
		return false
	}
	over := p.view.ContentRect().Dy() - p.view.ViewRect().Dy()
	if over <= 0 {
		return false
	}
	at := p.top - int(math.Round(float64(dy)*scrollMax/float64(over)))
	p.bar.Current = min(max(at, 0), scrollMax)
	return true
}

// listPartsAt is the parts of the list under (x, y) in the newest
// dialog, or nil.
func (g *game) listPartsAt(x, y int) *listParts {
	if len(g.dialogs) == 0 {
		return nil
	}
	var found *listParts
	walkWidgets(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
		if l, ok := w.(*widget.List); ok && image.Pt(x, y).In(l.GetWidget().Rect) {
			if p, ok := l.GetWidget().CustomData.(*listParts); ok {
				found = p
			}
		}
	})
	return found
}
