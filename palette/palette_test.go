package palette

import (
	"go/ast"
	"go/parser"
	"go/token"
	"image/color"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// entry is one colour of the palette with the words a name for it would
// contain elsewhere (a variable wallColor, a case mesh.Walls).
type entry struct {
	name  string
	c     color.NRGBA
	rgb   bool // only red, green and blue are the colour (Sides)
	words []string
}

// entries lists every colour the palette defines; TestEntriesListEveryColour
// checks that none is left out.
func entries() []entry {
	e := []entry{
		{"Wall", Wall.NRGBA(), false, []string{"wall"}},
		{"Bridge", Bridge.NRGBA(), false, []string{"bridge"}},
		{"Feature", Feature.NRGBA(), false, []string{"feature"}},
		{"Town", Town, false, []string{"town", "urban"}},
		{"Farm", Farm, false, []string{"farm"}},
		{"Plant", Plant, false, []string{"plant"}},
		{"Special", Special, false, []string{"special", "gold"}},
		{"Road", Road.NRGBA(), false, []string{"road"}},
		{"River", River.NRGBA(), false, []string{"river"}},
		{"ShallowWater", ShallowWater.NRGBA(), false, []string{"water", "shallow"}},
		{"DeepWater", DeepWater.NRGBA(), false, []string{"water", "deep"}},
		{"Foam", Foam.NRGBA(), false, []string{"foam"}},
		{"Fog", Fog.NRGBA(), false, []string{"fog"}},
		{"FarFarm", FarFarm.NRGBA(), false, nil},
		{"FarPlant", FarPlant.NRGBA(), false, nil},
		{"FarTown", FarTown.NRGBA(), false, nil},
		{"FarRoad", FarRoad.NRGBA(), false, nil},
		{"FarRiver", FarRiver.NRGBA(), false, nil},
		{"Back", Back, false, nil},
		{"Grid", Grid, false, []string{"grid"}},
		{"Accent", Accent, false, []string{"hover", "accent"}},
		{"Select", Select, false, []string{"selectcolor"}},
		{"SelectFill", SelectFill, false, []string{"selectfill"}},
		{"Mirror", Mirror, false, []string{"mirror"}},
		{"Path", Path, false, []string{"path"}},
		{"PathStart", PathStart, false, []string{"path"}},
		{"PathEnd", PathEnd, false, []string{"path"}},
		{"PathOrder", PathOrder, false, []string{"path"}},
		{"Reach", Reach, false, []string{"reach"}},
		{"Cream", Cream, false, []string{"footprint"}},
		{"MiniFrame", MiniFrame, false, nil},
		{"Symmetry", Symmetry, false, []string{"symmetry"}},
		{"HealthBack", HealthBack, false, nil},
		{"Health", Health, false, []string{"health"}},
		{"HealthLow", HealthLow, false, []string{"health"}},
	}
	for k, c := range Terrain {
		name := [...]string{"sand", "grass", "mud", "stone", "snow"}[k]
		e = append(e, entry{"Terrain " + name, c, false, []string{"terrain", name}})
	}
	for k, s := range Sides {
		e = append(e, entry{"Sides " + strconv.Itoa(k), Color{s[0], s[1], s[2], 1}.NRGBA(), true, []string{"side"}})
	}
	return e
}

// Every exported variable of the palette is in entries (Terrain and
// Sides once for all their colours).
func TestEntriesListEveryColour(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "palette.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{"Terrain": true, "Sides": true}
	for _, e := range entries() {
		listed[e.name] = true
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.IsExported() && !listed[n.Name] {
					t.Errorf("palette.%s is not in the test's entries", n.Name)
				}
			}
		}
	}
}

// The palette's colours are distinct: each is one thing.
func TestColoursDistinct(t *testing.T) {
	seen := map[color.NRGBA]string{}
	for _, e := range entries() {
		if prev, ok := seen[e.c]; ok {
			t.Errorf("%s and %s are the same colour %v", prev, e.name, e.c)
		}
		seen[e.c] = e.name
	}
}

// NRGBA and FromNRGBA are inverse on bytes, and NRGBA rounds to the
// nearest byte: 0.78·255 = 198.9 is 199.
func TestNRGBARoundTrip(t *testing.T) {
	for v := range 256 {
		n := color.NRGBA{uint8(v), uint8(255 - v), uint8(v / 2), uint8(v)}
		if got := FromNRGBA(n).NRGBA(); got != n {
			t.Fatalf("FromNRGBA(%v).NRGBA() = %v", n, got)
		}
	}
	if got := (Color{0.78, 0.002, 1.5, -1}).NRGBA(); got != (color.NRGBA{199, 1, 255, 0}) {
		t.Errorf("NRGBA of {0.78, 0.002, 1.5, -1} = %v, want {199 1 255 0}", got)
	}
}

// The copies of the shaders' colours are the shaders' literals: each
// named function's vecN(…) of constants, parsed from the Kage source.
func TestShaderColoursMatch(t *testing.T) {
	cases := []struct {
		file, fn string
		nth      int // which constant vector literal of the function
		want     []float32
	}{
		{"fog.kage", "fogBackground", 0, Fog[:3]},
		{"road.kage", "roadColor", 0, Road[:3]},
		{"river.kage", "riverColor", 0, River[:]},
		{"water.kage", "waterTint", 0, ShallowWater[:]},
		{"water.kage", "waterTint", 1, DeepWater[:]},
		{"shore.kage", "foamed", 0, Foam[:]},
		{"overview.kage", "Fragment", 0, FarFarm[:3]},
		{"overview.kage", "Fragment", 1, FarPlant[:3]},
		{"overview.kage", "Fragment", 2, FarTown[:3]},
		{"overview.kage", "Fragment", 3, FarRoad[:3]},
		{"overview.kage", "Fragment", 4, FarRiver[:3]},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join("..", "shaders", c.file))
		if err != nil {
			t.Fatal(err)
		}
		vecs := constantVectors(t, functionBody(t, string(src), c.fn))
		if c.nth >= len(vecs) {
			t.Errorf("%s: %s has %d constant vectors, want at least %d", c.file, c.fn, len(vecs), c.nth+1)
			continue
		}
		got := vecs[c.nth]
		if len(got) != len(c.want) {
			t.Errorf("%s: %s's vector %d is %v, the palette's %v", c.file, c.fn, c.nth, got, c.want)
			continue
		}
		for k := range got {
			if math.Abs(float64(got[k]-c.want[k])) > 1e-6 {
				t.Errorf("%s: %s's vector %d is %v, the palette's %v", c.file, c.fn, c.nth, got, c.want)
				break
			}
		}
	}
}

// functionBody is the text between the braces of Kage function fn.
func functionBody(t *testing.T, src, fn string) string {
	t.Helper()
	k := strings.Index(src, "func "+fn+"(")
	if k < 0 {
		t.Fatalf("no function %s", fn)
	}
	open := strings.Index(src[k:], "{")
	depth := 0
	for j := k + open; j < len(src); j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return src[k+open+1 : j]
			}
		}
	}
	t.Fatalf("function %s has no closing brace", fn)
	return ""
}

// constantVectors are the vec3(…) and vec4(…) literals of body whose
// arguments are all numbers or quotients of numbers (104.0/255), in
// order.
func constantVectors(t *testing.T, body string) [][]float32 {
	t.Helper()
	var out [][]float32
	for k := 0; k < len(body); k++ {
		if !strings.HasPrefix(body[k:], "vec3(") && !strings.HasPrefix(body[k:], "vec4(") {
			continue
		}
		n := int(body[k+3] - '0')
		end := strings.Index(body[k:], ")")
		args := strings.Split(body[k+5:k+end], ",")
		if len(args) != n {
			continue
		}
		vec, ok := make([]float32, n), true
		for a, s := range args {
			v, good := quotient(strings.TrimSpace(s))
			vec[a], ok = float32(v), ok && good
		}
		if ok {
			out = append(out, vec)
		}
	}
	return out
}

// quotient parses a number or a quotient of two.
func quotient(s string) (float64, bool) {
	num, den, hasDen := strings.Cut(s, "/")
	a, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil {
		return 0, false
	}
	if !hasDen {
		return a, true
	}
	b, err := strconv.ParseFloat(strings.TrimSpace(den), 64)
	if err != nil || b == 0 {
		return 0, false
	}
	return a / b, true
}

// The palette is the only definition of its colours: no Go source of
// the other packages (tests aside, which may state expected colours
// independently) writes a colour literal — color.NRGBA or color.RGBA of
// constants, or a [3]float32 or [4]float32 of constants — that is one
// of the palette's colours, nor one named after a palette colour (a
// variable wallColor, a key Road:, a case mesh.Walls) whatever its
// value: that would be a second definition.
func TestNoColourDefinedOutsidePalette(t *testing.T) {
	es := entries()
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != ".." && (strings.HasPrefix(n, ".") || n == "palette" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, l := range colourLiterals(f) {
			for _, e := range es {
				if !plain(l.c) && l.c.R == e.c.R && l.c.G == e.c.G && l.c.B == e.c.B && (l.rgb || e.rgb || l.c.A == e.c.A) {
					t.Errorf("%s: a literal of palette.%s", fset.Position(l.pos), e.name)
				}
				for _, w := range e.words {
					if strings.Contains(strings.ToLower(l.name), w) {
						t.Errorf("%s: a colour literal for %s, which is palette.%s", fset.Position(l.pos), l.name, e.name)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files: is the module at ..?", files)
	}
}

// plain is white or black, which many literals are that are no colour
// of the palette (a vertex's default tint, a Path's white).
func plain(c color.NRGBA) bool {
	return (c.R == 0 || c.R == 255) && c.R == c.G && c.G == c.B
}

// A colourLiteral is a colour written out in Go: its colour in bytes
// (rgb: a [3]float32, without alpha) and the name it is given, if any.
type colourLiteral struct {
	pos  token.Pos
	c    color.NRGBA
	rgb  bool
	name string
}

// colourLiterals finds f's colour literals, with the name of the
// variable, key or case each is written for.
func colourLiterals(f *ast.File) []colourLiteral {
	var out []colourLiteral
	var stack []ast.Node
	name := func() string {
		for k := len(stack) - 1; k >= 0; k-- {
			switch n := stack[k].(type) {
			case *ast.ValueSpec:
				return n.Names[0].Name
			case *ast.KeyValueExpr:
				return exprName(n.Key)
			case *ast.CaseClause:
				var s []string
				for _, x := range n.List {
					s = append(s, exprName(x))
				}
				return strings.Join(s, ",")
			case *ast.FuncDecl, *ast.FuncLit:
				return ""
			}
		}
		return ""
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if lit, ok := n.(*ast.CompositeLit); ok {
			typ := lit.Type
			if typ == nil && len(stack) > 0 {
				if p, ok := stack[len(stack)-1].(*ast.CompositeLit); ok {
					if a, ok := p.Type.(*ast.ArrayType); ok {
						typ = a.Elt
					}
				}
			}
			if c, rgb, ok := colourOf(typ, lit.Elts); ok {
				out = append(out, colourLiteral{lit.Pos(), c, rgb, name()})
			}
		}
		stack = append(stack, n)
		return true
	})
	return out
}

// exprName is an identifier's name or a selector's last one.
func exprName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

// colourOf is the colour of a literal of type typ with elements elts,
// when typ is a colour type and every element a constant.
func colourOf(typ ast.Expr, elts []ast.Expr) (color.NRGBA, bool, bool) {
	bytes := false
	switch t := typ.(type) {
	case *ast.SelectorExpr:
		switch t.Sel.Name {
		case "NRGBA", "RGBA":
			bytes = exprName(t.X) == "color"
		case "Color":
			if exprName(t.X) != "palette" {
				return color.NRGBA{}, false, false
			}
		default:
			return color.NRGBA{}, false, false
		}
		if !bytes && len(elts) != 4 {
			return color.NRGBA{}, false, false
		}
	case *ast.ArrayType:
		if exprName(t.Elt) != "float32" || t.Len == nil {
			return color.NRGBA{}, false, false
		}
		if l, ok := t.Len.(*ast.BasicLit); !ok || (l.Value != "3" && l.Value != "4") {
			return color.NRGBA{}, false, false
		}
	default:
		return color.NRGBA{}, false, false
	}
	if len(elts) != 3 && len(elts) != 4 {
		return color.NRGBA{}, false, false
	}
	v := [4]float64{0, 0, 0, 1}
	if bytes {
		v[3] = 255
	}
	for k, x := range elts {
		c, ok := constant(x)
		if !ok {
			return color.NRGBA{}, false, false
		}
		v[k] = c
	}
	if !bytes {
		for k := range v {
			if v[k] < 0 || v[k] > 1 {
				return color.NRGBA{}, false, false // a point, not a colour
			}
			v[k] = math.Round(v[k] * 255)
		}
	}
	return color.NRGBA{uint8(v[0]), uint8(v[1]), uint8(v[2]), uint8(v[3])}, len(elts) == 3, true
}

// constant evaluates a numeric constant expression: numbers, unary
// minus, parentheses and the four operations.
func constant(x ast.Expr) (float64, bool) {
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind != token.INT && x.Kind != token.FLOAT {
			return 0, false
		}
		if v, err := strconv.ParseInt(x.Value, 0, 64); err == nil {
			return float64(v), true
		}
		v, err := strconv.ParseFloat(x.Value, 64)
		return v, err == nil
	case *ast.ParenExpr:
		return constant(x.X)
	case *ast.UnaryExpr:
		v, ok := constant(x.X)
		return -v, ok && x.Op == token.SUB
	case *ast.BinaryExpr:
		a, ok1 := constant(x.X)
		b, ok2 := constant(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case token.ADD:
			return a + b, true
		case token.SUB:
			return a - b, true
		case token.MUL:
			return a * b, true
		case token.QUO:
			return a / b, b != 0
		}
	}
	return 0, false
}
