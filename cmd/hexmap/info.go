package main

import (
	"errors"
	"io"
)

func runInfo(args []string, stdout io.Writer) error { return errors.New("info: not implemented yet") }
