//go:build !js && !wasip1

package saves

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hexsandbox/hexmap"
)

// saveLoopEnv, when set to a path, makes the test binary a child that
// saves killMaps to it for ever instead of running the tests.
const saveLoopEnv = "HEXSANDBOX_SAVE_LOOP"

func TestMain(m *testing.M) {
	if path := os.Getenv(saveLoopEnv); path != "" {
		saveLoop(path)
	}
	os.Exit(m.Run())
}

// killMaps are the two maps the child alternates between: large enough
// that a save takes a while, different in every cell.
func killMaps() [2]*hexmap.Grid {
	var maps [2]*hexmap.Grid
	for k := range maps {
		g, err := hexmap.NewGridOf(hexmap.Topology{Width: 160, Height: 120}, sharedNoise(int64(k)))
		if err != nil {
			panic(err)
		}
		for i := range g.Topology().CellCount() {
			g.SetTerrainType(i, uint8((i*7+k)%5))
			g.SetElevation(i, (i*13+k*3)%7)
		}
		maps[k] = g
	}
	return maps
}

// saveLoop announces each save on stdout ("start"), then makes it.
func saveLoop(path string) {
	maps := killMaps()
	for k := 0; ; k++ {
		fmt.Println("start")
		if err := SaveFile(path, maps[k%2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
}

// A save killed at any moment leaves the file whole: the old map or the
// new, never a mix or a cut. The temporary files the kills leave are
// removed by a later save once they are old.
func TestKillDuringSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.hexmap")
	maps := killMaps()
	if err := SaveFile(path, maps[1]); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	const kills = 25
	seen := [2]int{}
	for range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), saveLoopEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill during the n-th save, some way into it.
		lines := bufio.NewScanner(out)
		for n := 1 + rng.IntN(3); n > 0 && lines.Scan(); n-- {
		}
		for spin := rng.IntN(3_000_000); spin > 0; spin-- {
		}
		cmd.Process.Kill()
		cmd.Wait()
		g, _, err := LoadFileWith(path, sharedNoise)
		if err != nil {
			t.Fatalf("after a kill the map does not load: %v", err)
		}
		switch {
		case g.Equal(maps[0]):
			seen[0]++
		case g.Equal(maps[1]):
			seen[1]++
		default:
			t.Fatal("after a kill the file holds neither map")
		}
	}
	t.Logf("after %d kills: old/new map %v", kills, seen)
	var temps []string
	for _, n := range dirEntries(t, dir) {
		if strings.HasPrefix(n, ".map.hexmap.tmp-") {
			temps = append(temps, n)
			touch(t, filepath.Join(dir, n), 2*StaleTempAge) // as if long ago
		}
	}
	t.Logf("%d temporary files left by the kills", len(temps))
	if err := SaveFile(path, maps[0]); err != nil {
		t.Fatal(err)
	}
	if names := dirEntries(t, dir); len(names) != 1 {
		t.Fatalf("after the next save the folder still holds %v", names)
	}
}
