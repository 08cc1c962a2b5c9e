package script

import (
	"errors"
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
)

// errTopLevel is the error of a game function called outside a handler.
var errTopLevel = errors.New("the game module works only inside a handler")

// host is the host of the call under way, or an error at the top level.
func (p *Program) hostOf() (Host, error) {
	if p.host == nil {
		return nil, errTopLevel
	}
	return p.host, nil
}

// builtin is a game function: its body gets the host and the arguments.
type builtin func(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

// newModule is the game module of p.
func newModule(p *Program) starlark.Value {
	fns := map[string]builtin{
		"round":          gameRound,
		"side":           gameSide,
		"sides":          gameSides,
		"units":          gameUnits,
		"unit":           gameUnit,
		"unit_at":        gameUnitAt,
		"towns":          gameTowns,
		"town":           gameTown,
		"cell":           gameCell,
		"areas":          gameAreas,
		"area":           gameArea,
		"in_area":        gameInArea,
		"sees":           gameSees,
		"explored":       gameExplored,
		"random":         gameRandom,
		"message":        gameMessage,
		"spawn":          gameSpawn,
		"remove":         gameRemove,
		"damage":         gameDamage,
		"set_owner":      gameSetOwner,
		"reveal":         gameReveal,
		"set_objectives": gameSetObjectives,
		"victory":        gameVictory,
		"defeat":         gameDefeat,
	}
	members := starlark.StringDict{"vars": &vars{p: p}}
	for name, fn := range fns {
		members[name] = starlark.NewBuiltin("game."+name, func(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			h, err := p.hostOf()
			if err != nil {
				return nil, err
			}
			v, err := fn(h, args, kwargs)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", b.Name(), err)
			}
			return v, nil
		})
	}
	return &starlarkstruct.Module{Name: "game", Members: members}
}

// noArgs refuses arguments to a function that takes none.
func noArgs(args starlark.Tuple, kwargs []starlark.Tuple) error {
	if len(args)+len(kwargs) > 0 {
		return errors.New("takes no arguments")
	}
	return nil
}

func gameRound(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return starlark.MakeInt(h.Round()), noArgs(args, kwargs)
}

func gameSide(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return starlark.MakeInt(h.SideInTurn()), noArgs(args, kwargs)
}

func gameSides(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return listOf(h.Sides()), noArgs(args, kwargs)
}

// listOf is items as a Starlark list of records.
func listOf[T any](items []T) *starlark.List {
	out := make([]starlark.Value, len(items))
	for k, it := range items {
		out[k] = toValue(it)
	}
	return starlark.NewList(out)
}

// idArg reads a function's one argument, a unit or a town called what.
func idArg(fn, what string, args starlark.Tuple, kwargs []starlark.Tuple) (int, error) {
	var v starlark.Value
	if err := starlark.UnpackPositionalArgs(fn, args, kwargs, 1, &v); err != nil {
		return 0, err
	}
	return idOf(v, what)
}

// gameUnits lists the units on the map, of one side (side=0: all) and
// in one area (area="": anywhere).
func gameUnits(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	side, area := 0, ""
	if err := starlark.UnpackArgs("units", args, kwargs, "side?", &side, "area?", &area); err != nil {
		return nil, err
	}
	var in map[Cell]bool
	if area != "" {
		cells, err := areaCells(h, area)
		if err != nil {
			return nil, err
		}
		in = make(map[Cell]bool, len(cells))
		for _, c := range cells {
			in[c] = true
		}
	}
	var out []starlark.Value
	for _, u := range h.Units() {
		if (side == 0 || u.Side == side) && (in == nil || in[u.Cell]) {
			out = append(out, toValue(u))
		}
	}
	return starlark.NewList(out), nil
}

func gameUnit(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	id, err := idArg("unit", "unit", args, kwargs)
	if err != nil {
		return nil, err
	}
	if u, ok := h.Unit(id); ok {
		return toValue(u), nil
	}
	return starlark.None, nil
}

func gameUnitAt(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	info, err := cellInfoArg(h, "unit_at", args, kwargs)
	if err != nil || info.Unit == 0 {
		return starlark.None, err
	}
	u, _ := h.Unit(info.Unit)
	return toValue(u), nil
}

func gameTowns(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return listOf(h.Towns()), noArgs(args, kwargs)
}

func gameTown(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	id, err := idArg("town", "town", args, kwargs)
	if err != nil {
		return nil, err
	}
	if towns := h.Towns(); id >= 1 && id <= len(towns) {
		return toValue(towns[id-1]), nil
	}
	return starlark.None, nil
}

func gameCell(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	info, err := cellInfoArg(h, "cell", args, kwargs)
	if err != nil {
		return nil, err
	}
	return toValue(info), nil
}

// cellInfoArg is the cell named by a function's one argument.
func cellInfoArg(h Host, fn string, args starlark.Tuple, kwargs []starlark.Tuple) (CellInfo, error) {
	var v starlark.Value
	if err := starlark.UnpackPositionalArgs(fn, args, kwargs, 1, &v); err != nil {
		return CellInfo{}, err
	}
	c, err := cellOf(v)
	if err != nil {
		return CellInfo{}, err
	}
	info, ok := h.CellInfo(c)
	if !ok {
		return CellInfo{}, fmt.Errorf("no cell (%d, %d) on the map", c[0], c[1])
	}
	return info, nil
}

func gameAreas(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return listOf(h.Areas()), noArgs(args, kwargs)
}

func gameArea(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var name string
	if err := starlark.UnpackPositionalArgs("area", args, kwargs, 1, &name); err != nil {
		return nil, err
	}
	cells, err := areaCells(h, name)
	if err != nil {
		return nil, err
	}
	return listOf(cells), nil
}

// areaCells is the area called name's cells.
func areaCells(h Host, name string) ([]Cell, error) {
	cells, ok := h.Area(name)
	if !ok {
		return nil, fmt.Errorf("no area %q", name)
	}
	return cells, nil
}

func gameInArea(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var v starlark.Value
	var name string
	if err := starlark.UnpackPositionalArgs("in_area", args, kwargs, 2, &v, &name); err != nil {
		return nil, err
	}
	c, err := cellOf(v)
	if err != nil {
		return nil, err
	}
	cells, err := areaCells(h, name)
	if err != nil {
		return nil, err
	}
	for _, a := range cells {
		if a == c {
			return starlark.True, nil
		}
	}
	return starlark.False, nil
}

// sideAndCell reads a function's (side, cell) arguments.
func sideAndCell(fn string, args starlark.Tuple, kwargs []starlark.Tuple) (int, Cell, error) {
	var side int
	var v starlark.Value
	if err := starlark.UnpackPositionalArgs(fn, args, kwargs, 2, &side, &v); err != nil {
		return 0, Cell{}, err
	}
	c, err := cellOf(v)
	return side, c, err
}

func gameSees(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	side, c, err := sideAndCell("sees", args, kwargs)
	if err != nil {
		return nil, err
	}
	return starlark.Bool(h.Sees(side, c)), nil
}

func gameExplored(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	side, c, err := sideAndCell("explored", args, kwargs)
	if err != nil {
		return nil, err
	}
	return starlark.Bool(h.Explored(side, c)), nil
}

func gameRandom(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var n int
	if err := starlark.UnpackPositionalArgs("random", args, kwargs, 1, &n); err != nil {
		return nil, err
	}
	v, err := h.Random(n)
	return starlark.MakeInt(v), err
}

func gameMessage(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var text string
	side := 0
	if err := starlark.UnpackArgs("message", args, kwargs, "text", &text, "side?", &side); err != nil {
		return nil, err
	}
	return starlark.None, h.Message(side, text)
}

func gameSpawn(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var typ string
	var side int
	var v starlark.Value
	if err := starlark.UnpackArgs("spawn", args, kwargs, "type", &typ, "side", &side, "cell", &v); err != nil {
		return nil, err
	}
	c, err := cellOf(v)
	if err != nil {
		return nil, err
	}
	id, err := h.Spawn(typ, side, c)
	if err != nil {
		return nil, err
	}
	u, _ := h.Unit(id)
	return toValue(u), nil
}

func gameRemove(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	id, err := idArg("remove", "unit", args, kwargs)
	if err != nil {
		return nil, err
	}
	return starlark.None, h.Remove(id)
}

func gameDamage(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	id, hp, err := idAndNumber("damage", args, kwargs, "unit", "hp")
	if err != nil {
		return nil, err
	}
	return starlark.None, h.Damage(id, hp)
}

func gameSetOwner(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	id, side, err := idAndNumber("set_owner", args, kwargs, "town", "side")
	if err != nil {
		return nil, err
	}
	return starlark.None, h.SetOwner(id, side)
}

// idAndNumber reads a function's (unit or town, number) arguments,
// called what and number.
func idAndNumber(fn string, args starlark.Tuple, kwargs []starlark.Tuple, what, number string) (int, int, error) {
	var v starlark.Value
	var n int
	if err := starlark.UnpackArgs(fn, args, kwargs, what, &v, number, &n); err != nil {
		return 0, 0, err
	}
	id, err := idOf(v, what)
	return id, n, err
}

func gameReveal(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var v starlark.Value
	var side int
	if err := starlark.UnpackArgs("reveal", args, kwargs, "cells", &v, "side", &side); err != nil {
		return nil, err
	}
	var cells []Cell
	if name, ok := v.(starlark.String); ok {
		c, err := areaCells(h, string(name))
		if err != nil {
			return nil, err
		}
		cells = c
	} else {
		c, err := cellsOf(v)
		if err != nil {
			return nil, err
		}
		cells = c
	}
	return starlark.None, h.Reveal(side, cells)
}

func gameSetObjectives(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var side int
	var text string
	if err := starlark.UnpackArgs("set_objectives", args, kwargs, "side", &side, "text", &text); err != nil {
		return nil, err
	}
	return starlark.None, h.SetObjectives(side, text)
}

func gameVictory(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var team int
	if err := starlark.UnpackArgs("victory", args, kwargs, "team", &team); err != nil {
		return nil, err
	}
	return starlark.None, h.Victory(team)
}

func gameDefeat(h Host, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var side int
	if err := starlark.UnpackArgs("defeat", args, kwargs, "side", &side); err != nil {
		return nil, err
	}
	return starlark.None, h.Defeat(side)
}
