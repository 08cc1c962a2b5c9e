package geom

import (
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/internal/noisetab"
	"hexsandbox/hexmap/noise"

	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// The perturbation's metrics (Catlike's HexMetrics). World units.
const (
	// CellPerturbStrength is how far perturbation moves a point in X and
	// in Z at most.
	CellPerturbStrength = 4
	// ElevationPerturbStrength is how far a cell's height is jittered at
	// most.
	ElevationPerturbStrength = 1.5
	// HashGridScale is the hash grid's cells per world unit.
	HashGridScale = 0.25
)

// Hash holds the five random values of one hash-grid cell, each in
// [0, 0.999): what the meshers pick features, turns and towers by.
type Hash = noisetab.Hash

// SampleHash returns the hash-grid values of n at world point p.
func SampleHash(n *noise.Noise, p vec3.T) Hash {
	const size = noisetab.HashGridSize
	x := int(p[0]*HashGridScale) % size
	if x < 0 {
		x += size
	}
	z := int(p[2]*HashGridScale) % size
	if z < 0 {
		z += size
	}
	return n.Tables().Hash[x+z*size]
}

// Perturber perturbs points and samples the noise for one map: as
// noise.Noise.Sample on a flat map, and on a wrapping map with the noise
// made continuous across the seam (see seamBlend). The meshers perturb
// every vertex through it; Y is never perturbed.
type Perturber struct {
	table *[noisetab.Size * noisetab.Size]vec4.T
	xz    *[noisetab.Size * noisetab.Size][2]float32 // channels 0 and 2
	// wrap is the map's width in world units on a wrapping map, else 0.
	wrap float32
}

// PerturberOf returns g's perturbation: its noise's own on a flat map,
// joined across the seam on a wrapping one. Everything that perturbs or
// samples a map's geometry goes through it.
func PerturberOf(g *hexmap.Grid) Perturber {
	p := FlatPerturber(g.Noise())
	if t := g.Topology(); t.Wrapping {
		p.wrap = t.WrapSize()
	}
	return p
}

// FlatPerturber returns the perturbation of n on a flat map.
func FlatPerturber(n *noise.Noise) Perturber {
	t := n.Tables()
	return Perturber{table: t.Table, xz: t.XZ}
}

// seamBlend is Catlike's wrapping of the noise (part 27): west of
// 1.5 inner diameters the sample at x is cross-faded, over one cell
// width, from the sample one map width further east, which the points
// east of the last column use. Points up to half a cell east of x = 0
// and west of it thus sample what the same points a map width east
// sample, so the two sides of the seam meet, and the noise stays
// continuous everywhere. It returns the weight of the sample at x (1:
// no blending needed) for a point at x.
func (t Perturber) seamBlend(x float32) float32 {
	if t.wrap == 0 || x >= 1.5*hexmap.InnerDiameter {
		return 1
	}
	return min(max(x*(1/hexmap.InnerDiameter)-0.5, 0), 1)
}

// Sample returns the four noise channels at p for this map.
func (t Perturber) Sample(p vec3.T) vec4.T {
	s := noisetab.Sample(t.table, p[0], p[2])
	if f := t.seamBlend(p[0]); f < 1 {
		e := noisetab.Sample(t.table, p[0]+t.wrap, p[2])
		for c := range s {
			s[c] = e[c] + (s[c]-e[c])*f
		}
	}
	return s
}

// Perturb moves p in XZ by the noise, as Catlike's HexMetrics.Perturb:
// by (channel·2 - 1)·CellPerturbStrength of Sample's channels 0 and 2,
// bit for bit.
func (t Perturber) Perturb(p vec3.T) vec3.T {
	p[0], p[2] = t.PerturbXZ(p[0], p[2])
	return p
}

// PerturbXZ is Perturb on the two coordinates it moves. It samples the
// two-channel table itself (as square does, through the same inlined
// pieces: square and sampleXZ are not inlined); a wrapping map's points
// near the seam take the second, blended sample through them.
func (t Perturber) PerturbXZ(x, z float32) (float32, float32) {
	ix, tx := tableTexel(x)
	iz, tz := tableTexel(z)
	i, j, k, l := squareIndices(ix, iz)
	a, b, c, d := &t.xz[i], &t.xz[j], &t.xz[k], &t.xz[l]
	s0, s2 := bilerp(a[0], b[0], c[0], d[0], tx, tz), bilerp(a[1], b[1], c[1], d[1], tx, tz)
	if t.wrap != 0 && x < 1.5*hexmap.InnerDiameter {
		f := t.seamBlend(x)
		e0, e2 := t.sampleXZ(x+t.wrap, z)
		s0, s2 = e0+(s0-e0)*f, e2+(s2-e2)*f
	}
	return x + (s0*2-1)*CellPerturbStrength, z + (s2*2-1)*CellPerturbStrength
}

// sampleXZ is Sample's channels 0 and 2, the ones Perturb uses, without
// the seam's blend.
func (t Perturber) sampleXZ(x, z float32) (s0, s2 float32) {
	a, b, c, d, tx, tz := t.square(x, z)
	return bilerp(a[0], b[0], c[0], d[0], tx, tz), bilerp(a[2], b[2], c[2], d[2], tx, tz)
}

// square is the four texels Sample blends at x, z (a b one row, c d the
// next) and the fractions along X and Z between them.
func (t Perturber) square(x, z float32) (a, b, c, d *vec4.T, tx, tz float32) {
	ix, tx := tableTexel(x)
	iz, tz := tableTexel(z)
	i, j, k, l := squareIndices(ix, iz)
	return &t.table[i], &t.table[j], &t.table[k], &t.table[l], tx, tz
}

// tableTexel is the table texel that map coordinate x samples from, and
// the fraction past it.
func tableTexel(x float32) (int, float32) {
	return texel(float64(x)*(noisetab.Scale*noisetab.Size) - 0.5)
}

// squareIndices are the table indices of texel ix, iz and of the texels
// after it in X, in Z and in both, wrapped (the table's side is a power
// of two: masking wraps negatives too). Each is masked into the table,
// so reading them needs no bounds check.
func squareIndices(ix, iz int) (a, b, c, d int) {
	const size, mask = noisetab.Size, noisetab.Size*noisetab.Size - 1
	ix, iz = ix&(size-1), iz&(size-1)<<8 // row iz's first texel
	ix1, iz1 := (ix+1)&(size-1), (iz+size)&mask
	return (ix + iz) & mask, (ix1 + iz) & mask, (ix + iz1) & mask, (ix1 + iz1) & mask
}

// bilerp is Sample's bilinear blend of texel values a b (one row) and
// c d (the next row), tx along the rows and tz across.
func bilerp(a, b, c, d, tx, tz float32) float32 {
	top := a + (b-a)*tx
	bottom := c + (d-c)*tx
	return top + (bottom-top)*tz
}

// texel splits table coordinate u into the texel it is in (math.Floor's,
// found by truncation: map coordinates are far below 2⁶³) and the
// fraction past it. The scale Scale·Size is one constant: times a power
// of two, it rounds as Scale does, so the product is the two products'
// bit for bit.
func texel(u float64) (int, float32) {
	i := int(u)
	f := float64(i)
	if f > u {
		i--
		f--
	}
	return i, float32(u - f)
}

// sampleElevation is Sample's channel 1, the one that jitters a cell's
// height, with the same arithmetic (so bit-identical) at a quarter of the
// lookups.
func (t Perturber) sampleElevation(x, z float32) float32 {
	s := t.sampleChannel(x, z, 1)
	if f := t.seamBlend(x); f < 1 {
		e := t.sampleChannel(x+t.wrap, z, 1)
		s = e + (s-e)*f
	}
	return s
}

// sampleChannel is Sample's channel c without the seam's blend.
func (t Perturber) sampleChannel(x, z float32, c int) float32 {
	a, b, cc, d, tx, tz := t.square(x, z)
	return bilerp(a[c], b[c], cc[c], d[c], tx, tz)
}

// CellPosition is the centre of cell i of g in world space, its Y the
// elevation jittered by the noise as in Catlike's HexCell.Elevation: t
// must be g's own Perturber (PerturberOf(g)). It returns three numbers,
// for loops that write them where they go.
func (t Perturber) CellPosition(g *hexmap.Grid, i int) (x, y, z float32) {
	x, z = g.Topology().CellCenter(i)
	s1 := t.sampleElevation(x, z)
	return x, float32(g.Cell(i).Elevation)*ElevationStep + (s1*2-1)*ElevationPerturbStrength, z
}

// CellPosition is Perturber.CellPosition of g's own Perturber, as a point.
func CellPosition(g *hexmap.Grid, i int) vec3.T {
	x, y, z := PerturberOf(g).CellPosition(g, i)
	return vec3.T{x, y, z}
}
