package topdown

import (
	"image"
	"image/color"
	"math"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/palette"
)

// testMap is a 10×10 map (2×2 chunks of 5×5 cells), cell i at offset
// column i%10, row i/10, every cell at elevation 0 and water level 0
// (dry land at the water's level) unless set otherwise here:
//   - cells 0..4 (row 0) have terrain types 0..4, the rest sand;
//   - cell 17 lies under water 1 deep, cell 18 under water 5 deep;
//   - a river flows from cell 62 east into cell 63;
//   - a road runs from cell 44 east into cell 45, across the seam
//     between the western and eastern chunks;
//   - cell 77 is grass and walled, cell 82 special, cell 36 a town
//     (urban level 1).
func testMap(t *testing.T) *hexmap.Grid {
	t.Helper()
	g, err := hexmap.NewGrid(10, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	for k := range hexmap.TerrainTypeCount {
		g.SetTerrainType(int(k), k)
	}
	g.SetWaterLevel(17, 1)
	g.SetWaterLevel(18, 5)
	must(t, g.SetOutgoingRiver(62, hexmap.E))
	must(t, g.AddRoad(44, hexmap.E))
	g.SetTerrainType(77, hexmap.Grass)
	g.SetWalled(77, true)
	must(t, g.SetSpecialIndex(82, 1))
	g.SetUrbanLevel(36, 1)
	return g
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// shore is how land at the water's level shows from above: its terrain
// colour at three quarters brightness (each byte times 3/4, rounded
// down), the dark end of the height shading.
func shore(c color.NRGBA) color.NRGBA {
	return color.NRGBA{uint8(int(c.R) * 3 / 4), uint8(int(c.G) * 3 / 4), uint8(int(c.B) * 3 / 4), 0xff}
}

// solid is a palette colour made opaque, as the pictures paint it.
func solid(c palette.Color) color.NRGBA {
	n := c.NRGBA()
	n.A = 0xff
	return n
}

func pixel(img *image.RGBA, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// The minimap's blocks colour what the map holds: each terrain type at
// the water's level its palette colour at three quarters, water 1 deep
// the palette's shallow water, 5 or more deep its deep water, a river
// cell the river's colour.
func TestBlocksColourWhatTheMapHolds(t *testing.T) {
	g := testMap(t)
	// 210×200 pixels fit blocks 20 wide (2·210/21), rows 15 apart
	// ((3·20+2)/4) and 20 tall: block (x, z) spans columns 20x+10(z&1)
	// to +20 and rows 15(9-z) to +20, its middle at +10, +10 (the row to
	// the north covers only its top 5 rows).
	b := FitBlocks(g.Topology(), 210, 200)
	if b.CW != 20 || b.RH != 15 {
		t.Fatalf("blocks %d wide, rows %d apart; want 20, 15", b.CW, b.RH)
	}
	img := Preview(g, 210, 200)
	middle := func(i int) color.NRGBA {
		x, z := i%10, i/10
		return pixel(img, 20*x+10*(z&1)+10, 15*(9-z)+10)
	}
	want := map[int]color.NRGBA{
		17: solid(palette.ShallowWater),
		18: solid(palette.DeepWater),
		62: solid(palette.River),
		63: solid(palette.River),
		55: shore(palette.Terrain[hexmap.Sand]),
	}
	for k := range hexmap.TerrainTypeCount {
		want[int(k)] = shore(palette.Terrain[k])
	}
	for i, w := range want {
		if got := middle(i); got != w {
			t.Errorf("cell %d's block is %v, want %v", i, got, w)
		}
	}
	// Outside every block (the east end of the even rows) is the
	// background.
	if got := pixel(img, 205, 15*(9-8)+10); got != palette.Back {
		t.Errorf("beyond the map: %v, want the background %v", got, palette.Back)
	}
}

// Repainting a changed cell with DrawCell gives the same picture as
// drawing the whole map again.
func TestDrawCellMatchesDraw(t *testing.T) {
	g := testMap(t)
	b := FitBlocks(g.Topology(), 210, 200)
	w, h := b.Size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	b.Draw(img, g)
	for _, i := range []int{0, 33, 34, 45, 99} {
		g.SetTerrainType(i, hexmap.Snow)
		g.SetWaterLevel(i, 2)
		b.DrawCell(img, g, i)
	}
	fresh := image.NewRGBA(image.Rect(0, 0, w, h))
	b.Draw(fresh, g)
	for y := range h {
		for x := range w {
			if img.RGBAAt(x, y) != fresh.RGBAAt(x, y) {
				t.Fatalf("pixel (%d, %d) is %v after DrawCell, %v drawn afresh", x, y, img.RGBAAt(x, y), fresh.RGBAAt(x, y))
			}
		}
	}
}

// The Export Image of testMap at 40 pixels per cell, worked out by hand.
//
// A cell is 2·InnerRadius = 17.3205 world units wide, so the scale is
// s = 40/17.3205 = 2.3094 pixels per unit. The picture spans the ten
// columns and the half-cell shift of odd rows, 10.5·40 = 420 pixels, and
// from the bottom corner of row 0 to the top corner of row 9, (9·1.5 + 2)
// outer radii = 155 units = 357.96 pixels, so 358 rows. Cell (x, z)'s
// centre lies 40·(x + ½ + ½(z&1)) pixels from the west edge and
// (15z + 10)·s pixels above the bottom (row 0's centre one outer radius
// up): pixel row 358 − (15z + 10)·2.3094. Its east and west edges are
// 20 pixels (one inner radius) from the centre.
func TestPictureHandWorked(t *testing.T) {
	g := testMap(t)
	img, err := Picture(g, 40)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 420 || b.Dy() != 358 {
		t.Fatalf("picture is %v, want 420×358", b.Size())
	}
	s := 40 / (2 * 10 * 0.866025404)
	centre := func(x, z int) (float64, float64) {
		return 40 * (float64(x) + 0.5 + 0.5*float64(z&1)), 358 - (15*float64(z)+10)*s
	}
	at := func(x, z int, dx, dy float64) (int, int) {
		cx, cy := centre(x, z)
		return int(math.Floor(cx + dx)), int(math.Floor(cy + dy))
	}
	type probe struct {
		what   string
		px, py int
		want   color.NRGBA
	}
	// The corners: row 9 (odd) starts 40 pixels in and its top corner
	// is at row 0.04; row 0 ends 400 pixels in.
	cases := []probe{
		{"north-west corner, off the map", 0, 0, palette.Back},
		{"south-east corner, off the map", 419, 357, palette.Back},
	}
	add := func(what string, x, z int, dx, dy float64, want color.NRGBA) {
		px, py := at(x, z, dx, dy)
		cases = append(cases, probe{what, px, py, want})
	}
	// Row 0: the five terrain types at the water's level (centres at
	// pixel row 334.9).
	for k := range hexmap.TerrainTypeCount {
		add("terrain type centre", int(k), 0, 0, 0, shore(palette.Terrain[k]))
	}
	// Cells 17 (7, 1) and 18 (8, 1): water 1 deep is the shallow colour,
	// 5 deep the deep one, at centres (320, 300.3) and (360, 300.3).
	add("shallow water", 7, 1, 0, 0, solid(palette.ShallowWater))
	add("deep water", 8, 1, 0, 0, solid(palette.DeepWater))
	// The river (cell 62 at (100, 127.1) into 63 at (140, 127.1)) is a
	// band 0.2 inner radii = 4 pixels wide through the centres and the
	// shared edge at x = 120; 12 pixels north of it is the sand.
	add("river at 62's centre", 2, 6, 0, 0, solid(palette.River))
	add("river half way to the east edge", 2, 6, 10, 0, solid(palette.River))
	add("river at the shared edge", 2, 6, 20, 0, solid(palette.River))
	add("river in 63", 3, 6, 0, 0, solid(palette.River))
	add("land beside the river", 2, 6, 0, -12, shore(palette.Terrain[hexmap.Sand]))
	// The road from cell 44 (180, 196.3) to 45 (220, 196.3): 0.14 inner
	// radii = 2.8 pixels wide, over the seam between the chunks at
	// x = 200; 4 pixels north of it is the sand.
	add("road in 44", 4, 4, 10, 0, solid(palette.Road))
	add("road at the chunk seam", 4, 4, 20, 0, solid(palette.Road))
	add("road in 45", 5, 4, -10, 0, solid(palette.Road))
	add("land beside the road", 4, 4, 10, -4, shore(palette.Terrain[hexmap.Sand]))
	// Cell 77 (7, 7; odd row) at (320, 92.4) is walled: the ring between
	// 0.8 and 1 of the hexagon (16 to 20 pixels east or west of the
	// centre) is the wall, inside it the grass.
	add("walled cell's inside", 7, 7, 0, 0, shore(palette.Terrain[hexmap.Grass]))
	add("wall, east", 7, 7, 17.5, 0, solid(palette.Wall))
	add("wall, west", 7, 7, -17.5, 0, solid(palette.Wall))
	add("inside the wall, west", 7, 7, -13, 0, shore(palette.Terrain[hexmap.Grass]))
	// Cell 82 (2, 8) at (100, 57.8) is special: a gold dot of 0.28 inner
	// radii = 5.6 pixels.
	add("special", 2, 8, 0, 0, palette.Special)
	add("special's edge", 2, 8, 4, 0, palette.Special)
	// Cell 36 (6, 3; odd row) at (280, 231.0) is a town: a dot of
	// 0.12 inner radii = 2.4 pixels, 0.45 inner radii = 9 pixels from
	// the centre at 2.4 radians, (9·cos 2.4, 9·sin 2.4) = (−6.6, 6.1).
	add("town dot", 6, 3, 9*math.Cos(2.4), 9*math.Sin(2.4), palette.Town)
	add("beside the town dot", 6, 3, -9*math.Cos(2.4), -9*math.Sin(2.4), shore(palette.Terrain[hexmap.Sand]))
	for _, c := range cases {
		if got := pixel(img, c.px, c.py); got != c.want {
			t.Errorf("%s: pixel (%d, %d) is %v, want %v", c.what, c.px, c.py, got, c.want)
		}
	}
}
