package features

import (
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
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
	cell := g.Cell(i)
	if cell.IsUnderwater() {
		return dst
	}
	center := g.CellPosition(i)
	if cell.IsSpecial() {
		// AddFeature refuses special cells; only the special itself stands.
		return append(dst, specialFeature(g.Noise(), cell, center))
	}
	noise := g.Noise()
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if cell.HasRiverThroughEdge(d) || cell.HasRoadThroughEdge(d) {
			continue
		}
		if f, ok := pickFeature(noise, cell, directionSpot(cell, center, d)); ok {
			dst = append(dst, f)
		}
	}
	if !cell.HasRiver() && !cell.HasRoads() {
		if f, ok := pickFeature(noise, cell, center); ok {
			dst = append(dst, f)
		}
	}
	return dst
}

// directionSpot is (centre + e.v1 + e.v5) / 3 for the solid edge e of
// direction d, with the centre moved off the river as
// TriangulateAdjacentToRiver moves it. The edge itself stays where the
// unmoved centre puts it.
func directionSpot(cell hexmap.Cell, center vec3.T, d hexmap.Direction) vec3.T {
	v1 := add(center, hexmap.FirstSolidCorner(d))
	v5 := add(center, hexmap.SecondSolidCorner(d))
	if cell.HasRiver() {
		center = add(center, riverCenterOffset(cell, d))
	}
	return scale(add(add(center, v1), v5), 1.0/3)
}

// riverCenterOffset is how far TriangulateAdjacentToRiver shifts the
// centre of the wedge in direction d away from the river channel.
func riverCenterOffset(cell hexmap.Cell, d hexmap.Direction) vec3.T {
	if cell.HasRiverThroughEdge(d.Next()) {
		if cell.HasRiverThroughEdge(d.Previous()) {
			return scale(hexmap.SolidEdgeMiddle(d), hexmap.InnerToOuter*0.5)
		}
		if cell.HasRiverThroughEdge(d.Previous2()) {
			return scale(hexmap.FirstSolidCorner(d), 0.25)
		}
	} else if cell.HasRiverThroughEdge(d.Previous()) && cell.HasRiverThroughEdge(d.Next2()) {
		return scale(hexmap.SecondSolidCorner(d), 0.25)
	}
	return vec3.T{}
}

// pickFeature is Catlike's AddFeature decision at position: each kind
// picks a collection by its hash (a urban, b farm, c plant) and level;
// among the kinds that picked one, the lowest hash wins; d picks the
// prefab and e the rotation. The hash is sampled before perturbation.
func pickFeature(noise *hexmap.Noise, cell hexmap.Cell, position vec3.T) (feature, bool) {
	h := noise.SampleHash(position)
	levels := [3]uint8{cell.UrbanLevel, cell.FarmLevel, cell.PlantLevel}
	hashes := [3]float32{h.A, h.B, h.C}
	f := feature{}
	used := float32(-1)
	for k := range levels {
		size, ok := pickCollection(int(levels[k]), hashes[k])
		if ok && (used < 0 || hashes[k] < used) {
			f.kind, f.size, used = kind(k), size, hashes[k]
		}
	}
	if used < 0 {
		return f, false
	}
	f.variant = int(h.D * variantsPerCollection)
	f.pos = noise.Perturb(position)
	f.angle = 360 * h.E
	return f, true
}

// pickCollection is PickPrefab's threshold walk: the first collection
// whose threshold exceeds hash, checked from the largest down.
func pickCollection(level int, hash float32) (int, bool) {
	for i, t := range hexmap.FeatureThresholds(level) {
		if hash < t {
			return i, true
		}
	}
	return 0, false
}

// specialFeature is AddSpecialFeature: at the perturbed centre, rotated
// by the hash sampled at the unperturbed centre.
func specialFeature(noise *hexmap.Noise, cell hexmap.Cell, center vec3.T) feature {
	return feature{
		kind:  special,
		size:  int(cell.SpecialIndex) - 1,
		pos:   noise.Perturb(center),
		angle: 360 * noise.SampleHash(center).E,
	}
}

func add(a, b vec3.T) vec3.T           { return vec3.T{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub(a, b vec3.T) vec3.T           { return vec3.T{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale(a vec3.T, f float32) vec3.T { return vec3.T{a[0] * f, a[1] * f, a[2] * f} }
