package project

import (
	"go/ast"
	"testing"

	"hexsandbox/internal/testutil"
)

// maxFields bounds the fields of any struct of the package: options in,
// results out and scratch stay apart rather than growing one struct.
const maxFields = 30

// No struct of the package (its Go files, tests aside) has more than
// maxFields fields, each name of a field list counted.
func TestNoStructOverMaxFields(t *testing.T) {
	fset, files := testutil.PackageFiles(t, ".")
	structs := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			s, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			structs++
			fields := 0
			for _, fl := range s.Fields.List {
				fields += max(1, len(fl.Names))
			}
			if fields > maxFields {
				t.Errorf("%s: a struct of %d fields (at most %d)", fset.Position(s.Pos()), fields, maxFields)
			}
			return true
		})
	}
	if structs < 10 {
		t.Fatalf("found %d structs: is this the package's directory?", structs)
	}
}
