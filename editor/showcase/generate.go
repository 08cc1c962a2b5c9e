package showcase

import "hexsandbox/hexmap"

// Generate builds the showcase map with the map generator.
func Generate() (*hexmap.Grid, error) {
	return hexmap.Showcase(Width, Height, Seed)
}
