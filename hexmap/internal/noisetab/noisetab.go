// Package noisetab holds the tables of a map's seeded noise: the
// tileable four-channel noise table that stands in for Catlike's noise
// texture, the same table's channels 0 and 2 as pairs, and the hash grid.
// Package noise builds them from a map's seed (noise.Noise); package
// hexmap/geom samples them to perturb the meshes. Built tables never
// change.
package noisetab

import (
	"math"
	"math/rand/v2"
	"sync"

	opensimplex "github.com/ojrac/opensimplex-go"
	"github.com/ungerik/go3d/vec4"
)

const (
	// Size is the side of the square noise table.
	Size = 256
	// Scale is the table's texels per world unit divided by Size: the
	// table repeats every 1/Scale world units (Catlike's noiseScale).
	Scale = 0.003
	// HashGridSize is the side of the square hash grid.
	HashGridSize = 256
)

// Hash holds the five random values of one hash-grid cell, each in [0, 0.999).
type Hash struct {
	A, B, C, D, E float32
}

// Tables are a seed's noise table, its channels 0 and 2, and its hash
// grid.
type Tables struct {
	Table *[Size * Size]vec4.T // row by row, channels in [0, 1]
	// XZ[i] is {Table[i][0], Table[i][2]}, the channels perturbation
	// reads.
	XZ   *[Size * Size][2]float32
	Hash *[HashGridSize * HashGridSize]Hash
}

// Build makes the tables of seed. The same seed gives bit-identical
// values on every platform: the table uses only float64 arithmetic and
// Go's pure-Go math, the hash grid a PCG generator.
func Build(seed int64) *Tables {
	table := buildNoiseTable(seed)
	xz := new([Size * Size][2]float32)
	for i, v := range table {
		xz[i] = [2]float32{v[0], v[2]}
	}
	return &Tables{Table: table, XZ: xz, Hash: buildHashGrid(seed)}
}

func buildNoiseTable(seed int64) *[Size * Size]vec4.T {
	const octaves = 2
	table := new([Size * Size]vec4.T)
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
			for z := w; z < Size; z += workers {
				b := 2 * math.Pi * float64(z) / Size
				cb, sb := math.Cos(b), math.Sin(b)
				for x := range Size {
					a := 2 * math.Pi * float64(x) / Size
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
					table[x+z*Size] = texel
				}
			}
		}()
	}
	wg.Wait()
	normaliseChannels(table[:])
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

func buildHashGrid(seed int64) *[HashGridSize * HashGridSize]Hash {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	next := func() float32 { return float32(rng.Uint32()>>8) / (1 << 24) * 0.999 }
	hash := new([HashGridSize * HashGridSize]Hash)
	for i := range hash {
		hash[i] = Hash{next(), next(), next(), next(), next()}
	}
	return hash
}

// Sample returns the four channels of table at world (x, z), sampled
// bilinearly at (x, z) × Scale, wrapping.
func Sample(table *[Size * Size]vec4.T, x, z float32) vec4.T {
	u := float64(x)*Scale*Size - 0.5
	v := float64(z)*Scale*Size - 0.5
	x0, z0 := math.Floor(u), math.Floor(v)
	tx, tz := float32(u-x0), float32(v-z0)
	ix, iz := wrap(int(x0)), wrap(int(z0))
	ix1, iz1 := (ix+1)%Size, (iz+1)%Size
	a := table[ix+iz*Size]
	b := table[ix1+iz*Size]
	c := table[ix+iz1*Size]
	d := table[ix1+iz1*Size]
	var out vec4.T
	for i := range 4 {
		top := a[i] + (b[i]-a[i])*tx
		bottom := c[i] + (d[i]-c[i])*tx
		out[i] = top + (bottom-top)*tz
	}
	return out
}

func wrap(i int) int {
	i %= Size
	if i < 0 {
		i += Size
	}
	return i
}
