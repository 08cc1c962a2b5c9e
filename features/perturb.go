package features

import "hexsandbox/hexmap"

// perturber is the map's hexmap.Perturber on xyz.
type perturber struct{ hexmap.Perturber }

func (t perturber) perturb(p xyz) xyz {
	p.x, p.z = t.PerturbXZ(p.x, p.z)
	return p
}
