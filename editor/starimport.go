package editor

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"

	"hexsandbox/hexmap/scenario"
)

// Importing a script into the scenario dialog: a Starlark file (.star)
// read from a path (the dialog's "Import .star…", on the desktop) or
// dropped on the window while the dialog is open (every platform). Its
// text replaces the script editor's and is checked at once; Apply keeps
// it, as if typed.

// starExt is a script file's extension.
const starExt = ".star"

// readStar reads a script called name from r: UTF-8 text of at most
// scenario.MaxScriptBytes (Windows line ends made plain), else an error
// for a person.
func readStar(r io.Reader, name string) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, scenario.MaxScriptBytes+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("reading %s: %w", name, err)
	case len(b) > scenario.MaxScriptBytes:
		return "", fmt.Errorf("%s is longer than a script may be (%d KiB)", name, scenario.MaxScriptBytes>>10)
	case !utf8.Valid(b):
		return "", fmt.Errorf("%s is not UTF-8 text", name)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n"), nil
}

// droppedStar is the name of the first script file (by name) among the
// files dropped, fsys, or "" for none.
func droppedStar(fsys fs.FS) string {
	names, _ := fs.Glob(fsys, "*")
	for _, n := range names {
		if strings.EqualFold(path.Ext(n), starExt) {
			return n
		}
	}
	return ""
}

// openStar reads the script name of fsys into the dialog d.
func (g *game) openStar(d *scenarioDialog, fsys fs.FS, name string) {
	f, err := fsys.Open(name)
	if err != nil {
		g.errorf("Script not imported: %v", err)
		return
	}
	defer f.Close()
	g.importStar(d, f, name)
}

// importStar reads the script called name from r into the dialog d.
func (g *game) importStar(d *scenarioDialog, r io.Reader, name string) {
	src, err := readStar(r, name)
	if err != nil {
		g.errorf("Script not imported: %v", err)
		return
	}
	d.code.SetText(src)
	d.check()
	g.info(fmt.Sprintf("Imported %s: Apply keeps it", path.Base(name)))
}

// dropStar takes files dropped on the open scenario dialog d: the first
// script among them is imported.
func (g *game) dropStar(d *scenarioDialog, fsys fs.FS) {
	name := droppedStar(fsys)
	if name == "" {
		g.errorf("Drop a %s file on the scenario dialog to import its script", starExt)
		return
	}
	g.openStar(d, fsys, name)
}
