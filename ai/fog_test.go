package ai

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// generated is a generated 40×30 map and its land cells.
func generated(t testing.TB, seed int64) (*hexmap.Grid, []int) {
	t.Helper()
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 40, Height: 30}, seed)
	if err != nil {
		t.Fatal(err)
	}
	var land []int
	for c := range g.Topology().CellCount() {
		if !g.Cell(c).IsUnderwater() {
			land = append(land, c)
		}
	}
	return g, land
}

var typeNames = []string{"scout", "spearman", "archer", "horseman", "catapult"}

// randomPosition is a two-sided scenario on g: a few towns and units of
// each side on distinct land cells, at random health.
func randomPosition(g *hexmap.Grid, land []int, r *rand.Rand) game.Scenario {
	sc := game.Scenario{Seed: r.Uint64(), Sides: []game.SideSpec{{Side: 1, Team: 1}, {Side: 2, Team: 2}}}
	used := map[int]bool{}
	pick := func() game.Cell {
		for {
			c := land[r.IntN(len(land))]
			if !used[c] {
				used[c] = true
				x, z := g.Topology().Offset(c)
				return game.Cell{x, z}
			}
		}
	}
	for k := range 6 {
		sc.Towns = append(sc.Towns, game.TownSpec{Name: "T", Cell: pick(), Owner: k % 3})
	}
	for k := range 16 {
		sc.Units = append(sc.Units, game.UnitSpec{Type: typeNames[r.IntN(len(typeNames))], Side: 1 + k%2, Cell: pick(), HP: 1 + r.IntN(100)})
	}
	return sc
}

func start(t testing.TB, g *hexmap.Grid, sc game.Scenario) *game.Match {
	t.Helper()
	m, _, err := game.NewMatch(g, sc)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func viewJSON(m *game.Match) string {
	b, _ := json.Marshal(m.View(1))
	return string(b)
}

// hideChanges returns sc with side 1's visible units first and every
// unit side 1 cannot see at the start (listed last, so that the visible
// keep their ids) moved, changed, removed, or joined by new ones, all on
// cells side 1 does not see.
func hideChanges(g *hexmap.Grid, land []int, m *game.Match, sc game.Scenario, r *rand.Rand) (base, changed game.Scenario) {
	occupied := map[game.Cell]bool{}
	for _, u := range sc.Units {
		occupied[u.Cell] = true
	}
	hiddenCell := func() (game.Cell, bool) {
		for range 200 {
			c := land[r.IntN(len(land))]
			x, z := g.Topology().Offset(c)
			if cell := (game.Cell{x, z}); !m.Sees(1, c) && !occupied[cell] {
				occupied[cell] = true
				return cell, true
			}
		}
		return game.Cell{}, false
	}
	var seen, hidden []game.UnitSpec
	for _, u := range sc.Units {
		c, _ := g.Topology().IndexOffset(u.Cell[0], u.Cell[1])
		if u.Side == 1 || m.Sees(1, c) {
			seen = append(seen, u)
		} else {
			hidden = append(hidden, u)
		}
	}
	base, changed = sc, sc
	base.Units = append(append([]game.UnitSpec(nil), seen...), hidden...)
	changed.Units = append([]game.UnitSpec(nil), seen...)
	for _, u := range hidden {
		switch r.IntN(4) {
		case 0: // removed
			continue
		case 1: // moved
			if c, ok := hiddenCell(); ok {
				u.Cell = c
			}
		case 2: // changed
			u.Type, u.HP = typeNames[r.IntN(len(typeNames))], 1+r.IntN(100)
		}
		changed.Units = append(changed.Units, u)
	}
	for range r.IntN(4) { // added
		if c, ok := hiddenCell(); ok {
			changed.Units = append(changed.Units, game.UnitSpec{Type: typeNames[r.IntN(len(typeNames))], Side: 2, Cell: c, HP: 1 + r.IntN(100)})
		}
	}
	return base, changed
}

// TestFogHonesty: on many random positions, changing what side 1 cannot
// see (moving, changing, removing and adding enemy units out of its
// sight) changes none of its commands, at every level, for as long as
// its view stays the same: the two matches are played side by side, and
// compared until the views differ (a move may reveal a changed unit).
func TestFogHonesty(t *testing.T) {
	g, land := generated(t, 4)
	r := rand.New(rand.NewPCG(1, 2))
	compared, positions := 0, 0
	for trial := 0; trial < 60; trial++ {
		sc := randomPosition(g, land, r)
		m0 := start(t, g, sc)
		base, changed := hideChanges(g, land, m0, sc, r)
		a, b := start(t, g, base), start(t, g, changed)
		if viewJSON(a) != viewJSON(b) {
			t.Fatalf("trial %d: the change was not hidden from side 1", trial)
		}
		positions++
		for _, level := range []Level{Random, Easy, Normal, Hard} {
			a, b := start(t, g, base), start(t, g, changed)
			ba, bb := ForMatch(a, 1, level), ForMatch(b, 1, level)
			for step := 0; step < 200 && viewJSON(a) == viewJSON(b) && a.SideInTurn() == 1; step++ {
				ca, cb := ba.Next(a.View(1)), bb.Next(b.View(1))
				if js(ca) != js(cb) {
					t.Fatalf("trial %d, %s, step %d: %s with the hidden units as they were, %s changed", trial, level, step, js(ca), js(cb))
				}
				compared++
				if _, err := a.Apply(ca); err != nil {
					t.Fatalf("trial %d, %s: %s refused: %v", trial, level, js(ca), err)
				}
				b.Apply(cb)
				if ca.Cmd == "end" {
					break
				}
			}
		}
	}
	if compared < 1000 {
		t.Errorf("only %d commands compared over %d positions", compared, positions)
	}
}

func js(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestSameSeedSameMatch: two matches of the same scenario, each side
// played by a fresh bot of its level, take the same commands to the same
// state; a bot of another seed on the same view may differ (Random).
func TestSameSeedSameMatch(t *testing.T) {
	g, land := generated(t, 9)
	sc := randomPosition(g, land, rand.New(rand.NewPCG(3, 4)))
	play := func() (string, int) {
		m := start(t, g, sc)
		bots := []*Bot{nil, ForMatch(m, 1, Hard), ForMatch(m, 2, Random)}
		for m.Round() <= 30 {
			if over, _ := m.Over(); over {
				break
			}
			for _, err := range PlayTurn(m, bots[m.SideInTurn()], nil) {
				t.Fatalf("refused: %v", err)
			}
		}
		return m.Hash(), len(m.Log())
	}
	h1, n1 := play()
	h2, n2 := play()
	if h1 != h2 || n1 != n2 {
		t.Fatalf("the same match twice: %s after %d commands, then %s after %d", h1, n1, h2, n2)
	}
	if n1 < 60 {
		t.Errorf("only %d commands in 30 rounds", n1)
	}
}
