package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"hexsandbox/hexmap"
)

// TestForecastNamesEachBonus: a horseman attacks a spearman standing one
// level higher in a forest (plants 2) behind walls, across a river: the
// defender's bonuses are the spearman's +50 against horsemen, high ground
// +15, forest +20, walls +50, river +25 (160 in all), so D = 110 × 260/100
// = 286 and A = 140; the least damage to the spearman is 30×140×80/(286×100)
// = 11, the most 30×140×120/28600 = 17, to the horseman 30×286×80/14000
// = 49 and 30×286×120/14000 = 73: neither can be destroyed.
func TestForecastNamesEachBonus(t *testing.T) {
	g := flatGrid(t, 15, 10)
	d := at(g, 6, 5)
	g.SetPlantLevel(d, 2)
	mustRiver(t, g, d, hexmap.W) // down into the attacker's cell, then the rise
	g.SetElevation(d, 1)
	g.SetWalled(d, true)
	m := start(t, g, two(us("horseman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0)))
	f, err := m.Forecast(1, d)
	if err != nil {
		t.Fatal(err)
	}
	want := []BonusPart{{"against horseman", 50}, {"high ground", 15}, {"forest", 20}, {"walls", 50}, {"river", 25}}
	if !slices.Equal(f.TargetBonuses, want) || len(f.AttackerBonuses) != 0 {
		t.Errorf("bonuses %v / %v, want none / %v", f.AttackerBonuses, f.TargetBonuses, want)
	}
	if f.Strength != [2]int{140, 286} || f.ToTarget != [2]int{11, 17} || f.ToAttacker != [2]int{49, 73} ||
		f.DestroyPercent != 0 || f.LosePercent != 0 || f.Ranged || f.Target != 2 {
		t.Errorf("forecast %+v", f)
	}
}

// TestForecastChanceToDestroy: a horseman (A = 140) attacks a scout
// (D = 40) at 30 hp, who loses 30×140×(80+r)/4000: at least 84. Every
// draw destroys it; at 100 hp it would take 100 only from 30×140×(80+r)
// ≥ 400000, r ≥ 16 (15.2 rounded up): 25 of the 41 draws, 61%.
func TestForecastChanceToDestroy(t *testing.T) {
	g := flatGrid(t, 15, 10)
	for _, c := range []struct{ hp, percent int }{{30, 100}, {100, 61}} {
		m := start(t, g, two(us("horseman", 1, 5, 5, 0), us("scout", 2, 6, 5, c.hp)))
		f, err := m.Forecast(1, at(g, 6, 5))
		if err != nil {
			t.Fatal(err)
		}
		if f.DestroyPercent != c.percent {
			t.Errorf("scout at %d hp: destroyed in %d%% of draws, want %d%%", c.hp, f.DestroyPercent, c.percent)
		}
	}
}

// TestForecastAgreesWithApply: on random fights on a rough map, the
// forecast's strengths are the attack's, each damage lies in its range,
// and a refused forecast is refused by Apply with the same reason.
func TestForecastAgreesWithApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	types := []string{"scout", "spearman", "archer", "horseman", "catapult"}
	fought := 0
	for n := range 400 {
		g := flatGrid(t, 10, 10)
		for i := range g.Topology().CellCount() {
			g.SetElevation(i, rng.IntN(3))
			g.SetPlantLevel(i, rng.IntN(4))
			g.SetUrbanLevel(i, rng.IntN(4))
			g.SetWalled(i, rng.IntN(4) == 0)
		}
		ax, az, dx, dz := 3, 3, 3+rng.IntN(3)-1, 3+rng.IntN(5)-2
		if dx == ax && dz == az {
			dx++
		}
		sc := two(us(types[rng.IntN(5)], 1, ax, az, 1+rng.IntN(100)), us(types[rng.IntN(5)], 2, dx, dz, 1+rng.IntN(100)))
		if rng.IntN(2) == 0 {
			sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{dx, dz}, Owner: 2}}
		}
		m := start(t, g, sc)
		f, ferr := m.Forecast(1, at(g, dx, dz))
		ev, aerr := m.Apply(attackCmd(1, dx, dz))
		if (ferr == nil) != (aerr == nil) || (ferr != nil && ferr.Error() != aerr.Error()) {
			t.Fatalf("fight %d: forecast says %v, Apply %v", n, ferr, aerr)
		}
		if aerr != nil {
			continue
		}
		fought++
		e := find(t, ev, "attacked")
		if e.Strength[0] != f.Strength[0] || e.Strength[1] != f.Strength[1] {
			t.Fatalf("fight %d: forecast strengths %v, attack %v", n, f.Strength, e.Strength)
		}
		if e.Damage[0] < f.ToTarget[0] || e.Damage[0] > f.ToTarget[1] || e.Damage[1] < f.ToAttacker[0] || e.Damage[1] > f.ToAttacker[1] {
			t.Fatalf("fight %d: damage %v outside %v / %v", n, e.Damage, f.ToTarget, f.ToAttacker)
		}
	}
	if fought < 100 {
		t.Errorf("only %d of the 400 attacks were allowed", fought)
	}
}

// TestForecastRefusals: not the side in turn's unit, no target.
func TestForecastRefusals(t *testing.T) {
	g := flatGrid(t, 15, 10)
	m := start(t, g, two(us("spearman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0)))
	if _, err := m.Forecast(2, at(g, 5, 5)); !errors.Is(err, ErrNotYours) {
		t.Errorf("forecast for the other side's unit: %v", err)
	}
	if _, err := m.Forecast(1, at(g, 7, 5)); !errors.Is(err, ErrNoTarget) {
		t.Errorf("forecast on an empty cell: %v", err)
	}
}

// TestReachIsWhereMovesEnd: on a rough map with units in the way, the
// cells Reach lists are exactly the free cells a move command reaches
// and stops on this turn (each tried on a fresh match).
func TestReachIsWhereMovesEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := flatGrid(t, 15, 10)
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, rng.IntN(3))
		g.SetPlantLevel(i, rng.IntN(3))
	}
	sc := two(us("spearman", 1, 5, 5, 0), us("scout", 1, 6, 5, 0), us("spearman", 2, 4, 4, 0), us("spearman", 2, 5, 6, 0))
	reach := start(t, g, sc).Reach(1, nil)
	for i := range g.Topology().CellCount() {
		x, z := g.Topology().Offset(i)
		ev, err := start(t, g, sc).Apply(moveCmd(1, x, z))
		ends := err == nil && ev[0].Path[len(ev[0].Path)-1] == Cell{x, z}
		if ends != slices.Contains(reach, i) {
			t.Errorf("cell [%d,%d]: a move ends there %v, Reach lists it %v", x, z, ends, slices.Contains(reach, i))
		}
	}
}
