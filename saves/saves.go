// Package saves reads and writes map files: the product's own compressed,
// checksummed format (the map, its units, towns and scenario setup, and
// optionally a saved match, opaque here) and Catlike Hex Map save files
// (versions 0 to 5).
// Every reader validates all it reads and never allocates beyond what
// the size limits imply; every write is atomic.
package saves

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
)

// Format names a map file format.
type Format string

// The formats the readers know.
const (
	FormatHexsandbox Format = "hexsandbox"
	FormatCatlike    Format = "catlike"
)

// Info describes the file a map was read from.
type Info struct {
	Format  Format
	Version int
	// Dropped counts the links the reader removed because they cannot be
	// drawn (a river or road whose other side disagrees or is off the map).
	Dropped hexmap.BatchReport
	// Match is the saved match the file carries (package game's data,
	// opaque here), nil for a plain map and for every older format.
	Match []byte
}

// NoiseSource builds (or fetches) the noise of a map's seed. Building
// noise takes far longer than reading a file, so callers that already
// hold the noise of a seed pass a source that reuses it.
type NoiseSource func(seed int64) *noise.Noise

// Write writes g in the product's format.
func Write(w io.Writer, g *hexmap.Grid) error { return writeNative(w, g, nil) }

// WriteMatch writes g in the product's format with a saved match (at
// most MaxMatchBytes, opaque here), which a read returns as Info.Match.
func WriteMatch(w io.Writer, g *hexmap.Grid, match []byte) error { return writeNative(w, g, match) }

// Read reads a map in either format, telling them apart by content:
// gzip data is the product's format, anything else must be a Catlike
// save whose first int32 is a version 0..5. On error the grid is nil.
func Read(r io.Reader) (*hexmap.Grid, Info, error) { return ReadWith(r, noise.New) }

// ReadBytes is Read of a file already in memory.
func ReadBytes(data []byte) (*hexmap.Grid, Info, error) { return Read(bytes.NewReader(data)) }

// ReadWith is Read with the map's noise taken from noise.
func ReadWith(r io.Reader, noise NoiseSource) (*hexmap.Grid, Info, error) {
	tr := &trackReader{r: r}
	g, info, err := readAny(tr, noise)
	if err != nil {
		return nil, info, readError(err, tr.err)
	}
	return g, info, nil
}

// readAny tells the formats apart and reads the map.
func readAny(r io.Reader, noise NoiseSource) (*hexmap.Grid, Info, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(4)
	switch {
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		g, info, err := readNative(br, noise)
		return result(g, info, err)
	case len(head) == 0 && err == io.EOF:
		return nil, Info{}, withKind(errors.New("empty file"), ErrNotMap)
	case len(head) < 4:
		if err != nil && err != io.EOF {
			return nil, Info{}, err
		}
		return nil, Info{}, fmt.Errorf("truncated data: %d bytes is too short for a map file", len(head))
	}
	v := int32(binary.LittleEndian.Uint32(head))
	if v < 0 || v > catlikeVersion {
		return nil, Info{}, withKind(fmt.Errorf("not a map file: not gzip data, and %d is not a Catlike save version (0 to %d)", v, catlikeVersion), ErrNotMap)
	}
	g, rep, err := readCatlike(br, noise)
	return result(g, Info{Format: FormatCatlike, Version: int(v), Dropped: rep}, err)
}

// result makes sure a failed read returns no grid at all.
func result(g *hexmap.Grid, info Info, err error) (*hexmap.Grid, Info, error) {
	if err != nil {
		return nil, info, err
	}
	return g, info, nil
}

// LoadFile reads a map file in either format. Its errors name the file
// once.
func LoadFile(path string) (*hexmap.Grid, Info, error) {
	return LoadFileWith(path, noise.New)
}

// LoadFileWith is LoadFile with the map's noise taken from noise.
func LoadFileWith(path string, noise NoiseSource) (*hexmap.Grid, Info, error) {
	return LoadFileFrom(path, noise, nil)
}

// LoadFileFrom is LoadFileWith reading the file through wrap, when not
// nil, which gets the open file and its size: callers count what is
// read, bound it, or stop it midway.
func LoadFileFrom(path string, noise NoiseSource, wrap func(f *os.File, size int64) (io.Reader, error)) (*hexmap.Grid, Info, error) {
	g, info, err := loadFileFrom(path, noise, wrap)
	return g, info, aboutFile(err, path, false)
}

func loadFileFrom(path string, noise NoiseSource, wrap func(f *os.File, size int64) (io.Reader, error)) (*hexmap.Grid, Info, error) {
	f, err := Open(path)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	var r io.Reader = f
	if wrap != nil {
		st, err := f.Stat()
		if err != nil {
			return nil, Info{}, ioError(err)
		}
		if r, err = wrap(f, st.Size()); err != nil {
			return nil, Info{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	g, info, err := ReadWith(r, noise)
	if err != nil {
		return nil, info, fmt.Errorf("%s: %w", path, err)
	}
	return g, info, nil
}
