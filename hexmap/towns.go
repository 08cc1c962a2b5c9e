package hexmap

import (
	"errors"
	"hexsandbox/hexmap/scenario"
	"slices"
)

// Town is a town (a city) standing on a land cell: its name and the side
// that owns it, 0 for neutral. The grid keeps its towns with the cells,
// at most one per cell, so that files, copies and undo carry them;
// package game takes them as a match's starting towns.
type Town struct {
	Location Coordinates
	Name     string // 1..MaxTownNameLength printable characters, see scenario.CheckTownName
	Owner    uint8  // 0 (neutral) or a side 1..MaxSides
}

// The reasons the grid refuses a town (a bad name is
// scenario.ErrBadTownName). A
// town off the map is errOffMap, as a unit is.
var (
	errBadTownOwner   = errors.New("a town's owner is 0 (neutral) or a side 1 to 4")
	errTownThere      = errors.New("the cell already holds a town")
	errTownUnderwater = errors.New("towns stand on land, not underwater")
	errNoSuchTown     = errors.New("no such town")
)

// townState is the grid's towns: the list in placement order, which cell
// holds which, and a counter that tells followers (undo, views) that
// they changed.
type townState struct {
	list  []Town
	at    []int32 // per cell: index in list + 1, or 0; nil until needed
	edits uint64  // placements and removals, the flood rule included
}

// Towns returns the map's towns in placement order. Callers must not
// modify the slice; it is valid until the next town edit.
func (g *Grid) Towns() []Town { return g.towns.list }

// TownAt returns the index in Towns of the town on cell i, if any.
func (g *Grid) TownAt(i int) (int, bool) {
	if g.towns.at == nil || i < 0 || i >= len(g.towns.at) || g.towns.at[i] == 0 {
		return 0, false
	}
	return int(g.towns.at[i]) - 1, true
}

// TownEdits counts placements and removals of towns, including those the
// flood rule removed. Followers compare it with what they saw last.
func (g *Grid) TownEdits() uint64 { return g.towns.edits }

// checkTown reports why t cannot stand on the map, and returns its cell.
func (g *Grid) checkTown(t Town) (int, error) {
	i, ok := g.top.Index(t.Location)
	switch {
	case !ok:
		return 0, errOffMap
	case scenario.CheckTownName(t.Name) != nil:
		return i, scenario.ErrBadTownName
	case t.Owner > MaxSides:
		return i, errBadTownOwner
	case g.cells[i].IsUnderwater():
		return i, errTownUnderwater
	}
	if _, ok := g.TownAt(i); ok {
		return i, errTownThere
	}
	return i, nil
}

// PlaceTown places t (an edit) after the other towns: on the map, on a
// dry cell without a town, with a name scenario.CheckTownName accepts and an
// owner 0..MaxSides. Its location is stored in the cell's own
// coordinates. A refused town changes nothing.
func (g *Grid) PlaceTown(t Town) error { return g.InsertTown(len(g.towns.list), t) }

// InsertTown is PlaceTown at place k of Towns (clamped to the list), for
// undo to put a town back where it was.
func (g *Grid) InsertTown(k int, t Town) error {
	i, err := g.checkTown(t)
	if err != nil {
		return err
	}
	t.Location = g.top.Coordinates(i)
	if g.towns.at == nil {
		g.towns.at = make([]int32, len(g.cells))
	}
	k = max(0, min(k, len(g.towns.list)))
	g.towns.list = slices.Insert(g.towns.list, k, t)
	g.reindexTowns()
	g.towns.edits++
	return nil
}

// RemoveTown removes town k of Towns (an edit); the towns after it move
// down by one. It returns errNoSuchTown when there is no town k.
func (g *Grid) RemoveTown(k int) error {
	if k < 0 || k >= len(g.towns.list) {
		return errNoSuchTown
	}
	g.towns.list = slices.Delete(g.towns.list, k, k+1)
	g.reindexTowns()
	g.towns.edits++
	return nil
}

// SetTowns replaces every town (loading a file, a scenario). A town
// that cannot stand is an error naming it, and changes nothing.
func (g *Grid) SetTowns(towns []Town) error {
	old := g.towns
	g.towns.list, g.towns.at = nil, nil
	for k, t := range towns {
		if err := g.PlaceTown(t); err != nil {
			g.towns = old
			x, z := t.Location.Offset()
			return errorf("town %d %q at (%d, %d): %w", k, t.Name, x, z, err)
		}
	}
	g.towns.edits = old.edits + 1
	return nil
}

// reindexTowns rebuilds the cell → town index after the list changed.
func (g *Grid) reindexTowns() {
	if g.towns.at == nil {
		return
	}
	clear(g.towns.at)
	for k, t := range g.towns.list {
		i, _ := g.top.Index(t.Location)
		g.towns.at[i] = int32(k + 1)
	}
}

// clone returns a copy that shares nothing with t.
func (t townState) clone() townState {
	t.list = slices.Clone(t.list)
	t.at = slices.Clone(t.at)
	return t
}
