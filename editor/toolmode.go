package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
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

// selectDrag is a rectangle being dragged out with the Select tool.
type selectDrag struct {
	from hexmap.Coordinates // unwrapped
	to   hexmap.Coordinates
	add  bool // Shift: add to the selection instead of replacing it
}

func (g *game) setTool(t tools.Tool) {
	g.settings.Tool = t
	g.endStroke()
	g.syncPanel()
}

func (g *game) brushSize(delta int) {
	g.settings.BrushSize = max(0, min(tools.MaxBrushSize, g.settings.BrushSize+delta))
	g.syncPanel()
}

func (g *game) cycleSymmetry() {
	g.settings.Symmetry = g.settings.Symmetry.Next()
	g.syncPanel()
	g.info("Symmetry: " + g.settings.Symmetry.String())
}

// syncPanel shows settings changed outside the panel.
func (g *game) syncPanel() { g.panel.sync(&g.settings, &g.view) }

// hoverPlace is the cell under the pointer, at coordinates unwrapped
// into the copy of a wrapping map the pointer is over.
func (g *game) hoverPlace() tools.Place {
	top := g.sess.Grid.Topology()
	return tools.Place{Index: g.hover, At: tools.Unwrapped(top, g.hover, g.hoverAt[0])}
}

// press handles the frame the left button went down over the map, and
// says what holding it goes on to do.
func (g *game) press() {
	if !g.hoverOK {
		return
	}
	switch {
	case g.paste != nil:
		g.placePaste()
	case alt(&g.inp) || g.settings.Tool == tools.ToolPick:
		g.pick()
	case g.settings.Tool == tools.ToolFill:
		g.fill()
	case g.settings.Tool == tools.ToolSelect:
		at := g.hoverPlace().At
		g.selDrag = &selectDrag{from: at, to: at, add: shift(&g.inp)}
		g.holding = holdSelect
	case g.settings.Tool == tools.ToolWand:
		g.wand()
	case g.settings.Tool == tools.ToolNote:
		g.noteDialog(g.hover)
	default:
		g.holding = holdBrush
	}
}

// hold handles a frame the left button is down after a press on the
// map: the brush paints, a rectangle follows the pointer.
func (g *game) hold() {
	switch g.holding {
	case holdSelect:
		if g.hoverOK && g.selDrag != nil {
			g.selDrag.to = g.hoverPlace().At
		}
	case holdBrush:
		g.stroke()
	}
}

// release ends what the press began.
func (g *game) release() {
	g.endStroke()
	if d := g.selDrag; d != nil && g.holding == holdSelect {
		g.selDrag = nil
		if !d.add {
			g.sel.Clear()
		}
		g.sel.Add(tools.Rect(g.sess.Grid.Topology(), d.from, d.to))
		g.info(fmt.Sprintf("%d cells selected", g.sel.Len()))
	}
}

// stroke applies the brush (and its symmetric images) where the pointer
// moved to; a press to release is one stroke and one undo step.
func (g *game) stroke() {
	if !g.stroking {
		g.stroking = true
		g.tracker.Reset()
		g.sess.History.BeginStroke()
	}
	if !g.hoverOK || g.tracker.Same(g.hover) {
		return
	}
	// The pointer may have crossed several cells since the last step (a
	// slow frame): the brush follows the straight path between them.
	path := []int{g.hover}
	if prev, ok := g.tracker.Prev(); ok {
		path = tools.Path(g.sess.Grid.Topology(), prev, g.hover)[1:]
	}
	for _, c := range path {
		drag := g.tracker.Step(g.sess.Grid, c)
		g.refused(g.settings.ApplySymmetric(g.sess.Grid, c, drag, g.settings.Symmetry))
	}
}

// refused says in the status line why the rules refused an edit.
func (g *game) refused(err error) {
	var r *tools.Refusal
	if errors.As(err, &r) {
		x, z := g.sess.Grid.Topology().Offset(r.Cell)
		g.notice(fmt.Sprintf("%v (cell %d, %d)", r, x, z))
	}
}

func (g *game) pick() {
	c := g.sess.Grid.Cell(g.hover)
	g.settings.Pick(c)
	if g.settings.Tool == tools.ToolPick {
		g.settings.Tool = tools.ToolBrush // picked: paint with it
	}
	g.syncPanel()
	g.info(fmt.Sprintf("Picked %s, elevation %d, water %d, urban %d, farm %d, plant %d",
		terrainNames[g.settings.Terrain], c.Elevation, c.WaterLevel, c.UrbanLevel, c.FarmLevel, c.PlantLevel))
}

func (g *game) fill() {
	if !g.settings.Active() {
		g.notice("Fill: nothing to apply; pick a terrain or turn on a value in the panel")
		return
	}
	n, refused, rep := tools.Fill(g.sess.Grid, g.hover, g.settings.Match, g.settings)
	g.refused(refused)
	msg := fmt.Sprintf("Filled %d cells of the same %s", n, lowerMatch(g.settings.Match))
	if d := droppedLinks(rep); d != "" {
		msg += "; the rules dropped " + d
	}
	g.info(msg)
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

func (g *game) wand() {
	if !shift(&g.inp) {
		g.sel.Clear()
	}
	g.sel.Add(tools.Region(g.sess.Grid, g.hover, g.settings.Match))
	g.info(fmt.Sprintf("%d cells selected", g.sel.Len()))
}

func (g *game) selectAll() {
	g.sel.Clear()
	top := g.sess.Grid.Topology()
	g.sel.Add(tools.Rect(top, hexmap.FromOffset(0, 0), hexmap.FromOffset(top.Width-1, top.Height-1)))
	g.info(fmt.Sprintf("Selected the whole map, %d cells", g.sel.Len()))
}

// copySelection copies the selection; it reports false when there is
// nothing to copy.
func (g *game) copySelection() bool {
	if g.sel.Empty() {
		g.notice("Nothing selected to copy: use Select (4) or Wand (5) first")
		return false
	}
	clip := tools.Copy(g.sess.Grid, &g.sel)
	g.clip = &clip
	g.info(fmt.Sprintf("Copied %d cells; Ctrl+V pastes", len(clip.Cells)))
	return true
}

func (g *game) cutSelection() {
	if g.copySelection() {
		g.clearSelection(fmt.Sprintf("Cut %d cells; Ctrl+V pastes them", g.sel.Len()))
	}
}

func (g *game) deleteSelection() {
	if g.sel.Empty() {
		return
	}
	g.clearSelection(fmt.Sprintf("Cleared %d cells", g.sel.Len()))
}

func (g *game) clearSelection(msg string) {
	g.endStroke()
	rep := tools.Clear(g.sess.Grid, &g.sel)
	if d := droppedLinks(rep); d != "" {
		msg += "; links into them dropped: " + d
	}
	g.info(msg)
}

func (g *game) startPaste() {
	if g.clip == nil {
		g.notice("Nothing to paste: copy a selection first (Ctrl+C)")
		return
	}
	g.paste = &pasting{clip: *g.clip}
	g.info("Pasting: click to place · R turns · H mirrors · Escape stops")
}

func (g *game) turnPaste(steps int) {
	if g.paste != nil {
		g.paste.tr = g.paste.tr.Then(tools.Transform{Turns: (steps%6 + 6) % 6})
	}
}

func (g *game) mirrorPaste() {
	if g.paste != nil {
		g.paste.tr = g.paste.tr.Then(tools.Transform{Mirror: true})
	}
}

func (g *game) placePaste() {
	clip := g.paste.shaped()
	g.paste = nil
	g.endStroke()
	rep := tools.Paste(g.sess.Grid, clip, g.hoverPlace().At)
	msg := fmt.Sprintf("Pasted %d cells", rep.Cells)
	if off := len(clip.Cells) - rep.Cells; off > 0 {
		msg += fmt.Sprintf(" (%d fell off the map)", off)
	}
	if d := droppedLinks(rep.BatchReport); d != "" {
		g.notice(msg + "; links that found no partner at the edge were dropped: " + d)
		return
	}
	g.info(msg)
}

// escape stops pasting, or else clears the selection, or closes the help.
func (g *game) escape() {
	switch {
	case g.help:
		g.help = false
	case g.play.on:
		g.play.selected = -1
	case g.paste != nil:
		g.paste = nil
		g.info("Paste cancelled")
	case g.selDrag != nil:
		g.selDrag = nil
	case !g.sel.Empty():
		g.sel.Clear()
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
