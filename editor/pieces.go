package editor

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/render/project"
	"hexsandbox/saves"
	"hexsandbox/units"
)

// The Units and Town tools: their panel sections, what a click with
// them does, and the towns drawn over the map in edit mode.

// piecesPanel is the panel's Units and Town sections: the Units tool's
// mode, unit type and side, and the Town tool's name and owner.
type piecesPanel struct {
	unitMode, unitType, unitSide choiceRow
	townName                     *textField
	townOwner                    choiceRow
}

// sideColor is side s's own colour for the panel's swatches; side 0
// (neutral, a town's owner) is cream.
func sideColor(s int) color.NRGBA { return ownPaint().swatch(s) }

// ownerName is side s's name, or "neutral" for 0.
func ownerName(s int) string {
	if s == 0 {
		return "neutral"
	}
	return units.SideName(s)
}

// addPieces adds the Units and Town sections. Choosing a unit's type or
// side, or a town's owner, chooses its tool.
func (p *panel) addPieces(s *style, set *tools.Settings) {
	use := func(t tools.Tool) {
		set.Tool = t
		p.tool.set(int(t))
	}
	q := &p.pieces
	p.content.AddChild(p.section(s, "Units (tool 7)"))
	modes := s.grid([]bool{true, true}, 3)
	q.unitMode = p.choices(s, modes, []string{"Place", "Remove"}, []string{
		"A click places a unit of the type and side below, or removes the unit there (not on water)",
		"A click takes the unit there away"}, unitModeChoice(set.Units), func(k int) {
		set.Units = []tools.Mode{tools.Yes, tools.No}[k]
		use(tools.ToolUnits)
	})
	p.content.AddChild(modes)
	types := s.grid([]bool{true, true, true}, 3)
	var labels, tips []string
	for _, t := range tools.UnitTypes() {
		labels = append(labels, strings.ToUpper(t[:1])+t[1:])
		tips = append(tips, "New units are "+t+"s")
	}
	q.unitType = p.choices(s, types, labels, tips, set.UnitType, func(k int) { set.UnitType = k; use(tools.ToolUnits) })
	p.content.AddChild(types)
	sides := s.grid([]bool{false, false, false, false, true}, 4)
	q.unitSide = p.sideChoice(s, sides, 1, "New units are %s's", set.UnitSide-1, func(k int) { set.UnitSide = k + 1; use(tools.ToolUnits) })
	sides.AddChild(s.label("side", colDim))
	p.content.AddChild(sides)

	p.content.AddChild(p.section(s, "Town (tool 8)"))
	q.townName = s.textField(set.TownName, "name (empty: one of a list)", 200, nil)
	limitLength(q.townName, scenario.MaxTownNameLength)
	prev := q.townName.onChange
	q.townName.onChange = func() {
		prev()
		set.TownName = strings.TrimSpace(q.townName.GetText())
	}
	p.content.AddChild(s.withTip(q.townName, "The next town's name; a click on a town removes it"))
	owners := s.grid([]bool{false, false, false, false, false, true}, 4)
	q.townOwner = p.sideChoice(s, owners, 0, "New towns are %s", set.TownOwner, func(k int) { set.TownOwner = k; use(tools.ToolTown) })
	owners.AddChild(s.label("owner", colDim))
	p.content.AddChild(owners)
}

// unitModeChoice is the Units mode's button: Remove for No, else Place.
func unitModeChoice(m tools.Mode) int {
	if m == tools.No {
		return 1
	}
	return 0
}

// sideChoice adds a swatch per side from first (0: neutral) to the last
// to grid, one active at a time; tip names the side.
func (p *panel) sideChoice(s *style, grid *widget.Container, first int, tip string, initial int, pick func(int)) choiceRow {
	var btns []*widget.Button
	for side := first; side <= hexmap.MaxSides; side++ {
		b := s.swatch(sideColor(side), fmt.Sprintf(tip, ownerName(side)))
		grid.AddChild(b)
		btns = append(btns, b)
	}
	return p.radio(btns, initial, pick)
}

// sync shows the settings.
func (q *piecesPanel) sync(set *tools.Settings) {
	q.unitMode.set(unitModeChoice(set.Units))
	q.unitType.set(set.UnitType)
	q.unitSide.set(set.UnitSide - 1)
	q.townOwner.set(set.TownOwner)
	if strings.TrimSpace(q.townName.GetText()) != set.TownName {
		q.townName.SetText(set.TownName)
	}
}

// placeUnit is a click of the Units tool: it places or removes a unit.
func (e *editMode) placeUnit() {
	grid, i := e.env.sess.Grid, e.env.ptr.cell
	x, z := grid.Topology().Offset(i)
	was, had := unitDesc(grid, i)
	placed, err := e.settings.EditUnit(grid, i)
	switch now, _ := unitDesc(grid, i); {
	case err != nil:
		e.env.notice(fmt.Sprintf("Unit not placed on cell %d, %d: %v", x, z, err))
	case placed:
		e.env.info(fmt.Sprintf("Placed a %s on cell %d, %d", now, x, z))
	case had:
		e.env.info(fmt.Sprintf("Removed the %s on cell %d, %d", was, x, z))
	}
}

// unitDesc names the unit on cell i ("blue archer"), if there is one.
func unitDesc(grid *hexmap.Grid, i int) (string, bool) {
	k, ok := grid.UnitAt(i)
	if !ok {
		return "", false
	}
	u := grid.Units()[k]
	return strings.ToLower(units.SideName(int(u.Side))) + " " + u.Type, true
}

// placeTown is a click of the Town tool: it places or removes a town.
func (e *editMode) placeTown() {
	grid, i := e.env.sess.Grid, e.env.ptr.cell
	x, z := grid.Topology().Offset(i)
	t, placed, err := e.settings.EditTown(grid, i)
	switch {
	case err != nil:
		e.env.notice(fmt.Sprintf("Town not placed on cell %d, %d: %v", x, z, err))
	case placed:
		e.env.info(fmt.Sprintf("Placed the town %s (%s) on cell %d, %d", t.Name, ownerName(int(t.Owner)), x, z))
	default:
		e.env.info(fmt.Sprintf("Removed the town %s on cell %d, %d", t.Name, x, z))
	}
}

// townStatus describes the town on cell i for the status line, or "".
func townStatus(grid *hexmap.Grid, i int) string {
	k, ok := grid.TownAt(i)
	if !ok {
		return ""
	}
	t := grid.Towns()[k]
	return fmt.Sprintf("   town %s (%s)", t.Name, ownerName(int(t.Owner)))
}

// townLift is how far above its cell's surface a town's name floats, in
// world units: under a note's.
const townLift = 3

// drawTowns outlines every town's cell in its owner's colour and writes
// its name over it, on every copy of a wrapping map in view.
func (p *painter) drawTowns(screen *ebiten.Image, v *project.View, copies []float32, margin float32) {
	grid := p.sess.Grid
	towns := grid.Towns()
	if len(towns) == 0 {
		return
	}
	paint := paintOf(grid.Sides())
	for _, shift := range copies {
		for _, t := range towns {
			i, _ := grid.Topology().Index(t.Location)
			if onScreen(v, cellTop(grid, i, vec3.T{}, shift), margin) {
				p.outline(screen, v, i, shift, paint.swatch(int(t.Owner)), 3)
			}
		}
	}
	p.lines.flush(screen, p.white)
	face := p.win.style.bold
	for _, shift := range copies {
		for _, t := range towns {
			i, _ := grid.Topology().Index(t.Location)
			at := cellTop(grid, i, vec3.T{}, shift)
			at[1] += townLift
			sx, sy, ok := project2D(v, at)
			if !ok || !onScreen(v, at, margin) {
				continue
			}
			w, h := text.Measure(t.Name, face, 0)
			for _, pass := range []struct {
				off float64
				c   color.Color
			}{{1.5, labelShadow}, {0, paint.swatch(int(t.Owner))}} {
				op := &text.DrawOptions{}
				op.GeoM.Translate(float64(sx)-w/2+pass.off, float64(sy)-h+pass.off)
				op.ColorScale.ScaleWithColor(pass.c)
				text.Draw(screen, t.Name, face, op)
			}
		}
	}
}

// exported says that grid went out as a Catlike file: as a notice in
// the status line naming what the format could not keep, if anything.
func (g *game) exported(msg string, grid *hexmap.Grid) {
	if lost := saves.CatlikeLoses(grid); len(lost) > 0 {
		g.notice(msg + "; a Catlike map cannot keep " + strings.Join(lost, ", "))
		return
	}
	g.info(msg)
}
