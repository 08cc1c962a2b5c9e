package features

import (
	"math"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// TestBridgeSpansRoadCentres: each bridge runs exactly from one perturbed
// road centre to the other (the design length stretched to the span),
// stays within its 3-unit width across, and every entry adds one bridge.
func TestBridgeSpansRoadCentres(t *testing.T) {
	g := newGrid(t, 10, 10, 6)
	noise := g.Noise()
	bridges := []Bridge{
		{vec3.T{40, 3, 40}, vec3.T{44, 3, 45}},
		{vec3.T{90, 0, 20}, vec3.T{85, 0, 20}},
		{vec3.T{10, 6, 70}, vec3.T{10, 6, 79}},
	}
	var one mesh.Mesh
	Build(g, 0, &Plan{Bridges: bridges[:1]}, nil, nil, &one)
	var all mesh.Mesh
	Build(g, 0, &Plan{Bridges: bridges}, nil, nil, &all)
	per := one.VertexCount()
	if per == 0 || all.VertexCount() != per*len(bridges) {
		t.Fatalf("%d vertices for one bridge, %d for %d", per, all.VertexCount(), len(bridges))
	}
	for k, b := range bridges {
		p1, p2 := geom.FlatPerturber(noise).Perturb(b.RoadCenter1), geom.FlatPerturber(noise).Perturb(b.RoadCenter2)
		axis := vec.Sub(p2, p1)
		length := axis.Length()
		axis = vec.Scale(axis, 1/length)
		across := vec3.T{axis[2], 0, -axis[0]}
		lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
		for _, v := range all.Positions[k*per : (k+1)*per] {
			along := vec.Dot(vec.Sub(v, p1), axis)
			lo, hi = min(lo, along), max(hi, along)
			if w := vec.Dot(vec.Sub(v, p1), across); w < -1.5001 || w > 1.5001 {
				t.Fatalf("bridge %d is %v off its axis", k, w)
			}
		}
		if math.Abs(float64(lo)) > 1e-3 || math.Abs(float64(hi-length)) > 1e-3 {
			t.Fatalf("bridge %d spans %v..%v along its axis, want 0..%v", k, lo, hi, length)
		}
	}
}

// specBridges lists the bridges of cell i as the brief and Catlike's part
// 11 state them: over a straight river when a road leaves on both sides
// (drawn once, from the direction before the incoming river), over a
// curved river from the middle of the outside when a road enters the
// inside; none for rivers that begin, end or zig-zag.
func specBridges(g *hexmap.Grid, i int) []Bridge {
	c := g.Cell(i)
	if !c.HasIncomingRiver() || !c.HasOutgoingRiver() || !c.HasRoads() {
		return nil
	}
	road := c.HasRoadThroughEdge
	center := geom.CellPosition(g, i)
	in, out := c.IncomingRiver, c.OutgoingRiver
	switch {
	case in == out.Opposite():
		d := in.Previous()
		if (road(d) || road(d.Previous())) && (road(d.Next2()) || road(d.Opposite())) {
			corner := vec.Scale(geom.FirstSolidCorner(d), 0.5)
			return []Bridge{{vec.Add(center, corner), vec.Sub(center, corner)}}
		}
	case in == out.Next2() || in == out.Previous2():
		inside := in.Next()
		if out != in.Next2() {
			inside = in.Previous()
		}
		m := inside.Opposite()
		if (road(m) || road(m.Previous()) || road(m.Next())) && road(inside) {
			offset := geom.SolidEdgeMiddle(m)
			return []Bridge{{vec.Add(center, vec.Scale(offset, 0.25)), vec.Sub(center, vec.Scale(offset, geom.InnerToOuter*0.7))}}
		}
	}
	return nil
}

// TestSpecBridges pins the rule above on hand-made cells, so the check of
// the chunk package's bridges below rests on a tested statement.
func TestSpecBridges(t *testing.T) {
	cases := []struct {
		name  string
		in    hexmap.Direction
		out   hexmap.Direction
		roads []hexmap.Direction
		want  int
	}{
		{"straight, roads both sides", hexmap.W, hexmap.E, []hexmap.Direction{hexmap.NE, hexmap.SW}, 1},
		{"straight, road one side", hexmap.W, hexmap.E, []hexmap.Direction{hexmap.NE, hexmap.NW}, 0},
		{"curve, road inside and out", hexmap.W, hexmap.NE, []hexmap.Direction{hexmap.NW, hexmap.SE}, 1},
		{"curve, roads outside only", hexmap.W, hexmap.NE, []hexmap.Direction{hexmap.SE, hexmap.SW}, 0},
		{"zig-zag", hexmap.W, hexmap.NW, []hexmap.Direction{hexmap.E, hexmap.SE}, 0},
	}
	for _, tc := range cases {
		g := newGrid(t, 10, 10, 1)
		i := 5 + 5*10
		for _, c := range []int{i, i - 1, i + 1, i + 10, i - 10, i + 9, i + 11, i - 9, i - 11} {
			g.SetElevation(c, 1)
		}
		up, _ := g.Topology().Neighbor(i, tc.in)
		g.SetElevation(up, 2)
		if g.SetOutgoingRiver(up, tc.in.Opposite()) != nil || g.SetOutgoingRiver(i, tc.out) != nil {
			t.Fatalf("%s: river refused", tc.name)
		}
		for _, d := range tc.roads {
			if g.AddRoad(i, d) != nil {
				t.Fatalf("%s: road %v refused", tc.name, d)
			}
		}
		if got := len(specBridges(g, i)); got != tc.want {
			t.Errorf("%s: %d bridges, want %d", tc.name, got, tc.want)
		}
	}
}
