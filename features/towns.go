package features

import (
	"math"

	"github.com/ungerik/go3d/vec3"

	"hexsandbox/buildings"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/hexmap/noise"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
)

// HasTown reports whether a cell gets a town of buildings: it has an
// urban level, stands on land and holds no special feature (which clears
// a cell of everything else, as in Catlike).
func HasTown(c hexmap.Cell) bool { return c.UrbanLevel > 0 && !c.IsSpecial() && !c.IsUnderwater() }

// Towns is what BuildTowns needs, besides the plan's cuts, to raise
// buildings on a chunk's urban cells: the meshes to fill and a
// buildings.Builder to reuse.
type Towns struct {
	Massing, Detail *mesh.Mesh
	Builder         *buildings.Builder

	cell   buildings.Cell
	spots  [maxCellFeatures + 6]buildings.Spot
	taken  [maxCellFeatures]buildings.Disc
	cuts   []buildings.Cut
	others []feature // the cell's farms and plants, unperturbed
}

// ground is the grid's hash grid and noise as buildings.Ground.
type ground struct {
	noise   *noise.Noise
	perturb geom.Perturber
}

func (g ground) Hash(x, z float32) [5]float32 {
	h := geom.SampleHash(g.noise, vec3.T{x, 0, z})
	return [5]float32{h.A, h.B, h.C, h.D, h.E}
}

func (g ground) Perturb(x, z float32) (float32, float32) { return g.perturb.PerturbXZ(x, z) }

// addCell builds town cell i. Catlike's spot picking runs as for any
// cell: spots that urban wins become the loose lots of a cell without
// roads (with roads, blocks take the ground instead); farms and plants
// keep their prefabs where they do not stand on a building.
func (t *Towns) addCell(s spotPicker, i int, cuts []buildings.Cut, buf []feature, out Meshes) {
	c := t.prepare(s, i, cuts, buf)
	if t.Builder == nil {
		t.Builder = new(buildings.Builder)
	}
	t.Builder.Add(c, ground{noise: s.noise, perturb: s.perturb.Perturber}, buildings.Meshes{Massing: t.Massing, Detail: t.Detail})
	if out.Features == nil && out.Farms == nil {
		return
	}
	for k := range t.others {
		f := &t.others[k]
		// In a cell with roads the blocks are planned first, and farms and
		// trees take what the buildings leave; elsewhere the lots kept off
		// them already.
		if c.Roads && !t.Builder.DiscFree(f.pos[0], f.pos[2], prefabRadius[f.kind][f.size][f.variant]) {
			continue
		}
		f.pos = s.perturb.perturb(vec.Of(f.pos)).V()
		f.addTo(out)
	}
}

// prepare picks cell i's features (its farms and plants go to t.others)
// and returns what package buildings needs to know of the cell.
func (t *Towns) prepare(s spotPicker, i int, cuts []buildings.Cut, buf []feature) *buildings.Cell {
	cell := s.g.Cell(i)
	fs, _ := s.appendSpots(buf, i)
	center := vec.Of(geom.CellPosition(s.g, i))
	c := &t.cell
	*c = buildings.Cell{Center: center.V(), Solid: solidOffsets, Level: int(cell.UrbanLevel), Roads: cell.HasRoads()}
	spots, taken := t.spots[:0], t.taken[:0]
	t.others = t.others[:0]
	for k := range fs {
		f := &fs[k]
		if f.kind == urban {
			if !c.Roads {
				spots = append(spots, buildings.Spot{X: f.pos[0], Z: f.pos[2], Size: f.size, Angle: f.angle})
			}
			continue
		}
		if !c.Roads {
			taken = append(taken, buildings.Disc{X: f.pos[0], Z: f.pos[2], R: prefabRadius[f.kind][f.size][f.variant]})
		}
		t.others = append(t.others, *f)
	}
	if !c.Roads && cell.UrbanLevel == 2 {
		// Towns fill the gaps between the spots too: urban takes the
		// cell's corner spots where the hash grid picks it. (A city's
		// larger buildings fill Catlike's spots alone.)
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			p := center.Plus(townCornerXYZ[d])
			h := geom.SampleHash(s.noise, p.V())
			if f, ok := pickFeature(&cell, &h); ok && f.kind == urban {
				spots = append(spots, buildings.Spot{X: p.X, Z: p.Z, Size: f.size, Angle: f.angle})
			}
		}
	}
	c.Spots, c.Taken = spots, taken
	t.cuts = t.cuts[:0]
	for _, k := range cuts {
		if int(k.Cell) == i {
			t.cuts = append(t.cuts, k)
		}
	}
	c.Cuts = t.cuts
	return c
}

// solidOffsets are the solid hexagon's corners, X and Z, clockwise from
// north.
var solidOffsets = func() (out [6][2]float32) {
	for d := range out {
		c := geom.FirstSolidCorner(hexmap.Direction(d))
		out[d] = [2]float32{c[0], c[2]}
	}
	return out
}()

// townCornerXYZ are the extra spots of towns without roads: towards the
// solid corners, between Catlike's spots.
var townCornerXYZ = func() (out [6]vec.XYZ) {
	for d := range out {
		out[d] = vec.Of(vec.Scale(geom.FirstSolidCorner(hexmap.Direction(d)), 0.6))
	}
	return out
}()

// prefabRadius is how far each farm and plant prefab reaches from its
// origin on the ground plane: the ground a building must leave it.
var prefabRadius = func() (out [3][collectionCount][variantsPerCollection]float32) {
	for k := range collectionPrefabs {
		for s := range collectionPrefabs[k] {
			for v := range collectionPrefabs[k][s] {
				r := 0.0
				for _, p := range collectionPrefabs[k][s][v].m.Positions {
					r = max(r, math.Hypot(float64(p[0]), float64(p[2])))
				}
				out[k][s][v] = float32(r)
			}
		}
	}
	return out
}()
