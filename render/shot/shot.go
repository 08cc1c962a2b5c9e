// Package shot renders a map file to a PNG image through the renderer, in
// a small window of its own: the `hexsandbox shot` command. It is the one
// part of rendering that reads map files, so the renderer itself depends
// on meshes only.
package shot

import (
	"fmt"
	"image"
	"math"

	"hexsandbox/hexmap"
	"hexsandbox/render"
	"hexsandbox/render/project"
	"hexsandbox/saves"

	"github.com/hajimehoshi/ebiten/v2"
)

// Options are the settings of `hexsandbox shot`.
type Options struct {
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
	// Fit frames the whole map (the overview zoom at which it fits the
	// picture), instead of the centre and zoom above.
	Fit bool
	// FullDetail draws every chunk at full detail, however small.
	FullDetail bool
	// Grid, when set, is drawn instead of loading MapFile (tests).
	Grid *hexmap.Grid
}

// shotBudget bounds the full-detail chunks a picture holds: more than a
// view at full detail needs, whatever the map's size.
const shotBudget = 256 << 20

// Shot renders a map in a small window and writes a PNG.
func Shot(opts Options) error {
	if opts.Width <= 0 || opts.Height <= 0 || opts.Width > 8192 || opts.Height > 8192 {
		return fmt.Errorf("image size %d×%d out of range 1..8192", opts.Width, opts.Height)
	}
	img, err := Image(opts)
	if err != nil {
		return err
	}
	return render.WritePNG(opts.Out, img)
}

// Image renders the map of opts in a small window and returns the image;
// it runs the ebiten game loop, so call it once per process.
func Image(opts Options) (*image.RGBA, error) {
	g := opts.Grid
	if g == nil {
		var err error
		if g, _, err = saves.LoadFile(opts.MapFile); err != nil {
			return nil, err // saves names the file
		}
	}
	set := render.NewCache(g, shotBudget, 0)
	defer set.Close()
	r, err := render.NewRenderer(set)
	if err != nil {
		return nil, err
	}
	if opts.FullDetail {
		r.SetLOD(0, 0)
	}
	cam := project.NewCamera(g.Topology())
	if !math.IsNaN(opts.CenterX) {
		cam.X = opts.CenterX
	}
	if !math.IsNaN(opts.CenterZ) {
		cam.Z = opts.CenterZ
	}
	cam.Zoom, cam.Rotation = opts.Zoom, opts.Rotation
	cam.Clamp()
	if opts.Fit {
		cam.Fit(float64(opts.Width) / float64(opts.Height))
	}
	game := &shotGame{r: r, cam: &cam, frames: max(opts.Frames, 1),
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
	r      *render.Renderer
	cam    *project.Camera
	target *ebiten.Image
	frames int
	n      int
	out    *image.RGBA
	err    error
}

func (s *shotGame) Update() error {
	// A picture waits for the full detail its view wants.
	for {
		s.r.Set().Flush()
		s.r.Update()
		s.r.Draw(s.target, s.cam, float64(s.n)/60)
		if s.r.Set().Pending() == 0 {
			break
		}
	}
	if s.n == s.frames {
		b := s.target.Bounds()
		s.out = image.NewRGBA(b)
		s.target.ReadPixels(s.out.Pix)
		return ebiten.Termination
	}
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
