package editor

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/mapgen"
	"hexsandbox/palette"
	"hexsandbox/topdown"
)

// The New map dialog: an empty map, or one made by Catlike's generator
// (mapgen), of the size asked for, wrapping east-west or not. For a
// generated map it offers the seed (a random one to start with), every
// generator setting, the common ones up front and the rest under
// Advanced, and a top-down preview that follows the settings: a worker
// goroutine generates the map whenever they change, one at a time, and
// the dialog shows the newest result. Generate replaces the map with it
// as one step that Undo takes back; pressed before the preview of the
// form is ready, it waits for the worker (the UI goes on, the status
// line says so) instead of generating on the UI goroutine, which for a
// big map would freeze the window for seconds.

// newMapSizes are Catlike's small, medium and large maps.
var newMapSizes = [][2]int{{20, 15}, {40, 30}, {80, 60}}

// Preview canvas size in logical pixels.
const previewW, previewH = 340, 250

// newMapForm is what the dialog asks for; equal forms make equal maps.
type newMapForm struct {
	top      hexmap.Topology
	seed     int64
	settings mapgen.Settings
}

// generatedMap is what the worker made of a form.
type generatedMap struct {
	form newMapForm
	grid *hexmap.Grid
	rep  mapgen.Report
	img  *image.RGBA
	took time.Duration
	err  error
}

// newMapHost is what the New map dialog uses of the editor: the
// session whose map it replaces, the messages, the view that then shows
// the new map, and whether the dialog holding its body is still open.
type newMapHost struct {
	sess      *files.Session
	errorf    func(format string, args ...any)
	info      func(msg string)
	resetView func()
	shown     func(body *widget.Container) bool
}

type newMapDialog struct {
	host     newMapHost
	form     newMapForm
	formErr  error // the size or seed fields do not parse
	body     *widget.Container
	wf, hf   *textField
	seed     *textField
	graphic  *widget.Graphic
	canvas   *ebiten.Image
	status   *widget.Text
	closeFn  func()
	noise    *noise.Noise                                // the noise of form.seed, shared by its previews
	running  bool                                        // the worker is generating
	pending  bool                                        // Generate was pressed: take the form's map when the worker has it
	generate func(newMapForm, *noise.Noise) generatedMap // what the worker runs (tests hold it up)
	done     chan generatedMap
	latest   *generatedMap             // the newest preview
	building bool                      // widgets are being made: their handlers must wait
	sliders  map[string]*widget.Slider // by setting flag, for tests
}

// newMapDialog opens the dialog, on the open map's size and wrapping.
func (g *game) newMapDialog() {
	s := g.win.style
	host := newMapHost{sess: g.sess, errorf: g.errorf, info: g.info, resetView: g.resetView, shown: g.dialogShown}
	d := &newMapDialog{host: host, done: make(chan generatedMap, 1), building: true, sliders: map[string]*widget.Slider{}, generate: generateForm}
	cur := g.sess.Grid.Topology()
	d.form = newMapForm{top: cur, seed: mapgen.NewSeed(), settings: mapgen.DefaultSettings()}

	left := s.vbox(8, nil, 0)
	left.AddChild(s.paragraph("Size in cells"), d.sizeRow(s))
	left.AddChild(s.paragraph(fmt.Sprintf("Custom sizes are multiples of %d, up to %d×%d: maps that large open in seconds, and the editor stays within about 1 GB of memory.",
		hexmap.ChunkSizeX, hexmap.MaxCellCount, hexmap.MaxCellCount)))
	wrap := s.grid([]bool{true}, 6)
	wrap.AddChild(s.checkbox("Wrap east-west", cur.Wrapping, func(on bool) {
		d.form.top.Wrapping = on
		d.changed()
	}))
	left.AddChild(wrap)
	left.AddChild(s.heading("Generate"), d.seedRow(s), d.settingsBook(s))

	right := s.vbox(6, nil, 0)
	d.canvas = ebiten.NewImage(s.px(previewW), s.px(previewH))
	d.canvas.Fill(palette.Back)
	d.graphic = widget.NewGraphic(widget.GraphicOpts.Image(d.canvas))
	d.status = widget.NewText(widget.TextOpts.Text("", &s.small, colDim),
		widget.TextOpts.MaxWidth(float64(s.px(previewW))))
	right.AddChild(s.paragraph("Preview (north up)"), d.graphic, d.status)

	columns := s.grid([]bool{true, false}, 16)
	columns.AddChild(left, right)
	// The actions stay in the body: they keep the dialog open when a
	// field is wrong (a dialog's choices close it first).
	actions := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(s.px(8)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Position: widget.RowLayoutPositionEnd})))
	actions.AddChild(s.button("Cancel", 80, func() { d.closeFn() }),
		s.button("Empty map", 80, d.createEmpty), s.button("Generate", 80, d.generateMap))
	d.body = s.vbox(10, nil, 0)
	d.body.AddChild(columns, actions)
	d.closeFn = g.dialog("New map", d.body)
	d.building = false
	g.newMap = d
	d.changed()
}

func (d *newMapDialog) sizeRow(s *style) *widget.Container {
	row := s.grid([]bool{false, false, false, false, false, false}, 6)
	for _, sz := range newMapSizes {
		row.AddChild(s.button(fmt.Sprintf("%d × %d", sz[0], sz[1]), 80, func() {
			d.wf.SetText(strconv.Itoa(sz[0]))
			d.hf.SetText(strconv.Itoa(sz[1]))
		}))
	}
	d.wf = d.field(s, strconv.Itoa(d.form.top.Width), "width", 50)
	d.hf = d.field(s, strconv.Itoa(d.form.top.Height), "height", 50)
	row.AddChild(d.wf, s.label("×", colText), d.hf)
	return row
}

func (d *newMapDialog) seedRow(s *style) *widget.Container {
	row := s.grid([]bool{false, true, false}, 6)
	d.seed = d.field(s, strconv.FormatInt(d.form.seed, 10), "seed", 120)
	row.AddChild(s.label("Seed", colText), d.seed, s.button("New seed", 90, func() {
		d.seed.SetText(strconv.FormatInt(mapgen.NewSeed(), 10))
	}))
	return row
}

// field is a text input that re-reads the form on every change.
func (d *newMapDialog) field(s *style, initial, placeholder string, width int) *textField {
	t := s.textField(initial, placeholder, width, nil)
	t.onChange = d.readFields
	return t
}

// readFields takes size and seed from their fields; a field that does
// not parse keeps the last good value and says why in the status line.
func (d *newMapDialog) readFields() {
	if d.building {
		return
	}
	d.formErr = nil
	w, errW := strconv.Atoi(strings.TrimSpace(d.wf.GetText()))
	h, errH := strconv.Atoi(strings.TrimSpace(d.hf.GetText()))
	switch {
	case errW != nil || errH != nil:
		d.formErr = fmt.Errorf("width and height must be whole numbers")
	default:
		if err := hexmap.ValidateSize(w, h); err != nil {
			d.formErr = err
		} else {
			d.form.top.Width, d.form.top.Height = w, h
		}
	}
	seed, err := strconv.ParseInt(strings.TrimSpace(d.seed.GetText()), 10, 64)
	if err == nil {
		err = mapgen.CheckSeed(seed)
	}
	if err != nil {
		d.formErr = fmt.Errorf("seed: a whole number 0..%d", mapgen.MaxSeed)
	} else if seed != d.form.seed {
		d.form.seed, d.noise = seed, nil
	}
	d.changed()
}

// settingsBook holds a slider per generator setting: the common ones on
// the first tab, the rest under Advanced.
func (d *newMapDialog) settingsBook(s *style) *widget.TabBook {
	common, advanced := s.grid([]bool{false, true, false}, 6), s.grid([]bool{false, true, false, false, true, false}, 6)
	for _, st := range mapgen.Table() {
		to := advanced
		if st.Common {
			to = common
		}
		d.addSetting(s, to, st)
	}
	tab := func(label string, c *widget.Container) *widget.TabBookTab {
		t := widget.NewTabBookTab(widget.TabBookTabOpts.Label(label),
			widget.TabBookTabOpts.ContainerOpts(widget.ContainerOpts.Layout(widget.NewAnchorLayout())))
		c.GetWidget().LayoutData = widget.AnchorLayoutData{StretchHorizontal: true}
		t.AddChild(c)
		return t
	}
	common1, advanced1 := tab("Common", common), tab("Advanced", advanced)
	return widget.NewTabBook(
		widget.TabBookOpts.TabButtonImage(s.buttonImage(false)),
		widget.TabBookOpts.TabButtonText(&s.face, &widget.ButtonTextColor{Idle: colText, Disabled: colDim}),
		widget.TabBookOpts.TabButtonMinSize(&image.Point{X: s.px(90), Y: s.px(24)}),
		widget.TabBookOpts.TabButtonSpacing(s.px(4)),
		widget.TabBookOpts.ContentPadding(widget.NewInsetsSimple(s.px(6))),
		widget.TabBookOpts.Tabs(common1, advanced1),
		widget.TabBookOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}))),
	)
}

// addSetting adds a label, a slider in the setting's steps and a readout.
func (d *newMapDialog) addSetting(s *style, to *widget.Container, st mapgen.Setting) {
	steps := int(math.Round((st.Max - st.Min) / st.Step))
	value := func(k int) float64 { return st.Min + float64(k)*st.Step }
	current := int(math.Round((st.Get(&d.form.settings) - st.Min) / st.Step))
	readout := widget.NewText(widget.TextOpts.Text(st.Format(value(current)), &s.small, colDim),
		widget.TextOpts.WidgetOpts(widget.WidgetOpts.MinSize(s.px(44), 0),
			widget.WidgetOpts.LayoutData(widget.GridLayoutData{VerticalPosition: widget.GridLayoutPositionCenter})))
	slider := s.slider(0, steps, current, func(k int) {
		st.Set(&d.form.settings, value(k))
		readout.Label = st.Format(value(k))
		if !d.building {
			d.changed()
		}
	})
	slider.GetWidget().MinWidth = s.px(110)
	d.sliders[st.Flag] = slider
	to.AddChild(s.label(st.Label, colText), slider, readout)
}

// changed asks for a preview of the form as it is now.
func (d *newMapDialog) changed() {
	if d.building {
		return
	}
	if d.formErr != nil {
		d.status.Label = d.formErr.Error()
		return
	}
	if !d.running {
		d.start()
	}
}

// start generates the form's map on the worker goroutine.
func (d *newMapDialog) start() {
	if d.noise == nil {
		d.noise = noise.New(d.form.seed)
	}
	d.running = true
	form, noise, out, gen := d.form, d.noise, d.done, d.generate
	w, h := d.canvas.Bounds().Dx(), d.canvas.Bounds().Dy()
	d.status.Label = "Generating…"
	if d.pending {
		d.status.Label = generatingToOpen
	}
	go func() {
		start := wallClock() // the machine's time: how long generating took
		r := gen(form, noise)
		if r.err == nil {
			r.img = topdown.Preview(r.grid, w, h)
		}
		r.took = wallClock().Sub(start)
		out <- r
	}()
}

// generatingToOpen is the status while Generate waits for the worker.
const generatingToOpen = "Generating… the map opens when it is ready"

// generateForm runs Catlike's generator on a form.
func generateForm(form newMapForm, n *noise.Noise) generatedMap {
	grid, rep, err := mapgen.HexMapGenerator{Settings: form.settings}.GenerateMapWithNoise(form.top, n)
	return generatedMap{form: form, grid: grid, rep: rep, err: err}
}

// poll takes the worker's result, shows it and, when the form changed
// meanwhile, starts the next; the game calls it every frame. It reports
// whether the dialog still needs polling: false once it is closed and
// its worker idle.
func (d *newMapDialog) poll() bool {
	select {
	case r := <-d.done:
		d.running = false
		if d.open() {
			d.show(r)
			switch {
			case r.form != d.form && d.formErr == nil:
				d.start()
			case r.form == d.form && d.pending:
				d.pending = false
				if r.err == nil { // else the status line says why
					d.generateMap()
				}
			}
		}
	default:
	}
	return d.running || d.open()
}

// open reports whether the dialog is still on screen.
func (d *newMapDialog) open() bool { return d.host.shown(d.body) }

func (d *newMapDialog) show(r generatedMap) {
	if r.err != nil {
		d.status.Label = r.err.Error()
		return
	}
	d.latest = &r
	d.canvas.Fill(palette.Back)
	pic := ebiten.NewImageFromImage(r.img)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(d.canvas.Bounds().Dx()-r.img.Bounds().Dx())/2, float64(d.canvas.Bounds().Dy()-r.img.Bounds().Dy())/2)
	d.canvas.DrawImage(pic, op)
	pic.Deallocate()
	land := 0
	for _, c := range r.grid.Cells() {
		if !c.IsUnderwater() {
			land++
		}
	}
	d.status.Label = fmt.Sprintf("Seed %d: %d%% land, %d rivers · %d ms",
		r.form.seed, (100*land+r.grid.Topology().CellCount()/2)/r.grid.Topology().CellCount(), r.rep.Rivers, r.took.Milliseconds())
}

// createEmpty makes an empty map of the chosen size and wrapping.
func (d *newMapDialog) createEmpty() {
	if !d.valid() {
		return
	}
	h := d.host
	if err := h.sess.NewMapOf(d.form.top, d.form.seed); err != nil {
		h.errorf("%v", err)
		return
	}
	d.finish()
	h.info(fmt.Sprintf("New %s map", mapShape(d.form.top)))
}

// generateMap replaces the map with the preview's, as one undoable step;
// while the worker is still making the preview of the form as it stands,
// it asks for the map once that is ready (a form changed meanwhile gets
// its own preview first).
func (d *newMapDialog) generateMap() {
	if !d.valid() {
		return
	}
	h := d.host
	if d.latest == nil || d.latest.form != d.form {
		d.pending = true
		if !d.running {
			d.start()
		}
		d.status.Label = generatingToOpen
		return
	}
	d.pending = false
	grid := d.latest.grid
	h.sess.ReplaceUndoable(grid)
	d.finish()
	msg := fmt.Sprintf("Generated a %d×%d map, seed %d (Ctrl+Z takes it back)", d.form.top.Width, d.form.top.Height, d.form.seed)
	fmt.Println(msg) // the seed stays on record, so the map can be made again
	h.info(msg)
}

// valid reports a bad field instead of acting on it.
func (d *newMapDialog) valid() bool {
	if d.formErr != nil {
		d.host.errorf("%v", d.formErr)
		return false
	}
	return true
}

// finish closes the dialog and shows the new map.
func (d *newMapDialog) finish() {
	d.closeFn()
	d.host.sess.Suggested = "" // the previous map's name is not this one's
	d.host.resetView()
}
