package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/script"
	"hexsandbox/units"
)

// The scenario dialog (the Scenario section's "Objectives and script"):
// each side's starting objectives and the map's event script (Starlark,
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

// apply sets the objectives and the script in set.
func (d *scenarioDialog) apply(set *scenario.Setup) {
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
	d.apply(&next)
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
	body.AddChild(s.label("Objectives: what each side is told to do as a match starts", colText))
	rows := s.grid([]bool{false, true}, 6)
	for k := range d.goals {
		side := k + 1
		text := ""
		for _, o := range set.Objectives {
			if int(o.Side) == side {
				text = o.Text
			}
		}
		d.goals[k] = s.textField(text, "none", 640, nil)
		limitLength(d.goals[k], scenario.MaxObjectiveBytes/4) // so that the bytes never pass the limit
		rows.AddChild(s.label(units.SideName(side), sideColor(side)), d.goals[k])
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
