//go:build xvfb

package editor

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"hexsandbox/internal/testutil"
)

// maxFields is the most fields a struct of the editor may have: a type
// with more holds state of more than one concern.
const maxFields = 25

// packageFiles parses every non-test Go file of the editor package, for
// every platform (the _js.go files too).
func packageFiles(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	fset, out := testutil.PackageFiles(t, ".")
	if len(out) < 10 {
		t.Fatalf("found only %d files of the editor package", len(out))
	}
	return fset, out
}

// fieldCount counts a struct's fields by name (an embedded field is one).
func fieldCount(st *ast.StructType) int {
	n := 0
	for _, f := range st.Fields.List {
		n += max(1, len(f.Names))
	}
	return n
}

// isEditor reports whether a type expression is the editor's type, game
// or *game.
func isEditor(e ast.Expr) bool {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "game"
}

// shapeFaults lists where files break the editor's shape: a struct of
// more than maxFields fields, a function, method or function type that
// takes the editor as a parameter, a second reading of time.Now.
func shapeFaults(fset *token.FileSet, files []*ast.File) []string {
	var faults []string
	timeNow := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.StructType:
				if c := fieldCount(n); c > maxFields {
					faults = append(faults, fmt.Sprintf("%v: a struct of %d fields (at most %d)", fset.Position(n.Pos()), c, maxFields))
				}
			case *ast.FuncType:
				for _, p := range n.Params.List {
					if isEditor(p.Type) {
						faults = append(faults, fmt.Sprintf("%v: a function takes the editor as a parameter", fset.Position(p.Pos())))
					}
				}
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "time" && n.Sel.Name == "Now" {
					if timeNow++; timeNow > 1 {
						faults = append(faults, fmt.Sprintf("%v: time.Now read again (the clock's source reads it)", fset.Position(n.Pos())))
					}
				}
			}
			return true
		})
	}
	return faults
}

// The editor's shape: no struct of the package has more than maxFields
// fields, the editor's included; no function of the package takes the
// editor as a parameter (its parts get what they need of it, not all of
// it); and the system clock is read in one place.
func TestEditorShape(t *testing.T) {
	fset, files := packageFiles(t)
	sawGame := false
	for _, f := range files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok && ts.Name.Name == "game" {
						sawGame = true
					}
				}
			}
		}
	}
	if !sawGame {
		t.Fatal("no type game in the package: the check looks for the wrong name")
	}
	for _, f := range shapeFaults(fset, files) {
		t.Error(f)
	}
}

// The check finds what it looks for: a struct over the limit, functions
// taking the editor (a declaration, a literal, a field's type), and a
// second reading of the clock; a struct at the limit passes.
func TestEditorShapeCheckFindsViolations(t *testing.T) {
	src := `package editor
import "time"
type big struct{ ` + strings.Repeat("a, ", maxFields) + `z int }
type limit struct{ ` + strings.Repeat("b, ", maxFields-1) + `y int }
type hooks struct{ run func(*game) bool }
func f(g *game) { _ = time.Now(); _ = time.Now() }
func (g *game) method(x int) {}
var h = func(x int, g game) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	faults := shapeFaults(fset, []*ast.File{f})
	want := []string{"x.go:3:", "x.go:5:", "x.go:6:8", "x.go:6:", "x.go:8:"}
	if len(faults) != len(want) {
		t.Fatalf("faults %q, want one at each of %q", faults, want)
	}
	for k, w := range want {
		if !strings.HasPrefix(faults[k], w) {
			t.Errorf("fault %d is %q, want one at %s", k, faults[k], w)
		}
	}
}
