//go:build xvfb

package editor

import (
	"fmt"
	"math"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
)

// slowFrame is how long the test makes every frame at least: a machine
// ten times slower than the editor's target.
const slowFrame = 150 * time.Millisecond

// snapshot is what the driver of TestSlowFramesLoseNoInput sees of the
// editor, copied on the game loop every frame.
type snapshot struct {
	frame    int
	at       time.Time
	x, y     int  // the cursor, as the editor has it
	down     bool // the left button, as the editor has it
	grid     bool
	dialogs  int
	field    string
	rotation float64
	painted  int // cells of the painted path that are snow
}

// slowRig connects the game loop and the driver: the snapshots, the
// driver's end, and its findings.
type slowRig struct {
	snaps chan snapshot
	done  chan struct{}
	mu    sync.Mutex
	errs  []string
}

func (r *slowRig) errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// until waits for a snapshot that satisfies ok, for at most d; it
// returns the last one seen.
func (r *slowRig) until(what string, d time.Duration, ok func(s snapshot) bool) (snapshot, bool) {
	deadline := time.After(d)
	var last snapshot
	for {
		select {
		case s := <-r.snaps:
			last = s
			if ok(s) {
				return s, true
			}
		case <-deadline:
			r.errorf("%s: not seen within %v (last: %+v)", what, d, last)
			return last, false
		}
	}
}

// xdotool runs xdotool with args: real X input, through GLFW into
// Ebitengine, as a user's.
func (r *slowRig) xdotool(args ...string) string {
	out, err := exec.Command("xdotool", args...).CombinedOutput()
	if err != nil {
		r.errorf("xdotool %s: %v %s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Every frame of the editor takes at least 150 ms (a test hook delays
// Draw), and real X input comes through GLFW, as a user's: a click whose
// press and release lie within one frame toggles a check box; a drag
// that the editor sees in three jumps of two cells paints every cell on
// its path; Ctrl+S pressed and released within one frame opens Save As;
// typed text that all arrives within one frame lands whole; eight
// Backspaces, each pressed and released within a frame, delete eight
// characters; holding Q for a second turns the camera 180°, as at full
// speed.
//
// Ebitengine reads the keyboard and mouse once a frame, with GLFW's
// sticky keys and buttons, so a press released before the read is seen
// once; the editor replays it as a press and then a release. Two presses
// of one key within a single frame cannot be told apart on the desktop
// (the browser build takes every event from the page: see its test), so
// the Backspaces come one after another, each once the editor has seen
// the last.
func TestSlowFramesLoseNoInput(t *testing.T) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatalf("xdotool is needed for real X input (apt-get install xdotool): %v", err)
	}
	dir, _ := newMapsDir(t)
	rig := &slowRig{snaps: make(chan snapshot, 4096), done: make(chan struct{})}
	var path []int
	var gridAt, pathA, pathB [2]int
	ready := make(chan struct{})
	go rig.drive(ready, &gridAt, &pathA, &pathB)
	runEditorSized(t, 1280, 800, Options{MapsDir: dir}, newInput(), func(g *game, c *checker) []step {
		g.hooks.drawDelay = slowFrame
		frame := 0
		return []step{
			// The window takes its size some frames after asking.
			func(g *game) bool { return g.win.w == 1280 && g.win.h == 800 },
			wait(2),
			do(func(g *game) {
				g.edit.settings = tools.Settings{ApplyTerrain: true, Terrain: 4}
				g.edit.panel.sync(&g.edit.settings, &g.view)
				// The panel's View section is below an 800-pixel window's
				// fold: scroll the panel to its end, as a user would.
				g.edit.panel.scroll.ScrollTop, g.edit.panel.bar.Current = 1, 1000
				g.win.dirty = true
			}),
			wait(2),
			do(func(g *game) {
				r := g.edit.panel.views[0].box.GetWidget().Rect
				gridAt = [2]int{r.Min.X + r.Dy()/2, r.Min.Y + r.Dy()/2}
				mid := centreCell(c, g)
				top := g.sess.Grid.Topology()
				a, b := mid, mid
				for range 3 {
					a, _ = top.Neighbor(a, hexmap.W)
					b, _ = top.Neighbor(b, hexmap.E)
				}
				path = tools.Path(top, a, b)
				for _, i := range path {
					if g.sess.Grid.Cell(i).TerrainType == 4 {
						c.Fatalf("test map: cell %d of the path is snow already", i)
					}
				}
				pathA[0], pathA[1] = g.cellScreen(a)
				pathB[0], pathB[1] = g.cellScreen(b)
				close(ready)
			}),
			func(g *game) bool {
				frame++
				s := snapshot{frame: frame, at: time.Now(), grid: g.view.Grid, dialogs: len(g.dialogs), rotation: g.cam.Rotation}
				s.x, s.y = g.inp.CursorPosition()
				s.down = g.inp.MousePressed(ebiten.MouseButtonLeft)
				if f := g.focusedField(); f != nil {
					s.field = f.GetText()
				}
				for _, i := range path {
					if g.sess.Grid.Cell(i).TerrainType == 4 {
						s.painted++
					}
				}
				select {
				case rig.snaps <- s:
				default:
				}
				select {
				case <-rig.done:
					return true
				default:
					return false
				}
			},
		}
	})
	for _, e := range rig.errs {
		t.Error(e)
	}
	if len(path) < 7 {
		t.Errorf("the painted path has %d cells", len(path))
	}
}

// drive is the user: it waits for the editor, then clicks, types, drags
// and holds keys through xdotool, checking each effect in the snapshots.
func (r *slowRig) drive(ready chan struct{}, gridAt, pathA, pathB *[2]int) {
	defer close(r.done)
	<-ready
	win := strings.Fields(r.xdotool("search", "--name", "Hex Sandbox"))
	if len(win) == 0 {
		r.errorf("no editor window")
		return
	}
	id := win[0]
	r.xdotool("windowfocus", "--sync", id)
	r.until("the first frames", 10*time.Second, func(s snapshot) bool { return s.frame > 2 })
	pos := func(p [2]int) []string {
		return []string{"mousemove", "--window", id, fmt.Sprint(p[0]), fmt.Sprint(p[1])}
	}

	// A click far shorter than a frame.
	r.xdotool(append(pos(*gridAt), "mousedown", "1", "sleep", "0.02", "mouseup", "1")...)
	r.until("the Grid check box ticked by a 20 ms click", 10*time.Second, func(s snapshot) bool { return s.grid })

	// A drag over seven cells in three moves, each seen in its own frame
	// (the editor reads the pointer once a frame): the cells between
	// the positions it sees are painted too.
	r.xdotool(append(pos(*pathA), "mousedown", "1")...)
	r.until("the press of the drag", 10*time.Second, func(s snapshot) bool { return s.down && s.x == pathA[0] && s.y == pathA[1] })
	for k := 1; k <= 3; k++ {
		p := [2]int{pathA[0] + (pathB[0]-pathA[0])*k/3, pathA[1] + (pathB[1]-pathA[1])*k/3}
		r.xdotool(pos(p)...)
		r.until(fmt.Sprintf("drag move %d", k), 10*time.Second, func(s snapshot) bool { return s.x == p[0] && s.y == p[1] })
	}
	r.xdotool("mouseup", "1")
	s, _ := r.until("every cell of the dragged path painted", 10*time.Second, func(s snapshot) bool { return s.painted >= 7 })
	if s.painted < 7 {
		r.errorf("the drag painted %d of the 7 cells on its path", s.painted)
	}
	r.xdotool(pos([2]int{10, 10})...) // away from the map

	// Ctrl+S within one frame opens Save As with the suggested name.
	r.xdotool("key", "--delay", "0", "ctrl+s")
	s, ok := r.until("Save As opened by Ctrl+S", 10*time.Second, func(s snapshot) bool { return s.dialogs > 0 && s.field != "" })
	if !ok {
		return
	}
	// The offered name is selected: what is typed replaces it.
	r.xdotool("type", "--delay", "5", "xyz")
	r.until("typed text", 10*time.Second, func(s snapshot) bool { return s.field == "xyz" })
	// Eight Backspaces, each pressed and released within a frame.
	for k := 1; k <= 8; k++ {
		r.xdotool("key", "BackSpace")
		want := []rune("xyz")
		want = want[:max(0, len(want)-k)]
		r.until(fmt.Sprintf("Backspace %d", k), 10*time.Second, func(s snapshot) bool { return s.field == string(want) })
	}
	r.xdotool("key", "Escape")
	s, _ = r.until("Save As closed", 10*time.Second, func(s snapshot) bool { return s.dialogs == 0 })

	// Q held for a second turns the camera 180° whatever the frame rate.
	before := s.rotation
	start := time.Now()
	r.xdotool("keydown", "q", "sleep", "1", "keyup", "q")
	held := time.Since(start) // at least the second, more on a loaded machine
	var last snapshot
	longest := slowFrame // the longest frame while the key was held
	r.until("the rotation settling", 10*time.Second, func(s snapshot) bool {
		if !last.at.IsZero() {
			longest = max(longest, s.at.Sub(last.at))
		}
		settled := s.rotation == last.rotation && s.frame > last.frame
		last = s
		return settled && s.rotation != before
	})
	turned := math.Mod(before-last.rotation+720, 360) // Q turns counterclockwise
	// The press and the release are each seen at the next frame and put
	// halfway into it: each is known to within half a frame.
	tol := 180 * longest.Seconds()
	lo, hi := 180-tol, 180*held.Seconds()+tol
	if turned < lo || turned > hi {
		r.errorf("holding Q for %v turned the camera %.1f°, want %.0f..%.0f° (180° a second; frames up to %v)", held, turned, lo, hi, longest)
	}
}
