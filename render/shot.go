package render

import "errors"

// ShotOptions are the settings of `hexsandbox shot`.
type ShotOptions struct {
	MapFile string // map to render, either format
	Out     string // PNG to write
	Width   int    // image size in pixels
	Height  int
	Frames  int // frames to run before the capture (animation)
	// Camera: centre in world units (NaN: map centre), zoom 0 (far) .. 1
	// (near), rotation in degrees about the vertical axis.
	CenterX, CenterZ float64
	Zoom             float64
	Rotation         float64
}

// Shot renders a map in a (hidden) window and writes a PNG.
func Shot(opts ShotOptions) error { return errors.New("shot: not implemented yet") }
