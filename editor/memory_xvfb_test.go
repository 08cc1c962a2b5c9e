//go:build xvfb

package editor

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// liveHeap is the heap in use after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Failed imports keep nothing: after 60 of them (cut files, wrong
// checksums, not maps at all, each of a 320×320 map whose failed read
// allocates some megabytes) the live heap is about where it began. (The
// editor's memory seen from outside grows over many failed imports
// until the collector runs: that garbage is not kept.)
func TestFailedImportsKeepNothing(t *testing.T) {
	dir := t.TempDir()
	big, err := hexmap.NewGrid(320, 320, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range big.Topology().CellCount() {
		big.SetElevation(i, i%7)
	}
	var buf bytes.Buffer
	if err := saves.Write(&buf, big); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	const imports = 60
	var paths []string
	for k := range imports {
		data := bytes.Clone(good)
		switch k % 3 {
		case 0:
			data = data[:len(data)*2/3]
		case 1:
			data[len(data)-6] ^= 0xff
		default:
			data = []byte(fmt.Sprintf("not a map %d", k))
		}
		p := filepath.Join(dir, fmt.Sprintf("bad-%03d.hexmap", k))
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	// A small map to start on keeps the frames (and the test) short.
	start := filepath.Join(dir, "small.hexmap")
	small, _ := hexmap.NewGrid(20, 15, 1)
	if err := saves.SaveFile(start, small); err != nil {
		t.Fatal(err)
	}
	var before, after uint64
	failed := 0
	runEditor(t, Options{File: start, MapsDir: t.TempDir()}, newScriptInput(), func(g *game, t *checker) []step {
		steps := []step{idle(), importPath(t, paths[0]), idle()} // warm up: the dialog's first use builds caches
		steps = append(steps, do(func(*game) { before = liveHeap() }))
		for _, p := range paths {
			steps = append(steps, do(func(g *game) { g.msgs.toasts = nil }), importPath(t, p), idle(), do(func(g *game) {
				if len(g.msgs.toasts) == 1 && g.msgs.toasts[0].isErr {
					failed++
				}
			}))
		}
		return append(steps, do(func(g *game) {
			after = liveHeap()
			if failed != imports {
				t.Errorf("%d of %d imports failed with a message", failed, imports)
			}
			if after > before+24<<20 {
				t.Errorf("failed imports kept %.1f MB", float64(after-before)/(1<<20))
			}
		}))
	})
	t.Logf("live heap %.1f MB before %d failed imports, %.1f MB after", float64(before)/(1<<20), failed, float64(after)/(1<<20))
}
