package showcase

import (
	"bytes"
	"flag"
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
// each kind to edit.
func TestMapShowsEveryFeature(t *testing.T) {
	g, err := Map()
	if err != nil {
		t.Fatal(err)
	}
	if g.Width() != Width || g.Height() != Height {
		t.Errorf("showcase is %d×%d, want %d×%d", g.Width(), g.Height(), Width, Height)
	}
	var rivers, roads, walls, water int
	for _, c := range g.Cells() {
		if c.HasRiver() {
			rivers++
		}
		if c.HasRoads() {
			roads++
		}
		if c.Walled {
			walls++
		}
		if c.IsUnderwater() {
			water++
		}
	}
	if rivers == 0 || roads == 0 || walls == 0 || water == 0 {
		t.Errorf("showcase lacks features: rivers %d roads %d walls %d water %d", rivers, roads, walls, water)
	}
}
