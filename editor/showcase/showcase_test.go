package showcase

import (
	"bytes"
	"flag"
	"fmt"
	"hexsandbox/hexmap"
	"hexsandbox/saves"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite showcase.hexmap from the generator")

// encode writes the generated showcase map in the product's format.
func encode() ([]byte, error) {
	g, err := Generate()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := saves.Write(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// TestEmbeddedMapMatchesGenerator keeps the embedded file from drifting
// away from the generator: regenerate it with `go generate`.
func TestEmbeddedMapMatchesGenerator(t *testing.T) {
	want, err := encode()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("showcase.hexmap", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(embedded, want) {
		t.Fatalf("showcase.hexmap (%d bytes) differs from the generator's map (%d bytes); run go generate ./editor/showcase", len(embedded), len(want))
	}
}

// TestMapShowsEveryFeature checks that the start-up map has something of
// each kind the editor's tools edit: every terrain type, land at several
// elevations, water, rivers, roads, walls, urban, farm and plant levels
// and each of the three specials.
func TestMapShowsEveryFeature(t *testing.T) {
	g, err := Map()
	if err != nil {
		t.Fatal(err)
	}
	if g.Topology().Width != Width || g.Topology().Height != Height {
		t.Errorf("showcase is %d×%d, want %d×%d", g.Topology().Width, g.Topology().Height, Width, Height)
	}
	have := map[string]bool{}
	elevations := map[int16]bool{}
	for _, c := range g.Cells() {
		have[fmt.Sprintf("terrain %d", c.TerrainType)] = true
		if c.IsUnderwater() {
			have["water"] = true
		} else {
			elevations[c.Elevation] = true
		}
		have["river"] = have["river"] || c.HasRiver()
		have["road"] = have["road"] || c.HasRoads()
		have["wall"] = have["wall"] || c.Walled
		have["urban"] = have["urban"] || c.UrbanLevel > 0
		have["farm"] = have["farm"] || c.FarmLevel > 0
		have["plant"] = have["plant"] || c.PlantLevel > 0
		if c.IsSpecial() {
			have[fmt.Sprintf("special %d", c.SpecialIndex)] = true
		}
	}
	want := []string{"water", "river", "road", "wall", "urban", "farm", "plant", "special 1", "special 2", "special 3"}
	for k := range hexmap.TerrainTypeCount {
		want = append(want, fmt.Sprintf("terrain %d", k))
	}
	for _, w := range want {
		if !have[w] {
			t.Errorf("the showcase has no %s", w)
		}
	}
	if len(elevations) < 4 {
		t.Errorf("land at only %d elevations", len(elevations))
	}
}
