package shaders

import (
	"bytes"
	"testing"
)

// Every program assembles, starts with the prelude and has exactly one
// Fragment; unknown names fail. (Compiling needs a display: see the
// xvfb tests in render.)
func TestSources(t *testing.T) {
	for _, name := range Names() {
		src, err := Source(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(src, []byte("//kage:unit pixels")) {
			t.Errorf("%s does not start with the prelude", name)
		}
		if n := bytes.Count(src, []byte("func Fragment(")); n != 1 {
			t.Errorf("%s has %d Fragment functions", name, n)
		}
	}
	for _, name := range Layers() {
		src, err := LayerSource(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("return "+name+"Color(")) {
			t.Errorf("layer program %s does not draw its layer", name)
		}
	}
	if _, err := Source("nope"); err == nil {
		t.Error("unknown program accepted")
	}
	if _, err := LayerSource("nope"); err == nil {
		t.Error("unknown layer accepted")
	}
}
