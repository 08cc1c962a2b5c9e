package script

import (
	"errors"
	"fmt"
	"math"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// MaxRepeat bounds what a repetition (`"ab" * n`, `[0] * n`) makes: its
// elements, or bytes for a string. One step makes the whole of it, so
// the step limit cannot stop it.
const MaxRepeat = 1 << 20

// repeatName is the builtin every `*` of a script calls: a name no
// script can write, so that none can shadow it.
const repeatName = "·repeat"

// parse parses src and routes every `*` through repeatName: `x * y`
// becomes `True and ·repeat(x, y)` (a BinaryExpr still, so it is changed
// in place) and `name *= y` becomes `name = ·repeat(name, y)`; `*=` on
// anything but a plain name is refused.
func parse(name, src string) (*syntax.File, error) {
	f, err := fileOptions().Parse(name, src, 0)
	if err != nil {
		return nil, err
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryExpr:
			if n.Op == syntax.STAR {
				call := repeatCall(n.OpPos, n.X, n.Y)
				n.Op, n.X, n.Y = syntax.AND, &syntax.Ident{NamePos: n.OpPos, Name: "True"}, call
			}
		case *syntax.AssignStmt:
			if n.Op != syntax.STAR_EQ {
				break
			}
			id, ok := n.LHS.(*syntax.Ident)
			if !ok {
				err = syntax.Error{Pos: n.OpPos, Msg: "*= works on a plain name only: write a[i] = a[i] * n"}
				return false
			}
			n.Op, n.RHS = syntax.EQ, repeatCall(n.OpPos, &syntax.Ident{NamePos: id.NamePos, Name: id.Name}, n.RHS)
		}
		return err == nil
	})
	return f, err
}

// repeatCall is the call ·repeat(x, y) at pos.
func repeatCall(pos syntax.Position, x, y syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: repeatName}, Lparen: pos, Args: []syntax.Expr{x, y}, Rparen: pos}
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
	return starlark.Binary(syntax.STAR, x, y)
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
