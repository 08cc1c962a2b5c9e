package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/saves"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// knownMap is a 10×5 map whose statistics are counted by hand below.
func knownMap(t *testing.T, seed int64) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(10, 5, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		g.SetWaterLevel(i, 1) // 5 underwater cells
	}
	g.SetElevation(20, 3)
	g.SetElevation(30, -2)           // under the water level 0: a 6th underwater cell
	g.SetOutgoingRiver(22, hexmap.E) // 2 rivers: 22→23→24
	g.SetOutgoingRiver(23, hexmap.E)
	g.AddRoad(40, hexmap.E) // 3 road edges
	g.AddRoad(41, hexmap.E)
	g.AddRoad(35, hexmap.NE)
	g.SetWalled(10, true)
	g.SetWalled(11, true)
	g.SetUrbanLevel(12, 1)
	g.SetFarmLevel(13, 2)
	g.SetFarmLevel(14, 3)
	g.SetPlantLevel(15, 1)
	g.SetSpecialIndex(16, 2)
	g.SetTerrainType(17, hexmap.Snow)
	g.SetTerrainType(18, hexmap.Stone)
	return g
}

func knownInfo(format string, version int, seed int64) map[string]any {
	return map[string]any{
		"format": format, "version": float64(version), "width": 10.0, "height": 5.0, "wrapping": false,
		"seed": float64(seed), "cells": 50.0, "underwater": 6.0, "rivers": 2.0, "roads": 3.0,
		"walled": 2.0, "urban": 1.0, "farm": 2.0, "plant": 1.0, "special": 1.0,
		"minElevation": -2.0, "maxElevation": 3.0, "terrainTypes": []any{48.0, 0.0, 0.0, 1.0, 1.0},
		"terrainByName": map[string]any{"sand": 48.0, "grass": 0.0, "mud": 0.0, "stone": 1.0, "snow": 1.0},
		"dropped":       map[string]any{"rivers": 0.0, "roads": 0.0, "specials": 0.0}, "notes": 0.0,
		"matchSeed": 0.0, "victory": map[string]any{"rounds": 0.0}, "match": 0.0,
		"sides": []any{}, "towns": []any{}, "units": []any{},
	}
}

func writeFile(t *testing.T, name string, write func(*bytes.Buffer) error) string {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func checkInfo(t *testing.T, path string, want map[string]any) {
	t.Helper()
	code, out, errOut := runCmd("info", path)
	if code != 0 || errOut != "" {
		t.Fatalf("info %s: exit %d, stderr %q", path, code, errOut)
	}
	if strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("info printed more than one line: %q", out)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("info output %q: %v", out, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("info = %v\nwant   %v", got, want)
	}
}

func TestInfoNative(t *testing.T) {
	g := knownMap(t, 42)
	path := writeFile(t, "a.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, g) })
	checkInfo(t, path, knownInfo("hexsandbox", 9, 42))
}

// info lists the scenario: the setup, the sides with their teams, the
// towns and the units with their cells as [x,z], and the match's size.
func TestInfoScenario(t *testing.T) {
	g := knownMap(t, 42)
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(5, 4), Side: 2, Type: "archer"})
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(1, 3), Side: 1})
	g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(3, 4), Name: "Ash", Owner: 1})
	g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(7, 2), Name: "Birch"})
	want := knownInfo("hexsandbox", 9, 42)
	want["units"] = []any{
		map[string]any{"type": "archer", "side": 2.0, "cell": []any{5.0, 4.0}},
		map[string]any{"type": "spearman", "side": 1.0, "cell": []any{1.0, 3.0}},
	}
	want["towns"] = []any{
		map[string]any{"name": "Ash", "cell": []any{3.0, 4.0}, "owner": 1.0},
		map[string]any{"name": "Birch", "cell": []any{7.0, 2.0}, "owner": 0.0},
	}
	// Without a setup, the sides are those with units or towns.
	want["sides"] = []any{map[string]any{"side": 1.0, "team": 1.0}, map[string]any{"side": 2.0, "team": 2.0}}
	path := writeFile(t, "a.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, g) })
	checkInfo(t, path, want)

	if err := g.SetSetup(scenario.Setup{Seed: 7, Sides: []scenario.Side{{Side: 3, Team: 1, Controller: scenario.Normal, Colour: 2}, {Side: 1, Team: 1}},
		Victory: scenario.Victory{Rounds: 30}}); err != nil {
		t.Fatal(err)
	}
	want["sides"] = []any{map[string]any{"side": 1.0, "team": 1.0}, map[string]any{"side": 3.0, "team": 1.0, "computer": "normal", "colour": 2.0}}
	want["matchSeed"], want["victory"], want["match"] = 7.0, map[string]any{"rounds": 30.0}, 4.0
	path = writeFile(t, "b.hexmap", func(b *bytes.Buffer) error { return saves.WriteMatch(b, g, []byte("game")) })
	checkInfo(t, path, want)
}

func TestInfoCatlike(t *testing.T) {
	g := knownMap(t, 0)
	g.SetElevation(30, 0) // Catlike v5 keeps negative elevations; v0 below does not
	want := knownInfo("catlike", 5, 0)
	want["minElevation"], want["underwater"] = 0.0, 5.0
	path := writeFile(t, "a.map", func(b *bytes.Buffer) error { return saves.WriteCatlike(b, g) })
	checkInfo(t, path, want)
}

// A wrapping map with a river and a road across the seam: info says it
// wraps and counts both; the same cells in a Catlike v4 file, which cannot
// wrap, lose them, and info says how many ends were dropped.
func TestInfoWrappingAndDropped(t *testing.T) {
	g, err := hexmap.NewGridOf(hexmap.Topology{Width: 10, Height: 5, Wrapping: true}, noise.New(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(g.SetOutgoingRiver(19, hexmap.E), g.AddRoad(29, hexmap.E)); err != nil { // column 9 into column 0
		t.Fatalf("links across the seam refused: %v", err)
	}
	var v5 bytes.Buffer
	if err := saves.WriteCatlike(&v5, g); err != nil {
		t.Fatal(err)
	}
	read := func(name string, data []byte) map[string]any {
		path := writeFile(t, name, func(b *bytes.Buffer) error { _, err := b.Write(data); return err })
		code, out, errOut := runCmd("info", path)
		var got map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("info %s: exit %d, %q %q", name, code, out, errOut)
		}
		return got
	}
	got := read("wrap.map", v5.Bytes())
	noneDropped := map[string]any{"rivers": 0.0, "roads": 0.0, "specials": 0.0}
	if got["wrapping"] != true || got["rivers"] != 1.0 || got["roads"] != 1.0 || !reflect.DeepEqual(got["dropped"], noneDropped) {
		t.Errorf("wrapping map: %v", got)
	}
	data := v5.Bytes()
	v4 := append([]byte{4, 0, 0, 0}, data[4:12]...)
	got = read("flat.map", append(v4, data[13:]...))
	want := map[string]any{"rivers": 2.0, "roads": 2.0, "specials": 0.0}
	if got["wrapping"] != false || got["rivers"] != 0.0 || got["roads"] != 0.0 || !reflect.DeepEqual(got["dropped"], want) {
		t.Errorf("the same cells flat: %v", got)
	}
}

// A Catlike version 0 file: no size (20×15), 11 bytes a cell, all empty.
func TestInfoCatlikeV0(t *testing.T) {
	path := writeFile(t, "v0.map", func(b *bytes.Buffer) error {
		binary.Write(b, binary.LittleEndian, int32(0))
		_, err := b.Write(make([]byte, 300*11))
		return err
	})
	code, out, _ := runCmd("info", path)
	var got struct {
		Format       string
		Version      int
		Width        int
		Height       int
		Cells        int
		TerrainTypes []int
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("info of a v0 file: exit %d, %q", code, out)
	}
	if got.Format != "catlike" || got.Version != 0 || got.Width != 20 || got.Height != 15 || got.Cells != 300 || got.TerrainTypes[0] != 300 {
		t.Fatalf("v0 info %+v", got)
	}
}

func expectFailure(t *testing.T, wantCode int, want string, args ...string) {
	t.Helper()
	code, out, errOut := runCmd(args...)
	if code != wantCode {
		t.Errorf("%v: exit %d, want %d", args, code, wantCode)
	}
	if out != "" {
		t.Errorf("%v: stdout %q on failure", args, out)
	}
	if !strings.HasPrefix(errOut, "error: ") || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want) {
		t.Errorf("%v: stderr %q, want one line 'error: …%s…'", args, errOut, want)
	}
}

// badMaps writes into dir a file that is no map (garbage) and a map cut
// off halfway (cut).
func badMaps(t *testing.T, dir string) (garbage, cut string) {
	t.Helper()
	garbage = filepath.Join(dir, "garbage")
	os.WriteFile(garbage, []byte("this is no map"), 0o644)
	var buf bytes.Buffer
	saves.Write(&buf, knownMap(t, 1))
	cut = filepath.Join(dir, "cut")
	os.WriteFile(cut, buf.Bytes()[:buf.Len()/2], 0o644)
	return garbage, cut
}

func TestInfoBadInput(t *testing.T) {
	dir := t.TempDir()
	garbage, cut := badMaps(t, dir)
	future := filepath.Join(dir, "future")
	os.WriteFile(future, futureVersion(t), 0o644)
	expectFailure(t, 3, "is not a map (it is neither", "info", garbage)
	expectFailure(t, 4, "is damaged", "info", cut)
	expectFailure(t, 5, "format version this program cannot read", "info", future)
	expectFailure(t, 2, "No such file: ", "info", filepath.Join(dir, "absent"))
	expectFailure(t, 2, ", not a file.", "info", dir)
	expectFailure(t, 1, "usage", "info")
	expectFailure(t, 1, "usage", "info", "a", "b")
	expectFailure(t, 1, "unknown command", "frobnicate")
	// Without a command the usage follows the error line.
	if code, _, errOut := runCmd(); code != 1 || !strings.HasPrefix(errOut, "error: no command") {
		t.Errorf("no command: exit %d, stderr %q", code, errOut)
	}
}

func TestConvert(t *testing.T) {
	g := knownMap(t, 0)
	g.SetElevation(30, 0)
	in := writeFile(t, "in.map", func(b *bytes.Buffer) error { return saves.WriteCatlike(b, g) })
	out := filepath.Join(t.TempDir(), "out.hexmap")
	code, stdout, errOut := runCmd("convert", in, out)
	if code != 0 || errOut != "" || !strings.Contains(stdout, out) {
		t.Fatalf("convert: exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	want := knownInfo("hexsandbox", 9, 0)
	want["minElevation"], want["underwater"] = 0.0, 5.0
	checkInfo(t, out, want)
	got, info, err := saves.LoadFile(out)
	if err != nil || info.Format != saves.FormatHexsandbox || !got.Equal(g) {
		t.Fatalf("converted map differs: %v", err)
	}
}

// Converting a map with a scenario and a saved match keeps them in the
// product's format, and names what a Catlike file cannot keep.
func TestConvertScenario(t *testing.T) {
	g := knownMap(t, 0)
	g.AddUnit(hexmap.Unit{Location: hexmap.FromOffset(5, 4), Side: 1, Type: "archer"})
	g.PlaceTown(hexmap.Town{Location: hexmap.FromOffset(3, 4), Name: "Ash", Owner: 1})
	in := writeFile(t, "in.hexmap", func(b *bytes.Buffer) error { return saves.WriteMatch(b, g, []byte("log")) })
	dir := t.TempDir()
	out := filepath.Join(dir, "out.hexmap")
	if code, stdout, _ := runCmd("convert", in, out); code != 0 || strings.Contains(stdout, "cannot keep") {
		t.Fatalf("convert: exit %d, %q", code, stdout)
	}
	got, info, err := saves.LoadFile(out)
	if err != nil || string(info.Match) != "log" || !got.Equal(g) {
		t.Fatalf("%v, match %q", err, info.Match)
	}
	code, stdout, _ := runCmd("convert", in, filepath.Join(dir, "out.map"))
	if code != 0 || !strings.Contains(stdout, "cannot keep 1 town, unit types, the saved match\n") {
		t.Fatalf("convert to Catlike: exit %d, %q", code, stdout)
	}
}

// A failed conversion leaves an existing output untouched.
func TestConvertBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.map")
	os.WriteFile(bad, []byte{9, 0, 0, 0, 1, 2, 3}, 0o644)
	out := filepath.Join(dir, "out.hexmap")
	os.WriteFile(out, []byte("old contents"), 0o644)
	expectFailure(t, 3, "is not a map", "convert", bad, out)
	if data, _ := os.ReadFile(out); string(data) != "old contents" {
		t.Fatalf("failed convert changed the output: %q", data)
	}
	expectFailure(t, 1, "usage", "convert", bad)
	good := writeFile(t, "good.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, knownMap(t, 3)) })
	expectFailure(t, 2, "the folder does not exist", "convert", good, filepath.Join(dir, "missing", "out.hexmap"))
	// A folder where the output should go is refused and left alone.
	taken := filepath.Join(dir, "taken")
	os.Mkdir(taken, 0o755)
	expectFailure(t, 2, ", not a file.", "convert", good, taken)
	if st, err := os.Stat(taken); err != nil || !st.IsDir() {
		t.Fatalf("convert replaced a folder: %v", err)
	}
}

// futureVersion is a product-format file of version 10, checksum and all.
func futureVersion(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := saves.Write(&buf, knownMap(t, 1)); err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	content, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	content[len("HEXSANDBOX")] = 10 // the version's low byte
	body := content[:len(content)-4]
	content = binary.LittleEndian.AppendUint32(body, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(content)
	zw.Close()
	return out.Bytes()
}

// The tool must run without a display, so nothing it links may be ebiten.
func TestNoEbiten(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("go tool not found: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "hexsandbox/cmd/hexmap").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !strings.Contains(string(out), "hexsandbox/saves") {
		t.Fatalf("go list gave an implausible dependency list: %v", deps)
	}
	for _, d := range deps {
		if strings.Contains(d, "ebiten") {
			t.Errorf("hexmap depends on %s", d)
		}
	}
}
