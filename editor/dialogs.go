package editor

import (
	"image"
	"io/fs"
	"slices"
	"time"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"hexsandbox/editor/files"
)

// choice is a dialog button; its action runs after the dialog closes.
type choice struct {
	label string
	fn    func()
}

// openDialog is a dialog on screen: its contents and how to dismiss it.
type openDialog struct {
	c     *widget.Container
	close func()
	focus widget.Focuser // the field that takes the keyboard, if any
	// enter is what Enter does when no text field has the keyboard (a
	// field's Enter submits it); update runs every frame the dialog is
	// the newest (double clicks in lists).
	enter, update func()
	// drop takes files dropped on the window while the dialog is the
	// newest (nil: they open as a map).
	drop func(fs.FS)
}

// dialogKeys handles the keys of the newest dialog: Escape dismisses it
// as Cancel would, Enter runs its default action.
func (g *game) dialogKeys() {
	n := len(g.dialogs)
	if n == 0 {
		return
	}
	d := g.dialogs[n-1]
	switch {
	case g.inp.KeyJustPressed(ebiten.KeyEscape):
		d.close()
	case d.enter != nil && !g.textFocused() && (g.inp.KeyJustPressed(ebiten.KeyEnter) || g.inp.KeyJustPressed(ebiten.KeyNumpadEnter)):
		d.enter()
	case d.update != nil:
		d.update()
	}
}

// onDialog sets the newest dialog's Enter action and per-frame update.
func (g *game) onDialog(enter, update func()) {
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].enter, g.dialogs[n-1].update = enter, update
	}
}

// onDrop makes the newest dialog take files dropped on the window.
func (g *game) onDrop(drop func(fs.FS)) {
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].drop = drop
	}
}

// dropOnDialog gives files dropped on the window to the newest dialog,
// when it takes them, and reports whether it did.
func (g *game) dropOnDialog(fsys fs.FS) bool {
	n := len(g.dialogs)
	if n == 0 || g.dialogs[n-1].drop == nil {
		return false
	}
	g.dialogs[n-1].drop(fsys)
	return true
}

// dialog shows a modal window with a title, a body and a row of buttons,
// and returns the function that closes it.
func (g *game) dialog(title string, body widget.PreferredSizeLocateableWidget, choices ...choice) func() {
	s := g.win.style
	// The background is an option, not SetBackgroundImage, which would
	// validate the container before the window gives it the theme.
	c := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(euimage.NewBorderedNineSliceColor(colSection, colAccent, s.px(1))),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(s.px(10)),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(s.px(16))),
		)),
	)
	c.GetWidget().SetTheme(s.theme)
	c.AddChild(s.heading(title))
	if body != nil {
		c.AddChild(body)
	}
	row := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Spacing(s.px(8)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Position: widget.RowLayoutPositionEnd})))
	if g.narrow() && len(choices) > 2 {
		row = s.grid([]bool{true, true}, 8) // a phone's width: the choices two to a line
	}
	var win *widget.Window
	closeFn := func() {
		if win != nil && g.win.ui.IsWindowOpen(win) {
			win.Close()
		}
		// The dialog is gone now, not only once ebitenui reports the close
		// (after the choice's action): an action that guards against
		// unsaved changes must not find it still open.
		g.dialogs = slices.DeleteFunc(g.dialogs, func(d openDialog) bool { return d.c == c })
	}
	for _, ch := range choices {
		row.AddChild(s.button(ch.label, 80, func() {
			closeFn()
			if ch.fn != nil {
				ch.fn()
			}
		}))
	}
	c.AddChild(row)
	if g.narrow() {
		// A phone's width: paragraphs wrap within the dialog.
		limit := float64(g.dialogWidth(420)) * g.win.scale
		walkWidgets(c, func(w widget.PreferredSizeLocateableWidget) {
			if t, ok := w.(*widget.Text); ok && t.MaxWidth > limit {
				t.MaxWidth = limit
			}
		})
	}
	win = widget.NewWindow(
		widget.WindowOpts.Contents(c),
		widget.WindowOpts.Modal(),
		widget.WindowOpts.CloseMode(widget.NONE),
		widget.WindowOpts.ClosedHandler(func(*widget.WindowClosedEventArgs) {
			g.win.ui.ClearFocus() // a closed dialog's text field must not keep the keyboard
			g.dialogs = slices.DeleteFunc(g.dialogs, func(d openDialog) bool { return d.c == c })
			// ebitenui reports the close after the choice's action ran, and
			// that action may have opened the next dialog (Discard, then
			// Import): give its field the keyboard back.
			if n := len(g.dialogs); n > 0 && g.dialogs[n-1].focus != nil {
				g.win.ui.SetFocusedWidget(g.dialogs[n-1].focus)
			}
		}),
	)
	w, h := c.PreferredSize()
	w = min(max(w, s.px(360)), g.win.w)
	x, y := (g.win.w-w)/2, max(0, (g.win.h-h)/3)
	win.SetLocation(image.Rect(x, y, x+w, y+h))
	g.win.ui.AddWindow(win)
	g.dialogs = append(g.dialogs, openDialog{c: c, close: closeFn})
	g.mode.interrupt()
	return closeFn
}

// dialogWidth is the width in logical pixels a dialog's body may take
// beside its padding: want, or less in a window narrower than want and
// the padding.
func (g *game) dialogWidth(want int) int {
	return min(want, int(float64(g.win.w)/g.win.scale)-2*16-2*4)
}

// dialogShown reports whether a dialog holding body is open.
func (g *game) dialogShown(body *widget.Container) bool {
	for _, od := range g.dialogs {
		if od.c != nil && od.c.GetWidget() == body.GetWidget().Parent() {
			return true
		}
	}
	return false
}

// focusField gives the newest dialog's text field the keyboard, now and
// whenever a dialog closing under it would take the focus away; a click
// on the field gives it back.
func (g *game) focusField(f *textField) {
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].focus = f
	}
	g.win.ui.SetFocusedWidget(f)
}

// message shows text with an OK button.
func (g *game) message(title, msg string) {
	g.dialog(title, g.win.style.paragraph(msg), choice{label: "OK"})
}

// confirm asks a question; cancel is the last choice.
func (g *game) confirm(title, msg string, choices ...choice) {
	g.dialog(title, g.win.style.paragraph(msg), choices...)
}

func (s *style) paragraph(msg string) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(msg, &s.face, colText),
		widget.TextOpts.MaxWidth(float64(s.px(420))))
}

// mapList lists saved maps with their shape, size and date, damaged
// ones marked, width logical pixels wide; picking one calls pick.
func (s *style) mapList(list []files.Entry, width int, pick func(files.Entry)) *widget.List {
	entries := make([]listEntry, len(list))
	for i, e := range list {
		entries[i] = listEntry{key: e.Name, label: entryLabel(e), entry: e}
	}
	return s.entryList(entries, width, func(e listEntry) { pick(e.entry) })
}

// listEntry is one line of a list: what it stands for and what it shows.
type listEntry struct {
	key, label string
	dir        bool        // a folder, in the Import browser
	entry      files.Entry // a saved map, in the map lists
}

// entryList lists entries, width logical pixels wide; picking one calls
// pick.
func (s *style) entryList(entries []listEntry, width int, pick func(listEntry)) *widget.List {
	es := make([]any, len(entries))
	for i, e := range entries {
		es[i] = e
	}
	spacing := 0
	if t := s.theme.ListTheme; t != nil && t.ControlWidgetSpacing != nil {
		spacing = *t.ControlWidgetSpacing
	}
	parts := newListParts(spacing, s.px(listMaxHeight)) // a finger scrolls the list through them
	return widget.NewList(
		widget.ListOpts.Entries(es),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return e.(listEntry).label }),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.ControlWidgetSpacing(spacing),
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(width), s.px(220)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}),
			widget.WidgetOpts.CustomData(parts),
		), widget.ContainerOpts.Layout(parts)),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) {
			if a.Entry != nil {
				pick(a.Entry.(listEntry))
			}
		}),
	)
}

// doubleClickTime is the longest gap between the clicks of a double
// click (the common desktop default).
const doubleClickTime = 500 * time.Millisecond

// doubleClick finds double clicks on a list's entries through the
// editor's input: two releases of the left button over the list, on the
// same selected entry, within doubleClickTime.
type doubleClick struct {
	wasDown bool
	at      time.Time
	entry   any
}

// update reports the entry double-clicked this frame, if any.
func (d *doubleClick) update(in *inputState, now time.Time, l *widget.List) (any, bool) {
	down := in.MousePressed(ebiten.MouseButtonLeft)
	released := d.wasDown && !down
	d.wasDown = down
	x, y := in.CursorPosition()
	if !released || !image.Pt(x, y).In(l.GetWidget().Rect) {
		return nil, false
	}
	e := l.SelectedEntry()
	if e != nil && e == d.entry && now.Sub(d.at) <= doubleClickTime {
		d.entry = nil
		return e, true
	}
	d.entry, d.at = e, now
	return nil, false
}

// limitLength keeps a field's text to n characters, cutting what is
// typed or pasted beyond them.
func limitLength(f *textField, n int) {
	prev := f.onChange
	f.onChange = func() {
		if len(f.text) > n {
			f.text = f.text[:n]
			f.cursor = min(f.cursor, n)
		}
		if prev != nil {
			prev()
		}
	}
}

// walkWidgets calls f for every widget in c and the containers in it.
func walkWidgets(c *widget.Container, f func(widget.PreferredSizeLocateableWidget)) {
	for _, ch := range c.Children() {
		f(ch)
		if cc, ok := ch.(*widget.Container); ok {
			walkWidgets(cc, f)
		}
	}
}
