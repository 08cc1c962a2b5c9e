package editor

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"github.com/ungerik/go3d/vec3"

	engine "hexsandbox/game"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// battleTime is how long an attack is shown, in seconds.
const battleTime = 0.9

// battleShow is one attack shown: a melee attacker lunges at its target
// and back, a ranged one's shot flies to it in an arc; the damage rises
// in numbers over both, and a destroyed unit sinks away (its figure kept
// here: the match has removed it). The camera is left alone.
type battleShow struct {
	attacker, target int
	from, to         vec3.T // where the two stand
	ranged           bool
	damage           [2]int
	gone             []project.Figure // the destroyed units' figures
	t                float64          // seconds shown
}

// startBattle shows attack e (the attacked event) and the units it
// destroyed (the destroyed events after it), as they stood.
func (s *playSession) startBattle(e engine.Event, destroyed []int, before []project.Figure, ids []int) {
	b := &battleShow{attacker: e.Unit, target: e.Target, damage: [2]int{e.Damage[0], e.Damage[1]}}
	for k, id := range ids {
		switch id {
		case e.Unit:
			b.from = before[k].Pos
		case e.Target:
			b.to = before[k].Pos
		}
		for _, d := range destroyed {
			if d == id {
				b.gone = append(b.gone, before[k])
			}
		}
	}
	b.ranged = e.Damage[1] == 0 && s.rangedUnit(e.Unit)
	s.battle = b
}

// rangedUnit reports whether unit id (on the map or just removed) shoots.
func (s *playSession) rangedUnit(id int) bool {
	if u, ok := s.match.Unit(id); ok {
		return s.match.Rules().Types[u.Type].Ranged > 0
	}
	return false
}

// lunge is how far along the way to its target a melee attacker stands
// at time t of the show: out and back.
func (b *battleShow) lunge() float32 {
	if b.ranged {
		return 0
	}
	return float32(0.45 * math.Sin(math.Pi*min(1, b.t/battleTime)))
}

// offset moves figure pose p of unit id as the show has it.
func (b *battleShow) offset(id int, p vec3.T) vec3.T {
	if id != b.attacker {
		return p
	}
	f := b.lunge()
	return vec3.T{p[0] + (b.to[0]-b.from[0])*f, p[1] + (b.to[1]-b.from[1])*f, p[2] + (b.to[2]-b.from[2])*f}
}

// ghosts are the destroyed units' figures, sinking.
func (b *battleShow) ghosts(dst []project.Figure) []project.Figure {
	sink := float32(max(0, b.t-battleTime/2) * 12)
	for _, f := range b.gone {
		f.Pos[1] -= sink
		dst = append(dst, f)
	}
	return dst
}

// draw draws the shot in flight and the damage numbers rising.
func (b *battleShow) draw(screen *ebiten.Image, v *project.View, pt *painter) {
	f := float32(min(1, b.t/(battleTime/2)))
	if b.ranged && f < 1 {
		p := vec3.T{b.from[0] + (b.to[0]-b.from[0])*f, b.from[1] + (b.to[1]-b.from[1])*f + 12*f*(1-f) + 4, b.from[2] + (b.to[2]-b.from[2])*f}
		if x, y, ok := project2D(v, p); ok {
			vector.DrawFilledCircle(screen, x, y, float32(pt.win.style.px(4)), colAccent, true)
		}
	}
	if b.t < battleTime/3 {
		return
	}
	rise := float32(b.t * 6)
	for k, at := range []vec3.T{b.to, b.from} {
		if b.damage[k] > 0 {
			pt.pointText(screen, v, vec3.T{at[0], at[1] + 10 + rise, at[2]}, "-"+strconv.Itoa(b.damage[k]), colError)
		}
	}
}

// figureOf is unit u's figure as it stands now.
func (s *playSession) figureOf(u engine.UnitInfo) project.Figure {
	x, y, z, h := s.pose(u)
	return project.Figure{Pos: vec3.T{x, y, z}, Heading: h, Color: units.Colour(s.match.SideColour(u.Side)), Kind: s.kind(u)}
}
