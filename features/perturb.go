package features

import (
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
)

// perturber is the map's geom.Perturber on vec.XYZ.
type perturber struct{ geom.Perturber }

func (t perturber) perturb(p vec.XYZ) vec.XYZ {
	p.X, p.Z = t.PerturbXZ(p.X, p.Z)
	return p
}
