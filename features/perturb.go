package features

import (
	"math"

	"hexsandbox/hexmap"
)

// perturber is hexmap's Perturber on xyz.
type perturber struct{ hexmap.Perturber }

func newPerturber(n *hexmap.Noise) perturber { return perturber{n.Perturber()} }

func (t perturber) perturb(p xyz) xyz {
	p.x, p.z = t.PerturbXZ(p.x, p.z)
	return p
}

// perturbMemo remembers recent perturbations by the exact bits of the
// point's X and Z, the only inputs of perturb. Walls perturb most points
// two or three times (an edge's end is also the next edge's start and
// the corner's pivot), and every miss in the noise table costs more
// than a lookup here. Collisions only evict.
type perturbMemo struct {
	p       perturber
	entries [1 << perturbMemoBits]perturbEntry
}

const perturbMemoBits = 6

type perturbEntry struct {
	kx, kz uint32 // the input's bits
	x, z   float32
	used   bool
}

func (m *perturbMemo) perturb(p xyz) xyz {
	kx, kz := math.Float32bits(p.x), math.Float32bits(p.z)
	e := &m.entries[(kx*0x9e3779b1^kz*0x85ebca77)>>(32-perturbMemoBits)]
	if e.used && e.kx == kx && e.kz == kz {
		p.x, p.z = e.x, e.z
		return p
	}
	q := m.p.perturb(p)
	*e = perturbEntry{kx: kx, kz: kz, x: q.x, z: q.z, used: true}
	return q
}
