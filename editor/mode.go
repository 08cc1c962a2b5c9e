package editor

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/files"
	"hexsandbox/editor/tools"
	engine "hexsandbox/game"
	"hexsandbox/render/project"
	"hexsandbox/units"
)

// mode is one way of using the map: editing it (editMode), playing on
// it (playMode) or watching a match played back (replayMode). The editor holds the parts every mode shares (the
// session, scene, camera, dialogs, file work, the clock) and the current
// mode, and hands it each input step's pointer; switching modes is one
// call (game.setMode). A mode owns its state and its widgets and gets
// what it needs of the editor through a modeEnv, never the editor.
type mode interface {
	// root is the mode's widgets: the panel, the game bar. beside
	// reports whether they take a column of the window beside the map
	// (else they lie over the map).
	root() *widget.Container
	beside() bool
	// sync shows view settings changed outside the mode's widgets.
	sync()
	// enter and leave run when the mode becomes current and stops being.
	enter()
	leave()
	// interrupt ends what a press on the map began (a stroke): a dialog,
	// file work or an undo takes the map.
	interrupt()
	// input is one input step: the pointer as found for it.
	input(p pointer)
	// tick runs once a tick after the input; it reports whether the
	// mode's widgets show something new.
	tick() bool
	// escape is Escape without a dialog or the help open.
	escape()
	// keys is which bindings of the key table are the mode's own.
	keys() modes
	// fogged reports whether the map is shown as the side in turn sees
	// it; minimap whether the minimap may show.
	fogged() bool
	minimap() bool
	// shown is the match the map shows (its units, its fog, what is
	// known of the map), nil for the map's own.
	shown() *playSession
	// drawUnder draws the mode's marks over the map under the notes (on
	// every copy of a wrapping map in view, the copies); drawOver draws
	// the rest, over the notes.
	drawUnder(screen *ebiten.Image, v *project.View, copies []float32, margin float32)
	drawOver(screen *ebiten.Image, v *project.View)
	// status is the mode's part of the status line: after the cell's
	// description, and before the map's name.
	status() (cell, right string)
}

// modeEnv is what the editor lends its modes: the session, the camera
// and the view settings, the input's keys, the pointer, the overlay's
// painter, the map's units, and a few of its services.
type modeEnv struct {
	sess  *files.Session
	cam   *project.Camera
	view  *viewSettings
	in    *inputState
	ptr   *pointer // the pointer of the latest input step
	paint *painter
	world *world
	// mapRect is the part of the screen that shows the map.
	mapRect func() image.Rectangle
	// info and notice say something on the toasts and the status line;
	// tell shows the script's words on a toast, untell takes them down.
	info, notice func(string)
	tell         func(msg string, isErr bool)
	untell       func()
	// quiet reports whether the map is free to show a tool's preview: no
	// dialog, modal file work or the help over it; dialogOpen whether a
	// dialog is open.
	quiet, dialogOpen func() bool
	// noteDialog asks for the note of a cell.
	noteDialog func(i int)
	// state is the map's History state (a match lasts while it stands);
	// ground what units stand on as the scene draws the map; toEdit and
	// toPlay switch to edit and play mode; newGame asks for a new game;
	// replay plays a match back, seen as a side (0: whole).
	state                   func() uint64
	ground                  func() units.Ground
	toEdit, toPlay, newGame func()
	replay                  func(s engine.Saved, seer int)
	// replaceMap opens map l in place of the session's.
	replaceMap func(l files.Loaded)
}

// makeModes makes the edit mode, with the panel's settings, the play
// mode and the replay, lending them what they need of the editor, and starts in
// edit mode.
func (g *game) makeModes(settings tools.Settings) {
	g.world = &world{}
	g.paint = painter{sess: g.sess, win: &g.win, cam: &g.cam, white: whitePixel()}
	env := &modeEnv{
		sess: g.sess, cam: &g.cam, view: &g.view, in: &g.inp, ptr: &g.ptr.cur, paint: &g.paint, world: g.world,
		mapRect: g.mapRect, info: g.info, notice: g.notice, tell: g.tell, untell: g.untell, noteDialog: g.noteDialog,
		quiet:      func() bool { return !g.busy() && !g.keys.help },
		dialogOpen: func() bool { return len(g.dialogs) > 0 },
		state:      func() uint64 { return g.sess.History.State() },
		ground:     func() units.Ground { return g.scene.Ground() },
		toEdit:     func() { g.setMode(g.edit) },
		toPlay:     func() { g.setMode(g.play) },
		newGame:    func() { g.cmdNewGame() },
		replay:     g.watchReplay,
		replaceMap: g.replace,
	}
	g.edit = &editMode{env: env, settings: settings}
	g.play = &playMode{env: env}
	g.replay = &replayMode{env: env}
	g.mode = g.edit
}

// pointer is the cursor as one input step sees it, found once a step
// (game.point) and handed to the mode.
type pointer struct {
	x, y int
	// cell is the cell under the cursor, at the world point at (which
	// copy of a wrapping map), when ok.
	cell int
	at   vec3.T
	ok   bool
	// overMap: over the map view, not the panel, the game bar or the
	// minimap, and no dialog or modal work in the way.
	overMap bool
	// down: the left button is held; pressed, released: it went down,
	// up in this step. onMap: the press being held began over the map.
	down, pressed, released bool
	onMap                   bool
	// touch: the latest press or release was a finger's (a tap, a
	// drag); hold: a long press in this step, at x, y.
	touch, hold bool
}

// pointerTracker follows the pointer from step to step: whether its
// position is known yet, the button, and a pan with the right or middle
// button.
type pointerTracker struct {
	cur     pointer // the latest step's
	cursor  cursorWatch
	wasDown bool // the left button was down the step before
	onMap   bool // the held press began over the map
	panning bool
	panX    int
	panY    int
}

// point finds the pointer of this input step. A press over the minimap
// drags the camera there until released; a press that began on the
// panel or a dialog belongs to them, even when the cursor then slides
// onto the map.
func (g *game) point() pointer {
	t := &g.ptr
	x, y := g.inp.CursorPosition()
	down := g.inp.MousePressed(ebiten.MouseButtonLeft)
	t.cursor.watch(x, y, down, g.inp.src.CursorIn())
	p := pointer{x: x, y: y, down: down, pressed: down && !t.wasDown, released: !down && t.wasDown, touch: g.inp.touch, hold: g.inp.hold}
	t.wasDown = down
	over := g.overMap(x, y)
	onMini := g.mini.contains(x, y)
	button, onButton := g.mapButtonAt(x, y)
	p.overMap = over && !onMini && !onButton
	if t.cursor.known() && p.overMap {
		mr := g.mapRect()
		p.cell, p.at, p.ok = g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x-mr.Min.X), float64(y-mr.Min.Y))
	}
	if p.pressed {
		g.mini.dragging = over && onMini && !g.mini.onFold(x, y)
		t.onMap = p.overMap
		switch {
		case onButton && over:
			g.pressMapButton(button)
		case p.overMap && g.narrow() && g.drawer.open:
			g.setDrawer(false) // the map touched: the drawer closes, and the press does nothing more
			t.onMap = false
		}
		if p.overMap && len(g.dialogs) == 0 && g.textFocused() {
			g.win.ui.ClearFocus() // a panel field gives the keyboard back
		}
		if over && g.mini.onFold(x, y) {
			g.view.Minimap = !g.view.Minimap // fold or unfold it
			g.edit.syncPanel()
		}
	}
	if g.busy() {
		t.onMap, g.mini.dragging = false, false
	}
	switch {
	case g.mini.dragging && down:
		g.mini.lookAt(&g.cam, x, y)
	case !down:
		g.mini.dragging = false
	}
	p.onMap = t.onMap
	t.cur = p
	return p
}
