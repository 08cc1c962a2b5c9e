package script

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
)

// MaxVarBytes bounds one variable's value, as JSON text.
const MaxVarBytes = 16 << 10

// maxCells bounds a list of cells a script passes.
const maxCells = 1 << 20

// toValue is a Go value of this package (or an int, or nil) as Starlark
// sees it.
func toValue(a any) starlark.Value {
	switch a := a.(type) {
	case nil:
		return starlark.None
	case int:
		return starlark.MakeInt(a)
	case string:
		return starlark.String(a)
	case Cell:
		return starlark.Tuple{starlark.MakeInt(a[0]), starlark.MakeInt(a[1])}
	case Unit:
		return record("unit", starlark.StringDict{"id": toValue(a.ID), "type": starlark.String(a.Type),
			"side": toValue(a.Side), "cell": toValue(a.Cell), "hp": toValue(a.HP), "moves": toValue(a.Moves)})
	case Town:
		return record("town", starlark.StringDict{"id": toValue(a.ID), "name": starlark.String(a.Name),
			"cell": toValue(a.Cell), "owner": toValue(a.Owner), "builds": starlark.String(a.Builds)})
	case Side:
		return record("side", starlark.StringDict{"side": toValue(a.Side), "team": toValue(a.Team), "alive": starlark.Bool(a.Alive)})
	case CellInfo:
		return record("cell", starlark.StringDict{"cell": toValue(a.Cell), "terrain": starlark.String(a.Terrain),
			"elevation": toValue(a.Elevation), "water": toValue(a.Water), "urban": toValue(a.Urban),
			"farm": toValue(a.Farm), "plant": toValue(a.Plant), "walled": starlark.Bool(a.Walled),
			"road": starlark.Bool(a.Road), "river": starlark.Bool(a.River), "special": starlark.Bool(a.Special),
			"underwater": starlark.Bool(a.Underwater), "unit": idOrNone(a.Unit), "town": idOrNone(a.Town)})
	}
	panic(fmt.Sprintf("script: no Starlark value for %T", a))
}

// record is a frozen struct of the given kind.
func record(kind string, fields starlark.StringDict) starlark.Value {
	s := starlarkstruct.FromStringDict(starlark.String(kind), fields)
	s.Freeze()
	return s
}

func idOrNone(id int) starlark.Value {
	if id == 0 {
		return starlark.None
	}
	return starlark.MakeInt(id)
}

// idOf reads a unit or town argument: its id, or a record with an id.
func idOf(v starlark.Value, what string) (int, error) {
	if s, ok := v.(*starlarkstruct.Struct); ok {
		if id, err := s.Attr("id"); err == nil {
			v = id
		}
	}
	var id int
	if err := starlark.AsInt(v, &id); err != nil {
		return 0, fmt.Errorf("a %s is its id or its record, not a %s", what, v.Type())
	}
	return id, nil
}

// cellOf reads a cell argument: a tuple or list (x, z).
func cellOf(v starlark.Value) (Cell, error) {
	seq, ok := v.(starlark.Indexable)
	if !ok || seq.Len() != 2 {
		return Cell{}, fmt.Errorf("a cell is (x, z), not %s", short(v))
	}
	var c Cell
	for k := range c {
		if err := starlark.AsInt(seq.Index(k), &c[k]); err != nil {
			return Cell{}, fmt.Errorf("a cell is (x, z) of whole numbers, not %s", short(v))
		}
	}
	return c, nil
}

// cellsOf reads a list of cells.
func cellsOf(v starlark.Value) ([]Cell, error) {
	it, ok := v.(starlark.Iterable)
	if !ok {
		return nil, fmt.Errorf("cells are a list of (x, z) or an area's name, not a %s", v.Type())
	}
	iter := it.Iterate()
	defer iter.Done()
	var cells []Cell
	var x starlark.Value
	for iter.Next(&x) {
		if len(cells) == maxCells {
			return nil, fmt.Errorf("more than %d cells", maxCells)
		}
		c, err := cellOf(x)
		if err != nil {
			return nil, err
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// short is v's text for an error, cut to a line's length.
func short(v starlark.Value) string {
	s := v.String()
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// vars is game.vars: the match's variables, read and written through the
// host of the call under way. A value is None, a bool, an int, a string,
// or a list, tuple or dict (string keys) of those; it is stored as JSON
// text (tuples read back as lists), so a value read is a fresh copy.
// Storing None deletes a variable.
type vars struct{ p *Program }

var (
	_ starlark.HasSetKey = (*vars)(nil)
	_ starlark.HasAttrs  = (*vars)(nil)
)

func (v *vars) String() string        { return "game.vars" }
func (v *vars) Type() string          { return "vars" }
func (v *vars) Freeze()               {}
func (v *vars) Truth() starlark.Bool  { return starlark.True }
func (v *vars) Hash() (uint32, error) { return 0, errors.New("unhashable: vars") }

// Get reads variable k; a missing one is a key error.
func (v *vars) Get(k starlark.Value) (starlark.Value, bool, error) {
	h, err := v.p.hostOf()
	if err != nil {
		return nil, false, err
	}
	name, ok := k.(starlark.String)
	if !ok {
		return nil, false, fmt.Errorf("a variable's name is a string, not a %s", k.Type())
	}
	text, ok := h.Var(string(name))
	if !ok {
		return nil, false, nil
	}
	val, err := decodeVar(text)
	return val, err == nil, err
}

// SetKey sets variable k to val (None deletes it).
func (v *vars) SetKey(k, val starlark.Value) error {
	h, err := v.p.hostOf()
	if err != nil {
		return err
	}
	name, ok := k.(starlark.String)
	if !ok {
		return fmt.Errorf("a variable's name is a string, not a %s", k.Type())
	}
	text := ""
	if val != starlark.None {
		b, err := encodeVar(nil, val, 0)
		if err != nil {
			return fmt.Errorf("game.vars[%q]: %v", string(name), err)
		}
		if len(b) > MaxVarBytes {
			return fmt.Errorf("game.vars[%q]: a value of %d bytes, at most %d", string(name), len(b), MaxVarBytes)
		}
		text = string(b)
	}
	return h.SetVar(string(name), text)
}

func (v *vars) Attr(name string) (starlark.Value, error) {
	if name != "get" {
		return nil, nil
	}
	return starlark.NewBuiltin("game.vars.get", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		var k starlark.Value
		var def starlark.Value = starlark.None
		if err := starlark.UnpackPositionalArgs("get", args, kwargs, 1, &k, &def); err != nil {
			return nil, err
		}
		val, ok, err := v.Get(k)
		if err != nil || !ok {
			return def, err
		}
		return val, nil
	}), nil
}

func (v *vars) AttrNames() []string { return []string{"get"} }

// maxDepth bounds the nesting of a variable's value.
const maxDepth = 16

// encodeVar appends val as JSON to b.
func encodeVar(b []byte, val starlark.Value, depth int) ([]byte, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("nested more than %d deep", maxDepth)
	}
	if len(b) > MaxVarBytes {
		return nil, fmt.Errorf("more than %d bytes", MaxVarBytes)
	}
	switch val := val.(type) {
	case starlark.NoneType:
		return append(b, "null"...), nil
	case starlark.Bool:
		return strconv.AppendBool(b, bool(val)), nil
	case starlark.Int:
		i, ok := val.Int64()
		if !ok {
			return nil, fmt.Errorf("the number %s is too large", val)
		}
		return strconv.AppendInt(b, i, 10), nil
	case starlark.String:
		sb, _ := json.Marshal(string(val))
		return append(b, sb...), nil
	case *starlark.List:
		return encodeSeq(b, val, depth)
	case starlark.Tuple:
		return encodeSeq(b, val, depth)
	case *starlark.Dict:
		return encodeDict(b, val, depth)
	}
	return nil, fmt.Errorf("a %s cannot be kept (None, bool, int, string, list, tuple or dict)", val.Type())
}

func encodeSeq(b []byte, seq starlark.Indexable, depth int) ([]byte, error) {
	b = append(b, '[')
	for k := range seq.Len() {
		if k > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = encodeVar(b, seq.Index(k), depth+1); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// encodeDict writes a dict's items in key order, so that equal dicts
// are stored alike.
func encodeDict(b []byte, d *starlark.Dict, depth int) ([]byte, error) {
	items := d.Items()
	keys := make([]string, len(items))
	for k, it := range items {
		s, ok := it[0].(starlark.String)
		if !ok {
			return nil, fmt.Errorf("a kept dict's keys are strings, not %s", it[0].Type())
		}
		keys[k] = string(s)
	}
	order := make([]int, len(items))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, c int) int { return strings.Compare(keys[a], keys[c]) })
	b = append(b, '{')
	for n, k := range order {
		if n > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(keys[k])
		b = append(append(b, kb...), ':')
		var err error
		if b, err = encodeVar(b, items[k][1], depth+1); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// decodeVar reads a value encodeVar wrote (or a saved match holds).
func decodeVar(text string) (starlark.Value, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return nil, fmt.Errorf("a stored variable: %v", err)
	}
	if dec.More() {
		return nil, errors.New("a stored variable: more than one value")
	}
	return fromJSON(x, 0)
}

func fromJSON(x any, depth int) (starlark.Value, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("a stored variable nested more than %d deep", maxDepth)
	}
	switch x := x.(type) {
	case nil:
		return starlark.None, nil
	case bool:
		return starlark.Bool(x), nil
	case json.Number:
		i, err := strconv.ParseInt(string(x), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("a stored variable: %q is not a whole number", x)
		}
		return starlark.MakeInt64(i), nil
	case string:
		return starlark.String(x), nil
	case []any:
		out := make([]starlark.Value, len(x))
		for k, e := range x {
			v, err := fromJSON(e, depth+1)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return starlark.NewList(out), nil
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		d := starlark.NewDict(len(keys))
		for _, k := range keys {
			v, err := fromJSON(x[k], depth+1)
			if err != nil {
				return nil, err
			}
			d.SetKey(starlark.String(k), v)
		}
		return d, nil
	}
	return nil, fmt.Errorf("a stored variable holds a %T", x)
}

// CheckVar reports whether text is a value a variable may hold (for a
// saved match's checks).
func CheckVar(text string) error {
	if len(text) > MaxVarBytes {
		return fmt.Errorf("a value of %d bytes, at most %d", len(text), MaxVarBytes)
	}
	_, err := decodeVar(text)
	return err
}
