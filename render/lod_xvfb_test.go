//go:build xvfb

package render

import (
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/render/project"
)

// blockDiff is the mean difference, in 0..255 per channel, between the
// 32×32-pixel block means of two images of one size: how different they
// look from a little further away.
func blockDiff(a, b []byte, w, h int) float64 {
	const bs = 32
	var sum float64
	n := 0
	for y := 0; y+bs <= h; y += bs {
		for x := 0; x+bs <= w; x += bs {
			var d [3]float64
			for yy := y; yy < y+bs; yy++ {
				for xx := x; xx < x+bs; xx++ {
					o := 4 * (xx + yy*w)
					for c := range 3 {
						d[c] += float64(a[o+c]) - float64(b[o+c])
					}
				}
			}
			for c := range 3 {
				if d[c] < 0 {
					d[c] = -d[c]
				}
				sum += d[c] / (bs * bs) / 3
			}
			n++
		}
	}
	return sum / float64(n)
}

// Where the renderer switches a chunk to its levels of detail (looking
// straight down, cells 24 pixels wide), the map drawn at the fine level
// and at the coarse one looks like the map at full detail: in 32-pixel
// blocks their colours differ by a few parts in 255 on average (rivers
// and roads as lines, towns and forests as a tint, no waves), and a
// level of detail of a wrong colour, or with holes, would differ by far
// more (the background, a drawn-over neighbour). And the levels of
// detail are cheap: the view needs no full detail.
//
// maxLODDiff allows for the groves' own shadows, which full detail draws
// and no level of detail does (a wrong colour or holes differ by tens).
const maxLODDiff = 9

func TestLODLooksLikeFullDetail(t *testing.T) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 80, Height: 60}, 4)
	if err != nil {
		t.Fatal(err)
	}
	set := chunk.NewSet(g)
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 640, 360
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0
	// At zoom 0 a cell is 10806·(h/720)/250 ≈ 21.6 pixels wide: the switch.
	frame := func(name string, full, coarse float32) []byte {
		r.SetLOD(full, coarse)
		img := readFrame(r, &cam, w, h, 0)
		savePNG(t, "lod_"+name, img)
		return img.Pix
	}
	full := frame("full", 0, 0)
	fine := frame("fine", 1e9, 0)
	if r.built.LODChunks == 0 || r.built.Terrain.Vertices() != 0 {
		t.Fatalf("%d chunks at a level of detail, %d full-detail terrain vertices", r.built.LODChunks, r.built.Terrain.Vertices())
	}
	coarse := frame("coarse", 1e9, 1e9)
	for _, c := range []struct {
		name string
		img  []byte
	}{{"fine", fine}, {"coarse", coarse}} {
		d := blockDiff(full, c.img, w, h)
		t.Logf("%s level of detail: 32-pixel blocks differ from full detail's by %.1f/255", c.name, d)
		if d > maxLODDiff {
			t.Errorf("%s level of detail: 32-pixel blocks differ from full detail's by %.1f/255 (limit %d)", c.name, d, maxLODDiff)
		}
	}
}

// Below lodFloor the resolution scale no longer chooses the chunks'
// levels of detail: a view turning on a software renderer at scale 0.3
// or 0.25 draws as many chunks at a level of detail as at 0.4, so its
// nearer towns, trees and terraces stay while it blurs. The view is
// chosen to hold both kinds (checked), so that a floor that did not
// hold would move chunks to the levels of detail at the lower scales.
// (The full-detail vertex counts are not compared: the workers weld
// chunks between the frames.)
func TestLODBelowFloorIsChosenAsAtTheFloor(t *testing.T) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 80, Height: 60}, 4)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		t.Fatal(err)
	}
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0.2
	lodChunks := func(scale float64) (lod, full int) {
		r.SetQuality(Quality{Scale: scale})
		readFrame(r, &cam, 1280, 720, 0)
		return r.built.LODChunks, r.built.Terrain.Vertices()
	}
	atFloor, fullAtFloor := lodChunks(lodFloor)
	if atFloor == 0 || fullAtFloor == 0 {
		t.Fatalf("at scale %v: %d chunks at a level of detail, %d full-detail terrain vertices; the view should hold both", lodFloor, atFloor, fullAtFloor)
	}
	for _, s := range []float64{0.3, 0.25} {
		if lod, _ := lodChunks(s); lod != atFloor {
			t.Errorf("at scale %v: %d chunks at a level of detail, at %v: %d", s, lod, lodFloor, atFloor)
		}
	}
	if lod, _ := lodChunks(1); lod >= atFloor {
		t.Errorf("at full resolution %d chunks at a level of detail, not fewer than the %d at %v", lod, atFloor, lodFloor)
	}
}
