// Command hexsandbox is the hex-map game and editor. With no arguments it
// opens the editor on the showcase map; with a FILE it opens that map;
// `hexsandbox shot FILE OUT.png` renders a map to an image. It needs a
// display (under Linux without one, run it with xvfb-run).
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"hexsandbox/editor"
	"hexsandbox/render/shot"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	var err error
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
		args = []string{"-help"}
	}
	if len(args) > 0 && args[0] == "shot" {
		err = shotCommand(args[1:], stderr)
	} else {
		err = edit(args, stderr)
	}
	if err == flag.ErrHelp {
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	return 0
}

func edit(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("hexsandbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapsDir := fs.String("maps", "", "folder of saved maps (default: the user's config folder)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: hexsandbox [-maps DIR] [FILE]\n       hexsandbox shot FILE OUT.png [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return fmt.Errorf("too many arguments: %q", fs.Args())
	}
	return editor.Run(editor.Options{File: fs.Arg(0), MapsDir: *mapsDir})
}

// minShotZoom bounds -zoom below: further out than any map needs (the
// camera stops where the whole map fits).
const minShotZoom = -4.0

// maxShotFrames bounds -frames: at a few frames per second under a
// software renderer, more would run for hours.
const maxShotFrames = 10000

func shotCommand(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("hexsandbox shot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := shot.Options{}
	fs.IntVar(&o.Width, "w", 1280, "image width in pixels")
	fs.IntVar(&o.Height, "h", 720, "image height in pixels")
	fs.IntVar(&o.Frames, "frames", 1, "frames to run before the capture")
	fs.Float64Var(&o.CenterX, "x", math.NaN(), "camera centre X in world units (default: map centre)")
	fs.Float64Var(&o.CenterZ, "z", math.NaN(), "camera centre Z in world units (default: map centre)")
	fs.Float64Var(&o.Zoom, "zoom", 0.5, "zoom from 0 (far, looking down) to 1 (near, 45 degrees); below 0 the overview, down to where the whole map fits")
	fs.Float64Var(&o.Rotation, "rot", 0, "camera rotation in degrees")
	fs.BoolVar(&o.FullDetail, "full", false, "draw every chunk at full detail, however small on screen (slow for big maps)")
	fs.BoolVar(&o.Fit, "fit", false, "frame the whole map (overview zoom; -x, -z and -zoom are ignored)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: hexsandbox shot [flags] FILE OUT.png")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return fmt.Errorf("shot needs two arguments, FILE and OUT.png; got %d", fs.NArg())
	}
	o.MapFile, o.Out = fs.Arg(0), fs.Arg(1)
	if o.Width <= 0 || o.Height <= 0 || o.Width > 8192 || o.Height > 8192 {
		return fmt.Errorf("image size %d×%d out of range 1..8192", o.Width, o.Height)
	}
	if o.Frames < 1 || o.Frames > maxShotFrames {
		return fmt.Errorf("-frames %d out of range 1..%d", o.Frames, maxShotFrames)
	}
	if !(o.Zoom >= minShotZoom && o.Zoom <= 1) {
		return fmt.Errorf("-zoom %g out of range %g..1", o.Zoom, minShotZoom)
	}
	return shot.Shot(o)
}
