package editor

import (
	"image"
	"os"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/editor/files"
	"hexsandbox/editor/prefs"
	"hexsandbox/editor/tools"
	"hexsandbox/render/project"
)

// viewSettings are the panel's view toggles: the grid, the cells'
// coordinates, the map notes, the minimap and the distances.
type viewSettings struct {
	Grid, Labels bool
	Notes        bool
	Minimap      bool
	// Distances shows the distance overlay: the move distance (with
	// turns) from the selected unit, or in edit mode from the cell under
	// the cursor, on every cell.
	Distances bool
	// Reveal shows the whole map in play mode, not what the side in turn
	// sees (for checking a map).
	Reveal  bool
	Quality prefs.Prefs `json:"-"` // remembered between runs, in a file of its own (editor/prefs)
}

// defaultView shows notes and the minimap.
func defaultView() viewSettings { return viewSettings{Notes: true, Minimap: true} }

// holding is what a press on the map goes on doing while the button is
// held.
type holding uint8

const (
	holdNothing holding = iota
	holdBrush           // a stroke: painting where the pointer moves
	holdSelect          // a rectangle being dragged out
)

// game is the editor window's state; ebiten calls its Update, Draw and
// Layout.
type game struct {
	in       Input
	inp      inputState // the input as replayed step by step (input.go)
	evs      []Event    // this tick's events
	clock    clock      // the editor's time (clock.go)
	sess     *files.Session
	settings tools.Settings
	view     viewSettings
	scene    scene
	cam      project.Camera // steered by controls.go, the one camera controller

	style   *style
	ui      *ebitenui.UI
	panel   *panel
	bar     *gameBar // play mode's bar, in place of the panel
	play    play
	modals  int           // open dialogs: while any is open the map is not edited
	dialogs []openDialog  // newest last
	newMap  *newMapDialog // the New map dialog while it waits for a preview

	w, h       int // screen size in device pixels
	scale      float64
	tracker    tools.DragTracker
	stroking   bool
	wasDown    bool // the left button was down last frame
	pressOnMap bool // the left button's press began over the map
	holding    holding
	panning    bool
	panX       int
	panY       int
	hover      int
	hoverAt    vec3.T // where the pick hit: which copy of a wrapping map
	hoverOK    bool
	cursor     cursorWatch // whether the pointer has shown where it is
	toasts     []toast
	notices    []toast  // refusals and warnings for the status line, newest last
	job        *job     // file work running off the UI loop
	queue      []queued // file work waiting for it
	// autosaveErr is why the last autosave failed, shown until a save
	// succeeds (or the map it was about is replaced).
	autosaveErr error

	keys    []binding // the key table (keys.go)
	help    bool      // the help overlay (F1) is shown
	sel     tools.Selection
	clip    *tools.Clip // the last copy
	paste   *pasting    // a paste following the mouse
	selDrag *selectDrag // a rectangle being dragged out
	mini    minimap
	preview toolPreview // what the tool under the pointer would change

	shotPending bool   // a screenshot of the next frame is wanted
	shotsDir    string // where screenshots and map pictures go (desktop)

	openedPath string // the file the map came from, when not from the store
	importDir  string // where the Import browser was last
	prefsAt    time.Time
	prefsSaved []byte // the preferences last written
	prefsMap   string // the map they name
	title      string // the window's title, set only when it changes
	quitting   bool
	started    bool          // the first frame ran: dialogs can be centred
	white      *ebiten.Image // one white pixel to draw shapes with
	lines      shapeBatch    // outlines of the overlay, drawn in one batch
	fills      shapeBatch    // filled cells of the overlay

	// The panel and dialogs are drawn into uiLayer, again only when input
	// may have changed them (uiDirty), a dialog is open, or a while has
	// passed: on a software renderer they cost more than the cached map.
	uiLayer *ebiten.Image
	uiDirty bool
	uiDrawn time.Time

	quality quality // shadows and resolution: the user's and the pacer's

	// Test hooks: script runs at the start of every Update and returns
	// true when the test is over; capture, when set, receives the next
	// frame as drawn; drawDelay makes every Draw take that much longer (a
	// slow machine).
	script    func(g *game) bool
	capture   func(img *ebiten.Image)
	drawDelay time.Duration
}

func newGame(opts Options, in Input) (*game, error) {
	store, err := openStore(opts)
	if err != nil {
		return nil, err
	}
	shots := picturesDir(store)
	g := &game{in: in, settings: tools.DefaultSettings(), view: defaultView(), clock: newClock(wallClock), scale: 1, keys: keyTable(), shotsDir: shots}
	// ebitenui's widgets take the mouse from the replayed input too.
	input.SetCursorUpdater(&g.inp)
	g.scene = newScene(os.Getenv("HEXSANDBOX_BLOCKS") != "", func(err error) {
		g.errorf("renderer unavailable, drawing simple blocks: %v", err)
	}, g.clock.Now)
	g.white = whitePixel()
	p, err := loadPrefs(store)
	if err != nil {
		g.errorf("%v", err)
	}
	g.settings, g.view, g.importDir = p.Settings, p.View, p.ImportDir
	g.loadQuality(openPrefs(opts)) // the quality settings have a file of their own
	start, saved, path, why, err := startMap(opts, store, p)
	if err != nil {
		return nil, err
	}
	for _, w := range why {
		g.errorf("%s", w)
	}
	g.sess = files.NewSession(store, saved, start.Grid, 0)
	g.sess.History.MarkSaved() // what was opened is on disk (or embedded)
	if saved == "" {
		g.sess.Suggested = start.Name
	}
	g.openedPath = path
	g.showMap()
	g.cam = mapCamera(g.sess.Grid) // at start: where the map has most to see
	g.reportDropped(start.Info.Dropped)
	if err := g.buildUI(1); err != nil {
		return nil, err
	}
	g.startPlatform()
	return g, nil
}

// resetView shows the session's map, another one than before, from a
// camera that fits it in the view (or, too large for that, centres it).
func (g *game) resetView() {
	g.showMap()
	mr := g.mapRect()
	g.cam = fitCamera(g.sess.Grid.Topology(), mr.Dx(), mr.Dy())
}

// showMap makes the scene, the minimap and the tools follow the
// session's map; what was selected or pasting belonged to the old one.
func (g *game) showMap() {
	g.scene.Reset(g.sess.Grid)
	g.mini.reset(g.sess.Grid)
	g.resetPlay()
	g.tracker.Reset()
	g.stroking, g.holding = false, holdNothing
	g.sel.Clear()
	g.paste, g.selDrag = nil, nil
	g.updateTitle()
}

func (g *game) buildUI(scale float64) error {
	st, err := newStyle(scale)
	if err != nil {
		return err
	}
	g.style, g.scale = st, scale
	st.focus = func(f *textField) { g.ui.SetFocusedWidget(f) }
	st.now = g.clock.Now
	g.panel = newPanel(st, &g.settings, &g.view, panelActions{
		New: g.cmdNew, Open: g.cmdOpen, Import: g.cmdImport, Export: g.exportCatlike, Image: g.exportImageDialog,
		Save: g.cmdSave, SaveAs: g.cmdSaveAs, Undo: g.undo, Redo: g.redo, Shot: g.screenshot,
		Help: func() { g.help = !g.help },
		Copy: func() { g.copySelection() }, Cut: g.cutSelection, Paste: g.startPaste,
		Turn: func() { g.turnPaste(1) }, Mirror: g.mirrorPaste,
		Download: g.downloadMap, Share: g.shareLink, Browser: browserFiles, Quality: g.qualityChanged,
		Play: func() { g.setPlaying(true) }, Fit: g.fitMap,
	})
	g.panel.root.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionEnd,
		StretchVertical:    true,
		Padding:            &widget.Insets{Bottom: st.px(statusHeight)},
	}
	g.bar = newGameBar(st, &g.view, gameBarActions{
		Edit: func() { g.setPlaying(false) }, EndTurn: g.endTurn,
	})
	root := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	root.AddChild(g.panel.root, g.bar.root)
	g.ui = &ebitenui.UI{Container: root, PrimaryTheme: st.theme}
	g.showMode()
	return nil
}

// showMode shows the panel in edit mode and the game bar in play mode.
func (g *game) showMode() {
	panel, bar := widget.Visibility_Show, widget.Visibility_Hide_Blocking
	if g.play.on {
		panel, bar = bar, panel
	}
	g.panel.root.GetWidget().SetVisibility(panel)
	g.bar.root.GetWidget().SetVisibility(bar)
	g.panel.sync(&g.settings, &g.view)
	g.bar.sync(&g.view)
	g.uiDirty = true
}

func (g *game) updateTitle() {
	t := "Hex Sandbox — " + g.mapTitle()
	if g.sess.Modified() {
		t += " •"
	}
	if t != g.title {
		g.title = t
		ebiten.SetWindowTitle(t)
	}
}

// mapTitle names the map for the title and status line: a map opened
// from outside the maps folder (a file argument, a drop, an import, the
// showcase) shows the name it came with rather than "untitled".
func (g *game) mapTitle() string {
	if g.sess.Name == "" && g.sess.Suggested != "" {
		return g.sess.Suggested
	}
	return g.sess.Title()
}

// Layout makes the screen as large as the window in device pixels, so
// the map and text are sharp on HiDPI monitors.
func (g *game) Layout(outW, outH int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	g.w, g.h = int(float64(outW)*s), int(float64(outH)*s)
	if s != g.scale {
		// A new scale rebuilds the panel; open dialogs go with the old UI.
		g.modals, g.dialogs = 0, nil
		if err := g.buildUI(s); err != nil {
			g.errorf("%v", err)
		}
	}
	return g.w, g.h
}

// mapRect is the part of the screen that shows the map: left of the
// panel (in play mode the whole width, under the game bar), above the
// status line.
func (g *game) mapRect() image.Rectangle {
	pw := max(g.panel.root.GetWidget().Rect.Dx(), g.style.px(panelWidth))
	if g.play.on {
		pw = 0
	}
	return image.Rect(0, 0, max(1, g.w-pw), g.h-g.style.px(statusHeight))
}

// overMap reports whether the cursor may edit or steer the map: over the
// map, not the panel or the game bar, and no dialog open.
func (g *game) overMap(x, y int) bool {
	if g.busy() || g.quitting {
		return false
	}
	p := image.Pt(x, y)
	ui := g.panel.root.GetWidget()
	if g.play.on {
		ui = g.bar.root.GetWidget()
	}
	return p.In(g.mapRect()) && !p.In(ui.Rect)
}

// Update runs one frame. It never waits for a file: file work runs off
// the UI loop (jobs.go) and Update only looks whether it is done.
//
// It reads the input since the last tick and replays it in steps
// (inputState.apply): the editor and its widgets react once per step, so
// that a press and a release within one frame are a click, each press of
// a key counts, and a drag paints along its path; the camera moves by the
// time each key was held.
func (g *game) Update() error {
	// Background work reads the map between frames, never while it may
	// change.
	g.scene.Lock()
	defer g.scene.Unlock()
	if g.script != nil && g.script(g) {
		return ebiten.Termination
	}
	if !g.started {
		g.started = true
		g.offerRecovery()
	}
	tickStart, now := g.clock.tick()
	prev := tickStart
	g.pollFile()
	if g.quitting {
		return ebiten.Termination
	}
	g.evs = g.in.Events(g.evs[:0], now)
	if g.in.CloseRequested() {
		g.guard("closing", g.quit)
	}
	if fsys := g.in.DroppedFiles(); fsys != nil {
		g.guard("opening the dropped file", func() { g.openDropped(fsys) })
	}
	g.inp.begin()
	for _, ev := range g.evs {
		at := clampTime(ev.At, prev, now) // clocks may disagree a little
		g.move(at.Sub(prev))
		prev, g.clock.now = at, at
		if g.inp.apply(ev) {
			g.react(at)
			if g.quitting {
				return ebiten.Termination
			}
			g.inp.begin()
		}
	}
	g.move(now.Sub(prev))
	g.clock.now = now
	g.react(now)
	if f := g.focusedField(); f != nil && !inputRepeats(g.in) {
		f.repeat(now, g.inp.KeyPressed(f.held))
	}
	if g.quitting {
		return ebiten.Termination
	}
	g.updatePlay(max(0, min(now.Sub(tickStart), maxTravelStep)).Seconds())
	if g.bar.update(g) {
		g.uiDirty = true // the cached bar shows the new labels
	}
	g.scene.Refresh()
	g.autosave()
	g.savePrefs(false)
	g.updateTitle()
	g.expireToasts()
	return nil
}

func clampTime(t, lo, hi time.Time) time.Time {
	if t.Before(lo) {
		return lo
	}
	if t.After(hi) {
		return hi
	}
	return t
}

// react is one step of the editor's response to input: the widgets, the
// keyboard (a focused text field, dialogs, shortcuts), the wheel and
// panning, and the brush.
func (g *game) react(at time.Time) {
	if len(g.inp.events) > 0 {
		g.uiDirty = true
	}
	g.keysToEditor()
	g.ui.Update()
	if g.newMap != nil {
		g.newMap.poll()
	}
	g.panel.fit()
	if g.quitting {
		return
	}
	if f := g.focusedField(); f != nil {
		for _, ev := range g.inp.events {
			f.edit(ev, at)
		}
	}
	switch {
	case !g.busy() && !g.textFocused():
		g.shortcuts()
	case g.modals > 0:
		g.dialogKeys()
	case g.inp.KeyJustPressed(ebiten.KeyEscape):
		g.cancelFile() // modal work whose dialog has not shown yet
	}
	g.steer()
	if g.play.on {
		g.playInput()
	} else {
		g.paint()
	}
}

// focusedField is the text field that takes the keyboard, or nil.
func (g *game) focusedField() *textField {
	f, _ := g.ui.GetFocusedWidget().(*textField)
	return f
}

// keysToEditor leaves Tab, Enter and Space to the editor (Edit/Play, End
// Turn) while no dialog is open: ebitenui would walk its focus on Tab,
// and press the button or tick the box a click or that walk focused on
// Enter or Space, so one key would both end a turn and press a button.
// A focused text field keeps the keyboard.
func (g *game) keysToEditor() {
	g.ui.DisableDefaultFocus = g.modals == 0
	if g.modals == 0 && g.ui.GetFocusedWidget() != nil && !g.textFocused() {
		g.ui.ClearFocus()
	}
}

// textFocused reports whether a text field takes the keyboard.
func (g *game) textFocused() bool { return g.focusedField() != nil }

// quit removes this editor's autosave (the user closes on purpose),
// keeps the preferences, then ends the editor.
func (g *game) quit() {
	g.savePrefs(true)
	g.runFile(g.sess.CloseOp(), true, func(error) { g.quitting = true })
}

// paint turns the left button into tool actions (toolmode.go) and
// minimap moves: a press on the map starts one, holding it goes on
// (a stroke, a rectangle), releasing it ends it. A press that began on
// the panel or a dialog belongs to them, even when the cursor then
// slides onto the map.
func (g *game) paint() {
	x, y := g.inp.CursorPosition()
	down := g.inp.MousePressed(ebiten.MouseButtonLeft)
	g.cursor.watch(x, y, down, g.in.CursorIn())
	g.hover, g.hoverOK = 0, false
	if g.cursor.known() && g.overMap(x, y) && !g.mini.contains(x, y) {
		mr := g.mapRect()
		g.hover, g.hoverAt, g.hoverOK = g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x), float64(y))
	}
	pressed := down && !g.wasDown
	g.wasDown = down
	if pressed {
		g.pressOnMap = g.overMap(x, y)
		g.mini.dragging = g.pressOnMap && g.mini.contains(x, y)
		g.pressOnMap = g.pressOnMap && !g.mini.dragging
	}
	if g.busy() {
		g.pressOnMap, g.mini.dragging = false, false
	}
	switch {
	case g.mini.dragging && down:
		g.mini.lookAt(&g.cam, x, y)
	case !down || !g.pressOnMap:
		g.mini.dragging = false
		g.release()
		g.holding = holdNothing
	case pressed:
		g.press()
		g.hold()
	default:
		g.hold()
	}
}

func (g *game) endStroke() {
	if g.stroking {
		g.stroking = false
		g.sess.History.EndStroke()
	}
	g.tracker.Reset()
}

func (g *game) undo() {
	g.endStroke()
	done, switched := g.sess.Undo()
	switch {
	case !done:
		g.info("Nothing to undo")
	case switched:
		g.resetView()
		g.info("Undid the generated map")
	}
}

func (g *game) redo() {
	g.endStroke()
	done, switched := g.sess.Redo()
	switch {
	case !done:
		g.info("Nothing to redo")
	case switched:
		g.resetView()
		g.info("Redid the generated map")
	}
}

// autosave starts the recovery autosave when it is due and no other
// file work runs. A failure stays on screen until a save succeeds.
func (g *game) autosave() {
	if _, moving := g.play.game.Travelling(); moving {
		return // a unit on its way is saved where it arrives
	}
	if g.job != nil || len(g.queue) > 0 {
		return
	}
	op, due := g.sess.AutosaveOp(g.clock.now)
	if !due {
		return
	}
	g.runAutosave(op, func(err error) {
		switch {
		case canceled(err):
		case err != nil:
			g.autosaveErr = err
		default:
			g.autosaveErr = nil
			g.info("Autosaved for recovery")
		}
	})
}

func (g *game) Draw(screen *ebiten.Image) {
	start := wallClock() // the pacer measures the machine, not the map's time
	if g.drawDelay > 0 {
		slowDown(g.drawDelay)
	}
	g.quality.frame(g, start)
	mr := g.mapRect()
	g.fillBackground(screen, mr)
	g.scene.SetFigures(g.unitFigures())
	g.scene.SetFog(g.fogData())
	if g.shotPending {
		g.takeShot()
	}
	g.scene.Draw(screen.SubImage(mr).(*ebiten.Image), &g.cam)
	g.drawOverlay(screen)
	g.drawPlayOverlay(screen)
	g.mini.draw(screen, g)
	g.drawUI(screen)
	g.drawStatus(screen)
	g.drawAutosaveWarning(screen)
	g.drawToasts(screen)
	g.drawHelp(screen)
	if g.capture != nil {
		g.capture(screen)
	}
}

// fillBackground fills what the map view mr does not cover with the sky
// colour, and mr too unless the scene paints every pixel of it. The
// screen is not cleared between frames (runGame), and on the software
// renderer every full-screen pass costs as much as a copy of the view, so
// the view is not filled only to be painted over.
func (g *game) fillBackground(screen *ebiten.Image, mr image.Rectangle) {
	if c, ok := g.scene.(interface{ Covers() bool }); !ok || !c.Covers() {
		screen.Fill(skyColor)
		return
	}
	b := screen.Bounds()
	for _, r := range []image.Rectangle{
		image.Rect(mr.Max.X, b.Min.Y, b.Max.X, b.Max.Y),   // the panel's column
		image.Rect(b.Min.X, mr.Max.Y, mr.Max.X, b.Max.Y),  // under the view
		image.Rect(b.Min.X, b.Min.Y, mr.Max.X, mr.Min.Y),  // above it (none)
		image.Rect(b.Min.X, mr.Min.Y, mr.Min.X, mr.Max.Y), // left of it (none)
	} {
		if r = r.Intersect(b); !r.Empty() {
			screen.SubImage(r).(*ebiten.Image).Fill(skyColor)
		}
	}
}

// drawUI draws the panel and any dialogs, from the cached layer unless
// they may have changed.
func (g *game) drawUI(screen *ebiten.Image) {
	b := screen.Bounds()
	if g.uiLayer == nil || g.uiLayer.Bounds().Size() != b.Size() {
		if g.uiLayer != nil {
			g.uiLayer.Deallocate()
		}
		g.uiLayer = ebiten.NewImage(b.Dx(), b.Dy())
		g.uiDirty = true
	}
	now := g.clock.now
	if g.uiDirty || g.modals > 0 || now.Sub(g.uiDrawn) > uiRefresh {
		g.uiLayer.Clear()
		g.ui.Draw(g.uiLayer)
		g.uiDirty, g.uiDrawn = false, now
	}
	if g.modals > 0 {
		screen.DrawImage(g.uiLayer, nil)
		return
	}
	// Without a dialog the layer holds only the panel (in play mode the
	// game bar).
	pr := g.panel.root.GetWidget().Rect
	if g.play.on {
		pr = g.bar.root.GetWidget().Rect
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(pr.Min.X), float64(pr.Min.Y))
	screen.DrawImage(g.uiLayer.SubImage(pr).(*ebiten.Image), op)
}

// uiRefresh is how often the cached panel is drawn again when nothing
// said it changed (tooltips, the caret).
const uiRefresh = 500 * time.Millisecond
