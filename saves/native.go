package saves

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/scenario"
)

// The product's format, gzip-compressed as a whole:
//
//	magic "HEXSANDBOX", uint16 version, uint32 width, uint32 height,
//	int64 seed, uint8 flags (bit 0: wrapping),
//	v5+: uint32 match length (≤ MaxMatchBytes; 0 for a plain map),
//	six planes of width×height bytes each (see planes),
//	v2+: uint8 side in turn (1..4),
//	uint32 unit count, per unit int32 X, int32 Z (cube coordinates),
//	float32 orientation, v2+: uint8 side (1..4), uint8 moves left,
//	v3+: width×height bytes of exploration, per cell bit s-1 set when
//	side s explored it,
//	v4+: uint32 note count (≤ hexmap.MaxNotes), per note in ascending
//	cell order uint32 cell index, uint8 length, that many bytes of UTF-8,
//	v5+: per unit in the units' order its type (uint8 length 1..16, that
//	many bytes), uint32 town count (≤ cells), per town in placement
//	order uint32 cell index, uint8 owner (0 neutral, 1..4), uint8 length,
//	that many bytes of UTF-8 name, then the setup: uint64 seed (of a
//	match's generator, not the map's noise), uint32
//	round limit (0 conquest), uint8 side count (≤ 4), per side uint8
//	side, uint8 team, v6+: uint32 script length (≤ scenario.MaxScriptBytes),
//	that many bytes of UTF-8, uint8 area count (≤ scenario.MaxAreas), per
//	area uint8 length, that many bytes of UTF-8 name, uint32 cell count
//	(≤ cells), per cell uint32 index (ascending), v7+: uint8 objectives
//	count (≤ 4), per entry uint8 side, uint16 length (≤
//	scenario.MaxObjectiveBytes), that many bytes of UTF-8, v8+: per side
//	of the setup (in its order) uint8 length (≤ 4 ×
//	scenario.MaxSideNameLength), that many bytes of UTF-8 name ("" for the
//	colour's name), v9+: per side of the setup (in its order) uint8
//	controller (0 human, 1 easy, 2 normal, 3 hard computer), uint8
//	colour (0 the side's own, else 1..scenario.MaxColour), then the match
//	length's bytes, opaque here (package game's saved match),
//	uint32 CRC-32C (Castagnoli) of every byte before it.
//
// All numbers are little-endian. Cells are stored field by field rather
// than cell by cell: each plane is mostly long runs, which gzip squeezes
// to well under two bytes per cell. Version 1 had no sides: its units
// read as side 1 with a full turn's moves, side 1 in turn. Versions 1
// and 2 kept side 1's exploration in bit 4 of the terrain plane (the
// only side there was); version 3 moved exploration per side after the
// units, where data per side belongs. Versions 1 to 3 had no notes.
// Versions 1 to 4 had no unit types, towns, setup or match: their units
// read as scenario.DefaultUnitType, with no towns and the zero (default)
// scenario.Setup. Version 5's match length comes right after the header,
// so that a reader knows how much the body may hold before it
// decompresses the body. Versions 1 to 5 had no script or areas,
// versions 1 to 6 no starting objectives, versions 1 to 7 no side names,
// versions 1 to 8 no controllers or colours (their sides read as played
// by people, in their own colours).
const (
	magic         = "HEXSANDBOX"
	nativeVersion = 9
	headerLen     = len(magic) + 2 + 4 + 4 + 8 + 1
	flagWrapping  = 1
	// maxNoteBytes is the most UTF-8 bytes a note of MaxNoteLength
	// characters can take.
	maxNoteBytes = 4 * hexmap.MaxNoteLength
)

// layout is what a version stores between the planes and the checksum.
type layout struct {
	turnLen     int  // bytes for the side in turn
	unitLen     int  // bytes per unit
	explored    bool // a byte per cell of exploration after the units
	exploredBit bool // side 1's exploration in the terrain plane's bit 4
	notes       bool // the notes follow the exploration
	scenario    bool // unit types, towns, setup and match follow the notes
	script      bool // the setup goes on with the script and the areas
	objectives  bool // and then with the sides' starting objectives
	sideNames   bool // and then with the sides' names
	controllers bool // and then with who plays each side and its colour
}

func layoutOf(version int) layout {
	switch {
	case version < 2:
		return layout{turnLen: 0, unitLen: 12, exploredBit: true}
	case version < 3:
		return layout{turnLen: 1, unitLen: 14, exploredBit: true}
	}
	return layout{turnLen: 1, unitLen: 14, explored: true, notes: version >= 4, scenario: version >= 5, script: version >= 6,
		objectives: version >= 7, sideNames: version >= 8, controllers: version >= 9}
}

// exploredLen is the bytes of exploration a map of n cells stores.
func (l layout) exploredLen(n int) int {
	if l.explored {
		return n
	}
	return 0
}

// castagnoli returns the CRC-32C table (crc32 builds it once and caches it).
func castagnoli() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) }

// maxScenarioLen is the most bytes the version 5 sections of a map of n
// cells take (one unit and one town per cell, the longest names), with
// version 6's script and areas (every area holding every cell) and
// version 7's objectives, version 8's side names and version 9's
// controllers and colours when the layout has them.
func maxScenarioLen(n int, lay layout) int64 {
	size := int64(n)*(1+scenario.MaxUnitTypeLength) + 4 + int64(n)*(4+2+maxTownNameBytes) +
		8 + 4 + 1 + 2*hexmap.MaxSides
	if lay.script {
		size += 4 + scenario.MaxScriptBytes + 1 + scenario.MaxAreas*(1+maxAreaNameBytes+4+4*int64(n))
	}
	if lay.objectives {
		size += 1 + hexmap.MaxSides*(1+2+scenario.MaxObjectiveBytes)
	}
	if lay.sideNames {
		size += hexmap.MaxSides * (1 + maxSideNameBytes)
	}
	if lay.controllers {
		size += hexmap.MaxSides * 2
	}
	return size
}

func writeNative(w io.Writer, g *hexmap.Grid, match []byte) error {
	if len(match) > MaxMatchBytes {
		return fmt.Errorf("a match of %d bytes is more than the %d a file may carry", len(match), MaxMatchBytes)
	}
	data := encodeNative(g, match)
	z, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	if _, err := z.Write(data); err != nil {
		return err
	}
	return z.Close()
}

// encodeNative returns the uncompressed content, checksum included.
func encodeNative(g *hexmap.Grid, match []byte) []byte {
	n := g.Topology().CellCount()
	lay := layoutOf(nativeVersion)
	units := g.Units()
	// Room for all but the notes and towns, which are few: the match
	// may be large, and growing the slice past it would copy it again.
	data := make([]byte, 0, headerLen+4+planeCount*n+lay.turnLen+4+(lay.unitLen+1+scenario.MaxUnitTypeLength)*len(units)+
		lay.exploredLen(n)+4+4+8+4+1+2*hexmap.MaxSides+4+len(g.Setup().Script)+1+len(match)+4)
	data = append(data, magic...)
	data = binary.LittleEndian.AppendUint16(data, nativeVersion)
	data = binary.LittleEndian.AppendUint32(data, uint32(g.Topology().Width))
	data = binary.LittleEndian.AppendUint32(data, uint32(g.Topology().Height))
	data = binary.LittleEndian.AppendUint64(data, uint64(g.Noise().Seed()))
	flags := byte(0)
	if g.Topology().Wrapping {
		flags |= flagWrapping
	}
	data = append(data, flags)
	data = binary.LittleEndian.AppendUint32(data, uint32(len(match)))
	cells := g.Cells()
	for _, p := range planes() {
		for _, c := range cells {
			data = append(data, p.get(c))
		}
	}
	data = append(data, byte(g.SideInTurn()))
	data = binary.LittleEndian.AppendUint32(data, uint32(len(units)))
	for _, u := range units {
		data = binary.LittleEndian.AppendUint32(data, uint32(int32(u.Location.X)))
		data = binary.LittleEndian.AppendUint32(data, uint32(int32(u.Location.Z)))
		data = binary.LittleEndian.AppendUint32(data, math.Float32bits(u.Orientation))
		data = append(data, u.Side, byte(u.MovesLeft))
	}
	data = append(data, g.Exploration()...)
	data = appendNotes(data, g.Notes())
	data = appendScenario(data, g, match)
	return binary.LittleEndian.AppendUint32(data, crc32.Checksum(data, castagnoli()))
}

// nativeHeader is the fixed part at the start of the content.
type nativeHeader struct {
	version       int
	width, height int
	seed          int64
	flags         byte
}

func parseHeader(b []byte) (nativeHeader, error) {
	if string(b[:len(magic)]) != magic {
		return nativeHeader{}, withKind(fmt.Errorf("wrong magic %q: not a hexsandbox map", b[:len(magic)]), ErrNotMap)
	}
	b = b[len(magic):]
	h := nativeHeader{
		version: int(binary.LittleEndian.Uint16(b)),
		width:   int(binary.LittleEndian.Uint32(b[2:])),
		height:  int(binary.LittleEndian.Uint32(b[6:])),
		seed:    int64(binary.LittleEndian.Uint64(b[10:])),
		flags:   b[18],
	}
	switch {
	case h.version > nativeVersion:
		return h, withKind(fmt.Errorf("format version %d is newer than this program reads (up to %d)", h.version, nativeVersion), ErrVersion)
	case h.version < 1:
		return h, withKind(fmt.Errorf("unknown format version %d", h.version), ErrVersion)
	case h.flags&^flagWrapping != 0:
		return h, fmt.Errorf("unknown header flags %#x", h.flags)
	}
	return h, hexmap.ValidateSize(h.width, h.height)
}

// readNative decompresses at most what the header's size allows, checks
// length and checksum, then decodes the planes.
func readNative(r *bufio.Reader, noise NoiseSource) (*hexmap.Grid, Info, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, Info{Format: FormatHexsandbox}, fmt.Errorf("bad gzip header: %w", err)
	}
	z.Multistream(false)
	head := make([]byte, headerLen)
	if _, err := io.ReadFull(z, head); err != nil {
		return nil, Info{Format: FormatHexsandbox}, gzipError(err, "header")
	}
	h, err := parseHeader(head)
	info := Info{Format: FormatHexsandbox, Version: h.version}
	if err != nil {
		return nil, info, err
	}
	matchLen := 0
	if layoutOf(h.version).scenario {
		if head, matchLen, err = readMatchLength(z, head); err != nil {
			return nil, info, err
		}
	}
	n := h.width * h.height
	lay := layoutOf(h.version)
	// The largest body the size allows: planes, one unit per cell,
	// exploration, the most notes, checksum.
	maxBody := int64(planeCount*n + lay.turnLen + 4 + lay.unitLen*n + lay.exploredLen(n) + 4)
	if lay.notes {
		maxBody += 4 + int64(hexmap.MaxNotes)*(4+1+maxNoteBytes)
	}
	if lay.scenario {
		maxBody += maxScenarioLen(n, lay) + int64(matchLen)
	}
	body, err := io.ReadAll(io.LimitReader(z, maxBody+1))
	if err != nil {
		return nil, info, gzipError(err, "cells")
	}
	if int64(len(body)) > maxBody {
		return nil, info, fmt.Errorf("data longer than a %d×%d map can be", h.width, h.height)
	}
	if _, err := r.ReadByte(); err == nil {
		return nil, info, errors.New("trailing data after the compressed map")
	}
	sc, err := checkBody(head, body, n, lay, matchLen)
	if err != nil {
		return nil, info, err
	}
	g, rep, err := decodeBody(h, body, sc, noise)
	info.Dropped, info.Match = rep, sc.match
	return g, info, err
}

// readMatchLength reads version 5's match length after the header and
// returns the header with it (the checksum covers both).
func readMatchLength(z io.Reader, head []byte) ([]byte, int, error) {
	b := make([]byte, 4)
	if _, err := io.ReadFull(z, b); err != nil {
		return head, 0, gzipError(err, "header")
	}
	size := binary.LittleEndian.Uint32(b)
	if size > MaxMatchBytes {
		return head, 0, fmt.Errorf("a match of %d bytes is more than the %d a file may carry", size, MaxMatchBytes)
	}
	return append(head, b...), int(size), nil
}

// checkBody checks the body's length against its unit, note and town
// counts and the checksum against the content; it returns the version 5
// sections, read but not yet checked on the map.
func checkBody(head, body []byte, n int, lay layout, matchLen int) (sections, error) {
	var sc sections
	cellsEnd := planeCount*n + lay.turnLen
	if len(body) < cellsEnd+4 {
		return sc, fmt.Errorf("truncated data: %d bytes of cells, want %d", len(body), cellsEnd+4)
	}
	units := binary.LittleEndian.Uint32(body[cellsEnd:])
	if units > uint32(n) {
		return sc, fmt.Errorf("unit count %d is more than the map's %d cells", units, n)
	}
	want := cellsEnd + 4 + lay.unitLen*int(units) + lay.exploredLen(n) + 4
	if lay.notes {
		notesLen, err := notesLength(body[min(len(body), want-4):])
		if err != nil {
			return sc, err
		}
		want += notesLen
	}
	if lay.scenario {
		var size int
		var err error
		if sc, size, err = readScenario(body[min(len(body), want-4):], int(units), n, matchLen, lay); err != nil {
			return sc, err
		}
		want += size
	}
	switch {
	case len(body) < want:
		return sc, fmt.Errorf("truncated data: %d bytes, want %d for %d units and the exploration", len(body), want, units)
	case len(body) > want:
		return sc, fmt.Errorf("%d bytes of trailing data after the map", len(body)-want)
	}
	sum := crc32.Update(crc32.Checksum(head, castagnoli()), castagnoli(), body[:want-4])
	if stored := binary.LittleEndian.Uint32(body[want-4:]); stored != sum {
		return sc, fmt.Errorf("CRC mismatch: stored %08x, computed %08x (corrupt file)", stored, sum)
	}
	return sc, nil
}

// decodeBody builds the map of a checked body; sc is its version 5
// sections (empty before version 5).
func decodeBody(h nativeHeader, body []byte, sc sections, noise NoiseSource) (*hexmap.Grid, hexmap.BatchReport, error) {
	n := h.width * h.height
	lay := layoutOf(h.version)
	cells := make([]hexmap.Cell, n)
	explored := make([]uint8, n)
	for k, p := range planes() {
		plane := body[k*n : (k+1)*n]
		if k == terrainPlane && lay.exploredBit {
			plane = takeExploredBit(plane, explored)
		}
		for i := range cells {
			if err := p.set(&cells[i], plane[i]); err != nil {
				return nil, hexmap.BatchReport{}, fmt.Errorf("cell (%d, %d): %w", i%h.width, i/h.width, err)
			}
		}
	}
	rest := body[planeCount*n : len(body)-4]
	turn := 1
	if lay.turnLen > 0 {
		turn, rest = int(rest[0]), rest[1:]
	}
	unitsEnd := 4 + lay.unitLen*int(binary.LittleEndian.Uint32(rest))
	units, err := decodeUnits(rest[4:unitsEnd], h.width, h.height, lay)
	if err == nil && lay.scenario {
		err = sc.applyTypes(units)
	}
	if err != nil {
		return nil, hexmap.BatchReport{}, err
	}
	rest = rest[unitsEnd:]
	if lay.explored {
		explored, rest = rest[:n], rest[n:]
	}
	var notes []hexmap.Note
	if lay.notes {
		if notes, err = decodeNotes(rest, n); err != nil {
			return nil, hexmap.BatchReport{}, err
		}
	}
	t := hexmap.Topology{Width: h.width, Height: h.height, Wrapping: h.flags&flagWrapping != 0}
	g, rep, err := hexmap.FromCells(t, noise(h.seed), cells)
	if err != nil {
		return nil, rep, err
	}
	if err := g.SetSideInTurn(turn); err != nil {
		return nil, rep, fmt.Errorf("side in turn %d: %w", turn, err)
	}
	if err := g.SetExploration(explored); err != nil {
		return nil, rep, err
	}
	for _, nt := range notes {
		if err := g.SetNote(nt.Cell, nt.Text); err != nil {
			return nil, rep, fmt.Errorf("note on cell %d: %w", nt.Cell, err)
		}
	}
	if err := g.SetUnits(units); err != nil {
		return nil, rep, err
	}
	return g, rep, sc.applyTo(g)
}

// takeExploredBit moves an old file's exploration bit out of the terrain
// plane into side 1's bit of explored, returning the plane without it.
func takeExploredBit(plane, explored []uint8) []uint8 {
	out := make([]uint8, len(plane))
	for i, b := range plane {
		out[i] = b &^ oldExploredBit
		if b&oldExploredBit != 0 {
			explored[i] = 1
		}
	}
	return out
}

// decodeUnits reads the unit records; SetUnits checks them on the map.
func decodeUnits(b []byte, width, height int, lay layout) ([]hexmap.Unit, error) {
	var units []hexmap.Unit
	for ; len(b) >= lay.unitLen; b = b[lay.unitLen:] {
		u := hexmap.Unit{
			Location:    hexmap.Coordinates{X: int(int32(binary.LittleEndian.Uint32(b))), Z: int(int32(binary.LittleEndian.Uint32(b[4:])))},
			Orientation: math.Float32frombits(binary.LittleEndian.Uint32(b[8:])),
			Side:        1,
			MovesLeft:   hexmap.UnitSpeed,
		}
		if lay.unitLen > 12 {
			u.Side, u.MovesLeft = b[12], int16(b[13])
		}
		if err := checkUnit(u, width, height); err != nil {
			return nil, fmt.Errorf("unit %d: %w", len(units), err)
		}
		units = append(units, u)
	}
	return units, nil
}

// checkUnit rejects a unit record that names no cell of the map, before
// the grid is built; the grid checks the rest (side, moves, heading, one
// per cell).
func checkUnit(u hexmap.Unit, width, height int) error {
	x, z := u.Location.Offset()
	if x < 0 || x >= width || z < 0 || z >= height {
		return fmt.Errorf("location (%d, %d) is off the %d×%d map", u.Location.X, u.Location.Z, width, height)
	}
	return nil
}

// gzipError names what was being read when decompression failed.
func gzipError(err error, what string) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("truncated data: compressed stream ends in the %s", what)
	}
	return fmt.Errorf("corrupt compressed data in the %s: %w", what, err)
}
