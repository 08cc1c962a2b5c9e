package main

import (
	"errors"
	"fmt"
	"io"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/mesh"
	"hexsandbox/saves"
)

// runExport is `hexmap export FILE OUT.obj`: it triangulates the map in
// FILE and writes it as Wavefront OBJ, one object per mesh layer.
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
	fmt.Fprintf(stdout, "%s: %d×%d cells, %d vertices, %d triangles\n", args[1], g.Width(), g.Height(), verts, tris)
	return nil
}

// exportGrid triangulates g and writes it to path atomically: into a
// temporary file next to it, renamed over path once complete.
func exportGrid(g *hexmap.Grid, path string) (verts, tris int, err error) {
	set := chunk.NewSet(g)
	for ch := range set.Chunks {
		for l := range mesh.LayerCount {
			verts += set.Chunks[ch].Layers[l].VertexCount()
			tris += set.Chunks[ch].Layers[l].TriangleCount()
		}
	}
	err = saves.WriteFileAtomic(path, func(w io.Writer) error { return chunk.WriteOBJ(w, set) })
	if err != nil {
		return 0, 0, err
	}
	return verts, tris, nil
}
