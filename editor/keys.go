package editor

import (
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/tools"
)

// The editor's keys, in one table: shortcuts() runs them and the help
// overlay (F1) lists them, so the two cannot disagree. Entries without a
// key are held keys and mouse actions that other code reads (the camera
// controller, the tools); they are listed for the help only. A binding
// runs in edit mode unless its modes say otherwise: play mode and the
// replay keep the file, view and help keys and have keys of their own.

// mods are the modifier keys a binding needs held (and no others).
type mods uint8

const (
	modCtrl mods = 1 << iota
	modShift
)

// modes are the editor's modes a binding runs in.
type modes uint8

const (
	inEdit   modes = iota // the zero value: edit mode only
	inPlay                // play mode only
	inBoth                // every mode
	inReplay              // the replay only
)

// runsIn reports whether the binding runs in a mode whose own bindings
// are own's (mode.keys).
func (b binding) runsIn(own modes) bool {
	return b.modes == inBoth || b.modes == own
}

// binding is one line of the key table.
type binding struct {
	group string     // the help's heading
	keys  string     // as the help shows them
	what  string     // what they do
	key   ebiten.Key // the key pressed, when run is set
	mods  mods
	modes modes
	run   func()
}

// toolKeys are the number and letter of each tool, in tools.Tool order.
var toolKeys = [tools.ToolCount]struct {
	number, letter ebiten.Key
	name           string
}{
	{ebiten.Key1, ebiten.KeyB, "B"},
	{ebiten.Key2, ebiten.KeyF, "F"},
	{ebiten.Key3, ebiten.KeyI, "I"},
	{ebiten.Key4, ebiten.KeyM, "M"},
	{ebiten.Key5, ebiten.KeyU, "U"},
	{ebiten.Key6, ebiten.KeyT, "T"},
	{ebiten.Key7, ebiten.KeyK, "K"},
	{ebiten.Key8, ebiten.KeyP, "P"},
	{ebiten.Key9, ebiten.KeyL, "L"},
}

// toolHelp says in short what each tool does, for the help; toolTips
// say it in full, for the panel's tooltips.
var (
	toolHelp = [tools.ToolCount]string{
		"Brush: drag to paint",
		"Fill: paint a connected region",
		"Pick: take a cell's values",
		"Select: drag a rectangle (Shift adds)",
		"Wand: select a connected region",
		"Note: write on a cell",
		"Units: place or remove a unit",
		"Town: place or remove a town",
		"Area: paint cells into a named area",
	}
	toolTips = [tools.ToolCount]string{
		"Brush: drag to paint what the panel applies",
		"Fill: click to paint the connected region that matches the clicked cell (see Match)",
		"Pick: click a cell to take its values into the panel (Alt+click picks with any tool)",
		"Select: drag a rectangle of cells; Shift adds to the selection",
		"Wand: click to select the connected region that matches the clicked cell (see Match)",
		"Note: click a cell to write, change or remove its note",
		"Units: click a cell to place a unit of the type and side chosen below, or to remove the unit there",
		"Town: click a dry cell to place a town with the name and owner below, or a town to remove it",
		"Area: drag over cells to put them into the scenario's area named in the Scenario section, or to take them out (starting on a cell in it)",
	}
)

// keyTable returns every key binding of the editor.
func (g *game) keyTable() []binding {
	var t []binding
	for k := range tools.ToolCount {
		tk := toolKeys[k]
		tool := tools.Tool(k)
		label := string(rune('1'+k)) + " / " + tk.name
		t = append(t,
			binding{group: "Tools", keys: label, what: toolHelp[k], key: tk.number, run: func() { g.edit.setTool(tool) }},
			binding{group: "Tools", key: tk.letter, run: func() { g.edit.setTool(tool) }})
	}
	t = append(t,
		binding{group: "Tools", keys: "Alt+click", what: "pick a cell's values with any tool"},
		binding{group: "Tools", keys: "[  ]", what: "brush size smaller, larger", key: ebiten.KeyBracketLeft, run: func() { g.edit.brushSize(-1) }},
		binding{group: "Tools", key: ebiten.KeyBracketRight, run: func() { g.edit.brushSize(+1) }},
		binding{group: "Tools", keys: "Y", what: "symmetry: off, mirror, 2-, 3-, 6-fold", key: ebiten.KeyY, run: func() { g.edit.cycleSymmetry() }},

		binding{group: "Selection", keys: "Ctrl+A", what: "select the whole map", key: ebiten.KeyA, mods: modCtrl, run: func() { g.edit.selectAll() }},
		binding{group: "Selection", keys: "Ctrl+C", what: "copy the selection", key: ebiten.KeyC, mods: modCtrl, run: func() { g.edit.copySelection() }},
		binding{group: "Selection", keys: "Ctrl+X", what: "cut: copy, then clear the cells", key: ebiten.KeyX, mods: modCtrl, run: func() { g.edit.cutSelection() }},
		binding{group: "Selection", keys: "Delete", what: "clear the selected cells", key: ebiten.KeyDelete, run: func() { g.edit.deleteSelection() }},
		binding{group: "Selection", keys: "Ctrl+V", what: "paste; a click places it", key: ebiten.KeyV, mods: modCtrl, run: func() { g.edit.startPaste() }},
		binding{group: "Selection", keys: "R / Shift+R", what: "while pasting: turn 60° clockwise / back", key: ebiten.KeyR, run: func() { g.edit.turnPaste(1) }},
		binding{group: "Selection", key: ebiten.KeyR, mods: modShift, run: func() { g.edit.turnPaste(-1) }},
		binding{group: "Selection", keys: "H", what: "while pasting: mirror east-west", key: ebiten.KeyH, run: func() { g.edit.mirrorPaste() }},
		binding{group: "Selection", keys: "Escape", what: "stop pasting, or select nothing (a unit, in play)", key: ebiten.KeyEscape, modes: inBoth, run: func() { g.escape() }},

		binding{group: "Map", keys: "Ctrl+Z", what: "undo", key: ebiten.KeyZ, mods: modCtrl, run: func() { g.undo() }},
		binding{group: "Map", keys: "Ctrl+Y, Ctrl+Shift+Z", what: "redo", key: ebiten.KeyY, mods: modCtrl, run: func() { g.redo() }},
		binding{group: "Map", key: ebiten.KeyZ, mods: modCtrl | modShift, run: func() { g.redo() }},
		binding{group: "Map", keys: "Ctrl+N", what: "new map (empty or generated)", key: ebiten.KeyN, mods: modCtrl, modes: inBoth, run: func() { g.cmdNew() }},
		binding{group: "Map", keys: "Ctrl+Shift+N", what: "new game: a generated map or this one", key: ebiten.KeyN, mods: modCtrl | modShift, modes: inBoth, run: func() { g.cmdNewGame() }},
		binding{group: "Map", keys: "Ctrl+O", what: "open a saved map", key: ebiten.KeyO, mods: modCtrl, modes: inBoth, run: func() { g.cmdOpen() }},
		// Online… (the New game dialog's button; the help is full)
		binding{group: "Map", key: ebiten.KeyO, mods: modCtrl | modShift, modes: inBoth, run: func() { g.onlineDialog() }},
		binding{group: "Map", keys: "Ctrl+S", what: "save", key: ebiten.KeyS, mods: modCtrl, modes: inBoth, run: func() { g.cmdSave() }},
		binding{group: "Map", keys: "Ctrl+Shift+S", what: "save under another name", key: ebiten.KeyS, mods: modCtrl | modShift, modes: inBoth, run: func() { g.cmdSaveAs() }},
		binding{group: "Map", keys: "F12", what: "screenshot of the map view", key: ebiten.KeyF12, modes: inBoth, run: func() { g.screenshot() }},

		binding{group: "Play", keys: "Tab", what: "play: move the units; Tab again edits", key: ebiten.KeyTab, modes: inBoth, run: g.toggleMode},
		binding{group: "Play", keys: "Click a unit", what: "select it (of the side in turn); an enemy: its details"},
		binding{group: "Play", keys: "Click a cell", what: "move the unit there, over turns if far (hover: path)"},
		binding{group: "Play", keys: "Hover an enemy", what: "the battle forecast; a click attacks"},
		binding{group: "Play", keys: "Click a town", what: "your town: what it builds"},
		binding{group: "Play", keys: "Escape", what: "select no unit"},
		binding{group: "Play", keys: "Enter", what: "end the turn (hot seat: a hand-over screen)", key: ebiten.KeyEnter, modes: inPlay, run: func() { g.play.endTurn() }},
		binding{group: "Play", keys: "N", what: "the next unit with moves left and no order", key: ebiten.KeyN, modes: inPlay, run: func() { g.play.nextUnit() }},
		binding{group: "Play", keys: "T", what: "turns to every cell for the selected unit", key: ebiten.KeyT, modes: inPlay, run: func() { g.play.toggleTurns() }},
		binding{group: "Play", keys: "V", what: "reveal the whole map, or hide it again", key: ebiten.KeyV, modes: inPlay, run: func() { g.play.toggleReveal() }},
		binding{group: "Play", keys: "Ctrl+Z", what: "take back the last move (the rules say when)", key: ebiten.KeyZ, mods: modCtrl, modes: inPlay, run: func() { g.play.undo() }},
		binding{group: "Play", keys: "R / O", what: "replay the match so far / your objectives", key: ebiten.KeyR, modes: inPlay, run: func() { g.play.watch() }},
		binding{group: "Play", key: ebiten.KeyO, modes: inPlay, run: func() { g.play.toggleObjectives() }},
		binding{group: "Map", key: ebiten.KeyY, mods: modCtrl, modes: inPlay, run: g.editOnly},

		binding{group: "Replay", keys: "Space", what: "play or pause", key: ebiten.KeySpace, modes: inReplay, run: func() { g.replay.togglePlay() }},
		binding{group: "Replay", keys: ". / ,", what: "one command on, one back (paused)", key: ebiten.KeyPeriod, modes: inReplay, run: func() { g.replay.step() }},
		binding{group: "Replay", key: ebiten.KeyComma, modes: inReplay, run: func() { g.replay.back() }},
		binding{group: "Replay", keys: "+ / -", what: "faster, slower", key: ebiten.KeyEqual, modes: inReplay, run: func() { g.replay.faster() }},
		binding{group: "Replay", key: ebiten.KeyEqual, mods: modShift, modes: inReplay, run: func() { g.replay.faster() }},
		binding{group: "Replay", key: ebiten.KeyMinus, modes: inReplay, run: func() { g.replay.slower() }},
		binding{group: "Replay", keys: "V", what: "the whole map, or one side's view in turn", key: ebiten.KeyV, modes: inReplay, run: func() { g.replay.cycleView() }},
		binding{group: "Replay", keys: "Escape", what: "back to the game"},
		binding{group: "Map", key: ebiten.KeyZ, mods: modCtrl | modShift, modes: inPlay, run: g.editOnly},

		binding{group: "View", keys: "W A S D, arrows", what: "move the camera"},
		binding{group: "View", keys: "Q / E", what: "turn the camera"},
		binding{group: "View", keys: "Wheel", what: "zoom towards the pointer"},
		binding{group: "View", keys: "Right or middle drag", what: "pan"},
		binding{group: "View", keys: "Minimap click, drag", what: "look there"},
		binding{group: "View", keys: "Home", what: "fit the whole map, keeping the rotation", key: ebiten.KeyHome, modes: inBoth, run: func() { g.fitMap() }},
		binding{group: "View", keys: "G", what: "grid on or off", key: ebiten.KeyG, modes: inBoth, run: func() { g.view.Grid = !g.view.Grid; g.edit.syncPanel() }},
		binding{group: "View", keys: "F1", what: "this help", key: ebiten.KeyF1, modes: inBoth, run: func() { g.keys.help = !g.keys.help }},
	)
	return t
}

// held returns the modifiers held now.
func held(in *inputState) mods {
	var m mods
	if ctrl(in) {
		m |= modCtrl
	}
	if shift(in) {
		m |= modShift
	}
	return m
}

// shortcuts runs the binding of a key pressed this frame with exactly
// its modifiers held. Alt is left to clicks (Alt+click picks).
func (g *game) shortcuts() {
	m, own := held(&g.inp), g.mode.keys()
	for _, b := range g.keys.table {
		if b.run != nil && b.mods == m && b.runsIn(own) && g.inp.KeyJustPressed(b.key) {
			b.run()
			return
		}
	}
}

// editOnly answers undo and redo in play mode.
func (g *game) editOnly() { g.info("Undo and redo are for editing: Tab switches to edit mode") }

// escape closes the help, or else is the mode's Escape.
func (g *game) escape() {
	if g.keys.help {
		g.keys.help = false
		return
	}
	g.mode.escape()
}
