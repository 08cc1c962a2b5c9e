//go:build xvfb

package editor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// slowStore is the maps folder behind a gate: Load and Save wait until
// the test opens the gate, as reads and writes of a hung disk would.
type slowStore struct {
	files.Store
	entered  chan struct{} // gets a value when a Load or Save reaches the gate
	release  chan struct{} // closed to let it through
	returned chan struct{} // gets a value when it has returned
}

func newSlowStore(s files.Store) *slowStore {
	st := &slowStore{Store: s}
	st.reset()
	return st
}

func (s *slowStore) reset() {
	s.entered, s.release, s.returned = make(chan struct{}, 1), make(chan struct{}), make(chan struct{}, 1)
}

func (s *slowStore) gate() {
	s.entered <- struct{}{}
	<-s.release
}

func (s *slowStore) Load(ctx context.Context, name string) (*hexmap.Grid, saves.Info, error) {
	s.gate()
	defer func() { s.returned <- struct{}{} }()
	return s.Store.Load(ctx, name)
}

func (s *slowStore) Save(ctx context.Context, name string, g *hexmap.Grid, match []byte) error {
	s.gate()
	defer func() { s.returned <- struct{}{} }()
	return s.Store.Save(ctx, name, g, match)
}

// received is a step that waits for a value on the channel ch gives
// when the step runs, a frame at a time (Update goes on meanwhile: that
// is what is tested).
func received(ch func() chan struct{}) step {
	return func(*game) bool {
		select {
		case <-ch():
			return true
		default:
			return false
		}
	}
}

// during runs check every frame until d of the editor's clock has
// passed since the step began.
func during(d time.Duration, check func()) step {
	var start time.Time
	return func(g *game) bool {
		check()
		if start.IsZero() {
			start = g.clock.Now()
		}
		return g.clock.Now().Sub(start) >= d
	}
}

func dirNames(t reporter, dir string) []string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, de := range des {
		out = append(out, de.Name())
	}
	return out
}

// Opening a map whose read hangs never stops the UI: frames go on, a
// progress dialog with Cancel appears, the map cannot be edited
// meanwhile, Escape cancels, and when the read finally comes back the
// map the user kept is still open. A save that hangs is cancelled the
// same way and leaves the file as it was.
func TestHungFileWorkKeepsUIRunning(t *testing.T) {
	dir, store := newMapsDir(t)
	other, err := hexmap.NewGrid(20, 15, 7)
	if err != nil {
		t.Fatal(err)
	}
	other.SetElevation(3, 4)
	if err := store.Save(context.Background(), "slow", other, nil); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "slow"+files.Ext)
	savedBytes, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	in := newScriptInput()
	shots := shotsDir(t)
	// Were a read done on the UI loop, the first gate would hold Update
	// for ever: the watchdog then opens it so that the test fails instead
	// of hanging.
	var slow *slowStore
	var byScript, byWatchdog atomic.Bool
	released := make(chan struct{})
	watchdog := time.AfterFunc(2*time.Minute, func() {
		if !byScript.Load() {
			byWatchdog.Store(true)
			close(released)
		}
	})
	defer watchdog.Stop()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		slow = newSlowStore(g.sess.Store)
		slow.release = released
		g.sess.Store = slow
		var before *hexmap.Grid
		return []step{
			idle(), // the start-up's look for autosaves
			do(func(g *game) {
				before = g.sess.Grid
				g.openNamed(files.Entry{Name: "slow"})
			}),
			received(func() chan struct{} { return slow.entered }),
			during(progressDelay+time.Second/30, func() {
				if byWatchdog.Load() {
					t.Fatal("Update waited for the read")
				}
			}),
			do(func(g *game) {
				if len(g.dialogs) != 1 || findButton(g, "Cancel") == nil {
					t.Errorf("no progress dialog with Cancel while the read hangs (%d dialogs)", len(g.dialogs))
				}
				if !g.busy() || g.overMap(g.mapRect().Dx()/2, g.mapRect().Dy()/2) {
					t.Error("the map can be edited while another is being opened")
				}
				if g.sess.Grid != before {
					t.Error("the map was replaced before the read finished")
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-progress.png")),
			do(func(*game) { in.chord(ebiten.KeyEscape) }),
			wait(1),
			do(func(g *game) {
				if g.work.job != nil || len(g.dialogs) != 0 || g.busy() {
					t.Errorf("Escape did not cancel: job %v, %d dialogs", g.work.job != nil, len(g.dialogs))
				}
				byScript.Store(true)
				close(slow.release) // the read comes back at last
			}),
			received(func() chan struct{} { return slow.returned }),
			wait(3),
			do(func(g *game) {
				if g.sess.Grid != before {
					t.Error("a cancelled open replaced the map when its read came back")
				}
			}),
			// The same open, let through: it replaces the map.
			do(func(g *game) { slow.reset(); g.openNamed(files.Entry{Name: "slow"}) }),
			received(func() chan struct{} { return slow.entered }),
			do(func(*game) { close(slow.release) }),
			idle(),
			do(func(g *game) {
				if !g.sess.Grid.Equal(other) || g.sess.Name != "slow" || g.sess.Modified() {
					t.Error("the open that went through did not open the map")
				}
				g.sess.Grid.SetElevation(5, 3) // an unsaved change
				slow.reset()
				g.cmdSave()
			}),
			received(func() chan struct{} { return slow.entered }),
			during(progressDelay+time.Second/30, func() {}),
			click(t, "Cancel"),
			wait(1),
			do(func(g *game) {
				if g.work.job == nil || !strings.Contains(g.work.job.text.Label, "Cancelling") {
					t.Error("a cancelled save does not wait for its write to stop")
				}
				close(slow.release)
			}),
			idle(),
			do(func(g *game) {
				if now, _ := os.ReadFile(saved); string(now) != string(savedBytes) {
					t.Error("a cancelled save changed the file")
				}
				if !g.sess.Modified() {
					t.Error("a cancelled save counts as saved")
				}
				for _, n := range dirNames(t, dir) {
					if strings.Contains(n, ".tmp-") {
						t.Errorf("a cancelled save left %s", n)
					}
				}
			}),
		}
	})
}

// failingRecovery is the maps folder with autosaves that fail while
// fail is set, as on a full disk.
type failingRecovery struct {
	files.Store
	fail atomic.Bool
}

var errFull = errors.New("no space left on device")

func (f *failingRecovery) SaveRecovery(ctx context.Context, name, suggested string, g *hexmap.Grid) error {
	if f.fail.Load() {
		return errFull
	}
	return f.Store.SaveRecovery(ctx, name, suggested, g)
}

// A failed autosave stays on screen, long after its message would have
// faded, until a save succeeds.
func TestAutosaveFailureStaysVisible(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		store := &failingRecovery{Store: g.sess.Store}
		store.fail.Store(true)
		g.sess.Store = store
		clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		g.clock.source = func() time.Time { return clock }
		autosave := []step{
			do(func(*game) { clock = clock.Add(time.Second) }),
			wait(1),
			do(func(*game) { clock = clock.Add(files.AutosaveInterval) }),
			wait(1),
			idle(),
		}
		shown := func(want bool, when string) step {
			return do(func(g *game) {
				msg := g.autosaveWarning()
				if (msg != "") != want || (want && !strings.Contains(msg, errFull.Error())) {
					t.Errorf("%s: warning %q", when, msg)
				}
			})
		}
		edit := func(i int) step {
			return do(func(g *game) {
				g.sess.Grid.SetElevation(i, int(g.sess.Grid.Cell(i).Elevation)+1)
				if !g.sess.Modified() {
					t.Fatal("the edit changed nothing")
				}
			})
		}
		steps := []step{idle(), edit(0)}
		steps = append(steps, autosave...)
		steps = append(steps,
			shown(true, "after a failed autosave"),
			do(func(*game) { clock = clock.Add(time.Minute) }), // every message has faded
			wait(2),
			shown(true, "a minute later"),
			do(func(g *game) {
				for _, ts := range g.msgs.toasts {
					if ts.isErr {
						t.Errorf("the error message %q has not faded: the test proves nothing", ts.text)
					}
				}
			}),
			captureStep(t, filepath.Join(shots, "editor-autosave-failed.png")),
			edit(1),
		)
		steps = append(steps, autosave...) // fails again
		return append(steps,
			shown(true, "after a second failed autosave"),
			do(func(g *game) { store.fail.Store(false); g.saveAs("kept", false, nil) }),
			idle(),
			shown(false, "after a save"),
			do(func(g *game) {
				if g.sess.Modified() {
					t.Error("the save did not save")
				}
			}),
		)
	})
}

// importPath types path into the Import dialog and presses Import.
func importPath(t reporter, path string) step {
	return do(func(g *game) {
		g.importDialog()
		var field *textField
		walk(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
			if f, ok := w.(*textField); ok {
				field = f
			}
		})
		if field == nil {
			t.Fatal("Import has no path field")
		}
		field.SetText(path)
		findButton(g, "Import").Click()
	})
}
