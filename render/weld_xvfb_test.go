//go:build xvfb

package render

import (
	"bytes"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/mapgen"
	"hexsandbox/render/project"
)

// The renderer draws the showcase's chunks prepared unwelded, as it does
// in the frame of their edit (chunk.Set.PrepareQuickly), pixel for pixel
// as it draws them welded (as the cache's workers prepare them), shadows
// and water included, at the same moment from the same cameras, at full
// detail.
func TestUnweldedChunksDrawTheSamePixels(t *testing.T) {
	g, err := mapgen.Showcase(40, 30, 1)
	if err != nil {
		t.Fatal(err)
	}
	set := NewCache(g, 1<<30, 1)
	defer set.Close()
	set.WantAll()
	set.Flush()
	r, err := NewRenderer(set)
	if err != nil {
		t.Fatal(err)
	}
	r.SetLOD(0, 0) // full detail everywhere
	r.Update()
	target := ebiten.NewImage(640, 400)
	draw := func(cam *project.Camera) []byte {
		r.valid, r.shadowStale = false, true // the scene and its shadows drawn again
		target.Clear()
		r.Draw(target, cam, 1.5)
		pix := make([]byte, 4*640*400)
		target.ReadPixels(pix)
		return pix
	}
	cams := []project.Camera{project.NewCamera(g.Topology()), project.NewCamera(g.Topology())}
	cams[0].Zoom, cams[0].Rotation = 0.6, 35
	cams[1].Zoom, cams[1].Rotation = 0.95, 200
	var welded [][]byte
	for k := range cams {
		cams[k].Clamp()
		welded = append(welded, draw(&cams[k]))
	}
	for ch := range r.chunks {
		p, _ := project.PrepareChunkUnwelded(&set.Chunks[ch].Layers)
		r.chunks[ch].Adopt(p)
	}
	for k := range cams {
		plain := draw(&cams[k])
		if !bytes.Equal(welded[k], plain) {
			n := 0
			for i := range plain {
				if welded[k][i] != plain[i] {
					n++
				}
			}
			t.Fatalf("camera %d: %d of %d bytes differ between the welded and unwelded frames", k, n, len(plain))
		}
		if bytes.Count(plain, []byte{0, 0, 0, 0}) > len(plain)/8 {
			t.Fatalf("camera %d: little drawn", k)
		}
	}
}
