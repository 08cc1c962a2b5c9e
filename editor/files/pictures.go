package files

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hexsandbox/saves"
)

// ScreenshotsDir is where screenshots and map pictures go: a folder
// named screenshots beside the maps folder (with the default maps folder,
// …/hexsandbox/screenshots next to …/hexsandbox/maps).
func ScreenshotsDir(mapsDir string) string {
	return filepath.Join(filepath.Dir(filepath.Clean(mapsDir)), "screenshots")
}

// ShotName is the file name of a picture of map name taken at t, kind
// telling a screenshot ("shot") from a map picture ("map").
func ShotName(name, kind string, t time.Time) string {
	if name = NameFromFile(name); name == "" {
		name = "map"
	}
	name = strings.ReplaceAll(name, " ", "-")
	return fmt.Sprintf("%s-%s-%s.png", name, kind, t.Format("20060102-150405"))
}

// WritePNG writes img as a PNG at path, atomically (a failure leaves no
// half-written file), creating the folder if needed; it returns the
// absolute path written. Its errors name the file or folder for
// saves.Explain.
func WritePNG(path string, img image.Image) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		return "", saves.AboutFile(err, filepath.Dir(abs), true)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := saves.WriteFileAtomic(abs, func(w io.Writer) error { return enc.Encode(w, img) }); err != nil {
		return "", err
	}
	return abs, nil
}
