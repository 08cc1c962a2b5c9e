// Package pace chooses how much the editor's 3D view may cost a frame:
// while the view changes (the camera moves, the map is edited) and the
// frames that redraw it come slower than the target, it lowers the view's
// resolution, and raises it again once they are fast; once the view has
// been still for a moment it goes back to full resolution, since a still
// view is drawn from a cache. So input is read often even on a slow
// (software) renderer, and what the user looks at is sharp. It knows
// nothing about ebiten.
package pace

import "time"

// Scales are the resolutions the pacer steps through, full first. The
// lowest two are for a software renderer (llvmpipe), where a moving
// view's frame is mostly fragments: at 0.25 a turning frame costs about
// half what it does at 0.4 (BENCHMARKS.md, issue 34).
var Scales = []float64{1, 0.85, 0.7, 0.6, 0.5, 0.4, 0.3, 0.25}

// Pacer follows frame times. The zero value is ready, at full
// resolution, aiming at DefaultTarget frames per second.
type Pacer struct {
	Target  float64 // frames per second to keep; 0: DefaultTarget
	level   int     // index into Scales, in use now
	moving  int     // the level for a changing view
	last    time.Time
	avg     float64 // smoothed time of frames that redrew the view, seconds
	changed time.Time
	busy    time.Time // the last frame that redrew the view
	// own: the last frame changed the resolution, so the next one redraws
	// the view for that alone.
	own    bool
	all    float64 // smoothed time of all frames, seconds
	behind bool    // frames came slower than the target (Behind)
}

// DefaultTarget is the frame rate the pacer keeps by default.
const DefaultTarget = 30

// How quickly the pacer reacts: it lowers the resolution once frames have
// been slow for a short while, and raises it only after a longer spell of
// fast frames, so that it does not hunt between two levels.
const (
	lowerAfter = 300 * time.Millisecond
	raiseAfter = 1500 * time.Millisecond
	stillAfter = 400 * time.Millisecond // no redraw for this long: a still view
	maxSample  = 500 * time.Millisecond // one stall (a map loading) counts as this
	smoothing  = 0.2
)

// Frame records a frame that started at now, after one that redrew the
// 3D view (busy) or drew it from the cache, and returns the resolution
// the next frames should use.
func (p *Pacer) Frame(now time.Time, busy bool) float64 {
	target := p.Target
	if target <= 0 {
		target = DefaultTarget
	}
	if p.last.IsZero() {
		p.last, p.changed, p.avg, p.all = now, now, 1/target, 1/target
		return Scales[p.level]
	}
	dt := min(now.Sub(p.last), maxSample).Seconds()
	p.last = now
	p.all += smoothing * (dt - p.all)
	switch {
	case p.all > 1.1/target:
		p.behind = true
	case p.all < 1/(1.5*target):
		p.behind = false
	}
	if p.own {
		p.own, busy = false, false // that redraw was the pacer's
	}
	if !busy {
		if p.level > 0 && now.Sub(p.busy) >= stillAfter {
			p.level, p.own = 0, true // still: one sharp redraw, then the cache
		}
		return Scales[p.level]
	}
	if p.level != p.moving {
		// Moving again after a still spell: back to the moving level at
		// once, without learning it anew.
		p.level, p.changed, p.avg, p.own = p.moving, now, 1/target, true
		return Scales[p.level]
	}
	p.busy = now
	p.avg += smoothing * (dt - p.avg)
	since := now.Sub(p.changed)
	switch {
	case p.avg > 1.1/target && since >= lowerAfter && p.level < len(Scales)-1:
		p.level++
		p.changed, p.avg = now, 1/target // judge the new level afresh
	case p.avg < 1/(1.5*target) && since >= raiseAfter && p.level > 0:
		p.level--
		p.changed, p.avg = now, 1/target
	}
	// (While moving, a new level's redraw is one of the moving view's:
	// own stays false.)
	p.moving = p.level
	return Scales[p.level]
}

// Behind reports whether frames, whether they redraw the view or not, came
// slower than the target and have not since come clearly faster (half as
// fast again as the target): then the animated water may be redrawn less
// often. The margin keeps a machine that reaches the target only by
// drawing the water less often from going back to drawing it every frame
// and falling behind again, frame rate and water hunting.
func (p *Pacer) Behind() bool { return p.behind }

// Pause tells the pacer that frames stopped coming for a while on
// purpose (a still window draws seldom): the next Frame times afresh,
// the gap no slow frame.
func (p *Pacer) Pause() { p.last = time.Time{} }

// Reset goes back to full resolution, as for a new view.
func (p *Pacer) Reset() { *p = Pacer{Target: p.Target} }
