package editor

import (
	"fmt"
	"image/color"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/prefs"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/units"
)

// terrainColors are the swatches of the five terrain types, close to the
// textures the renderer paints them with.
var terrainColors = [hexmap.TerrainTypeCount]color.NRGBA{
	{0xd8, 0xc8, 0x8a, 0xff}, // sand
	{0x6a, 0xa0, 0x48, 0xff}, // grass
	{0x7a, 0x5c, 0x40, 0xff}, // mud
	{0x8c, 0x8c, 0x90, 0xff}, // stone
	{0xf0, 0xf4, 0xf8, 0xff}, // snow
}

var terrainNames = [hexmap.TerrainTypeCount]string{"Sand", "Grass", "Mud", "Stone", "Snow"}

// Panel width in logical pixels.
const panelWidth = 300

// valueRow is one "apply toggle + value" row of the panel.
type valueRow struct {
	name    string
	apply   *bool
	value   *int
	lo, hi  int
	check   *widget.Checkbox
	slider  *widget.Slider
	readout *widget.Text
}

// panel is the tool panel: it edits the game's settings in place and
// calls back for file and history actions.
type panel struct {
	root     *widget.Container // the panel: content and scroll bar
	content  *widget.Container
	scroll   *widget.ScrollContainer
	bar      *widget.Slider
	rows     []*valueRow
	terrain  *widget.Checkbox
	swatches []*widget.Button
	swGroup  *widget.RadioGroup
	modes    [3]*widget.RadioGroup
	modeBtns [3][]*widget.Button
	brush    *valueRow
	gridBox  *widget.Checkbox
	labelBox *widget.Checkbox
	shadows  *widget.Checkbox
	resGroup *widget.RadioGroup
	resBtns  []*widget.Button
	distBox  *widget.Checkbox
	unitMode *widget.RadioGroup
	unitBtns []*widget.Button
	sideGrp  *widget.RadioGroup
	sideBtns []*widget.Button
	title    *widget.Text
	syncing  bool // sync is setting widgets: their handlers must not infer intent
}

// panelActions are what the panel's buttons do.
type panelActions struct {
	New, Open, Save, SaveAs, Import, Export, Undo, Redo, Shot, Play func()
	Fit                                                             func() // frame the whole map
	// Browser: the map lives in the browser's storage, so the panel
	// offers Download where the desktop offers a screenshot (F12 still
	// takes one).
	Browser  bool
	Download func()
	// Quality: the shadows or resolution choice changed (in the view
	// settings).
	Quality func()
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
	last := struct {
		t string
		f func()
	}{"Shot", act.Shot}
	if act.Browser {
		last.t, last.f = "Download", act.Download
	}
	for _, b := range []struct {
		t string
		f func()
	}{{"New…", act.New}, {"Open…", act.Open}, {"Save", act.Save}, {"Save as…", act.SaveAs},
		{"Import…", act.Import}, {"Export…", act.Export}, {"Undo", act.Undo}, {"Redo", act.Redo}, last} {
		files.AddChild(s.button(b.t, 50, b.f))
	}
	p.content.AddChild(files)
	playRow := s.grid([]bool{true}, 4)
	playRow.AddChild(s.button("Play (Tab)", 100, act.Play))
	p.content.AddChild(playRow)

	p.content.AddChild(p.section(s, "Terrain"))
	p.addTerrain(s, set)

	p.content.AddChild(p.section(s, "Cell values"))
	values := s.grid([]bool{false, true, false}, 6)
	for _, r := range []*valueRow{
		{name: "Elevation", apply: &set.ApplyElevation, value: &set.Elevation, lo: 0, hi: 6},
		{name: "Water", apply: &set.ApplyWater, value: &set.WaterLevel, lo: 0, hi: 6},
		{name: "Urban", apply: &set.ApplyUrban, value: &set.Urban, lo: 0, hi: 3},
		{name: "Farm", apply: &set.ApplyFarm, value: &set.Farm, lo: 0, hi: 3},
		{name: "Plant", apply: &set.ApplyPlant, value: &set.Plant, lo: 0, hi: 3},
		{name: "Special", apply: &set.ApplySpecial, value: &set.Special, lo: 0, hi: 3},
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

	p.content.AddChild(p.section(s, "Units"))
	p.addUnits(s, set)

	p.content.AddChild(p.section(s, "Brush"))
	brush := s.grid([]bool{false, true, false}, 6)
	p.brush = &valueRow{name: "Size", value: &set.BrushSize, lo: 0, hi: tools.MaxBrushSize}
	p.addValueRow(s, brush, p.brush)
	p.content.AddChild(brush)

	p.content.AddChild(p.section(s, "View"))
	vrow := s.grid([]bool{true, true}, 6)
	p.gridBox = s.checkbox("Grid", view.Grid, func(on bool) { view.Grid = on })
	p.labelBox = s.checkbox("Labels", view.Labels, func(on bool) { view.Labels = on })
	p.distBox = s.checkbox("Distances", view.Distances, func(on bool) {
		if !p.syncing {
			view.Distances = on
		}
	})
	vrow.AddChild(p.gridBox, p.labelBox, p.distBox)
	p.shadows = s.checkbox("Shadows", view.Quality.Shadows, func(on bool) {
		if !p.syncing && on != view.Quality.Shadows {
			view.Quality.Shadows = on
			act.Quality()
		}
	})
	vrow.AddChild(p.shadows)
	p.content.AddChild(vrow)
	p.addResolution(s, view, act.Quality)
	p.content.AddChild(s.button("Fit map", 50, act.Fit))
	p.content.AddChild(widget.NewText(widget.TextOpts.Text(
		"Drag: paint · WASD/arrows: move\nWheel: zoom · Q/E: rotate · Home: fit map\nCtrl+Z/Y: undo/redo · Ctrl+S: save\nTab: play",
		&s.small, colDim)))
	return p
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
	p.scroll.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		if a, ok := args.(*widget.WidgetScrolledEventArgs); ok {
			p.bar.Current = max(0, min(1000, p.bar.Current-int(a.Y*100)))
		}
	})
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

func (p *panel) addTerrain(s *style, set *tools.Settings) {
	row := s.grid([]bool{false, false, false, false, false, false}, 4)
	p.terrain = s.checkbox("", set.ApplyTerrain, func(on bool) { set.ApplyTerrain = on })
	row.AddChild(p.terrain)
	var elems []widget.RadioGroupElement
	for t := range hexmap.TerrainTypeCount {
		btn := s.swatch(terrainColors[t], terrainNames[t])
		p.swatches = append(p.swatches, btn)
		elems = append(elems, btn)
	}
	row.AddChild(p.swatchWidgets()...)
	p.swGroup = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[min(int(set.Terrain), len(elems)-1)]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for i, b := range p.swatches {
				if b == a.Active && !p.syncing && uint8(i) != set.Terrain {
					set.Terrain = uint8(i)
					// Picking another colour means wanting to paint it.
					set.ApplyTerrain = true
					p.terrain.SetState(widget.WidgetChecked)
				}
			}
		}),
	)
	p.content.AddChild(row)
}

func (p *panel) swatchWidgets() []widget.PreferredSizeLocateableWidget {
	out := make([]widget.PreferredSizeLocateableWidget, len(p.swatches))
	for i, b := range p.swatches {
		out[i] = b
	}
	return out
}

func (p *panel) addValueRow(s *style, grid *widget.Container, r *valueRow) {
	if r.apply != nil {
		r.check = s.checkbox(r.name, *r.apply, func(on bool) { *r.apply = on })
		grid.AddChild(r.check)
	} else {
		grid.AddChild(s.label(r.name, colText))
	}
	r.readout = s.label(fmt.Sprint(*r.value), colAccent)
	r.readout.GetWidget().MinWidth = s.px(18)
	r.slider = s.slider(r.lo, r.hi, *r.value, func(v int) {
		*r.value = v
		r.readout.Label = fmt.Sprint(v)
	})
	grid.AddChild(r.slider, r.readout)
	p.rows = append(p.rows, r)
}

func (p *panel) addModeRow(s *style, grid *widget.Container, k int, name string, m *tools.Mode) {
	grid.AddChild(s.label(name, colText))
	btns := s.grid([]bool{true, true, true}, 3)
	var elems []widget.RadioGroupElement
	for _, mode := range []tools.Mode{tools.Ignore, tools.Yes, tools.No} {
		b := s.toggle(mode.String(), 52)
		btns.AddChild(b)
		p.modeBtns[k] = append(p.modeBtns[k], b)
		elems = append(elems, b)
	}
	grid.AddChild(btns)
	p.modes[k] = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[*m]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for i, b := range p.modeBtns[k] {
				if b == a.Active {
					*m = tools.Mode(i)
				}
			}
		}),
	)
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
	for _, r := range p.rows {
		if r.apply != nil {
			r.check.SetState(state(*r.apply))
		}
		r.slider.Current = *r.value
		r.readout.Label = fmt.Sprint(*r.value)
	}
	p.terrain.SetState(state(set.ApplyTerrain))
	p.swGroup.SetActive(p.swatches[min(int(set.Terrain), len(p.swatches)-1)])
	for k, m := range []tools.Mode{set.River, set.Road, set.Walled} {
		p.modes[k].SetActive(p.modeBtns[k][m])
	}
	p.gridBox.SetState(state(view.Grid))
	p.labelBox.SetState(state(view.Labels))
	p.shadows.SetState(state(view.Quality.Shadows))
	for i, r := range prefs.Resolutions() {
		if r == view.Quality.Resolution {
			p.resGroup.SetActive(p.resBtns[i])
		}
	}
	p.distBox.SetState(state(view.Distances))
	p.unitMode.SetActive(p.unitBtns[set.Units])
	p.sideGrp.SetActive(p.sideBtns[max(1, min(hexmap.MaxSides, set.UnitSide))-1])
}

// addUnits adds the unit tool: off, place or remove a unit on the cell
// clicked, and the side new units belong to, in its colour.
func (p *panel) addUnits(s *style, set *tools.Settings) {
	modes := s.grid([]bool{true, true, true}, 3)
	var elems []widget.RadioGroupElement
	for _, name := range []string{"Off", "Place", "Remove"} {
		b := s.toggle(name, 60)
		modes.AddChild(b)
		p.unitBtns = append(p.unitBtns, b)
		elems = append(elems, b)
	}
	p.content.AddChild(modes)
	p.unitMode = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[set.Units]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for i, b := range p.unitBtns {
				if b == a.Active && !p.syncing {
					set.Units = tools.Mode(i)
				}
			}
		}),
	)
	sides := s.grid([]bool{false, false, false, false, true}, 4)
	elems = nil
	for side := 1; side <= hexmap.MaxSides; side++ {
		c := units.SideColor(side)
		col := color.NRGBA{uint8(c[0] * 255), uint8(c[1] * 255), uint8(c[2] * 255), 0xff}
		b := s.swatch(col, units.SideName(side))
		sides.AddChild(b)
		p.sideBtns = append(p.sideBtns, b)
		elems = append(elems, b)
	}
	sides.AddChild(s.label("side", colDim))
	p.content.AddChild(sides)
	p.sideGrp = widget.NewRadioGroup(
		widget.RadioGroupOpts.Elements(elems...),
		widget.RadioGroupOpts.InitialElement(elems[max(1, min(hexmap.MaxSides, set.UnitSide))-1]),
		widget.RadioGroupOpts.ChangedHandler(func(a *widget.RadioGroupChangedEventArgs) {
			for i, b := range p.sideBtns {
				if b == a.Active && !p.syncing {
					set.UnitSide = i + 1
					// Picking a side means wanting to place its units.
					set.Units = tools.Yes
					p.unitMode.SetActive(p.unitBtns[tools.Yes])
				}
			}
		}),
	)
}

func state(on bool) widget.WidgetState {
	if on {
		return widget.WidgetChecked
	}
	return widget.WidgetUnchecked
}

// swatch is a toggle button filled with colour c, named by its tool tip.
func (s *style) swatch(c color.NRGBA, name string) *widget.Button {
	b := s.px(2)
	img := &widget.ButtonImage{
		Idle:         euimage.NewBorderedNineSliceColor(c, colBorder, b),
		Hover:        euimage.NewBorderedNineSliceColor(c, colDim, b),
		Pressed:      euimage.NewBorderedNineSliceColor(c, colAccent, s.px(3)),
		PressedHover: euimage.NewBorderedNineSliceColor(c, colAccent, s.px(3)),
		Disabled:     euimage.NewBorderedNineSliceColor(c, colBorder, b),
	}
	return widget.NewButton(
		widget.ButtonOpts.Image(img),
		widget.ButtonOpts.ToggleMode(),
		widget.ButtonOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(40), s.px(28)),
			widget.WidgetOpts.ToolTip(widget.NewTextToolTip(name, &s.small, colText, euimage.NewNineSliceColor(colSection))),
		),
	)
}
