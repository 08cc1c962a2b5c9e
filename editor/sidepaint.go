package editor

import (
	"image/color"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/palette"
	"hexsandbox/units"
)

// sidePaint is the colour each side is drawn in, a colour number of the
// sides' palette (units.Colour): the one a match's scenario or a map's
// setup gives the side, else its own. Index 0 (neutral) is 0.
type sidePaint [hexmap.MaxSides + 1]int

// ownPaint is every side in its own colour.
func ownPaint() sidePaint {
	var p sidePaint
	for s := range p {
		p[s] = s
	}
	return p
}

// paintOf is the colours sides give (the sides not listed: their own).
func paintOf(sides []scenario.Side) sidePaint {
	p := ownPaint()
	for _, sd := range sides {
		p[sd.Side] = scenario.ColourOf(sd)
	}
	return p
}

// matchPaint is the colours of match m's sides.
func matchPaint(m *engine.Match) sidePaint {
	p := ownPaint()
	for s := 1; s < len(p); s++ {
		p[s] = m.SideColour(s)
	}
	return p
}

// colour is side's colour number (a side out of range: its number).
func (p sidePaint) colour(side int) int {
	if side < 1 || side >= len(p) {
		return side
	}
	return p[side]
}

// rgb is side's colour for the renderer's figures and marks.
func (p sidePaint) rgb(side int) [3]float32 { return units.Colour(p.colour(side)) }

// swatch is side's colour for the panel and the overlay; side 0 (neutral,
// a town's owner) is cream.
func (p sidePaint) swatch(side int) color.NRGBA {
	if side == 0 {
		return palette.Cream
	}
	return colourSwatch(p.colour(side))
}

// text is side's colour lightened to read on the dark chrome.
func (p sidePaint) text(side int) color.NRGBA { return colourText(p.colour(side)) }

// name is side's colour's name, what a side without a name is called.
func (p sidePaint) name(side int) string { return units.ColourName(p.colour(side)) }

// colourSwatch is colour number n as the panel and the overlay draw it.
func colourSwatch(n int) color.NRGBA {
	c := units.Colour(n)
	return palette.Color{c[0], c[1], c[2], 1}.NRGBA()
}

// colourText is colour number n lightened to read on the dark chrome.
func colourText(n int) color.NRGBA {
	c := units.Colour(n)
	return color.NRGBA{uint8(min(255, 60+c[0]*195)), uint8(min(255, 60+c[1]*195)), uint8(min(255, 60+c[2]*195)), 255}
}
