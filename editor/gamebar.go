package editor

import (
	"fmt"
	"image/color"
	"slices"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
)

// barHeight is the game bar's height in logical pixels.
const barHeight = 40

// gameBar is play mode's bar across the top of the map: back to editing,
// the side in turn, the selected unit and its moves left, End Turn, and
// Undo, the toggle of the fog (Reveal map), the objectives box, New game
// and Replay.
type gameBar struct {
	root *widget.Container
	// line holds the widgets in one row, or grid so many to a line (a
	// phone's width); root holds one of them.
	line, grid *widget.Container
	items      []widget.PreferredSizeLocateableWidget
	texts      []*widget.Text // the side in turn, the unit, its moves
	minW       []int          // the texts' least widths in a row
	columns    int            // the widgets to a line of the grid; 0: the row
	arranged   bool
	s          *style
	turn       *widget.Text
	unit       *widget.Text
	moves      *widget.Text
	undo       *widget.Button
	reveal     *widget.Checkbox
	endTurn    *widget.Button
	syncing    bool
}

type gameBarActions struct {
	Edit, EndTurn, Undo, NewGame, Replay, Objectives func()
}

func newGameBar(s *style, view *viewSettings, act gameBarActions) *gameBar {
	b := &gameBar{syncing: true}
	defer func() { b.syncing = false }()
	b.root = barBox(s)
	b.line = barRow(s)
	b.s = s
	center := widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	text := func(c color.Color, minW int) *widget.Text {
		t := widget.NewText(widget.TextOpts.Text("", &s.face, c),
			widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(center), widget.WidgetOpts.MinSize(s.px(minW), 0)))
		return t
	}
	edit := s.button(s.keyHint("Edit", "Tab"), 96, act.Edit)
	edit.GetWidget().LayoutData = center
	b.turn = text(colText, 120)
	b.unit = text(colText, 180)
	b.moves = text(colAccent, 120)
	b.endTurn = s.button(s.keyHint("End Turn", "Enter"), 140, act.EndTurn)
	b.endTurn.GetWidget().LayoutData = center
	b.undo = s.button(s.keyHint("Undo", "Ctrl+Z"), 110, act.Undo)
	b.undo.GetWidget().LayoutData = center
	newGame := s.button("New game", 90, act.NewGame)
	newGame.GetWidget().LayoutData = center
	replay := s.button(s.keyHint("Replay", "R"), 90, act.Replay)
	replay.GetWidget().LayoutData = center
	goals := s.button(s.keyHint("Objectives", "O"), 110, act.Objectives)
	goals.GetWidget().LayoutData = center
	b.reveal = s.checkbox(s.keyHint("Reveal map", "V"), view.Reveal, func(on bool) {
		if !b.syncing {
			view.Reveal = on
		}
	})
	b.reveal.GetWidget().LayoutData = center
	hint := widget.NewText(widget.TextOpts.Text("Click a unit, then a cell · Esc: deselect", &s.small, colDim),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.LayoutData(center)))
	s.withTip(edit, "Back to editing the map")
	s.withTip(b.endTurn, "Pass play to the next side")
	s.withTip(b.undo, "Take back the last move, as the rules allow")
	s.withTip(newGame, "A new game on a generated map or this one (Ctrl+Shift+N)")
	s.withTip(replay, "Watch the match so far played back from its start")
	s.withTip(goals, "Show or hide your objectives and the scenario's messages")
	s.withTip(b.reveal, "Show the whole map, not only what the side in turn sees")
	b.items = []widget.PreferredSizeLocateableWidget{edit, b.turn, b.unit, b.moves, b.endTurn, b.undo, b.reveal, goals, newGame, replay, hint}
	b.texts = []*widget.Text{b.turn, b.unit, b.moves}
	for _, t := range b.texts {
		b.minW = append(b.minW, t.GetWidget().MinWidth)
	}
	b.arrange(0)
	return b
}

// arrange puts the bar's widgets in one row (columns 0) or in lines of
// columns stretched across the bar, the side in turn, the unit and its
// moves first, without the hint, which tells of the mouse and keys.
func (b *gameBar) arrange(columns int) {
	if b.arranged && columns == b.columns {
		return
	}
	b.arranged, b.columns = true, columns
	b.root.RemoveChildren()
	b.line.RemoveChildren()
	if b.grid != nil {
		b.grid.RemoveChildren()
	}
	for k, t := range b.texts {
		t.GetWidget().MinWidth, t.MaxWidth = b.minW[k], 0
		if columns > 0 {
			t.GetWidget().MinWidth = 0
		}
	}
	for _, w := range b.items {
		w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		if columns > 0 {
			w.GetWidget().LayoutData = widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter}
		}
	}
	if columns == 0 {
		b.line.AddChild(b.items...)
		b.root.AddChild(b.line)
		return
	}
	s := b.s
	b.grid = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(columns),
			widget.GridLayoutOpts.Stretch(slices.Repeat([]bool{true}, columns), nil),
			widget.GridLayoutOpts.Spacing(s.px(6), s.px(4)),
			widget.GridLayoutOpts.Padding(&widget.Insets{Left: s.px(8), Right: s.px(8), Top: s.px(6), Bottom: s.px(6)}),
		)),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{StretchHorizontal: true})),
	)
	var rest []widget.PreferredSizeLocateableWidget
	for _, w := range b.items[:len(b.items)-1] {
		if t, ok := w.(*widget.Text); !ok || !slices.Contains(b.texts, t) {
			rest = append(rest, w)
		}
	}
	b.grid.AddChild(b.turn, b.unit, b.moves)
	b.grid.AddChild(rest...)
	b.root.AddChild(b.grid)
}

// barInfo is the game's state as the bar shows it: the side in turn, the
// selected unit and its moves left.
type barInfo struct {
	side, round int
	colour      int    // the side in turn's colour number (sidePaint)
	name        string // the side in turn's
	unit, moves string
}

// update shows the game's state: the side in turn in its colour, the
// selected unit and its moves left. It reports whether a label changed.
func (b *gameBar) update(info barInfo) (changed bool) {
	turn := fmt.Sprintf("Round %d · %s", info.round, info.name)
	unit, moves := info.unit, "Moves left: "+info.moves
	changed = turn != b.turn.Label || unit != b.unit.Label || moves != b.moves.Label
	b.turn.Label = turn
	b.turn.SetColor(colourText(info.colour))
	b.unit.Label = unit
	b.moves.Label = moves
	if b.wrap() || (changed && b.columns > 0) {
		b.root.RequestRelayout() // a text's lines, so its row's height, may have changed
		changed = true
	}
	return changed
}

// wrap makes the texts in lines of columns (a phone's width) wrap
// within their column, as wide as the grid's last layout makes it: the
// selected unit's name and hit points are wider than a third of a
// phone's bar, and were drawn over the moves beside them. It reports
// whether a width changed.
func (b *gameBar) wrap() bool {
	if b.columns == 0 || b.grid == nil {
		return false
	}
	s := b.s
	inner := b.grid.GetWidget().Rect.Dx() - 2*s.px(8) - (b.columns-1)*s.px(6)
	w := float64(inner / b.columns)
	if w <= 0 || w == b.texts[0].MaxWidth {
		return false
	}
	for _, t := range b.texts {
		t.MaxWidth = w
	}
	return true
}

// sync shows view settings changed elsewhere.
func (b *gameBar) sync(view *viewSettings) {
	b.syncing = true
	defer func() { b.syncing = false }()
	b.reveal.SetState(state(view.Reveal))
}

// barBox is the game bar's background across the top of the map, a
// bar's height at least, holding its widgets' row or grid.
func barBox(s *style) *widget.Container { return barOf(s, widget.NewAnchorLayout()) }

// keyHint is a button's label with its key after it, but on a touch
// screen, which has no keys.
func (s *style) keyHint(label, key string) string {
	if s.touch {
		return label
	}
	return label + " (" + key + ")"
}

// barRow is an empty bar across the top of the map, its widgets in a row.
func barRow(s *style) *widget.Container {
	return barOf(s, widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
		widget.RowLayoutOpts.Spacing(s.px(10)),
		widget.RowLayoutOpts.Padding(&widget.Insets{Left: s.px(8), Right: s.px(8), Top: s.px(6), Bottom: s.px(6)}),
	))
}

// barOf is an empty bar across the top of the map laid out by l.
func barOf(s *style, l widget.Layouter) *widget.Container {
	return widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(euimage.NewNineSliceColor(colPanel)),
		widget.ContainerOpts.Layout(l),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(0, s.px(barHeight)),
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
				HorizontalPosition: widget.AnchorLayoutPositionStart,
				VerticalPosition:   widget.AnchorLayoutPositionStart,
				StretchHorizontal:  true,
			}),
		),
	)
}
