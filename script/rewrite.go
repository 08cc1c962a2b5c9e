package script

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// MaxRepeat bounds what a repetition (`"ab" * n`, `[0] * n`) makes: its
// elements, or bytes for a string; MaxText the string that join, replace,
// format or `%` makes. One step makes the whole of it, so the step limit
// cannot stop it.
// MaxIntBits bounds a product of whole numbers.
const (
	MaxRepeat  = 1 << 20
	MaxText    = 1 << 24
	MaxIntBits = 1 << 16
)

// The builtins a script's operators and string methods are routed
// through: names no script can write, so that none can shadow them.
const (
	repeatName  = "·repeat"
	percentName = "·percent"
	plusName    = "·plus"
	growName    = "·grow"
	methodName  = "·method"
	lineName    = "·line" // returns its argument: gives a while loop's test its line
)

// parse parses src and routes what can make much in one step through
// checks: `x * y` becomes `True and ·repeat(x, y)` (a BinaryExpr still,
// so it is changed in place), `x % y` and `x + y` the same with ·percent
// and ·plus, `name *= y` becomes `name = ·repeat(name, y)` (and `%=`
// alike; on anything but a plain name they are refused), `a += y`
// becomes `a += ·grow(a, y)` (a being a name, a field or an element),
// and `x.join(…)`, `x.replace(…)` and `x.format(…)` become
// `·method(x, "join", …)`. A while loop's test becomes `·line(test)`,
// so that its instructions carry the loop's line (Starlark gives them the
// line before), which a runaway loop's error reports.
func parse(name, src string) (*syntax.File, error) {
	f, err := fileOptions().Parse(name, src, 0)
	if err != nil {
		return nil, err
	}
	ops := map[syntax.Token]string{syntax.STAR: repeatName, syntax.PERCENT: percentName, syntax.PLUS: plusName}
	augmented := map[syntax.Token]string{syntax.STAR_EQ: repeatName, syntax.PERCENT_EQ: percentName}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryExpr:
			if fn, ok := ops[n.Op]; ok {
				n.Op, n.X, n.Y = syntax.AND, &syntax.Ident{NamePos: n.OpPos, Name: "True"}, call(n.OpPos, fn, n.X, n.Y)
			}
		case *syntax.AssignStmt:
			if n.Op == syntax.PLUS_EQ {
				lhs, ok := copyTarget(n.LHS)
				if !ok {
					err = syntax.Error{Pos: n.OpPos, Msg: "+= works on a name, a field or an element only"}
					return false
				}
				n.RHS = call(n.OpPos, growName, lhs, n.RHS)
				break
			}
			fn, ok := augmented[n.Op]
			if !ok {
				break
			}
			id, ok := n.LHS.(*syntax.Ident)
			if !ok {
				err = syntax.Error{Pos: n.OpPos, Msg: n.Op.String() + " works on a plain name only: write a[i] = a[i] * n"}
				return false
			}
			n.Op, n.RHS = syntax.EQ, call(n.OpPos, fn, &syntax.Ident{NamePos: id.NamePos, Name: id.Name}, n.RHS)
		case *syntax.WhileStmt:
			n.Cond = call(n.While, lineName, n.Cond)
		case *syntax.CallExpr:
			if dot, ok := n.Fn.(*syntax.DotExpr); ok && (dot.Name.Name == "join" || dot.Name.Name == "replace" || dot.Name.Name == "format") {
				method := &syntax.Literal{Token: syntax.STRING, TokenPos: dot.Dot, Raw: `"` + dot.Name.Name + `"`, Value: dot.Name.Name}
				n.Fn, n.Args = &syntax.Ident{NamePos: dot.Dot, Name: methodName}, append([]syntax.Expr{dot.X, method}, n.Args...)
			}
		}
		return err == nil
	})
	return f, err
}

// copyTarget is a fresh copy of an assignment's target made of names,
// fields, elements and literals, so that it can be read as well.
func copyTarget(e syntax.Expr) (syntax.Expr, bool) {
	switch e := e.(type) {
	case *syntax.Ident:
		return &syntax.Ident{NamePos: e.NamePos, Name: e.Name}, true
	case *syntax.Literal:
		c := *e
		return &c, true
	case *syntax.DotExpr:
		x, ok := copyTarget(e.X)
		return &syntax.DotExpr{X: x, Dot: e.Dot, NamePos: e.NamePos, Name: &syntax.Ident{NamePos: e.Name.NamePos, Name: e.Name.Name}}, ok
	case *syntax.IndexExpr:
		x, ok1 := copyTarget(e.X)
		y, ok2 := copyTarget(e.Y)
		return &syntax.IndexExpr{X: x, Lbrack: e.Lbrack, Y: y, Rbrack: e.Rbrack}, ok1 && ok2
	}
	return nil, false
}

// call is the call fn(args…) at pos.
func call(pos syntax.Position, fn string, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: fn}, Lparen: pos, Args: args, Rparen: pos}
}

// boundedRepeat is Starlark's `*`, refusing a repetition of more than
// MaxRepeat elements.
func boundedRepeat(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 {
		return nil, errors.New("repeat: two operands")
	}
	x, y := args[0], args[1]
	if n, ok := repeatSize(x, y); ok && n > MaxRepeat {
		return nil, fmt.Errorf("a repetition of %d elements, at most %d", n, MaxRepeat)
	}
	if a, ok := x.(starlark.Int); ok {
		if b, ok := y.(starlark.Int); ok && bits(a)+bits(b) > MaxIntBits {
			return nil, fmt.Errorf("a product of more than %d bits", MaxIntBits)
		}
	}
	return starlark.Binary(syntax.STAR, x, y)
}

// bits is the bit length of i.
func bits(i starlark.Int) int {
	if _, ok := i.Int64(); ok {
		return 64
	}
	return i.BigInt().BitLen()
}

// boundedPlus is Starlark's `+`, refusing a concatenation longer than
// MaxText bytes or MaxRepeat elements.
func boundedPlus(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 {
		return nil, errors.New("+: two operands")
	}
	if err := checkConcat(args[0], args[1]); err != nil {
		return nil, err
	}
	return starlark.Binary(syntax.PLUS, args[0], args[1])
}

// boundedGrow checks `a += y` (given a and y) and returns y.
func boundedGrow(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 {
		return nil, errors.New("+=: two operands")
	}
	return args[1], checkConcat(args[0], args[1])
}

// checkConcat refuses x + y when it makes a string longer than MaxText
// bytes, or a list or tuple longer than MaxRepeat elements.
func checkConcat(x, y starlark.Value) error {
	switch x := x.(type) {
	case starlark.String:
		if s, ok := y.(starlark.String); ok && len(x)+len(s) > MaxText {
			return fmt.Errorf("a string of %d bytes, at most %d", len(x)+len(s), MaxText)
		}
	case starlark.Bytes:
		if s, ok := y.(starlark.Bytes); ok && len(x)+len(s) > MaxText {
			return fmt.Errorf("bytes of %d, at most %d", len(x)+len(s), MaxText)
		}
	case starlark.Indexable:
		if s, ok := y.(starlark.Indexable); ok && x.Len()+s.Len() > MaxRepeat {
			return fmt.Errorf("a sequence of %d elements, at most %d", x.Len()+s.Len(), MaxRepeat)
		}
	}
	return nil
}

// boundedPercent is Starlark's `%`, refusing a formatted string of more
// than MaxText bytes (bounded by the format's length plus, for each of
// its % signs, the longest str or repr of the values).
func boundedPercent(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 2 {
		return nil, errors.New("%: two operands")
	}
	if f, ok := args[0].(starlark.String); ok {
		var values []starlark.Value
		switch y := args[1].(type) {
		case starlark.Tuple:
			values = y
		case *starlark.Dict:
			for _, it := range y.Items() {
				values = append(values, it[1])
			}
		default:
			values = []starlark.Value{y}
		}
		if err := checkText(len(f), strings.Count(string(f), "%"), values, nil); err != nil {
			return nil, err
		}
	}
	return starlark.Binary(syntax.PERCENT, args[0], args[1])
}

// boundedMethod calls method name of x (a string's join, replace or
// format refused when it would make more than MaxText bytes).
func boundedMethod(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, name := args[0], string(args[1].(starlark.String))
	args = args[2:]
	if s, ok := x.(starlark.String); ok {
		var err error
		if args, err = checkMethod(string(s), name, args, kwargs); err != nil {
			return nil, err
		}
	}
	var fn starlark.Value
	if a, ok := x.(starlark.HasAttrs); ok {
		var err error
		if fn, err = a.Attr(name); err != nil {
			return nil, err
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
	}
	return starlark.Call(th, fn, args, kwargs)
}

// checkMethod refuses a string method call that would make more than
// MaxText bytes; join's iterable is made a tuple first (so that it is
// iterated once).
func checkMethod(s, name string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Tuple, error) {
	switch {
	case name == "format":
		return args, checkText(len(s), strings.Count(s, "{"), args, kwargs)
	case name == "join" && len(args) == 1:
		it, ok := args[0].(starlark.Iterable)
		if !ok {
			return args, nil
		}
		var elems starlark.Tuple
		size := 0
		iter := it.Iterate()
		defer iter.Done()
		var v starlark.Value
		for iter.Next(&v) {
			if e, ok := v.(starlark.String); ok {
				size += len(e) + len(s)
			}
			if size > MaxText {
				return nil, fmt.Errorf("join: a string of more than %d bytes", MaxText)
			}
			elems = append(elems, v)
		}
		return starlark.Tuple{elems}, nil
	case name == "replace" && len(args) >= 2:
		old, ok1 := args[0].(starlark.String)
		repl, ok2 := args[1].(starlark.String)
		if !ok1 || !ok2 {
			return args, nil
		}
		n := strings.Count(s, string(old))
		if size := len(s) + n*(len(repl)-len(old)); n > 0 && size > MaxText {
			return nil, fmt.Errorf("replace: a string of %d bytes, at most %d", size, MaxText)
		}
	}
	return args, nil
}

// checkText refuses a formatting of a format of size bytes with holes
// places for values, when its result could pass MaxText bytes.
func checkText(size, holes int, values starlark.Tuple, kwargs []starlark.Tuple) error {
	for _, kv := range kwargs {
		values = append(values[:len(values):len(values)], kv[1])
	}
	var longest uint64
	for _, v := range values {
		longest = max(longest, textSize(v, 0))
		if total := uint64(size) + uint64(holes)*longest; total > MaxText {
			return fmt.Errorf("formatting: a string of up to %d bytes, at most %d", total, MaxText)
		}
	}
	return nil
}

// textSize is at least the bytes of v's str and repr, counted without
// making them and stopping past MaxText: a string's repr takes at most 6
// bytes a byte (\u escapes) and its quotes; containers are walked to
// depth 32 (deeper, or round a cycle, Starlark prints "...").
func textSize(v starlark.Value, depth int) uint64 {
	if depth > 32 {
		return 8
	}
	var n uint64 = 2
	add := func(e starlark.Value) bool {
		n += textSize(e, depth+1) + 2
		return n <= MaxText
	}
	switch v := v.(type) {
	case starlark.String:
		return 6*uint64(len(v)) + 2
	case starlark.Bytes:
		return 4*uint64(len(v)) + 3
	case *starlark.List, starlark.Tuple:
		seq := v.(starlark.Indexable)
		for k := 0; k < seq.Len() && add(seq.Index(k)); k++ {
		}
		return n
	case *starlark.Dict:
		for _, it := range v.Items() {
			if !add(it[0]) || !add(it[1]) {
				break
			}
		}
		return n
	}
	return uint64(len(v.String()))
}

// boundedText is str or repr (the universe's fn), refusing a text that
// could pass MaxText bytes.
func boundedText(fn string) *starlark.Builtin {
	return starlark.NewBuiltin(fn, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 && textSize(args[0], 0) > MaxText {
			return nil, fmt.Errorf("%s: a text of more than %d bytes", fn, MaxText)
		}
		return starlark.Call(th, starlark.Universe[fn], args, kwargs)
	})
}

// repeatSize is the elements x * y makes when it is a repetition (a
// sequence or string times an int, either way round).
func repeatSize(x, y starlark.Value) (uint64, bool) {
	n, ok := y.(starlark.Int)
	seq := x
	if !ok {
		n, ok = x.(starlark.Int)
		seq = y
	}
	if !ok {
		return 0, false
	}
	var size int
	switch s := seq.(type) {
	case starlark.String:
		size = len(s)
	case starlark.Bytes:
		size = len(s)
	case *starlark.List:
		size = s.Len()
	case starlark.Tuple:
		size = len(s)
	default:
		return 0, false
	}
	count, exact := n.Int64()
	switch {
	case size == 0 || (exact && count <= 0):
		return 0, true
	case !exact || count > math.MaxInt32:
		return math.MaxUint64, true
	}
	return uint64(size) * uint64(count), true
}
