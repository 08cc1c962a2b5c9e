package game

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"hexsandbox/hexmap/scenario"
	"hexsandbox/script"
)

// Limits of what a scenario's script keeps in the match (its areas are
// bounded as a map's, scenario.MaxAreas and scenario.MaxAreaNameLength).
const (
	maxVars         = 256
	maxVarName      = 64                         // bytes
	maxText         = scenario.MaxObjectiveBytes // bytes of a message or objectives, as a map's
	maxUnits        = 1 << 20
	maxCallsPerStep = 256 // handler calls for one command (or the start)
)

// area is a named area: its cell indices, in the scenario's order.
type area struct {
	name  string
	cells []int
}

// scriptVar is one of the script's variables: its value as JSON text.
type scriptVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// loadScript sets the sides' starting objectives, checks the scenario's
// areas and compiles its script.
func (m *Match) loadScript(sc Scenario) error {
	for k, o := range sc.Objectives {
		i := m.sideIndex(o.Side)
		switch {
		case i < 0:
			return fmt.Errorf("scenario: objectives[%d]: side %d is not one of the sides", k, o.Side)
		case len(o.Text) > maxText:
			return fmt.Errorf("scenario: objectives[%d]: %d bytes, at most %d", k, len(o.Text), maxText)
		}
		m.st.Sides[i].Objectives = o.Text
	}
	if len(sc.Areas) > scenario.MaxAreas {
		return fmt.Errorf("scenario: areas: %d, at most %d", len(sc.Areas), scenario.MaxAreas)
	}
	for k, a := range sc.Areas {
		what := fmt.Sprintf("scenario: areas[%d] (%q)", k, a.Name)
		if n := utf8.RuneCountInString(a.Name); n == 0 || n > scenario.MaxAreaNameLength || !utf8.ValidString(a.Name) {
			return fmt.Errorf("%s: a name is 1 to %d characters", what, scenario.MaxAreaNameLength)
		}
		if slices.IndexFunc(m.areas, func(o area) bool { return o.name == a.Name }) >= 0 {
			return fmt.Errorf("%s: the name is used twice", what)
		}
		if len(a.Cells) > m.grid.Topology().CellCount() {
			return fmt.Errorf("%s: %d cells on a map of %d", what, len(a.Cells), m.grid.Topology().CellCount())
		}
		ar := area{name: a.Name, cells: make([]int, 0, len(a.Cells))}
		for _, c := range a.Cells {
			i, err := cellIndex(m.grid, c, what)
			if err != nil {
				return err
			}
			ar.cells = append(ar.cells, i)
		}
		m.areas = append(m.areas, ar)
	}
	if sc.Script == "" {
		return nil
	}
	p, err := script.Compile("script", sc.Script)
	if err != nil {
		return fmt.Errorf("scenario: %v", err)
	}
	m.prog = p
	return nil
}

// CheckScript parses and checks a scenario's script without running it:
// the first error, which says its line (a *script.Error), or nil.
func CheckScript(src string) error { return script.Check("script", src) }

// begin starts the match: the script's on_start, then side 1's turn of
// round 1, each followed by the handlers their events call for.
func (m *Match) begin() []Event {
	ev := m.runScript(m.call(nil, "on_start"), 0)
	return m.runScript(m.startTurn(ev), len(ev))
}

// runScript calls the handlers that the events from ev[from] on call for,
// in order, and those that their own events call for, appending their
// events; at most maxCallsPerStep calls. Handlers still run for the
// events that ended the match, but can then only read and send messages.
func (m *Match) runScript(ev []Event, from int) []Event {
	if m.prog == nil {
		return ev
	}
	calls := 0
	for k := from; k < len(ev); k++ {
		for _, c := range m.handlersFor(ev[k]) {
			if calls == maxCallsPerStep {
				return append(ev, Event{Ev: "scripterror", Handler: c.name,
					Text: fmt.Sprintf("more than %d handler calls for one command: the rest were skipped", maxCallsPerStep)})
			}
			calls++
			ev = m.call(ev, c.name, c.args...)
		}
	}
	return ev
}

// handlerCall is a handler to call and its arguments.
type handlerCall struct {
	name string
	args []any
}

// handlersFor is the handlers event e calls for, when the script
// defines them.
func (m *Match) handlersFor(e Event) []handlerCall {
	var out []handlerCall
	add := func(name string, args ...any) {
		if m.prog.Has(name) {
			out = append(out, handlerCall{name, args})
		}
	}
	switch e.Ev {
	case "turn":
		add("on_turn_start", *e.Side, e.Round)
	case "moved":
		if !e.Undone {
			for _, c := range e.Path[1:] {
				add("on_unit_moved", m.scriptUnit(e.Unit), script.Cell(c))
			}
		}
	case "destroyed":
		var by any
		if e.By != 0 {
			by = m.scriptUnit(e.By)
		}
		add("on_unit_destroyed", m.scriptUnit(e.Unit), by)
	case "taken":
		add("on_town_taken", m.scriptTown(e.Town), *e.Side, e.From)
	case "eliminated":
		add("on_side_eliminated", *e.Side)
	}
	return out
}

// call calls handler name with args and returns ev with its events. A
// call that fails (or is stopped) has its actions undone and leaves one
// scripterror event instead; after a call that acted, sides left with
// nothing are eliminated.
func (m *Match) call(ev []Event, name string, args ...any) []Event {
	if m.prog == nil || !m.prog.Has(name) {
		return ev
	}
	n := len(ev)
	h := &host{m: m, ev: ev[:n:n]}
	if err := m.prog.Call(h, name, args...); err != nil {
		if h.saved != nil {
			m.setState(*h.saved)
		}
		e := Event{Ev: "scripterror", Handler: name, Text: err.Error()}
		var se *script.Error
		if errors.As(err, &se) {
			e.Line = se.Line
		}
		return append(ev[:n:n], e)
	}
	if h.saved != nil && !m.st.Over {
		return m.afterLoss(h.ev)
	}
	return h.ev
}

// cloneState is a deep copy of the state (undo paths are never changed
// in place, so they are shared).
func (m *Match) cloneState() state {
	st := m.st
	st.Units = slices.Clone(st.Units)
	st.Towns = slices.Clone(st.Towns)
	st.Sides = slices.Clone(st.Sides)
	st.Explored = slices.Clone(st.Explored)
	st.Undo = slices.Clone(st.Undo)
	st.Vars = slices.Clone(st.Vars)
	return st
}

// scriptUnit is unit id (destroyed ones too) as a script sees it.
func (m *Match) scriptUnit(id int) script.Unit {
	u := &m.st.Units[id-1]
	return script.Unit{ID: id, Type: m.unitType(u).Name, Side: u.Side, Cell: script.Cell(m.offset(u.Cell)), HP: u.HP, Moves: u.Moves}
}

// scriptTown is town id as a script sees it.
func (m *Match) scriptTown(id int) script.Town {
	t := &m.st.Towns[id-1]
	return script.Town{ID: id, Name: t.Name, Cell: script.Cell(m.offset(t.Cell)), Owner: t.Owner, Builds: m.rules.Types[t.Builds].Name}
}

// checkScriptState checks what a snapshot holds for the script: its
// variables (in name order, each once, each a value a script can keep)
// and the sides' objectives.
func checkScriptState(st *state) error {
	if len(st.Vars) > maxVars {
		return fmt.Errorf("%d script variables, at most %d", len(st.Vars), maxVars)
	}
	for k, v := range st.Vars {
		if len(v.Name) == 0 || len(v.Name) > maxVarName || (k > 0 && st.Vars[k-1].Name >= v.Name) {
			return fmt.Errorf("vars[%d]: names are 1 to %d bytes, in order, each once", k, maxVarName)
		}
		if err := script.CheckVar(v.Value); err != nil {
			return fmt.Errorf("vars[%d]: %v", k, err)
		}
	}
	for k, sd := range st.Sides {
		if len(sd.Objectives) > maxText {
			return fmt.Errorf("sides[%d]: objectives of %d bytes, at most %d", k, len(sd.Objectives), maxText)
		}
	}
	return nil
}
