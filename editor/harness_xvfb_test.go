//go:build xvfb

package editor

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Ebitengine runs one game loop per process, on the main thread. So the
// window tests share one: TestMain runs a host game there, and each test
// hands it an editor session (a game with a script of steps) and waits
// for it on its own goroutine. Steps run on the game loop; they report
// through a checker, whose messages the test goroutine turns into test
// failures once the session ends.

func TestMain(m *testing.M) {
	if file := os.Getenv(openChildEnv); file != "" {
		os.Exit(runOpenChild(file))
	}
	ebiten.SetWindowSize(1280, 800)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowClosingHandled(true)
	keepScreen() // as runGame
	h := &host{m: m, jobs: make(chan *session), exit: make(chan int, 1)}
	theHost = h
	if err := ebiten.RunGameWithOptions(h, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		panic(err)
	}
	os.Exit(h.code)
}

// host is the one game ebiten runs: it passes each frame to the current
// session's editor, and between sessions waits for the next.
type host struct {
	m       *testing.M
	started bool
	jobs    chan *session
	exit    chan int
	code    int
	cur     *session
	// next is the session that starts once the window has its size
	// (asked for since asked); outW, outH the window's size at the last
	// Layout.
	next       *session
	asked      time.Time
	outW, outH int
	// Since the last frame the editor drew: whether a tick ran, whether
	// the script finished a step, and how many ticks ran.
	ticked, stepped bool
	ticks           int
}

// session is one editor run: how to make the editor, and where to say
// that it ended.
type session struct {
	make  func() (*game, error)
	g     *game
	ended chan error
	// w, h is the window size (1280×800 when zero).
	w, h int
	// scripted: the editor runs on a script's clock (frameDue).
	scripted bool
}

func (h *host) Update() error {
	if !h.started {
		h.started = true
		go func() { h.exit <- h.m.Run() }()
	}
	if h.cur == nil {
		select {
		case h.code = <-h.exit:
			return ebiten.Termination
		default:
		}
		if !h.start() {
			return nil
		}
	}
	h.ticked = true
	h.ticks++
	if err := h.cur.g.Update(); err != nil {
		if errors.Is(err, ebiten.Termination) {
			err = nil
		}
		h.cur.ended <- err
		h.cur = nil
	}
	return nil
}

// start takes the next session, if any, and starts it once the window
// has the session's size: an earlier session may have left it another
// size, and on a loaded machine the window takes a new size some frames
// after asking. The editor is laid out at that size before its first
// update (Ebitengine may run several updates before the next Layout). It
// reports whether a session runs.
func (h *host) start() bool {
	if h.next == nil {
		select {
		case s := <-h.jobs:
			if s.w == 0 {
				s.w, s.h = 1280, 800
			}
			ebiten.SetWindowSize(s.w, s.h)
			h.next, h.asked = s, time.Now()
		default:
			return false
		}
	}
	s := h.next
	if h.outW != s.w || h.outH != s.h {
		if time.Since(h.asked) > windowWait {
			h.next = nil
			s.ended <- fmt.Errorf("the window stayed %d×%d for %v after asking for %d×%d", h.outW, h.outH, windowWait, s.w, s.h)
		}
		return false
	}
	h.next = nil
	g, err := s.make()
	if err != nil {
		s.ended <- err
		return false
	}
	g.Layout(h.outW, h.outH)
	s.g, h.cur = g, s
	return true
}

// windowWait bounds the wait for the window to take a session's size.
const windowWait = time.Minute

func (h *host) Draw(screen *ebiten.Image) {
	if h.cur != nil && h.frameDue(h.cur) {
		h.ticked, h.stepped, h.ticks = false, false, 0
		h.cur.g.Draw(screen)
	}
}

// thinTicks is how often the editor draws while its script only waits:
// once every thinTicks ticks.
const thinTicks = 4

// frameDue reports whether session s's editor draws this frame, which
// otherwise keeps the last picture. The window tests' CPU goes mostly to
// the software renderer's frames, so on a script's clock (1/60 s a tick,
// nothing moves between ticks) the editor draws only after a tick, and
// while the script only waits (no step finished, no input this tick, no
// dialog open, the widgets unchanged) only every thinTicks-th tick, as
// on a machine whose frames take that long. ebitenui lays out and places
// its widgets' input areas when drawn, so every step starts after a
// drawn frame. A session that watches frames (a capture or a frame
// wanted, a draw delay, the thinking watch) and one on the wall clock
// get every frame, as a real window does.
func (h *host) frameDue(s *session) bool {
	g, hk := s.g, &s.g.hooks
	if !s.scripted || hk.capture != nil || hk.frameWanted || hk.drawDelay > 0 || hk.thinking != nil {
		return true
	}
	if !h.ticked {
		return false
	}
	return h.stepped || h.ticks >= thinTicks || len(g.inp.tick) > 0 ||
		len(g.dialogs) > 0 || g.win.dirty || g.doc.shotPending
}

func (h *host) Layout(w, ht int) (int, int) {
	h.outW, h.outH = w, ht
	if h.cur != nil {
		return h.cur.g.Layout(w, ht)
	}
	return w, ht
}

// theHost is the process's one game loop, set by TestMain before any test
// runs; runEditor hands it sessions.
var theHost *host

// checker collects what steps find wrong, on the game loop, for the test
// goroutine to report. Fatal and Fatalf also end the session.
type checker struct {
	mu   sync.Mutex
	msgs []string
}

type fatalStop struct{}

func (c *checker) Errorf(format string, args ...any) { c.add(fmt.Sprintf(format, args...)) }
func (c *checker) Error(args ...any)                 { c.add(fmt.Sprint(args...)) }
func (c *checker) Fatalf(format string, args ...any) {
	c.add(fmt.Sprintf(format, args...))
	panic(fatalStop{})
}
func (c *checker) Fatal(args ...any) {
	c.add(fmt.Sprint(args...))
	panic(fatalStop{})
}
func (c *checker) Helper() {}

func (c *checker) add(msg string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, msg)
}

// reporter is what steps and helpers report through: a checker on the
// game loop, a *testing.T elsewhere.
type reporter interface {
	Errorf(format string, args ...any)
	Error(args ...any)
	Fatalf(format string, args ...any)
	Fatal(args ...any)
	Helper()
}

// runEditor runs an editor with opts and the synthetic input in, drives
// it with the steps that build returns (called on the game loop, once the
// editor exists), and reports their findings as t's failures. The
// session ends after the last step, or when the editor quits.
func runEditor(t testing.TB, opts Options, in *scriptInput, build func(g *game, c *checker) []step) *game {
	// The settings file goes to a folder of the test's, never the user's.
	t.Helper()
	return runEditorSized(t, 0, 0, opts, in, build)
}

// runEditorSized is runEditor in a window of w×h.
func runEditorSized(t testing.TB, w, h int, opts Options, in Input, build func(g *game, c *checker) []step) *game {
	t.Helper()
	if opts.Config == "" {
		opts.Config = t.TempDir()
	}
	c := &checker{}
	var s *session
	s = &session{w: w, h: h, ended: make(chan error, 1), make: func() (*game, error) {
		g, err := newGame(opts, in)
		if err != nil {
			return nil, err
		}
		if _, ok := in.(*scriptInput); ok {
			// A script's ticks are 1/60 s apart on the editor's clock,
			// whatever the machine: keys held for some frames move the
			// camera as far every time, and units walk and the fog fades
			// as far.
			t0 := time.Now()
			ticks := 0
			g.clock.source = func() time.Time {
				ticks++
				return t0.Add(time.Duration(ticks) * time.Second / 60)
			}
			s.scripted = true
		}
		run := runScript(c, in, build(g, c), func() { theHost.stepped = true })
		g.hooks.script = func() bool { return run(g) }
		return g, nil
	}}
	theHost.jobs <- s
	err := <-s.ended
	for _, m := range c.msgs {
		t.Error(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s.g
}

// A session's editor is laid out at the session's window size before its
// first update, whatever size the last session left: a script's first
// step sees the window it asked for, also when ebitengine runs several
// updates in the frame the session starts in. Sessions of 1000×420 and
// 1280×800 each check it twice, in either order.
func TestSessionStartsAtItsWindowSize(t *testing.T) {
	for _, size := range [][2]int{{1000, 420}, {1280, 800}, {1000, 420}, {0, 0}} {
		w, h := size[0], size[1]
		if w == 0 {
			w, h = 1280, 800
		}
		runEditorSized(t, size[0], size[1], Options{MapsDir: t.TempDir()}, newScriptInput(), func(g *game, c *checker) []step {
			check := func(g *game) {
				if g.win.w != w || g.win.h != h {
					c.Errorf("the editor's window is %d×%d at its script's step, want %d×%d", g.win.w, g.win.h, w, h)
				}
			}
			return []step{do(check), wait(1), do(check)}
		})
	}
}
