package editor

import (
	"context"
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
	if g.busy() {
		return // one question, one file operation at a time
	}
	g.settle()
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
	g.settle()
	if g.sess.Name == "" {
		g.saveAsDialog(next)
		return
	}
	g.saveAs(g.sess.Name, true, next)
}

func (g *game) cmdSave()   { g.saveThen(nil) }
func (g *game) cmdSaveAs() { g.saveAsDialog(nil) }

func (g *game) cmdNew() { g.guard("making a new map", g.newMapDialog) }

// cmdNewGame asks for a new game (its map replaces this one as one
// undoable step, so nothing needs saving first).
func (g *game) cmdNewGame() { g.newGameDialog() }
func (g *game) cmdOpen()    { g.guard("opening another map", g.openDialog) }
func (g *game) cmdImport()  { g.guard("importing a map", g.importDialog) }

// replace switches the editor to a map that came from outside the store.
func (g *game) replace(l files.Loaded) {
	g.sess.Replace("", l.Grid, false)
	g.sess.Match = l.Info.Match
	g.msgs.autosaveErr = nil // the changes it was about are gone
	g.sess.Suggested = l.Name
	g.doc.openedPath = "" // an import by path sets it after
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
	if !r.Dropped() {
		return ""
	}
	return "The file held links that cannot be drawn; dropped " + droppedLinks(r)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// saveAs saves the map under name off the UI loop; a name another map
// takes asks first, unless overwrite. next runs once the map is saved.
func (g *game) saveAs(name string, overwrite bool, next func()) {
	g.sess.Match = g.play.saved(g.sess.Match)
	op, err := g.sess.SaveOp(name, overwrite)
	if err != nil {
		g.fail(err)
		return
	}
	g.runFile(op, true, func(err error) {
		if errors.Is(err, files.ErrExists) {
			g.confirm("Replace map?", fmt.Sprintf("A map named %q exists. Replace it?", strings.TrimSpace(name)),
				choice{"Replace", func() { g.saveAs(name, true, next) }},
				choice{"Cancel", nil})
			return
		}
		if errors.Is(err, files.ErrAutosaveKept) {
			g.fail(err)
			err = nil
		}
		g.report(err, "Saving", func() {
			g.msgs.autosaveErr = nil
			g.info("Saved " + g.sess.Name)
			if next != nil {
				next()
			}
		})
	})
}

// saveAsDialog asks for a name, offering the saved maps' names.
func (g *game) saveAsDialog(next func()) {
	g.settle()
	g.withList(func(list []files.Entry) { g.saveAsWith(list, next) })
}

func (g *game) saveAsWith(list []files.Entry, next func()) {
	s := g.win.style
	body := s.vbox(8, nil, 0)
	name := g.sess.Name
	if name == "" {
		name = g.sess.Suggested
	}
	var closeFn func()
	submit := func(n string) {
		if _, err := files.ValidName(n); err != nil {
			g.fail(err)
			return
		}
		closeFn()
		g.saveAs(n, false, next)
	}
	field := s.textField(name, "map name", 360, submit)
	body.AddChild(s.paragraph("Name"), field)
	if len(list) > 0 {
		body.AddChild(s.paragraph("Saved maps"))
		body.AddChild(s.mapList(list, 360, func(e files.Entry) {
			field.SetText(e.Name)
			// Back to the field, so Enter saves under the picked name.
			g.focusField(field)
		}))
	}
	closeFn = g.dialog("Save map as", body,
		choice{"Cancel", nil},
		choice{"Save", func() { submit(field.GetText()) }})
	g.focusField(field)
	field.SelectAll() // typing replaces the offered name
}

// withList lists the saved maps off the UI loop and passes the list to
// use; a failure is reported as a message.
func (g *game) withList(use func([]files.Entry)) {
	store := g.sess.Store
	var list []files.Entry
	op := files.Op{Label: "Listing the saved maps", Detachable: true,
		Run: func(context.Context) (err error) { list, err = store.List(); return err }}
	g.runFile(op, true, func(err error) { g.report(err, "Listing", func() { use(list) }) })
}

func (g *game) openNamed(e files.Entry) {
	switch {
	case e.Name == "":
		g.errorf("pick a map in the list first")
		return
	case e.Damaged != "":
		g.errorf("%q cannot be opened: %s. Delete it, or save a map under its name to replace it.", e.Name, e.Damaged)
		return
	}
	var dropped hexmap.BatchReport
	op := g.sess.OpenOp(e.Name, func(r hexmap.BatchReport) { dropped = r })
	g.runFile(op, true, func(err error) {
		g.report(err, "Opening", func() {
			g.msgs.autosaveErr = nil
			g.doc.openedPath = ""
			g.resetView()
			g.info("Opened " + e.Name)
			g.reportDropped(dropped)
			if g.sess.Match != nil {
				g.setMode(g.play) // the match it carries goes on
			}
		})
	})
}

func (g *game) deleteDialog(name string) {
	if name == "" {
		g.errorf("pick a map in the list first")
		return
	}
	store := g.sess.Store
	del := files.Op{Label: "Deleting " + name, Run: func(context.Context) error { return store.Delete(name) }}
	g.confirm("Delete map?", fmt.Sprintf("Delete %q for good?", name),
		choice{"Delete", func() {
			g.runFile(del, true, func(err error) {
				g.report(err, "Deleting", func() {
					if g.sess.Name == name {
						g.sess.Name = "" // the open copy lives on, unsaved
						g.sess.Suggested = name
						g.sess.History.MarkUnsaved()
					}
					g.info("Deleted " + name)
					g.openDialog()
				})
			})
		}},
		choice{"Cancel", g.openDialog})
}

func (g *game) openDropped(fsys fs.FS) {
	g.runFile(files.OpenFSOp(fsys, g.replace), true, func(err error) { g.report(err, "Opening the dropped file", nil) })
}

// offerRecovery asks, one after another, whether to restore each
// autosave left by an editor that ended without saving (and is no longer
// running: the autosaves of editors still open are theirs).
func (g *game) offerRecovery() {
	store := g.sess.Store
	var r *files.Recovery
	claim := files.Op{Label: "Looking for unsaved changes", Detachable: true,
		Run: func(ctx context.Context) (err error) { r, err = store.ClaimRecovery(ctx); return err }}
	// In the background: the editor is usable at once, and the question
	// comes when an autosave is found.
	g.runFile(claim, false, func(err error) {
		switch {
		case errors.Is(err, files.ErrNoRecovery), canceled(err):
		case err != nil:
			g.fail(err)
		case r.Err != nil:
			g.offerDamaged(r)
		default:
			g.offerRestore(r)
		}
	})
}

// offerRestore asks whether to restore r.
func (g *game) offerRestore(r *files.Recovery) {
	name := "an unnamed map"
	if t := r.Title(); t != "" {
		name = fmt.Sprintf("%q", t)
	}
	when := ""
	if !r.Saved.IsZero() {
		when = " (autosaved " + r.Saved.Format("2 Jan 15:04") + ")"
	}
	what := "unsaved changes to"
	if r.Match != nil {
		what = "a match in progress on"
	}
	g.confirm("Recover unsaved changes?",
		fmt.Sprintf("An editor closed with %s %s, %d×%d%s. Restore them?", what, name, r.Grid.Topology().Width, r.Grid.Topology().Height, when),
		choice{"Discard", func() { g.dropRecovery(r, true) }},
		choice{"Recover", func() {
			op := g.sess.RecoverOp(r)
			g.msgs.autosaveErr = nil
			g.resetView()
			g.info(fmt.Sprintf("Recovered the unsaved changes to %s; undo history starts here", g.mapTitle()))
			if g.sess.Match != nil {
				g.setMode(g.play) // the match it carries goes on
			}
			g.runFile(op, false, func(err error) {
				if err != nil {
					g.msgs.autosaveErr = fmt.Errorf("keeping the recovered changes: %w", err)
				}
			})
		}})
}

// offerDamaged says an autosave cannot be read, and offers to delete it.
func (g *game) offerDamaged(r *files.Recovery) {
	g.confirm("Damaged autosave",
		fmt.Sprintf("%v. Delete it?", r.Err),
		choice{"Keep", func() {
			store := g.sess.Store
			g.runFile(files.Op{Label: "Keeping the autosave", Run: func(context.Context) error { store.ReleaseRecovery(r); return nil }}, false, nil)
		}},
		choice{"Delete", func() { g.dropRecovery(r, true) }})
}

// dropRecovery deletes a claimed autosave and, when asked, offers the
// next one.
func (g *game) dropRecovery(r *files.Recovery, next bool) {
	g.runFile(g.sess.DiscardOp(r), false, func(err error) {
		if err != nil {
			g.fail(err)
		}
		if next {
			g.offerRecovery()
		}
	})
}
