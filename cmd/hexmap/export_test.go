package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/internal/vec"
	"hexsandbox/mesh"
	"hexsandbox/palette"
	"hexsandbox/saves"

	"github.com/ungerik/go3d/vec3"
)

// exportTestGrid is a small map with slopes, a cliff, water, a river and
// a road, built through the edit methods.
func exportTestGrid(t *testing.T) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(10, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Topology().CellCount() {
		g.SetElevation(i, (i%10)/2)
		g.SetTerrainType(i, uint8(i%5))
		g.SetWaterLevel(i, 1)
	}
	for x := 9; x > 1; x-- {
		g.SetOutgoingRiver(x+50, hexmap.W)
	}
	for i := 20; i < 29; i++ {
		g.AddRoad(i, hexmap.E)
	}
	return g
}

// objStats parses an OBJ file: vertex and face counts, object names, and
// whether every face index is in range.
func objStats(t *testing.T, path string) (verts, faces int, objects []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var normals, uvs int
	var faceLines []string
	var pos, nrm []vec3.T
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "v":
			verts++
			pos = append(pos, parse3(t, fields))
		case "vn":
			normals++
			nrm = append(nrm, parse3(t, fields))
		case "vt":
			uvs++
		case "o":
			objects = append(objects, fields[1])
		case "f":
			faceLines = append(faceLines, sc.Text())
		}
	}
	if normals != verts {
		t.Fatalf("%d normals for %d vertices", normals, verts)
	}
	flipped := 0
	for _, line := range faceLines {
		refs := strings.Fields(line)[1:]
		if len(refs) != 3 {
			t.Fatalf("face %q is not a triangle", line)
		}
		var corner [3]int
		for j, r := range refs {
			for k, part := range strings.Split(r, "/") {
				if part == "" && k == 1 {
					continue
				}
				n, err := strconv.Atoi(part)
				limit := verts
				if k == 1 {
					limit = uvs
				}
				if err != nil || n < 1 || n > limit {
					t.Fatalf("face %q: bad index %q", line, part)
				}
				if k == 0 {
					corner[j] = n - 1
				}
			}
		}
		// OBJ front faces are counter-clockwise (right-handed): the
		// winding's normal must agree with the vertex normals.
		a, b, c := pos[corner[0]], pos[corner[1]], pos[corner[2]]
		if vec.Dot(vec.Cross(vec.Sub(b, a), vec.Sub(c, a)), nrm[corner[0]]) < -1e-6 {
			flipped++
		}
	}
	if flipped > 0 {
		t.Fatalf("%d of %d faces wind against their normals", flipped, len(faceLines))
	}
	return verts, len(faceLines), objects
}

func TestExportGrid(t *testing.T) {
	g := exportTestGrid(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "map.obj")
	verts, tris, err := exportGrid(g, out)
	if err != nil {
		t.Fatal(err)
	}
	v, f, objects := objStats(t, out)
	if v != verts || f != tris || v == 0 {
		t.Fatalf("OBJ has %d vertices, %d faces; the meshes %d, %d", v, f, verts, tris)
	}
	for l := range mesh.LayerCount {
		if !strings.Contains(strings.Join(objects, " "), l.Name()) {
			t.Errorf("no object %q in %v", l.Name(), objects)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("want map.obj and map.mtl, no temporary files; found %v", entries)
	}
	// Streamed with two workers or one, the OBJ is byte for byte what
	// writing a whole triangulated set gives.
	var whole bytes.Buffer
	if err := chunk.WriteSetOBJ(&whole, chunk.NewSetWorkers(g.Clone(), 1), chunk.OBJOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		var streamed bytes.Buffer
		v, f, err := chunk.WriteOBJ(&streamed, g.Clone(), workers)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(streamed.Bytes(), whole.Bytes()) || v != verts || f != tris {
			t.Fatalf("%d workers: the streamed OBJ (%d bytes, %d vertices) differs from the whole set's (%d bytes, %d vertices)", workers, streamed.Len(), v, whole.Len(), verts)
		}
	}
}

func TestExportCommand(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "map.hexmap"), filepath.Join(dir, "map.obj")
	if err := saves.SaveFile(in, exportTestGrid(t)); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"export", in, out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if v, f, _ := objStats(t, out); v == 0 || f == 0 {
		t.Fatalf("empty export: %d vertices, %d faces", v, f)
	}
	if !strings.Contains(stdout.String(), "triangles") {
		t.Fatalf("stdout %q", stdout.String())
	}
}

func TestExportErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.hexmap")
	garbage := filepath.Join(dir, "garbage.hexmap")
	os.WriteFile(garbage, []byte("not a map\n"), 0o644)
	cut := filepath.Join(dir, "cut.hexmap")
	var buf bytes.Buffer
	saves.Write(&buf, exportTestGrid(t))
	os.WriteFile(cut, buf.Bytes()[:buf.Len()/2], 0o644)
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"export"}, 1},
		{[]string{"export", missing}, 1},
		{[]string{"export", missing, filepath.Join(dir, "out.obj")}, 2},
		{[]string{"export", garbage, filepath.Join(dir, "out.obj")}, 3},
		{[]string{"export", cut, filepath.Join(dir, "out.obj")}, 4},
		{[]string{"export", "a", "b", "c"}, 1},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, &stdout, &stderr)
		msg := stderr.String()
		if code != tc.code || !strings.HasPrefix(msg, "error: ") || strings.Count(msg, "\n") != 1 {
			t.Errorf("%v: exit %d (want %d), stderr %q", tc.args, code, tc.code, msg)
		}
		// The file that failed is named once, however the error came about.
		if len(tc.args) == 3 && strings.Count(msg, tc.args[1]) != 1 {
			t.Errorf("%v: stderr names the file %d times: %q", tc.args, strings.Count(msg, tc.args[1]), msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.obj")); err == nil {
		t.Fatal("a failed export left an output file")
	}
	// An unwritable destination fails cleanly too.
	g := exportTestGrid(t)
	if _, _, err := exportGrid(g, filepath.Join(dir, "no", "such", "dir", "out.obj")); err == nil {
		t.Fatal("export into a missing directory succeeded")
	}
}

func parse3(t *testing.T, fields []string) vec3.T {
	t.Helper()
	var out vec3.T
	for k := range 3 {
		v, err := strconv.ParseFloat(fields[k+1], 32)
		if err != nil {
			t.Fatalf("bad number in %v", fields)
		}
		out[k] = float32(v)
	}
	return out
}

// A map of one terrain type exports every terrain triangle under that
// type's material and every terrain vertex in its colour; every material
// used is defined in the library written beside the OBJ, which the OBJ
// names.
func TestExportMaterialsAndColours(t *testing.T) {
	g := exportTestGrid(t)
	for i := range g.Topology().CellCount() {
		g.SetTerrainType(i, hexmap.Mud)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "mud.obj")
	if _, _, err := exportGrid(g, out); err != nil {
		t.Fatal(err)
	}
	mtl, err := os.ReadFile(filepath.Join(dir, "mud.mtl"))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, l := range strings.Split(string(mtl), "\n") {
		if name, ok := strings.CutPrefix(l, "newmtl "); ok {
			defined[name] = true
		}
	}
	obj, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	mud := palette.Terrain[hexmap.Mud]
	want := [3]float64{float64(mud.R) / 255, float64(mud.G) / 255, float64(mud.B) / 255}
	object, material := "", ""
	terrainFaces := 0
	for _, l := range strings.Split(string(obj), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0:
		case f[0] == "mtllib" && f[1] != "mud.mtl":
			t.Errorf("the OBJ names the library %q", f[1])
		case f[0] == "o":
			object = f[1]
		case f[0] == "usemtl":
			material = f[1]
			if !defined[material] {
				t.Errorf("material %q is used but not defined", material)
			}
		case f[0] == "v" && object == "terrain":
			if len(f) != 7 {
				t.Fatalf("terrain vertex without a colour: %q", l)
			}
			for k := range 3 {
				if v, _ := strconv.ParseFloat(f[4+k], 64); v < want[k]-1e-3 || v > want[k]+1e-3 {
					t.Fatalf("terrain vertex colour %q, want mud's %v", l, want)
				}
			}
		case f[0] == "f" && object == "terrain":
			terrainFaces++
			if material != "terrain_mud" {
				t.Fatalf("a terrain face under %q, want terrain_mud", material)
			}
		}
	}
	if terrainFaces == 0 || !defined["water"] || !defined["terrain_snow"] {
		t.Errorf("%d terrain faces; materials %v", terrainFaces, defined)
	}
}
