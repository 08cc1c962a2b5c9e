// The benchmarks are an external test package: they build maps with
// mapgen, which imports nav.
package nav_test

import (
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
	"hexsandbox/nav"
)

// benchPath times one corner-to-corner search of a featureless map.
func benchPath(b *testing.B, w, h int) {
	g := flatGrid(b, w, h)
	f := nav.NewFinder(g)
	q := nav.Query{From: 0, To: g.Topology().CellCount() - 1, Speed: hexmap.UnitSpeed}
	if _, ok := f.FindPath(q); !ok {
		b.Fatal("no path")
	}
	b.ReportAllocs()
	testutil.CPULoop(b, func() { f.FindPath(q) })
}

func BenchmarkPathFeatureless80x60(b *testing.B)   { benchPath(b, 80, 60) }
func BenchmarkPathFeatureless320x320(b *testing.B) { benchPath(b, 320, 320) }

// BenchmarkPathShowcase80x60 searches between far apart dry cells of the
// showcase map (hills, cliffs, lakes, roads, walls, towns).
func BenchmarkPathShowcase80x60(b *testing.B) {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	f := nav.NewFinder(g)
	var qs []nav.Query
	for _, pair := range [][4]int{{2, 2, 77, 57}, {2, 57, 77, 2}, {40, 2, 40, 57}, {2, 30, 77, 30}} {
		from, _ := g.Topology().IndexOffset(pair[0], pair[1])
		to, _ := g.Topology().IndexOffset(pair[2], pair[3])
		q := nav.Query{From: from, To: to, Speed: hexmap.UnitSpeed}
		if _, ok := f.FindPath(q); ok {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		b.Fatal("no pair connected")
	}
	b.ReportAllocs()
	k := 0
	testutil.CPULoop(b, func() {
		f.FindPath(qs[k%len(qs)])
		k++
	})
}

// benchReach times the area a unit reaches in one turn, from the cells
// the setup picks in turn.
func benchReach(b *testing.B, g *hexmap.Grid, cells []int) {
	f := nav.NewFinder(g)
	total := 0
	for _, c := range cells {
		total += len(f.Reachable(nav.Query{From: c, Speed: hexmap.UnitSpeed}))
	}
	b.ReportMetric(float64(total)/float64(len(cells)), "cells/area")
	b.ReportAllocs()
	k := 0
	testutil.CPULoop(b, func() {
		f.Reachable(nav.Query{From: cells[k%len(cells)], Speed: hexmap.UnitSpeed, Units: true})
		k++
	})
}

// BenchmarkReachableShowcase: from every dry cell of the showcase map in
// turn (roads stretch some areas to hundreds of cells).
func BenchmarkReachableShowcase(b *testing.B) {
	g, err := mapgen.Showcase(80, 60, 1)
	if err != nil {
		b.Fatal(err)
	}
	var cells []int
	for i := range g.Topology().CellCount() {
		if !g.Cell(i).IsUnderwater() {
			cells = append(cells, i)
		}
	}
	benchReach(b, g, cells)
}

// BenchmarkReachableFeatureless: open flat land, 4 steps of 5 a turn.
func BenchmarkReachableFeatureless(b *testing.B) {
	g := flatGrid(b, 80, 60)
	benchReach(b, g, []int{30*80 + 40})
}

// BenchmarkReachableAllRoads is the worst case: a road on every edge, so
// 24 steps of cost 1 reach all 1,801 cells within 24 steps.
func BenchmarkReachableAllRoads(b *testing.B) {
	g := flatGrid(b, 80, 60)
	for i := range g.Topology().CellCount() {
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			g.AddRoad(i, d)
		}
	}
	benchReach(b, g, []int{30*80 + 40})
}

// flatGrid is a w×h map of flat, dry, featureless cells.
func flatGrid(b *testing.B, w, h int) *hexmap.Grid {
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: w, Height: h}, noise.New(1))
	if err != nil {
		b.Fatal(err)
	}
	return g
}
