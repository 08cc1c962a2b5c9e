package testutil

import (
	"fmt"

	"hexsandbox/hexmap"
)

// Skirmish is the small match map of the touch tests (the window's and
// the phone's): a flat 15×10 map of grass (a step costs 5 moves) with
// blue's spearman on (3, 4) beside red's on (4, 4), blue's scout (36
// moves a turn) on (1, 7), nine steps west of (10, 7), so that its way
// there takes two turns, and blue's town Ash on (6, 2). Both sides are
// people. Coordinates are offset ones (x, z).
func Skirmish() (*hexmap.Grid, error) {
	g, err := hexmap.NewGrid(15, 10, 3)
	if err != nil {
		return nil, err
	}
	at := func(x, z int) (hexmap.Coordinates, error) {
		i, ok := g.Topology().IndexOffset(x, z)
		if !ok {
			return hexmap.Coordinates{}, fmt.Errorf("no cell (%d, %d) on the skirmish map", x, z)
		}
		return g.Topology().Coordinates(i), nil
	}
	for _, u := range []struct {
		x, z int
		side uint8
		typ  string
	}{{3, 4, 1, "spearman"}, {4, 4, 2, "spearman"}, {1, 7, 1, "scout"}} {
		c, err := at(u.x, u.z)
		if err != nil {
			return nil, err
		}
		if err := g.AddUnit(hexmap.Unit{Location: c, Side: u.side, Type: u.typ}); err != nil {
			return nil, err
		}
	}
	c, err := at(6, 2)
	if err != nil {
		return nil, err
	}
	if err := g.PlaceTown(hexmap.Town{Location: c, Name: "Ash", Owner: 1}); err != nil {
		return nil, err
	}
	return g, nil
}
