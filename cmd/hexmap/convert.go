package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"hexsandbox/saves"
)

// runConvert reads a map in either format and saves it, atomically, in
// the format OUT's name asks for: Catlike's version 5 for a .map file,
// the product's for any other, with the saved match the input carries.
// What a Catlike file cannot keep is named on the summary line.
func runConvert(args []string, stdout io.Writer) error {
	if len(args) != 2 {
		return errors.New("usage: hexmap convert IN OUT")
	}
	g, info, err := saves.LoadFile(args[0])
	if err != nil {
		return err
	}
	format := saves.FormatFor(args[1])
	var lost []string
	if format == saves.FormatCatlike {
		lost = saves.CatlikeLoses(g)
		if info.Match != nil {
			lost = append(lost, "the saved match")
		}
		_, err = saves.SaveFileFor(args[1], g)
	} else {
		err = saves.SaveFileWithMatch(args[1], g, info.Match)
	}
	if err != nil {
		return err
	}
	note := ""
	if len(lost) > 0 {
		note = "; a Catlike file cannot keep " + strings.Join(lost, ", ")
	}
	_, err = fmt.Fprintf(stdout, "converted %s (%s v%d, %d×%d) to %s (%s)%s\n",
		args[0], info.Format, info.Version, g.Topology().Width, g.Topology().Height, args[1], format, note)
	return err
}
