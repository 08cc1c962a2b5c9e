package game

import (
	"errors"
	"math/rand/v2"
	"testing"

	"hexsandbox/hexmap"
)

// fightOnce starts a match on g with an attacker of side 1 on (5,5) and
// a defender of side 2 on cell d, plus extra units, attacks, and returns
// the attacked event and the match.
func fightOnce(t *testing.T, g *hexmap.Grid, a, d UnitSpec, extra ...UnitSpec) (Event, *Match) {
	t.Helper()
	m := start(t, g, two(append([]UnitSpec{a, d}, extra...)...))
	ev := do(t, m, attackCmd(1, d.Cell[0], d.Cell[1]))
	e := find(t, ev, "attacked")
	r1, r2 := e.Rolls[0], e.Rolls[1]
	if r1 < 0 || r1 > 40 || r2 < 0 || r2 > 40 {
		t.Fatalf("rolls %v outside 0..40", e.Rolls)
	}
	// The damage formula, applied to the event's own strengths and rolls.
	A, D := e.Strength[0], e.Strength[1]
	toD := min(dHP(d), 30*A*(80+r1)/(D*100))
	toA := 0
	if m.Rules().Types[typeIndex(t, m, a.Type)].Ranged == 0 {
		toA = min(dHP(a), 30*D*(80+r2)/(A*100))
	}
	if e.Damage[0] != toD || e.Damage[1] != toA {
		t.Errorf("damage %v with strengths %v and rolls %v, want [%d %d]", e.Damage, e.Strength, e.Rolls, toD, toA)
	}
	if unitHP(m, 2) != dHP(d)-toD || unitHP(m, 1) != dHP(a)-toA {
		t.Errorf("hp after: %d, %d; want %d, %d", unitHP(m, 1), unitHP(m, 2), dHP(a)-toA, dHP(d)-toD)
	}
	return e, m
}

func dHP(u UnitSpec) int {
	if u.HP == 0 {
		return 100
	}
	return u.HP
}

func typeIndex(t *testing.T, m *Match, name string) int {
	k, ok := m.Rules().TypeIndex(name)
	if !ok {
		t.Fatalf("no type %q", name)
	}
	return k
}

func wantStrength(t *testing.T, e Event, a, d int) {
	t.Helper()
	if e.Strength[0] != a || e.Strength[1] != d {
		t.Errorf("strengths %v, want [%d %d]", e.Strength, a, d)
	}
}

// TestStrengthsHandWorked checks strengths of fights on flat land.
func TestStrengthsHandWorked(t *testing.T) {
	// Spearman attacks horseman: A = 10×11 = 110, ×(100+50)/100 = 165,
	// ×(50+50)/100 = 165; D = 10×14 = 140 ×100/100 ×100/100 = 140.
	// With r1 = 20 the horseman would lose 30×165×100/(140×100) = 35,
	// and with r2 = 20 the spearman 30×140×100/(165×100) = 25.
	e, _ := fightOnce(t, flatGrid(t, 15, 10), us("spearman", 1, 5, 5, 0), us("horseman", 2, 6, 5, 0))
	wantStrength(t, e, 165, 140)
	if damage(165, 140, 20) != 35 || damage(140, 165, 20) != 25 {
		t.Errorf("damage(165,140,20) = %d, damage(140,165,20) = %d; want 35, 25", damage(165, 140, 20), damage(140, 165, 20))
	}
	// Horseman attacks spearman: the spearman's bonus counts defending:
	// A = 140; D = 110 × 150/100 = 165.
	e, _ = fightOnce(t, flatGrid(t, 15, 10), us("horseman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0))
	wantStrength(t, e, 140, 165)
	// A hurt spearman (61 hp: 50 + 30 = 80%) attacks a scout: A = 110 ×
	// 80/100 = 88; D = 40. A spearman at 75 hp defends with 50 + 37 =
	// 87%: 110 × 87/100 = 95 (95.7 truncated).
	e, _ = fightOnce(t, flatGrid(t, 15, 10), us("spearman", 1, 5, 5, 61), us("scout", 2, 6, 5, 0))
	wantStrength(t, e, 88, 40)
	e, _ = fightOnce(t, flatGrid(t, 15, 10), us("scout", 1, 5, 5, 0), us("spearman", 2, 6, 5, 75))
	wantStrength(t, e, 40, 95)
	// Archer shoots: ranged 10 → A = 100; no strike back.
	e, _ = fightOnce(t, flatGrid(t, 15, 10), us("archer", 1, 5, 5, 0), us("spearman", 2, 7, 5, 0))
	wantStrength(t, e, 100, 110)
}

// TestDefenceBonusesAlone checks each map bonus on its own: a spearman
// (A = 110) attacks a spearman whose D = 110 × (100 + b)/100.
func TestDefenceBonusesAlone(t *testing.T) {
	a, d := us("spearman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0)
	cases := []struct {
		name string
		edit func(g *hexmap.Grid)
		d    int
	}{
		{"flat", func(g *hexmap.Grid) {}, 110},
		{"one level higher: +15", func(g *hexmap.Grid) { g.SetElevation(at(g, 6, 5), 1) }, 126},
		{"one level lower: +0", func(g *hexmap.Grid) { g.SetElevation(at(g, 5, 5), 1) }, 110},
		{"plants 2: +20", func(g *hexmap.Grid) { g.SetPlantLevel(at(g, 6, 5), 2) }, 132},
		{"urban 3: +30", func(g *hexmap.Grid) { g.SetUrbanLevel(at(g, 6, 5), 3) }, 143},
		{"attacker's plants: +0", func(g *hexmap.Grid) { g.SetPlantLevel(at(g, 5, 5), 3) }, 110},
		{"walled: +50", func(g *hexmap.Grid) { g.SetWalled(at(g, 6, 5), true) }, 165},
		{"both walled: +0", func(g *hexmap.Grid) { g.SetWalled(at(g, 6, 5), true); g.SetWalled(at(g, 5, 5), true) }, 110},
		{"river edge: +25", func(g *hexmap.Grid) { mustRiver(t, g, at(g, 5, 5), hexmap.E) }, 137},
		{"river into attacker: +25", func(g *hexmap.Grid) { mustRiver(t, g, at(g, 6, 5), hexmap.W) }, 137},
		{"river elsewhere: +0", func(g *hexmap.Grid) { mustRiver(t, g, at(g, 5, 5), hexmap.SW) }, 110},
	}
	for _, c := range cases {
		g := flatGrid(t, 15, 10)
		c.edit(g)
		e, _ := fightOnce(t, g, a, d)
		if e.Strength[0] != 110 || e.Strength[1] != c.d {
			t.Errorf("%s: strengths %v, want [110 %d]", c.name, e.Strength, c.d)
		}
	}
}

func mustRiver(t *testing.T, g *hexmap.Grid, i int, d hexmap.Direction) {
	t.Helper()
	if err := g.SetOutgoingRiver(i, d); err != nil {
		t.Fatal(err)
	}
}

// TestBonusesTogether adds every map bonus at once: one level higher
// (15), plants 1 (10), urban 1 (10), walls (50), river (25): 110 →
// D = 110 × 210/100 = 231. A horseman attacking it meets the
// spearman's +50 besides: 14 × 10 = 140 against 110 × 260/100 = 286.
func TestBonusesTogether(t *testing.T) {
	for _, c := range []struct {
		typ  string
		a, d int
	}{{"spearman", 110, 231}, {"horseman", 140, 286}} {
		g := flatGrid(t, 15, 10)
		di := at(g, 6, 5)
		g.SetElevation(di, 1)
		g.SetPlantLevel(di, 1)
		g.SetUrbanLevel(di, 1)
		g.SetWalled(di, true)
		mustRiver(t, g, di, hexmap.W)
		e, _ := fightOnce(t, g, us(c.typ, 1, 5, 5, 0), us("spearman", 2, 6, 5, 0))
		wantStrength(t, e, c.a, c.d)
	}
}

// TestRangedBonuses: height counts at range (capped at +45), a river
// does not; the catapult's +100% counts against a unit on any town,
// only when it attacks.
func TestRangedBonuses(t *testing.T) {
	// Archer (A = 100) at (5,5), spearman two cells east; a scout of
	// side 1 beside the target on as high ground makes it seen.
	for _, c := range []struct{ elev, d int }{{2, 143}, {3, 159}, {4, 159}} {
		g := flatGrid(t, 15, 10)
		g.SetElevation(at(g, 7, 5), c.elev)
		g.SetElevation(at(g, 8, 5), c.elev)
		e, _ := fightOnce(t, g, us("archer", 1, 5, 5, 0), us("spearman", 2, 7, 5, 0), us("scout", 1, 8, 5, 0))
		wantStrength(t, e, 100, c.d)
	}
	g := flatGrid(t, 15, 10)
	mustRiver(t, g, at(g, 5, 5), hexmap.E)
	e, _ := fightOnce(t, g, us("archer", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0))
	wantStrength(t, e, 100, 110)

	// Catapult on a neutral town's unit: 160 × 200/100 = 320.
	sc := two(us("catapult", 1, 5, 5, 0), us("spearman", 2, 7, 5, 0))
	sc.Towns = []TownSpec{{Name: "Mill", Cell: Cell{7, 5}}}
	m := start(t, flatGrid(t, 15, 10), sc)
	wantStrength(t, find(t, do(t, m, attackCmd(1, 7, 5)), "attacked"), 320, 110)
	// A spearman attacking a catapult on a town: no bonus for the
	// catapult defending (D = 40).
	sc = two(us("spearman", 1, 5, 5, 0), us("catapult", 2, 6, 5, 0))
	sc.Towns = []TownSpec{{Name: "Mill", Cell: Cell{6, 5}}}
	m = start(t, flatGrid(t, 15, 10), sc)
	wantStrength(t, find(t, do(t, m, attackCmd(1, 6, 5)), "attacked"), 110, 40)
}

// TestAttackRefusals: the checks before an attack, each refusing and
// changing nothing.
func TestAttackRefusals(t *testing.T) {
	g := flatGrid(t, 15, 10)
	g.SetElevation(at(g, 6, 3), 2)
	g.SetElevation(at(g, 11, 5), 3)
	sc := two(us("spearman", 1, 5, 3, 0), us("spearman", 2, 6, 3, 0), us("archer", 1, 5, 5, 0),
		us("spearman", 2, 8, 5, 0), us("spearman", 2, 11, 5, 0), us("archer", 1, 9, 5, 0), us("spearman", 1, 1, 1, 0),
		us("spearman", 2, 2, 1, 0))
	m := start(t, g, sc)
	refused(t, m, attackCmd(1, 6, 3), ErrCliff)       // two levels up
	refused(t, m, attackCmd(3, 8, 5), ErrOutOfRange)  // archer, three away
	refused(t, m, attackCmd(6, 11, 5), ErrNotSeen)    // two away, three up: 2 + 3 > 3
	refused(t, m, attackCmd(1, 5, 5), ErrNoTarget)    // own unit
	refused(t, m, attackCmd(1, 4, 3), ErrNoTarget)    // empty cell
	refused(t, m, attackCmd(4, 5, 5), ErrNotYours)    // side 2's unit
	refused(t, m, attackCmd(99, 5, 5), ErrNoSuchUnit) //
	refused(t, m, attackCmd(1, 40, 3), ErrOffMap)     //
	refused(t, m, attackCmd(7, 4, 1), ErrNoTarget)    // empty
	refused(t, m, Command{Cmd: "attack", Unit: 1}, ErrBadCommand)
	do(t, m, attackCmd(7, 2, 1))
	refused(t, m, attackCmd(7, 2, 1), ErrNoMoves) // attacking took all moves
	// A unit that spent its moves (here set directly) cannot attack.
	m.st.Units[2].Moves = 0
	refused(t, m, attackCmd(3, 6, 5), ErrNoMoves)
}

// TestTeammatesCannotAttack: sides 1 and 2 on team 1.
func TestTeammatesCannotAttack(t *testing.T) {
	sc := Scenario{Sides: []SideSpec{{1, 1, "", "", 0}, {2, 1, "", "", 0}, {3, 3, "", "", 0}},
		Units: []UnitSpec{us("spearman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 0), us("spearman", 3, 9, 5, 0)}}
	m := start(t, flatGrid(t, 15, 10), sc)
	refused(t, m, attackCmd(1, 6, 5), ErrNoTarget)
}

// TestKillAdvancesMelee: a melee attacker that removes its defender
// moves into its cell; a ranged one stays.
func TestKillAdvancesMelee(t *testing.T) {
	e, m := fightOnce(t, flatGrid(t, 15, 10), us("spearman", 1, 5, 5, 0), us("spearman", 2, 6, 5, 1),
		us("spearman", 2, 12, 5, 0))
	if e.Damage[0] != 1 || unitHP(m, 2) != 0 || m.st.Units[0].Cell != at(m.grid, 6, 5) || m.occupant[at(m.grid, 5, 5)] != 0 {
		t.Errorf("after the kill: damage %v, defender hp %d, attacker on cell %d", e.Damage, unitHP(m, 2), m.st.Units[0].Cell)
	}
	_, m = fightOnce(t, flatGrid(t, 15, 10), us("archer", 1, 5, 5, 0), us("spearman", 2, 6, 5, 1),
		us("spearman", 2, 12, 5, 0))
	if unitHP(m, 2) != 0 || m.st.Units[0].Cell != at(m.grid, 5, 5) || m.occupant[at(m.grid, 6, 5)] != 0 {
		t.Error("a ranged kill moved the archer or left the dead unit")
	}
	// The attacker dies of the strike back: a 1-hp spearman attacking.
	_, m = fightOnce(t, flatGrid(t, 15, 10), us("spearman", 1, 5, 5, 1), us("spearman", 2, 6, 5, 0),
		us("spearman", 1, 1, 1, 0))
	if unitHP(m, 1) != 0 || m.occupant[at(m.grid, 5, 5)] != 0 {
		t.Error("a 1-hp attacker survived its strike back")
	}
}

// combatCase is a random fight for TestCombatAgainstPlainRule.
type combatCase struct {
	aType, dType                string
	aHP, dHP                    int
	aElev, dElev                int
	plant, urban                int
	aWall, dWall, river, inTown bool
	ranged                      bool
	dist                        int
}

// plainTypes is the table again: melee, ranged, bonus vs horse,
// bonus vs a unit in a town.
func plainTypes(name string) (melee, ranged, vsHorse, inTown int) {
	switch name {
	case "scout":
		return 4, 0, 0, 0
	case "spearman":
		return 11, 0, 50, 0
	case "archer":
		return 5, 10, 0, 0
	case "horseman":
		return 14, 0, 0, 0
	}
	return 4, 16, 0, 100 // catapult
}

// plainCombat is the combat rule written out a second time, plainly,
// from the text.
func plainCombat(c combatCase, r1, r2 int) (A, D, toD, toA int) {
	am, ar, aHorse, aTown := plainTypes(c.aType)
	dm, _, dHorse, _ := plainTypes(c.dType)
	abonus, dbonus := 0, 0
	if c.dType == "horseman" {
		abonus += aHorse
	}
	if c.aType == "horseman" {
		dbonus += dHorse
	}
	if c.inTown {
		abonus += aTown
	}
	if h := (c.dElev - c.aElev) * 15; h > 0 {
		if h > 45 {
			h = 45
		}
		dbonus += h
	}
	dbonus += 10*c.plant + 10*c.urban
	if c.dWall && !c.aWall {
		dbonus += 50
	}
	base := am
	if ar > 0 {
		base = ar
	} else if c.river {
		dbonus += 25
	}
	A = 10 * base
	A = A * (100 + abonus) / 100
	A = A * (50 + c.aHP/2) / 100
	D = 10 * dm
	D = D * (100 + dbonus) / 100
	D = D * (50 + c.dHP/2) / 100
	toD = 30 * A * (80 + r1) / (D * 100)
	if toD > c.dHP {
		toD = c.dHP
	}
	if ar == 0 {
		toA = 30 * D * (80 + r2) / (A * 100)
		if toA > c.aHP {
			toA = c.aHP
		}
	}
	return
}

// TestCombatAgainstPlainRule sets up 3000 random fights on varied ground
// and checks the engine's strengths and damages against plainCombat.
func TestCombatAgainstPlainRule(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	types := []string{"scout", "spearman", "archer", "horseman", "catapult"}
	for trial := range 3000 {
		c := combatCase{aType: types[rnd.IntN(5)], dType: types[rnd.IntN(5)], aHP: 1 + rnd.IntN(100), dHP: 1 + rnd.IntN(100),
			plant: rnd.IntN(4), urban: rnd.IntN(4), aWall: rnd.IntN(2) == 0, dWall: rnd.IntN(2) == 0, inTown: rnd.IntN(3) == 0}
		_, ar, _, _ := plainTypes(c.aType)
		c.ranged = ar > 0
		c.dist = 1
		if c.ranged {
			c.dist = 1 + rnd.IntN(2)
			c.aElev, c.dElev = rnd.IntN(5), rnd.IntN(5)
		} else {
			c.aElev = rnd.IntN(3)
			c.dElev = c.aElev + rnd.IntN(3) - 1
			c.dElev = max(0, c.dElev)
		}
		g := flatGrid(t, 15, 10)
		ai, di := at(g, 5, 5), at(g, 5+c.dist, 5)
		g.SetElevation(ai, c.aElev)
		g.SetElevation(di, c.dElev)
		g.SetElevation(at(g, 5+c.dist+1, 5), c.dElev) // the spotter's cell
		g.SetPlantLevel(di, c.plant)
		g.SetUrbanLevel(di, c.urban)
		g.SetWalled(ai, c.aWall)
		g.SetWalled(di, c.dWall)
		if c.dist == 1 && rnd.IntN(2) == 0 {
			if c.aElev >= c.dElev {
				_ = g.SetOutgoingRiver(ai, hexmap.E)
			} else {
				_ = g.SetOutgoingRiver(di, hexmap.W)
			}
		}
		c.river = g.Cell(ai).HasRiverThroughEdge(hexmap.E)
		sc := two(us(c.aType, 1, 5, 5, c.aHP), us(c.dType, 2, 5+c.dist, 5, c.dHP), us("scout", 1, 5+c.dist+1, 5, 0))
		if c.inTown {
			sc.Towns = []TownSpec{{Name: "T", Cell: Cell{5 + c.dist, 5}}}
		}
		m := start(t, g, sc)
		ev, err := m.Apply(attackCmd(1, 5+c.dist, 5))
		if errors.Is(err, ErrCliff) && !c.ranged && c.aElev-c.dElev > 1 {
			continue
		}
		if err != nil {
			t.Fatalf("trial %d %+v: %v", trial, c, err)
		}
		e := find(t, ev, "attacked")
		A, D, toD, toA := plainCombat(c, e.Rolls[0], e.Rolls[1])
		if e.Strength[0] != A || e.Strength[1] != D || e.Damage[0] != toD || e.Damage[1] != toA {
			t.Fatalf("trial %d %+v: strengths %v damage %v, want [%d %d] [%d %d]", trial, c, e.Strength, e.Damage, A, D, toD, toA)
		}
	}
}
