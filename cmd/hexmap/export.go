package main

import (
	"errors"
	"io"
)

func runExport(args []string, stdout io.Writer) error { return errors.New("export: not implemented yet") }
