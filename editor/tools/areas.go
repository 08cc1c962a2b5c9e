package tools

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"hexsandbox/hexmap/scenario"
)

// The Area tool's edits of a scenario's named areas (scenario.Area):
// cells painted into an area or out of it, an area renamed or deleted.
// Each works on a copy of the map's setup, which the caller sets back
// (hexmap's SetSetup checks it against the map).

// AreaIndex is the index of the area called name in set, or -1.
func AreaIndex(set scenario.Setup, name string) int {
	return slices.IndexFunc(set.Areas, func(a scenario.Area) bool { return a.Name == name })
}

// InArea reports whether cell i is in the area called name.
func InArea(set scenario.Setup, name string, i int) bool {
	k := AreaIndex(set, name)
	if k < 0 {
		return false
	}
	_, found := slices.BinarySearch(set.Areas[k].Cells, i)
	return found
}

// CheckAreaName reports why name cannot name an area, or nil.
func CheckAreaName(name string) error {
	if n := utf8.RuneCountInString(name); n == 0 || n > scenario.MaxAreaNameLength || strings.TrimSpace(name) != name {
		return fmt.Errorf("an area's name is 1 to %d characters, without spaces at its ends", scenario.MaxAreaNameLength)
	}
	return nil
}

// PaintArea puts cell i into the area called name (add) or takes it out,
// adding the area when a first cell goes into an area not yet in set;
// it reports whether set changed.
func PaintArea(set *scenario.Setup, name string, i int, add bool) (bool, error) {
	k := AreaIndex(*set, name)
	if k < 0 {
		if !add {
			return false, nil
		}
		if err := CheckAreaName(name); err != nil {
			return false, err
		}
		if len(set.Areas) >= scenario.MaxAreas {
			return false, fmt.Errorf("a scenario has at most %d areas", scenario.MaxAreas)
		}
		set.Areas = append(set.Areas, scenario.Area{Name: name})
		k = len(set.Areas) - 1
	}
	a := &set.Areas[k]
	at, found := slices.BinarySearch(a.Cells, i)
	switch {
	case add && !found:
		a.Cells = slices.Insert(a.Cells, at, i)
	case !add && found:
		a.Cells = slices.Delete(a.Cells, at, at+1)
	default:
		return false, nil
	}
	return true, nil
}

// RenameArea calls the area old by name to.
func RenameArea(set *scenario.Setup, old, to string) error {
	k := AreaIndex(*set, old)
	switch {
	case k < 0:
		return fmt.Errorf("no area %q", old)
	case CheckAreaName(to) != nil:
		return CheckAreaName(to)
	case old != to && AreaIndex(*set, to) >= 0:
		return fmt.Errorf("an area %q is there already", to)
	}
	set.Areas[k].Name = to
	return nil
}

// DeleteArea removes the area called name; it reports whether there was
// one.
func DeleteArea(set *scenario.Setup, name string) bool {
	k := AreaIndex(*set, name)
	if k >= 0 {
		set.Areas = slices.Delete(set.Areas, k, k+1)
	}
	return k >= 0
}

// NextArea is the name of the area after the one called name in set's
// order (the first after the last, or when name is none of them); ""
// when set has no areas.
func NextArea(set scenario.Setup, name string) string {
	if len(set.Areas) == 0 {
		return ""
	}
	return set.Areas[(AreaIndex(set, name)+1)%len(set.Areas)].Name
}
