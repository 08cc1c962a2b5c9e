package render

import (
	"errors"
	"image"
	"image/png"
	"os"
)

// WritePNG encodes img as a PNG file at path.
func WritePNG(path string, img image.Image) error {
	if path == "" {
		return errors.New("no output file")
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
