package features

import (
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
)

// perturber is the map's hexmap.Perturber on vec.XYZ.
type perturber struct{ hexmap.Perturber }

func (t perturber) perturb(p vec.XYZ) vec.XYZ {
	p.X, p.Z = t.PerturbXZ(p.X, p.Z)
	return p
}
