package editor

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
)

// forecastPanel is the battle forecast shown while the pointer is over
// an enemy the selected unit can attack: the engine's own numbers
// (Match.Forecast), asked again only when the question (attacker, cell,
// commands so far) changes.
type forecastPanel struct {
	key   forecastKey
	valid bool
	ok    bool // the attack can be made: f holds its forecast
	f     engine.Forecast
	box   textBox
	at    image.Rectangle // where the panel was last drawn
}

// forecastKey is a forecast's question.
type forecastKey struct {
	unit, cell, commands int
}

// ask is the forecast of unit id's attack on cell in match m, or false
// when it cannot attack there.
func (p *forecastPanel) ask(m *engine.Match, id, cell int) (engine.Forecast, bool) {
	key := forecastKey{id, cell, len(m.Log())}
	if !p.valid || p.key != key {
		p.key, p.valid = key, true
		var err error
		p.f, err = m.Forecast(id, cell)
		p.ok = err == nil
	}
	return p.f, p.ok
}

// lines writes forecast f as the panel shows it, in style s.
func (p *forecastPanel) lines(m *engine.Match, f engine.Forecast, s *style) {
	a, _ := m.Unit(f.Attacker)
	d, _ := m.Unit(f.Target)
	types := m.Rules().Types
	paint := matchPaint(m)
	kind := "melee"
	if f.Ranged {
		kind = "ranged, no strike back"
	}
	l := p.box.lines[:0]
	add := func(t string, bold bool, c color.Color) {
		face := s.face
		if bold {
			face = s.bold
		}
		l = append(l, textLine{text: t, face: face, col: c})
	}
	add(fmt.Sprintf("%s %s attacks %s %s (%s)", sideLabel(m, a.Side), types[a.Type].Name, sideLabel(m, d.Side), types[d.Type].Name, kind), true, colText)
	add(fmt.Sprintf("Strength %s against %s", tenths(f.Strength[0]), tenths(f.Strength[1])), false, colText)
	add(sideLabel(m, a.Side)+": "+bonusText(f.AttackerBonuses), false, paint.text(a.Side))
	add(sideLabel(m, d.Side)+": "+bonusText(f.TargetBonuses), false, paint.text(d.Side))
	add(fmt.Sprintf("%s takes %d-%d of %d hp, destroyed %d%%", sideLabel(m, d.Side), f.ToTarget[0], f.ToTarget[1], d.HP, f.DestroyPercent), false, paint.text(d.Side))
	if f.Ranged {
		add(sideLabel(m, a.Side)+" takes no damage", false, paint.text(a.Side))
	} else {
		add(fmt.Sprintf("%s takes %d-%d of %d hp, destroyed %d%%", sideLabel(m, a.Side), f.ToAttacker[0], f.ToAttacker[1], a.HP, f.LosePercent), false, paint.text(a.Side))
	}
	if s.touch {
		add("Tap again to attack", false, colAccent) // a finger's first tap shows the forecast
	} else {
		add("Click to attack", false, colAccent)
	}
	p.box.lines, p.box.pad, p.box.gap = l, float64(s.px(8)), float64(s.px(3))
}

// draw draws the panel beside the pointer at (x, y).
// On a screen narrower than the panel its lines wrap.
func (p *forecastPanel) draw(screen *ebiten.Image, x, y int, s *style) {
	box := p.box.fit(float64(screen.Bounds().Dx() - 2*s.px(4)))
	w, h := box.size()
	bx, by := placeNear(x, y, w, h, screen.Bounds(), float64(s.px(18)))
	p.at = box.draw(screen, bx, by, helpBack, colAccent)
}

// tenths writes a strength in tenths as a decimal: 165 → "16.5".
func tenths(v int) string { return fmt.Sprintf("%d.%d", v/10, v%10) }

// bonusText lists bonuses by name and size: "high ground +15%, walls
// +50%", or "no bonus".
func bonusText(b []engine.BonusPart) string {
	if len(b) == 0 {
		return "no bonus"
	}
	parts := make([]string, len(b))
	for k, p := range b {
		parts[k] = fmt.Sprintf("%s %+d%%", p.Name, p.Percent)
	}
	return strings.Join(parts, ", ")
}
