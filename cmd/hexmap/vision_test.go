package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"hexsandbox/saves"
)

func runVisionCmd(t *testing.T, args ...string) [][2]int {
	t.Helper()
	code, out, errOut := runCmd(append([]string{"vision"}, args...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("vision %v: exit %d, stderr %q", args, code, errOut)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, `{"visible":[[`) {
		t.Fatalf("vision printed %q, want one line {\"visible\":[[x,z],…]}", out)
	}
	var got struct {
		Visible [][2]int `json:"visible"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("vision output %q: %v", out, err)
	}
	return got.Visible
}

// Hand-worked sight on a flat 10×5 map: the neighbours of (4, 2) (an even
// row, so the rows above and below reach one column west), a hill that
// adds its height to the range, the border rows and columns never seen,
// and the seam of a wrapping map crossed.
func TestVisionHandWorked(t *testing.T) {
	g := flatMap(t, false)
	file := saveNative(t, g)
	ring := [][2]int{{3, 1}, {4, 1}, {3, 2}, {4, 2}, {5, 2}, {3, 3}, {4, 3}}
	cases := []struct {
		args []string
		want [][2]int
	}{
		{[]string{"-range", "1", file, "4", "2"}, ring},
		{[]string{"-range", "0", file, "4", "2"}, [][2]int{{4, 2}}},
		{[]string{"-range", "1", file, "4", "0"}, [][2]int{{4, 0}, {3, 1}, {4, 1}}},
		{[]string{"-range", "1", file, "0", "2"}, [][2]int{{0, 2}, {1, 2}}},
	}
	for _, tc := range cases {
		if got := runVisionCmd(t, tc.args...); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("vision %v = %v, want %v", tc.args[:len(tc.args)-3], got, tc.want)
		}
	}
	g.SetElevation(4+2*10, 1)
	if got := runVisionCmd(t, "-range", "0", saveNative(t, g), "4", "2"); !reflect.DeepEqual(got, ring) {
		t.Errorf("from a hill of 1 with range 0: %v, want %v", got, ring)
	}
	// Range 3 (the default) on the flat map: the disk without the border
	// rows 0 and 4; row 2 from x = 1 to 7, rows 1 and 3 (shifted west)
	// from 1 to 6.
	var disk [][2]int
	for z, xs := range [][2]int{1: {1, 6}, 2: {1, 7}, 3: {1, 6}} {
		for x := xs[0]; x <= xs[1] && z > 0; x++ {
			disk = append(disk, [2]int{x, z})
		}
	}
	if got := runVisionCmd(t, file, "4", "2"); !reflect.DeepEqual(got, disk) {
		t.Errorf("range 3: %v, want %v", got, disk)
	}
	w := flatMap(t, true)
	seam := [][2]int{{0, 1}, {9, 1}, {0, 2}, {1, 2}, {9, 2}, {0, 3}, {9, 3}}
	if got := runVisionCmd(t, "-range", "1", saveNative(t, w), "0", "2"); !reflect.DeepEqual(got, seam) {
		t.Errorf("across the seam: %v, want %v", got, seam)
	}
	catlike := writeFile(t, "w.map", func(b *bytes.Buffer) error { return saves.WriteCatlike(b, w) })
	if got := runVisionCmd(t, "-range", "1", catlike, "0", "2"); !reflect.DeepEqual(got, seam) {
		t.Errorf("Catlike file across the seam: %v", got)
	}
}

// Bad input is one error line and no output, with the tool's exit
// statuses: 1 a bad command line or no such cell, 2 an unreadable file,
// 3 not a map.
func TestVisionBadInput(t *testing.T) {
	file := saveNative(t, flatMap(t, false))
	expectFailure(t, 1, "no cell (10, 0)", "vision", file, "10", "0")
	expectFailure(t, 1, "no cell (0, -1)", "vision", file, "0", "-1")
	expectFailure(t, 1, "not a whole number", "vision", file, "x", "0")
	expectFailure(t, 1, "usage", "vision", file, "0")
	expectFailure(t, 1, "usage", "vision")
	expectFailure(t, 1, "range -1", "vision", "-range", "-1", file, "0", "0")
	expectFailure(t, 1, "range 1001", "vision", "-range", "1001", file, "0", "0")
	expectFailure(t, 1, "usage", "vision", "-range", "far", file, "0", "0")
	expectFailure(t, 2, "No such file: ", "vision", file+".absent", "0", "0")
	garbage := writeFile(t, "g", func(b *bytes.Buffer) error { _, err := b.WriteString("garbage!"); return err })
	expectFailure(t, 3, "is not a map (it is neither", "vision", garbage, "0", "0")
}
