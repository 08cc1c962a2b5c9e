package tools

import (
	"math"

	"hexsandbox/hexmap"
)

// Symmetry repeats every brush application for fair maps: mirrored east
// to west, or turned 2, 3 or 6 times around the map's centre.
type Symmetry uint8

const (
	SymmetryOff Symmetry = iota
	SymmetryMirror
	Symmetry2
	Symmetry3
	Symmetry6
	symmetryCount
)

func (s Symmetry) String() string {
	return [...]string{"Off", "Mirror", "2-fold", "3-fold", "6-fold"}[min(s, symmetryCount-1)]
}

// Next is the following setting, Off after the last (a key cycles them).
func (s Symmetry) Next() Symmetry { return (s + 1) % symmetryCount }

// Transform is one lattice symmetry of the hex grid in cube coordinates:
// a turn by Turns × 60° clockwise, after an east-west mirror when Mirror
// is set, about the centre of the map's symmetry.
type Transform struct {
	Turns  int // 0..5
	Mirror bool
}

// Dir maps a direction through the transform: the mirror swaps east and
// west (NE↔NW, E↔W, SE↔SW), each turn steps one direction clockwise.
func (t Transform) Dir(d hexmap.Direction) hexmap.Direction {
	if !d.Valid() {
		return d
	}
	if t.Mirror {
		d = hexmap.NW - d
	}
	return (d + hexmap.Direction(t.Turns)) % 6
}

// Vector maps an axial offset (X, Z) through the transform. A turn is
// (X, Z) → (X+Z, −X), which takes NE (0, 1) to E (1, 0) and E to SE
// (1, −1); the mirror is (X, Z) → (−X−Z, Z), which takes E to W and NE
// (0, 1) to NW (−1, 1).
func (t Transform) Vector(x, z int) (int, int) {
	if t.Mirror {
		x = -x - z
	}
	for range t.Turns {
		x, z = x+z, -x
	}
	return x, z
}

// transforms lists the symmetry's group, identity first.
func (s Symmetry) transforms() []Transform {
	switch s {
	case SymmetryMirror:
		return []Transform{{}, {Mirror: true}}
	case Symmetry2:
		return []Transform{{}, {Turns: 3}}
	case Symmetry3:
		return []Transform{{}, {Turns: 2}, {Turns: 4}}
	case Symmetry6:
		return []Transform{{}, {Turns: 1}, {Turns: 2}, {Turns: 3}, {Turns: 4}, {Turns: 5}}
	}
	return []Transform{{}}
}

// sixths are axial coordinates in sixths of a cell: the centres of
// cells (multiples of 6), the midpoints of their edges (of 3) and their
// corners (thirds: the centroid of three cells that touch) are all whole
// numbers in them.
type sixths struct{ x, z int }

// Centre returns the point the symmetry turns or mirrors about, in
// sixths of a cell: the point nearest the middle of the map (the middle
// of its cell centres' extent) among those the group maps cells to
// cells about — a cell centre for 6-fold, a centre or a corner for
// 3-fold, a centre or an edge midpoint for 2-fold, and for the mirror a
// north-south line through centres or edge midpoints. A wrapping map
// uses the same point: its middle column, so that the east-west mirror
// and the half turn are exact symmetries of the cylinder too.
func (s Symmetry) Centre(t hexmap.Topology) sixths {
	maxX, maxZ := t.Extent()
	ax, az := t.Axial(maxX/2, maxZ/2)
	cx, cz := int(math.Round(ax*6)), int(math.Round(az*6))
	best, bestD := sixths{}, math.Inf(1)
	for dz := -6; dz <= 6; dz++ {
		for dx := -6; dx <= 6; dx++ {
			p := sixths{cx + dx, cz + dz}
			if !s.exactAbout(p) {
				continue
			}
			if d := worldDist2(t, p, ax, az); d < bestD-1e-9 {
				best, bestD = p, d
			}
		}
	}
	return best
}

// CentreWorld is Centre as a world point (x, z), for drawing it.
func (s Symmetry) CentreWorld(t hexmap.Topology) (x, z float32) {
	c := s.Centre(t)
	x64, z64 := t.AxialPosition(float64(c.x)/6, float64(c.z)/6)
	return float32(x64), float32(z64)
}

// exactAbout reports whether every transform of the group maps cell
// centres to cell centres about p: (I − L)·p is a whole cell offset.
func (s Symmetry) exactAbout(p sixths) bool {
	for _, tr := range s.transforms() {
		x, z := tr.Vector(p.x, p.z)
		if (p.x-x)%6 != 0 || (p.z-z)%6 != 0 {
			return false
		}
	}
	return true
}

// worldDist2 is the squared world distance between p and axial (ax, az),
// in units of cells.
func worldDist2(t hexmap.Topology, p sixths, ax, az float64) float64 {
	px, pz := t.AxialPosition(float64(p.x)/6, float64(p.z)/6)
	qx, qz := t.AxialPosition(ax, az)
	dx, dz := (px-qx)/t.ColumnPitch(), (pz-qz)/t.ColumnPitch()
	return dx*dx + dz*dz
}

// Image is where one symmetric copy of an edit lands: the cell, and the
// transform that turns directions (of rivers and roads) the same way.
type Image struct {
	Cell int
	T    Transform
}

// Images returns cell i and its images under the symmetry, i first,
// each once; images off a flat map are left out. at is i's coordinates
// (unwrapped, as Place.At).
func (s Symmetry) Images(t hexmap.Topology, at hexmap.Coordinates) []Image {
	i, ok := t.Index(at)
	if !ok {
		return nil
	}
	out := []Image{{Cell: i}}
	if s == SymmetryOff {
		return out
	}
	c := s.Centre(t)
	for _, tr := range s.transforms()[1:] {
		x, z := tr.Vector(at.X*6-c.x, at.Z*6-c.z)
		n, ok := t.Index(hexmap.Coordinates{X: (x + c.x) / 6, Z: (z + c.z) / 6})
		if ok {
			out = append(out, Image{Cell: n, T: tr})
		}
	}
	return out
}

// ApplySymmetric is Apply at center and at each of its images under sym,
// with the drag's direction turned as the image is. An image that lands
// on a cell already edited with the same drag is skipped. It returns the
// first refusal.
func (s Settings) ApplySymmetric(g *hexmap.Grid, center int, drag Drag, sym Symmetry) error {
	type key struct {
		cell int
		dir  hexmap.Direction
	}
	done := map[key]bool{}
	var first error
	for _, im := range sym.Images(g.Topology(), g.Topology().Coordinates(center)) {
		d := drag
		d.Dir = im.T.Dir(drag.Dir)
		k := key{im.Cell, hexmap.NoDirection}
		if d.Active {
			k.dir = d.Dir
		}
		if done[k] {
			continue
		}
		done[k] = true
		if err := s.Apply(g, im.Cell, d); err != nil && first == nil {
			first = err
		}
	}
	return first
}
