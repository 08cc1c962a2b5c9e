// Package blocks is the renderer's fallback: it draws each cell of a map
// as a flat-topped hexagonal column with its water, rivers, roads, walls
// and features as flat shapes, sorted back to front with
// ebiten.DrawTriangles and no shaders, so that a map shows where the
// shader renderer (package render) is unavailable. It needs nothing but
// the grid; the editor chooses which of the two to draw with.
package blocks

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/ungerik/go3d/vec3"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
	"hexsandbox/internal/vec"
	"hexsandbox/palette"
	"hexsandbox/render"
	"hexsandbox/render/project"
	"hexsandbox/topdown"
	"hexsandbox/units"
	"hexsandbox/vision"
)

// Scene draws a map as blocks through the map camera and picks cells in
// it. Its faces are rebuilt from the grid on Reset and on Refresh after
// an edit; bounds holds every face.
type Scene struct {
	g       *hexmap.Grid
	feed    *hexmap.FeedReader
	faces   []face
	order   []drawn
	copies  []float32
	vs      []ebiten.Vertex
	is      []uint16
	white   *ebiten.Image
	figures []project.Figure
	fig     project.Batches
	fog     *vision.CellData
	bounds  project.Box
}

// face is one convex polygon in world space with a flat colour; bias
// orders faces that lie on top of others (water over ground, road over
// ground) without a depth buffer.
type face struct {
	pts  []vec3.T
	col  color.NRGBA
	bias float32
	cell int32 // whose fog shades it
}

// drawn is face k drawn moved shift east (a copy of a wrapping map) at
// the given sort depth.
type drawn struct {
	k            int
	shift, depth float32
}

// New returns a scene with no map: Reset gives it one.
func New() *Scene {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return &Scene{white: img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)}
}

// SetQuality does nothing: blocks are cheap at any quality.
func (b *Scene) SetQuality(render.Quality) {}

// Redrew is false: blocks are cheap, the pacer has nothing to gain.
func (b *Scene) Redrew() bool { return false }

// Lock, Unlock and Pending do nothing: the blocks are built on the UI
// loop, with nothing to lock or wait for.
func (b *Scene) Lock() {}

// Unlock does nothing (see Lock).
func (b *Scene) Unlock() {}

// Pending is 0 (see Lock).
func (b *Scene) Pending() int { return 0 }

// Reset shows map g: its faces built anew, its edits followed.
func (b *Scene) Reset(g *hexmap.Grid) {
	if b.feed != nil {
		b.feed.Close()
	}
	b.g, b.feed = g, g.Follow()
	b.rebuild()
}

// Refresh rebuilds the faces when the grid was edited since.
func (b *Scene) Refresh() {
	if b.feed.Pending() {
		b.feed.Skip()
		b.rebuild()
	}
}

func (b *Scene) rebuild() {
	b.faces = b.faces[:0]
	b.bounds = project.Box{}
	for i := range b.g.Topology().CellCount() {
		start := len(b.faces)
		b.addCell(i)
		for k := start; k < len(b.faces); k++ {
			b.faces[k].cell = int32(i)
			for _, p := range b.faces[k].pts {
				b.bounds.Extend(project.Box{Lo: p, Hi: p, Valid: true})
			}
		}
	}
}

// SetFog shades the blocks as d shows the map: unexplored cells are not
// drawn, explored ones dimmed where not seen, as the renderer does.
func (b *Scene) SetFog(d *vision.CellData) { b.fog = d }

// fogged returns colour c of a face of cell i under the fog, and false
// where the cell is not drawn at all.
func (b *Scene) fogged(c color.NRGBA, i int32) (color.NRGBA, bool) {
	if b.fog == nil {
		return c, true
	}
	p := b.fog.Pix()[4*i:]
	if p[1] == 0 {
		return c, false
	}
	c = shade(c, 0.25+0.75*float32(p[0])/255)
	c.A = uint8(int(c.A) * int(p[1]) / 255)
	return c, true
}

func (b *Scene) addCell(i int) {
	g := b.g
	c := g.Cell(i)
	cx, cz := g.Topology().CellCenter(i)
	center := vec3.T{cx, float32(c.Elevation) * geom.ElevationStep, cz}
	col := shade(palette.Terrain[c.TerrainType], 0.8+0.04*float32(c.Elevation))
	top := make([]vec3.T, 6)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		top[d] = vec.Add(center, geom.FirstCorner(d))
	}
	b.faces = append(b.faces, face{pts: top, col: col})
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		ny := float32(-2) * geom.ElevationStep
		if n, ok := g.Topology().Neighbor(i, d); ok {
			ny = float32(g.Cell(n).Elevation) * geom.ElevationStep
		}
		if ny >= center[1] {
			continue
		}
		p1, p2 := top[d], top[(d+1)%6]
		side := []vec3.T{p1, p2, {p2[0], ny, p2[2]}, {p1[0], ny, p1[2]}}
		light := 0.55 + 0.3*float32(math.Cos(float64(d)*math.Pi/3-0.5))
		b.faces = append(b.faces, face{pts: side, col: shade(col, light)})
	}
	b.addLinks(i, c, center)
	if c.IsUnderwater() {
		wy := geom.WaterSurfaceY(c)
		w := make([]vec3.T, 6)
		for d := range w {
			w[d] = vec3.T{top[d][0], wy, top[d][2]}
		}
		b.faces = append(b.faces, face{pts: w, col: topdown.CellColor(c), bias: 2})
	}
}

// addLinks adds the river and road strips from the centre to the edges,
// the wall ring, and a marker for features.
func (b *Scene) addLinks(i int, c hexmap.Cell, center vec3.T) {
	lift := vec3.T{0, 0.05, 0}
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		mid := vec.Add(center, vec.Lerp(geom.FirstCorner(d), geom.SecondCorner(d), 0.5))
		if c.HasRiverThroughEdge(d) {
			b.faces = append(b.faces, face{pts: strip(vec.Add(center, lift), vec.Add(mid, lift), 2.2), col: palette.River.NRGBA(), bias: 1})
		}
		if c.HasRoadThroughEdge(d) {
			b.faces = append(b.faces, face{pts: strip(vec.Add(center, lift), vec.Add(mid, lift), 1.6), col: palette.Road.NRGBA(), bias: 1.5})
		}
		if c.Walled {
			p1 := vec.Add(center, vec.Lerp(vec3.T{}, geom.FirstCorner(d), 0.9))
			p2 := vec.Add(center, vec.Lerp(vec3.T{}, geom.SecondCorner(d), 0.9))
			h := vec3.T{0, 2, 0}
			b.faces = append(b.faces, face{pts: []vec3.T{vec.Add(p1, h), vec.Add(p2, h), p2, p1}, col: palette.Wall.NRGBA(), bias: 1})
		}
	}
	if n := int(c.UrbanLevel) + int(c.FarmLevel) + int(c.PlantLevel) + int(c.SpecialIndex); n > 0 {
		col := palette.Town
		if c.PlantLevel >= c.UrbanLevel && c.PlantLevel >= c.FarmLevel {
			col = palette.Plant
		} else if c.FarmLevel > c.UrbanLevel {
			col = palette.Farm
		}
		r := float32(1.2 + 0.5*float32(min(n, 6)))
		hexf := make([]vec3.T, 6)
		for d := range hexf {
			a := float64(d) * math.Pi / 3
			hexf[d] = vec3.T{center[0] + r*float32(math.Sin(a)), center[1] + 0.1, center[2] + r*float32(math.Cos(a))}
		}
		b.faces = append(b.faces, face{pts: hexf, col: col, bias: 1.2})
	}
}

func strip(a, b vec3.T, width float32) []vec3.T {
	dx, dz := b[0]-a[0], b[2]-a[2]
	l := float32(math.Hypot(float64(dx), float64(dz)))
	if l == 0 {
		return nil
	}
	nx, nz := -dz/l*width/2, dx/l*width/2
	return []vec3.T{{a[0] + nx, a[1], a[2] + nz}, {b[0] + nx, b[1], b[2] + nz}, {b[0] - nx, b[1], b[2] - nz}, {a[0] - nx, a[1], a[2] - nz}}
}

func shade(c color.NRGBA, f float32) color.NRGBA {
	s := func(v uint8) uint8 { return uint8(min(255, float32(v)*f)) }
	return color.NRGBA{s(c.R), s(c.G), s(c.B), c.A}
}

// Draw draws the faces back to front; a wrapping map's at every copy in
// view, each face culled when wholly off the view.
func (b *Scene) Draw(dst *ebiten.Image, cam *project.Camera) {
	w, h := dst.Bounds().Dx(), dst.Bounds().Dy()
	v := cam.View(w, h)
	b.order = b.order[:0]
	top := b.g.Topology()
	b.copies = b.copies[:0]
	if top.Wrapping {
		b.copies = v.Copies(b.bounds, top.WrapSize(), b.copies)
	} else {
		b.copies = append(b.copies, 0)
	}
	for _, shift := range b.copies {
		for k := range b.faces {
			if d, ok := b.faceDepth(&v, &b.faces[k], shift); ok {
				b.order = append(b.order, drawn{k, shift, d})
			}
		}
	}
	slices.SortFunc(b.order, func(x, y drawn) int {
		switch {
		case x.depth > y.depth:
			return -1
		case x.depth < y.depth:
			return 1
		}
		return 0
	})
	b.vs, b.is = b.vs[:0], b.is[:0]
	op := &ebiten.DrawTrianglesOptions{AntiAlias: true}
	if b.fog != nil {
		dst.Fill(palette.Fog.NRGBA())
	}
	for _, o := range b.order {
		f := &b.faces[o.k]
		col, ok := b.fogged(f.col, f.cell)
		if !ok {
			continue
		}
		if len(b.vs)+len(f.pts) > math.MaxUint16 { // indices are 16-bit: draw in batches
			dst.DrawTriangles(b.vs, b.is, b.white, op)
			b.vs, b.is = b.vs[:0], b.is[:0]
		}
		base := uint16(len(b.vs))
		r, g, bl, a := float32(col.R)/255, float32(col.G)/255, float32(col.B)/255, float32(col.A)/255
		for _, p := range f.pts {
			x, y, pw := v.Clip(vec3.T{p[0] + o.shift, p[1], p[2]})
			sx, sy := v.Screen(x, y, pw)
			b.vs = append(b.vs, ebiten.Vertex{DstX: sx, DstY: sy, SrcX: 1, SrcY: 1, ColorR: r * a, ColorG: g * a, ColorB: bl * a, ColorA: a})
		}
		for t := 1; t+1 < len(f.pts); t++ {
			b.is = append(b.is, base, base+uint16(t), base+uint16(t+1))
		}
	}
	dst.DrawTriangles(b.vs, b.is, b.white, op)
	b.drawFigures(dst, &v)
}

// SetFigures sets the units drawn over the blocks.
func (b *Scene) SetFigures(figures []project.Figure) { b.figures = figures }

// Ground is nil: units stand at their cells' heights.
func (b *Scene) Ground() units.Ground { return nil }

// drawFigures draws the units over the blocks, farthest first (there is
// no depth buffer here: a unit behind a hill shows through it).
func (b *Scene) drawFigures(dst *ebiten.Image, v *project.View) {
	order := slices.Clone(b.figures)
	dist := func(f project.Figure) float32 { _, _, w := v.Clip(f.Pos); return w }
	slices.SortFunc(order, func(x, y project.Figure) int { return cmp.Compare(dist(y), dist(x)) })
	light := project.DefaultLighting()
	project.FigureBatches(v, &light, order, &b.fig)
	for _, bt := range b.fig.List() {
		vs := b.vs[:0]
		for _, x := range bt.Vertices {
			l := x.Custom3
			vs = append(vs, ebiten.Vertex{DstX: x.DstX, DstY: x.DstY, SrcX: 1, SrcY: 1,
				ColorR: min(1, x.ColorR*l), ColorG: min(1, x.ColorG*l), ColorB: min(1, x.ColorB*l), ColorA: 1})
		}
		b.vs = vs
		dst.DrawTriangles(vs, bt.Indices, b.white, &ebiten.DrawTrianglesOptions{})
	}
}

// faceDepth returns face f's sort depth moved shift east, or false when
// it is not drawn: behind the near plane in part, or wholly off one side
// of the view.
func (b *Scene) faceDepth(v *project.View, f *face, shift float32) (float32, bool) {
	if len(f.pts) < 3 {
		return 0, false
	}
	var sum float32
	var out [4]int // points beyond the left, right, bottom and top
	for _, p := range f.pts {
		x, y, pw := v.Clip(vec3.T{p[0] + shift, p[1], p[2]})
		if pw < project.NearClip {
			return 0, false
		}
		sum += pw
		for k, beyond := range [4]bool{x < -pw, x > pw, y < -pw, y > pw} {
			if beyond {
				out[k]++
			}
		}
	}
	for _, n := range out {
		if n == len(f.pts) {
			return 0, false
		}
	}
	return sum/float32(len(f.pts)) - f.bias, true
}

// Pick returns the cell whose top the ray through pixel (x, y) of a
// w×h view meets first, and the point hit there.
func (b *Scene) Pick(cam *project.Camera, w, h int, x, y float64) (int, vec3.T, bool) {
	v := cam.View(w, h)
	o, d := v.Ray(x, y)
	best, bestT := -1, float32(math.MaxFloat32)
	if d[1] >= 0 {
		return 0, vec3.T{}, false
	}
	// Test the ray against each elevation's plane, highest first: the
	// first cell whose own top the ray meets at its elevation is hit.
	for i := range b.g.Topology().CellCount() {
		top := float32(b.g.Cell(i).Elevation) * geom.ElevationStep
		t := (top - o[1]) / d[1]
		if t <= 0 || t >= bestT {
			continue
		}
		hit, ok := b.g.Topology().CellUnder(o[0]+d[0]*t, o[2]+d[2]*t)
		if ok && hit == i {
			best, bestT = i, t
		}
	}
	at := vec3.T{o[0] + d[0]*bestT, o[1] + d[1]*bestT, o[2] + d[2]*bestT}
	return best, at, best >= 0
}
