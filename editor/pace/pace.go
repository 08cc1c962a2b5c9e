// Package pace chooses how much the editor's 3D view may cost a frame:
// it follows the frame rate and lowers the view's resolution while frames
// come slower than the target, and raises it again once they are fast,
// so that input is read often even on a slow (software) renderer. It
// knows nothing about ebiten.
package pace

import "time"

// Scales are the resolutions the pacer steps through, full first.
var Scales = []float64{1, 0.85, 0.7, 0.6, 0.5, 0.4}

// Pacer follows frame times. The zero value is ready, at full
// resolution, aiming at DefaultTarget frames per second.
type Pacer struct {
	Target  float64 // frames per second to keep; 0: DefaultTarget
	level   int     // index into Scales
	last    time.Time
	avg     float64 // smoothed frame time, seconds
	changed time.Time
}

// DefaultTarget is the frame rate the pacer keeps by default.
const DefaultTarget = 30

// How quickly the pacer reacts: it lowers the resolution once frames have
// been slow for a short while, and raises it only after a longer spell of
// fast frames, so that it does not hunt between two levels.
const (
	lowerAfter = 300 * time.Millisecond
	raiseAfter = 1500 * time.Millisecond
	maxSample  = 500 * time.Millisecond // one stall (a map loading) counts as this
	smoothing  = 0.2
)

// Frame records a frame that started at now and returns the resolution
// the next frames should use.
func (p *Pacer) Frame(now time.Time) float64 {
	target := p.Target
	if target <= 0 {
		target = DefaultTarget
	}
	if p.last.IsZero() {
		p.last, p.changed, p.avg = now, now, 1/target
		return Scales[p.level]
	}
	dt := min(now.Sub(p.last), maxSample).Seconds()
	p.last = now
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
	return Scales[p.level]
}

// Slow reports whether the pacer had to lower the resolution: frames have
// been slower than the target.
func (p *Pacer) Slow() bool { return p.level > 0 }

// Reset goes back to full resolution, as for a new view.
func (p *Pacer) Reset() { *p = Pacer{Target: p.Target} }
