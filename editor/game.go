package editor

import (
	"image"
	"os"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/editor/prefs"
	"hexsandbox/hexmap"
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

// game is the editor window's state; ebiten calls its Update, Draw and
// Layout. It holds what every mode shares and the current mode (mode.go),
// and hands each input step and frame to it.
type game struct {
	inp   inputState // the input as replayed step by step, and its source (input.go)
	clock clock      // the editor's time (clock.go)
	sess  *files.Session
	view  viewSettings
	scene scene
	cam   project.Camera // steered by controls.go, the one camera controller
	world *world         // the units, the paths and the fog (world.go)

	mode   mode        // the current mode: edit, play or replay
	edit   *editMode   // editing the map, with the panel (toolmode.go)
	play   *playMode   // playing on it, with the game bar (play.go)
	replay *replayMode // a match played back, with the replay bar (replay.go)

	win     chrome
	dialogs []openDialog  // open dialogs, newest last: while any is open the map is not edited
	newMap  *newMapDialog // the New map dialog while it waits for a preview
	ptr     pointerTracker
	drawer  drawer // the panel as a drawer in a narrow window (drawer.go)
	paint   painter
	mini    minimap
	keys    keyboard
	msgs    messages
	work    fileWork
	quality quality // shadows, resolution and frame rate: the user's, the pacer's, a still window's
	doc     document

	quitting bool
	hooks    testHooks
}

// keyboard is the key table (keys.go) and whether the help overlay (F1)
// that lists it is shown.
type keyboard struct {
	table []binding
	help  bool
}

// messages are what the editor says: toasts over the map, notices in
// the status line, and why the last autosave failed (shown until a save
// succeeds, or the map it was about is replaced).
type messages struct {
	toasts      []toast
	notices     []toast // refusals and warnings for the status line, newest last
	autosaveErr error
}

// fileWork is the file work running off the UI loop (jobs.go) and the
// work waiting for it.
type fileWork struct {
	job   *job
	queue []queued
}

// document is where the map and its pictures come from and go, the
// online matches the player is in, and what the preferences file was
// last told.
type document struct {
	openedPath  string // the file the map came from, when not from the store
	importDir   string // where the Import browser was last
	shotsDir    string // where screenshots and map pictures go (desktop)
	shotPending bool   // a screenshot of the next frame is wanted
	title       string // the window's title, set only when it changes
	prefs       prefsRecord
	lobby       lobby // the online matches created or joined (lobby.go)
}

// prefsRecord is what the preferences file was last told (prefs.go).
type prefsRecord struct {
	at      time.Time
	saved   []byte // the preferences last written
	mapName string // the map they name
}

// testHooks let tests drive the editor: script runs at the start of
// every Update and returns true when the test is over; capture, when
// set, receives the next frame as drawn; drawDelay makes every Draw take
// that much longer (a slow machine).
type testHooks struct {
	script    func() bool
	capture   func(img *ebiten.Image)
	drawDelay time.Duration
	// frameWanted: a test waits for the next frame drawn, so a still
	// window draws it without waiting for its clock to move on.
	frameWanted bool
	// thinking, when set, sums the computer's thinking before each
	// frame drawn.
	thinking *thinkWatch
}

func newGame(opts Options, in Input) (*game, error) {
	store, err := openStore(opts)
	if err != nil {
		return nil, err
	}
	shots := picturesDir(store)
	g := &game{inp: inputState{src: in}, view: defaultView(), clock: newClock(wallClock), win: chrome{scale: 1}, doc: document{shotsDir: shots}}
	g.keys.table = g.keyTable()
	// ebitenui's widgets take the mouse from the replayed input too.
	input.SetCursorUpdater(&g.inp)
	g.scene = newScene(os.Getenv("HEXSANDBOX_BLOCKS") != "", func(err error) {
		g.errorf("renderer unavailable, drawing simple blocks: %v", err)
	}, g.clock.Now)
	p, err := loadPrefs(store)
	if err != nil {
		g.fail(err)
	}
	g.view, g.doc.importDir, g.doc.lobby.seats = p.View, p.ImportDir, p.Matches
	g.loadQuality(openPrefs(opts)) // the quality settings have a file of their own
	start, saved, path, why, err := startMap(opts, store, p)
	if err != nil {
		return nil, err
	}
	for _, w := range why {
		g.errorf("%s", w)
	}
	pageMark("map-read")
	g.sess = files.NewSession(store, saved, start.Grid, 0)
	g.sess.Match = start.Info.Match
	g.makeModes(p.Settings)
	g.sess.History.MarkSaved() // what was opened is on disk (or embedded)
	if saved == "" {
		g.sess.Suggested = start.Name
	}
	g.doc.openedPath = path
	g.showMap()
	pageMark("map-shown")
	g.cam = mapCamera(g.sess.Grid) // at start: where the map has most to see
	g.reportDropped(start.Info.Dropped)
	if err := g.buildUI(1); err != nil {
		return nil, err
	}
	pageMark("ui-built")
	g.startPlatform()
	if opts.Join != "" {
		g.joinOnline(opts.Join, defaultServer)
	}
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
	g.world.reset(g.sess.Grid, g.scene.Ground())
	g.play.reset()
	g.edit.reset()
	if g.mode == mode(g.replay) {
		g.setMode(g.edit) // the match replayed was the old map's
	}
	g.updateTitle()
}

func (g *game) buildUI(scale float64) error {
	st, err := newStyle(scale, touchScreen())
	if err != nil {
		return err
	}
	g.win.style, g.win.scale = st, scale
	st.focus = func(f *textField) { g.win.ui.SetFocusedWidget(f) }
	st.now = g.clock.Now
	g.edit.panel = newPanel(st, &g.edit.settings, &g.view, panelActions{
		New: g.cmdNew, Open: g.cmdOpen, Import: g.cmdImport, Export: g.exportCatlike, Image: g.exportImageDialog,
		Save: g.cmdSave, SaveAs: g.cmdSaveAs, Undo: g.undo, Redo: g.redo, Shot: g.screenshot,
		Help: func() { g.keys.help = !g.keys.help },
		Copy: func() { g.edit.copySelection() }, Cut: g.edit.cutSelection, Paste: g.edit.startPaste,
		Turn: func() { g.edit.turnPaste(1) }, Mirror: g.edit.mirrorPaste,
		Download: g.downloadMap, Share: g.shareLink, Browser: browserFiles, Quality: g.qualityChanged,
		Play: func() { g.setMode(g.play) }, Fit: g.fitMap, Examples: g.cmdExamples, NewGame: g.cmdNewGame,
		Grid: func() *hexmap.Grid { return g.sess.Grid },
	})
	g.edit.panel.scenario.dialog, g.edit.panel.scenario.rename = g.cmdScenario, g.renameArea
	g.edit.panel.root.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionEnd,
		StretchVertical:    true,
		Padding:            &widget.Insets{Bottom: st.px(statusHeight)},
	}
	g.play.bar = newGameBar(st, &g.view, gameBarActions{
		Edit: func() { g.setMode(g.edit) }, EndTurn: g.play.endTurn, Undo: g.play.undo, NewGame: g.cmdNewGame,
		Replay: g.play.watch, Objectives: g.play.toggleObjectives,
	})
	g.play.bar.arrange(g.barColumns())
	r := g.replay
	r.bar = newReplayBar(st, replayActions{
		Back: func() { g.setMode(g.play) }, Play: r.togglePlay, Step: r.step, Speed: r.cycleSpeed, View: r.cycleView,
	})
	root := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	root.AddChild(g.edit.panel.root, g.play.bar.root, r.bar.root)
	g.win.ui = &ebitenui.UI{Container: root, PrimaryTheme: st.theme}
	g.showMode()
	return nil
}

// showMode shows the current mode's widgets (the panel, the game bar,
// the replay bar) and hides the others'.
func (g *game) showMode() {
	// The panel stands above the status bar, whose height follows the
	// window's width.
	if pad := g.edit.panel.root.GetWidget().LayoutData.(widget.AnchorLayoutData).Padding; pad.Bottom != g.statusPx() {
		pad.Bottom = g.statusPx()
		g.win.ui.Container.RequestRelayout()
	}
	for _, m := range []mode{g.edit, g.play, g.replay} {
		vis := widget.Visibility_Hide_Blocking
		if m == g.mode && (m != mode(g.edit) || g.panelShown()) {
			vis = widget.Visibility_Show
		}
		m.root().GetWidget().SetVisibility(vis)
		m.sync()
	}
	g.win.dirty = true
}

// setMode makes m the current mode. A move under way is finished at
// once, and the map stays where it was on the screen though the panel
// goes or comes.
func (g *game) setMode(m mode) {
	if m == g.mode {
		return
	}
	g.mode.leave()
	g.world.game.Finish()
	before := g.mapRect()
	g.mode = m
	if g.win.ui != nil {
		g.showMode()
	}
	g.keepMapInPlace(before, g.mapRect())
	m.enter()
	if m == mode(g.edit) && g.play.endTrial() {
		g.cmdScenario() // back where the test run began
	}
}

// toggleMode switches between edit and play mode (Tab).
func (g *game) toggleMode() {
	if g.mode == mode(g.edit) {
		g.setMode(g.play)
	} else {
		g.setMode(g.edit)
	}
}

func (g *game) updateTitle() {
	t := g.play.yourTurn() + "Hex Sandbox — " + g.mapTitle()
	if g.sess.Modified() {
		t += " •"
	}
	if t != g.doc.title {
		if turn := g.play.yourTurn(); turn != "" && !strings.HasPrefix(g.doc.title, turn) {
			notifyTurn(t)
		}
		g.doc.title = t
		ebiten.SetWindowTitle(t)
		pageTitle(t)
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
	w, h := int(float64(outW)*s), int(float64(outH)*s)
	if w != g.win.w || h != g.win.h {
		g.quality.still.Stir(g.clock.now) // a new size is drawn at once
	}
	g.win.w, g.win.h = w, h
	if s != g.win.scale {
		// A new scale rebuilds the panel; open dialogs go with the old UI.
		g.dialogs = nil
		if err := g.buildUI(s); err != nil {
			g.fail(err)
		}
	}
	return g.win.w, g.win.h
}

// mapRect is the part of the screen that shows the map: left of the
// panel (in play mode the whole width, under the game bar), above the
// status line.
func (g *game) mapRect() image.Rectangle {
	pw := 0
	if g.panelBeside() {
		pw = max(g.mode.root().GetWidget().Rect.Dx(), g.win.style.px(panelWidth))
	}
	return image.Rect(0, 0, max(1, g.win.w-pw), g.win.h-g.statusPx())
}

// overMap reports whether the cursor may edit or steer the map: over the
// map, not the panel or the game bar, and no dialog open.
func (g *game) overMap(x, y int) bool {
	if g.busy() || g.quitting {
		return false
	}
	p, w := image.Pt(x, y), g.mode.root().GetWidget()
	return p.In(g.mapRect()) && !(shows(w) && p.In(w.Rect))
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
	err := g.update()
	g.quality.waker.follow(err == nil && g.quality.still.Idle(g.clock.now))
	return err
}

// update is one tick of Update.
func (g *game) update() error {
	// Background work reads the map between frames, never while it may
	// change.
	g.scene.Lock()
	defer g.scene.Unlock()
	if g.hooks.script != nil && g.hooks.script() {
		return ebiten.Termination
	}
	if g.clock.last.IsZero() { // the first tick: dialogs can be centred
		g.offerRecovery()
	}
	tickStart, now := g.clock.tick()
	prev := tickStart
	cam := g.cam
	g.pollFile()
	g.pollLobby()
	if g.quitting {
		return ebiten.Termination
	}
	g.followWidth()
	g.inp.tick = g.inp.src.Events(g.inp.tick[:0], now)
	g.fingers(now)
	if g.inp.src.CloseRequested() {
		g.guard("closing", g.quit)
	}
	if fsys := g.inp.src.DroppedFiles(); fsys != nil && !g.dropOnDialog(fsys) {
		g.guard("opening the dropped file", func() { g.openDropped(fsys) })
	}
	g.inp.begin()
	for _, ev := range g.inp.tick {
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
	g.keepCamera()
	if f := g.focusedField(); f != nil && !inputRepeats(g.inp.src) {
		f.repeat(now, g.inp.KeyPressed(f.held))
	}
	if g.quitting {
		return ebiten.Termination
	}
	dt := max(0, min(now.Sub(tickStart), maxTravelStep)).Seconds()
	moving := g.world.update(dt)
	moving = g.play.update(dt) || moving
	moving = g.replay.update(dt) || moving
	g.tickMode()
	g.scene.Refresh()
	if moving || g.stirred(cam) {
		g.quality.still.Stir(now)
	}
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
		g.win.dirty = true
	}
	if g.inp.pressed() {
		g.dismissErrors()
	}
	g.keysToEditor()
	x, y := g.inp.CursorPosition()
	held := holdSliders(g.sliderRoots(), x, y)
	g.win.ui.Update()
	held.restore(g.inp.MousePressed(ebiten.MouseButtonLeft))
	if g.newMap != nil && !g.newMap.poll() {
		g.newMap = nil // closed: let the previews go
	}
	g.edit.panel.fit()
	g.edit.panel.placeTips(g.win.style)
	if g.quitting {
		return
	}
	if f := g.focusedField(); f != nil {
		g.typeInto(f, at)
	}
	switch {
	case !g.busy() && !g.textFocused():
		g.shortcuts()
	case len(g.dialogs) > 0:
		g.dialogKeys()
	case g.inp.KeyJustPressed(ebiten.KeyEscape):
		g.cancelFile() // modal work whose dialog has not shown yet
	}
	g.steer()
	g.mode.input(g.point())
}

// sliderRoots hold the sliders the pointer may be over: the panel's
// content and scroll bar, the open dialogs and the New map dialog's tabs
// (neither a scroll container nor a tab book lists its children).
func (g *game) sliderRoots() []widget.HasWidget {
	roots := []widget.HasWidget{g.edit.panel.content, g.edit.panel.bar}
	for _, d := range g.dialogs {
		roots = append(roots, d.c)
	}
	if g.newMap != nil {
		roots = append(roots, &g.newMap.tabs[0].Container, &g.newMap.tabs[1].Container)
	}
	return roots
}

// focusedField is the text field that takes the keyboard, or nil.
func (g *game) focusedField() *textField {
	f, _ := g.win.ui.GetFocusedWidget().(*textField)
	return f
}

// typeInto gives the step's events to the focused field f; Ctrl+V
// pastes the system clipboard's text.
func (g *game) typeInto(f *textField, at time.Time) {
	paste := held(&g.inp) == modCtrl
	for _, ev := range g.inp.events {
		if paste && ev.Kind == KeyDown && ev.Key == ebiten.KeyV {
			g.pasteInto(f)
			continue
		}
		f.edit(ev, at)
	}
}

// keysToEditor leaves Tab, Enter and Space to the editor (Edit/Play, End
// Turn) while no dialog is open: ebitenui would walk its focus on Tab,
// and press the button or tick the box a click or that walk focused on
// Enter or Space, so one key would both end a turn and press a button.
// A focused text field keeps the keyboard.
func (g *game) keysToEditor() {
	g.win.ui.DisableDefaultFocus = len(g.dialogs) == 0
	if len(g.dialogs) == 0 && g.win.ui.GetFocusedWidget() != nil && !g.textFocused() {
		g.win.ui.ClearFocus()
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

func (g *game) undo() {
	g.mode.interrupt()
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
	g.mode.interrupt()
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
// file work runs: the match's, when a turn started since the last, else
// the map's. A failure stays on screen until a save succeeds.
func (g *game) autosave() {
	if _, moving := g.world.game.Travelling(); moving {
		return // a unit on its way is saved where it arrives
	}
	if g.work.job != nil || len(g.work.queue) > 0 {
		return
	}
	if g.play.autosaveDue {
		g.play.autosaveDue = false
		if match := g.play.saved(nil); match != nil {
			g.runAutosave(g.sess.AutosaveMatchOp(match), g.autosaved)
			return
		}
	}
	op, due := g.sess.AutosaveOp(g.clock.now)
	if !due {
		return
	}
	g.runAutosave(op, g.autosaved)
}

// autosaved reports how an autosave ended.
func (g *game) autosaved(err error) {
	switch {
	case canceled(err):
	case err != nil:
		g.msgs.autosaveErr = err
	default:
		g.msgs.autosaveErr = nil
		g.info("Autosaved for recovery")
	}
}

func (g *game) Draw(screen *ebiten.Image) {
	if !g.hooks.frameWanted && !g.quality.waker.asleep && g.quality.still.Skip(g.clock.now) {
		return // the picture stays: a still window draws less often
	}
	start := wallClock() // the pacer measures the machine, not the map's time
	idle := g.quality.still.Idle(g.clock.now)
	if idle {
		g.quality.pacer.Pause() // the idle gaps are no slow frames
	}
	if g.hooks.drawDelay > 0 {
		slowDown(g.hooks.drawDelay)
	}
	g.quality.frame(g.scene, g.view.Quality, start, idle)
	mr := g.mapRect()
	g.fillBackground(screen, mr)
	g.scene.SetFigures(g.figures())
	g.scene.SetFog(g.fogData())
	if g.doc.shotPending {
		g.takeShot()
	}
	g.scene.Draw(screen.SubImage(mr).(*ebiten.Image), &g.cam)
	g.drawOverlay(screen)
	g.drawMinimap(screen)
	if g.mode == mode(g.play) {
		g.play.drawForecast(screen)
	}
	g.drawMapButtons(screen)
	g.drawUI(screen)
	g.drawStatus(screen)
	g.drawAutosaveWarning(screen)
	g.drawToasts(screen)
	g.drawHelp(screen)
	if g.mode == mode(g.play) {
		g.play.drawCover(screen)
	}
	g.hooks.thinking.drawn(g.mode == mode(g.play) && g.play.session != nil && g.play.session.computerTurn())
	if g.hooks.capture != nil {
		g.hooks.capture(screen)
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
	if g.win.layer == nil || g.win.layer.Bounds().Size() != b.Size() {
		if g.win.layer != nil {
			g.win.layer.Deallocate()
		}
		g.win.layer = ebiten.NewImage(b.Dx(), b.Dy())
		g.win.dirty = true
	}
	now := g.clock.now
	tip := g.mode == mode(g.edit) && g.edit.panel.tip != nil
	if g.win.dirty || tip || len(g.dialogs) > 0 || now.Sub(g.win.drawn) > uiRefresh {
		g.win.layer.Clear()
		g.win.ui.Draw(g.win.layer)
		g.win.dirty, g.win.drawn = false, now
	}
	if len(g.dialogs) > 0 {
		screen.DrawImage(g.win.layer, nil)
		return
	}
	// Without a dialog the layer holds only the mode's widgets (the
	// panel, the game bar) and a tooltip of the panel.
	pr := g.mode.root().GetWidget().Rect
	if tip { // and the panel's tooltip, beside it
		pr = pr.Union(g.edit.panel.tip.Contents.GetWidget().Rect).Intersect(b)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(pr.Min.X), float64(pr.Min.Y))
	screen.DrawImage(g.win.layer.SubImage(pr).(*ebiten.Image), op)
}

// uiRefresh is how often the cached panel is drawn again when nothing
// said it changed (tooltips, the caret).
const uiRefresh = 500 * time.Millisecond

// tickMode lets the current mode act for this tick; with the thinking
// hook set, it times the tick for it.
func (g *game) tickMode() {
	w := g.hooks.thinking
	var start time.Time
	thinks := w != nil && g.mode == mode(g.play) && g.play.thinks()
	if thinks {
		start = wallClock()
	}
	if g.mode.tick() {
		g.win.dirty = true // the cached widgets show the new labels
		if g.mode == mode(g.play) && g.play.bar.columns > 0 {
			// The bar's lines of texts may have grown or shrunk: its
			// height is the window's container's to set.
			g.win.ui.Container.RequestRelayout()
		}
	}
	if thinks {
		w.ticked(wallClock().Sub(start))
	}
}
