package online

import (
	"cmp"
	"slices"

	"hexsandbox/game"
)

// Knowledge is what a seat knows, kept from its messages in order: the
// side's view (units, towns, explored cells, round, whether the match is
// over, objectives) and whose turn it is. A server's messages keep it
// equal to the side's game.View after every command (docs/protocol.md:
// "destroyed" and "seen" carry every change); game.Known makes a match
// of it that the play mode can ask.
type Knowledge struct {
	Side   int // the seat's side
	InTurn int // the side in turn, 0 before the first turn event
	view   game.View
	units  map[int]game.UnitView
	towns  map[int]game.TownView
	cells  map[game.Cell]bool
}

// NewKnowledge is a seat of side's knowledge before its first message.
func NewKnowledge(side int) *Knowledge {
	return &Knowledge{Side: side, view: game.View{Side: side},
		units: map[int]game.UnitView{}, towns: map[int]game.TownView{}, cells: map[game.Cell]bool{}}
}

// Apply takes in message m, the seat's next.
func (k *Knowledge) Apply(m Message) {
	switch m.Ev {
	case "turn":
		if m.Side != nil {
			k.InTurn, k.view.Round = *m.Side, m.Round
		}
	case "won", "draw":
		k.view.Over = true
	case "objectives":
		if m.Side != nil && *m.Side == k.Side {
			k.view.Objectives = m.Text
		}
	case "destroyed":
		delete(k.units, m.Unit)
	case "seen":
		for _, u := range m.Units {
			k.units[u.ID] = u
		}
		for _, id := range m.Hidden {
			delete(k.units, id)
		}
		for _, t := range m.Towns {
			k.towns[t.ID] = t
		}
		for _, c := range m.Explored {
			k.cells[c] = true
		}
	}
}

// View is the side's view as game.Match.View gives it: units and towns
// in id order, explored cells in row order.
func (k *Knowledge) View() game.View {
	v := k.view
	v.Units, v.Towns, v.Explored = make([]game.UnitView, 0, len(k.units)), make([]game.TownView, 0, len(k.towns)), make([]game.Cell, 0, len(k.cells))
	for _, u := range k.units {
		v.Units = append(v.Units, u)
	}
	for _, t := range k.towns {
		v.Towns = append(v.Towns, t)
	}
	for c := range k.cells {
		v.Explored = append(v.Explored, c)
	}
	slices.SortFunc(v.Units, func(a, b game.UnitView) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(v.Towns, func(a, b game.TownView) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(v.Explored, func(a, b game.Cell) int { return cmp.Or(cmp.Compare(a[1], b[1]), cmp.Compare(a[0], b[0])) })
	return v
}
