package hexmap

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxExported bounds the package's exported names: the map model's API
// (coordinates, cells, grid, edits, units, towns, notes, setup, feed),
// without the meshes' geometry (package geom), the noise tables (package
// noise) or second ways to ask the Topology: the count once issue 31's
// scenario script and named areas joined the setup (Setup.Script,
// Setup.Areas, Area and its two fields, three limits, two errors) and
// the sides' starting objectives (Setup.Objectives, Objective and its two
// fields, a limit, an error) and the sides' names (SideSetup.Name, a
// limit, an error, its check).
const maxExported = 239

// exportedNames lists what a package's files export, as go doc shows it:
// exported functions, types, constants and variables, the exported
// methods of exported types and the exported fields of exported structs.
func exportedNames(files []*ast.File) []string {
	var out []string
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					out = append(out, d.Name.Name)
				} else if recv := receiverName(d.Recv.List[0].Type); ast.IsExported(recv) {
					out = append(out, recv+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if !sp.Name.IsExported() {
							continue
						}
						out = append(out, sp.Name.Name)
						if st, ok := sp.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									if n.IsExported() {
										out = append(out, sp.Name.Name+"."+n.Name)
									}
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								out = append(out, n.Name)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// receiverName is the type name of a method's receiver (T or *T).
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func TestExportedNamesBounded(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	names := exportedNames(files)
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " Grid.Topology ") {
		t.Fatalf("Grid.Topology not among %d names: the count looks at the wrong files", len(names))
	}
	if len(names) > maxExported {
		t.Errorf("package hexmap exports %d names, more than %d: %s", len(names), maxExported, strings.Join(names, " "))
	}
}

// The counter counts by hand: T, T.A and T.B (not c), T.M (not m, not
// the method of the unexported u), F, K and V, and none of u, u.X, f, k,
// v or the blank variable: seven names.
func TestExportedNamesCountsByHand(t *testing.T) {
	src := `package p
type T struct{ A, B int; c int }
type u struct{ X int }
func (T) M() {}
func (*T) m() {}
func (u) N() {}
func F() {}
func f() {}
const K, k = 1, 2
var (V int; v int; _ = 3)
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(exportedNames([]*ast.File{f}), " ")
	if want := "T T.A T.B T.M F K V"; got != want {
		t.Fatalf("exported names %q, want %q", got, want)
	}
}
