package saves

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// Catlike Hex Map save files (C# BinaryWriter, little-endian), as the
// tutorial wrote them from part 12 (version 0) to part 27 (version 5):
//
//	int32 version
//	v1+: int32 cellCountX, int32 cellCountZ (v0 maps are 20×15)
//	v5+: bool wrapping
//	per cell in row order: terrain type, elevation (v4+: + 127), water
//	level, urban, farm, plant, special, walled, incoming river, outgoing
//	river (each direction + 128, or 0 for none), roads (bit d = direction
//	d), v3+: explored
//	v2+: int32 unit count, per unit int32 X, int32 Z (cube coordinates),
//	float32 orientation (Catlike has one side: units read as side 1, and
//	a written file keeps no side)
//
// The explored flag is side 1's exploration, both ways; the other sides'
// is not kept.
const (
	catlikeVersion = 5
	catlikeV0Width = 20
	catlikeV0Depth = 15
	riverFlag      = 128
)

// WriteCatlike writes g as a Catlike version 5 save file. Heights must fit
// Catlike's bytes: elevation -127..128 and water level 0..255.
func WriteCatlike(w io.Writer, g *hexmap.Grid) error {
	bw := bufio.NewWriter(w)
	put32 := func(v int32) { binary.Write(bw, binary.LittleEndian, v) }
	put32(catlikeVersion)
	put32(int32(g.Topology().Width))
	put32(int32(g.Topology().Height))
	bw.WriteByte(boolBit(g.Topology().Wrapping))
	for i, c := range g.Cells() {
		explored := g.Explored(i, 1)
		if c.WaterLevel < 0 || c.WaterLevel > 255 {
			return fmt.Errorf("cell %d: water level %d does not fit a Catlike file (0..255)", i, c.WaterLevel)
		}
		bw.Write([]byte{
			c.TerrainType, byte(c.Elevation + 127), byte(c.WaterLevel),
			c.UrbanLevel, c.FarmLevel, c.PlantLevel, c.SpecialIndex, boolBit(c.Walled),
			catlikeRiver(c.IncomingRiver), catlikeRiver(c.OutgoingRiver), c.Roads, boolBit(explored),
		})
	}
	put32(int32(len(g.Units())))
	for _, u := range g.Units() {
		put32(int32(u.Location.X))
		put32(int32(u.Location.Z))
		binary.Write(bw, binary.LittleEndian, u.Orientation)
	}
	return bw.Flush()
}

// CatlikeLoses lists what of g a Catlike file cannot keep (towns, unit
// types other than the default, the scenario setup), for a message;
// nil when nothing is lost. Catlike files keep no sides either: their
// units read as side 1.
func CatlikeLoses(g *hexmap.Grid) []string {
	var lost []string
	switch n := len(g.Towns()); n {
	case 0:
	case 1:
		lost = append(lost, "1 town")
	default:
		lost = append(lost, fmt.Sprintf("%d towns", n))
	}
	for _, u := range g.Units() {
		if u.Type != scenario.DefaultUnitType {
			lost = append(lost, "unit types")
			break
		}
	}
	if s := g.Setup(); s.Seed != 0 || s.Victory.Rounds != 0 || len(s.Sides) > 0 || s.Script != "" || len(s.Areas) > 0 || len(s.Objectives) > 0 {
		lost = append(lost, "the scenario setup")
	}
	return lost
}

func catlikeRiver(d hexmap.Direction) byte {
	if d == hexmap.NoDirection {
		return 0
	}
	return byte(d) + riverFlag
}

// catlikeReader reads the file's fields in order and keeps the first
// error, so that the parser checks once per section.
type catlikeReader struct {
	r       *bufio.Reader
	err     error
	section string
}

func (c *catlikeReader) fail(err error) {
	if c.err != nil {
		return
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = fmt.Errorf("truncated data: file ends in the %s", c.section)
	}
	c.err = err
}

func (c *catlikeReader) byte() byte {
	if c.err != nil {
		return 0
	}
	b, err := c.r.ReadByte()
	if err != nil {
		c.fail(err)
	}
	return b
}

func (c *catlikeReader) int32() int32 {
	var b [4]byte
	if c.err != nil {
		return 0
	}
	if _, err := io.ReadFull(c.r, b[:]); err != nil {
		c.fail(err)
		return 0
	}
	return int32(binary.LittleEndian.Uint32(b[:]))
}

// bool reads a C# bool: any byte but zero is true.
func (c *catlikeReader) bool() bool { return c.byte() != 0 }

func readCatlike(r *bufio.Reader, noise NoiseSource) (*hexmap.Grid, hexmap.BatchReport, error) {
	c := &catlikeReader{r: r, section: "header"}
	version := int(c.int32())
	width, height := catlikeV0Width, catlikeV0Depth
	if version >= 1 {
		width, height = int(c.int32()), int(c.int32())
	}
	wrapping := version >= 5 && c.bool()
	if c.err != nil {
		return nil, hexmap.BatchReport{}, c.err
	}
	if err := hexmap.ValidateSize(width, height); err != nil {
		return nil, hexmap.BatchReport{}, err
	}
	cells, explored, err := readCatlikeCells(c, version, width, height)
	if err != nil {
		return nil, hexmap.BatchReport{}, err
	}
	var units []hexmap.Unit
	if version >= 2 {
		if units, err = readCatlikeUnits(c, width, height); err != nil {
			return nil, hexmap.BatchReport{}, err
		}
	}
	if _, err := r.ReadByte(); err == nil {
		return nil, hexmap.BatchReport{}, errors.New("trailing data after the map")
	}
	g, rep, err := hexmap.FromCells(hexmap.Topology{Width: width, Height: height, Wrapping: wrapping}, noise(0), cells)
	if err != nil {
		return nil, rep, err
	}
	if err := g.SetExploration(explored); err != nil {
		return nil, rep, err
	}
	return g, rep, g.SetUnits(units)
}

// readCatlikeCells grows the cells as they arrive, so a short file with a
// large header costs only what it holds. explored is side 1's
// exploration mask per cell.
func readCatlikeCells(c *catlikeReader, version, width, height int) (cells []hexmap.Cell, explored []uint8, err error) {
	n := width * height
	cells = make([]hexmap.Cell, 0, min(n, 4096))
	explored = make([]uint8, 0, min(n, 4096))
	c.section = "cells"
	for i := range n {
		cell := hexmap.Cell{
			TerrainType:  c.byte(),
			Elevation:    int16(c.byte()),
			WaterLevel:   int16(c.byte()),
			UrbanLevel:   c.byte(),
			FarmLevel:    c.byte(),
			PlantLevel:   c.byte(),
			SpecialIndex: c.byte(),
			Walled:       c.bool(),
		}
		in, out := c.byte(), c.byte()
		cell.Roads = c.byte()
		seen := version >= 3 && c.bool()
		if version >= 4 {
			cell.Elevation -= 127
		}
		if c.err != nil {
			return nil, nil, c.err
		}
		if cell.IncomingRiver, err = catlikeDirection(in); err == nil {
			cell.OutgoingRiver, err = catlikeDirection(out)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("cell (%d, %d): %w", i%width, i/width, err)
		}
		cells = append(cells, cell)
		explored = append(explored, boolBit(seen))
	}
	return cells, explored, nil
}

func catlikeDirection(b byte) (hexmap.Direction, error) {
	switch {
	case b == 0:
		return hexmap.NoDirection, nil
	case b >= riverFlag && b <= riverFlag+byte(hexmap.NW):
		return hexmap.Direction(b - riverFlag), nil
	}
	return 0, fmt.Errorf("river byte %d is neither 0 nor a direction 0..5 + 128", b)
}

func readCatlikeUnits(c *catlikeReader, width, height int) ([]hexmap.Unit, error) {
	c.section = "unit count"
	count := c.int32()
	if c.err != nil {
		return nil, c.err
	}
	if count < 0 || int(count) > width*height {
		return nil, fmt.Errorf("unit count %d out of range 0..%d (one per cell)", count, width*height)
	}
	c.section = "units"
	units := make([]hexmap.Unit, 0, min(int(count), 1024))
	for range count {
		// Catlike has one side and no turn budget: side 1, a full turn.
		u := hexmap.Unit{Location: hexmap.Coordinates{X: int(c.int32()), Z: int(c.int32())}, Side: 1, MovesLeft: hexmap.UnitSpeed}
		u.Orientation = math.Float32frombits(uint32(c.int32()))
		if c.err != nil {
			return nil, c.err
		}
		if err := checkUnit(u, width, height); err != nil {
			return nil, fmt.Errorf("unit %d: %w", len(units), err)
		}
		units = append(units, u)
	}
	return units, nil
}
