// Package showcase embeds the map the editor opens with: a file in the
// product's format made from the showcase generator, so that the start-up
// map loads like any saved map and exercises the reader. A test keeps the
// file equal to what the generator makes.
package showcase

//go:generate go test -run TestEmbeddedMapMatchesGenerator -update

import (
	_ "embed"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

//go:embed showcase.hexmap
var embedded []byte

// Size and seed of the showcase map.
const (
	Width  = 40
	Height = 30
	Seed   = 1
)

// Map returns the embedded showcase map; should the file not read (a
// format change without go generate) it builds the map in code rather
// than leave the editor without a map.
func Map() (*hexmap.Grid, error) {
	if len(embedded) > 0 {
		if g, _, err := saves.ReadBytes(embedded); err == nil {
			return g, nil
		}
	}
	return Generate()
}
