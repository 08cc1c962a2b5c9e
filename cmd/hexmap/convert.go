package main

import (
	"errors"
	"io"
)

func runConvert(args []string, stdout io.Writer) error { return errors.New("convert: not implemented yet") }
