package saves

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"

	"hexsandbox/hexmap"
)

// Header is what the start of a map file says: its format and version
// and the map's shape.
type Header struct {
	Format  Format
	Version int
	Shape   hexmap.Topology
}

// Peek reads only the header of a map file in either format (a few
// dozen bytes, decompressed for the product's format): for listings
// that show each map's size without loading it.
func Peek(r io.Reader) (Header, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(4)
	if len(head) < 4 {
		return Header{}, fmt.Errorf("truncated data: %d bytes is too short for a map file (%v)", len(head), err)
	}
	if head[0] == 0x1f && head[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return Header{}, fmt.Errorf("bad gzip header: %w", err)
		}
		b := make([]byte, headerLen)
		if _, err := io.ReadFull(z, b); err != nil {
			return Header{}, gzipError(err, "header")
		}
		h, err := parseHeader(b)
		if err != nil {
			return Header{}, err
		}
		return Header{FormatHexsandbox, h.version, hexmap.Topology{Width: h.width, Height: h.height, Wrapping: h.flags&flagWrapping != 0}}, nil
	}
	v := int32(binary.LittleEndian.Uint32(head))
	if v < 0 || v > catlikeVersion {
		return Header{}, fmt.Errorf("not a map file: not gzip data, and %d is not a Catlike save version (0 to %d)", v, catlikeVersion)
	}
	h := Header{Format: FormatCatlike, Version: int(v), Shape: hexmap.Topology{Width: catlikeV0Width, Height: catlikeV0Depth}}
	if v == 0 {
		return h, nil
	}
	b := make([]byte, 13)
	n, _ := io.ReadFull(br, b)
	if n < 12 {
		return Header{}, fmt.Errorf("truncated data: the Catlike header ends after %d bytes", n)
	}
	h.Shape.Width, h.Shape.Height = int(int32(binary.LittleEndian.Uint32(b[4:]))), int(int32(binary.LittleEndian.Uint32(b[8:])))
	h.Shape.Wrapping = v >= 5 && n == 13 && b[12] != 0
	if err := hexmap.ValidateSize(h.Shape.Width, h.Shape.Height); err != nil {
		return Header{}, err
	}
	return h, nil
}

// PeekBytes is Peek of a file in memory.
func PeekBytes(data []byte) (Header, error) { return Peek(bytes.NewReader(data)) }
