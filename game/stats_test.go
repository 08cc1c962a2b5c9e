package game

import (
	"fmt"
	"testing"
)

// A small match worked by hand. Blue's town Ash at (2,2) starts with 23
// of a spearman's 25 and adds 2 at blue's first turn's start: it
// produces a spearman in round 1. Blue's spearman (unit 1) attacks red's
// scout of 1 hp (unit 2) next to it: A = 110, D = 20, so the scout loses
// at least 30×110×80/2000 = 132 and is destroyed by unit 1, which
// advances to (5,4). In round 2 it walks two flat steps (10 of 24) onto
// red's empty town Oak at (7,4) and takes it; red's spearman (unit 3)
// keeps red alive. So, per round (blue; red):
//
//	round 0: towns 1, nothing else; towns 1
//	round 1: towns 1, built 1, destroyed 1; towns 1, lost 1
//	round 2: towns 2, built 1, destroyed 1; towns 0, lost 1
//	round 3 (begun, blue's turn): as round 2 (Ash's stock is 4 of 25)
//
// Round 1 begins before the first command, round 2 after the third (red's
// end), round 3 after the sixth, the last: so the rounds end after 0, 3,
// 6 and (the log's end) 6 commands.
func TestStatsHandWorked(t *testing.T) {
	g := flatGrid(t, 10, 10)
	sc := two(us("spearman", 1, 4, 4, 0), us("scout", 2, 5, 4, 1), us("spearman", 2, 8, 8, 0))
	sc.Towns = []TownSpec{{Name: "Ash", Cell: Cell{2, 2}, Owner: 1, Stock: 23}, {Name: "Oak", Cell: Cell{7, 4}, Owner: 2}}
	log := []Command{attackCmd(1, 5, 4), endCmd(), endCmd(), moveCmd(1, 7, 4), endCmd(), endCmd()}
	got, err := Stats(g, sc, log)
	if err != nil {
		t.Fatal(err)
	}
	tally := func(towns, built, lost, destroyed int) [4]int { return [4]int{towns, built, lost, destroyed} }
	want := [][2][4]int{
		{tally(1, 0, 0, 0), tally(1, 0, 0, 0)},
		{tally(1, 1, 0, 1), tally(1, 0, 1, 0)},
		{tally(2, 1, 0, 1), tally(0, 0, 1, 0)},
		{tally(2, 1, 0, 1), tally(0, 0, 1, 0)},
	}
	if len(got) != len(want) {
		t.Fatalf("%d rounds of stats, want %d: %+v", len(got), len(want), got)
	}
	for r, rs := range got {
		if rs.Round != r || len(rs.Sides) != 2 || rs.Sides[0].Side != 1 || rs.Sides[1].Side != 2 {
			t.Fatalf("entry %d: %+v", r, rs)
		}
		if want := []int{0, 3, 6, 6}[r]; rs.Commands != want {
			t.Errorf("round %d ends after %d commands, want %d", r, rs.Commands, want)
		}
		for k, s := range rs.Sides {
			if g := tally(s.Towns, s.Built, s.Lost, s.Destroyed); g != want[r][k] {
				t.Errorf("round %d, side %d: towns, built, lost, destroyed %v, want %v", r, s.Side, g, want[r][k])
			}
		}
	}
}

// The stats of a log refuse a command the rules refuse, naming it.
func TestStatsRefuseBadLog(t *testing.T) {
	g := flatGrid(t, 10, 10)
	sc := two(us("spearman", 1, 4, 4, 0), us("scout", 2, 8, 8, 0))
	_, err := Stats(g, sc, []Command{endCmd(), moveCmd(1, 5, 4)})
	if err == nil || fmt.Sprint(err)[:9] != "command 2" {
		t.Errorf("a move of blue's unit in red's turn: %v", err)
	}
}
