package features

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
)

// kind is the collection a feature comes from.
type kind uint8

const (
	urban kind = iota
	farm
	plant
	special
)

// feature is one placed model: Catlike's prefab choice and transform.
type feature struct {
	kind    kind
	size    int // collection index (0 = largest), or special index - 1
	variant int // prefab within the collection
	pos     vec3.T
	angle   float32 // degrees about Y
}

// maxCellFeatures is the most features one cell can hold: one per
// direction plus the centre, or a lone special.
const maxCellFeatures = 7

// appendCellFeatures appends the features of cell i in the order
// Catlike's HexGridChunk.Triangulate(cell) creates them: one candidate
// per direction, then the centre, then the special.
func appendCellFeatures(dst []feature, g *hexmap.Grid, i int) []feature {
	return newSpotPicker(g).appendCell(dst, i)
}

// spotPicker chooses the features of cells; BuildTowns makes one per call so
// that the noise table is looked up once, not at every spot.
type spotPicker struct {
	g       *hexmap.Grid
	noise   *noise.Noise
	perturb perturber
}

func newSpotPicker(g *hexmap.Grid) spotPicker {
	return spotPicker{g: g, noise: g.Noise(), perturb: perturber{geom.PerturberOf(g)}}
}

// appendCell is appendCellFeatures.
func (s spotPicker) appendCell(dst []feature, i int) []feature {
	start := len(dst)
	dst, placed := s.appendSpots(dst, i)
	if !placed {
		for k := start; k < len(dst); k++ {
			dst[k].pos = s.perturb.perturb(vec.Of(dst[k].pos)).V()
		}
	}
	return dst
}

// appendSpots is appendCell with the features at their unperturbed
// spots, except a special, which it places (placed is then true).
func (s spotPicker) appendSpots(dst []feature, i int) (out []feature, placed bool) {
	cell := s.g.Cell(i)
	if cell.IsUnderwater() {
		return dst, false
	}
	if !cell.IsSpecial() && cell.UrbanLevel|cell.FarmLevel|cell.PlantLevel == 0 {
		return dst, false // no kind can pick a collection at any spot
	}
	center := vec.Of(geom.CellPosition(s.g, i))
	if cell.IsSpecial() {
		// AddFeature refuses special cells; only the special itself stands.
		return append(dst, s.specialFeature(cell, center.V())), true
	}
	var spots [maxCellFeatures]vec.XYZ
	n := 0
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if !cell.HasRiverThroughEdge(d) && !cell.HasRoadThroughEdge(d) {
			spots[n] = directionSpot(cell, center, d)
			n++
		}
	}
	if !cell.HasRiver() && !cell.HasRoads() {
		spots[n] = center
		n++
	}
	// The hash grid and the noise table are far bigger than the L1 cache:
	// fetch all of the cell's hash values before deciding on any, and
	// (appendCell) perturb the chosen spots together, so that the loads
	// can overlap rather than wait on the branches between them.
	var hashes [maxCellFeatures]geom.Hash
	for k := range n {
		hashes[k] = geom.SampleHash(s.noise, spots[k].V())
	}
	for k := range n {
		if f, ok := pickFeature(&cell, &hashes[k]); ok {
			f.pos = spots[k].V()
			dst = append(dst, f)
		}
	}
	return dst, false
}

// directionSpot is (centre + e.v1 + e.v5) / 3 for the solid edge e of
// direction d, with the centre moved off the river as
// TriangulateAdjacentToRiver moves it. The edge itself stays where the
// unmoved centre puts it.
func directionSpot(cell hexmap.Cell, center vec.XYZ, d hexmap.Direction) vec.XYZ {
	v1 := center.Plus(firstSolidXYZ[d])
	v5 := center.Plus(secondSolidXYZ[d])
	if cell.HasRiver() {
		center = center.Plus(vec.Of(riverCenterOffset(cell, d)))
	}
	return center.Plus(v1).Plus(v5).Times(1.0 / 3)
}

// riverCenterOffset is how far TriangulateAdjacentToRiver shifts the
// centre of the wedge in direction d away from the river channel.
func riverCenterOffset(cell hexmap.Cell, d hexmap.Direction) vec3.T {
	if cell.HasRiverThroughEdge(d.Next()) {
		if cell.HasRiverThroughEdge(d.Previous()) {
			return vec.Scale(geom.SolidEdgeMiddle(d), geom.InnerToOuter*0.5)
		}
		if cell.HasRiverThroughEdge(d.Previous2()) {
			return vec.Scale(geom.FirstSolidCorner(d), 0.25)
		}
	} else if cell.HasRiverThroughEdge(d.Previous()) && cell.HasRiverThroughEdge(d.Next2()) {
		return vec.Scale(geom.SecondSolidCorner(d), 0.25)
	}
	return vec3.T{}
}

// pickFeature is Catlike's AddFeature decision at a spot whose hash is h:
// each kind picks a collection by its hash (a urban, b farm, c plant) and
// level; among the kinds that picked one, the lowest hash wins (the first
// on a tie); d picks the prefab and e the rotation. The hash is sampled
// before perturbation, and the caller perturbs the position. Hash values
// are random, so the choice selects rather than branches where it can:
// for the non-negative hashes the order of the bits is the float order.
func pickFeature(cell *hexmap.Cell, h *geom.Hash) (feature, bool) {
	const none = math.MaxUint32
	best, f := uint32(none), feature{}
	if size, ok := pickCollection(cell.UrbanLevel, h.A); ok {
		best, f.kind, f.size = math.Float32bits(h.A), urban, size
	}
	if size, ok := pickCollection(cell.FarmLevel, h.B); ok && math.Float32bits(h.B) < best {
		best, f.kind, f.size = math.Float32bits(h.B), farm, size
	}
	if size, ok := pickCollection(cell.PlantLevel, h.C); ok && math.Float32bits(h.C) < best {
		best, f.kind, f.size = math.Float32bits(h.C), plant, size
	}
	f.variant = int(h.D * variantsPerCollection)
	f.angle = 360 * h.E
	return f, best != none
}

// pickCollection is PickPrefab's threshold walk: the first collection
// whose threshold exceeds hash, checked from the largest down. The
// thresholds rise, so that is the number of them at or below hash,
// counted without branches: hashes are random and branches on them
// mispredict.
func pickCollection(level uint8, hash float32) (int, bool) {
	if int(level) >= len(featureThresholds) {
		return 0, false
	}
	t := &featureThresholds[level]
	i := b2i(t[0] <= hash) + b2i(t[1] <= hash) + b2i(t[2] <= hash)
	return i, i < len(t)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// featureThresholds are geom.FeatureThresholds by level, looked up
// once: they are read at every candidate spot. Each row must rise, as
// pickCollection counts on (TestFeatureThresholdsRise).
var featureThresholds = [hexmap.MaxLevel + 1][3]float32{
	geom.FeatureThresholds(0), geom.FeatureThresholds(1),
	geom.FeatureThresholds(2), geom.FeatureThresholds(3),
}

// The solid hexagon's corners by direction, as hexmap computes them.
var (
	firstSolidXYZ  = solidCorners(geom.FirstSolidCorner)
	secondSolidXYZ = solidCorners(geom.SecondSolidCorner)
)

func solidCorners(corner func(hexmap.Direction) vec3.T) (out [6]vec.XYZ) {
	for d := range out {
		out[d] = vec.Of(corner(hexmap.Direction(d)))
	}
	return out
}

// specialFeature is AddSpecialFeature: at the perturbed centre, rotated
// by the hash sampled at the unperturbed centre.
func (s spotPicker) specialFeature(cell hexmap.Cell, center vec3.T) feature {
	return feature{
		kind:  special,
		size:  int(cell.SpecialIndex) - 1,
		pos:   s.perturb.perturb(vec.Of(center)).V(),
		angle: 360 * geom.SampleHash(s.noise, center).E,
	}
}
