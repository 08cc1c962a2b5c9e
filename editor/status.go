package editor

import (
	"fmt"
	"image"
	"image/color"
	"log"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/saves"
	"hexsandbox/units"
)

// statusHeight is the status line's height in logical pixels; a
// narrow window (a phone held upright) has two such lines, the cell's
// description over the tool's, the map's name and its size.
const statusHeight = 26

// statusPx is the status bar's height in device pixels: one line, or
// two in a narrow window.
func (g *game) statusPx() int {
	if g.narrow() {
		return g.win.style.px(2 * statusHeight)
	}
	return g.win.style.px(statusHeight)
}

var skyColor = color.NRGBA{0x8a, 0xa8, 0xc4, 0xff}

// toast is a message shown over the map: news for a few seconds, an
// error (until zero) until the user's next action dismisses it.
type toast struct {
	text  string
	isErr bool
	until time.Time
	told  bool // a match's script said it to the side whose view is shown
	// at is where a banner was last drawn (empty for a toast).
	at image.Rectangle
}

// banner reports whether t is drawn as a banner: a message of the
// match's script (its errors stay toasts).
func (t toast) banner() bool { return t.told && !t.isErr }

// shown reports whether the toast is still shown at now.
func (t toast) shown(now time.Time) bool { return t.until.IsZero() || now.Before(t.until) }

// errorf shows an error until the next action (dismissErrors).
func (g *game) errorf(format string, args ...any) {
	g.msgs.toasts = append(g.msgs.toasts, toast{text: fmt.Sprintf(format, args...), isErr: true})
}

// fail shows err as a sentence for a person (saves.Explain: which file,
// what went wrong, no system calls or format details) and, when that
// leaves out the error's own words, logs them as the detail.
func (g *game) fail(err error) {
	msg := saves.Explain(err)
	if msg != err.Error() {
		log.Printf("%s (detail: %v)", msg, err)
	}
	g.errorf("%s", msg)
}

// dismissErrors takes down the errors and notices shown so far: the user
// pressed a key or a button after they appeared, so has seen them.
func (g *game) dismissErrors() {
	kept := g.msgs.toasts[:0]
	for _, t := range g.msgs.toasts {
		if !t.until.IsZero() {
			kept = append(kept, t)
		}
	}
	g.msgs.toasts = kept
	g.msgs.notices = g.msgs.notices[:0]
}

func (g *game) info(msg string) {
	g.msgs.toasts = append(g.msgs.toasts, toast{text: msg, until: g.clock.now.Add(3 * time.Second)})
}

// tell shows what a match's script said: a message for a while (longer
// than news: it is the scenario's story), an error until the next action.
func (g *game) tell(msg string, isErr bool) {
	t := toast{text: msg, isErr: isErr, told: true}
	if !isErr {
		t.until = g.clock.now.Add(8 * time.Second)
	}
	g.msgs.toasts = append(g.msgs.toasts, t)
}

// untell takes down what the script told: another side's view comes.
func (g *game) untell() {
	g.msgs.toasts = slices.DeleteFunc(g.msgs.toasts, func(t toast) bool { return t.told })
}

func (g *game) expireToasts() {
	now := g.clock.now
	kept := g.msgs.toasts[:0]
	for _, t := range g.msgs.toasts {
		if t.shown(now) {
			kept = append(kept, t)
		}
	}
	g.msgs.toasts = kept[max(0, len(kept)-5):] // the newest few, never a growing list
	if g.liveNotice() == "" {
		g.msgs.notices = g.msgs.notices[:0]
	}
}

func (g *game) drawToasts(screen *ebiten.Image) {
	s := g.win.style
	y := float64(s.px(12))
	if !g.mode.beside() {
		y += float64(g.mode.root().GetWidget().Rect.Dy()) // below the game bar
	}
	bottom := float64(g.mapRect().Max.Y - s.px(28))
	for i := len(g.msgs.toasts) - 1; i >= 0; i-- {
		if g.msgs.toasts[i].banner() {
			bottom = g.drawBanner(screen, &g.msgs.toasts[i], bottom)
		}
	}
	for _, t := range g.msgs.toasts {
		if t.banner() {
			continue
		}
		w, h := text.Measure(t.text, s.face, 0)
		bg := colInfo
		if t.isErr {
			bg = colError
		}
		pad := float64(s.px(8))
		vector.DrawFilledRect(screen, float32(s.px(12)), float32(y), float32(w+2*pad), float32(h+pad), bg, false)
		op := &text.DrawOptions{}
		op.GeoM.Translate(float64(s.px(12))+pad, y+pad/2)
		op.ColorScale.ScaleWithColor(colText)
		text.Draw(screen, t.text, s.face, op)
		y += h + pad + float64(s.px(6))
	}
}

// drawBanner draws the script's message t as a banner centred over the
// map, its foot at bottom (the newest lowest, each above the next), and
// returns where the one before it ends.
func (g *game) drawBanner(screen *ebiten.Image, t *toast, bottom float64) float64 {
	s := g.win.style
	var b textBox
	for _, l := range wrapText(t.text, s.bold, float64(s.px(560))) {
		b.lines = append(b.lines, textLine{l, s.bold, colText})
	}
	b.pad, b.gap = float64(s.px(14)), float64(s.px(4))
	w, h := b.size()
	mr := g.mapRect()
	y := bottom - h
	t.at = b.draw(screen, float64(mr.Min.X+mr.Max.X)/2-w/2, y, helpBack, colAccent)
	return y - float64(s.px(8))
}

// mapShape is a map's size and, when it wraps, that it does.
func mapShape(t hexmap.Topology) string {
	s := fmt.Sprintf("%d×%d", t.Width, t.Height)
	if t.Wrapping {
		s += " wrapping"
	}
	return s
}

// statusText describes the cell under the cursor, the map and the frame rate.
func (g *game) statusText() (left, right string) {
	modeCell, modeRight := g.mode.status()
	if g.ptr.cur.ok && !g.knows(g.ptr.cur.cell) {
		x, z := g.sess.Grid.Topology().Coordinates(g.ptr.cur.cell).Offset()
		left = fmt.Sprintf("Cell %d, %d   unexplored", x, z)
	} else if g.ptr.cur.ok {
		co := g.sess.Grid.Topology().Coordinates(g.ptr.cur.cell)
		x, z := co.Offset()
		left = fmt.Sprintf("Cell %d, %d  (%d, %d, %d)   %s", x, z, co.X, co.Y(), co.Z, cellContents(g.sess.Grid, g.ptr.cur.cell))
		if n := g.sess.Grid.Note(g.ptr.cur.cell); n != "" {
			left += fmt.Sprintf("   “%s”", n)
		}
		left += townStatus(g.sess.Grid, g.ptr.cur.cell) + g.unitStatus() + modeCell
	} else {
		left = "Point at the map to see a cell"
	}
	if n := g.liveNotice(); n != "" {
		left = n
	}
	mod := ""
	if g.sess.Modified() {
		mod = " (unsaved)"
	}
	detail := ""
	if n := g.scene.Pending(); n > 0 {
		detail = fmt.Sprintf("Building detail: %d chunks…   ", n)
	}
	right = fmt.Sprintf("%s%s%s   %s%s   %s   %.0f FPS", detail, g.statusJob(), modeRight, g.mapTitle(), mod, mapShape(g.sess.Grid.Topology()), ebiten.ActualFPS())
	return left, right
}

// specialNames name the special features by index (1..3).
var specialNames = [...]string{"", "castle", "ziggurat", "megaflora"}

// cellContents says what cell i holds, for the status line: its terrain
// and elevation, "dry" or how deep it is under water, then what stands
// on it (levels that are not 0, the special feature, walls, river, road
// and town).
func cellContents(grid *hexmap.Grid, i int) string {
	c := grid.Cell(i)
	s := fmt.Sprintf("%s, elevation %d", terrainLabel(min(c.TerrainType, hexmap.TerrainTypeCount-1)), c.Elevation)
	if c.IsUnderwater() {
		s += fmt.Sprintf(", underwater (water level %d)", c.WaterLevel)
	} else {
		s += ", dry"
	}
	var on []string
	for _, l := range []struct {
		name  string
		level uint8
	}{{"urban", c.UrbanLevel}, {"farm", c.FarmLevel}, {"plant", c.PlantLevel}} {
		if l.level > 0 {
			on = append(on, fmt.Sprintf("%s %d", l.name, l.level))
		}
	}
	if c.IsSpecial() {
		on = append(on, specialNames[min(int(c.SpecialIndex), len(specialNames)-1)])
	}
	if c.Walled {
		on = append(on, "walled")
	}
	switch {
	case c.HasIncomingRiver() && c.HasOutgoingRiver():
		on = append(on, "river")
	case c.HasIncomingRiver():
		on = append(on, "river's end")
	case c.HasOutgoingRiver():
		on = append(on, "river's source")
	}
	if c.HasRoads() {
		on = append(on, "road")
	}
	if k, ok := grid.TownAt(i); ok {
		t := grid.Towns()[k]
		owner := "neutral"
		if t.Owner > 0 {
			owner = units.SideName(int(t.Owner)) + "'s"
		}
		on = append(on, fmt.Sprintf("town %s (%s)", t.Name, owner))
	}
	if len(on) > 0 {
		s += "   " + strings.Join(on, ", ")
	}
	return s
}

// autosaveWarning is the line that stays on screen while the last
// autosave failed: the changes are not protected until a save succeeds.
func (g *game) autosaveWarning() string {
	if g.msgs.autosaveErr == nil {
		return ""
	}
	return fmt.Sprintf("Autosave failed: %v. Unsaved changes are not protected: save the map (Ctrl+S).", g.msgs.autosaveErr)
}

// drawAutosaveWarning draws the warning as a bar over the bottom of the
// map, above the status line, until a save succeeds.
func (g *game) drawAutosaveWarning(screen *ebiten.Image) {
	msg := g.autosaveWarning()
	if msg == "" {
		return
	}
	s := g.win.style
	mr := g.mapRect()
	pad := float64(s.px(8))
	_, h := text.Measure(msg, s.face, 0)
	y := float64(mr.Max.Y) - h - 2*pad
	vector.DrawFilledRect(screen, 0, float32(y), float32(mr.Dx()), float32(h+2*pad), colError, false)
	clip := image.Rect(0, int(y), mr.Dx(), mr.Max.Y)
	op := &text.DrawOptions{}
	op.GeoM.Translate(pad, y+pad)
	op.ColorScale.ScaleWithColor(colText)
	text.Draw(screen.SubImage(clip).(*ebiten.Image), msg, s.face, op)
}

// status says, for the status line's right, what a click will do, the
// symmetry and the selection.
func (e *editMode) status() (cell, right string) {
	s := e.clickDoes()
	if e.settings.Symmetry != tools.SymmetryOff {
		s += " · symmetry " + e.settings.Symmetry.String()
	}
	if !e.sel.Empty() {
		s += fmt.Sprintf(" · %d selected", e.sel.Len())
	}
	return "", s
}

func (g *game) drawStatus(screen *ebiten.Image) {
	s := g.win.style
	y := g.win.h - g.statusPx()
	vector.DrawFilledRect(screen, 0, float32(y), float32(g.win.w), float32(g.statusPx()), colSection, false)
	vector.DrawFilledRect(screen, 0, float32(y), float32(g.win.w), float32(s.px(1)), colBorder, false)
	left, right := g.statusText()
	lb, rb := g.statusBoxes(left, right)
	// The cell description is cut short where the right text begins
	// (on its own line in a narrow window: at the screen's edge), rather
	// than written over it.
	clip := image.Rect(0, y, lb.Max.X, g.win.h)
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(lb.Min.X), float64(lb.Min.Y))
	if g.liveNotice() != "" {
		op.ColorScale.ScaleWithColor(colAccent)
	} else {
		op.ColorScale.ScaleWithColor(colText)
	}
	if !clip.Empty() {
		text.Draw(screen.SubImage(clip).(*ebiten.Image), left, s.face, op)
	}
	op = &text.DrawOptions{}
	op.GeoM.Translate(float64(rb.Min.X), float64(rb.Min.Y))
	op.ColorScale.ScaleWithColor(colDim)
	text.Draw(screen, right, s.face, op)
}

// statusBoxes are where the status line's left and right texts go on
// the screen: on one line, the left text from the left edge to a gap
// before the right one, which ends at the right edge; in a narrow
// window each on a line of its own, the right text under the left.
func (g *game) statusBoxes(left, right string) (lb, rb image.Rectangle) {
	s := g.win.style
	h, pad := s.px(statusHeight), s.px(10)
	y := g.win.h - g.statusPx()
	lw, lh := text.Measure(left, s.face, 0)
	rw, rh := text.Measure(right, s.face, 0)
	ry := y
	leftEnd := statusLeftEnd(g.win.w, pad, rw)
	if g.narrow() {
		ry, leftEnd = y+h, g.win.w-pad
	}
	ly := y + int((float64(h)-lh)/2)
	lb = image.Rect(pad, ly, max(pad, min(leftEnd, pad+int(math.Ceil(lw)))), ly+int(math.Ceil(lh)))
	rx := g.win.w - pad - int(math.Ceil(rw))
	ry += int((float64(h) - rh) / 2)
	rb = image.Rect(rx, ry, rx+int(math.Ceil(rw)), ry+int(math.Ceil(rh)))
	return lb, rb
}

// statusLeftEnd is where the status line's left text must stop: a gap
// of two paddings before the right text, which is rightWidth wide and
// ends pad from the screen's right edge.
func statusLeftEnd(screenW, pad int, rightWidth float64) int {
	return max(0, screenW-3*pad-int(math.Ceil(rightWidth)))
}

// notice shows msg in the status line until the next action: why the
// rules refused an edit, what a paste dropped.
func (g *game) notice(msg string) {
	g.msgs.notices = append(g.msgs.notices, toast{text: msg, isErr: true})
	g.msgs.notices = g.msgs.notices[max(0, len(g.msgs.notices)-4):]
}

// liveNotice is the newest notice still shown, or "".
func (g *game) liveNotice() string {
	now := g.clock.now
	for k := len(g.msgs.notices) - 1; k >= 0; k-- {
		if g.msgs.notices[k].shown(now) {
			return g.msgs.notices[k].text
		}
	}
	return ""
}

// unitStatus describes, for the status line, the unit on the cell under
// the cursor.
func (g *game) unitStatus() string {
	if g.playing() {
		return "" // play mode tells the match's units
	}
	grid := g.sess.Grid
	if k, ok := grid.UnitAt(g.ptr.cur.cell); ok && g.world.unitShown(k, g.mode.fogged()) {
		u := grid.Units()[k]
		return fmt.Sprintf("   %s %s, %d moves left", units.SideName(int(u.Side)), u.Type, u.MovesLeft)
	}
	return ""
}

// clickDoes says what a click on the map will do with the tool and
// settings as they are, over the cell under the pointer.
func (e *editMode) clickDoes() string {
	set, grid := e.settings, e.env.sess.Grid
	over := e.env.ptr.ok
	switch {
	case e.paste != nil:
		return "Pasting: a click places the copy"
	case alt(e.env.in) || set.Tool == tools.ToolPick:
		return "Pick: a click takes the cell's values"
	case set.Tool == tools.ToolBrush:
		s := "Brush: paints " + set.Describe()
		if set.BrushSize > 0 {
			s += fmt.Sprintf(" (size %d)", set.BrushSize)
		}
		return s
	case set.Tool == tools.ToolFill:
		return fmt.Sprintf("Fill: paints %s over the same %s", set.Describe(), lowerMatch(set.Match))
	case set.Tool == tools.ToolSelect:
		return "Select: drag a rectangle"
	case set.Tool == tools.ToolWand:
		return "Wand: a click selects the same " + lowerMatch(set.Match)
	case set.Tool == tools.ToolNote:
		return "Note: a click writes on the cell"
	case set.Tool == tools.ToolUnits:
		if d, ok := unitDesc(grid, e.env.ptr.cell); over && ok {
			return "Units: a click removes the " + d
		}
		if set.Units == tools.No {
			return "Units: a click removes a unit"
		}
		return fmt.Sprintf("Units: a click places a %s %s", strings.ToLower(units.SideName(set.UnitSide)), set.UnitTypeName())
	case set.Tool == tools.ToolArea:
		name := e.areaName()
		if over && tools.InArea(grid.Setup(), name, e.env.ptr.cell) {
			return fmt.Sprintf("Area: a drag takes cells out of “%s”", name)
		}
		return fmt.Sprintf("Area: a drag paints cells into “%s”", name)
	case set.Tool == tools.ToolTown:
		if k, ok := grid.TownAt(e.env.ptr.cell); over && ok {
			return "Town: a click removes " + grid.Towns()[k].Name
		}
		return fmt.Sprintf("Town: a click places %s (%s)", tools.UniqueTownName(grid, set.TownName), ownerName(set.TownOwner))
	}
	return set.Tool.String()
}
