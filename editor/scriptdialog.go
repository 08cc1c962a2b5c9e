package editor

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/script"
	"hexsandbox/units"
)

// The scenario dialog (the Scenario section's "Objectives and script"):
// the names of the sides that play, each side's starting objectives and the map's event script (Starlark,
// docs/scripting.md), in an editor with line numbers that checks the
// script as it is typed (parsed and compiled, never run) and marks the
// line of its first error. Apply sets them in the map's setup, one undo
// step, saved with the map.

// scriptCheck is what a check of src says: the line of its first error
// (0 for none, or an error without a line) and the sentence to show.
func scriptCheck(src string) (line int, say string) {
	err := engine.CheckScript(src)
	if err == nil {
		return 0, "No errors found (the script is checked, not run)"
	}
	var se *script.Error
	if errors.As(err, &se) {
		if se.Line > 0 {
			return se.Line, fmt.Sprintf("Line %d: %s", se.Line, se.Msg)
		}
		return 0, se.Msg
	}
	return 0, err.Error()
}

// scenarioDialog is the dialog's fields and the check shown under the
// script.
type scenarioDialog struct {
	names  [hexmap.MaxSides]*textField // nil for a side that does not play
	goals  [hexmap.MaxSides]*textField
	code   *textField
	status *widget.Text
}

// check checks the script as it stands and shows the result.
func (d *scenarioDialog) check() {
	line, say := scriptCheck(d.code.GetText())
	d.code.mark = line
	d.status.Label = say
	d.status.SetColor(colDim)
	if line > 0 || !strings.HasPrefix(say, "No errors") {
		d.status.SetColor(errText)
	}
}

// apply sets the names of the sides that play (those of sides listed
// in set, else playing, the map's own: then listed), the objectives and
// the script in set.
func (d *scenarioDialog) apply(set *scenario.Setup, playing []scenario.Side) {
	sides := set.Sides
	if len(sides) == 0 {
		sides = slices.Clone(playing)
	}
	renamed := false
	for k := range sides {
		f := d.names[sides[k].Side-1]
		if f == nil {
			continue
		}
		name := strings.TrimSpace(f.GetText())
		if name == units.SideName(int(sides[k].Side)) {
			name = "" // the colour's name is the default
		}
		renamed = renamed || name != sides[k].Name
		sides[k].Name = name
	}
	if renamed {
		set.Sides = sides
	}
	set.Objectives = nil
	for k, f := range d.goals {
		if t := strings.TrimSpace(f.GetText()); t != "" {
			set.Objectives = append(set.Objectives, scenario.Objective{Side: uint8(k + 1), Text: t})
		}
	}
	set.Script = d.code.GetText()
}

// applyScenario sets the dialog's objectives and script in the map's
// setup and says so; it reports whether the script compiles.
func (g *game) applyScenario(d *scenarioDialog) bool {
	grid := g.sess.Grid
	next := grid.Setup()
	d.apply(&next, grid.Sides())
	if err := grid.SetSetup(next); err != nil {
		g.errorf("Scenario not set: %v", err)
		return false
	}
	if line, _ := scriptCheck(next.Script); line > 0 {
		g.info(fmt.Sprintf("Scenario set; its script has an error at line %d, so play refuses it until fixed", line))
		return false
	}
	g.info("Scenario set: objectives and script are saved with the map")
	return true
}

// testScenario plays a test run of the map's scenario; going back to
// editing (Tab) ends it and opens the scenario dialog again.
func (g *game) testScenario() {
	g.play.beginTrial()
	g.setMode(g.play)
	g.info("Testing the scenario: Tab goes back to editing it")
}

// cmdScenario opens the scenario dialog on the map's setup.
func (g *game) cmdScenario() {
	grid := g.sess.Grid
	set := grid.Setup()
	s := g.win.style
	d := &scenarioDialog{}
	body := s.vbox(8, nil, 0)
	body.AddChild(s.label("The sides that play: their names, and the objectives each is told as a match starts", colText))
	rows := s.grid([]bool{false, false, true}, 6)
	playing := grid.Sides()
	for k := range d.goals {
		side := k + 1
		text := ""
		for _, o := range set.Objectives {
			if int(o.Side) == side {
				text = o.Text
			}
		}
		d.goals[k] = s.textField(text, "none", 500, nil)
		limitLength(d.goals[k], scenario.MaxObjectiveBytes/4) // so that the bytes never pass the limit
		var name widget.PreferredSizeLocateableWidget = s.withTip(s.label("does not play", colDim),
			"The panel's Sides chooses who plays")
		for _, sd := range playing {
			if int(sd.Side) == side {
				d.names[k] = s.textField(cmp.Or(sd.Name, units.SideName(side)), "name", 160, nil)
				limitLength(d.names[k], scenario.MaxSideNameLength)
				name = s.withTip(d.names[k], "What the side is called in play")
			}
		}
		rows.AddChild(s.label(units.SideName(side), sideColor(side)), name, d.goals[k])
	}
	body.AddChild(rows)
	head := s.grid([]bool{true, false}, 8)
	head.AddChild(s.label("Script: handlers such as on_turn_start(side, round) call the game module (docs/scripting.md)", colText),
		s.withTip(s.button("Import "+starExt+"…", 50, func() { g.askStarPath(d) }),
			"Replace the script by a Starlark file's (or drop the file on this dialog)"))
	body.AddChild(head)
	d.code = s.codeArea(set.Script, 720, 16)
	d.status = widget.NewText(widget.TextOpts.Text("", &s.face, colDim))
	d.code.onChange = d.check
	d.check()
	body.AddChild(d.code, d.status)
	g.dialog("Scenario: objectives and script", body, choice{label: "Cancel"},
		choice{label: "Test scenario", fn: func() {
			if g.applyScenario(d) {
				g.testScenario()
			}
		}},
		choice{label: "Apply", fn: func() { g.applyScenario(d) }})
	g.onDrop(func(fsys fs.FS) { g.dropStar(d, fsys) })
	g.focusField(d.code)
}
