// Package shaders embeds the Kage programs the renderer compiles: terrain,
// river, road, water, shore, estuary, lit features, building facades,
// the units' figures and the overview of far chunks, plus the depth
// passes and the fog of war. Each .kage file holds one part; Source
// assembles a program from the shared prelude (common.kage) and its
// parts, so the translucent layers can share one program and be
// drawn sorted in few draw calls.
package shaders

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed *.kage
var files embed.FS

// Programs the renderer compiles.
const (
	Depth       = "depth"
	Terrain     = "terrain"
	Lit         = "lit"
	Facade      = "facade"
	Translucent = "translucent"
	WaterBake   = "waterbake"
	Figure      = "figure"
	Overview    = "overview"
	Fog         = "fog"
)

// Layers returns the translucent layer parts, each with a colour
// function (riverColor, ...) that layerColor in translucent.kage calls
// with the noise lookups it made once for all of them.
func Layers() []string { return []string{"river", "road", "water", "shore", "estuary"} }

// parts lists a program's parts after common.kage.
func parts(name string) ([]string, bool) {
	switch name {
	case Depth:
		return []string{"depth"}, true
	case Terrain:
		return []string{"opaque", "terraincolor", "terrain"}, true
	case Overview:
		return []string{"opaque", "terraincolor", "water", "shore", "overview"}, true
	case Lit:
		return []string{"opaque", "lit"}, true
	case Facade:
		return []string{"opaque", "facade"}, true
	case Translucent, TranslucentVariant(true, false), TranslucentVariant(false, true), TranslucentVariant(true, true):
		seam, fog := "seamoff", "fogoff"
		if strings.Contains(name, "+wrap") {
			seam = "seamon"
		}
		if strings.Contains(name, "+fog") {
			fog = "fogon"
		}
		return append(Layers(), "fog", "watersurface", seam, fog, "translucent"), true
	case WaterBake:
		return []string{"water", "watersurface", "waterbake"}, true
	case Figure:
		return []string{"figure"}, true
	case Fog:
		return []string{"fog", "fogpass"}, true
	}
	return nil, false
}

// TranslucentVariant names the translucent program for a map that wraps
// east-west or not, drawn under the fog of war or not: Translucent for
// neither. Each leaves out the code it does not need, since a software
// renderer runs a branch even when a uniform turns it off.
func TranslucentVariant(wrap, fog bool) string {
	name := Translucent
	if wrap {
		name += "+wrap"
	}
	if fog {
		name += "+fog"
	}
	return name
}

// Source returns the Kage source of program name.
func Source(name string) ([]byte, error) {
	list, ok := parts(name)
	if !ok {
		return nil, fmt.Errorf("shaders: no program %q", name)
	}
	return assemble(list)
}

func assemble(list []string) ([]byte, error) {
	src, err := files.ReadFile("common.kage")
	if err != nil {
		return nil, err
	}
	for _, p := range list {
		b, err := files.ReadFile(p + ".kage")
		if err != nil {
			return nil, fmt.Errorf("shaders: %w", err)
		}
		src = append(append(src, '\n'), b...)
	}
	return src, nil
}
