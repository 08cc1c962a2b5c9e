package editor

import (
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
)

// townPanel is the panel of one of the side in turn's towns: what it
// builds and when, its stock and income and why (the base, its buildings,
// the farms around), and each type it can build with its cost and turns,
// a click on which sets the town's production (a produce command).
type townPanel struct {
	town int // id, 0 when closed
	box  textBox
	at   image.Rectangle
	rows []coverButton // one per type, in the ruleset's order
}

// open shows town id's panel.
func (t *townPanel) open(id int) { t.town = id }

// close hides the panel.
func (t *townPanel) close() { t.town, t.rows = 0, nil }

// lines writes the panel for town id of match m, in style s; choose(k)
// sets production to type k.
func (t *townPanel) lines(m *engine.Match, s *style, choose func(k int)) {
	tw := m.Towns()[t.town-1]
	types := m.Rules().Types
	y := m.TownYield(t.town)
	cur := types[tw.Builds]
	t.box.lines = []textLine{
		{fmt.Sprintf("%s (%s)", tw.Name, sideLabel(m, tw.Owner)), s.bold, colourText(m.SideColour(tw.Owner))},
		{fmt.Sprintf("Builds %s: %d of %d, ready in %d turns", cur.Name, tw.Stock, cur.Cost, turnsToBuild(cur.Cost-tw.Stock, y.Total())), s.face, colText},
		{fmt.Sprintf("Income %d a turn: %d base + %d buildings + %d farms around", y.Total(), y.Base, y.Urban, y.Farms), s.face, colDim},
		{buildInstead(s), s.face, colDim},
	}
	t.box.pad, t.box.gap = float64(s.px(10)), float64(s.px(4))
	t.rows = t.rows[:0]
	for k, ty := range types {
		mark := ""
		if k == tw.Builds {
			mark = " (now)"
		}
		t.rows = append(t.rows, coverButton{
			label: fmt.Sprintf("%s%s: cost %d, %d turns", ty.Name, mark, ty.Cost, turnsToBuild(ty.Cost-tw.Stock, y.Total())),
			run:   func() { choose(k) },
		})
	}
}

// buildInstead heads the rows that set production: a click (a tap on a
// touch screen) on one, Esc closes the panel.
func buildInstead(s *style) string {
	if s.touch {
		return "Build instead (tap one):"
	}
	return "Build instead (click) · Esc closes:"
}

// draw draws the panel at the map's top right, under the game bar; on
// a map narrower than the panel its lines wrap, and on a touch screen
// its rows are a finger's height.
func (t *townPanel) draw(screen *ebiten.Image, mr image.Rectangle, s *style) {
	margin := s.px(12)
	box := t.box.fit(float64(mr.Dx() - 2*margin))
	w, h := box.size()
	// A row's box: a finger's height on a touch screen, a gap between.
	rowH, gap := float64(s.fingerMin(26)), float64(s.px(4))
	x, y := max(float64(mr.Min.X+margin), float64(mr.Max.X-margin)-w), float64(mr.Min.Y+s.px(barHeight+12))
	t.at = box.draw(screen, x, y, helpBack, colAccent)
	ry := y + h + gap
	for k := range t.rows {
		r := &t.rows[k]
		lb := textBox{lines: []textLine{{r.label, s.face, colText}}, pad: float64(s.px(6))}
		if _, lh := lb.size(); lh < rowH {
			lb.pad += (rowH - lh) / 2
		}
		r.at = lb.draw(screen, x, ry, colButton, colBorder)
		ry += rowH + gap
	}
	t.at = t.at.Union(image.Rect(int(x), int(y), int(x+w), int(ry)))
}

// click handles a press at (x, y) while the panel is open: a row sets
// production; a press elsewhere on the panel does nothing, off it closes
// it. It reports whether the press was the panel's.
func (t *townPanel) click(x, y int) bool {
	p := image.Pt(x, y)
	for _, r := range t.rows {
		if p.In(r.at) {
			r.run()
			return true
		}
	}
	if p.In(t.at) {
		return true
	}
	t.close()
	return false
}
