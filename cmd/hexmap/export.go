package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/palette"
	"hexsandbox/saves"
)

// runExport is `hexmap export FILE OUT.obj`: it triangulates the map in
// FILE and writes it as Wavefront OBJ, one object per mesh layer, with a
// material library OUT.mtl beside it (a material per terrain type and per
// layer) and the terrain's vertices coloured by their terrain, so that
// the terrain types survive into Blender and other tools.
func runExport(args []string, stdout io.Writer) error {
	if len(args) != 2 {
		return errors.New("usage: hexmap export FILE OUT.obj")
	}
	g, _, err := saves.LoadFile(args[0])
	if err != nil {
		return err // it names the file already
	}
	verts, tris, err := exportGrid(g, args[1])
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d×%d cells, %d vertices, %d triangles; materials in %s\n", args[1], g.Topology().Width, g.Topology().Height, verts, tris, mtlPath(args[1]))
	return nil
}

// mtlPath is the material library written beside an OBJ: its name with
// the extension .mtl.
func mtlPath(obj string) string { return strings.TrimSuffix(obj, filepath.Ext(obj)) + ".mtl" }

// terrainColors are the terrain types' colours in exports: the
// palette's, as RGB 0..1.
func terrainColors() *[hexmap.TerrainTypeCount][3]float32 {
	var c [hexmap.TerrainTypeCount][3]float32
	for t, col := range palette.Terrain {
		c[t] = palette.FromNRGBA(col).RGB()
	}
	return &c
}

// exportGrid triangulates g and writes it to path, with its material
// library beside it, each atomically: into a temporary file next to it,
// renamed over it once complete. The OBJ is streamed chunk by chunk, so
// memory does not grow with the map.
func exportGrid(g *hexmap.Grid, path string) (verts, tris int, err error) {
	colors := terrainColors()
	mtl := mtlPath(path)
	opts := chunk.OBJOptions{MTL: filepath.Base(mtl), TerrainColors: colors}
	// The OBJ first: a path it refuses (a device, a pipe) gets no library
	// beside it either.
	err = saves.WriteFileAtomic(path, func(w io.Writer) error {
		verts, tris, err = chunk.WriteOBJWith(w, g, runtime.GOMAXPROCS(0), opts)
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	if err := saves.WriteFileAtomic(mtl, func(w io.Writer) error { return chunk.WriteMTL(w, colors) }); err != nil {
		return 0, 0, err
	}
	return verts, tris, nil
}
