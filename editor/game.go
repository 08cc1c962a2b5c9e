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

// viewSettings are the panel's view toggles.
type viewSettings struct {
	Grid, Labels bool
	// Distances shows the distance overlay: the move distance (with
	// turns) from the selected unit, or in edit mode from the cell under
	// the cursor, on every cell.
	Distances bool
	// Reveal shows the whole map in play mode, not what the side in turn
	// sees (for checking a map).
	Reveal  bool
	Quality prefs.Prefs // remembered between runs
}

// game is the editor window's state; ebiten calls its Update, Draw and
// Layout.
type game struct {
	in       Input
	inp      inputState       // the input as replayed step by step (input.go)
	evs      []Event          // this tick's events
	lastTick time.Time        // when the last tick's input was read
	clock    func() time.Time // the input's clock: time.Now, or a test's
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
	refused    bool // a unit was refused in this stroke (said once)
	wasDown    bool // the left button was down last frame
	pressOnMap bool // the left button's press began over the map
	panning    bool
	panX       int
	panY       int
	hover      int
	hoverAt    vec3.T // where the pick hit: which copy of a wrapping map
	hoverOK    bool
	toasts     []toast
	job        *job     // file work running off the UI loop
	queue      []queued // file work waiting for it
	// autosaveErr is why the last autosave failed, shown until a save
	// succeeds (or the map it was about is replaced).
	autosaveErr error
	suggested   string // name offered by Save As for an unnamed map
	title       string // the window's title, set only when it changes
	quitting    bool
	started     bool // the first frame ran: dialogs can be centred
	now         func() time.Time
	white       *ebiten.Image   // one white pixel to draw shapes with
	lineVS      []ebiten.Vertex // grid and brush outlines, drawn in one batch
	lineIS      []uint16

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
	g := &game{in: in, settings: tools.DefaultSettings(), now: time.Now, clock: time.Now, scale: 1}
	// ebitenui's widgets take the mouse from the replayed input too.
	input.SetCursorUpdater(&g.inp)
	g.scene = newScene(os.Getenv("HEXSANDBOX_BLOCKS") != "", func(err error) {
		g.errorf("renderer unavailable, drawing simple blocks: %v", err)
	})
	g.white = whitePixel()
	g.loadQuality(openPrefs(opts))
	start, err := startMap(opts)
	if err != nil {
		return nil, err
	}
	g.sess = files.NewSession(store, "", start.Grid, 0)
	g.sess.History.MarkSaved() // what was opened is on disk (or embedded)
	g.suggested = start.Name
	g.resetView()
	g.reportDropped(start.Info.Dropped)
	if err := g.buildUI(1); err != nil {
		return nil, err
	}
	g.startPlatform()
	return g, nil
}

// resetView shows the session's map from its default camera.
func (g *game) resetView() {
	g.scene.Reset(g.sess.Grid)
	g.resetPlay()
	g.cam = mapCamera(g.sess.Grid)
	g.tracker.Reset()
	g.stroking = false
	g.updateTitle()
}

func (g *game) buildUI(scale float64) error {
	st, err := newStyle(scale)
	if err != nil {
		return err
	}
	g.style, g.scale = st, scale
	st.focus = func(f *textField) { g.ui.SetFocusedWidget(f) }
	g.panel = newPanel(st, &g.settings, &g.view, panelActions{
		New: g.cmdNew, Open: g.cmdOpen, Import: g.cmdImport, Export: g.exportCatlike,
		Save: g.cmdSave, SaveAs: g.cmdSaveAs, Undo: g.undo, Redo: g.redo, Shot: g.screenshot,
		Download: g.downloadMap, Browser: browserFiles, Quality: g.qualityChanged,
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
	if g.sess.Name == "" && g.suggested != "" {
		return g.suggested
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
	now := g.clock()
	if g.lastTick.IsZero() {
		g.lastTick = now
	}
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
	prev := g.lastTick
	g.inp.begin()
	for _, ev := range g.evs {
		at := clampTime(ev.At, prev, now) // clocks may disagree a little
		g.move(at.Sub(prev))
		prev = at
		if g.inp.apply(ev) {
			g.react(at)
			if g.quitting {
				return ebiten.Termination
			}
			g.inp.begin()
		}
	}
	g.move(now.Sub(prev))
	g.react(now)
	if f := g.focusedField(); f != nil && !inputRepeats(g.in) {
		f.repeat(now, g.inp.KeyPressed(f.held))
	}
	g.lastTick = now
	if g.quitting {
		return ebiten.Termination
	}
	g.updatePlay()
	if g.bar.update(g) {
		g.uiDirty = true // the cached bar shows the new labels
	}
	g.scene.Refresh()
	g.autosave()
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
	case g.inp.KeyJustPressed(ebiten.KeyEscape) && g.modals > 0:
		g.dismissDialog()
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
// then ends the editor.
func (g *game) quit() {
	g.runFile(g.sess.CloseOp(), true, func(error) { g.quitting = true })
}

// paint applies the brush while the left button is held after a press
// on the map; one press to release is one stroke and one undo step. A
// press that began on the panel or a dialog belongs to them, even when
// the cursor then slides onto the map.
func (g *game) paint() {
	x, y := g.inp.CursorPosition()
	g.hover, g.hoverOK = 0, false
	if g.overMap(x, y) {
		mr := g.mapRect()
		g.hover, g.hoverAt, g.hoverOK = g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(x), float64(y))
	}
	down := g.inp.MousePressed(ebiten.MouseButtonLeft)
	if down && !g.wasDown {
		g.pressOnMap = g.overMap(x, y)
	}
	g.wasDown = down
	if g.busy() {
		g.pressOnMap = false
	}
	if !down || !g.pressOnMap {
		g.endStroke()
		return
	}
	if !g.stroking {
		g.stroking = true
		g.refused = false
		g.tracker.Reset()
		g.sess.History.BeginStroke()
	}
	if !g.hoverOK || g.tracker.Same(g.hover) {
		return
	}
	// The pointer may have crossed several cells since the last step (a
	// slow frame): the brush follows the straight path between them.
	path := []int{g.hover}
	if prev, ok := g.tracker.Prev(); ok {
		path = tools.Path(g.sess.Grid.Topology(), prev, g.hover)[1:]
	}
	for _, c := range path {
		drag := g.tracker.Step(g.sess.Grid, c)
		if err := g.settings.Apply(g.sess.Grid, c, drag); err != nil && !g.refused {
			g.refused = true
			g.info("No unit placed: " + err.Error())
		}
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
		g.suggested = g.sess.Suggested
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
		g.suggested = g.sess.Suggested
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
	op, due := g.sess.AutosaveOp(g.now())
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
	start := time.Now()
	if g.drawDelay > 0 {
		slowDown(g.drawDelay)
	}
	g.quality.frame(g, start)
	screen.Fill(skyColor)
	mr := g.mapRect()
	g.scene.SetFigures(g.unitFigures())
	g.scene.SetFog(g.fogData())
	g.scene.Draw(screen.SubImage(mr).(*ebiten.Image), &g.cam)
	g.drawOverlay(screen)
	g.drawPlayOverlay(screen)
	g.drawUI(screen)
	g.drawStatus(screen)
	g.drawAutosaveWarning(screen)
	g.drawToasts(screen)
	if g.capture != nil {
		g.capture(screen)
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
	now := time.Now()
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
