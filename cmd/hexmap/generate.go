package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

const generateUsage = "hexmap generate [-w 80 -h 60 -seed N -wrap -type T -sides N -SETTING VALUE ...] OUT"

// catlikeType is -type's name for Catlike's generator as it is: its
// default settings, not scaled to the map's size.
const catlikeType = "catlike"

// runGenerate generates a map with Catlike's generator, with the settings
// of a world type (-type) scaled to the map's size and any setting flags
// over them, places fair starts for -sides sides, and saves it in the
// format OUT's name asks for (.map: Catlike's; else the product's).
func runGenerate(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors come back as one line, usage on -help
	width := fs.Int("w", 80, "width in cells, a multiple of 5 up to 640")
	height := fs.Int("h", 60, "height in cells, a multiple of 5 up to 640")
	seed := fs.Int64("seed", 0, fmt.Sprintf("seed 0..%d (default: a random one, printed)", mapgen.MaxSeed))
	wrap := fs.Bool("wrap", false, "wrap east-west")
	world := fs.String("type", mapgen.Continents.String(), "world type: "+mapgen.WorldTypeNames()+
		", each a preset of the settings below scaled to the map's size; or "+catlikeType+
		": Catlike's defaults as they are")
	sides := fs.Int("sides", 0, fmt.Sprintf("place fair starts for 2..%d sides (a town, a spearman and a scout each) and neutral towns, saved as the map's scenario", hexmap.MaxSides))
	defaults := mapgen.DefaultSettings()
	var chosen []func(*mapgen.Settings) // the setting flags, applied over the preset in order
	var settingErr error                // the first bad setting value, kept whole (flag would reword it)
	for _, s := range mapgen.Table() {
		fs.Func(s.Flag, fmt.Sprintf("%s (%s, Catlike's default %s)", s.Name, s.RangeText(), s.Format(s.Get(&defaults))),
			func(text string) error {
				v, err := s.Parse(text)
				if err == nil {
					err = s.Check(v)
				}
				if err != nil {
					settingErr = firstError(settingErr, err)
					return err
				}
				chosen = append(chosen, func(st *mapgen.Settings) { s.Set(st, v) })
				return nil
			})
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: "+generateUsage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil
		}
		return firstError(settingErr, err)
	}
	if fs.NArg() != 1 {
		return errors.New("usage: " + generateUsage)
	}
	if err := checkSize(*width, *height); err != nil {
		return err
	}
	if !given(fs, "seed") {
		*seed = mapgen.NewSeed()
	} else if err := mapgen.CheckSeed(*seed); err != nil {
		return err
	}
	gen, err := worldGenerator(*world)
	if err != nil {
		return err
	}
	for _, set := range chosen {
		set(&gen.Settings)
	}
	out := fs.Arg(0)
	if *sides != 0 && (*sides < 2 || *sides > hexmap.MaxSides) {
		return fmt.Errorf("-sides %d is out of range 2..%d", *sides, hexmap.MaxSides)
	}
	if *sides != 0 && saves.FormatFor(out) == saves.FormatCatlike {
		return fmt.Errorf("-sides needs the product's format: a Catlike file (%s) cannot keep towns or sides", out)
	}
	top := hexmap.Topology{Width: *width, Height: *height, Wrapping: *wrap}
	g, rep, err := gen.GenerateMap(top, *seed)
	if err != nil {
		return err
	}
	scenario := ""
	if *sides > 0 {
		if err := mapgen.PlaceStarts(g, *sides, *seed); err != nil {
			return err
		}
		scenario = fmt.Sprintf(", %d sides, %d towns", *sides, len(g.Towns()))
	}
	format, err := saves.SaveFileFor(out, g)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "generated %s (%s, %s, %d×%d%s, seed %d): %d%% land, %d rivers from their sources, %d river segments (cells a river flows out of, as hexmap info's \"rivers\")%s\n",
		out, format, *world, *width, *height, wrapText(*wrap), *seed, landPercent(g), rep.Rivers, riverSegments(g), scenario)
	return err
}

// worldGenerator returns the generator of -type's value.
func worldGenerator(name string) (mapgen.HexMapGenerator, error) {
	if name == catlikeType {
		return mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}, nil
	}
	w, err := mapgen.ParseWorldType(name)
	if err != nil {
		return mapgen.HexMapGenerator{}, fmt.Errorf("-type %q is not one of %s, %s", name,
			strings.ReplaceAll(mapgen.WorldTypeNames(), "|", ", "), catlikeType)
	}
	return w.Generator(), nil
}

// firstError returns the first error that is not nil.
func firstError(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// given reports whether flag name was on the command line.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// checkSize names the flag of a bad map size.
func checkSize(w, h int) error {
	for _, d := range []struct {
		flag string
		v    int
	}{{"w", w}, {"h", h}} {
		switch {
		case d.v < hexmap.ChunkSizeX || d.v > hexmap.MaxCellCount:
			return fmt.Errorf("-%s %d is out of range %d..%d (multiples of %d)", d.flag, d.v,
				hexmap.ChunkSizeX, hexmap.MaxCellCount, hexmap.ChunkSizeX)
		case d.v%hexmap.ChunkSizeX != 0:
			return fmt.Errorf("-%s %d is not a multiple of %d (maps are made of chunks %d cells wide): try %d or %d",
				d.flag, d.v, hexmap.ChunkSizeX, hexmap.ChunkSizeX,
				d.v/hexmap.ChunkSizeX*hexmap.ChunkSizeX, (d.v/hexmap.ChunkSizeX+1)*hexmap.ChunkSizeX)
		}
	}
	return hexmap.ValidateSize(w, h)
}

func wrapText(wrap bool) string {
	if wrap {
		return ", wrapping"
	}
	return ""
}

func landPercent(g *hexmap.Grid) int {
	land := 0
	for _, c := range g.Cells() {
		if !c.IsUnderwater() {
			land++
		}
	}
	return (100*land + g.Topology().CellCount()/2) / g.Topology().CellCount()
}
