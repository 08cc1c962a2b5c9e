//go:build !js

package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/files"
	"hexsandbox/saves"
)

// The desktop's Import dialog: a file browser (folders to go into, the
// files of one folder, filtered by extension) and a path field for a
// path typed or pasted. A double click goes into a folder or imports a
// file; Enter imports the path in the field.

// importFilters are the Import browser's choices of files to list.
var importFilters = []struct {
	label string
	exts  []string // lower case; nil: every file
}{
	{"Maps (.hexmap, .map)", []string{files.Ext, saves.CatlikeExt}},
	{"All files", nil},
}

// folderEntries lists dir for the browser: its folders (named with a
// trailing slash) and then its files that filter k accepts, each sorted
// by name, hidden ones left out.
func folderEntries(dir string, k int) ([]listEntry, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var dirs, fs []listEntry
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		p := filepath.Join(dir, name)
		if de.IsDir() || (de.Type()&os.ModeSymlink != 0 && isDir(p)) {
			dirs = append(dirs, listEntry{key: p, label: name + string(filepath.Separator), dir: true})
			continue
		}
		exts := importFilters[k].exts
		if exts != nil && !slices.Contains(exts, strings.ToLower(filepath.Ext(name))) {
			continue
		}
		label := name
		if info, err := de.Info(); err == nil {
			label = fmt.Sprintf("%s   ·  %s", name, byteSize(info.Size()))
		}
		fs = append(fs, listEntry{key: p, label: label})
	}
	return append(dirs, fs...), nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// startDir is where the browser opens: where it was last, else the home
// folder, else the working folder.
func (g *game) startDir() string {
	for _, d := range []string{g.doc.importDir, home()} {
		if d != "" && isDir(d) {
			return d
		}
	}
	wd, _ := os.Getwd()
	return wd
}

func home() string {
	h, _ := os.UserHomeDir()
	return h
}

// importDialog browses for a map file (Catlike's .map or ours) and
// imports it.
func (g *game) importDialog() {
	s := g.win.style
	dir, filter := g.startDir(), 0
	where := s.label("", colDim)
	field := s.textField("", "/path/to/map.map", 520, nil)
	var lst *widget.List
	var closeFn func()
	// load imports the file at p; from the list (a double click) or the
	// field's Enter, a folder is gone into instead. The Import button
	// imports whatever the path names, and says why a folder is no map.
	load := func(p string, browseDirs bool) {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			g.errorf("pick a map file, or type its path")
			return
		case browseDirs && isDir(p):
			g.browse(lst, where, &dir, p, filter)
			return
		}
		closeFn()
		opened := func(l files.Loaded) {
			g.replace(l)
			g.doc.openedPath = p
			g.doc.importDir = filepath.Dir(p)
		}
		g.runFile(files.OpenPathOp(p, opened), true, func(err error) { g.report(err, "Importing", nil) })
	}
	field.submit = func(p string) { load(p, true) }
	lst = s.entryList(nil, 520, func(e listEntry) {
		if !e.dir {
			field.SetText(e.key)
		}
	})
	up := s.withTip(s.button("Up", 50, func() { g.browse(lst, where, &dir, filepath.Dir(dir), filter) }), "The folder that holds this one")
	homeBtn := s.withTip(s.button("Home", 60, func() { g.browse(lst, where, &dir, home(), filter) }), "Your home folder")
	fg := s.grid([]bool{false, false}, 3)
	var labels, tips []string
	for _, f := range importFilters {
		labels, tips = append(labels, f.label), append(tips, "List "+strings.ToLower(f.label))
	}
	g.edit.panel.choices(s, fg, labels, tips, 0, func(k int) {
		filter = k
		g.browse(lst, where, &dir, dir, filter)
	})
	bar := s.grid([]bool{false, false, true}, 6)
	bar.AddChild(up, homeBtn, fg)
	body := s.vbox(8, nil, 0)
	body.AddChild(s.paragraph("A Catlike Hex Map .map file or a .hexmap file: double-click one, or type its path. "+
		"You can also drop a file on the window."), where, bar, lst, field)
	closeFn = g.dialog("Import map", body, choice{"Cancel", nil}, choice{"Import", func() { load(field.GetText(), false) }})
	g.focusField(field)
	g.browse(lst, where, &dir, dir, filter)
	var dc doubleClick
	g.onDialog(nil, func() {
		if e, ok := dc.update(&g.inp, g.clock.now, lst); ok {
			load(e.(listEntry).key, true)
		}
	})
}

// browse shows folder to in the list, or says why it cannot.
func (g *game) browse(lst *widget.List, where *widget.Text, dir *string, to string, filter int) {
	entries, err := folderEntries(to, filter)
	if err != nil {
		g.fail(err)
		return
	}
	*dir = to
	g.doc.importDir = to
	where.Label = "Folder: " + to
	es := make([]any, len(entries))
	for i, e := range entries {
		es[i] = e
	}
	lst.SetEntries(es)
}

// askStarPath asks for the path of a script file to import into the
// scenario dialog d.
func (g *game) askStarPath(d *scenarioDialog) {
	s := g.win.style
	field := s.textField(g.startDir()+string(filepath.Separator), "/path/to/script"+starExt, 520, nil)
	load := func(p string) {
		p = strings.TrimSpace(p)
		g.openStar(d, os.DirFS(filepath.Dir(p)), filepath.Base(p))
		g.doc.importDir = filepath.Dir(p)
	}
	var closeFn func()
	field.submit = func(p string) { closeFn(); load(p) }
	body := s.vbox(8, nil, 0)
	body.AddChild(s.paragraph("The path of a Starlark script ("+starExt+"), which replaces the scenario's script. "+
		"You can also drop the file on the scenario dialog."), field)
	closeFn = g.dialog("Import a script", body, choice{"Cancel", nil}, choice{"Import", func() { load(field.GetText()) }})
	g.focusField(field)
}
