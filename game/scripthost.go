package game

import (
	"fmt"
	"slices"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/script"
)

// host is the match as one handler call's script sees it. Its first
// action saves the state (saved), so that a failed call can be undone;
// ev gathers the call's events.
type host struct {
	m     *Match
	ev    []Event
	saved *state
}

var _ script.Host = (*host)(nil)

// act readies the match for an action, refused once the match is over.
func (h *host) act() error {
	if h.m.st.Over {
		return ErrOver
	}
	h.save()
	return nil
}

// save readies the match for a change: the state is saved at the call's
// first, and no move before it may be taken back.
func (h *host) save() {
	if h.saved == nil {
		st := h.m.cloneState()
		h.saved = &st
	}
	h.m.st.Undo = h.m.st.Undo[:0]
}

func (h *host) Round() int      { return h.m.st.Round }
func (h *host) SideInTurn() int { return h.m.SideInTurn() }

func (h *host) Sides() []script.Side {
	out := make([]script.Side, len(h.m.st.Sides))
	for k, sd := range h.m.st.Sides {
		out[k] = script.Side{Side: sd.Side, Team: sd.Team, Alive: sd.Alive}
	}
	return out
}

func (h *host) Units() []script.Unit {
	var out []script.Unit
	for id := 1; id <= len(h.m.st.Units); id++ {
		if h.m.st.Units[id-1].HP > 0 {
			out = append(out, h.m.scriptUnit(id))
		}
	}
	return out
}

func (h *host) Unit(id int) (script.Unit, bool) {
	if id < 1 || id > len(h.m.st.Units) {
		return script.Unit{}, false
	}
	return h.m.scriptUnit(id), true
}

func (h *host) Towns() []script.Town {
	out := make([]script.Town, len(h.m.st.Towns))
	for k := range out {
		out[k] = h.m.scriptTown(k + 1)
	}
	return out
}

// index is cell c's index, when on the map.
func (h *host) index(c script.Cell) (int, bool) {
	cc := Cell(c)
	i, err := h.m.cellOf(&cc)
	return i, err == nil
}

func (h *host) CellInfo(c script.Cell) (script.CellInfo, bool) {
	i, ok := h.index(c)
	if !ok {
		return script.CellInfo{}, false
	}
	cell := h.m.grid.Cell(i)
	return script.CellInfo{Cell: c, Terrain: hexmap.TerrainName(cell.TerrainType),
		Elevation: int(cell.Elevation), Water: int(cell.WaterLevel), Urban: int(cell.UrbanLevel),
		Farm: int(cell.FarmLevel), Plant: int(cell.PlantLevel), Walled: cell.Walled, Road: cell.Roads != 0,
		River: cell.HasRiver(), Special: cell.SpecialIndex != 0, Underwater: cell.IsUnderwater(),
		Unit: int(h.m.occupant[i]), Town: int(h.m.townAt[i])}, true
}

func (h *host) Areas() []string {
	out := make([]string, len(h.m.areas))
	for k, a := range h.m.areas {
		out[k] = a.name
	}
	return out
}

func (h *host) Area(name string) ([]script.Cell, bool) {
	k := slices.IndexFunc(h.m.areas, func(a area) bool { return a.name == name })
	if k < 0 {
		return nil, false
	}
	out := make([]script.Cell, len(h.m.areas[k].cells))
	for j, i := range h.m.areas[k].cells {
		out[j] = script.Cell(h.m.offset(i))
	}
	return out, true
}

func (h *host) Sees(side int, c script.Cell) bool {
	i, ok := h.index(c)
	return ok && h.m.Sees(side, i)
}

func (h *host) Explored(side int, c script.Cell) bool {
	i, ok := h.index(c)
	return ok && h.m.Explored(side, i)
}

// varIndex is where variable name is, or would go, in st.Vars.
func (h *host) varIndex(name string) (int, bool) {
	return slices.BinarySearchFunc(h.m.st.Vars, name, func(v scriptVar, n string) int { return strings.Compare(v.Name, n) })
}

func (h *host) Var(name string) (string, bool) {
	k, ok := h.varIndex(name)
	if !ok {
		return "", false
	}
	return h.m.st.Vars[k].Value, true
}

func (h *host) SetVar(name, value string) error {
	if len(name) == 0 || len(name) > maxVarName {
		return fmt.Errorf("a variable's name is 1 to %d bytes", maxVarName)
	}
	k, ok := h.varIndex(name)
	switch {
	case value == "" && !ok:
		return nil
	case !ok && len(h.m.st.Vars) == maxVars:
		return fmt.Errorf("more than %d variables", maxVars)
	}
	h.save() // also once the match is over
	switch {
	case value == "":
		h.m.st.Vars = slices.Delete(h.m.st.Vars, k, k+1)
	case ok:
		h.m.st.Vars[k].Value = value
	default:
		h.m.st.Vars = slices.Insert(h.m.st.Vars, k, scriptVar{name, value})
	}
	return nil
}

func (h *host) Random(n int) (int, error) {
	if n < 1 || n > 1<<31 {
		return 0, fmt.Errorf("n %d out of range 1..%d", n, 1<<31)
	}
	if err := h.act(); err != nil {
		return 0, err
	}
	r := rng{h.m.st.RNG}
	v := r.intn(uint64(n))
	h.m.st.RNG = r.state
	return v, nil
}

// checkSide reports a side that is not playing (0 allowed when zeroOK).
func (h *host) checkSide(s int, zeroOK bool) error {
	if (s == 0 && zeroOK) || h.m.sideIndex(s) >= 0 {
		return nil
	}
	return fmt.Errorf("side %d is not one of the sides", s)
}

// checkText refuses a side that is not playing (0 allowed when zeroOK)
// and a text longer than maxText bytes.
func (h *host) checkText(side int, zeroOK bool, text string) error {
	if err := h.checkSide(side, zeroOK); err != nil {
		return err
	}
	if len(text) > maxText {
		return fmt.Errorf("a text of %d bytes, at most %d", len(text), maxText)
	}
	return nil
}

func (h *host) Message(side int, text string) error {
	if err := h.checkText(side, true, text); err != nil {
		return err
	}
	e := sideEvent("message", side)
	e.Text = text
	h.ev = append(h.ev, e)
	return nil
}

func (h *host) Spawn(typ string, side int, c script.Cell) (int, error) {
	t, ok := h.m.rules.TypeIndex(typ)
	if !ok {
		return 0, fmt.Errorf("%w %q", ErrUnknownType, typ)
	}
	i, ok := h.index(c)
	switch {
	case h.m.sideIndex(side) < 0 || !h.m.st.Sides[h.m.sideIndex(side)].Alive:
		return 0, fmt.Errorf("side %d is not playing", side)
	case !ok:
		return 0, fmt.Errorf("%w (%d, %d)", ErrOffMap, c[0], c[1])
	case h.m.grid.Cell(i).IsUnderwater():
		return 0, fmt.Errorf("(%d, %d) is under water", c[0], c[1])
	case h.m.occupant[i] != 0:
		return 0, fmt.Errorf("(%d, %d): %w", c[0], c[1], ErrOccupied)
	case len(h.m.st.Units) >= maxUnits:
		return 0, fmt.Errorf("more than %d units", maxUnits)
	}
	if err := h.act(); err != nil {
		return 0, err
	}
	m := h.m
	m.st.Units = append(m.st.Units, unit{Type: t, Side: side, Cell: i, HP: MaxHP, Moves: m.rules.Types[t].Moves})
	id := len(m.st.Units)
	m.occupant[i] = int32(id)
	m.refreshUnit(id)
	at := Cell(c)
	e := sideEvent("spawned", side)
	e.Unit, e.Type, e.Cell = id, typ, &at
	h.ev = append(h.ev, e)
	return id, nil
}

// liveUnit is unit id, on the map.
func (h *host) liveUnit(id int) (*unit, error) {
	u, ok := h.m.liveUnit(id)
	if !ok {
		return nil, fmt.Errorf("%w %d", ErrNoSuchUnit, id)
	}
	return u, nil
}

func (h *host) Remove(id int) error {
	if _, err := h.liveUnit(id); err != nil {
		return err
	}
	if err := h.act(); err != nil {
		return err
	}
	h.ev = h.m.remove(id, 0, h.ev)
	return nil
}

func (h *host) Damage(id, hp int) error {
	u, err := h.liveUnit(id)
	if err != nil {
		return err
	}
	if hp < 1 || hp > MaxHP {
		return fmt.Errorf("hp %d out of range 1..%d", hp, MaxHP)
	}
	if err := h.act(); err != nil {
		return err
	}
	u.HP -= min(hp, u.HP)
	h.ev = append(h.ev, Event{Ev: "damaged", Unit: id, HP: u.HP})
	if u.HP == 0 {
		h.ev = h.m.remove(id, 0, h.ev)
	}
	return nil
}

func (h *host) SetOwner(town, side int) error {
	if town < 1 || town > len(h.m.st.Towns) {
		return fmt.Errorf("%w %d", ErrNoSuchTown, town)
	}
	if err := h.checkSide(side, true); err != nil {
		return err
	}
	t := &h.m.st.Towns[town-1]
	if t.Owner == side {
		return nil
	}
	if id := h.m.occupant[t.Cell]; id != 0 && h.m.st.Units[id-1].Side != side {
		return fmt.Errorf("town %d holds a unit of side %d", town, h.m.st.Units[id-1].Side)
	}
	if err := h.act(); err != nil {
		return err
	}
	h.ev = h.m.setOwner(town, side, h.ev)
	return nil
}

func (h *host) Reveal(side int, cells []script.Cell) error {
	if err := h.checkSide(side, false); err != nil {
		return err
	}
	idx := make([]int, len(cells))
	for k, c := range cells {
		i, ok := h.index(c)
		if !ok {
			return fmt.Errorf("%w (%d, %d)", ErrOffMap, c[0], c[1])
		}
		idx[k] = i
	}
	if err := h.act(); err != nil {
		return err
	}
	bit := uint8(1) << (side - 1)
	var shown []Cell
	for _, i := range idx {
		if h.m.st.Explored[i]&bit == 0 {
			h.m.st.Explored[i] |= bit
			shown = append(shown, h.m.offset(i))
		}
	}
	e := sideEvent("revealed", side)
	e.Cells = shown
	h.ev = append(h.ev, e)
	return nil
}

func (h *host) SetObjectives(side int, text string) error {
	if err := h.checkText(side, false, text); err != nil {
		return err
	}
	if err := h.act(); err != nil {
		return err
	}
	h.m.st.Sides[h.m.sideIndex(side)].Objectives = text
	e := sideEvent("objectives", side)
	e.Text = text
	h.ev = append(h.ev, e)
	return nil
}

func (h *host) Victory(team int) error {
	if slices.IndexFunc(h.m.st.Sides, func(sd side) bool { return sd.Team == team }) < 0 {
		return fmt.Errorf("team %d has no side", team)
	}
	if err := h.act(); err != nil {
		return err
	}
	h.ev = h.m.finish(h.ev, team, 0)
	return nil
}

func (h *host) Defeat(s int) error {
	if err := h.checkSide(s, false); err != nil {
		return err
	}
	if err := h.act(); err != nil {
		return err
	}
	h.ev = h.m.strip(s, h.ev)
	return nil
}
