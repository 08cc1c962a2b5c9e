package editor

import (
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	engine "hexsandbox/game"
)

// roundChart is the end screen's charts: per side, over the rounds, the
// towns it held and the units it built, lost and destroyed (package
// game's Stats of the match), one small chart a measure, a line a side
// in its colour.
type roundChart struct {
	stats []engine.RoundStats
	paint sidePaint       // the sides' colours
	at    image.Rectangle // where the charts were last drawn
}

// chartMeasures are the measures charted, in order.
var chartMeasures = []struct {
	title string
	of    func(engine.SideTally) int
}{
	{"Towns held", func(t engine.SideTally) int { return t.Towns }},
	{"Units built", func(t engine.SideTally) int { return t.Built }},
	{"Units lost", func(t engine.SideTally) int { return t.Lost }},
	{"Units destroyed", func(t engine.SideTally) int { return t.Destroyed }},
}

// Sizes of one chart, in logical pixels.
const (
	chartW, chartH, chartGap = 190, 120, 12
	chartPad                 = 8
)

// newRoundChart charts match m's stats, or is nil when they cannot be
// had (a log the rules refuse: cannot happen for a match played).
func newRoundChart(m *engine.Match) *roundChart {
	st, err := engine.Stats(m.Grid(), m.Scenario(), m.Log())
	if err != nil || len(st) == 0 {
		return nil
	}
	return &roundChart{stats: st, paint: matchPaint(m)}
}

// series is measure k of the side at index j, round by round.
func (c *roundChart) series(k, j int) []int {
	out := make([]int, len(c.stats))
	for r, rs := range c.stats {
		out[r] = chartMeasures[k].of(rs.Sides[j])
	}
	return out
}

// peak is the largest value of measure k (at least 1).
func (c *roundChart) peak(k int) int {
	top := 1
	for _, rs := range c.stats {
		for _, t := range rs.Sides {
			top = max(top, chartMeasures[k].of(t))
		}
	}
	return top
}

// size is the charts' size in pixels.
func (c *roundChart) size(s *style) (w, h int) {
	n := len(chartMeasures)
	return n*s.px(chartW) + (n-1)*s.px(chartGap), s.px(chartH)
}

// draw draws the charts with their top left at (x, y).
func (c *roundChart) draw(screen *ebiten.Image, x, y int, s *style) {
	w, h := c.size(s)
	c.at = image.Rect(x, y, x+w, y+h)
	for k := range chartMeasures {
		r := image.Rect(x, y, x+s.px(chartW), y+h)
		c.drawOne(screen, k, r, s)
		x += s.px(chartW + chartGap)
	}
}

// drawOne draws the chart of measure k in r: its title and peak, then a
// line a side from the start (round 0, left) to the last round (right),
// which the labels under it name.
func (c *roundChart) drawOne(screen *ebiten.Image, k int, r image.Rectangle, s *style) {
	vector.DrawFilledRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), colPanel, false)
	vector.StrokeRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), float32(s.px(1)), colBorder, false)
	pad := float64(s.px(chartPad))
	top := c.peak(k)
	label := func(str string, x, y float64) {
		op := &text.DrawOptions{}
		op.GeoM.Translate(x, y)
		op.ColorScale.ScaleWithColor(colDim)
		text.Draw(screen, str, s.small, op)
	}
	label(chartMeasures[k].title, float64(r.Min.X)+pad, float64(r.Min.Y)+pad/2)
	_, th := text.Measure("0", s.small, 0)
	peak := fmt.Sprint(top)
	pw, _ := text.Measure(peak, s.small, 0)
	label(peak, float64(r.Max.X)-pad-pw, float64(r.Min.Y)+pad/2)
	plot := image.Rect(r.Min.X+int(pad), r.Min.Y+int(pad+th+pad/2), r.Max.X-int(pad), r.Max.Y-int(pad+th))
	rounds := len(c.stats) - 1
	last := fmt.Sprintf("round %d", rounds)
	lw0, _ := text.Measure(last, s.small, 0)
	label("start", float64(plot.Min.X), float64(r.Max.Y)-pad/2-th)
	label(last, float64(plot.Max.X)-lw0, float64(r.Max.Y)-pad/2-th)
	lw := float32(s.px(2))
	for j, sd := range c.stats[0].Sides {
		vals := c.series(k, j)
		line := c.paint.text(sd.Side)
		lift := float32(j) * lw // equal values stay apart
		px, py := c.point(plot, 0, vals[0], rounds, top)
		py -= lift
		for rd := 1; rd < len(vals); rd++ {
			x, y := c.point(plot, rd, vals[rd], rounds, top)
			y -= lift
			vector.StrokeLine(screen, px, py, x, y, lw, line, true)
			px, py = x, y
		}
		if rounds == 0 {
			vector.StrokeLine(screen, float32(plot.Min.X), py, float32(plot.Max.X), py, lw, line, true)
		}
	}
}

// point is where value v of round rd is drawn in plot, for rounds rounds
// and values up to top.
func (c *roundChart) point(plot image.Rectangle, rd, v, rounds, top int) (x, y float32) {
	x = float32(plot.Min.X)
	if rounds > 0 {
		x += float32(plot.Dx()) * float32(rd) / float32(rounds)
	}
	return x, float32(plot.Max.Y) - float32(plot.Dy())*float32(v)/float32(top)
}
