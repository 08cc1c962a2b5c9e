//go:build js

package editor

import (
	"bytes"
	"image"
	"image/png"

	"hexsandbox/editor/files"
	"hexsandbox/web/store"
)

// picturesDir: the browser has no folders; pictures are downloads.
func picturesDir(files.Store) string { return "" }

// savePicture offers img as a PNG download named name (the browser build
// has no folder to write it to) and says so.
func (g *game) savePicture(name string, img image.Image) (string, error) {
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		return "", err
	}
	if err := store.Download(name, b.Bytes()); err != nil {
		return "", err
	}
	return "your downloads as " + name, nil
}

// pictureDestination says where Export Image writes.
func (g *game) pictureDestination() string { return "It is downloaded as a PNG file." }
