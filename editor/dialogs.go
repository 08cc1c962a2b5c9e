package editor

import (
	"image"
	"slices"

	euimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"

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
}

// dismissDialog closes the newest dialog as Cancel would (Escape).
func (g *game) dismissDialog() {
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].close()
	}
}

// dialog shows a modal window with a title, a body and a row of buttons,
// and returns the function that closes it.
func (g *game) dialog(title string, body widget.PreferredSizeLocateableWidget, choices ...choice) func() {
	s := g.style
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
	var win *widget.Window
	closeFn := func() {
		if win != nil && g.ui.IsWindowOpen(win) {
			win.Close()
		}
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
	win = widget.NewWindow(
		widget.WindowOpts.Contents(c),
		widget.WindowOpts.Modal(),
		widget.WindowOpts.CloseMode(widget.NONE),
		widget.WindowOpts.ClosedHandler(func(*widget.WindowClosedEventArgs) {
			g.modals--
			g.ui.ClearFocus() // a closed dialog's text field must not keep the keyboard
			g.dialogs = slices.DeleteFunc(g.dialogs, func(d openDialog) bool { return d.c == c })
			// ebitenui reports the close after the choice's action ran, and
			// that action may have opened the next dialog (Discard, then
			// Import): give its field the keyboard back.
			if n := len(g.dialogs); n > 0 && g.dialogs[n-1].focus != nil {
				g.ui.SetFocusedWidget(g.dialogs[n-1].focus)
			}
		}),
	)
	w, h := c.PreferredSize()
	w = max(w, s.px(360))
	x, y := (g.w-w)/2, (g.h-h)/3
	win.SetLocation(image.Rect(x, y, x+w, y+h))
	g.ui.AddWindow(win)
	g.modals++
	g.dialogs = append(g.dialogs, openDialog{c: c, close: closeFn})
	g.endStroke()
	return closeFn
}

// focusField gives the newest dialog's text field the keyboard, now and
// whenever a dialog closing under it would take the focus away; a click
// on the field gives it back.
func (g *game) focusField(f *textField) {
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].focus = f
	}
	g.ui.SetFocusedWidget(f)
}

// message shows text with an OK button.
func (g *game) message(title, msg string) {
	g.dialog(title, g.style.paragraph(msg), choice{label: "OK"})
}

// confirm asks a question; cancel is the last choice.
func (g *game) confirm(title, msg string, choices ...choice) {
	g.dialog(title, g.style.paragraph(msg), choices...)
}

func (s *style) paragraph(msg string) *widget.Text {
	return widget.NewText(widget.TextOpts.Text(msg, &s.face, colText),
		widget.TextOpts.MaxWidth(float64(s.px(420))))
}

// mapList lists saved maps, damaged ones marked; picking one calls pick.
func (s *style) mapList(list []files.Entry, pick func(files.Entry)) *widget.List {
	entries := make([]any, len(list))
	for i, e := range list {
		entries[i] = e
	}
	return widget.NewList(
		widget.ListOpts.Entries(entries),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return entryLabel(e.(files.Entry)) }),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(s.px(360), s.px(220)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}),
		)),
		widget.ListOpts.EntrySelectedHandler(func(a *widget.ListEntrySelectedEventArgs) {
			if a.Entry != nil {
				pick(a.Entry.(files.Entry))
			}
		}),
	)
}

// entryLabel is a saved map's line in a list.
func entryLabel(e files.Entry) string {
	if e.Damaged != "" {
		return e.Name + "  (damaged: " + e.Damaged + ")"
	}
	return e.Name
}
