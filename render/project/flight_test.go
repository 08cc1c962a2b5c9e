package project

import (
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/mesh"
)

// A camera flies over a generated 320×320 map as the editor would draw
// it from a chunk cache: over the land at the editing zoom, down close,
// out into the overview and back, turning. Every frame the builder's
// wanted chunks go to the cache, the workers build them (the test waits
// for them, the worst case for memory), and the cache installs and
// evicts. The memory the full-detail chunks hold, the renderer's welded
// copies included, never goes past the budget; every chunk drawn at full
// detail is resident; the far views are drawn at the levels of detail.
func TestFlightKeepsWithinBudget(t *testing.T) {
	g, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 320, Height: 320}, 2)
	if err != nil {
		t.Fatal(err)
	}
	const budget = 48 << 20 // small, so that the flight must evict
	set := chunk.NewCache(g, budget, 2, func(_ int, c *chunk.Chunk) (any, int64) { return PrepareChunk(&c.Layers) })
	defer set.Close()
	chunks := make([]ChunkMeshes, len(set.Chunks))
	refresh := func(ch int) {
		lod := &set.LODs[ch]
		chunks[ch].SetLOD(&lod.Fine, &lod.Coarse)
		if full, ok := set.Extra(ch).(*ChunkMeshes); ok && set.Resident(ch) {
			chunks[ch].Adopt(full)
		} else {
			chunks[ch].Clear()
		}
	}
	for ch := range chunks {
		refresh(ch)
	}
	cam := NewCamera(g.Topology())
	var b Builder
	o := Options{Light: DefaultLighting(), FullPixels: FullPixels, CoarsePixels: CoarsePixels}
	const frames = 160
	evicted, lodFrames, fullFrames := 0, 0, 0
	for f := range frames {
		s := float64(f) / frames
		cam.X, cam.Z = cam.MaxX*(0.1+0.8*s), cam.MaxZ*(0.5+0.3*(s-0.5))
		cam.Rotation = 90 * s
		switch {
		case f < 60:
			cam.Zoom = 0.45
		case f < 80:
			cam.Zoom = 1
		case f < 120:
			cam.Zoom = -float64(f-80) / 40 * 1.2 // out into the overview
		default:
			cam.Zoom = 0
		}
		cam.Clamp()
		o.View = cam.View(1280, 720)
		fr := b.Build(&o, chunks)
		set.Want(fr.Wanted)
		set.Flush()
		for _, ch := range set.Update() {
			if !set.Resident(ch) {
				evicted++
			}
			refresh(ch)
		}
		used, peak, _ := set.Memory()
		if used > budget || peak > budget {
			t.Fatalf("frame %d: the cache holds %.1f MB (peak %.1f MB), budget %.1f MB", f, mb(used), mb(peak), mb(budget))
		}
		for ch := range chunks {
			if chunks[ch].Layers[mesh.Terrain] != nil && !set.Resident(ch) {
				t.Fatalf("frame %d: chunk %d has meshes but is not resident", f, ch)
			}
		}
		if fr.LODChunks > 0 {
			lodFrames++
		}
		if fr.Terrain.Vertices() > 0 {
			fullFrames++
		}
	}
	if evicted == 0 || lodFrames < 30 || fullFrames < 100 {
		t.Fatalf("%d chunks evicted, %d frames drew levels of detail, %d full detail: the flight did not exercise the cache", evicted, lodFrames, fullFrames)
	}
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }
