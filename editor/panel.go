package editor

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/prefs"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/palette"
)

// terrainLabel is terrain type t's name as a label starts: "Grass"
// (hexmap.TerrainName's, capitalised; "" for no type).
func terrainLabel(t uint8) string {
	n := hexmap.TerrainName(t)
	if n == "" {
		return n
	}
	return strings.ToUpper(n[:1]) + n[1:]
}

// Panel width in logical pixels.
const panelWidth = 300

// valueRow is one "apply toggle + value" row of the panel.
type valueRow struct {
	name    string
	tip     string
	apply   *bool
	value   *int
	lo, hi  int
	check   *widget.Checkbox
	slider  *widget.Slider
	readout *widget.Text
}

// choiceRow is a row of toggle buttons of which one is active. shown is
// the index of the active one, as set shows it or the user picks it:
// ebitenui reports a change on the next update, after sync has finished,
// so only a change to another index than shown is the user's.
type choiceRow struct {
	group *widget.RadioGroup
	btns  []*widget.Button
	shown *int
}

func (c *choiceRow) set(k int) {
	*c.shown = max(0, min(k, len(c.btns)-1))
	c.group.SetActive(c.btns[*c.shown])
}

// panel is the tool panel: it edits the game's settings in place and
// calls back for file and history actions.
type panel struct {
	root     *widget.Container // the panel: content and scroll bar
	content  *widget.Container
	scroll   *widget.ScrollContainer
	bar      *widget.Slider
	rows     []*valueRow
	terrain  choiceRow // Keep, then the five swatches
	tool     choiceRow
	match    choiceRow
	symmetry choiceRow
	modes    [3]choiceRow
	brush    *valueRow
	views    []*viewBox
	shadows  *widget.Checkbox
	resGroup *widget.RadioGroup
	resBtns  []*widget.Button
	pieces   piecesPanel
	scenario scenarioPanel
	title    *widget.Text
	syncing  bool           // sync is setting widgets: their handlers must not infer intent
	tip      *widget.Window // the tooltip shown, beside the panel (placeTips)
}

// viewBox is a view toggle's checkbox and the setting it shows.
type viewBox struct {
	box *widget.Checkbox
	on  *bool
}

// panelActions are what the panel's buttons do.
type panelActions struct {
	New, Open, Save, SaveAs, Import, Export, Image, Undo, Redo, Shot, Help, Play, NewGame func()
	Copy, Cut, Paste, Turn, Mirror                                                        func()
	Fit                                                                                   func()              // frame the whole map
	Examples                                                                              func()              // open a built-in map
	Grid                                                                                  func() *hexmap.Grid // the map edited
	// Browser: the map lives in the browser's storage, so the panel
	// offers Download and Share where the desktop offers a screenshot
	// (F12 still takes one).
	Browser         bool
	Download, Share func()
	// Quality: the shadows or resolution choice changed (in the view
	// settings).
	Quality func()
}

// action is a button: its label, tooltip and what it does.
type action struct {
	label, tip string
	run        func()
}

// fileButtons are the panel's first rows: the file and history commands.
func fileButtons(act panelActions) []action {
	b := []action{
		{"New…", "A new map, empty or generated (Ctrl+N)", act.New},
		{"Open…", "Open a saved map (Ctrl+O)", act.Open},
		{"Examples…", "Open a built-in map: the showcase, the towns", act.Examples},
		{"Save", "Save the map (Ctrl+S)", act.Save},
		{"Save as…", "Save the map under another name (Ctrl+Shift+S)", act.SaveAs},
		{"Import…", "Read a Catlike .map or a .hexmap file", act.Import},
		{"Export…", "Write the map as a Catlike Hex Map .map file", act.Export},
		{"Image…", "Export the whole map as a picture from above", act.Image},
		{"Undo", "Take back the last edit (Ctrl+Z)", act.Undo},
		{"Redo", "Do the undone edit again (Ctrl+Y)", act.Redo},
	}
	if act.Browser {
		b = append(b, action{"Download", "Save the map as a file on your computer", act.Download},
			action{"Share", "Put the map into the page's address, to send as a link", act.Share})
	} else {
		b = append(b, action{"Shot", "Screenshot of the map view into the screenshots folder (F12)", act.Shot})
	}
	return append(b, action{"Help", "Keys and mouse (F1)", act.Help})
}

func newPanel(s *style, set *tools.Settings, view *viewSettings, act panelActions) *panel {
	// Building fires the widgets' change handlers with their initial
	// values; they must not be read as the user's choices.
	p := &panel{syncing: true}
	defer func() { p.syncing = false }()
	p.content = s.vbox(6, nil, 10)
	p.content.GetWidget().MinWidth = s.px(panelWidth - 12)
	p.root = p.scrolled(s)

	p.title = s.heading("Hex Sandbox")
	p.content.AddChild(p.title)

	files := s.grid([]bool{true, true, true}, 4)
	for _, b := range fileButtons(act) {
		files.AddChild(s.withTip(s.button(b.label, 50, b.run), b.tip))
	}
	p.content.AddChild(files)
	playRow := s.grid([]bool{true, true}, 4)
	playRow.AddChild(s.withTip(s.button("Play (Tab)", 100, act.Play), "Play the map: move the units, side by side, turn by turn"),
		s.withTip(s.button("New game", 100, act.NewGame), "A new game on a generated map or this one (Ctrl+Shift+N)"))
	p.content.AddChild(playRow)

	p.addTools(s, set, act)

	p.content.AddChild(p.section(s, "Terrain"))
	p.addTerrain(s, set)

	p.content.AddChild(p.section(s, "Cell values"))
	values := s.grid([]bool{false, true, false}, 6)
	for _, r := range []*valueRow{
		{name: "Elevation", apply: &set.ApplyElevation, value: &set.Elevation, lo: tools.MinPanelElevation, hi: tools.MaxPanelElevation, tip: "Height of the cell's ground, in steps"},
		{name: "Water", apply: &set.ApplyWater, value: &set.WaterLevel, lo: tools.MinPanelElevation, hi: tools.MaxPanelElevation, tip: "Water level: above the ground, the cell is under water"},
		{name: "Urban", apply: &set.ApplyUrban, value: &set.Urban, lo: 0, hi: 3, tip: "Houses: none to a dense town"},
		{name: "Farm", apply: &set.ApplyFarm, value: &set.Farm, lo: 0, hi: 3, tip: "Fields: none to many"},
		{name: "Plant", apply: &set.ApplyPlant, value: &set.Plant, lo: 0, hi: 3, tip: "Trees: none to a forest"},
		{name: "Special", apply: &set.ApplySpecial, value: &set.Special, lo: 0, hi: 3, tip: "A castle, a ziggurat or a megaflora (0 removes it); not on rivers"},
	} {
		p.addValueRow(s, values, r)
	}
	p.content.AddChild(values)

	p.content.AddChild(p.section(s, "River, road, wall"))
	modes := s.grid([]bool{false, true}, 6)
	for k, m := range []*tools.Mode{&set.River, &set.Road, &set.Walled} {
		p.addModeRow(s, modes, k, []string{"River", "Road", "Walled"}[k], m)
	}
	p.content.AddChild(modes)

	p.addPieces(s, set)
	p.addScenario(s, act.Grid)
	p.addAreas(s, set)

	p.content.AddChild(p.section(s, "Brush"))
	brush := s.grid([]bool{false, true, false}, 6)
	p.brush = &valueRow{name: "Size", value: &set.BrushSize, lo: 0, hi: tools.MaxBrushSize, tip: "Cells from the centre the brush reaches (the bracket keys change it)"}
	p.addValueRow(s, brush, p.brush)
	p.content.AddChild(brush)

	p.content.AddChild(p.section(s, "View"))
	vrow := s.grid([]bool{true, true}, 6)
	for _, v := range []struct {
		name, tip string
		on        *bool
	}{
		{"Grid", "Outline every cell (G)", &view.Grid},
		{"Coordinates", "Write each cell's coordinates on it when near enough", &view.Labels},
		{"Notes", "Show the map notes over their cells", &view.Notes},
		{"Minimap", "The whole map in the corner, with an arrow the way the view looks; click or drag on it to look there; its corner button folds it away", &view.Minimap},
		{"Distances", "The move distance (with turns) to every cell from the cell under the cursor (in play, the turns the selected unit takes: T)", &view.Distances},
	} {
		on := v.on
		box := s.checkbox(v.name, *on, func(b bool) { *on = b })
		vrow.AddChild(s.withTip(box, v.tip))
		p.views = append(p.views, &viewBox{box: box, on: on})
	}
	p.shadows = s.checkbox("Shadows", view.Quality.Shadows, func(on bool) {
		if !p.syncing && on != view.Quality.Shadows {
			view.Quality.Shadows = on
			act.Quality()
		}
	})
	vrow.AddChild(s.withTip(p.shadows, "Shadows from the sun (off is quicker on a slow machine)"))
	p.content.AddChild(vrow)
	p.addResolution(s, view, act.Quality)
	p.content.AddChild(s.withTip(s.button("Fit map", 50, act.Fit), "Frame the whole map (Home)"))
	p.content.AddChild(widget.NewText(widget.TextOpts.Text(
		"Drag: paint · Right drag: pan · Wheel: zoom\nQ/E: rotate · Home: fit map · Tab: play\nF1: every key",
		&s.small, colDim)))
	p.followTips()
	return p
}

// addTools adds the tool buttons, the match and symmetry choices and the
// clipboard's buttons.
func (p *panel) addTools(s *style, set *tools.Settings, act panelActions) {
	p.content.AddChild(p.section(s, "Tools"))
	grid := s.grid([]bool{true, true, true}, 4)
	var labels, tips []string
	for k := range tools.ToolCount {
		labels = append(labels, fmt.Sprintf("%s %d", tools.Tool(k), k+1))
		tips = append(tips, fmt.Sprintf("%s (%d or %s)", toolTips[k], k+1, toolKeys[k].name))
	}
	p.tool = p.choices(s, grid, labels, tips, int(set.Tool), func(k int) { set.Tool = tools.Tool(k) })
	p.content.AddChild(grid)

	p.content.AddChild(s.withTip(widget.NewText(widget.TextOpts.Text("Fill and Wand match", &s.small, colDim)),
		"What Fill and Wand spread over from the clicked cell"))
	mg := s.grid([]bool{true, true, true}, 3)
	p.match = p.choices(s, mg, []string{"Terrain", "Height", "Water"}, []string{
		"Cells of the same terrain type", "Cells of the same elevation",
		"The same body of water (or, from dry land, all connected dry land)"},
		int(set.Match), func(k int) { set.Match = tools.Match(k) })
	p.content.AddChild(mg)
	p.content.AddChild(s.withTip(widget.NewText(widget.TextOpts.Text("Symmetry of brush strokes", &s.small, colDim)),
		"Repeat every brush stroke for fair maps (Y cycles)"))
	sg := s.grid([]bool{true, true, true, true, true}, 3)
	p.symmetry = p.choices(s, sg, []string{"Off", "Mirror", "2", "3", "6"}, []string{
		"No symmetry", "Mirror east-west about the map's middle", "Turn half way about the map's middle",
		"Three turns of 120° about the map's middle", "Six turns of 60° about the map's middle"},
		int(set.Symmetry), func(k int) { set.Symmetry = tools.Symmetry(k) })
	p.content.AddChild(sg)

	clip := s.grid([]bool{true, true, true, true, true}, 3)
	for _, b := range []action{
		{"Copy", "Copy the selection (Ctrl+C)", act.Copy},
		{"Cut", "Copy the selection and clear its cells (Ctrl+X)", act.Cut},
		{"Paste", "Paste the copy: it follows the mouse, a click places it (Ctrl+V)", act.Paste},
		{"Turn", "Turn the paste 60° clockwise (R; Shift+R turns back)", act.Turn},
		{"Flip", "Mirror the paste east-west (H)", act.Mirror},
	} {
		clip.AddChild(s.withTip(s.button(b.label, 30, b.run), b.tip))
	}
	p.content.AddChild(clip)
}

// choices adds toggle buttons to grid, one active at a time, and calls
// pick with the index the user activates.
func (p *panel) choices(s *style, grid *widget.Container, labels, tips []string, initial int, pick func(int)) choiceRow {
	var btns []*widget.Button
	for k, l := range labels {
		b := s.toggle(l, 30)
		s.withTip(b, tips[k])
		grid.AddChild(b)
		btns = append(btns, b)
	}
	return p.radio(btns, initial, pick)
}

// radio makes btns a choice, one active at a time, and calls pick with
// the index the user activates.
func (p *panel) radio(btns []*widget.Button, initial int, pick func(int)) choiceRow {
	row := choiceRow{btns: btns, shown: new(int)}
	*row.shown = max(0, min(initial, len(btns)-1))
	var elems []widget.RadioGroupElement
	for _, b := range btns {
		elems = append(elems, b)
	}
	row.group = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[*row.shown]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for k, b := range row.btns {
				if b == a.Active && !p.syncing && k != *row.shown {
					*row.shown = k
					pick(k)
				}
			}
		}),
	)
	return row
}

// scrolled wraps the content in a scroll container with a slim bar, so
// the whole panel stays reachable in a short window.
func (p *panel) scrolled(s *style) *widget.Container {
	bg := euimage.NewNineSliceColor(colPanel)
	p.scroll = widget.NewScrollContainer(
		widget.ScrollContainerOpts.Content(p.content),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{Idle: bg, Mask: bg}),
	)
	p.bar = widget.NewSlider(
		widget.SliderOpts.Direction(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, 1000),
		widget.SliderOpts.FixedHandleSize(s.px(40)),
		widget.SliderOpts.Images(
			&widget.SliderTrackImage{Idle: euimage.NewNineSliceColor(colSection), Hover: euimage.NewNineSliceColor(colSection)},
			&widget.ButtonImage{
				Idle:    euimage.NewNineSliceColor(colBorder),
				Hover:   euimage.NewNineSliceColor(colDim),
				Pressed: euimage.NewNineSliceColor(colAccent),
			}),
		widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(s.px(8), 0)),
		widget.SliderOpts.ChangedHandler(func(a *widget.SliderChangedEventArgs) {
			p.scroll.ScrollTop = float64(a.Current) / 1000
		}),
	)
	root := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(bg),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
			widget.GridLayoutOpts.Padding(&widget.Insets{Right: s.px(2)}),
		)),
	)
	root.AddChild(p.scroll, p.bar)
	return root
}

// wheelStep is how far one notch of the wheel scrolls the panel, in
// logical pixels.
const wheelStep = 60

// wheel scrolls the panel by dy notches of the wheel (up for dy > 0), at
// most to either end, and reports whether it moved.
func (p *panel) wheel(s *style, dy float64) bool {
	over := p.content.GetWidget().Rect.Dy() - p.scroll.ViewRect().Dy()
	if over <= 0 || dy == 0 {
		return false
	}
	top := p.scroll.ScrollTop - dy*float64(s.px(wheelStep))/float64(over)
	top = max(0, min(1, top))
	moved := top != p.scroll.ScrollTop
	p.scroll.ScrollTop = top
	p.bar.Current = int(math.Round(top * 1000))
	return moved
}

// placeTips puts every tooltip of the panel beside it, over the map's
// edge at the height of its control, so that it covers no other control
// of the panel.
func (p *panel) placeTips(s *style) {
	left := p.root.GetWidget().Rect.Min.X
	eachWidget(p.content, func(w *widget.Widget) {
		for _, t := range w.ToolTips {
			t.Position = widget.TOOLTIP_POS_WIDGET
			t.AnchorOriginHorizontal, t.AnchorOriginVertical = widget.TOOLTIP_ANCHOR_START, widget.TOOLTIP_ANCHOR_MIDDLE
			t.ContentOriginHorizontal, t.ContentOriginVertical = widget.TOOLTIP_ANCHOR_END, widget.TOOLTIP_ANCHOR_MIDDLE
			t.Offset = image.Pt(left-w.Rect.Min.X-s.px(6), 0)
		}
	})
}

// followTips keeps p.tip the tooltip shown, if any.
func (p *panel) followTips() {
	eachWidget(p.content, func(w *widget.Widget) {
		if len(w.ToolTips) == 0 {
			return
		}
		w.ToolTipEvent.AddHandler(func(a any) {
			switch e, ok := a.(*widget.WidgetToolTipEventArgs); {
			case !ok:
			case e.Show:
				p.tip = e.Window
			case p.tip == e.Window:
				p.tip = nil
			}
		})
	})
}

// eachWidget calls f with the widget of c and of everything in it
// (testhooks_js.go walks the children for the browser tests).
func eachWidget(c widget.HasWidget, f func(w *widget.Widget)) {
	f(c.GetWidget())
	if cc, ok := c.(widget.Containerer); ok {
		for _, ch := range cc.Children() {
			eachWidget(ch, f)
		}
	}
}

// fit shows the scroll bar only when the content is taller than the panel.
func (p *panel) fit() {
	view, content := p.scroll.ViewRect().Dy(), p.content.GetWidget().Rect.Dy()
	if content <= view {
		p.bar.GetWidget().SetVisibility(widget.Visibility_Hide_Blocking)
		p.bar.Current = 0
		p.scroll.ScrollTop = 0
		return
	}
	p.bar.GetWidget().SetVisibility(widget.Visibility_Show)
}

func (p *panel) section(s *style, title string) widget.PreferredSizeLocateableWidget {
	return widget.NewText(widget.TextOpts.Text(title, &s.bold, colAccent),
		widget.TextOpts.Padding(&widget.Insets{Top: s.px(8)}))
}

// addTerrain adds the terrain choice: Keep (leave each cell's terrain as
// it is) or one of the five swatches. The active one is drawn pressed,
// so what a stroke applies is plain to see.
func (p *panel) addTerrain(s *style, set *tools.Settings) {
	row := s.grid([]bool{true, false, false, false, false, false}, 4)
	keep := s.toggle("Keep", 44)
	s.withTip(keep, "Leave each cell's terrain as it is")
	row.AddChild(keep)
	btns := []*widget.Button{keep}
	for t := range hexmap.TerrainTypeCount {
		btn := s.swatch(palette.Terrain[t], "Paint "+terrainLabel(uint8(t)))
		row.AddChild(btn)
		btns = append(btns, btn)
	}
	p.terrain = p.radio(btns, terrainChoice(set), func(k int) {
		set.ApplyTerrain = k > 0
		if k > 0 {
			set.Terrain = uint8(k - 1)
		}
	})
	p.content.AddChild(row)
}

// terrainChoice is the terrain button the settings select: Keep (0) or
// a swatch.
func terrainChoice(set *tools.Settings) int {
	if !set.ApplyTerrain {
		return 0
	}
	return 1 + int(min(set.Terrain, hexmap.TerrainTypeCount-1))
}

// addValueRow adds a row's toggle, slider and readout. Moving the slider
// turns the toggle on (wanting a value means wanting to apply it); the
// readout is dim while the value is not applied.
func (p *panel) addValueRow(s *style, grid *widget.Container, r *valueRow) {
	if r.apply != nil {
		r.check = s.checkbox(r.name, *r.apply, func(on bool) {
			*r.apply = on
			p.showApplied(r)
		})
		grid.AddChild(s.withTip(r.check, "Apply: "+r.tip))
	} else {
		grid.AddChild(s.withTip(s.label(r.name, colText), r.tip))
	}
	r.readout = s.label(fmt.Sprint(*r.value), colAccent)
	r.readout.GetWidget().MinWidth = s.px(18)
	r.slider = s.slider(r.lo, r.hi, *r.value, func(v int) {
		// ebitenui reports a change when the slider next draws, also one
		// that sync made; only a value the settings do not hold yet is
		// the user's.
		moved := v != *r.value
		*r.value = v
		r.readout.Label = fmt.Sprint(v)
		if moved && r.apply != nil && !*r.apply {
			*r.apply = true
			r.check.SetState(widget.WidgetChecked)
		}
		p.showApplied(r)
	})
	s.withTip(r.slider, r.tip)
	grid.AddChild(r.slider, r.readout)
	p.rows = append(p.rows, r)
	p.showApplied(r)
}

// showApplied colours a row's readout by whether its value is applied.
func (p *panel) showApplied(r *valueRow) {
	if r.apply != nil && !*r.apply {
		r.readout.SetColor(colDim)
	} else {
		r.readout.SetColor(colAccent)
	}
}

var modeTips = [3][3]string{
	{"Leave rivers alone", "Drag from cell to cell to draw a river downhill", "Remove the cells' rivers"},
	{"Leave roads alone", "Drag from cell to cell to draw a road", "Remove the cells' roads"},
	{"Leave walls alone", "Wall the cells in", "Take the cells' walls down"},
}

func (p *panel) addModeRow(s *style, grid *widget.Container, k int, name string, m *tools.Mode) {
	grid.AddChild(s.label(name, colText))
	btns := s.grid([]bool{true, true, true}, 3)
	var labels []string
	for _, mode := range []tools.Mode{tools.Ignore, tools.Yes, tools.No} {
		labels = append(labels, mode.String())
	}
	p.modes[k] = p.choices(s, btns, labels, modeTips[k][:], int(*m), func(i int) { *m = tools.Mode(i) })
	grid.AddChild(btns)
}

// addResolution adds the choice of the 3D view's resolution: automatic
// (lowered while frames are slow) or a fixed share of the window's.
func (p *panel) addResolution(s *style, view *viewSettings, changed func()) {
	row := s.grid([]bool{false, true, true, true, true}, 3)
	row.AddChild(s.label("Resolution", colText))
	var elems []widget.RadioGroupElement
	initial := 0
	for i, r := range prefs.Resolutions() {
		name := "Auto"
		if r != prefs.Auto {
			name = fmt.Sprintf("%d%%", r)
		}
		if r == view.Quality.Resolution {
			initial = i
		}
		b := s.toggle(name, 40)
		tip := "The 3D view at full resolution, lowered while frames are slow"
		if r != prefs.Auto {
			tip = fmt.Sprintf("The 3D view at %d%% of the window's resolution", r)
		}
		s.withTip(b, tip)
		row.AddChild(b)
		p.resBtns = append(p.resBtns, b)
		elems = append(elems, b)
	}
	p.resGroup = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[initial]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for i, b := range p.resBtns {
				if r := prefs.Resolutions()[i]; b == a.Active && !p.syncing && r != view.Quality.Resolution {
					view.Quality.Resolution = r
					changed()
				}
			}
		}),
	)
	p.content.AddChild(row)
}

// sync shows settings changed outside the panel (shortcuts, tests).
func (p *panel) sync(set *tools.Settings, view *viewSettings) {
	p.syncing = true
	defer func() { p.syncing = false }()
	set.Clamp()
	for _, r := range p.rows {
		if r.apply != nil {
			r.check.SetState(state(*r.apply))
		}
		r.slider.Current = *r.value
		r.readout.Label = fmt.Sprint(*r.value)
		p.showApplied(r)
	}
	p.terrain.set(terrainChoice(set))
	p.tool.set(int(set.Tool))
	p.match.set(int(set.Match))
	p.symmetry.set(int(set.Symmetry))
	for k, m := range []tools.Mode{set.River, set.Road, set.Walled} {
		p.modes[k].set(int(m))
	}
	for _, v := range p.views {
		v.box.SetState(state(*v.on))
	}
	p.shadows.SetState(state(view.Quality.Shadows))
	for i, r := range prefs.Resolutions() {
		if r == view.Quality.Resolution {
			p.resGroup.SetActive(p.resBtns[i])
		}
	}
	p.pieces.sync(set)
	p.scenario.areas.syncName(set.Area)
}

func state(on bool) widget.WidgetState {
	if on {
		return widget.WidgetChecked
	}
	return widget.WidgetUnchecked
}

// swatch is a toggle button filled with colour c, named by its tool tip;
// pressed, its thick accent border says it is what is applied.
func (s *style) swatch(c color.NRGBA, tip string) *widget.Button {
	b := s.px(2)
	img := &widget.ButtonImage{
		Idle:         euimage.NewBorderedNineSliceColor(c, colBorder, b),
		Hover:        euimage.NewBorderedNineSliceColor(c, colDim, b),
		Pressed:      euimage.NewBorderedNineSliceColor(c, colAccent, s.px(4)),
		PressedHover: euimage.NewBorderedNineSliceColor(c, colAccent, s.px(4)),
		Disabled:     euimage.NewBorderedNineSliceColor(c, colBorder, b),
	}
	btn := widget.NewButton(
		widget.ButtonOpts.Image(img),
		widget.ButtonOpts.ToggleMode(),
		widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(s.px(34), s.px(28))),
	)
	s.withTip(btn, tip)
	return btn
}
