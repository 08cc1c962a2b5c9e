package editor

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/render/project"
)

// The Area tool (9 or L) paints cells into one of the scenario's named
// areas (scenario.Area, which scripts read through game.area and
// friends): a drag puts the cells it crosses into the area named in the
// Scenario section, or, when it starts on a cell already in it, takes
// them out. One drag is one undo step. While the tool is chosen every
// area's cells are outlined over the map, the area painted in the
// accent colour with its name.

// Colours of the areas' outlines: the one painted, and the others.
var (
	areaColor      = color.NRGBA{0xff, 0xc8, 0x3c, 0xff}
	areaFill       = color.NRGBA{0xff, 0xc8, 0x3c, 0x50}
	otherAreaColor = color.NRGBA{0xb4, 0xc8, 0xe6, 0xb0}
)

// areaName is the area the tool paints into: the one named in the
// settings, else a new "area N" that no area has.
func (e *editMode) areaName() string {
	if e.settings.Area != "" {
		return e.settings.Area
	}
	set := e.env.sess.Grid.Setup()
	for n := 1; ; n++ {
		if name := fmt.Sprintf("area %d", n); tools.AreaIndex(set, name) < 0 {
			return name
		}
	}
}

// paintArea begins or goes on with a drag of the Area tool: the first
// cell decides whether the drag adds cells or takes them out.
func (e *editMode) paintArea() {
	grid := e.env.sess.Grid
	name := e.areaName()
	if !e.stroking {
		e.stroking = true
		e.tracker.Reset()
		e.env.sess.History.BeginStroke()
		e.areaAdd = !tools.InArea(grid.Setup(), name, e.env.ptr.cell)
		if e.settings.Area != name {
			e.settings.Area = name
			e.syncPanel()
		}
	}
	if !e.env.ptr.ok || e.tracker.Same(e.env.ptr.cell) {
		return
	}
	path := []int{e.env.ptr.cell}
	if prev, ok := e.tracker.Prev(); ok {
		path = tools.Path(grid.Topology(), prev, e.env.ptr.cell)[1:]
	}
	set := grid.Setup()
	changed := false
	for _, c := range path {
		e.tracker.Step(grid, c)
		ch, err := tools.PaintArea(&set, name, c, e.areaAdd)
		if err != nil {
			e.env.notice("Area: " + err.Error())
			return
		}
		changed = changed || ch
	}
	if changed {
		if err := grid.SetSetup(set); err != nil {
			e.env.notice("Area: " + err.Error())
		}
	}
}

// drawAreas outlines every area's cells on every copy in view, the one
// painted shaded, with its name over its first cell.
func (e *editMode) drawAreas(screen *ebiten.Image, v *project.View, copies []float32, margin float32) {
	grid := e.env.sess.Grid
	set := grid.Setup()
	pt := e.env.paint
	current := e.areaName()
	for _, shift := range copies {
		for _, a := range set.Areas {
			col := otherAreaColor
			if a.Name == current {
				col = areaColor
			}
			for _, c := range a.Cells {
				if onScreen(v, cellTop(grid, c, [3]float32{}, shift), margin) {
					if a.Name == current {
						pt.shade(screen, v, c, shift, areaFill)
					}
					pt.outline(screen, v, c, shift, col, 2)
				}
			}
		}
	}
	pt.fills.flush(screen, pt.white)
	pt.lines.flush(screen, pt.white)
	for _, shift := range copies {
		for _, a := range set.Areas {
			if len(a.Cells) > 0 && onScreen(v, cellTop(grid, a.Cells[0], [3]float32{}, shift), margin) {
				col := otherAreaColor
				if a.Name == current {
					col = areaColor
				}
				pt.cellText(screen, v, a.Cells[0], shift, a.Name, col)
			}
		}
	}
}

// areaRows are the Scenario section's area controls: the name of the
// area the tool paints into, the buttons that cycle, rename and delete
// areas, and a line listing them.
type areaRows struct {
	name *textField
	list *widget.Text
}

// addAreas adds the area controls to the Scenario section; set is the
// tool settings.
func (p *panel) addAreas(s *style, set *tools.Settings) {
	q := &p.scenario
	p.content.AddChild(s.withTip(widget.NewText(widget.TextOpts.Text("Areas, for scripts (Area tool: 9 or L)", &s.small, colDim)),
		"Named sets of cells a script reads (game.area, game.in_area, game.units(area=…)); the Area tool paints them"))
	row := s.grid([]bool{false, true}, 6)
	row.AddChild(s.label("Area", colText))
	q.areas.name = s.textField(set.Area, "a new area", 120, nil)
	limitLength(q.areas.name, scenario.MaxAreaNameLength)
	prev := q.areas.name.onChange
	q.areas.name.onChange = func() {
		prev()
		if name := strings.TrimSpace(q.areas.name.GetText()); name == "" || tools.CheckAreaName(name) == nil {
			set.Area = name // painted from the next drag on
		}
	}
	row.AddChild(s.withTip(q.areas.name, "The area the Area tool paints into: an area's name, or a new one's"))
	p.content.AddChild(row)
	buttons := s.grid([]bool{true, true, true}, 4)
	buttons.AddChild(
		s.withTip(s.button("Next", 30, func() {
			set.Area = tools.NextArea(q.grid().Setup(), set.Area)
			q.areas.name.SetText(set.Area)
		}), "Paint the next area"),
		s.withTip(s.button("Rename…", 30, func() { q.rename(set.Area) }), "Give the area another name"),
		s.withTip(s.button("Delete", 30, func() {
			q.change(func(sc *scenario.Setup) { tools.DeleteArea(sc, set.Area) })
		}), "Delete the area (Ctrl+Z brings it back)"))
	p.content.AddChild(buttons)
	q.areas.list = widget.NewText(widget.TextOpts.Text("No areas", &s.small, colDim), widget.TextOpts.MaxWidth(float64(s.px(260))))
	p.content.AddChild(q.areas.list)
}

// syncName shows the name of the area painted.
func (r *areaRows) syncName(painted string) {
	if strings.TrimSpace(r.name.GetText()) != painted {
		r.name.SetText(painted)
	}
}

// refresh lists the areas of setup sc.
func (r *areaRows) refresh(sc scenario.Setup) {
	if len(sc.Areas) == 0 {
		r.list.Label = "No areas"
		return
	}
	var parts []string
	for _, a := range sc.Areas {
		parts = append(parts, fmt.Sprintf("%s (%d)", a.Name, len(a.Cells)))
	}
	r.list.Label = "Areas: " + strings.Join(parts, ", ")
}

// renameArea asks for area old's new name; the change is one undo step.
func (g *game) renameArea(old string) {
	grid := g.sess.Grid
	if tools.AreaIndex(grid.Setup(), old) < 0 {
		g.info("No area to rename: paint one with the Area tool (9 or L)")
		return
	}
	s := g.win.style
	var closeFn func()
	save := func(to string) {
		to = strings.TrimSpace(to)
		set := grid.Setup()
		if err := tools.RenameArea(&set, old, to); err != nil {
			g.errorf("Rename: %v", err)
			return
		}
		closeFn()
		grid.SetSetup(set)
		g.edit.settings.Area = to
		g.edit.syncPanel()
		g.info(fmt.Sprintf("Area %q is now %q", old, to))
	}
	field := s.textField(old, "a name", 240, save)
	limitLength(field, scenario.MaxAreaNameLength)
	body := s.vbox(8, nil, 0)
	body.AddChild(s.paragraph(fmt.Sprintf("A new name for the area %q (scripts must use it too).", old)), field)
	closeFn = g.dialog("Rename area", body, choice{"Cancel", nil}, choice{"Rename", func() { save(field.GetText()) }})
	g.focusField(field)
	field.SelectAll()
}
