//go:build xvfb

package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// errorShown is the text of the error toast shown, or "".
func errorShown(g *game) string {
	for _, t := range g.msgs.toasts {
		if t.isErr {
			return t.text
		}
	}
	return ""
}

// skipClock moves the editor's clock d ahead at once, as a long pause of
// the user's would.
func skipClock(d time.Duration) step {
	return do(func(g *game) {
		src := g.clock.source
		g.clock.source = func() time.Time { return src().Add(d) }
	})
}

// An error stays on screen until the next action: a dropped file that is
// not a map still says so when the editor's clock has gone half a minute
// on and the mouse has moved, and a key press takes the message down. A
// refusal in the status line (Ctrl+V with nothing copied) outlives the
// key press that caused it and half a minute, and the next press takes
// it down.
func TestEditorErrorStaysUntilNextAction(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		return []step{
			wait(2),
			do(func(g *game) {
				g.msgs.toasts = nil
				in.dropped = fstest.MapFS{"bad.hexmap": {Data: []byte("not a map at all")}}
			}),
			waitFor(t, "an error about the dropped file", func(g *game) bool { return errorShown(g) != "" }),
			skipClock(30 * time.Second),
			do(func(*game) { in.x, in.y = 300, 300 }),
			wait(2),
			do(func(g *game) {
				if errorShown(g) == "" {
					t.Error("the error went away in half a minute while the mouse only moved")
				}
			}),
			func(*game) bool { in.chord(ebiten.KeyG); return true },
			wait(1),
			do(func(g *game) {
				if m := errorShown(g); m != "" {
					t.Errorf("the error %q stayed after a key press", m)
				}
			}),
			key(in, ebiten.KeyV, false),
			wait(1),
			skipClock(30 * time.Second),
			wait(2),
			do(func(g *game) {
				if g.liveNotice() == "" {
					t.Error("the refusal of Ctrl+V went away in half a minute")
				}
			}),
			func(*game) bool { in.chord(ebiten.KeyG); return true },
			wait(1),
			do(func(g *game) {
				if n := g.liveNotice(); n != "" {
					t.Errorf("the refusal %q stayed after a key press", n)
				}
			}),
		}
	})
}

// An error about a file reads as a sentence naming it, without the
// readers' words: a start on a text file says so and opens the showcase,
// and so does a dropped one.
func TestEditorFileErrorsReadAsSentences(t *testing.T) {
	dir, _ := newMapsDir(t)
	text := filepath.Join(t.TempDir(), "notes.hexmap")
	if err := os.WriteFile(text, []byte("some words, no map"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	notMap := " is not a map (it is neither a hexsandbox map nor a Catlike save)."
	runEditor(t, Options{MapsDir: dir, File: text}, in, func(g *game, t *checker) []step {
		says := func(want string) step {
			return do(func(g *game) {
				got := errorShown(g)
				if got != want {
					t.Errorf("the error shown is %q, want %q", got, want)
				}
				for _, j := range []string{"gzip", "Catlike save version", "stat ", "open ", "tmp-"} {
					if strings.Contains(got, j) {
						t.Errorf("the error %q says %q", got, j)
					}
				}
			})
		}
		return []step{
			wait(2),
			says("The file " + text + notMap),
			func(*game) bool { in.chord(ebiten.KeyG); return true },
			wait(1),
			do(func(*game) { in.dropped = fstest.MapFS{"bad.hexmap": {Data: []byte("not a map at all")}} }),
			waitFor(t, "an error about the dropped file", func(g *game) bool { return errorShown(g) != "" }),
			says("The file bad.hexmap" + notMap),
		}
	})
}
