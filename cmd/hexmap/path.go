package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"hexsandbox/hexmap"
	"hexsandbox/nav"
	"hexsandbox/saves"
)

const pathUsage = "hexmap path [-speed 24] FILE FROMX FROMZ TOX TOZ"

// pathResult is the JSON object `hexmap path` prints when a path exists:
// the least distance with Catlike's turn rule, the number of turns the
// move takes (1 when the destination is reached this turn; 0 from a cell
// to itself), and the cells from start to destination as offset
// coordinates [x, z].
type pathResult struct {
	Reachable bool     `json:"reachable"`
	Cost      int      `json:"cost"`
	Turns     int      `json:"turns"`
	Cells     [][2]int `json:"cells"`
}

// noPath is what it prints when no path exists, with why in words.
type noPath struct {
	Reachable bool   `json:"reachable"`
	Why       string `json:"why"`
}

func runPath(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("path", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	speed := fs.Int("speed", hexmap.UnitSpeed, "move budget per turn")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v; usage: %s", err, pathUsage)
	}
	if fs.NArg() != 5 {
		return errors.New("usage: " + pathUsage)
	}
	if *speed < 1 || *speed > nav.MaxSpeed {
		return fmt.Errorf("speed %d out of range 1..%d", *speed, nav.MaxSpeed)
	}
	g, cells, err := mapAndCells(fs, "FROMX", "FROMZ", "TOX", "TOZ")
	if err != nil {
		return err
	}
	from, to := cells[0], cells[1]
	// Units and exploration play no part: the terrain rules alone.
	f := nav.NewFinder(g)
	defer f.Close()
	p, ok := f.FindPath(nav.Query{From: from, To: to, Speed: *speed})
	enc := json.NewEncoder(stdout)
	if !ok {
		return enc.Encode(noPath{Why: whyNoPath(g, from, to)})
	}
	out := pathResult{Reachable: true, Cost: p.Cost(), Turns: p.Turns(), Cells: make([][2]int, len(p.Cells))}
	for k, i := range p.Cells {
		x, z := g.Topology().Offset(i)
		out.Cells[k] = [2]int{x, z}
	}
	return enc.Encode(out)
}

// cellAt returns the index of the cell at offset (x, z): column x, row z,
// both within the map (also on a wrapping map, where the columns are
// 0..width-1 like any other).
// mapAndCells reads the map file named by fs's first argument and the
// cells at the offset coordinates (x, z pairs, names their names) that
// follow it: the numbers checked first, then the file, then the cells.
func mapAndCells(fs *flag.FlagSet, names ...string) (*hexmap.Grid, []int, error) {
	xz := make([]int, len(names))
	for k, name := range names {
		v, err := strconv.Atoi(fs.Arg(1 + k))
		if err != nil {
			return nil, nil, fmt.Errorf("%s %q is not a whole number", name, fs.Arg(1+k))
		}
		xz[k] = v
	}
	g, _, err := saves.LoadFile(fs.Arg(0))
	if err != nil {
		return nil, nil, err
	}
	cells := make([]int, len(names)/2)
	for k := range cells {
		if cells[k], err = cellAt(g, xz[2*k], xz[2*k+1]); err != nil {
			return nil, nil, err
		}
	}
	return g, cells, nil
}

func cellAt(g *hexmap.Grid, x, z int) (int, error) {
	if x < 0 || x >= g.Topology().Width || z < 0 || z >= g.Topology().Height {
		return 0, fmt.Errorf("no cell (%d, %d) on the %d×%d map (columns 0..%d, rows 0..%d)", x, z, g.Topology().Width, g.Topology().Height, g.Topology().Width-1, g.Topology().Height-1)
	}
	return x + z*g.Topology().Width, nil
}

// whyNoPath says in words why no path leads from cell from to cell to,
// by nav's move rules: the destination under water, a start that cannot
// be left or a destination that cannot be entered from any side, or
// else something in between.
func whyNoPath(g *hexmap.Grid, from, to int) string {
	top := g.Topology()
	tx, tz := top.Offset(to)
	if g.Cell(to).IsUnderwater() {
		return fmt.Sprintf("the destination (%d, %d) is under water", tx, tz)
	}
	if !canLeave(g, from) {
		fx, fz := top.Offset(from)
		under := ""
		if g.Cell(from).IsUnderwater() {
			under = " is under water and"
		}
		return fmt.Sprintf("the start (%d, %d)%s cannot be left: water, a cliff, a wall or the map's edge on every side", fx, fz, under)
	}
	if !canEnter(g, to) {
		return fmt.Sprintf("the destination (%d, %d) cannot be entered: water, a cliff, a wall or the map's edge on every side", tx, tz)
	}
	return "water, cliffs or walls lie between the two cells"
}

// canLeave reports whether a unit can step from cell i to a neighbour.
func canLeave(g *hexmap.Grid, i int) bool {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if _, ok := nav.MoveCost(g, i, d); ok {
			return true
		}
	}
	return false
}

// canEnter reports whether a unit can step into cell i from a neighbour.
func canEnter(g *hexmap.Grid, i int) bool {
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if n, ok := g.Topology().Neighbor(i, d); ok {
			if _, ok := nav.MoveCost(g, n, d.Opposite()); ok {
				return true
			}
		}
	}
	return false
}
