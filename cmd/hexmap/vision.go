package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"hexsandbox/vision"
)

const visionUsage = "hexmap vision [-range 3] FILE X Z"

// maxVisionRange bounds -range: far more than any map needs, so a typo
// is an error rather than a search of everything.
const maxVisionRange = 1000

// visionResult is the JSON object `hexmap vision` prints: the cells a
// unit with that vision range standing on the cell sees by Catlike's
// rules (package vision), as offset coordinates [x, z] in row order.
// The viewer's own cell is always among them, as in Catlike's search.
type visionResult struct {
	Visible [][2]int `json:"visible"`
}

func runVision(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("vision", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rng := fs.Int("range", vision.Range, "vision range in cells")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v; usage: %s", err, visionUsage)
	}
	if fs.NArg() != 3 {
		return errors.New("usage: " + visionUsage)
	}
	if *rng < 0 || *rng > maxVisionRange {
		return fmt.Errorf("range %d out of range 0..%d", *rng, maxVisionRange)
	}
	g, from, err := mapAndCells(fs, "X", "Z")
	if err != nil {
		return err
	}
	cells := vision.NewSight(g).Cells(from[0], *rng, nil)
	slices.Sort(cells)
	out := visionResult{Visible: make([][2]int, len(cells))}
	for k, i := range cells {
		x, z := g.Topology().Offset(int(i))
		out.Visible[k] = [2]int{x, z}
	}
	return json.NewEncoder(stdout).Encode(out)
}
