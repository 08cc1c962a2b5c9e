//go:build xvfb

package editor

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/prefs"
	"hexsandbox/internal/testutil"
)

// BenchmarkEditorFrameRate runs the editor on the showcase map in a
// 1280×720 window and measures how many frames it draws per second of
// wall time: "still" with the camera at rest (only the water animates)
// but the user active (the window never idles), "turning" with the
// camera turning every tick (the whole scene is rebuilt every frame),
// "idle" left alone for pace.IdleAfter (then also the process's CPU per
// second of wall time, in milliseconds: 500 is half a core); at the remembered defaults (shadows, automatic
// resolution) and at full resolution ("full"), with shadows or without
// ("noshadows"). Under Xvfb the GPU is Mesa's llvmpipe, so this is the
// software renderer's frame rate:
//
//	xvfb-run -a -s "-screen 0 1280x1024x24" go test -tags xvfb -run '^$' -bench EditorFrameRate -benchtime 1x ./editor/
func BenchmarkEditorFrameRate(b *testing.B) {
	for _, q := range []struct {
		name string
		p    prefs.Prefs
	}{{"auto", prefs.Default()}, {"full", prefs.Prefs{Shadows: true, Resolution: 100}}, {"noshadows", prefs.Prefs{Resolution: 100}}} {
		for _, c := range []struct {
			name string
			turn float64 // degrees per tick
		}{{"still", 0}, {"turning", 0.5}, {"idle", 0}} {
			b.Run(q.name+"/"+c.name, func(b *testing.B) {
				for b.Loop() {
					if c.name == "idle" {
						fps, cpu := measureIdle(b, q.p)
						b.ReportMetric(fps, "fps")
						b.ReportMetric(cpu, "cpu-ms/s")
						continue
					}
					fps, cpu, redraws := measureFrames(b, q.p, c.turn)
					b.ReportMetric(fps, "fps")
					b.ReportMetric(cpu, "cpu-ms/frame")
					b.ReportMetric(redraws, "redraws/frame")
				}
			})
		}
	}
}

// measureFrames runs one editor session: 30 frames to settle, then 150
// measured frames; it returns frames per second and CPU milliseconds (all
// of the process's threads) per frame.
func measureFrames(b *testing.B, p prefs.Prefs, turn float64) (fps, cpuMs, redraws float64) {
	const settle, measured = 30, 150
	frames := 0
	var start time.Time
	var cpu0 time.Duration
	var elapsed time.Duration
	var cpu time.Duration
	var draws0, draws int
	opaqueDraws := func(g *game) int {
		if s, ok := g.scene.(*renderScene); ok && s.r != nil {
			return s.r.OpaqueDraws
		}
		return 0
	}
	dir := b.TempDir()
	runEditorSized(b, 1280, 720, Options{MapsDir: dir}, newScriptInput(), func(g *game, c *checker) []step {
		g.view.Quality = p
		// Frames per second of wall time: the water animates by the wall
		// clock too, as in a real run (the script's clock steps 1/60 s a
		// tick however long the frames take).
		g.clock.source = wallClock
		g.hooks.capture = func(*ebiten.Image) {
			frames++
			switch frames {
			case settle:
				start, cpu0, draws0 = time.Now(), testutil.CPUTime(), opaqueDraws(g)
			case settle + measured:
				elapsed, cpu, draws = time.Since(start), testutil.CPUTime()-cpu0, opaqueDraws(g)-draws0
			}
		}
		return []step{func(g *game) bool {
			// Every tick: the panel's resolution buttons, built at
			// the remembered Auto, set it back on their first update.
			g.view.Quality = p
			g.cam.Rotation += turn
			g.quality.still.Stir(g.clock.now) // an active user
			return frames >= settle+measured
		}}
	})
	return float64(measured) / elapsed.Seconds(), float64(cpu.Microseconds()) / 1000 / measured, float64(draws) / measured
}

// measureIdle runs one editor session left alone: once it is idle, it
// counts the frames drawn and the process's CPU time (all its threads,
// the software renderer's included) over 20 s of wall time, and returns
// frames per second and CPU milliseconds per second.
func measureIdle(b *testing.B, p prefs.Prefs) (fps, cpuMsPerS float64) {
	const span = 20 * time.Second
	frames := 0
	var start time.Time
	var cpu0 time.Duration
	runEditorSized(b, 1280, 720, Options{MapsDir: b.TempDir()}, newScriptInput(), func(g *game, c *checker) []step {
		g.view.Quality = p
		g.clock.source = wallClock
		g.quality.waker.enable() // as the desktop program
		g.hooks.capture = func(*ebiten.Image) { frames++ }
		return []step{
			func(g *game) bool {
				g.view.Quality = p // as in measureFrames
				if !g.quality.still.Idle(g.clock.now) {
					return false
				}
				frames, start, cpu0 = 0, time.Now(), testutil.CPUTime()
				return true
			},
			func(g *game) bool {
				d := time.Since(start)
				if d < span {
					return false
				}
				fps = float64(frames) / d.Seconds()
				cpuMsPerS = float64((testutil.CPUTime() - cpu0).Microseconds()) / 1000 / d.Seconds()
				return true
			},
		}
	})
	return fps, cpuMsPerS
}
