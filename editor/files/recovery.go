package files

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// A recovery autosave on disk is one file, written atomically, so that
// the map and the name it was edited under cannot disagree:
//
//	"HEXSANDBOX-RECOVERY\n", uint16 little-endian name length, the name
//	(UTF-8), then the map in the product's format to the end.
const recoveryMagic = "HEXSANDBOX-RECOVERY\n"

// maxRecoveryName bounds the stored name's bytes (MaxNameLength runes of
// up to four bytes each).
const maxRecoveryName = 4 * MaxNameLength

func writeRecovery(w io.Writer, name string, g *hexmap.Grid) error {
	if len(name) > maxRecoveryName {
		name = ""
	}
	head := append([]byte(recoveryMagic), 0, 0)
	binary.LittleEndian.PutUint16(head[len(recoveryMagic):], uint16(len(name)))
	if _, err := w.Write(append(head, name...)); err != nil {
		return err
	}
	return saves.Write(w, g)
}

// readRecovery reads an autosave; a name that is not a valid map name
// comes back as "" (the map matters, its old name does not).
func readRecovery(r io.Reader) (string, *hexmap.Grid, error) {
	br := bufio.NewReader(r)
	head := make([]byte, len(recoveryMagic)+2)
	if _, err := io.ReadFull(br, head); err != nil {
		return "", nil, notRecovery(err)
	}
	if string(head[:len(recoveryMagic)]) != recoveryMagic {
		return "", nil, errors.New("not a recovery autosave")
	}
	n := int(binary.LittleEndian.Uint16(head[len(recoveryMagic):]))
	if n > maxRecoveryName {
		return "", nil, fmt.Errorf("recovery autosave: name of %d bytes is too long", n)
	}
	name := make([]byte, n)
	if _, err := io.ReadFull(br, name); err != nil {
		return "", nil, notRecovery(err)
	}
	g, _, err := saves.ReadWith(br, hexmap.NewNoise)
	if err != nil {
		return "", nil, err
	}
	valid, err := ValidName(string(name))
	if err != nil {
		valid = ""
	}
	return valid, g, nil
}

func notRecovery(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("recovery autosave cut short")
	}
	return err
}
