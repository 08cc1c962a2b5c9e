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
)

// The product's format, gzip-compressed as a whole:
//
//	magic "HEXSANDBOX", uint16 version, uint32 width, uint32 height,
//	int64 seed, uint8 flags (bit 0: wrapping),
//	six planes of width×height bytes each (see planes),
//	v2+: uint8 side in turn (1..4),
//	uint32 unit count, per unit int32 X, int32 Z (cube coordinates),
//	float32 orientation, v2+: uint8 side (1..4), uint8 moves left,
//	v3+: width×height bytes of exploration, per cell bit s-1 set when
//	side s explored it,
//	uint32 CRC-32C (Castagnoli) of every byte before it.
//
// All numbers are little-endian. Cells are stored field by field rather
// than cell by cell: each plane is mostly long runs, which gzip squeezes
// to well under two bytes per cell. Version 1 had no sides: its units
// read as side 1 with a full turn's moves, side 1 in turn. Versions 1
// and 2 kept side 1's exploration in bit 4 of the terrain plane (the
// only side there was); version 3 moved exploration per side after the
// units, where data per side belongs.
const (
	magic         = "HEXSANDBOX"
	nativeVersion = 3
	headerLen     = len(magic) + 2 + 4 + 4 + 8 + 1
	flagWrapping  = 1
)

// layout is what a version stores between the planes and the checksum.
type layout struct {
	turnLen     int  // bytes for the side in turn
	unitLen     int  // bytes per unit
	explored    bool // a byte per cell of exploration after the units
	exploredBit bool // side 1's exploration in the terrain plane's bit 4
}

func layoutOf(version int) layout {
	switch {
	case version < 2:
		return layout{turnLen: 0, unitLen: 12, exploredBit: true}
	case version < 3:
		return layout{turnLen: 1, unitLen: 14, exploredBit: true}
	}
	return layout{turnLen: 1, unitLen: 14, explored: true}
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

func writeNative(w io.Writer, g *hexmap.Grid) error {
	data := encodeNative(g)
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
func encodeNative(g *hexmap.Grid) []byte {
	n := g.CellCount()
	lay := layoutOf(nativeVersion)
	units := g.Units()
	data := make([]byte, 0, headerLen+planeCount*n+lay.turnLen+4+lay.unitLen*len(units)+lay.exploredLen(n)+4)
	data = append(data, magic...)
	data = binary.LittleEndian.AppendUint16(data, nativeVersion)
	data = binary.LittleEndian.AppendUint32(data, uint32(g.Width()))
	data = binary.LittleEndian.AppendUint32(data, uint32(g.Height()))
	data = binary.LittleEndian.AppendUint64(data, uint64(g.Seed()))
	flags := byte(0)
	if g.Wrapping() {
		flags |= flagWrapping
	}
	data = append(data, flags)
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
		return nil, Info{FormatHexsandbox, 0, hexmap.BatchReport{}}, fmt.Errorf("bad gzip header: %w", err)
	}
	z.Multistream(false)
	head := make([]byte, headerLen)
	if _, err := io.ReadFull(z, head); err != nil {
		return nil, Info{FormatHexsandbox, 0, hexmap.BatchReport{}}, gzipError(err, "header")
	}
	h, err := parseHeader(head)
	if err != nil {
		return nil, Info{FormatHexsandbox, h.version, hexmap.BatchReport{}}, err
	}
	n := h.width * h.height
	lay := layoutOf(h.version)
	// The largest body the size allows: planes, one unit per cell,
	// exploration, checksum.
	maxBody := int64(planeCount*n + lay.turnLen + 4 + lay.unitLen*n + lay.exploredLen(n) + 4)
	body, err := io.ReadAll(io.LimitReader(z, maxBody+1))
	if err != nil {
		return nil, Info{FormatHexsandbox, h.version, hexmap.BatchReport{}}, gzipError(err, "cells")
	}
	if int64(len(body)) > maxBody {
		return nil, Info{FormatHexsandbox, h.version, hexmap.BatchReport{}}, fmt.Errorf("data longer than a %d×%d map can be", h.width, h.height)
	}
	if _, err := r.ReadByte(); err == nil {
		return nil, Info{FormatHexsandbox, h.version, hexmap.BatchReport{}}, errors.New("trailing data after the compressed map")
	}
	if err := checkBody(head, body, n, lay); err != nil {
		return nil, Info{FormatHexsandbox, h.version, hexmap.BatchReport{}}, err
	}
	g, rep, err := decodeBody(h, body, noise)
	return g, Info{FormatHexsandbox, h.version, rep}, err
}

// checkBody checks the body's length against its unit count and the
// checksum against the content.
func checkBody(head, body []byte, n int, lay layout) error {
	cellsEnd := planeCount*n + lay.turnLen
	if len(body) < cellsEnd+4 {
		return fmt.Errorf("truncated data: %d bytes of cells, want %d", len(body), cellsEnd+4)
	}
	units := binary.LittleEndian.Uint32(body[cellsEnd:])
	if units > uint32(n) {
		return fmt.Errorf("unit count %d is more than the map's %d cells", units, n)
	}
	want := cellsEnd + 4 + lay.unitLen*int(units) + lay.exploredLen(n) + 4
	switch {
	case len(body) < want:
		return fmt.Errorf("truncated data: %d bytes, want %d for %d units and the exploration", len(body), want, units)
	case len(body) > want:
		return fmt.Errorf("%d bytes of trailing data after the map", len(body)-want)
	}
	sum := crc32.Update(crc32.Checksum(head, castagnoli()), castagnoli(), body[:want-4])
	if stored := binary.LittleEndian.Uint32(body[want-4:]); stored != sum {
		return fmt.Errorf("CRC mismatch: stored %08x, computed %08x (corrupt file)", stored, sum)
	}
	return nil
}

func decodeBody(h nativeHeader, body []byte, noise NoiseSource) (*hexmap.Grid, hexmap.BatchReport, error) {
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
	if lay.explored {
		rest, explored = rest[:len(rest)-n], rest[len(rest)-n:]
	}
	units, err := decodeUnits(rest[4:], h.width, h.height, lay)
	if err != nil {
		return nil, hexmap.BatchReport{}, err
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
	return g, rep, g.SetUnits(units)
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
