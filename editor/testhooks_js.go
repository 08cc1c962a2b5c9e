//go:build js && testhooks

// The test hooks of window.hexsandbox: calls that read and steer the
// editor for the browser tests (web/e2e builds the game with
// -tags testhooks). The shipped build has none of them.

package editor

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"syscall/js"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/chunk"
	"hexsandbox/editor/files"
	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/render/project"
)

// testCall runs one test hook; ok is false for a name it does not know.
func (g *game) testCall(p *page, name, arg string) (res any, ok bool, err error) {
	if res, ok, err := g.mapCall(p, name, arg); ok {
		return res, true, err
	}
	if res, ok, err := g.playCall(name, arg); ok {
		return res, true, err
	}
	return g.viewCall(p, name, arg)
}

// mapCall runs the calls about the map and its files; ok is false for a
// name it does not know.
func (g *game) mapCall(p *page, name, arg string) (res any, ok bool, err error) {
	switch name {
	case "map": // the current map in the product's format, base64
		res, err = encoded(g.sess.Grid)
	case "open":
		if _, err = g.sess.Open(arg); err == nil {
			g.resetView()
		}
	case "new": // an empty 20×15 map, as File ▸ New does; "wrapping": one that wraps
		top := hexmap.Topology{Width: 20, Height: 15, Wrapping: arg == "wrapping"}
		if err = g.sess.NewMapOf(top, g.sess.Grid.Noise().Seed()); err == nil {
			g.sess.Suggested = "" // as File ▸ New: the previous map's name is not this one's
			g.resetView()
		}
	case "list":
		var list []files.Entry
		if list, err = g.sess.Store.List(); err == nil {
			res, err = jsonString(list)
		}
	case "download":
		err = files.Download(g.sess.Title(), g.sess.Grid)
	case "share": // Share, as the button does
		g.shareLink()
	case "recovery": // the recovery autosave, base64; "" if none
		res, err = g.recovery()
	case "clock": // run the editor's clock this many seconds ahead (autosave)
		var d time.Duration
		if d, err = time.ParseDuration(arg + "s"); err == nil {
			g.clock.source = func() time.Time { return wallClock().Add(d) }
		}
	default:
		return nil, false, nil
	}
	return res, true, err
}

// viewCall runs the calls about the editor's state and view.
func (g *game) viewCall(p *page, name, arg string) (res any, ok bool, err error) {
	switch name {
	case "status":
		res, err = g.pageStatus(p)
	case "settings": // a JSON patch of tools.Settings
		if err = json.Unmarshal([]byte(arg), &g.edit.settings); err == nil {
			g.edit.panel.sync(&g.edit.settings, &g.view)
		}
	case "tool": // choose the tool named arg ("Brush", "Units", "Town" …), as its button does
		err = g.chooseTool(arg)
	case "camera": // a JSON patch of the camera (X, Z, Zoom, Rotation); "" resets
		if arg == "" {
			g.resetView()
		} else if err = json.Unmarshal([]byte(arg), &g.cam); err == nil {
			g.cam.Clamp()
		}
	case "depthCheck":
		res, err = g.depthCheck()
	case "quality": // a JSON patch of the quality settings (editor/prefs)
		q := g.view.Quality
		if err = json.Unmarshal([]byte(arg), &q); err == nil {
			g.view.Quality = q
			g.edit.panel.sync(&g.edit.settings, &g.view)
			g.qualityChanged()
		}
	case "drawDelay": // make every frame at least this many milliseconds long
		var ms int
		if ms, err = strconv.Atoi(arg); err == nil {
			g.hooks.drawDelay = time.Duration(ms) * time.Millisecond
		}
	case "touchHold": // how long in milliseconds a finger is held still for a long press
		var ms int
		if ms, err = strconv.Atoi(arg); err == nil {
			g.inp.fingers.rec.Hold = time.Duration(ms) * time.Millisecond
		}
	case "stillness": // idle, asleep between frames, the frames kept so far, the detail still to build
		res, err = jsonString(struct {
			Idle, Asleep  bool
			Kept, Pending int
		}{g.quality.still.Idle(g.clock.now), g.quality.waker.asleep, g.quality.still.Kept, g.scene.Pending()})
	case "probe": // what the input tests look at
		res, err = g.probe()
	case "cellScreen": // where cell arg's centre is on the screen, [x, y]
		var i int
		if i, err = strconv.Atoi(arg); err == nil && (i < 0 || i >= g.sess.Grid.Topology().CellCount()) {
			err = fmt.Errorf("no cell %d", i)
		}
		if err == nil {
			x, y := g.cellScreen(i)
			res, err = jsonString([2]int{x, y})
		}
	default:
		return nil, false, nil
	}
	if err != nil {
		err = fmt.Errorf("%s: %v", name, err)
	}
	return res, true, err
}

// chooseTool makes the tool named name the editor's.
func (g *game) chooseTool(name string) error {
	for t := range tools.ToolCount {
		if t.String() == name {
			g.edit.settings.Tool = t
			g.edit.panel.sync(&g.edit.settings, &g.view)
			return nil
		}
	}
	return fmt.Errorf("no tool %q", name)
}

// undoSteps is the number of undo steps the map has.
func (g *game) undoSteps() int {
	u, _ := g.sess.History.Len()
	return u
}

// probe describes the editor for the input tests: the Grid toggle and
// where its check box is, open dialogs and the focused text field, the
// camera's rotation, the cell in the middle of the map view, and the
// input's frame time.
func (g *game) probe() (string, error) {
	r := g.edit.panel.views[0].box.GetWidget().Rect // the Grid toggle
	mr := g.mapRect()
	mid, _, _ := g.scene.Pick(&g.cam, mr.Dx(), mr.Dy(), float64(mr.Dx()/2), float64(mr.Dy()/2))
	field := ""
	if f := g.focusedField(); f != nil {
		field = f.GetText()
	}
	return jsonString(map[string]any{
		"grid": g.view.Grid, "gridBox": [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y},
		"dialogs": len(g.dialogs), "field": field, "rotation": g.cam.Rotation, "zoom": g.cam.Zoom, "centre": mid,
	})
}

func encoded(g *hexmap.Grid) (string, error) {
	data, err := files.Encode(g)
	return base64.StdEncoding.EncodeToString(data), err
}

func jsonString(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// recovery is the newest autosave in the browser's storage, whichever
// tab wrote it (the tests look at it across a reload).
func (g *game) recovery() (string, error) {
	b, ok := g.sess.Store.(*files.Browser)
	if !ok {
		return "", errors.New("not the browser's storage")
	}
	rg, _, err := b.NewestRecovery()
	if errors.Is(err, files.ErrNoRecovery) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return encoded(rg)
}

// status describes the editor for the tests: map name, unsaved changes,
// screen size, open dialogs and the part of the screen that shows the
// map (left of the panel, above the status line).
func (g *game) pageStatus(p *page) (string, error) {
	view := g.mapRect()
	if pw := g.edit.panel.root.GetWidget(); pw.Rect.Min.X > view.Min.X && (g.mode != mode(g.edit) || shows(pw)) {
		pr := pw.Rect
		view.Max.X = min(view.Max.X, pr.Min.X)
	}
	preview := g.newMap != nil && !g.newMap.running && g.newMap.latest != nil && g.newMap.latest.form == g.newMap.form
	mini := g.mini.rect
	return jsonString(map[string]any{
		"name": g.sess.Name, "title": g.mapTitle(), "modified": g.sess.Modified(), "width": g.win.w, "height": g.win.h,
		"dialogs": len(g.dialogs), "mapRect": [4]int{view.Min.X, view.Min.Y, view.Max.X, view.Max.Y},
		"preview": preview, "buttons": g.dialogButtons(), "dialogText": g.dialogText(), "panelButtons": buttonsIn(g.edit.panel.content),
		"hover": g.ptr.cur.ok, "hoverCell": g.ptr.cur.cell, "tool": g.edit.settings.Tool.String(), "selected": g.edit.sel.Len(),
		"pasting": g.edit.paste != nil, "minimap": [4]int{mini.Min.X, mini.Min.Y, mini.Max.X, mini.Max.Y},
		"camera": [2]float64{g.cam.X, g.cam.Z}, "undo": g.undoSteps(), "notice": g.liveNotice(), "drawer": g.drawer.open, "playing": g.mode == mode(g.play),
		"controls": g.shownControls(), "statusBoxes": g.statusRects(), "mapButtons": g.mapButtonRects(),
	})
}

// shownControls are the newest dialog's buttons, check boxes and
// sliders, or with no dialog open the shown panel's or the game bar's,
// those that can be seen, each a rectangle [x0, y0,
// x1, y1] in device pixels by a name: the kind and the label ("button
// Open", "checkbox", "slider"), with "#k" after the k-th of a name
// from the second on.
func (g *game) shownControls() map[string][4]int {
	out := map[string][4]int{}
	add := func(c *widget.Container) {
		n := map[string]int{}
		walkWidgets(c, func(w widget.PreferredSizeLocateableWidget) {
			ww := w.GetWidget()
			if !ww.IsVisible() || ww.Rect.Empty() {
				return
			}
			var name string
			switch w := w.(type) {
			case *widget.Button:
				if name = "button"; w.Text() != nil {
					name += " " + w.Text().Label
				}
			case *widget.Checkbox:
				name = "checkbox"
			case *widget.Slider:
				name = "slider"
			default:
				return
			}
			if n[name]++; n[name] > 1 {
				name += " #" + strconv.Itoa(n[name])
			}
			r := ww.Rect
			out[name] = [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
		})
	}
	switch {
	case len(g.dialogs) > 0:
		add(g.dialogs[len(g.dialogs)-1].c)
	case g.mode == mode(g.edit) && shows(g.edit.panel.root.GetWidget()):
		add(g.edit.panel.content)
	case g.mode == mode(g.play):
		add(g.play.bar.root)
	}
	return out
}

// statusRects are where the status line's left and right texts are
// drawn, [x0, y0, x1, y1] each.
func (g *game) statusRects() [2][4]int {
	lb, rb := g.statusBoxes(g.statusText())
	return [2][4]int{{lb.Min.X, lb.Min.Y, lb.Max.X, lb.Max.Y}, {rb.Min.X, rb.Min.Y, rb.Max.X, rb.Max.Y}}
}

// mapButtonRects are the map buttons by label, [x0, y0, x1, y1] each.
func (g *game) mapButtonRects() map[string][4]int {
	out := map[string][4]int{}
	for k, b := range g.mapButtons() {
		r := g.mapButtonRect(k)
		out[g.mapButtonLabel(b)] = [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
	}
	return out
}

// dialogButtons maps the labels of the newest dialog's buttons to their
// centres in device pixels, so that tests can click them.
func (g *game) dialogButtons() map[string][2]int {
	if len(g.dialogs) == 0 {
		return map[string][2]int{}
	}
	return buttonsIn(g.dialogs[len(g.dialogs)-1].c)
}

// dialogText is the text of the newest dialog's paragraphs and labels.
func (g *game) dialogText() []string {
	var out []string
	if len(g.dialogs) > 0 {
		walkWidgets(g.dialogs[len(g.dialogs)-1].c, func(w widget.PreferredSizeLocateableWidget) {
			if t, ok := w.(*widget.Text); ok {
				out = append(out, t.Label)
			}
		})
	}
	return out
}

// buttonsIn maps the labels of c's buttons to their centres.
func buttonsIn(c *widget.Container) map[string][2]int {
	out := map[string][2]int{}
	walkWidgets(c, func(w widget.PreferredSizeLocateableWidget) {
		if b, ok := w.(*widget.Button); ok && b.Text() != nil {
			r := b.GetWidget().Rect
			out[b.Text().Label] = [2]int{(r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2}
		}
	})
	return out
}

// depthCheck draws the current map from several views on this browser's
// WebGL through the renderer as the editor uses it and compares the depth
// each frame stored with the CPU reference of the map's triangles; it
// returns JSON [{"View":[zoom, rotation], "SubpixelBits", "Differ",
// "Covered", "Unlit"}, …].
func (g *game) depthCheck() (string, error) {
	const w, h = 480, 270
	set := chunk.NewSet(g.sess.Grid)
	type result struct {
		View         [2]float64 // zoom, rotation
		SubpixelBits int
		render.DepthCheck
	}
	bits := subpixelBits()
	views := [][2]float64{{0, 0}, {0.5, 30}, {1, 200}, {0.8, 95}}
	cams := make([]project.Camera, len(views))
	for i, v := range views {
		cams[i] = project.NewCamera(g.sess.Grid.Topology())
		cams[i].Zoom, cams[i].Rotation = v[0], v[1]
	}
	checks, err := render.CheckDepth(set, cams, w, h, bits)
	if err != nil {
		return "", err
	}
	out := make([]result, len(checks))
	for i, c := range checks {
		out[i] = result{View: views[i], SubpixelBits: bits, DepthCheck: c}
	}
	b, err := json.Marshal(out)
	return string(b), err
}

// subpixelBits asks the browser's WebGL for its sub-pixel precision (on a
// canvas of its own: the game's context is Ebitengine's); 0 if unknown.
func subpixelBits() int {
	const glSubpixelBits = 0x0D50
	c := js.Global().Get("document").Call("createElement", "canvas")
	gl := c.Call("getContext", "webgl2")
	if !gl.Truthy() {
		return 0
	}
	defer func() {
		if ext := gl.Call("getExtension", "WEBGL_lose_context"); ext.Truthy() {
			ext.Call("loseContext")
		}
	}()
	if v := gl.Call("getParameter", glSubpixelBits); v.Type() == js.TypeNumber {
		return v.Int()
	}
	return 0
}
