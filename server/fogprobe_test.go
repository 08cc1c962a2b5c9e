//go:build !js

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"hexsandbox/game"
	"hexsandbox/online"
)

// A seat probing a cell it does not see, in two matches alike but for a
// unit of side 2 standing there in one, is sent the same bytes in both:
// a move to the cell (beyond this turn's reach: the spearman goes four
// steps along the way either way), an attack on it by the far scout
// (not seen), a move of the scout away from it, the spearman's second
// move to it (too few moves left) and the end of the turn.
func TestSeatCannotProbeTheFog(t *testing.T) {
	probes := []game.Command{
		{Cmd: "move", Unit: 1, To: &game.Cell{20, 10}},
		{Cmd: "attack", Unit: 3, At: &game.Cell{20, 10}},
		{Cmd: "move", Unit: 3, To: &game.Cell{33, 19}},
		{Cmd: "move", Unit: 1, To: &game.Cell{20, 10}},
		{Cmd: "end"},
	}
	var sent [2][]string
	for k := range 2 {
		sc := duel()
		if k == 1 {
			sc.Units = append(sc.Units, game.UnitSpec{Type: "spearman", Side: 2, Cell: game.Cell{20, 10}})
		}
		st, _ := openStore(t)
		h, _ := newMatch(t, New(st, DefaultLimits()), online.Create{Map: townsMap(t), Scenario: sc})
		for _, c := range probes {
			err := h.command(context.Background(), 1, online.Request{Command: c})
			b, _ := json.Marshal(c)
			sent[k] = append(sent[k], fmt.Sprintf("%s: %v", b, err))
		}
		for _, m := range messages(t, st, h.id, 1) {
			b, _ := json.Marshal(m)
			sent[k] = append(sent[k], string(b))
		}
	}
	if len(sent[0]) != len(sent[1]) {
		t.Fatalf("%d answers and messages without the hidden unit, %d with it", len(sent[0]), len(sent[1]))
	}
	for i := range sent[0] {
		if sent[0][i] != sent[1][i] {
			t.Fatalf("without the hidden unit:\n%s\nwith it:\n%s", sent[0][i], sent[1][i])
		}
	}
}
