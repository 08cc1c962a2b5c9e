package tools

import (
	"slices"
	"testing"

	"hexsandbox/hexmap/scenario"
)

// Painting cells into an area keeps them ascending and once each,
// creates the area with its first cell, takes cells out, and refuses a
// bad name; renaming refuses a name taken; deleting removes it; NextArea
// cycles through the areas in order.
func TestAreaEdits(t *testing.T) {
	var set scenario.Setup
	for _, c := range []int{7, 3, 9, 3} {
		if _, err := PaintArea(&set, "ford", c, true); err != nil {
			t.Fatal(err)
		}
	}
	if len(set.Areas) != 1 || !slices.Equal(set.Areas[0].Cells, []int{3, 7, 9}) {
		t.Fatalf("areas %+v, want ford [3 7 9]", set.Areas)
	}
	if changed, _ := PaintArea(&set, "ford", 3, true); changed {
		t.Error("painting a cell already in the area changed it")
	}
	if changed, _ := PaintArea(&set, "ford", 7, false); !changed || !slices.Equal(set.Areas[0].Cells, []int{3, 9}) {
		t.Errorf("taking 7 out: %v", set.Areas[0].Cells)
	}
	if changed, _ := PaintArea(&set, "none", 1, false); changed || len(set.Areas) != 1 {
		t.Error("taking a cell out of a missing area added one")
	}
	if _, err := PaintArea(&set, " ", 1, true); err == nil {
		t.Error("a blank name was taken")
	}
	if !InArea(set, "ford", 9) || InArea(set, "ford", 7) || InArea(set, "hill", 9) {
		t.Error("InArea disagrees with the cells painted")
	}
	PaintArea(&set, "hill", 1, true)
	if err := set.Check(); err != nil {
		t.Fatalf("the areas painted fail the setup's check: %v", err)
	}
	if err := RenameArea(&set, "hill", "ford"); err == nil {
		t.Error("renamed hill to ford, a name taken")
	}
	if err := RenameArea(&set, "hill", "camp"); err != nil || set.Areas[1].Name != "camp" {
		t.Errorf("rename: %v, %+v", err, set.Areas)
	}
	if NextArea(set, "ford") != "camp" || NextArea(set, "camp") != "ford" || NextArea(set, "x") != "ford" {
		t.Error("NextArea does not cycle in order")
	}
	if !DeleteArea(&set, "ford") || len(set.Areas) != 1 || set.Areas[0].Name != "camp" || DeleteArea(&set, "ford") {
		t.Errorf("delete: %+v", set.Areas)
	}
}
