package editor

import (
	"fmt"
	"slices"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/units"
)

// sideControls are the Scenario section's rows of who plays each side
// (a person, or the computer at a level: playerChoices, as New game
// offers them) and its colour (the sides' palette, swatches), and the
// labels that name each side on the section's rows, in its colour.
type sideControls struct {
	players [hexmap.MaxSides]*widget.Button // cycles through playerChoices
	colours [hexmap.MaxSides]choiceRow      // colour numbers 1..scenario.MaxColour
	labels  [hexmap.MaxSides][]*widget.Text // per side: its name on each row
}

// label is a new label naming side, shown in its colour from now on.
func (c *sideControls) label(s *style, side int) *widget.Text {
	l := s.label(units.SideName(side), sideColor(side))
	c.labels[side-1] = append(c.labels[side-1], l)
	return l
}

// controllerChoice is c's index in playerChoices.
func controllerChoice(c scenario.Controller) int {
	return max(0, slices.IndexFunc(playerChoices, func(p playerChoice) bool {
		return p.human != c.Computer() && (p.human || p.level.String() == c.String())
	}))
}

// choiceController is the controller of playerChoices[k].
func choiceController(k int) scenario.Controller {
	if playerChoices[k].human {
		return scenario.Human
	}
	c, _ := scenario.ParseController(playerChoices[k].level.String())
	return c
}

// addSideControls adds the rows of who plays each side and its colour.
func (p *panel) addSideControls(s *style) {
	q := &p.scenario
	c := &q.sides
	p.content.AddChild(s.withTip(widget.NewText(widget.TextOpts.Text("Who plays each side, and its colour", &s.small, colDim)),
		"New game offers these players first; hexmap play and simulate have the computer play its sides"))
	rows := s.grid([]bool{false, true}, 3)
	for k := range hexmap.MaxSides {
		side := k + 1
		name := units.SideName(side)
		c.players[k] = s.button(playerChoices[0].label, 60, func() {
			q.changeSide(side, func(_ *scenario.Setup, sd *scenario.Side) {
				sd.Controller = choiceController((controllerChoice(sd.Controller) + 1) % len(playerChoices))
			})
		})
		rows.AddChild(q.sides.label(s, side), s.withTip(c.players[k], name+" is played by a person or the computer (click for the next)"))
	}
	p.content.AddChild(rows)
	colours := s.grid([]bool{false, false, false, false, false}, 3)
	for k := range hexmap.MaxSides {
		side := k + 1
		colours.AddChild(q.sides.label(s, side))
		var btns []*widget.Button
		for n := 1; n <= scenario.MaxColour; n++ {
			b := s.swatch(colourSwatch(n), fmt.Sprintf("%s plays in %s (a side of that colour takes this side's)", units.SideName(side), units.ColourName(n)))
			colours.AddChild(b)
			btns = append(btns, b)
		}
		c.colours[k] = p.radio(btns, k, func(n int) { q.setColour(side, n+1) })
	}
	p.content.AddChild(colours)
}

// setColour gives side colour number n; a playing side of that colour
// takes side's colour in exchange.
func (q *scenarioPanel) setColour(side, n int) {
	q.changeSide(side, func(s *scenario.Setup, sd *scenario.Side) {
		old := scenario.ColourOf(*sd)
		for k := range s.Sides {
			if o := &s.Sides[k]; o != sd && scenario.ColourOf(*o) == n {
				o.Colour = ownOr(o.Side, old)
			}
		}
		sd.Colour = ownOr(sd.Side, n)
	})
}

// ownOr is colour number n as side's Colour: 0 when n is its own.
func ownOr(side uint8, n int) uint8 {
	if n == int(side) {
		return 0
	}
	return uint8(n)
}

// refresh shows playing's players and colours: each side's labels in its
// colour and called by its colour's name, the rows of sides that do not
// play greyed.
func (c *sideControls) refresh(playing []scenario.Side) {
	paint := paintOf(playing)
	for k := range hexmap.MaxSides {
		side := k + 1
		i := slices.IndexFunc(playing, func(sd scenario.Side) bool { return int(sd.Side) == side })
		ctl := scenario.Human
		if i >= 0 {
			ctl = playing[i].Controller
		}
		c.players[k].Text().Label = playerChoices[controllerChoice(ctl)].label
		c.players[k].GetWidget().Disabled = i < 0
		c.colours[k].set(paint.colour(side) - 1)
		for _, b := range c.colours[k].btns {
			b.GetWidget().Disabled = i < 0
		}
		for _, l := range c.labels[k] {
			l.Label = paint.name(side)
			l.SetColor(paint.swatch(side))
		}
	}
}
