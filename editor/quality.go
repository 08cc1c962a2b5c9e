package editor

import (
	"time"

	"hexsandbox/editor/pace"
	"hexsandbox/editor/prefs"
	"hexsandbox/render"
)

// quality is what the 3D view may cost: the user's choices (shadows, a
// fixed or automatic resolution), remembered between runs, and with
// automatic resolution the pacer's, which lowers the resolution while the
// frame rate is below target and then also redraws the animated water
// less often.
type quality struct {
	store prefs.Store
	pacer pace.Pacer
	still pace.Stillness // throttles the frames of a still window
	waker idleWaker      // lets a still desktop window sleep between them
	last  render.Quality
	set   bool // last has been applied once
}

// While frames are slow: how often the animated water is redrawn, and
// the shadow map's size.
const (
	waterInterval  = time.Second / 15
	slowShadowSize = 1024
)

// loadQuality reads the remembered choices into view; a bad record is
// reported and replaced by the defaults.
func (g *game) loadQuality(store prefs.Store) {
	g.view.Quality = prefs.Default()
	if store == nil {
		g.errorf("no folder for settings: they are not remembered")
		return
	}
	g.quality.store = store
	p, err := store.Load()
	if err != nil {
		g.fail(err)
	}
	g.view.Quality = p
}

// qualityChanged applies and remembers the panel's choices.
func (g *game) qualityChanged() {
	g.quality.pacer.Reset()
	if g.quality.store == nil {
		return
	}
	if err := g.quality.store.Save(g.view.Quality); err != nil {
		g.errorf("saving the settings: %v", err)
	}
}

// frame runs at the start of every Draw, which began at now by the wall
// clock: it feeds the pacer and hands the scene the quality for this
// frame, by the user's choices p. An idle window (pace.Stillness) draws
// seldom already, so each of its frames redraws the water, straight onto
// the screen: no frame of the water's own to copy.
func (q *quality) frame(sc scene, p prefs.Prefs, now time.Time, idle bool) {
	rq := render.Quality{Shadows: p.Shadows, Scale: float64(p.Resolution) / 100}
	if p.Resolution == prefs.Auto {
		rq.Scale = q.pacer.Frame(now, sc.Redrew())
		if rq.Scale < 1 { // a changing view on a slow machine
			// A smaller shadow map, kept while it serves, and a depth of
			// 16 bits (one pass over the scene fewer): all exact again
			// once the view is still (full resolution).
			rq.ShadowSize, rq.HoldShadows, rq.CoarseDepth = slowShadowSize, true, true
		}
		if q.pacer.Behind() && !idle {
			rq.WaterInterval = waterInterval.Seconds()
		}
	}
	if rq != q.last || !q.set {
		q.last, q.set = rq, true
		sc.SetQuality(rq)
	}
}
