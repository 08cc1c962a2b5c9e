package chunk

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// bruteHeight is MeshHeight with a triangle test of its own: signed
// areas instead of barycentric weights, so the slow reference does not
// share the index's arithmetic.
func bruteHeight(s *Set, x, z float32, ground bool) (float32, bool) {
	return meshHeight(s, x, z, ground, func(a, b, c vec3.T, x, z float32) (float32, bool) {
		return planeHeightIfInside(a, b, c, x, z)
	})
}

// planeHeightIfInside tests (x, z) against the triangle with signed areas
// and evaluates its plane.
func planeHeightIfInside(a, b, c [3]float32, x, z float32) (float32, bool) {
	area := func(p, q [3]float32, x, z float32) float64 {
		return float64((q[0]-p[0])*(z-p[2]) - (q[2]-p[2])*(x-p[0]))
	}
	full := area(a, b, c[0], c[2])
	if full == 0 {
		return 0, false
	}
	w0, w1, w2 := area(b, c, x, z)/full, area(c, a, x, z)/full, area(a, b, x, z)/full
	if w0 < -1e-4 || w1 < -1e-4 || w2 < -1e-4 {
		return 0, false
	}
	return float32(w0*float64(a[1]) + w1*float64(b[1]) + w2*float64(c[1])), true
}

// The index answers what a search through every triangle of the map
// answers, at random points of maps with hills, rivers, roads, bridges
// and water, flat and wrapping; after an edit it follows the rebuilt
// chunks.
func TestSurfaceMatchesMesh(t *testing.T) {
	for _, wrapping := range []bool{false, true} {
		g := riverRoadGrid(t, 5)
		if wrapping {
			w, _, err := hexmap.FromCells(hexmap.Topology{Width: g.Topology().Width, Height: g.Topology().Height, Wrapping: true}, g.Noise(), g.Cells())
			if err != nil {
				t.Fatal(err)
			}
			g = w
		}
		for i := 0; i < g.Topology().CellCount(); i += 7 {
			g.SetElevation(i, 2) // slopes and terraces between the flats
		}
		s := NewSet(g)
		surf := NewSurface(s)
		bridges := 0
		for i := range g.Topology().CellCount() {
			if _, ok := surf.Bridge(i); ok {
				bridges++
			}
		}
		if bridges == 0 {
			t.Fatal("the test map has no bridges")
		}
		rng := rand.New(rand.NewPCG(1, 2))
		check := func(label string) {
			maxX := g.Topology().WrapSize()
			maxZ := float32(g.Topology().Height) * 1.5 * hexmap.OuterRadius
			for range 80 {
				x, z := rng.Float32()*maxX, rng.Float32()*maxZ
				if _, on := g.Topology().CellUnder(x, z); !on {
					continue // off every hexagon: the index does not answer
				}
				for _, ground := range []bool{true, false} {
					got, ok := surf.DeckAt(x, z)
					if ground {
						got, ok = surf.HeightAt(x, z)
					}
					want, wok := bruteHeight(s, x, z, ground)
					if slow, sok := MeshHeight(s, x, z, ground); sok != wok || (sok && math.Abs(float64(slow-want)) > 1e-3) { // the exported reference agrees
						t.Fatalf("MeshHeight %v %v, signed areas %v %v", slow, sok, want, wok)
					}
					if ok != wok || (ok && math.Abs(float64(got-want)) > 1e-3) {
						t.Fatalf("%s wrapping %v ground %v: height at (%v, %v) = %v %v, the mesh says %v %v", label, wrapping, ground, x, z, got, ok, want, wok)
					}
				}
			}
		}
		check("fresh")
		for i := 0; i < g.Topology().CellCount(); i += 5 {
			g.SetElevation(i, 0)
		}
		s.Update()
		check("after edits")
		s.Close()
	}
}

// On the flat solid part of a plain cell the ground is the cell's own
// height; over a river's channel it is the water's surface; a bridge's
// deck is above the water.
func TestSurfaceHeights(t *testing.T) {
	g := riverRoadGrid(t, 5)
	s := NewSet(g)
	surf := NewSurface(s)
	sawPlain, sawRiver, sawBridge := false, false, false
	for i := range g.Topology().CellCount() {
		c := g.Cell(i)
		p := geom.CellPosition(g, i)
		pp := geom.FlatPerturber(g.Noise()).Perturb(p)
		y, ok := surf.HeightAt(pp[0], pp[2])
		switch {
		case !ok:
			t.Fatalf("cell %d: no ground at its centre", i)
		case !c.HasRiver():
			sawPlain = true
			if math.Abs(float64(y-p[1])) > 1e-3 {
				t.Fatalf("cell %d: ground %v at the centre, cell height %v", i, y, p[1])
			}
		default:
			if y < geom.RiverSurfaceY(c)-1e-3 {
				t.Fatalf("cell %d: ground %v below the river surface %v", i, y, geom.RiverSurfaceY(c))
			}
			if br, ok := surf.Bridge(i); ok {
				mid := vec.Lerp(br.A, br.B, 0.5)
				by, _ := surf.DeckAt(mid[0], mid[2])
				// The deck's top is 0.2 above the road (the bridge model).
				if by <= geom.RiverSurfaceY(c) || math.Abs(float64(by-p[1]-0.2)) > 0.05 {
					t.Fatalf("cell %d: bridge deck at %v, river surface %v, cell %v", i, by, geom.RiverSurfaceY(c), p[1])
				}
				sawBridge = true
			} else {
				sawRiver = true
			}
		}
	}
	if !sawPlain || !sawRiver || !sawBridge {
		t.Fatalf("plain %v, river %v, bridge %v: the map lacks a case", sawPlain, sawRiver, sawBridge)
	}
}
