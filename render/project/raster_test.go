package project

import "testing"

func quadBatch(w, h float32, invW float32, c float32) Batch {
	v := func(x, y float32) Vertex { return Vertex{DstX: x, DstY: y, Custom0: invW, ColorR: c} }
	return Batch{Vertices: []Vertex{v(0, 0), v(w, 0), v(0, h), v(w, h)}, Indices: []uint16{0, 2, 1, 1, 2, 3}}
}

// The nearest batch wins; water behind the land stays hidden, in front
// it shows.
func TestRasterNearestWins(t *testing.T) {
	r := NewRaster(16, 16, 1, 100)
	r.DrawOpaque([]Batch{quadBatch(16, 16, 1.0/10, 0.25), quadBatch(8, 16, 1.0/5, 0.5), quadBatch(16, 16, 1.0/50, 0.75)})
	if r.Color[3][0] != 0.5 || r.Color[12][0] != 0.25 {
		t.Fatalf("colours %v %v, want the nearest quads", r.Color[3][0], r.Color[12][0])
	}
	if !near(r.Depth[12], 10, 1e-5) {
		t.Fatalf("depth %v, want 10", r.Depth[12])
	}
	// Water behind the land stays hidden, in front it shows.
	behind, front := quadBatch(16, 16, 1.0/20, 0.9), quadBatch(16, 16, 1.0/2, 0.1)
	for i := range behind.Vertices {
		behind.Vertices[i].Custom3 = float32(KindWater)
		front.Vertices[i].Custom3 = float32(KindWater)
	}
	r.DrawTranslucent([]Batch{behind})
	if r.Color[12][0] != 0.25 {
		t.Fatal("water behind the land was drawn")
	}
	r.DrawTranslucent([]Batch{front})
	if r.Color[12][0] != 0.1 {
		t.Fatal("water in front of the land was not drawn")
	}
}

// Triangles that triState drops for holding no pixel centre of the view
// really cover none, and enough small ones are dropped for the test to
// mean something. Every other triangle is snapped to quarter pixels, so
// that vertices and edges also fall exactly on pixel centres, and some
// stick out of the view.
func TestNoCentreDropIsExact(t *testing.T) {
	const size = 64
	r := NewRaster(size, size, 1, 100)
	var b Builder
	b.Build(&Options{View: View{Width: size, Height: size}}, nil) // allocates the scratch arrays, sets the view size
	rng := uint32(1)
	next := func() float32 { rng = rng*1664525 + 1013904223; return float32(rng>>8) / (1 << 24) }
	dropped := 0
	for k := range 20000 {
		x, y := next()*(size+6)-3, next()*(size+6)-3
		v := [3]Vertex{{DstX: x, DstY: y}, {DstX: x + next()*1.5, DstY: y + next()*1.5}, {DstX: x + next()*1.5 - 0.7, DstY: y + next()*1.5}}
		for i := range v {
			if k%2 == 1 {
				v[i].DstX, v[i].DstY = float32(int(v[i].DstX*4))/4, float32(int(v[i].DstY*4))/4
			}
			v[i].Custom0 = 1
			b.proj[i] = projected{sx: v[i].DstX, sy: v[i].DstY, w: 1, fx: fixed(v[i].DstX, 1<<20), fy: fixed(v[i].DstY, 1<<20)}
		}
		if draw, _ := b.triState(0, 1, 2, false); draw {
			continue
		}
		dropped++
		r.triangle([3]*Vertex{&v[0], &v[1], &v[2]}, func(i int, _ float64) {
			t.Fatalf("dropped triangle %v covers pixel %d", v, i)
		})
	}
	if dropped < 1000 {
		t.Fatalf("only %d of 20000 small triangles dropped", dropped)
	}
}
