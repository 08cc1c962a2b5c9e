package editor

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
)

// guard runs action at once when there are no unsaved changes, and
// otherwise asks first whether to save them, discard them or cancel.
func (g *game) guard(what string, action func()) {
	if g.modals > 0 {
		return // one question at a time
	}
	if !g.sess.Modified() {
		action()
		return
	}
	g.confirm("Unsaved changes",
		fmt.Sprintf("%q has changes that are not saved. Save them before %s?", g.mapTitle(), what),
		choice{"Save", func() { g.saveThen(action) }},
		choice{"Discard", action},
		choice{"Cancel", nil})
}

// saveThen saves (asking for a name if the map has none) and then runs
// next, unless saving failed or was cancelled.
func (g *game) saveThen(next func()) {
	if g.sess.Name == "" {
		g.saveAsDialog(next)
		return
	}
	if err := g.sess.Save(); err != nil {
		g.errorf("%v", err)
		return
	}
	g.info("Saved " + g.sess.Name)
	if next != nil {
		next()
	}
}

func (g *game) cmdSave()   { g.saveThen(nil) }
func (g *game) cmdSaveAs() { g.saveAsDialog(nil) }

func (g *game) cmdNew()    { g.guard("making a new map", g.newMapDialog) }
func (g *game) cmdOpen()   { g.guard("opening another map", g.openDialog) }
func (g *game) cmdImport() { g.guard("importing a map", g.importDialog) }

// replace switches the editor to a map that came from outside the store.
func (g *game) replace(l files.Loaded) {
	g.sess.Replace("", l.Grid, false)
	g.suggested = l.Name
	g.resetView()
	g.info(fmt.Sprintf("Opened %s (%s format)", l.Name, l.Info.Format))
	g.reportDropped(l.Info.Dropped)
}

// reportDropped says what reading a map removed because it could not be
// drawn, so that nothing goes missing silently.
func (g *game) reportDropped(r hexmap.BatchReport) {
	if msg := droppedText(r); msg != "" {
		g.errorf("%s", msg)
	}
}

// droppedText describes a reader's BatchReport, or "" when nothing was
// dropped.
func droppedText(r hexmap.BatchReport) string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{r.DroppedRivers, "river"}, {r.DroppedRoads, "road"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s end%s", p.n, p.what, plural(p.n)))
		}
	}
	if r.ClearedSpecials > 0 {
		parts = append(parts, fmt.Sprintf("%d special%s on rivers", r.ClearedSpecials, plural(r.ClearedSpecials)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "The file held links that cannot be drawn; dropped " + strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (g *game) saveAsDialog(next func()) {
	s := g.style
	body := s.vbox(8, nil, 0)
	name := g.sess.Name
	if name == "" {
		name = g.suggested
	}
	var closeFn func()
	submit := func(n string) {
		err := g.sess.SaveAs(n, false)
		switch {
		case errors.Is(err, files.ErrExists):
			closeFn()
			g.confirm("Replace map?", fmt.Sprintf("A map named %q exists. Replace it?", strings.TrimSpace(n)),
				choice{"Replace", func() { g.saveAsConfirmed(n, next) }},
				choice{"Cancel", nil})
		case err != nil:
			g.errorf("%v", err)
		default:
			closeFn()
			g.info("Saved " + g.sess.Name)
			if next != nil {
				next()
			}
		}
	}
	field := s.textField(name, "map name", 360, submit)
	body.AddChild(s.paragraph("Name"), field)
	if names := g.mapNames(); len(names) > 0 {
		body.AddChild(s.paragraph("Saved maps"))
		body.AddChild(s.mapList(names, func(n string) {
			field.SetText(n)
			// Back to the field, so Enter saves under the picked name.
			g.focusField(field)
		}))
	}
	closeFn = g.dialog("Save map as", body,
		choice{"Cancel", nil},
		choice{"Save", func() { submit(field.GetText()) }})
	g.focusField(field)
}

func (g *game) saveAsConfirmed(n string, next func()) {
	if err := g.sess.SaveAs(n, true); err != nil {
		g.errorf("%v", err)
		return
	}
	g.info("Saved " + g.sess.Name)
	if next != nil {
		next()
	}
}

// mapNames lists the saved maps, reporting a failure as a message.
func (g *game) mapNames() []string {
	list, err := g.sess.Store.List()
	if err != nil {
		g.errorf("%v", err)
		return nil
	}
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = e.Name
	}
	return names
}

func (g *game) openDialog() {
	s := g.style
	names := g.mapNames()
	if len(names) == 0 {
		g.message("Open map", "No maps saved yet. Save one with Ctrl+S, or import a file.")
		return
	}
	selected := ""
	body := s.vbox(8, nil, 0)
	body.AddChild(s.mapList(names, func(n string) { selected = n }))
	g.dialog("Open map", body,
		choice{"Delete…", func() { g.deleteDialog(selected) }},
		choice{"Cancel", nil},
		choice{"Open", func() { g.openNamed(selected) }})
}

func (g *game) openNamed(name string) {
	if name == "" {
		g.errorf("pick a map in the list first")
		return
	}
	dropped, err := g.sess.Open(name)
	if err != nil {
		g.errorf("%v", err)
		return
	}
	g.resetView()
	g.info("Opened " + name)
	g.reportDropped(dropped)
}

func (g *game) deleteDialog(name string) {
	if name == "" {
		g.errorf("pick a map in the list first")
		return
	}
	g.confirm("Delete map?", fmt.Sprintf("Delete %q for good?", name),
		choice{"Delete", func() {
			if err := g.sess.Store.Delete(name); err != nil {
				g.errorf("%v", err)
				return
			}
			if g.sess.Name == name {
				g.sess.Name = "" // the open copy lives on, unsaved
				g.suggested = name
				g.sess.History.MarkUnsaved()
			}
			g.info("Deleted " + name)
			g.openDialog()
		}},
		choice{"Cancel", g.openDialog})
}

func (g *game) openDropped(fsys fs.FS) {
	l, err := files.OpenFS(fsys)
	if err != nil {
		g.errorf("%v", err)
		return
	}
	g.replace(l)
}

// offerRecovery asks at start-up whether to restore an autosave left by
// a session that ended without saving.
func (g *game) offerRecovery() {
	name, rg, err := g.sess.Store.LoadRecovery()
	if errors.Is(err, files.ErrNoRecovery) {
		return
	}
	if err != nil {
		g.errorf("%v", err)
		return
	}
	if name == "" {
		name = "an unnamed map"
	}
	g.confirm("Recover unsaved changes?",
		fmt.Sprintf("The editor closed with unsaved changes to %s (%d×%d). Restore them?", name, rg.Width(), rg.Height()),
		choice{"Discard", func() {
			if err := g.sess.DiscardRecovery(); err != nil {
				g.errorf("%v", err)
			}
		}},
		choice{"Recover", func() {
			if err := g.sess.Recover(); err != nil {
				g.errorf("%v", err)
				return
			}
			if g.sess.Name == "" {
				g.suggested = "" // the recovered map is not the one opened at start
			}
			g.resetView()
			g.info("Recovered unsaved changes")
		}})
}
