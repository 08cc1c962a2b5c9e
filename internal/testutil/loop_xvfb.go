//go:build xvfb

package testutil

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// RunInGameLoop runs m's tests inside an ebiten game loop in a small
// window and returns their exit code: reading pixels back needs the loop
// running. The tests run on their own goroutine; ebiten's image
// operations may be called from any goroutine. A package's TestMain
// calls it: os.Exit(testutil.RunInGameLoop(m)).
func RunInGameLoop(m *testing.M) int {
	ebiten.SetWindowSize(64, 64)
	ebiten.SetWindowDecorated(false)
	g := &loopGame{m: m, done: make(chan int, 1)}
	if err := ebiten.RunGameWithOptions(g, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		panic(err)
	}
	return g.code
}

type loopGame struct {
	m       *testing.M
	started bool
	done    chan int
	code    int
}

func (g *loopGame) Update() error {
	if !g.started {
		g.started = true
		go func() { g.done <- g.m.Run() }()
	}
	select {
	case g.code = <-g.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (g *loopGame) Draw(*ebiten.Image)         {}
func (g *loopGame) Layout(w, h int) (int, int) { return w, h }
