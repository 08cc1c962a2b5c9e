package main

import (
	"errors"
	"fmt"
	"io"

	"hexsandbox/saves"
)

// runConvert reads a map in either format and saves it, atomically, in
// the format OUT's name asks for: Catlike's version 5 for a .map file,
// the product's for any other.
func runConvert(args []string, stdout io.Writer) error {
	if len(args) != 2 {
		return errors.New("usage: hexmap convert IN OUT")
	}
	g, info, err := saves.LoadFile(args[0])
	if err != nil {
		return err
	}
	format, err := saves.SaveFileFor(args[1], g)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "converted %s (%s v%d, %d×%d) to %s (%s)\n",
		args[0], info.Format, info.Version, g.Width(), g.Height(), args[1], format)
	return err
}
