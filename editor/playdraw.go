package editor

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/ungerik/go3d/vec3"

	engine "hexsandbox/game"
	"hexsandbox/palette"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// The play overlay's colours, Catlike's: the path white, its start blue,
// its end red; the cells reachable this turn shaded; a standing order's
// way a dim grey.
var (
	pathColor  = palette.Path
	startColor = palette.PathStart
	endColor   = palette.PathEnd
	orderColor = palette.PathOrder
	reachColor = palette.Reach
)

// drawOver draws what play mode shows over the map: the towns' banners
// and the units' health, the cells the selected unit reaches this turn,
// the way of its standing order (dim), the outline of its cell, the way
// to the cell under the cursor with the turn of each cell (Catlike's
// labels), the turn of every other cell when the distance overlay is on
// (T), and the battle forecast when the pointer is over an enemy the
// selected unit can attack.
func (p *playMode) drawOver(screen *ebiten.Image, v *project.View) {
	e, s := p.env, p.session
	if s == nil || p.covered() {
		return
	}
	s.drawShow(screen, v, e.paint, s.side(), p.fogged())
	if e.dialogOpen() {
		return
	}
	defer p.drawBoxes(screen)
	grid := e.sess.Grid
	pt := e.paint
	// On a wrapping map the selection and what it reaches are drawn in
	// the copy where its unit stands, the path cell by cell on from it.
	ref := float32(e.cam.X)
	if u, ok := s.match.Unit(p.selected); ok {
		ref = grid.Topology().Nearest(units.CellPoint(grid, u.Cell)[0], ref)
		for _, i := range p.reachable() {
			pt.shade(screen, v, i, pt.shiftNear(i, ref), reachColor)
		}
		pt.fills.flush(screen, pt.white)
		if way, ok := p.orderPath(); ok {
			p.outlinePath(screen, v, way, ref, orderColor, false)
		}
		pt.outline(screen, v, u.Cell, pt.shiftNear(u.Cell, ref), colourText(s.match.SideColour(u.Side)), 3)
		pt.lines.flush(screen, pt.white)
	}
	if _, ok := p.hoverForecast(); ok {
		return // the forecast shows instead of the way (drawForecast)
	}
	cells, turns, ok := p.plannedPath()
	if tt := p.turnsTo(); tt != nil {
		var onPath []int // those carry the path's own labels
		if ok {
			onPath = cells
		}
		pt.distances(screen, v, tt, onPath)
	}
	if !ok {
		return
	}
	shifts := p.outlinePath(screen, v, cells, ref, pathColor, true)
	for n, i := range cells[1:] {
		pt.cellText(screen, v, i, shifts[n+1], strconv.Itoa(turns[n+1]+1), colText)
	}
}

// outlinePath outlines the cells of a way in colour col (its start and
// end in Catlike's blue and red when ends is set), on a wrapping map
// cell by cell on from world x ref, and returns how far east each cell
// was drawn.
func (p *playMode) outlinePath(screen *ebiten.Image, v *project.View, cells []int, ref float32, col color.NRGBA, ends bool) []float32 {
	pt, top := p.env.paint, p.env.sess.Grid.Topology()
	shifts := p.shifts[:0]
	for n, i := range cells {
		shift := pt.shiftNear(i, ref)
		x, _ := top.CellCenter(i)
		ref = x + shift
		shifts = append(shifts, shift)
		c := col
		switch {
		case ends && n == 0:
			c = startColor
		case ends && n == len(cells)-1:
			c = endColor
		}
		pt.outline(screen, v, i, shift, c, 2)
	}
	p.shifts = shifts
	pt.lines.flush(screen, pt.white)
	return shifts
}

// drawShow draws the towns' banners and the hurt units' health bars as
// side sees them, and the battle shown.
func (s *playSession) drawShow(screen *ebiten.Image, v *project.View, pt *painter, side int, fogged bool) {
	s.drawBanners(screen, v, pt, side, fogged)
	if s.battle != nil {
		s.battle.draw(screen, v, pt)
	}
}

// drawBanners writes over each town that side knows (all of them when
// not fogged) its name in its owner's colour (and, for side's own, what
// it builds and in how many turns), and draws a health bar over each
// unit shown that is hurt (its figure tells its type).
func (s *playSession) drawBanners(screen *ebiten.Image, v *project.View, pt *painter, side int, fogged bool) {
	if pt.cellPixels(v) < float32(pt.win.style.px(14)) {
		return // too small to read
	}
	m, ref := s.match, float32(pt.cam.X)
	types := m.Rules().Types
	for _, t := range m.Towns() {
		if fogged && !m.Explored(side, t.Cell) {
			continue
		}
		label := t.Name
		if t.Owner == side {
			y := m.TownYield(t.ID).Total()
			label += fmt.Sprintf(" · %s in %d", types[t.Builds].Name, turnsToBuild(types[t.Builds].Cost-t.Stock, y))
		} else if t.Owner != 0 {
			label += " · " + s.sideName(t.Owner)
		}
		// Below the cell's centre (towards the eye), clear of the unit's
		// health bar over its head.
		top := cellTop(s.grid, t.Cell, vec3.T{0, 0, -bannerDrop}, pt.shiftNear(t.Cell, ref))
		pt.pointText(screen, v, top, label, townColor(m, t.Owner))
	}
	for k, id := range s.figs.ids {
		if u, ok := m.Unit(id); ok && u.HP < engine.MaxHP {
			f := s.figs.shown[k]
			pt.healthBar(screen, v, vec3.T{f.Pos[0], f.Pos[1] + project.FigureHeight, f.Pos[2]}, u.HP)
		}
	}
}

// healthBar draws a unit's health bar centred over world point at (over
// its figure): a dark bar a few pixels tall, filled from the left in
// proportion to hp out of engine.MaxHP, green, red when a third or less
// is left.
func (p *painter) healthBar(screen *ebiten.Image, v *project.View, at vec3.T, hp int) {
	sx, sy, ok := project2D(v, at)
	if !ok {
		return
	}
	back, fill := healthBarRects(sx, sy, hp, p.win.style)
	vector.DrawFilledRect(screen, float32(back.Min.X), float32(back.Min.Y), float32(back.Dx()), float32(back.Dy()), palette.HealthBack, false)
	col := palette.Health
	if 3*hp <= engine.MaxHP {
		col = palette.HealthLow
	}
	vector.DrawFilledRect(screen, float32(fill.Min.X), float32(fill.Min.Y), float32(fill.Dx()), float32(fill.Dy()), col, false)
}

// healthBarRects are a health bar's outline and its filled part for hp,
// the bar's bottom centred on (x, y) and a pixel's frame round the fill.
func healthBarRects(x, y float32, hp int, st *style) (back, fill image.Rectangle) {
	w, h := st.px(30), st.px(6)
	x0, y0 := int(x)-w/2, int(y)-h
	back = image.Rect(x0, y0, x0+w, y0+h)
	inner := back.Inset(max(1, st.px(1)))
	inner.Max.X = inner.Min.X + (inner.Dx()*max(0, min(hp, engine.MaxHP))+engine.MaxHP/2)/engine.MaxHP
	return back, inner
}

// bannerDrop is how far south of its cell's centre a town's banner is
// written, in world units (a cell's outer radius is 10).
const bannerDrop = 5

// turnsToBuild is how many turns of yield y a stock short by need takes
// (the next turn is 1).
func turnsToBuild(need, y int) int {
	if need <= 0 || y <= 0 {
		return 1
	}
	return (need + y - 1) / y
}

// townColor is a town banner's colour in match m: its owner's, grey
// for neutral.
func townColor(m *engine.Match, owner int) color.Color {
	if owner == 0 {
		return colDim
	}
	return colourText(m.SideColour(owner))
}

// drawUnder draws nothing: play mode's marks go over the notes.
func (p *playMode) drawUnder(*ebiten.Image, *project.View, []float32, float32) {}

// shiftNear is how far east cell i is drawn to be in the copy of a
// wrapping map nearest world x (0 on a flat map).
func (p *painter) shiftNear(i int, x float32) float32 {
	top := p.sess.Grid.Topology()
	cx, _ := top.CellCenter(i)
	return top.Nearest(cx, x) - cx
}

// distances writes each cell's number (dist: a distance in edit mode, a
// turn in play; -1 for none) on it, but for the cells of the path shown,
// which carry their turn instead.
func (p *painter) distances(screen *ebiten.Image, v *project.View, dist, path []int) {
	if p.cellPixels(v) < float32(p.win.style.px(28)) {
		return // too small to read
	}
	sorted := append(p.sorted[:0], path...)
	slices.Sort(sorted)
	p.sorted = sorted
	ref := float32(p.cam.X)
	for i, d := range dist {
		if _, onPath := slices.BinarySearch(sorted, i); d >= 0 && !onPath {
			p.cellText(screen, v, i, p.shiftNear(i, ref), fmt.Sprint(d), colAccent)
		}
	}
}

// cellText writes s centred on cell i moved shift east, with a shadow.
func (p *painter) cellText(screen *ebiten.Image, v *project.View, i int, shift float32, s string, c color.Color) {
	p.pointText(screen, v, cellTop(p.sess.Grid, i, vec3.T{}, shift), s, c)
}

// pointText writes s centred on world point at, with a shadow.
func (p *painter) pointText(screen *ebiten.Image, v *project.View, at vec3.T, s string, c color.Color) {
	sx, sy, ok := project2D(v, at)
	if !ok || sx < 0 || sy < 0 || sx > float32(p.win.w) || sy > float32(p.win.h) {
		return
	}
	w, h := text.Measure(s, p.win.style.bold, 0)
	for _, pass := range []struct {
		off float64
		c   color.Color
	}{{1.5, labelShadow}, {0, c}} {
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h/2+pass.off)
		op.ColorScale.ScaleWithColor(pass.c)
		text.Draw(screen, s, p.win.style.bold, op)
	}
}

// drawForecast draws the battle's forecast when the pointer is on an
// enemy the selected unit can attack. It is drawn over the minimap: on
// a phone the box by a finger low on the map went under it.
func (p *playMode) drawForecast(screen *ebiten.Image) {
	if f, ok := p.hoverForecast(); ok {
		e, st := p.env, p.env.paint.win.style
		p.forecast.lines(p.session.match, f, st)
		p.forecast.draw(screen, e.ptr.x, e.ptr.y, st)
	}
}
