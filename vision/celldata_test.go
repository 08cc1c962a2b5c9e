package vision

import (
	"testing"

	"hexsandbox/hexmap"
)

// texel returns cell i's four bytes.
func texel(d *CellData, i int) [4]byte {
	p := d.Pix()[4*i:]
	return [4]byte{p[0], p[1], p[2], p[3]}
}

// The layout: one texel per cell in cell order, R visibility, G
// exploration, B terrain type, A 255, as the side in view sees it; the
// border never shows as seen, even under a unit.
func TestCellDataLayout(t *testing.T) {
	g := newGrid(t, 20, 15, false)
	top := g.Topology()
	v, _ := top.IndexOffset(10, 7)
	edge, _ := top.IndexOffset(0, 3)
	g.SetTerrainType(v, hexmap.Snow)
	g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(v), Side: 3, MovesLeft: hexmap.UnitSpeed})
	g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(edge), Side: 3, MovesLeft: hexmap.UnitSpeed})
	d := NewCellData(New(g), 3)
	if w, h := d.Size(); w != 20 || h != 15 || len(d.Pix()) != 4*20*15 {
		t.Fatalf("size %d×%d, %d bytes", w, h, len(d.Pix()))
	}
	far, _ := top.IndexOffset(17, 7)
	near, _ := top.IndexOffset(12, 8)
	for _, c := range []struct {
		cell int
		want [4]byte
	}{
		{v, [4]byte{255, 255, hexmap.Snow, 255}},
		{near, [4]byte{255, 255, hexmap.Sand, 255}},
		{far, [4]byte{0, 0, hexmap.Sand, 255}},
		{edge, [4]byte{0, 0, hexmap.Sand, 255}},
	} {
		if got := texel(d, c.cell); got != c.want {
			t.Errorf("cell %d: %v, want %v", c.cell, got, c.want)
		}
	}
	d.SetSide(1)
	if got := texel(d, v); got != [4]byte{0, 0, hexmap.Snow, 255} {
		t.Errorf("side 1's view of side 3's unit: %v, want nothing seen", got)
	}
}

// Changes fade at 255 steps a second: a cell coming into view reaches
// half visibility after half a second and full after one, whatever the
// frame rate; one going out of view fades out but stays explored; a new
// view shows at once; a terrain edit shows at once.
func TestCellDataFades(t *testing.T) {
	g := newGrid(t, 30, 15, false)
	top := g.Topology()
	a, _ := top.IndexOffset(5, 7)
	b, _ := top.IndexOffset(15, 7)
	g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(a), Side: 1, MovesLeft: hexmap.UnitSpeed})
	vis := New(g)
	d := NewCellData(vis, 1)
	if texel(d, a)[0] != 255 || texel(d, b)[0] != 0 {
		t.Fatal("start: a not seen or b seen")
	}
	u := g.Units()[0]
	u.Location = g.Topology().Coordinates(b)
	g.PutUnit(0, u)
	run := func(seconds, fps float64) {
		for range int(seconds*fps + 0.5) {
			d.Update(1 / fps)
		}
	}
	serial := d.Serial()
	run(0.5, 60)
	if d.Serial() == serial {
		t.Fatal("Serial did not change while fading")
	}
	if got := texel(d, b); got[0] < 126 || got[0] > 129 || got[1] < 126 || got[1] > 129 {
		t.Errorf("after 0.5 s coming into view: %v, want about 127 visibility and exploration", got)
	}
	if got := texel(d, a); got[0] < 126 || got[0] > 129 || got[1] != 255 {
		t.Errorf("after 0.5 s going out of view: %v, want about 128 visibility, explored", got)
	}
	run(0.5, 60)
	if got := texel(d, b); got[0] != 255 || got[1] != 255 {
		t.Errorf("after 1 s: %v, want seen and explored", got)
	}
	if got := texel(d, a); got[0] != 0 || got[1] != 255 {
		t.Errorf("after 1 s: %v, want unseen, explored", got)
	}
	serial = d.Serial()
	if d.Update(1.0 / 60); d.Serial() != serial {
		t.Error("Serial changed with nothing fading")
	}
	// At 8 frames a second the fade takes as long.
	u.Location = g.Topology().Coordinates(a)
	g.PutUnit(0, u)
	run(0.5, 8)
	if got := texel(d, b)[0]; got < 126 || got > 129 {
		t.Errorf("at 8 fps after 0.5 s: visibility %d, want about 128", got)
	}
	g.SetTerrainType(a, hexmap.Mud)
	d.Update(0)
	if texel(d, a)[2] != hexmap.Mud {
		t.Errorf("terrain edit: %v", texel(d, a))
	}
	d.SetSide(2)
	if got := texel(d, b); got != [4]byte{0, 0, hexmap.Sand, 255} {
		t.Errorf("side 2's view at once: %v", got)
	}
}
