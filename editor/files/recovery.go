package files

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/noise"
	"hexsandbox/saves"
)

// A recovery autosave on disk is one file, written atomically, so that
// the map and its names cannot disagree:
//
//	"HEXSANDBOX-RECOVER2\n", for the name it was edited under and the
//	name it came with (Recovery.Suggested) each a uint16 little-endian
//	length and that many bytes of UTF-8, then the map in the product's
//	format to the end (with the match being played, when there is one).
//
// The first version ("HEXSANDBOX-RECOVERY\n") had the first name only.
const (
	recoveryMagic   = "HEXSANDBOX-RECOVER2\n"
	recoveryMagicV1 = "HEXSANDBOX-RECOVERY\n"
)

// recoveryNames are the names an autosave keeps with its map.
type recoveryNames struct{ name, suggested string }

// maxRecoveryName bounds the stored name's bytes (MaxNameLength runes of
// up to four bytes each).
const maxRecoveryName = 4 * MaxNameLength

func writeRecovery(w io.Writer, n recoveryNames, g *hexmap.Grid) error {
	return writeRecoveryMatch(w, n, g, nil)
}

// writeRecoveryMatch writes an autosave of g carrying the saved match
// match (nil for none).
func writeRecoveryMatch(w io.Writer, n recoveryNames, g *hexmap.Grid, match []byte) error {
	head := []byte(recoveryMagic)
	for _, name := range []string{n.name, n.suggested} {
		if len(name) > maxRecoveryName {
			name = ""
		}
		head = binary.LittleEndian.AppendUint16(head, uint16(len(name)))
		head = append(head, name...)
	}
	if _, err := w.Write(head); err != nil {
		return err
	}
	return saves.WriteMatch(w, g, match)
}

// readRecovery reads an autosave of either version; a name that is not
// a valid map name comes back as "" (the map matters, its old name does
// not).
func readRecovery(r io.Reader) (recoveryNames, *hexmap.Grid, error) {
	n, g, _, err := readRecoveryMatch(r)
	return n, g, err
}

// readRecoveryMatch is readRecovery that also returns the match the
// autosave carries (nil for none).
func readRecoveryMatch(r io.Reader) (recoveryNames, *hexmap.Grid, []byte, error) {
	br := bufio.NewReader(r)
	magic := make([]byte, len(recoveryMagic))
	if _, err := io.ReadFull(br, magic); err != nil {
		return recoveryNames{}, nil, nil, notRecovery(err)
	}
	count := 2
	switch string(magic) {
	case recoveryMagic:
	case recoveryMagicV1:
		count = 1
	default:
		return recoveryNames{}, nil, nil, errors.New("not a recovery autosave")
	}
	var names [2]string
	for k := range count {
		var n uint16
		if err := binary.Read(br, binary.LittleEndian, &n); err != nil {
			return recoveryNames{}, nil, nil, notRecovery(err)
		}
		if n > maxRecoveryName {
			return recoveryNames{}, nil, nil, fmt.Errorf("recovery autosave: name of %d bytes is too long", n)
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(br, b); err != nil {
			return recoveryNames{}, nil, nil, notRecovery(err)
		}
		if valid, err := ValidName(string(b)); err == nil {
			names[k] = valid
		}
	}
	g, info, err := saves.ReadWith(br, noise.New)
	if err != nil {
		return recoveryNames{}, nil, nil, err
	}
	return recoveryNames{names[0], names[1]}, g, info.Match, nil
}

func notRecovery(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("recovery autosave cut short")
	}
	return err
}
