package game

import "fmt"

// Command is one protocol command. Cmd is "move" (Unit, To), "attack"
// (Unit, At), "produce" (Town, Type), "end", "undo" or "resign"; "view"
// and "state" are questions, answered by View and Hash, never logged.
type Command struct {
	Cmd  string `json:"cmd"`
	Unit int    `json:"unit,omitempty"`
	To   *Cell  `json:"to,omitempty"`
	At   *Cell  `json:"at,omitempty"`
	Town int    `json:"town,omitempty"`
	Type string `json:"type,omitempty"`
}

// Event is one thing a command caused; Ev names it and the fields it
// uses are set (see docs/protocol.md).
type Event struct {
	Ev       string `json:"ev"`
	Unit     int    `json:"unit,omitempty"`
	Target   int    `json:"target,omitempty"`
	Town     int    `json:"town,omitempty"`
	Side     *int   `json:"side,omitempty"`
	Team     int    `json:"team,omitempty"`
	Round    int    `json:"round,omitempty"`
	Type     string `json:"type,omitempty"`
	Cell     *Cell  `json:"cell,omitempty"`
	Path     []Cell `json:"path,omitempty"`
	HP       int    `json:"hp,omitempty"`
	Strength []int  `json:"strength,omitempty"`
	Rolls    []int  `json:"rolls,omitempty"`
	Damage   []int  `json:"damage,omitempty"`
	Undone   bool   `json:"undone,omitempty"`
	Score    int    `json:"score,omitempty"`
	By       int    `json:"by,omitempty"`      // destroyed: the unit that destroyed it
	From     int    `json:"from,omitempty"`    // taken: the side it was taken from (0 neutral)
	Cells    []Cell `json:"cells,omitempty"`   // revealed
	Text     string `json:"text,omitempty"`    // message, objectives, scripterror
	Handler  string `json:"handler,omitempty"` // scripterror
	Line     int    `json:"line,omitempty"`    // scripterror: the script's line
}

// sideEvent is an event naming a side.
func sideEvent(ev string, s int) Event { return Event{Ev: ev, Side: &s} }

// Apply checks cmd against the rules for the side in turn and either
// carries it out, logging it and returning its events, or refuses it
// with an error wrapping one of the Err values, changing nothing.
func (m *Match) Apply(cmd Command) ([]Event, error) {
	if m.st.Over {
		return nil, ErrOver
	}
	var ev []Event
	var err error
	switch cmd.Cmd {
	case "move":
		ev, err = m.move(cmd)
	case "attack":
		ev, err = m.attack(cmd)
	case "produce":
		ev, err = m.produce(cmd)
	case "end":
		m.st.Undo = m.st.Undo[:0]
		ev = m.endTurn(nil)
	case "undo":
		ev, err = m.undo()
	case "resign":
		ev = m.resign()
	default:
		return nil, fmt.Errorf("%w: unknown command %q", ErrBadCommand, cmd.Cmd)
	}
	if err != nil {
		return nil, err
	}
	m.log = append(m.log, cmd)
	return m.runScript(ev, 0), nil
}

// ownUnit returns unit id when it stands on the map and belongs to the
// side in turn.
func (m *Match) ownUnit(id int) (*unit, error) {
	u, ok := m.liveUnit(id)
	if !ok {
		return nil, fmt.Errorf("%w %d", ErrNoSuchUnit, id)
	}
	if u.Side != m.SideInTurn() {
		return nil, fmt.Errorf("unit %d: %w", id, ErrNotYours)
	}
	return u, nil
}

// unitAndCell is a command's unit of the side in turn and the index of
// the cell it names.
func (m *Match) unitAndCell(id int, c *Cell) (*unit, int, error) {
	u, err := m.ownUnit(id)
	if err != nil {
		return nil, 0, err
	}
	i, err := m.cellOf(c)
	return u, i, err
}

// cellOf is the index of the cell c names, when on the map.
func (m *Match) cellOf(c *Cell) (int, error) {
	if c == nil {
		return 0, fmt.Errorf("%w: a cell is needed", ErrBadCommand)
	}
	if c[0] < 0 || c[0] >= m.grid.Topology().Width || c[1] < 0 || c[1] >= m.grid.Topology().Height {
		return 0, fmt.Errorf("%w [%d,%d]", ErrOffMap, c[0], c[1])
	}
	return c[0] + c[1]*m.grid.Topology().Width, nil
}

// produce sets what a town of the side in turn builds.
func (m *Match) produce(cmd Command) ([]Event, error) {
	if cmd.Town < 1 || cmd.Town > len(m.st.Towns) {
		return nil, fmt.Errorf("%w %d", ErrNoSuchTown, cmd.Town)
	}
	t := &m.st.Towns[cmd.Town-1]
	if t.Owner != m.SideInTurn() {
		return nil, fmt.Errorf("town %d: %w", cmd.Town, ErrNotYours)
	}
	k, ok := m.rules.TypeIndex(cmd.Type)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownType, cmd.Type)
	}
	t.Builds = k
	m.st.Undo = m.st.Undo[:0]
	return []Event{{Ev: "builds", Town: cmd.Town, Type: cmd.Type}}, nil
}
