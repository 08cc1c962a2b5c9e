package ai

import (
	"testing"

	"hexsandbox/game"
)

var thinking = []Level{Easy, Normal, Hard}

// TestTakesUndefendedTownNextDoor: a spearman two cells from an empty
// neutral town, and another from an empty enemy town, walks in and
// takes it, at every thinking level.
func TestTakesUndefendedTownNextDoor(t *testing.T) {
	for _, owner := range []int{0, 2} {
		for _, level := range thinking {
			g := flat(t, 20, 10)
			m := newMatch(t, g, []game.TownSpec{ts("Ash", owner, 7, 5), ts("Far", 2, 18, 1)},
				us("spearman", 1, 5, 5, 100), us("spearman", 2, 18, 8, 100))
			turn(t, m, level)
			if v := m.View(1); v.Towns[0].Owner != 1 {
				t.Errorf("%s, town of side %d: still side %d's after the turn", level, owner, v.Towns[0].Owner)
			}
		}
	}
}

// TestNoAttackAtBadOdds: a spearman at 60 hit points next to a full
// spearman standing a level higher would deal about 21 and take about
// 43 (strengths 88 against 126): Normal and Hard do not attack; Easy,
// the beginner, does.
func TestNoAttackAtBadOdds(t *testing.T) {
	for _, level := range thinking {
		g := flat(t, 20, 10)
		g.SetElevation(6+5*20, 1)
		m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 1, 1), ts("Bay", 2, 18, 8)},
			us("spearman", 1, 5, 5, 60), us("spearman", 2, 6, 5, 100))
		attacked := false
		for _, c := range of(turn(t, m, level), 1) {
			attacked = attacked || c.Cmd == "attack"
		}
		if want := level == Easy; attacked != want {
			t.Errorf("%s: attacked %v, want %v", level, attacked, want)
		}
	}
}

// TestRetreatsBadlyWounded: a spearman at 15 hit points next to a full
// horseman moves away from it, towards its town, instead of fighting.
func TestRetreatsBadlyWounded(t *testing.T) {
	for _, level := range []Level{Normal, Hard} {
		g := flat(t, 20, 10)
		m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 2, 5), ts("Bay", 2, 18, 8)},
			us("spearman", 1, 9, 5, 15), us("horseman", 2, 10, 5, 100))
		cmds := of(turn(t, m, level), 1)
		cell, _, alive := unitAt(m, 1, 1)
		switch {
		case !alive:
			t.Fatalf("%s: the spearman died: %+v", level, cmds)
		case len(cmds) != 1 || cmds[0].Cmd != "move":
			t.Fatalf("%s: commands %+v, want one move", level, cmds)
		case distance(g, cell, game.Cell{10, 5}) < 3 || distance(g, cell, game.Cell{2, 5}) >= 7:
			t.Errorf("%s: the spearman went to %v: not away from the horseman and towards its town", level, cell)
		}
	}
}

// TestGarrisonsThreatenedTown: with an enemy spearman two cells from an
// empty town, the spearman that can reach the town goes into it.
func TestGarrisonsThreatenedTown(t *testing.T) {
	for _, level := range []Level{Normal, Hard} {
		g := flat(t, 20, 10)
		m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 6, 5), ts("Bay", 2, 18, 8)},
			us("spearman", 1, 3, 5, 100), us("spearman", 2, 8, 5, 100))
		turn(t, m, level)
		if cell, _, _ := unitAt(m, 1, 1); cell != (game.Cell{6, 5}) {
			t.Errorf("%s: the spearman is on %v, not in the town at [6 5]", level, cell)
		}
	}
}

// TestFinishesWithRangedFirst: an enemy spearman at 15 hit points is
// adjacent to a spearman and two cells from an archer; either would
// destroy it, but the archer takes no blow back (the spearman would
// take about 17), so the archer attacks first, and the enemy is gone.
func TestFinishesWithRangedFirst(t *testing.T) {
	for _, level := range []Level{Normal, Hard} {
		g := flat(t, 20, 10)
		m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 1, 1), ts("Bay", 2, 18, 8)},
			us("spearman", 1, 7, 5, 100), us("archer", 1, 6, 5, 100), us("spearman", 2, 8, 5, 15))
		var first game.Command
		for _, c := range turn(t, m, level) {
			if c.Cmd == "attack" {
				first = c
				break
			}
		}
		if first.Unit != 2 || *first.At != (game.Cell{8, 5}) {
			t.Errorf("%s: first attack %+v, want the archer (unit 2) at [8 5]", level, first)
		}
		if _, _, alive := unitAt(m, 1, 3); alive {
			t.Errorf("%s: the wounded enemy survived", level)
		}
	}
}

// TestBuildsRangedAtFront: Hard, with a scout at home and five spearmen
// two to four cells from a lone enemy spearman, has its town build a catapult when that
// spearman holds a town (catapults strike units in towns twice as
// hard) and an archer when it stands in the open; with two spearmen
// against it, it goes on building spearmen.
func TestBuildsRangedAtFront(t *testing.T) {
	for _, c := range []struct {
		inTown bool
		mine   int
		want   string
	}{{true, 5, "catapult"}, {false, 5, "archer"}, {true, 2, "spearman"}} {
		g := flat(t, 30, 10)
		towns := []game.TownSpec{ts("Ash", 1, 2, 5), ts("Bay", 2, 27, 8)}
		if c.inTown {
			towns[1] = ts("Bay", 2, 20, 5)
		}
		units := []game.UnitSpec{us("spearman", 2, 20, 5, 100), us("scout", 1, 3, 5, 100)}
		for _, cell := range [][2]int{{18, 5}, {17, 4}, {17, 6}, {16, 5}, {16, 3}}[:c.mine] {
			units = append(units, us("spearman", 1, cell[0], cell[1], 100))
		}
		m := newMatch(t, g, towns, units...)
		turn(t, m, Hard)
		if got := m.View(1).Towns[0].Builds; got != c.want {
			t.Errorf("enemy in a town %v, %d spearmen: builds %s, want %s", c.inTown, c.mine, got, c.want)
		}
	}
}

// TestTakesTownBeforeFighting: a spearman at 60 hit points, next to an
// enemy spearman at 20 that it would likely destroy, can also walk into
// an empty enemy town two cells away: Hard takes the town (a town
// builds; the foe can be fought from its walls).
func TestTakesTownBeforeFighting(t *testing.T) {
	g := flat(t, 20, 10)
	m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 1, 1), ts("Bay", 2, 5, 7), ts("Far", 2, 18, 1)},
		us("spearman", 1, 5, 5, 60), us("spearman", 2, 6, 5, 20))
	cmds := of(turn(t, m, Hard), 1)
	if v := m.View(1); v.Towns[1].Owner != 1 {
		t.Errorf("Bay is still side %d's after Hard's turn %+v", v.Towns[1].Owner, cmds)
	}
}

// TestSearchesUnseenLandOutOfReachOfTheUnexplored: the side has explored
// all of its land, and what it has not explored lies beyond the sea; a
// foe may stand on the land it does not see now. Hard's spearman, with
// nothing in sight, walks towards land it does not see instead of
// standing still (a side that hides where it was once seen is found).
func TestSearchesUnseenLandOutOfReachOfTheUnexplored(t *testing.T) {
	g := flat(t, 20, 10)
	for z := range 10 {
		for x := 12; x < 14; x++ {
			c, _ := g.Topology().IndexOffset(x, z)
			g.SetWaterLevel(c, 1)
		}
	}
	m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 1, 1), ts("Isle", 2, 17, 5)},
		us("spearman", 1, 3, 5, 100), us("spearman", 2, 17, 4, 100))
	mainland := func() game.View { // the view, with the mainland (x < 12) explored and the rest not
		v := m.View(1)
		v.Explored = v.Explored[:0]
		for z := range 10 {
			for x := range 12 {
				v.Explored = append(v.Explored, game.Cell{x, z})
			}
		}
		return v
	}
	unseen := func(from game.Cell) int { // distance to the nearest land of the mainland not seen now
		d := 1 << 30
		for c := range g.Topology().CellCount() {
			x, z := g.Topology().Offset(c)
			if x < 12 && g.Topology().Explorable(c) && !m.Sees(1, c) {
				d = min(d, distance(g, from, game.Cell{x, z}))
			}
		}
		return d
	}
	b := ForMatch(m, 1, Hard)
	cmd := b.Next(mainland())
	for cmd.Cmd == "produce" { // the town's order comes first
		if _, err := m.Apply(cmd); err != nil {
			t.Fatal(err)
		}
		cmd = b.Next(mainland())
	}
	if cmd.Cmd != "move" || cmd.Unit != 1 {
		t.Fatalf("command %+v, want the spearman (unit 1) to move", cmd)
	}
	if before, after := unseen(game.Cell{3, 5}), unseen(*cmd.To); after >= before {
		t.Errorf("the spearman moves to %v, %d cells from unseen land; from [3 5] it was %d", *cmd.To, after, before)
	}
}

// TestBuildsCatapultForSiege: Hard, with five spearmen, two of them
// within three cells of an enemy town held by a spearman with two more
// beside it, has its town build a catapult (it strikes units in towns
// twice as hard, and takes no blow back); with four spearmen, too small
// an army to lay a siege, it goes on building spearmen.
func TestBuildsCatapultForSiege(t *testing.T) {
	for _, c := range []struct {
		army int
		want string
	}{{5, "catapult"}, {4, "spearman"}} {
		g := flat(t, 30, 10)
		units := []game.UnitSpec{us("spearman", 2, 20, 5, 100), us("spearman", 2, 21, 4, 100), us("spearman", 2, 21, 6, 100)}
		for _, cell := range [][2]int{{18, 5}, {18, 4}, {10, 5}, {9, 4}, {8, 6}}[:c.army] {
			units = append(units, us("spearman", 1, cell[0], cell[1], 100))
		}
		m := newMatch(t, g, []game.TownSpec{ts("Ash", 1, 2, 5), ts("Bay", 2, 20, 5)}, units...)
		turn(t, m, Hard)
		if got := m.View(1).Towns[0].Builds; got != c.want {
			t.Errorf("%d spearmen, two at the enemy town: builds %s, want %s", c.army, got, c.want)
		}
	}
}
