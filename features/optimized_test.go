package features

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// TestBuildMatchesReference pins the optimised Build to the
// straightforward one in reference_test.go: every position, normal,
// colour and index must be the same bits (within float32 rounding where
// the compiler may fuse multiply-adds), on maps with everything walls
// and features react to, on the benchmark maps, and on meshes so full
// that models have to be left out.
func TestBuildMatchesReference(t *testing.T) {
	grids := map[string]*hexmap.Grid{
		"random 20x15 seed 3":  randomMap(t, 20, 15, 3),
		"random 30x20 seed 11": randomMap(t, 30, 20, 11),
		"random 25x25 seed 99": randomMap(t, 25, 25, 99),
		"bench mixed":          benchMap(t, false),
		"bench dense":          benchMap(t, true),
	}
	for name, g := range grids {
		rng := rand.New(rand.NewPCG(uint64(len(name)), 5))
		for ch := range geom.ChunkCount(g.Topology()) {
			plan := *chunkPlan(g, ch)
			plan.Bridges = randomBridges(g, ch, rng)
			fills := []int{0}
			if ch%5 == 0 && !strings.HasPrefix(name, "bench") {
				fills = append(fills, mesh.MaxVertices-1500, mesh.MaxVertices-37)
			}
			for _, fill := range fills {
				want := fullMeshes(fill)
				got := fullMeshes(fill)
				refBuild(g, ch, &plan, &want.feats, &want.walls, &want.bridges)
				Build(g, ch, &plan, &got.feats, &got.walls, &got.bridges)
				where := fmt.Sprintf("%s chunk %d fill %d", name, ch, fill)
				sameMesh(t, where+" features", &got.feats, &want.feats)
				sameMesh(t, where+" walls", &got.walls, &want.walls)
				sameMesh(t, where+" bridges", &got.bridges, &want.bridges)
				if t.Failed() {
					return
				}
			}
		}
	}
}

// TestBuildMatchesReferenceNilMeshes checks that leaving out a mesh
// leaves the others as they are.
func TestBuildMatchesReferenceNilMeshes(t *testing.T) {
	g := randomMap(t, 20, 15, 5)
	for ch := range geom.ChunkCount(g.Topology()) {
		var want, got mesh.Mesh
		plan := chunkPlan(g, ch)
		refBuild(g, ch, plan, nil, &want, nil)
		Build(g, ch, plan, nil, &got, nil)
		sameMesh(t, fmt.Sprintf("chunk %d walls only", ch), &got, &want)
		want.Clear()
		got.Clear()
		refBuild(g, ch, plan, &want, nil, nil)
		Build(g, ch, plan, &got, nil, nil)
		sameMesh(t, fmt.Sprintf("chunk %d features only", ch), &got, &want)
	}
}

// randomBridges makes road-centre pairs in and around chunk ch: most a
// river's width apart, some at the same point (no bridge), some long.
func randomBridges(g *hexmap.Grid, ch int, rng *rand.Rand) []Bridge {
	var out []Bridge
	for _, i := range geom.ChunkCells(g.Topology(), ch) {
		if rng.IntN(4) != 0 {
			continue
		}
		c := geom.CellPosition(g, i)
		d := vec3.T{rng.Float32()*20 - 10, rng.Float32() * 2, rng.Float32()*20 - 10}
		if rng.IntN(10) == 0 {
			d = vec3.T{0, 1, 0}
		}
		out = append(out, Bridge{RoadCenter1: c, RoadCenter2: vec.Add(c, d)})
	}
	return out
}

// fullMeshes are three meshes already holding fill vertices, so that
// Build has to leave out what would not fit.
func fullMeshes(fill int) chunkMeshes {
	var c chunkMeshes
	if fill == 0 {
		return c
	}
	for _, m := range []*mesh.Mesh{&c.feats, &c.walls, &c.bridges} {
		m.Positions = make([]vec3.T, fill)
		m.Normals = slices.Repeat([]vec3.T{{0, 1, 0}}, fill)
		m.Colors = slices.Repeat([]vec4.T{{1, 0, 0, 1}}, fill)
		m.Indices = []uint16{0, 1, 2}
	}
	return c
}

func sameMesh(t *testing.T, where string, got, want *mesh.Mesh) {
	t.Helper()
	if len(got.Positions) != len(want.Positions) || len(got.Normals) != len(want.Normals) ||
		len(got.Colors) != len(want.Colors) || len(got.Indices) != len(want.Indices) {
		t.Errorf("%s: %d/%d/%d vertices/normals/colours and %d indices, want %d/%d/%d and %d", where,
			len(got.Positions), len(got.Normals), len(got.Colors), len(got.Indices),
			len(want.Positions), len(want.Normals), len(want.Colors), len(want.Indices))
		return
	}
	if len(got.UV)+len(got.UV2)+len(got.Terrain)+len(got.Weights) != 0 {
		t.Errorf("%s: unexpected UV or terrain data", where)
	}
	for k := range want.Positions {
		if !sameFloats3(got.Positions[k], want.Positions[k], 1e-5) || !sameFloats3(got.Normals[k], want.Normals[k], 1e-4) ||
			!sameBits4(got.Colors[k], want.Colors[k]) {
			t.Errorf("%s: vertex %d is %v %v %v, want %v %v %v", where, k,
				got.Positions[k], got.Normals[k], got.Colors[k], want.Positions[k], want.Normals[k], want.Colors[k])
			return
		}
	}
	for k := range want.Indices {
		if got.Indices[k] != want.Indices[k] {
			t.Errorf("%s: index %d is %d, want %d", where, k, got.Indices[k], want.Indices[k])
			return
		}
	}
}

// sameFloats3 is sameBits3 where the build fuses no multiply-adds, and
// otherwise agreement within tol relative to the magnitude (at least 1).
// A fused multiply-add skips one float32 rounding (6e-8 relative to the
// product), so positions, sums of a few such terms, stay within 1e-5.
// Normals are cross products of a wall piece's diagonals, whose terms
// cancel for the short ends of caps and wedges; a rounding of the terms
// then weighs up to about a hundred times more after normalising, hence
// 1e-4 for them.
func sameFloats3(a, b vec3.T, tol float64) bool {
	if exactFloats {
		return sameBits3(a, b)
	}
	for k := range a {
		if math.Abs(float64(a[k]-b[k])) > tol*max(1, math.Abs(float64(b[k]))) {
			return false
		}
	}
	return true
}

func sameBits3(a, b vec3.T) bool {
	for k := range a {
		if math.Float32bits(a[k]) != math.Float32bits(b[k]) {
			return false
		}
	}
	return true
}

func sameBits4(a, b vec4.T) bool {
	for k := range a {
		if math.Float32bits(a[k]) != math.Float32bits(b[k]) {
			return false
		}
	}
	return true
}

// TestFeatureThresholdsRise guards pickCollection's counting shortcut,
// which is only PickPrefab's walk when each level's thresholds rise.
func TestFeatureThresholdsRise(t *testing.T) {
	for level, row := range featureThresholds {
		if !slices.IsSorted(row[:]) {
			t.Errorf("level %d thresholds %v do not rise", level, row)
		}
	}
}

// TestPickCollectionMatchesWalk compares the counting pick with the
// threshold walk for every level, at and around each threshold.
func TestPickCollectionMatchesWalk(t *testing.T) {
	for level := range 6 {
		hashes := []float32{0, 0.998, 0.5}
		for _, th := range geom.FeatureThresholds(level) {
			hashes = append(hashes, th, math.Nextafter32(th, -1), math.Nextafter32(th, 1))
		}
		for _, h := range hashes {
			if h < 0 {
				continue // hash values lie in [0, 0.999)
			}
			gi, gok := pickCollection(uint8(level), h)
			wi, wok := refPickCollection(level, h)
			if gok != wok || (gok && gi != wi) {
				t.Errorf("level %d hash %v: picked %d %v, want %d %v", level, h, gi, gok, wi, wok)
			}
		}
	}
}
