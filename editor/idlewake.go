package editor

import (
	"time"

	"hexsandbox/editor/pace"

	"github.com/hajimehoshi/ebiten/v2"
)

// idleWaker lets a still window sleep between its frames. Ebitengine ticks
// 60 times a second and, after each drawn frame, presents the untouched
// screen a few times more; on a software renderer each of those presents
// is a full-screen copy. Once the window is idle (pace.Stillness) the
// waker asks Ebitengine for a frame only on input or every
// pace.IdleFrame (FPSModeVsyncOffMinimum, one tick a frame), and puts the
// normal rate back as soon as the window stirs. Asleep is true exactly
// while that minimum mode is set and the ticker runs.
//
// The desktop program and the browser's page enable it (in the page
// requestAnimationFrame keeps coming, and Ebitengine's minimum mode
// skips its frames); the window tests run on a script's clock.
type idleWaker struct {
	asleep  bool
	stop    chan struct{}    // closed to end the ticker; nil while awake
	done    chan struct{}    // closed by the ticker when it has ended
	setMode func(sleep bool) // nil: the waker is off
	wake    func()
}

// enable turns the waker on with Ebitengine's frame-rate controls.
func (w *idleWaker) enable() {
	w.setMode, w.wake = setSleepMode, ebiten.ScheduleFrame
}

// setSleepMode switches Ebitengine between frames on demand, each with
// one tick, and the normal 60 ticks a second with vsync.
func setSleepMode(sleep bool) {
	if sleep {
		ebiten.SetTPS(ebiten.SyncWithFPS)
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
		return
	}
	ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	ebiten.SetTPS(ebiten.DefaultTPS)
}

// follow puts the window to sleep when it has become idle and wakes it
// when it no longer is.
func (w *idleWaker) follow(idle bool) {
	if w.setMode == nil || idle == w.asleep {
		return
	}
	w.asleep = idle
	w.setMode(idle)
	if !idle {
		close(w.stop)
		<-w.done
		w.stop, w.done = nil, nil
		return
	}
	w.stop, w.done = make(chan struct{}), make(chan struct{})
	go askForFrames(w.stop, w.done, w.wake, pace.IdleFrame)
}

// askForFrames calls wake every period until stop is closed, then closes
// done.
func askForFrames(stop <-chan struct{}, done chan<- struct{}, wake func(), period time.Duration) {
	defer close(done)
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			wake()
		}
	}
}
