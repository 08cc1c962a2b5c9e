//go:build xvfb && unix

package editor

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"hexsandbox/hexmap"
)

// Importing what is not a map file (a named pipe without a writer, a
// folder, a device) fails at once with one clear message and leaves the
// open map.
func TestImportSpecialFilesRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.map")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := t.TempDir()
	dir, _ := newMapsDir(t)
	runEditor(t, Options{MapsDir: dir}, newScriptInput(), func(g *game, t *checker) []step {
		var before *hexmap.Grid
		var steps []step
		for _, p := range []string{fifo, folder, "/dev/zero"} {
			steps = append(steps,
				idle(),
				do(func(g *game) { before, g.msgs.toasts = g.sess.Grid, nil }),
				importPath(t, p),
				idle(),
				do(func(g *game) {
					if g.sess.Grid != before {
						t.Errorf("importing %s replaced the map", p)
					}
					if len(g.msgs.toasts) != 1 || !strings.HasPrefix(g.msgs.toasts[0].text, "Cannot read "+p+": it is ") ||
						!strings.HasSuffix(g.msgs.toasts[0].text, ", not a file.") {
						t.Errorf("importing %s: messages %+v", p, g.msgs.toasts)
					}
				}),
			)
		}
		return steps
	})
}
