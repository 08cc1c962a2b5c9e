package editor

import (
	"fmt"

	"hexsandbox/docs"
	"hexsandbox/editor/files"
	"hexsandbox/editor/showcase"
	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
	"hexsandbox/saves"
)

// example is a map File: Examples offers, built in; New game offers
// the example scenarios too.
type example struct {
	name, about string
	load        func() (*hexmap.Grid, error)
	scenario    bool
}

// examples are the built-in maps: the showcase the editor first opens
// with, the town map the documentation shows, and the documentation's
// example scenarios on it (docs/scripting.md).
var examples = []example{
	{"Showcase", "the map the editor first opens with", showcase.Map, false},
	{"Towns", "a village, a town and a walled city (docs/towns.hexmap)", townsMap, false},
	{"Hold the bridge", "keep the bridge ten rounds against waves (docs/scenarios/bridge)", scenarioMap("bridge"), true},
	{"Escort", "bring the siege wagon to the camp in the north-west (docs/scenarios/escort)", scenarioMap("escort"), true},
	{"Siege", "take the walled city of Elm by round 15 (docs/scenarios/siege)", scenarioMap("siege"), true},
}

// townsMap is docs/towns.hexmap.
func townsMap() (*hexmap.Grid, error) {
	g, _, err := saves.ReadBytes(docs.TownsMap)
	return g, err
}

// scenarioMap loads the towns map with the example scenario name (its
// JSON and its script) placed on it, ready to play or to edit: side 1 a
// person's against the computer at Normal (the level each is made to be
// won against), as New game then offers it.
func scenarioMap(name string) func() (*hexmap.Grid, error) {
	return func() (*hexmap.Grid, error) {
		g, err := townsMap()
		if err != nil {
			return nil, err
		}
		data, err := docs.Scenarios.ReadFile("scenarios/" + name + ".json")
		if err != nil {
			return nil, err
		}
		script, err := docs.Scenarios.ReadFile("scenarios/" + name + ".star")
		if err != nil {
			return nil, err
		}
		sc, err := engine.ParseScenario(data)
		if err != nil {
			return nil, err
		}
		sc.Script = string(script)
		for k := range sc.Sides {
			if sc.Sides[k].Side != 1 {
				sc.Sides[k].Computer = scenario.Normal.String()
			}
		}
		return g, sc.PlaceOn(g)
	}
}

// cmdExamples offers the built-in maps (File: Examples), asking first
// about unsaved changes.
func (g *game) cmdExamples() { g.guard("opening an example", g.examplesDialog) }

func (g *game) examplesDialog() {
	msg := "Open a built-in map, unsaved under its own name:"
	var choices []choice
	for _, ex := range examples {
		msg += fmt.Sprintf("\n· %s: %s", ex.name, ex.about)
		choices = append(choices, choice{ex.name, func() { g.openExample(ex) }})
	}
	g.confirm("Examples", msg, append(choices, choice{"Cancel", nil})...)
}

// openExample opens example ex as a map from outside the maps folder.
func (g *game) openExample(ex example) {
	grid, err := ex.load()
	if err != nil {
		g.errorf("The %s example does not read: %v", ex.name, err)
		return
	}
	g.replace(files.Loaded{Grid: grid, Name: ex.name, Info: saves.Info{Format: "built-in"}})
}
