//go:build browser && !js

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// waitStatus polls the editor until ok accepts its status.
func waitStatus(t *testing.T, ctx context.Context, what string, ok func(status) bool) status {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := gameStatus(t, ctx)
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %+v", what, st)
		}
	}
}

// checkGenerate opens the New map dialog with Ctrl+N, waits for its
// preview, clicks Generate, and checks that Ctrl+Z brings the previous
// map back and Ctrl+Y the generated one.
func checkGenerate(t *testing.T, ctx context.Context) {
	if gameStatus(t, ctx).Dialogs > 0 { // the recovery question of the test before
		press(t, ctx, key{"Escape", "Escape", 27})
		waitStatus(t, ctx, "Escape left a dialog open", func(s status) bool { return s.Dialogs == 0 })
	}
	before := mapBytes(t, ctx)
	press(t, ctx, key{"KeyN", "n", 78}, ctrlKey)
	st := waitStatus(t, ctx, "no preview in the New map dialog", func(s status) bool { return s.Dialogs == 1 && s.Preview })
	keepShot(t, ctx, "browser-newmap")
	at, ok := st.Buttons["Generate"]
	if !ok {
		t.Fatalf("no Generate button among %v", st.Buttons)
	}
	x, y := float64(at[0]), float64(at[1]) // the page runs at device pixel ratio 1
	mouse(t, ctx, chromedp.MouseMoved, x, y)
	mouse(t, ctx, chromedp.MousePressed, x, y)
	gameStatus(t, ctx)
	mouse(t, ctx, chromedp.MouseReleased, x, y)
	st = waitStatus(t, ctx, "Generate did not replace the map", func(s status) bool { return s.Dialogs == 0 && s.Modified })
	generated := mapBytes(t, ctx)
	if string(generated) == string(before) || st.Name != "" {
		t.Fatalf("after Generate: the same map, or named %q", st.Name)
	}
	keepShot(t, ctx, "browser-generated")
	press(t, ctx, key{"KeyZ", "z", 90}, ctrlKey)
	waitMap(t, ctx, before, "Ctrl+Z did not bring the previous map back")
	press(t, ctx, key{"KeyY", "y", 89}, ctrlKey)
	waitMap(t, ctx, generated, "Ctrl+Y did not bring the generated map back")
}

var ctrlKey = key{"ControlLeft", "Control", 17}
