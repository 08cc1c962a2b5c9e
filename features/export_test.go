package features

import (
	"math/rand/v2"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/buildings"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
)

// Helpers for the external tests (features_test), which may import the
// chunk package that imports this one.
var SpecBridgesForTest = specBridges

// Build is BuildTowns without towns: Catlike's prefab cubes for urban
// features, which the reference and most tests pin.
func Build(g *hexmap.Grid, ch int, plan *Plan, feats, walls, bridgeMesh *mesh.Mesh) {
	BuildTowns(g, ch, plan, nil, feats, walls, bridgeMesh)
}

// chunkPlan returns the plan that triangulating chunk ch of g hands to
// Build. Only the chunk package makes plans, and it imports this one, so
// the external tests set it (plan_external_test.go) before any test runs.
var chunkPlan func(g *hexmap.Grid, ch int) *Plan

// SetChunkPlanForTest sets chunkPlan.
func SetChunkPlanForTest(f func(g *hexmap.Grid, ch int) *Plan) { chunkPlan = f }

func Near3ForTest(a, b vec3.T) bool { return near3(a, b, 1e-4) }

// RiverRoadMapForTest is a flat map crossed by meandering rivers (each
// step NE, E or SE, so straight runs, curves and zig-zags all occur) and
// dense roads.
func RiverRoadMapForTest(t testing.TB) *hexmap.Grid {
	g := newGrid(t, 30, 20, 12)
	rng := rand.New(rand.NewPCG(12, 1))
	for z := 1; z < 20; z += 3 {
		i := z * 30
		for {
			d := [3]hexmap.Direction{hexmap.NE, hexmap.E, hexmap.SE}[rng.IntN(3)]
			n, ok := g.Topology().Neighbor(i, d)
			if !ok || g.Cell(n).HasRiver() || g.SetOutgoingRiver(i, d) != nil {
				break
			}
			i = n
		}
	}
	for i := range g.Topology().CellCount() {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			if rng.IntN(2) == 0 {
				g.AddRoad(i, d)
			}
		}
	}
	return g
}

// TownCellForTest is what BuildTowns hands package buildings for town
// cell i of chunk ch, whose triangulation recorded cuts, and the ground
// it builds on.
func TownCellForTest(g *hexmap.Grid, i int, cuts []buildings.Cut) (buildings.Cell, buildings.Ground) {
	var t Towns
	s := newSpotPicker(g)
	c := *t.prepare(s, i, cuts, nil)
	c.Spots = append([]buildings.Spot(nil), c.Spots...)
	c.Taken = append([]buildings.Disc(nil), c.Taken...)
	c.Cuts = append([]buildings.Cut(nil), c.Cuts...)
	return c, ground{noise: s.noise, perturb: s.perturb.Perturber}
}
