package shaders

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"hexsandbox/buildings"
)

// Every program assembles, starts with the prelude and has exactly one
// Fragment; unknown names fail. (Compiling needs a display: see the
// xvfb tests in render.)
func TestSources(t *testing.T) {
	for _, name := range names() {
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
	translucent, err := Source(Translucent)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range Layers() {
		// Defined once and called at least once.
		if !bytes.Contains(translucent, []byte("func "+name+"Color(")) || bytes.Count(translucent, []byte(name+"Color(")) < 2 {
			t.Errorf("the translucent program does not define and call %sColor", name)
		}
	}
	if _, err := Source("nope"); err == nil {
		t.Error("unknown program accepted")
	}
}

// TestFacadeConstants: the facade program's copies of the grammar's
// heights and the code steps are package buildings' values.
func TestFacadeConstants(t *testing.T) {
	src, err := files.ReadFile("facade.kage")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"facadeGround": buildings.GroundFloorHeight, "facadeFloor": buildings.FloorHeight,
		"facadeCornice": buildings.CorniceHeight, "codeRole": buildings.CodeRole,
		"codeShop": buildings.CodeShop, "codeStyle": buildings.CodeStyle, "codeDoor": buildings.CodeDoor,
	}
	for name, v := range want {
		m := regexp.MustCompile(`(?m)^const ` + name + ` = ([0-9.]+)$`).FindSubmatch(src)
		if m == nil {
			t.Errorf("facade.kage has no const %s", name)
			continue
		}
		got, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil || got != v {
			t.Errorf("facade.kage: %s = %s, buildings has %v", name, m[1], v)
		}
	}
}
