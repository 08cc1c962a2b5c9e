// Command hexsandbox is the hex-map game and editor. With no arguments it
// opens the editor on the map open when it last closed (or the showcase
// map); with a FILE it opens that map; `hexsandbox shot FILE [OUT.png]`
// renders a map to an image. It needs a display (under Linux without
// one, run it with xvfb-run), except for its help (usage.h).
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"hexsandbox/editor"
	"hexsandbox/editor/files"
	"hexsandbox/render/shot"
	"hexsandbox/saves"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

//go:embed usage.h
var usageSource string

// usage is the program's usage text, from usage.h: its C string lines,
// unquoted and joined.
func usage() string {
	var b strings.Builder
	for _, line := range strings.Split(usageSource, "\n") {
		if strings.HasPrefix(line, `"`) {
			s, err := strconv.Unquote(line)
			if err != nil {
				panic(fmt.Sprintf("usage.h: %q: %v", line, err))
			}
			b.WriteString(s)
		}
	}
	return b.String()
}

// isHelp reports whether the arguments ask for help: help as the first
// argument, or -h, -help or --help anywhere.
func isHelp(args []string) bool {
	for k, a := range args {
		if a == "-h" || a == "-help" || a == "--help" || (k == 0 && a == "help") {
			return true
		}
	}
	return false
}

func run(args []string, stdout, stderr io.Writer) int {
	if isHelp(args) {
		fmt.Fprint(stderr, usage())
		return 2
	}
	var err error
	if len(args) > 0 && args[0] == "shot" {
		err = shotCommand(args[1:], stdout)
	} else {
		err = edit(args)
	}
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", saves.Explain(err))
		return 1
	}
	return 0
}

// flags returns a flag set whose errors come back from Parse to be
// reported in one line (help was answered before parsing: isHelp).
func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

func edit(args []string) error {
	fs := flags("hexsandbox")
	mapsDir := fs.String("maps", "", "")
	join := fs.String("join", "", "")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v (hexsandbox -help lists them)", err)
	}
	if fs.NArg() > 1 {
		return fmt.Errorf("too many arguments: %q", fs.Args())
	}
	return editor.Run(editor.Options{File: fs.Arg(0), MapsDir: *mapsDir, Join: *join})
}

// minShotZoom bounds -zoom below: further out than any map needs (the
// camera stops where the whole map fits).
const minShotZoom = -4.0

// maxShotFrames bounds -frames: at a few frames per second under a
// software renderer, more would run for hours.
const maxShotFrames = 10000

// shotFlags defines the flags of `hexsandbox shot` (described in
// usage.h) on fs.
func shotFlags(fs *flag.FlagSet, o *shot.Options, mapsDir *string) {
	fs.IntVar(&o.Width, "width", 1280, "")
	fs.IntVar(&o.Height, "height", 720, "")
	fs.IntVar(&o.Frames, "frames", 1, "")
	fs.Float64Var(&o.CenterX, "x", math.NaN(), "")
	fs.Float64Var(&o.CenterZ, "z", math.NaN(), "")
	fs.Float64Var(&o.Zoom, "zoom", 0.5, "")
	fs.Float64Var(&o.Rotation, "rot", 0, "")
	fs.StringVar(mapsDir, "maps", "", "")
	fs.BoolVar(&o.FullDetail, "full", false, "")
	fs.BoolVar(&o.Fit, "fit", false, "")
}

func shotCommand(args []string, stdout io.Writer) error {
	fs := flags("hexsandbox shot")
	o := shot.Options{}
	var mapsDir string
	shotFlags(fs, &o, &mapsDir)
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%v (hexsandbox -help lists them)", err)
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		return fmt.Errorf("shot needs FILE and, if you like, OUT.png; got %d arguments", fs.NArg())
	}
	o.MapFile = fs.Arg(0)
	if o.Width <= 0 || o.Height <= 0 || o.Width > 8192 || o.Height > 8192 {
		return fmt.Errorf("image size %d×%d out of range 1..8192", o.Width, o.Height)
	}
	if o.Frames < 1 || o.Frames > maxShotFrames {
		return fmt.Errorf("-frames %d out of range 1..%d", o.Frames, maxShotFrames)
	}
	if !(o.Zoom >= minShotZoom && o.Zoom <= 1) {
		return fmt.Errorf("-zoom %g out of range %g..1", o.Zoom, minShotZoom)
	}
	out, err := shotPath(fs.Arg(1), o.MapFile, mapsDir)
	if err != nil {
		return err
	}
	o.Out = out
	if err := shot.Shot(o); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "wrote", out)
	return nil
}

// shotPath is where a shot goes, as an absolute path: OUT when given,
// else a file named after the map and the time in the screenshots
// folder beside the maps folder.
func shotPath(out, mapFile, mapsDir string) (string, error) {
	if out == "" {
		if mapsDir == "" {
			d, err := files.DefaultDir()
			if err != nil {
				return "", err
			}
			mapsDir = d
		}
		dir := files.ScreenshotsDir(mapsDir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("screenshots folder: %v", err)
		}
		out = filepath.Join(dir, files.ShotName(mapFile, "shot", time.Now()))
	}
	return filepath.Abs(out)
}
