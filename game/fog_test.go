package game

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"
)

// A move into an enemy unit the mover does not see stops on the cell
// before it, is accepted whether or not the unit is there, and ends
// with the unit seen: a scout (36 moves, vision 5, flat steps of 5) at
// (2,5) sent east along row 5 with an enemy at (9,5), seven away.
func TestMoveIntoUnseenUnitStopsShort(t *testing.T) {
	for _, to := range []Cell{{9, 5}, {12, 5}} {
		m := start(t, flatGrid(t, 30, 10), two(us("scout", 1, 2, 5, 0), us("spearman", 2, 9, 5, 0)))
		if m.Sees(1, at(m.grid, 9, 5)) {
			t.Fatal("the enemy is seen before the move")
		}
		p := find(t, do(t, m, moveCmd(1, to[0], to[1])), "moved").Path
		if len(p) != 7 || p[len(p)-1] != (Cell{8, 5}) || m.st.Units[0].Moves != 36-30 {
			t.Errorf("to %v: moved %v with %d left; want six steps to [8 5] with 6", to, p, m.st.Units[0].Moves)
		}
		if !m.Sees(1, at(m.grid, 9, 5)) {
			t.Errorf("to %v: the enemy that stopped the move is not seen", to)
		}
		// Now seen, it is gone round or refused like any seen unit.
		refused(t, m, moveCmd(1, 9, 5), ErrOccupied)
	}
}

// A unit whose first step runs into a unit it does not see (vision 1,
// the step one level up) stays where it is: the move is accepted with a
// "moved" event of its own cell alone and its moves kept.
func TestFirstStepIntoUnseenUnit(t *testing.T) {
	g := flatGrid(t, 10, 10)
	g.SetElevation(at(g, 4, 5), 1)
	rules := DefaultRuleset()
	for k := range rules.Types {
		rules.Types[k].Vision = 1
	}
	sc := two(us("spearman", 1, 3, 5, 0), us("spearman", 2, 4, 5, 0))
	sc.Rules = rules
	m := start(t, g, sc)
	if m.Sees(1, at(g, 4, 5)) {
		t.Fatal("the enemy one level up is seen with vision 1")
	}
	ev := do(t, m, moveCmd(1, 4, 5))
	if len(ev) != 1 || ev[0].Ev != "moved" || !slices.Equal(ev[0].Path, []Cell{{3, 5}}) {
		t.Errorf("events %+v; want one moved of [3 5] alone", ev)
	}
	if u := m.st.Units[0]; u.Cell != at(g, 3, 5) || u.Moves != 24 {
		t.Errorf("unit at %d with %d moves; want it where it was with 24", u.Cell, u.Moves)
	}
}

// TestFogAnswersAlike probes for a hidden enemy unit: over random hilly
// maps, each of side 1's moves and attacks toward random cells (the
// hidden unit's among them) is sent to two matches, one with an extra
// side-2 unit on a cell side 1 does not see and one without. Every
// answer and side 1's view afterwards (less that unit, when the command
// let side 1 see it) are the same, except a move whose way (the same in
// both: side 1 does not know the unit) runs into it within this turn:
// that one stops on a cell of the way before it.
func TestFogAnswersAlike(t *testing.T) {
	bumps, probes := 0, 0
	for trial := range 12 {
		g := hillyGrid(t, 20, 15, uint64(500+trial))
		rnd := rand.New(rand.NewPCG(uint64(trial), 31))
		cells := dryCells(g, rnd, 8)
		types := []string{"scout", "spearman", "archer", "horseman"}
		var units []UnitSpec
		for k, c := range cells {
			units = append(units, UnitSpec{Type: types[k%4], Side: 1 + k%2, Cell: c})
		}
		without := two(units...)
		hidden, ok := hiddenCell(start(t, g, without), rnd)
		if !ok {
			continue
		}
		with := two(append(slices.Clone(units), UnitSpec{Type: "spearman", Side: 2, Cell: hidden})...)
		extra := len(units) + 1
		for range 40 {
			mover := 1 + 2*rnd.IntN(4)
			target := Cell{rnd.IntN(20), rnd.IntN(15)}
			if rnd.IntN(3) == 0 {
				target = hidden
			}
			cmd := moveCmd(mover, target[0], target[1])
			if rnd.IntN(4) == 0 {
				cmd = attackCmd(mover, target[0], target[1])
			}
			a, b := start(t, g, without), start(t, g, with)
			way, dists, _ := a.Way(mover, at(g, target[0], target[1]))
			evA, errA := a.Apply(cmd)
			evB, errB := b.Apply(cmd)
			probes++
			if k := slices.Index(way, at(g, hidden[0], hidden[1])); cmd.Cmd == "move" && k > 0 && dists[k] <= a.unitType(&a.st.Units[mover-1]).Moves {
				bumps++
				wantStopBefore(t, b, evB, errB, mover, way[:k])
				continue
			}
			if answer(evA, errA) != answer(evB, errB) {
				t.Fatalf("trial %d, %+v: answered %s without the hidden unit, %s with it", trial, cmd, answer(evA, errA), answer(evB, errB))
			}
			if va, vb := viewJSON(a.View(1), 0), viewJSON(b.View(1), extra); va != vb {
				t.Fatalf("trial %d, %+v: side 1's view differs with the hidden unit:\n%s\n%s", trial, cmd, va, vb)
			}
		}
	}
	t.Logf("%d probes, %d runs into the hidden unit", probes, bumps)
	if bumps == 0 || probes < 200 {
		t.Fatalf("%d probes, %d runs into the hidden unit: the test proves little", probes, bumps)
	}
}

// hiddenCell draws a free land cell side 1 does not see, one that a
// unit of side 1 can reach this turn when there is one.
func hiddenCell(m *Match, rnd *rand.Rand) (Cell, bool) {
	var near, far []int
	for i := range m.occupant {
		if m.occupant[i] != 0 || m.grid.Cell(i).IsUnderwater() || m.Sees(1, i) {
			continue
		}
		far = append(far, i)
		for _, u := range m.Units() {
			if u.Side == 1 && slices.Contains(m.Reach(u.ID, nil), i) {
				near = append(near, i)
				break
			}
		}
	}
	if len(near) > 0 {
		far = near
	}
	if len(far) == 0 {
		return Cell{}, false
	}
	return m.offset(far[rnd.IntN(len(far))]), true
}

// wantStopBefore checks a move that ran into the hidden unit: accepted,
// its path a prefix of way (the cells before the unit).
func wantStopBefore(t *testing.T, m *Match, ev []Event, err error, mover int, way []int) {
	t.Helper()
	if err != nil || len(ev) == 0 || ev[0].Ev != "moved" || ev[0].Unit != mover {
		t.Fatalf("a move into the hidden unit answered %s", answer(ev, err))
	}
	p := ev[0].Path
	if len(p) > len(way) {
		t.Fatalf("moved %v, past the hidden unit (way %v)", p, m.offsets(way))
	}
	if !slices.Equal(p, m.offsets(way[:len(p)])) {
		t.Fatalf("moved %v, not along the way %v", p, m.offsets(way))
	}
}

// answer is a command's answer as the protocol writes it.
func answer(ev []Event, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	b, _ := json.Marshal(ev)
	return string(b)
}

// viewJSON is view v as JSON, without unit skip.
func viewJSON(v View, skip int) string {
	v.Units = slices.DeleteFunc(v.Units, func(u UnitView) bool { return u.ID == skip })
	b, _ := json.Marshal(v)
	return string(b)
}
