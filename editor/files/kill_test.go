//go:build !js && !wasip1

package files

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"

	"hexsandbox/hexmap"
)

// editorEnv, when set to a folder, makes the test binary stand in for a
// running editor: it autosaves into the folder, says "ready" and waits.
const editorEnv = "HEXSANDBOX_TEST_EDITOR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(editorEnv); dir != "" {
		standInEditor(dir)
	}
	os.Exit(m.Run())
}

func standInEditor(dir string) {
	d, err := OpenDir(dir)
	if err == nil {
		g := autosaveOfKilled()
		err = d.SaveRecovery(ctx, "killed", g)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("ready")
	bufio.NewReader(os.Stdin).ReadString('\n') // until killed
	os.Exit(0)
}

func autosaveOfKilled() *hexmap.Grid { return mustGrid(7) }

// mustGrid is a small map told apart by elevation, made without a test.
func mustGrid(elevation int) *hexmap.Grid {
	g, err := hexmap.NewGrid(10, 5, 42)
	if err != nil {
		panic(err)
	}
	g.SetElevation(0, elevation)
	return g
}

// An editor killed while running (no clean close) leaves its autosave,
// which the next start is offered; while it ran, it was not.
func TestKilledEditorsAutosaveOffered(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), editorEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin, _ := cmd.StdinPipe()
	defer stdin.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if line, err := bufio.NewReader(out).ReadString('\n'); err != nil || line != "ready\n" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the stand-in editor said %q, %v", line, err)
	}
	d := openDir(t, dir)
	if _, err := d.ClaimRecovery(ctx); !errors.Is(err, ErrNoRecovery) {
		t.Errorf("the autosave of a running editor was offered: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	r, err := d.ClaimRecovery(ctx)
	if err != nil || r.Name != "killed" || !r.Grid.Equal(mustGrid(7)) {
		t.Fatalf("after the kill: %+v %v", r, err)
	}
}
