package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
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
// temporary file next to it, renamed over path once complete. The OBJ
// is streamed chunk by chunk, so memory does not grow with the map.
func exportGrid(g *hexmap.Grid, path string) (verts, tris int, err error) {
	err = saves.WriteFileAtomic(path, func(w io.Writer) error {
		verts, tris, err = chunk.WriteOBJ(w, g, runtime.GOMAXPROCS(0))
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	return verts, tris, nil
}
