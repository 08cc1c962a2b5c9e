package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/render/project"
)

// What a press on the map does, by tool (tools.Tool), and the
// selection, clipboard and paste preview the tools share. Every edit is
// one undo step: a stroke from press to release, a fill, a paste, a
// cut, a note.

// pasting is a paste that follows the mouse until a click places it.
type pasting struct {
	clip tools.Clip
	tr   tools.Transform // turns and mirror applied before placing
}

// shaped is the clip as it will be placed.
func (p *pasting) shaped() tools.Clip { return p.clip.Transformed(p.tr) }

// holding is what a press on the map goes on doing while the button is
// held.
type holding uint8

const (
	holdNothing holding = iota
	holdBrush           // a stroke: painting where the pointer moves
	holdSelect          // a rectangle being dragged out
	holdArea            // a drag of the Area tool
)

// editMode is editing the map (Catlike's HexMapEditor): the panel's
// settings and tool, a stroke under way, the selection, the clipboard
// and a paste following the mouse.
type editMode struct {
	env      *modeEnv
	panel    *panel
	settings tools.Settings
	tracker  tools.DragTracker
	stroking bool
	areaAdd  bool // the Area tool's drag adds cells (else it takes them out)
	holding  holding
	sel      tools.Selection
	clip     *tools.Clip // the last copy
	paste    *pasting    // a paste following the mouse
	selDrag  *selectDrag // a rectangle being dragged out
	preview  toolPreview // what the tool under the pointer would change
}

// reset drops what belonged to the map before: a stroke, the selection,
// a paste.
func (e *editMode) reset() {
	e.tracker.Reset()
	e.stroking, e.holding = false, holdNothing
	e.sel.Clear()
	e.paste, e.selDrag = nil, nil
}

func (e *editMode) root() *widget.Container { return e.panel.root }
func (e *editMode) beside() bool            { return true }
func (e *editMode) keys() modes             { return inEdit }
func (e *editMode) fogged() bool            { return false }
func (e *editMode) minimap() bool           { return true }
func (e *editMode) shown() *playSession     { return nil }
func (e *editMode) enter()                  {}
func (e *editMode) leave()                  { e.endStroke() }
func (e *editMode) interrupt()              { e.endStroke() }
func (e *editMode) tick() bool              { return e.panel.scenario.refresh(e.panel) }

// sync shows settings changed outside the panel.
func (e *editMode) sync() { e.panel.sync(&e.settings, e.env.view) }

// input turns the left button into tool actions: a press on the map
// starts one, holding it goes on (a stroke, a rectangle), releasing it
// ends it.
func (e *editMode) input(p pointer) {
	if p.hold && p.overMap && p.ok && e.paste == nil {
		e.endStroke()
		e.pick() // a long press: the eyedropper, with any tool
		return
	}
	switch {
	case !p.down || !p.onMap:
		e.release()
		e.holding = holdNothing
	case p.pressed:
		e.press()
		e.hold()
	default:
		e.hold()
	}
}

// endStroke ends a stroke under way: it is one undo step.
func (e *editMode) endStroke() {
	if e.stroking {
		e.stroking = false
		e.env.sess.History.EndStroke()
	}
	e.tracker.Reset()
}

// distances is the distance overlay in edit mode: from the cell under
// the cursor; nil for none.
func (e *editMode) distances() []int {
	if hover := e.env.ptr; e.env.view.Distances && hover.ok {
		return e.env.world.distancesFrom(nav.Query{Speed: hexmap.UnitSpeed, From: hover.cell}, -1)
	}
	return nil
}

// drawOver draws the distance overlay.
func (e *editMode) drawOver(screen *ebiten.Image, v *project.View) {
	if dist := e.distances(); dist != nil {
		e.env.paint.distances(screen, v, dist, nil)
	}
}

// selectDrag is a rectangle being dragged out with the Select tool.
type selectDrag struct {
	from hexmap.Coordinates // unwrapped
	to   hexmap.Coordinates
	add  bool // Shift: add to the selection instead of replacing it
}

func (e *editMode) setTool(t tools.Tool) {
	e.settings.Tool = t
	e.endStroke()
	e.syncPanel()
}

func (e *editMode) brushSize(delta int) {
	e.settings.BrushSize = max(0, min(tools.MaxBrushSize, e.settings.BrushSize+delta))
	e.syncPanel()
}

func (e *editMode) cycleSymmetry() {
	e.settings.Symmetry = e.settings.Symmetry.Next()
	e.syncPanel()
	e.env.info("Symmetry: " + e.settings.Symmetry.String())
}

// syncPanel shows settings changed outside the panel.
func (e *editMode) syncPanel() { e.sync() }

// hoverPlace is the cell under the pointer, at coordinates unwrapped
// into the copy of a wrapping map the pointer is over.
func (e *editMode) hoverPlace() tools.Place {
	top := e.env.sess.Grid.Topology()
	return tools.Place{Index: e.env.ptr.cell, At: tools.Unwrapped(top, e.env.ptr.cell, e.env.ptr.at[0])}
}

// press handles the frame the left button went down over the map, and
// says what holding it goes on to do.
func (e *editMode) press() {
	if !e.env.ptr.ok {
		return
	}
	switch {
	case e.paste != nil:
		e.placePaste()
	case alt(e.env.in) || e.settings.Tool == tools.ToolPick:
		e.pick()
	case e.settings.Tool == tools.ToolFill:
		e.fill()
	case e.settings.Tool == tools.ToolSelect:
		at := e.hoverPlace().At
		e.selDrag = &selectDrag{from: at, to: at, add: shift(e.env.in)}
		e.holding = holdSelect
	case e.settings.Tool == tools.ToolWand:
		e.wand()
	case e.settings.Tool == tools.ToolNote:
		e.env.noteDialog(e.env.ptr.cell)
	case e.settings.Tool == tools.ToolUnits:
		e.placeUnit()
	case e.settings.Tool == tools.ToolTown:
		e.placeTown()
	case e.settings.Tool == tools.ToolArea:
		e.holding = holdArea
		e.paintArea()
	default:
		e.holding = holdBrush
	}
}

// hold handles a frame the left button is down after a press on the
// map: the brush paints, a rectangle follows the pointer.
func (e *editMode) hold() {
	switch e.holding {
	case holdSelect:
		if e.env.ptr.ok && e.selDrag != nil {
			e.selDrag.to = e.hoverPlace().At
		}
	case holdBrush:
		e.stroke()
	case holdArea:
		e.paintArea()
	}
}

// release ends what the press began.
func (e *editMode) release() {
	e.endStroke()
	if d := e.selDrag; d != nil && e.holding == holdSelect {
		e.selDrag = nil
		if !d.add {
			e.sel.Clear()
		}
		e.sel.Add(tools.Rect(e.env.sess.Grid.Topology(), d.from, d.to))
		e.env.info(fmt.Sprintf("%d cells selected", e.sel.Len()))
	}
}

// stroke applies the brush (and its symmetric images) where the pointer
// moved to; a press to release is one stroke and one undo step.
func (e *editMode) stroke() {
	if !e.stroking {
		e.stroking = true
		e.tracker.Reset()
		e.env.sess.History.BeginStroke()
	}
	if !e.env.ptr.ok || e.tracker.Same(e.env.ptr.cell) {
		return
	}
	// The pointer may have crossed several cells since the last step (a
	// slow frame): the brush follows the straight path between them.
	path := []int{e.env.ptr.cell}
	if prev, ok := e.tracker.Prev(); ok {
		path = tools.Path(e.env.sess.Grid.Topology(), prev, e.env.ptr.cell)[1:]
	}
	for _, c := range path {
		drag := e.tracker.Step(e.env.sess.Grid, c)
		e.refused(e.settings.ApplySymmetric(e.env.sess.Grid, c, drag, e.settings.Symmetry))
	}
}

// refused says in the status line why the rules refused an edit.
func (e *editMode) refused(err error) {
	var r *tools.Refusal
	if errors.As(err, &r) {
		x, z := e.env.sess.Grid.Topology().Offset(r.Cell)
		e.env.notice(fmt.Sprintf("%v (cell %d, %d)", r, x, z))
	}
}

func (e *editMode) pick() {
	c := e.env.sess.Grid.Cell(e.env.ptr.cell)
	e.settings.Pick(c)
	if e.settings.Tool == tools.ToolPick {
		e.settings.Tool = tools.ToolBrush // picked: paint with it
	}
	e.syncPanel()
	e.env.info(fmt.Sprintf("Picked %s, elevation %d, water %d, urban %d, farm %d, plant %d",
		terrainLabel(e.settings.Terrain), c.Elevation, c.WaterLevel, c.UrbanLevel, c.FarmLevel, c.PlantLevel))
}

func (e *editMode) fill() {
	if !e.settings.Active() {
		e.env.notice("Fill: nothing to apply; pick a terrain or turn on a value in the panel")
		return
	}
	n, refused, rep := tools.Fill(e.env.sess.Grid, e.env.ptr.cell, e.settings.Match, e.settings)
	e.refused(refused)
	msg := fmt.Sprintf("Filled %d cells of the same %s", n, lowerMatch(e.settings.Match))
	if d := droppedLinks(rep); d != "" {
		msg += "; the rules dropped " + d
	}
	e.env.info(msg)
}

func lowerMatch(m tools.Match) string {
	switch m {
	case tools.MatchElevation:
		return "elevation"
	case tools.MatchWater:
		return "water body"
	}
	return "terrain"
}

func (e *editMode) wand() {
	if !shift(e.env.in) {
		e.sel.Clear()
	}
	e.sel.Add(tools.Region(e.env.sess.Grid, e.env.ptr.cell, e.settings.Match))
	e.env.info(fmt.Sprintf("%d cells selected", e.sel.Len()))
}

func (e *editMode) selectAll() {
	e.sel.Clear()
	top := e.env.sess.Grid.Topology()
	e.sel.Add(tools.Rect(top, hexmap.FromOffset(0, 0), hexmap.FromOffset(top.Width-1, top.Height-1)))
	e.env.info(fmt.Sprintf("Selected the whole map, %d cells", e.sel.Len()))
}

// copySelection copies the selection; it reports false when there is
// nothing to copy.
func (e *editMode) copySelection() bool {
	if e.sel.Empty() {
		e.env.notice("Nothing selected to copy: use Select (4) or Wand (5) first")
		return false
	}
	clip := tools.Copy(e.env.sess.Grid, &e.sel)
	e.clip = &clip
	e.env.info(fmt.Sprintf("Copied %d cells; Ctrl+V pastes", len(clip.Cells)))
	return true
}

func (e *editMode) cutSelection() {
	if e.copySelection() {
		e.clearSelection(fmt.Sprintf("Cut %d cells; Ctrl+V pastes them", e.sel.Len()))
	}
}

func (e *editMode) deleteSelection() {
	if e.sel.Empty() {
		return
	}
	e.clearSelection(fmt.Sprintf("Cleared %d cells", e.sel.Len()))
}

func (e *editMode) clearSelection(msg string) {
	e.endStroke()
	rep := tools.Clear(e.env.sess.Grid, &e.sel)
	if d := droppedLinks(rep); d != "" {
		msg += "; links into them dropped: " + d
	}
	e.env.info(msg)
}

func (e *editMode) startPaste() {
	if e.clip == nil {
		e.env.notice("Nothing to paste: copy a selection first (Ctrl+C)")
		return
	}
	e.paste = &pasting{clip: *e.clip}
	e.env.info("Pasting: click to place · R turns · H mirrors · Escape stops")
}

func (e *editMode) turnPaste(steps int) {
	if e.paste != nil {
		e.paste.tr = e.paste.tr.Then(tools.Transform{Turns: (steps%6 + 6) % 6})
	}
}

func (e *editMode) mirrorPaste() {
	if e.paste != nil {
		e.paste.tr = e.paste.tr.Then(tools.Transform{Mirror: true})
	}
}

func (e *editMode) placePaste() {
	clip := e.paste.shaped()
	e.paste = nil
	e.endStroke()
	rep := tools.Paste(e.env.sess.Grid, clip, e.hoverPlace().At)
	msg := fmt.Sprintf("Pasted %d cells", rep.Cells)
	if off := len(clip.Cells) - rep.Cells; off > 0 {
		msg += fmt.Sprintf(" (%d fell off the map)", off)
	}
	if d := droppedLinks(rep.BatchReport); d != "" {
		e.env.notice(msg + "; links that found no partner at the edge were dropped: " + d)
		return
	}
	e.env.info(msg)
}

// escape stops pasting, or else clears the selection.
func (e *editMode) escape() {
	switch {
	case e.paste != nil:
		e.paste = nil
		e.env.info("Paste cancelled")
	case e.selDrag != nil:
		e.selDrag = nil
	case !e.sel.Empty():
		e.sel.Clear()
	}
}

// droppedLinks names what a batch's rules dropped, or "".
func droppedLinks(r hexmap.BatchReport) string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{r.DroppedRivers, "river end"}, {r.DroppedRoads, "road end"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s%s", p.n, p.what, plural(p.n)))
		}
	}
	if r.ClearedSpecials > 0 {
		parts = append(parts, fmt.Sprintf("%d special%s on rivers", r.ClearedSpecials, plural(r.ClearedSpecials)))
	}
	return strings.Join(parts, ", ")
}

func alt(in *inputState) bool { return in.KeyPressed(ebiten.KeyAlt) }
