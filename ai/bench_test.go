package ai

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// front is a scenario on g of sides sides, each with n units of mixed
// types on the land nearest its point on a ring about the map's middle
// (close enough for the sides to meet) and three towns among them, and a
// neutral town per side between.
func front(b *testing.B, g *hexmap.Grid, sides, n int) game.Scenario {
	top := g.Topology()
	var land []int
	for c := range g.Topology().CellCount() {
		if !g.Cell(c).IsUnderwater() && top.Explorable(c) {
			land = append(land, c)
		}
	}
	w, h := top.Width, top.Height
	points := [][2]int{{w/2 - n/6 - 2, h / 2}, {w/2 + n/6 + 2, h / 2}, {w / 2, h/2 - n/6 - 2}, {w / 2, h/2 + n/6 + 2}}
	used := map[int]bool{}
	nearest := func(p [2]int) int {
		pc := hexmap.FromOffset(p[0], p[1])
		best, bestD := -1, 1<<30
		for _, c := range land {
			if d := top.DistanceTo(pc, top.Coordinates(c)); !used[c] && d < bestD {
				best, bestD = c, d
			}
		}
		used[best] = true
		return best
	}
	off := func(c int) game.Cell { x, z := top.Offset(c); return game.Cell{x, z} }
	sc := game.Scenario{Seed: 5}
	for s := 1; s <= sides; s++ {
		sc.Sides = append(sc.Sides, game.SideSpec{Side: s, Team: s})
		for k := range 3 {
			sc.Towns = append(sc.Towns, game.TownSpec{Name: fmt.Sprintf("T%d-%d", s, k), Cell: off(nearest(points[s-1])), Owner: s})
		}
	}
	for k := range n {
		for s := 1; s <= sides; s++ {
			sc.Units = append(sc.Units, game.UnitSpec{Type: typeNames[(k+s)%len(typeNames)], Side: s, Cell: off(nearest(points[s-1])), HP: 100 - k%50})
		}
	}
	for s := 1; s <= sides; s++ {
		p := points[s-1]
		sc.Towns = append(sc.Towns, game.TownSpec{Name: fmt.Sprintf("N%d", s), Cell: off(nearest([2]int{(p[0] + w/2) / 2, (p[1]+h/2)/2 + 3})), Owner: 0})
	}
	return sc
}

// benchTurn measures side 1's whole turn at Hard (every view it asks
// for and every command applied included), from a fresh match and bot
// each time (their set-up not timed).
func benchTurn(b *testing.B, w, h, sides, n int) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: w, Height: h}, 6)
	if err != nil {
		b.Fatal(err)
	}
	sc := front(b, g, sides, n)
	cmds := 0
	var took []time.Duration
	for b.Loop() {
		b.StopTimer()
		m, _, err := game.NewMatch(g, sc)
		if err != nil {
			b.Fatal(err)
		}
		bot := ForMatch(m, 1, Hard)
		b.StartTimer()
		start := time.Now()
		refused := PlayTurn(m, bot, func(game.Command, []game.Event) { cmds++ })
		took = append(took, time.Since(start))
		if len(refused) > 0 {
			b.Fatal(refused[0])
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(cmds)/float64(b.N), "cmds/turn")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "ms-p95")
}

// BenchmarkHardTurn80x60 is a Hard turn with 30 units a side.
func BenchmarkHardTurn80x60(b *testing.B) { benchTurn(b, 80, 60, 2, 30) }

// BenchmarkHardTurn320x320 is a Hard turn with 4 sides of 100 units.
func BenchmarkHardTurn320x320(b *testing.B) { benchTurn(b, 320, 320, 4, 100) }
