//go:build browser && !js

package e2e

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// decodePNG decodes a screenshot.
func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	return img
}

func rgb(c color.Color) (r, g, b int) {
	r32, g32, b32, _ := c.RGBA()
	return int(r32 >> 8), int(g32 >> 8), int(b32 >> 8)
}

// near reports whether two colours are within tol in every channel.
func near(a, b color.Color, tol int) bool {
	ar, ag, ab := rgb(a)
	br, bg, bb := rgb(b)
	return abs(ar-br) <= tol && abs(ag-bg) <= tol && abs(ab-bb) <= tol
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// census counts, in rect of img, the pixels that look like terrain:
// green (grass), warm and redder than blue (sand, mud), or neutral grey
// to white (stone, snow) — the terrain types under daylight, whatever
// the exact shading.
type census struct {
	total, grass, earth, rock int
}

func countColours(img image.Image, rect image.Rectangle) census {
	var c census
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			c.total++
			switch terrainClass(img.At(x, y)) {
			case 1:
				c.grass++
			case 2:
				c.earth++
			case 3:
				c.rock++
			}
		}
	}
	return c
}

// terrainClass is 1 for grass, 2 for earth, 3 for rock, 0 for other.
func terrainClass(px color.Color) int {
	r, g, b := rgb(px)
	switch {
	case g > r+8 && g > b+8:
		return 1
	case r > b+25 && r >= g-5:
		return 2
	case abs(r-g) < 14 && abs(g-b) < 18 && r > 90:
		return 3
	}
	return 0
}

func isTerrain(c color.Color) bool { return terrainClass(c) != 0 }

// commonest returns the most frequent colour in rect and its share.
func commonest(img image.Image, rect image.Rectangle) (color.Color, float64) {
	counts := map[[3]int]int{}
	best, bestN := [3]int{}, 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			r, g, b := rgb(img.At(x, y))
			k := [3]int{r, g, b}
			counts[k]++
			if counts[k] > bestN {
				best, bestN = k, counts[k]
			}
		}
	}
	return color.NRGBA{uint8(best[0]), uint8(best[1]), uint8(best[2]), 0xff}, float64(bestN) / float64(rect.Dx()*rect.Dy())
}

// changed counts the pixels of rect whose colour moved by more than tol
// in some channel between a and b.
func changed(a, b image.Image, rect image.Rectangle, tol int) int {
	n := 0
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if !near(a.At(x, y), b.At(x, y), tol) {
				n++
			}
		}
	}
	return n
}
