// Command mkdemo writes a showcase map to a file, for looking at it with
// `hexsandbox shot`: go run ./render/internal/demo/mkdemo OUT [W H SEED].
package main

import (
	"fmt"
	"os"
	"strconv"

	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 1 && len(args) != 4 {
		return fmt.Errorf("usage: mkdemo OUT [W H SEED]")
	}
	w, h, seed := 40, 30, int64(1)
	if len(args) == 4 {
		var err error
		if w, err = strconv.Atoi(args[1]); err != nil {
			return err
		}
		if h, err = strconv.Atoi(args[2]); err != nil {
			return err
		}
		if seed, err = strconv.ParseInt(args[3], 10, 64); err != nil {
			return err
		}
	}
	g, err := mapgen.Showcase(w, h, seed)
	if err != nil {
		return err
	}
	return saves.SaveFile(args[0], g)
}
