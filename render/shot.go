package render

import (
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/saves"

	"github.com/hajimehoshi/ebiten/v2"
)

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
	// Grid, when set, is drawn instead of loading MapFile (tests).
	Grid *hexmap.Grid
}

// Shot renders a map in a small window and writes a PNG.
func Shot(opts ShotOptions) error {
	if opts.Width <= 0 || opts.Height <= 0 || opts.Width > 8192 || opts.Height > 8192 {
		return fmt.Errorf("image size %d×%d out of range 1..8192", opts.Width, opts.Height)
	}
	img, err := ShotImage(opts)
	if err != nil {
		return err
	}
	return WritePNG(opts.Out, img)
}

// ShotImage renders the map of opts in a small window and returns the
// image; it runs the ebiten game loop, so call it once per process.
func ShotImage(opts ShotOptions) (*image.RGBA, error) {
	g := opts.Grid
	if g == nil {
		var err error
		if g, _, err = saves.LoadFile(opts.MapFile); err != nil {
			return nil, err // saves names the file
		}
	}
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		return nil, err
	}
	cam := NewCamera(g)
	cam.SetCenter(opts.CenterX, opts.CenterZ)
	cam.SetZoom(opts.Zoom)
	cam.SetRotation(opts.Rotation)
	game := &shotGame{r: r, cam: cam, frames: max(opts.Frames, 1),
		target: ebiten.NewImage(opts.Width, opts.Height)}
	ebiten.SetWindowSize(min(opts.Width, 320), min(opts.Height, 180))
	ebiten.SetWindowDecorated(false)
	ebiten.SetWindowTitle("hexsandbox shot")
	ebiten.SetVsyncEnabled(false)
	if err := ebiten.RunGameWithOptions(game, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		return nil, err
	}
	return game.out, game.err
}

// shotGame renders one frame per tick into an offscreen target and reads
// it back after the last one.
type shotGame struct {
	r      *Renderer
	cam    *Camera
	target *ebiten.Image
	frames int
	n      int
	out    *image.RGBA
	err    error
}

func (s *shotGame) Update() error {
	if s.n == s.frames {
		b := s.target.Bounds()
		s.out = image.NewRGBA(b)
		s.target.ReadPixels(s.out.Pix)
		return ebiten.Termination
	}
	s.r.Draw(s.target, s.cam, float64(s.n)/60)
	s.n++
	return nil
}

func (s *shotGame) Draw(screen *ebiten.Image) {
	op := &ebiten.DrawImageOptions{}
	sw, tw := screen.Bounds().Dx(), s.target.Bounds().Dx()
	op.GeoM.Scale(float64(sw)/float64(tw), float64(sw)/float64(tw))
	screen.DrawImage(s.target, op)
}

func (s *shotGame) Layout(w, h int) (int, int) { return w, h }

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
