package editor

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// A window narrower than narrowWidth logical pixels (a phone held
// upright: CSS pixels in the browser) has no room for the panel beside
// the map: the panel becomes a drawer over the map's right side, opened
// by a button on the map and closed when the map is touched. Buttons
// drawn on the map itself (mapButton) open the drawer and switch what a
// finger's drag does in edit mode.

// narrowWidth is the width below which the panel is a drawer.
const narrowWidth = 700

// drawer is the panel's state as a drawer: open or not, and whether
// the window was narrow when last looked at (a turn of the phone).
type drawer struct {
	open       bool
	wasNarrow  bool
	lookedOnce bool
}

// narrow reports whether the window is too narrow for the panel beside
// the map.
func (g *game) narrow() bool { return float64(g.win.w) < narrowWidth*g.win.scale }

// panelBeside reports whether the mode's widgets take a column beside
// the map now.
func (g *game) panelBeside() bool { return g.mode.beside() && !g.narrow() }

// panelShown reports whether the edit mode's panel shows: beside the
// map, or as the open drawer.
func (g *game) panelShown() bool { return !g.narrow() || g.drawer.open }

// setDrawer opens or closes the drawer.
func (g *game) setDrawer(open bool) {
	if open != g.drawer.open {
		g.drawer.open = open
		g.showMode()
	}
}

// barColumns is how many of the game bar's widgets go on a line: all
// in one row (0) on a screen with a mouse and room for the panel, else
// three on a narrow window and six on a wider touch screen.
func (g *game) barColumns() int {
	switch {
	case g.narrow():
		return 3
	case g.win.style.touch:
		return 6
	}
	return 0
}

// followWidth closes the drawer when the window turns narrow or wide
// (the panel goes beside the map or over it) and arranges the game bar
// for the width.
func (g *game) followWidth() {
	n := g.narrow()
	if g.drawer.lookedOnce && n == g.drawer.wasNarrow {
		return
	}
	g.drawer.lookedOnce, g.drawer.wasNarrow, g.drawer.open = true, n, false
	if g.win.ui != nil {
		g.play.bar.arrange(g.barColumns())
		g.showMode()
	}
}

// mapButton is a button drawn on the map.
type mapButton uint8

const (
	buttonDrawer mapButton = iota // opens the panel's drawer
	buttonHand                    // switches a finger's drag between painting and panning
)

// mapButtonSize is the side of a map button in logical pixels (more
// than a finger's 44 CSS pixels).
const mapButtonSize = 52

// mapButtons are the buttons on the map now: in edit mode with no
// dialog open, the drawer's when the window is narrow and the hand's on
// a touch screen (or once a finger has touched the page), before any
// finger has to find out what a drag does.
func (g *game) mapButtons() []mapButton {
	if g.mode != mode(g.edit) || g.busy() || g.win.style == nil {
		return nil
	}
	var bs []mapButton
	if g.narrow() && !g.drawer.open {
		bs = append(bs, buttonDrawer)
	}
	if g.inp.fingers.seen || g.win.style.touch {
		bs = append(bs, buttonHand)
	}
	return bs
}

// mapButtonRect is where the k-th map button is: a column down the
// map's top-right corner.
func (g *game) mapButtonRect(k int) image.Rectangle {
	s := g.win.style
	mr, n, m := g.mapRect(), s.px(mapButtonSize), s.px(10)
	y := mr.Min.Y + m + k*(n+m)
	return image.Rect(mr.Max.X-m-n, y, mr.Max.X-m, y+n)
}

// mapButtonAt is the map button at (x, y), if any.
func (g *game) mapButtonAt(x, y int) (mapButton, bool) {
	for k, b := range g.mapButtons() {
		if image.Pt(x, y).In(g.mapButtonRect(k)) {
			return b, true
		}
	}
	return 0, false
}

// pressMapButton does what map button b does.
func (g *game) pressMapButton(b mapButton) {
	switch b {
	case buttonDrawer:
		g.setDrawer(true)
	case buttonHand:
		g.inp.fingers.hand = !g.inp.fingers.hand
	}
	g.win.dirty = true
}

// mapButtonLabel is what map button b says: the drawer's, the hand's
// (what a drag does now).
func (g *game) mapButtonLabel(b mapButton) string {
	switch {
	case b == buttonDrawer:
		return "Tools"
	case g.inp.fingers.hand:
		return "Pan"
	}
	return "Paint"
}

// drawMapButtons draws the map buttons.
func (g *game) drawMapButtons(screen *ebiten.Image) {
	s := g.win.style
	for k, b := range g.mapButtons() {
		r := g.mapButtonRect(k)
		vector.DrawFilledRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), miniFrame, false)
		label := g.mapButtonLabel(b)
		w, h := text.Measure(label, s.small, 0)
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(r.Min.X)+(float64(r.Dx())-w)/2, float64(r.Min.Y)+(float64(r.Dy())-h)/2)
		op.ColorScale.ScaleWithColor(colText)
		text.Draw(screen, label, s.small, op)
	}
}

// shows reports whether widget w is shown.
func shows(w *widget.Widget) bool { return w.GetVisibility() == widget.Visibility_Show }
