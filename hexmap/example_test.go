package hexmap_test

import (
	"errors"
	"fmt"

	"hexsandbox/hexmap"
)

// The edit methods apply Catlike's rules: a river flows downhill or
// level, never up; a road never crosses a cliff; raising a cell drops the
// river that would now flow uphill into it.
func ExampleGrid_SetOutgoingRiver() {
	g, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		panic(err)
	}
	a := 1 + 2*5 // offset (1, 2)
	b, _ := g.Topology().Neighbor(a, hexmap.E)
	g.SetElevation(a, 2)

	fmt.Println("downhill:", g.SetOutgoingRiver(a, hexmap.E))
	fmt.Println("back up:", g.SetOutgoingRiver(b, hexmap.W))
	fmt.Println("road over the cliff:", g.AddRoad(a, hexmap.NE))
	fmt.Println("cliff refusal is ErrCliff:", errors.Is(g.AddRoad(a, hexmap.NE), hexmap.ErrCliff))

	g.SetElevation(b, 3) // now the river would climb: it is removed
	fmt.Println("river after raising b:", g.Cell(a).HasOutgoingRiver(), g.Cell(b).HasIncomingRiver())
	// Output:
	// downhill: <nil>
	// back up: a river cannot flow uphill
	// road over the cliff: roads do not cross cliffs
	// cliff refusal is ErrCliff: true
	// river after raising b: false false
}

// On a wrapping map the last column's eastern neighbour is the first
// column, and distances go the short way round.
func ExampleTopology_DistanceTo() {
	flat := hexmap.Topology{Width: 10, Height: 5}
	wrapping := hexmap.Topology{Width: 10, Height: 5, Wrapping: true}
	west, east := hexmap.FromOffset(0, 2), hexmap.FromOffset(9, 2)
	fmt.Println("flat:", flat.DistanceTo(west, east))
	fmt.Println("wrapping:", wrapping.DistanceTo(west, east))
	n, ok := wrapping.Neighbor(9+2*10, hexmap.E)
	fmt.Println("east of (9, 2):", n%10, n/10, ok)
	// Output:
	// flat: 9
	// wrapping: 1
	// east of (9, 2): 0 2 true
}
