package saves

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// MaxMatchBytes bounds the match a file carries (package game's saved
// match: scenario, log and snapshot), so that a hostile file cannot make
// a reader allocate without end.
const MaxMatchBytes = 64 << 20

// maxTownNameBytes is the most UTF-8 bytes a town's name can take;
// maxAreaNameBytes an area's.
const (
	maxTownNameBytes = 4 * scenario.MaxTownNameLength
	maxAreaNameBytes = 4 * scenario.MaxAreaNameLength
	maxSideNameBytes = 4 * scenario.MaxSideNameLength
)

// sections is what versions 5 and later store after the notes: the units' types
// (in the order of the units), the towns, the setup and the match.
type sections struct {
	types []string
	towns []townRecord
	setup scenario.Setup
	match []byte
}

// appendScenario writes the version 5 sections (see the format's
// description in native.go).
func appendScenario(data []byte, g *hexmap.Grid, match []byte) []byte {
	for _, u := range g.Units() {
		data = append(data, byte(len(u.Type)))
		data = append(data, u.Type...)
	}
	data = binary.LittleEndian.AppendUint32(data, uint32(len(g.Towns())))
	for _, t := range g.Towns() {
		i, _ := g.Topology().Index(t.Location)
		data = binary.LittleEndian.AppendUint32(data, uint32(i))
		data = append(data, t.Owner, byte(len(t.Name)))
		data = append(data, t.Name...)
	}
	s := g.Setup()
	data = binary.LittleEndian.AppendUint64(data, s.Seed)
	data = binary.LittleEndian.AppendUint32(data, uint32(s.Victory.Rounds))
	data = append(data, byte(len(s.Sides)))
	for _, sd := range s.Sides {
		data = append(data, sd.Side, sd.Team)
	}
	data = binary.LittleEndian.AppendUint32(data, uint32(len(s.Script)))
	data = append(data, s.Script...)
	data = append(data, byte(len(s.Areas)))
	for _, a := range s.Areas {
		data = append(data, byte(len(a.Name)))
		data = append(data, a.Name...)
		data = binary.LittleEndian.AppendUint32(data, uint32(len(a.Cells)))
		for _, c := range a.Cells {
			data = binary.LittleEndian.AppendUint32(data, uint32(c))
		}
	}
	data = append(data, byte(len(s.Objectives)))
	for _, o := range s.Objectives {
		data = append(data, o.Side)
		data = binary.LittleEndian.AppendUint16(data, uint16(len(o.Text)))
		data = append(data, o.Text...)
	}
	for _, sd := range s.Sides {
		data = append(data, byte(len(sd.Name)))
		data = append(data, sd.Name...)
	}
	for _, sd := range s.Sides {
		data = append(data, byte(sd.Controller), sd.Colour)
	}
	return append(data, match...) // its length is in the header
}

// townRecord is a town as the file stores it: on a cell index.
type townRecord struct {
	cell  int
	name  string
	owner uint8
}

// cursor reads a section field by field and keeps the first error, so
// that a parser checks once at its end; what names the section.
type cursor struct {
	b    []byte
	at   int
	err  error
	what string
}

func (c *cursor) take(n int) []byte {
	if c.err != nil {
		return nil
	}
	if n > len(c.b)-c.at {
		c.err = fmt.Errorf("truncated data in the %s", c.what)
		return nil
	}
	c.at += n
	return c.b[c.at-n : c.at]
}

func (c *cursor) u8() byte {
	if b := c.take(1); b != nil {
		return b[0]
	}
	return 0
}

func (c *cursor) u16() uint16 {
	if b := c.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (c *cursor) u32() uint32 {
	if b := c.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (c *cursor) u64() uint64 {
	if b := c.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// fail keeps err unless an error came first.
func (c *cursor) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// readScenario reads the version 5 sections at the start of b, for units
// units on a map of n cells and a match of matchLen bytes (checked
// against MaxMatchBytes already), and returns them with their length. It
// checks the lengths and counts, so that nothing it allocates exceeds
// what b holds; the grid checks the values (hexmap's setters).
func readScenario(b []byte, units, n, matchLen int, lay layout) (sections, int, error) {
	var s sections
	c := &cursor{b: b, what: "unit types"}
	s.types = make([]string, 0, min(units, len(b)))
	for range units {
		size := int(c.u8())
		if size > scenario.MaxUnitTypeLength {
			c.fail(fmt.Errorf("unit %d: type of %d bytes: %w", len(s.types), size, scenario.ErrBadUnitType))
		}
		s.types = append(s.types, string(c.take(size)))
	}
	c.what = "towns"
	count := c.u32()
	if count > uint32(n) {
		c.fail(fmt.Errorf("town count %d is more than the map's %d cells", count, n))
	}
	for k := 0; k < int(count) && c.err == nil; k++ {
		cell, owner, size := c.u32(), c.u8(), int(c.u8())
		switch {
		case cell >= uint32(n):
			c.fail(fmt.Errorf("town %d: cell %d is off the map's %d cells", k, cell, n))
		case size > maxTownNameBytes:
			c.fail(fmt.Errorf("town %d: name of %d bytes: %w", k, size, scenario.ErrBadTownName))
		}
		s.towns = append(s.towns, townRecord{int(cell), string(c.take(size)), owner})
	}
	c.what = "setup"
	s.setup.Seed = c.u64()
	rounds := c.u32()
	s.setup.Victory.Rounds = int(min(rounds, scenario.MaxRounds+1))
	sides := int(c.u8())
	if sides > hexmap.MaxSides {
		c.fail(fmt.Errorf("setup: %d sides: %w", sides, scenario.ErrBadSide))
	}
	for range min(sides, hexmap.MaxSides) {
		s.setup.Sides = append(s.setup.Sides, scenario.Side{Side: c.u8(), Team: c.u8()})
	}
	if lay.script {
		readScript(c, &s.setup, n)
	}
	if lay.objectives && c.err == nil {
		readObjectives(c, &s.setup)
	}
	if lay.sideNames && c.err == nil {
		readSideNames(c, &s.setup)
	}
	if lay.controllers && c.err == nil {
		c.what = "sides' controllers and colours"
		for k := range s.setup.Sides {
			s.setup.Sides[k].Controller, s.setup.Sides[k].Colour = scenario.Controller(c.u8()), c.u8()
		}
	}
	c.what = "match"
	if match := c.take(matchLen); len(match) > 0 {
		s.match = bytes.Clone(match)
	}
	return s, c.at, c.err
}

// readScript reads version 6's script and areas into setup, checking
// lengths and counts against what a map of n cells allows (the grid
// checks the values).
func readScript(c *cursor, setup *scenario.Setup, n int) {
	c.what = "script"
	size := c.u32()
	if size > scenario.MaxScriptBytes {
		c.fail(fmt.Errorf("script of %d bytes: %w", size, scenario.ErrBadScript))
		return
	}
	setup.Script = string(c.take(int(size)))
	c.what = "areas"
	count := int(c.u8())
	if count > scenario.MaxAreas {
		c.fail(fmt.Errorf("%d areas: %w", count, scenario.ErrBadArea))
	}
	for k := 0; k < count && c.err == nil; k++ {
		nameLen := int(c.u8())
		if nameLen > maxAreaNameBytes {
			c.fail(fmt.Errorf("area %d: name of %d bytes: %w", k, nameLen, scenario.ErrBadArea))
		}
		a := scenario.Area{Name: string(c.take(nameLen))}
		cells := c.u32()
		if cells > uint32(n) {
			c.fail(fmt.Errorf("area %d: %d cells on a map of %d: %w", k, cells, n, scenario.ErrBadArea))
		}
		for j := 0; j < int(cells) && c.err == nil; j++ {
			a.Cells = append(a.Cells, int(c.u32()))
		}
		setup.Areas = append(setup.Areas, a)
	}
}

// readObjectives reads version 7's starting objectives into setup,
// checking their count and lengths (the grid checks the values).
func readObjectives(c *cursor, setup *scenario.Setup) {
	c.what = "objectives"
	count := int(c.u8())
	if count > hexmap.MaxSides {
		c.fail(fmt.Errorf("%d objectives: %w", count, scenario.ErrBadObjective))
	}
	for k := 0; k < count && c.err == nil; k++ {
		side := c.u8()
		size := int(c.u16())
		if size > scenario.MaxObjectiveBytes {
			c.fail(fmt.Errorf("objectives %d: %d bytes: %w", k, size, scenario.ErrBadObjective))
		}
		setup.Objectives = append(setup.Objectives, scenario.Objective{Side: side, Text: string(c.take(size))})
	}
}

// readSideNames reads version 8's side names into setup's sides (the
// grid checks them).
func readSideNames(c *cursor, setup *scenario.Setup) {
	c.what = "side names"
	for k := range setup.Sides {
		size := int(c.u8())
		if size > maxSideNameBytes {
			c.fail(fmt.Errorf("side %d: name of %d bytes: %w", setup.Sides[k].Side, size, scenario.ErrBadSideName))
		}
		setup.Sides[k].Name = string(c.take(size))
	}
}

// applyTypes gives the file's unit records (in the file's order) their
// types, before the grid takes them.
func (s sections) applyTypes(units []hexmap.Unit) error {
	for k := range units {
		if err := scenario.CheckUnitType(s.types[k]); err != nil {
			return fmt.Errorf("unit %d: type %q: %w", k, s.types[k], err)
		}
		units[k].Type = s.types[k]
	}
	return nil
}

// applyTo sets the towns and the setup on g.
func (s sections) applyTo(g *hexmap.Grid) error {
	towns := make([]hexmap.Town, len(s.towns))
	for k, t := range s.towns {
		towns[k] = hexmap.Town{Location: g.Topology().Coordinates(t.cell), Name: t.name, Owner: t.owner}
	}
	if err := g.SetTowns(towns); err != nil {
		return err
	}
	if err := g.SetSetup(s.setup); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	return nil
}
