package showcase

import (
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
)

// Generate builds the showcase map with the map generator.
func Generate() (*hexmap.Grid, error) {
	return mapgen.Showcase(Width, Height, Seed)
}
