package features_test

import (
	"reflect"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/features"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/mesh"
)

// TestChunkBridges triangulates a map dense with rivers and roads and
// compares the bridges the chunk package finds with the rule, cell by
// cell, then checks that every chunk's bridge layer holds that many
// bridges.
func TestChunkBridges(t *testing.T) {
	g := features.RiverRoadMapForTest(t)
	want := 0
	var c chunk.Chunk
	var one mesh.Mesh
	features.Build(g, 0, &features.Plan{Bridges: []features.Bridge{{RoadCenter2: [3]float32{0, 0, 7}}}}, nil, nil, &one)
	perBridge := one.VertexCount()
	for ch := range geom.ChunkCount(g.Topology()) {
		chunk.Triangulate(g, ch, &c)
		var expected []features.Bridge
		for _, i := range geom.ChunkCells(g.Topology(), ch) {
			expected = append(expected, features.SpecBridgesForTest(g, i)...)
		}
		want += len(expected)
		if len(c.Plan.Bridges) != len(expected) {
			t.Fatalf("chunk %d: %d bridges, rule says %d", ch, len(c.Plan.Bridges), len(expected))
		}
		for k, b := range expected {
			got := c.Plan.Bridges[k]
			if !features.Near3ForTest(got.RoadCenter1, b.RoadCenter1) || !features.Near3ForTest(got.RoadCenter2, b.RoadCenter2) {
				t.Fatalf("chunk %d bridge %d: %+v, rule says %+v", ch, k, got, b)
			}
		}
		if n := c.Layers[mesh.Bridges].VertexCount(); n != perBridge*len(expected) {
			t.Fatalf("chunk %d: bridge layer has %d vertices, want %d bridges of %d", ch, n, len(expected), perBridge)
		}
	}
	if want < 5 {
		t.Fatalf("only %d bridges on the test map", want)
	}
}

// TestParallelChunks: building chunks on all cores gives the same
// feature, wall, bridge and building layers as one by one, so Build
// shares no mutable state between calls (and the towns' caches, which
// differ between workers, change nothing).
func TestParallelChunks(t *testing.T) {
	g := features.RiverRoadMapForTest(t)
	for i := range g.Topology().CellCount() {
		g.SetUrbanLevel(i, i%4)
		g.SetPlantLevel(i, (i/4)%4)
		g.SetWalled(i, (i/3)%2 == 0)
	}
	par := chunk.NewSet(g)
	seq := chunk.NewSetWorkers(g, 1)
	for ch := range par.Chunks {
		for _, l := range []mesh.Layer{mesh.Features, mesh.Walls, mesh.Bridges, mesh.Buildings, mesh.BuildingDetails} {
			a, b := &par.Chunks[ch].Layers[l], &seq.Chunks[ch].Layers[l]
			if !reflect.DeepEqual(a.Positions, b.Positions) || !reflect.DeepEqual(a.Indices, b.Indices) {
				t.Fatalf("chunk %d layer %s differs between parallel and sequential builds", ch, l.Name())
			}
		}
	}
}

// Walls stand across the seam of a wrapping map too: with the first
// column walled, the walls along its west side are built with the last
// column's connections, east of it, between the two columns; a flat map
// has none there.
func TestWallsAcrossSeam(t *testing.T) {
	for _, wrapping := range []bool{false, true} {
		top := hexmap.Topology{Width: 10, Height: 5, Wrapping: wrapping}
		g, err := hexmap.NewGridOf(top, noise.New(2))
		if err != nil {
			t.Fatal(err)
		}
		for z := range 5 {
			g.SetWalled(z*10, true)
		}
		set := chunk.NewSetWorkers(g, 1)
		w := top.WrapSize()
		seam := 0
		for _, p := range set.Chunks[1].Layers[mesh.Walls].Positions { // the chunk of columns 5..9
			if p[0] > w-0.75*hexmap.InnerDiameter && p[0] < w+0.25*hexmap.InnerDiameter {
				seam++
			}
		}
		if wrapping && seam < 50 {
			t.Errorf("wrapping map: %d wall vertices between the last column and the first", seam)
		}
		if !wrapping && seam > 0 {
			t.Errorf("flat map: %d wall vertices east of the last column", seam)
		}
	}
}
