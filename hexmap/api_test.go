package hexmap_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"hexsandbox/internal/testutil"
)

// Bounds of the package's exported names: the map model's API
// (coordinates, cells, grid, edits, units, towns, notes, feed), without
// the meshes' geometry (package geom), the noise tables (package noise),
// the scenario's settings and its pieces' names (package scenario) or
// second ways to ask the Topology. Issue 26 asked the names go doc lists
// (types, functions, methods, constants and variables, not fields) to
// drop by at least a third from the 252 of commit 1a00d7b: at most 168.
// maxExported counts the exported fields too (291 at 1a00d7b).
const (
	maxExported         = 200
	maxExportedNoFields = 168
)

// exportedNames lists what a package's files export, as go doc shows it:
// exported functions, types, constants and variables, the exported
// methods of exported types and, with fields, the exported fields of
// exported structs.
func exportedNames(files []*ast.File, fields bool) []string {
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
						if st, ok := sp.Type.(*ast.StructType); ok && fields {
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
	_, files := testutil.PackageFiles(t, ".")
	names := exportedNames(files, true)
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " Grid.Topology ") {
		t.Fatalf("Grid.Topology not among %d names: the count looks at the wrong files", len(names))
	}
	if len(names) > maxExported {
		t.Errorf("package hexmap exports %d names with the fields, more than %d: %s", len(names), maxExported, strings.Join(names, " "))
	}
	if top := exportedNames(files, false); len(top) > maxExportedNoFields {
		t.Errorf("package hexmap exports %d names without the fields, more than %d: %s", len(top), maxExportedNoFields, strings.Join(top, " "))
	}
}

// The counter counts by hand: T, T.A and T.B (not c), T.M (not m, not
// the method of the unexported u), F, K and V, and none of u, u.X, f, k,
// v or the blank variable: seven names, five without the fields.
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
	got := strings.Join(exportedNames([]*ast.File{f}, true), " ")
	if want := "T T.A T.B T.M F K V"; got != want {
		t.Fatalf("exported names %q, want %q", got, want)
	}
	got = strings.Join(exportedNames([]*ast.File{f}, false), " ")
	if want := "T T.M F K V"; got != want {
		t.Fatalf("exported names without fields %q, want %q", got, want)
	}
}
