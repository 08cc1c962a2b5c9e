package hexmap

import (
	"math"
	"math/rand/v2"
	"sync"

	opensimplex "github.com/ojrac/opensimplex-go"
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"
)

// NoiseTableSize is the side of the square, tileable noise table that
// stands in for Catlike's noise texture.
const NoiseTableSize = 256

// Noise is the seeded perturbation noise (a tileable 4-channel table
// sampled bilinearly with wrapping) and the hash grid of a map. The
// tables are built on first use, so reading a map file or summarising it
// does not pay for them; once built they never change, so grids with the
// same seed may share one Noise.
type Noise struct {
	seed int64
	once sync.Once
	data *noiseTables
}

type noiseTables struct {
	table []vec4.T // NoiseTableSize², channels in [0, 1]
	hash  []Hash   // HashGridSize²
	// xz is the table's channels 0 and 2, the ones Perturb reads, as
	// pairs: xz[i] is {table[i][0], table[i][2]}.
	xz *[NoiseTableSize * NoiseTableSize][2]float32
}

// Hash holds the five random values of one hash-grid cell, each in [0, 0.999).
type Hash struct {
	A, B, C, D, E float32
}

// NewNoise builds the noise table and hash grid for seed. The same seed
// gives bit-identical values on every platform: the table uses only
// float64 arithmetic and Go's pure-Go math, the hash grid a PCG generator.
func NewNoise(seed int64) *Noise {
	return &Noise{seed: seed}
}

// tables returns the noise table and hash grid, building them once.
func (n *Noise) tables() *noiseTables {
	n.once.Do(func() {
		table := buildNoiseTable(n.seed)
		xz := new([NoiseTableSize * NoiseTableSize][2]float32)
		for i, v := range table {
			xz[i] = [2]float32{v[0], v[2]}
		}
		n.data = &noiseTables{table: table, hash: buildHashGrid(n.seed), xz: xz}
	})
	return n.data
}

// Seed returns the seed the noise was built from.
func (n *Noise) Seed() int64 { return n.seed }

// Table returns the raw noise table, row by row (for the shaders' noise
// image). Callers must not modify it.
func (n *Noise) Table() []vec4.T { return n.tables().table }

func buildNoiseTable(seed int64) []vec4.T {
	const octaves = 2
	table := make([]vec4.T, NoiseTableSize*NoiseTableSize)
	var sources [4]opensimplex.Noise
	for c := range sources {
		sources[c] = opensimplex.New(seed*4 + int64(c))
	}
	// Rows are independent: fill them on all cores, deterministically.
	var wg sync.WaitGroup
	workers := 4
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for z := w; z < NoiseTableSize; z += workers {
				b := 2 * math.Pi * float64(z) / NoiseTableSize
				cb, sb := math.Cos(b), math.Sin(b)
				for x := range NoiseTableSize {
					a := 2 * math.Pi * float64(x) / NoiseTableSize
					ca, sa := math.Cos(a), math.Sin(a)
					var texel vec4.T
					for c, src := range sources {
						sum, amp, radius, norm := 0.0, 1.0, 1.5, 0.0
						for range octaves {
							// A circle in each of two planes of 4D noise wraps in both axes.
							sum += amp * src.Eval4(radius*ca, radius*sa, radius*cb, radius*sb)
							norm += amp
							amp *= 0.5
							radius *= 2
						}
						texel[c] = float32(sum / norm)
					}
					table[x+z*NoiseTableSize] = texel
				}
			}
		}()
	}
	wg.Wait()
	normaliseChannels(table)
	return table
}

// normaliseChannels stretches each channel to fill [0, 1], like a noise
// texture whose values span the full byte range.
func normaliseChannels(table []vec4.T) {
	for c := range 4 {
		lo, hi := float32(math.Inf(1)), float32(math.Inf(-1))
		for _, t := range table {
			lo = min(lo, t[c])
			hi = max(hi, t[c])
		}
		span := hi - lo
		if span == 0 {
			span = 1
		}
		for i := range table {
			table[i][c] = (table[i][c] - lo) / span
		}
	}
}

func buildHashGrid(seed int64) []Hash {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	next := func() float32 { return float32(rng.Uint32()>>8) / (1 << 24) * 0.999 }
	hash := make([]Hash, HashGridSize*HashGridSize)
	for i := range hash {
		hash[i] = Hash{next(), next(), next(), next(), next()}
	}
	return hash
}

// Sample returns the four noise channels at world point p, sampled
// bilinearly from the table at p.xz × NoiseScale, wrapping. This is the
// noise of a flat map; a map's geometry samples through Grid.Perturber,
// which also joins the noise across the seam of a wrapping map.
func (n *Noise) Sample(p vec3.T) vec4.T { return sampleTable(n.tables().table, p[0], p[2]) }

func sampleTable(table []vec4.T, x, z float32) vec4.T {
	u := float64(x)*NoiseScale*NoiseTableSize - 0.5
	v := float64(z)*NoiseScale*NoiseTableSize - 0.5
	x0, z0 := math.Floor(u), math.Floor(v)
	tx, tz := float32(u-x0), float32(v-z0)
	ix, iz := wrap(int(x0)), wrap(int(z0))
	ix1, iz1 := (ix+1)%NoiseTableSize, (iz+1)%NoiseTableSize
	a := table[ix+iz*NoiseTableSize]
	b := table[ix1+iz*NoiseTableSize]
	c := table[ix+iz1*NoiseTableSize]
	d := table[ix1+iz1*NoiseTableSize]
	var out vec4.T
	for i := range 4 {
		top := a[i] + (b[i]-a[i])*tx
		bottom := c[i] + (d[i]-c[i])*tx
		out[i] = top + (bottom-top)*tz
	}
	return out
}

func wrap(i int) int {
	i %= NoiseTableSize
	if i < 0 {
		i += NoiseTableSize
	}
	return i
}

// Perturb moves p in XZ by the noise, as Catlike's HexMetrics.Perturb,
// for a flat map (see Sample). Y is never perturbed.
func (n *Noise) Perturb(p vec3.T) vec3.T { return n.Perturber().Perturb(p) }

// Perturber returns Perturb bound to the built table, for hot loops that
// perturb many points: it skips the build check on every call. It is the
// perturbation of a flat map; Grid.Perturber is a map's own.
func (n *Noise) Perturber() Perturber {
	t := n.tables()
	return Perturber{table: (*[NoiseTableSize * NoiseTableSize]vec4.T)(t.table), xz: t.xz}
}

// Perturber perturbs points and samples the noise for one map: as
// Noise.Perturb and Noise.Sample on a flat map, and on a wrapping map
// with the noise made continuous across the seam (see seamBlend).
type Perturber struct {
	// table is the noise table as an array, so that an index masked into
	// it needs no bounds check.
	table *[NoiseTableSize * NoiseTableSize]vec4.T
	xz    *[NoiseTableSize * NoiseTableSize][2]float32 // channels 0 and 2
	// wrap is the map's width in world units on a wrapping map, else 0.
	wrap float32
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
	if t.wrap == 0 || x >= 1.5*InnerDiameter {
		return 1
	}
	return min(max(x*(1/InnerDiameter)-0.5, 0), 1)
}

// Sample returns the four noise channels at p for this map.
func (t Perturber) Sample(p vec3.T) vec4.T {
	s := sampleTable(t.table[:], p[0], p[2])
	if f := t.seamBlend(p[0]); f < 1 {
		e := sampleTable(t.table[:], p[0]+t.wrap, p[2])
		for c := range s {
			s[c] = e[c] + (s[c]-e[c])*f
		}
	}
	return s
}

// Perturb is Noise.Perturb for this map. It samples only the two
// channels it uses, with the same arithmetic as Sample, so results are
// bit-identical; it is the hottest call of triangulation.
func (t Perturber) Perturb(p vec3.T) vec3.T {
	p[0], p[2] = t.PerturbXZ(p[0], p[2])
	return p
}

// PerturbXZ is Perturb on the two coordinates it moves. It is the
// hottest call of triangulation, so it samples the table itself (as
// square does, through the same inlined pieces: square and sampleXZ are
// not inlined); a wrapping map's points near the seam take the second,
// blended sample through them.
func (t Perturber) PerturbXZ(x, z float32) (float32, float32) {
	ix, tx := tableTexel(x)
	iz, tz := tableTexel(z)
	i, j, k, l := squareIndices(ix, iz)
	a, b, c, d := &t.xz[i], &t.xz[j], &t.xz[k], &t.xz[l]
	s0, s2 := bilerp(a[0], b[0], c[0], d[0], tx, tz), bilerp(a[1], b[1], c[1], d[1], tx, tz)
	if t.wrap != 0 && x < 1.5*InnerDiameter {
		f := t.seamBlend(x)
		e0, e2 := t.sampleXZ(x+t.wrap, z)
		s0, s2 = e0+(s0-e0)*f, e2+(s2-e2)*f
	}
	return x + (s0*2-1)*CellPerturbStrength, z + (s2*2-1)*CellPerturbStrength
}

// sampleXZ is sampleTable's channels 0 and 2, the ones Perturb uses.
func (t Perturber) sampleXZ(x, z float32) (s0, s2 float32) {
	a, b, c, d, tx, tz := t.square(x, z)
	return bilerp(a[0], b[0], c[0], d[0], tx, tz), bilerp(a[2], b[2], c[2], d[2], tx, tz)
}

// square is the four texels sampleTable blends at x, z (a b one row, c d
// the next) and the fractions along X and Z between them.
func (t Perturber) square(x, z float32) (a, b, c, d *vec4.T, tx, tz float32) {
	ix, tx := tableTexel(x)
	iz, tz := tableTexel(z)
	i, j, k, l := squareIndices(ix, iz)
	return &t.table[i], &t.table[j], &t.table[k], &t.table[l], tx, tz
}

// tableTexel is the table texel that map coordinate x samples from, and
// the fraction past it.
func tableTexel(x float32) (int, float32) {
	return texel(float64(x)*(NoiseScale*NoiseTableSize) - 0.5)
}

// squareIndices are the table indices of texel ix, iz and of the texels
// after it in X, in Z and in both, wrapped (the table's side is a power
// of two: masking wraps negatives too). Each is masked into the table,
// so reading them needs no bounds check.
func squareIndices(ix, iz int) (a, b, c, d int) {
	const size, mask = NoiseTableSize, NoiseTableSize*NoiseTableSize - 1
	ix, iz = ix&(size-1), iz&(size-1)<<8 // row iz's first texel
	ix1, iz1 := (ix+1)&(size-1), (iz+size)&mask
	return (ix + iz) & mask, (ix1 + iz) & mask, (ix + iz1) & mask, (ix1 + iz1) & mask
}

// bilerp is sampleTable's bilinear blend of texel values a b (one row)
// and c d (the next row), tx along the rows and tz across.
func bilerp(a, b, c, d, tx, tz float32) float32 {
	top := a + (b-a)*tx
	bottom := c + (d-c)*tx
	return top + (bottom-top)*tz
}

// texel splits table coordinate u into the texel it is in (math.Floor's,
// found by truncation: map coordinates are far below 2⁶³) and the
// fraction past it. The scale
// NoiseScale·NoiseTableSize is one constant: times a power of two, it
// rounds as NoiseScale does, so the product is the two products' bit for
// bit.
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
// lookups: triangulation asks for it several times per cell.
func (t Perturber) sampleElevation(x, z float32) float32 {
	s := t.sampleChannel(x, z, 1)
	if f := t.seamBlend(x); f < 1 {
		e := t.sampleChannel(x+t.wrap, z, 1)
		s = e + (s-e)*f
	}
	return s
}

// sampleChannel is sampleTable's channel c.
func (t Perturber) sampleChannel(x, z float32, c int) float32 {
	a, b, cc, d, tx, tz := t.square(x, z)
	return bilerp(a[c], b[c], cc[c], d[c], tx, tz)
}

// SampleHash returns the hash-grid values at world point p.
func (n *Noise) SampleHash(p vec3.T) Hash {
	x := int(p[0]*HashGridScale) % HashGridSize
	if x < 0 {
		x += HashGridSize
	}
	z := int(p[2]*HashGridScale) % HashGridSize
	if z < 0 {
		z += HashGridSize
	}
	return n.tables().hash[x+z*HashGridSize]
}
