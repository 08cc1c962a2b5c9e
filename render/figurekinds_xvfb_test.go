//go:build xvfb

package render

import (
	"image"
	"math"
	"testing"

	"hexsandbox/chunk"
	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/palette"
	"hexsandbox/render/project"
)

// figureMask is the pixels where frame, drawn flat, differs from plain
// (the map without figures) but for those of the colour ring (the ring
// round the figure, the same for every kind).
func figureMask(frame, plain *image.RGBA, ring [3]float32) []bool {
	mask := make([]bool, len(frame.Pix)/4)
	var rb [3]int
	for c := range 3 {
		rb[c] = int(math.Round(float64(ring[c]) * 255))
	}
	for i := range mask {
		px := frame.Pix[4*i : 4*i+3]
		onRing := true
		for c := range 3 {
			onRing = onRing && abs(int(px[c])-rb[c]) <= 1
			mask[i] = mask[i] || px[c] != plain.Pix[4*i+c]
		}
		mask[i] = mask[i] && !onRing
	}
	return mask
}

// The five kinds of figure look apart at the usual zoom: drawn alone on
// the same cell of a flat map, facing the same way, the pixels any two
// of them cover (their common ring left out) differ in at least a
// quarter of the pixels either covers, and the two pictures differ
// clearly in colour in at least 60% of them; each covers enough pixels
// to be seen.
func TestFigureKindsLookApart(t *testing.T) {
	g, centre := grassMap(t)
	r, err := NewRenderer(chunk.NewSet(g))
	if err != nil {
		t.Fatal(err)
	}
	cam := project.NewCamera(g.Topology())
	cam.Zoom = 0.5
	cam.X, cam.Z = float64(geom.CellPosition(g, centre)[0]), float64(geom.CellPosition(g, centre)[2])
	const w, h = 1280, 720
	savePNG(t, "figure_kinds", lineUp(r, g, centre, &cam, w, h))
	cam.Zoom = 0.8
	savePNG(t, "figure_kinds_near", lineUp(r, g, centre, &cam, w, h))
	cam.Zoom = 0.5
	r.opts.Flat = true
	r.SetFigures(nil)
	plain := readFrame(r, &cam, w, h, 0)
	var masks [project.FigureKinds][]bool
	var frames [project.FigureKinds]*image.RGBA
	var sizes [project.FigureKinds]int
	for kind := range project.FigureKinds {
		r.SetFigures([]project.Figure{{Pos: geom.CellPosition(g, centre), Heading: 150, Color: palette.Sides[0], Kind: kind}})
		frames[kind] = readFrame(r, &cam, w, h, 0)
		masks[kind] = figureMask(frames[kind], plain, project.RingColor(palette.Sides[0]))
		for _, in := range masks[kind] {
			if in {
				sizes[kind]++
			}
		}
		if sizes[kind] < 150 {
			t.Errorf("kind %d covers only %d pixels", kind, sizes[kind])
		}
	}
	for a := range project.FigureKinds {
		for b := a + 1; b < project.FigureKinds; b++ {
			differ, either, colour := 0, 0, 0
			for i := range masks[a] {
				if masks[a][i] || masks[b][i] {
					either++
					for c := range 3 {
						if abs(int(frames[a].Pix[4*i+c])-int(frames[b].Pix[4*i+c])) > 24 {
							colour++
							break
						}
					}
				}
				if masks[a][i] != masks[b][i] {
					differ++
				}
			}
			shape, col := float64(differ)/float64(max(either, 1)), float64(colour)/float64(max(either, 1))
			t.Logf("kinds %d and %d: %d and %d pixels, %.0f%% of either differ in shape, %.0f%% in colour", a, b, sizes[a], sizes[b], 100*shape, 100*col)
			if shape < 0.25 || col < 0.6 {
				t.Errorf("kinds %d and %d look alike: of their %d pixels only %.0f%% differ in shape, %.0f%% in colour", a, b, either, 100*shape, 100*col)
			}
		}
	}
}

// lineUp draws the five kinds in a row a cell apart, blue in front and
// red a row behind, round the centre cell at the usual zoom, for
// looking at (the figures are left set).
func lineUp(r *Renderer, g *hexmap.Grid, centre int, cam *project.Camera, w, h int) *image.RGBA {
	var figs []project.Figure
	for row, side := range []int{1, 0} {
		for kind := range project.FigureKinds {
			i := centre + int(kind) - 2 + (2*row-1)*g.Topology().Width
			figs = append(figs, project.Figure{Pos: geom.CellPosition(g, i), Heading: 150, Color: palette.Sides[side], Kind: kind})
		}
	}
	r.SetFigures(figs)
	return readFrame(r, cam, w, h, 0)
}
