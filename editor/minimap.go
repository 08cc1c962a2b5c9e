package editor

import (
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"hexsandbox/editor/tools"
	"hexsandbox/hexmap"
	"hexsandbox/palette"
	"hexsandbox/render/project"
	"hexsandbox/topdown"
)

// Minimap size in logical pixels (at most; the map's shape decides) and
// its margin from the map view's bottom-left corner.
const (
	miniW, miniH = 240, 170
	miniMargin   = 12
)

var (
	miniFrame     = palette.MiniFrame
	miniFootprint = palette.Cream
	miniSymmetry  = palette.Symmetry
)

// minimap is the whole map from above in a corner of the map view, with
// the view's footprint on the ground drawn on it; a click or a drag on
// it moves the camera there. It follows the grid's change feed and
// repaints only the cells that changed.
type minimap struct {
	grid     *hexmap.Grid
	feed     *hexmap.FeedReader
	blocks   topdown.Blocks
	pix      *image.RGBA // the picture, one block per cell
	img      *ebiten.Image
	dirty    bool
	known    knownPicture    // in play: the map as the side in turn knows it
	rect     image.Rectangle // on screen, while shown
	fold     image.Rectangle // the button that folds it away, or the tab that brings it back
	dragging bool            // a press on it is held
}

// reset follows another map.
func (m *minimap) reset(g *hexmap.Grid) {
	if m.feed != nil {
		m.feed.Close()
	}
	if m.img != nil {
		m.img.Deallocate()
		m.img = nil
	}
	m.known.forget()
	m.grid, m.feed = g, g.Follow()
	// Blocks of at least two pixels: the picture is drawn scaled down.
	t := g.Topology()
	m.blocks = topdown.FitBlocks(t, max(miniW, 2*t.Width+1), max(miniH, 2*t.Height))
	w, h := m.blocks.Size()
	m.pix = image.NewRGBA(image.Rect(0, 0, w, h))
	m.blocks.Draw(m.pix, g)
	m.dirty = true
}

// knownPicture is the minimap as one side knows the map: the cells it
// has explored as the map's picture shows them, the others in the
// background colour; it is repainted cell by cell as the side explores,
// and wholly for another side.
type knownPicture struct {
	pix   *image.RGBA
	img   *ebiten.Image
	known []bool // per cell: painted as explored
	key   knownKey
	valid bool
}

// knownKey is what the picture was last brought up to: the side, and
// how many commands the match had then (exploring takes one).
type knownKey struct{ side, commands int }

// forget drops the picture: the map is another.
func (k *knownPicture) forget() {
	if k.img != nil {
		k.img.Deallocate()
	}
	*k = knownPicture{}
}

// picture is the picture to draw: the whole map, its changes painted.
func (m *minimap) picture() *ebiten.Image {
	m.refresh()
	return m.img
}

// knownBy is the picture of the map as a side knows it (explored tells
// which cells it has explored), brought up to key; the map does not
// change during a match, so only exploring repaints it.
func (m *minimap) knownBy(key knownKey, explored func(i int) bool) *ebiten.Image {
	k := &m.known
	if k.valid && k.key == key {
		return k.img
	}
	col := func(i int) color.NRGBA {
		if k.known[i] {
			return topdown.CellColor(m.grid.Cell(i))
		}
		return palette.Back
	}
	n := m.grid.Topology().CellCount()
	if !k.valid || k.key.side != key.side {
		k.known = slices.Grow(k.known[:0], n)[:n]
		for i := range n {
			k.known[i] = explored(i)
		}
		if k.pix == nil {
			k.pix = image.NewRGBA(m.pix.Bounds())
		}
		m.blocks.DrawAs(k.pix, col)
	} else {
		for i := range n {
			if e := explored(i); e != k.known[i] {
				k.known[i] = e
				m.blocks.DrawCellAs(k.pix, i, col)
			}
		}
	}
	if k.img == nil {
		k.img = ebiten.NewImage(k.pix.Bounds().Dx(), k.pix.Bounds().Dy())
	}
	k.img.WritePixels(k.pix.Pix)
	k.key, k.valid = key, true
	return k.img
}

// refresh repaints the cells changed since the last frame.
func (m *minimap) refresh() {
	changes, complete := m.feed.Read()
	switch {
	case !complete:
		m.blocks.Draw(m.pix, m.grid)
	case len(changes) > 0:
		for _, c := range changes {
			m.blocks.DrawCell(m.pix, m.grid, c.Index)
		}
	default:
		if !m.dirty {
			return
		}
	}
	if m.img == nil {
		m.img = ebiten.NewImage(m.pix.Bounds().Dx(), m.pix.Bounds().Dy())
	}
	m.img.WritePixels(m.pix.Pix)
	m.dirty = false
}

// contains reports whether screen point (x, y) is on the shown minimap
// or its fold button or tab.
func (m *minimap) contains(x, y int) bool {
	p := image.Pt(x, y)
	return p.In(m.rect) || p.In(m.fold)
}

// onFold reports whether screen point (x, y) is on the fold button (or,
// folded, the tab that unfolds the minimap).
func (m *minimap) onFold(x, y int) bool { return image.Pt(x, y).In(m.fold) }

// place sets where the minimap goes on a map view mr at UI scale s:
// bottom left, as large as fits miniW×miniH with the map's proportions.
func (m *minimap) place(mr image.Rectangle, s *style) {
	w, h := m.blocks.Size()
	f := min(float64(s.px(miniW))/float64(w), float64(s.px(miniH))/float64(h))
	sw, sh := int(float64(w)*f), int(float64(h)*f)
	x0, y1 := mr.Min.X+s.px(miniMargin), mr.Max.Y-s.px(miniMargin)
	m.rect = image.Rect(x0, y1-sh, x0+sw, y1)
}

// scale is screen pixels per picture pixel.
func (m *minimap) scale() float64 {
	return float64(m.rect.Dx()) / float64(m.pix.Bounds().Dx())
}

// world is the world point under screen point (x, y) of the minimap.
func (m *minimap) world(x, y int) (float32, float32) {
	f := m.scale()
	return m.blocks.World(float64(x-m.rect.Min.X)/f, float64(y-m.rect.Min.Y)/f)
}

// screen is where world point (x, z) is on the minimap.
func (m *minimap) screen(x, z float32) (float32, float32) {
	px, py := m.blocks.Pixel(x, z)
	f := m.scale()
	return float32(float64(m.rect.Min.X) + px*f), float32(float64(m.rect.Min.Y) + py*f)
}

// lookAt moves the camera to look at the world point under (x, y).
func (m *minimap) lookAt(cam *project.Camera, x, y int) {
	x = max(m.rect.Min.X, min(m.rect.Max.X-1, x))
	y = max(m.rect.Min.Y, min(m.rect.Max.Y-1, y))
	wx, wz := m.world(x, y)
	cam.X, cam.Z = float64(wx), float64(wz)
	cam.Clamp()
}

// drawMinimap shows the minimap, when the view and the mode ask for it,
// with the camera's footprint and the brush's symmetry; in a match, the
// map as the side in turn knows it (the whole map when revealed) with
// the units it sees, and no symmetry.
func (g *game) drawMinimap(screen *ebiten.Image) {
	m := &g.mini
	m.rect, m.fold = image.Rectangle{}, image.Rectangle{}
	if m.grid == nil || !g.mode.minimap() {
		return
	}
	if !g.view.Minimap {
		m.drawTab(screen, g.mapRect(), g.win.style)
		return
	}
	if !g.playing() {
		m.draw(screen, g.mapRect(), g.win.style, &g.cam, g.paint.white, g.edit.settings.Symmetry, m.picture())
		return
	}
	s := g.mode.shown()
	pic := m.picture()
	if g.mode.fogged() {
		pic = m.knownBy(knownKey{s.seer, len(s.match.Log())}, func(i int) bool { return s.match.Explored(s.seer, i) })
	}
	m.draw(screen, g.mapRect(), g.win.style, &g.cam, g.paint.white, tools.SymmetryOff, pic)
	if m.rect.Empty() {
		return
	}
	dst := screen.SubImage(m.rect).(*ebiten.Image)
	r := float32(max(2, g.win.style.px(3)))
	paint := matchPaint(s.match)
	for _, u := range s.match.Units() {
		if s.shows(u, g.mode.fogged()) {
			x, z := m.grid.Topology().CellCenter(u.Cell)
			sx, sy := m.screen(x, z)
			vector.DrawFilledCircle(dst, sx, sy, r, paint.text(u.Side), true)
		}
	}
}

// foldSize is the side of the minimap's fold button in logical pixels.
const foldSize = 18

// drawTab draws, folded, the small tab in the map view's bottom-left
// corner that unfolds the minimap: a frame with an upward chevron.
func (m *minimap) drawTab(screen *ebiten.Image, mr image.Rectangle, s *style) {
	n, mg := s.px(foldSize), s.px(miniMargin)
	m.fold = image.Rect(mr.Min.X+mg, mr.Max.Y-mg-n, mr.Min.X+mg+2*n, mr.Max.Y-mg)
	drawFoldButton(screen, m.fold, s, -1)
}

// drawFoldButton draws a button in r with a chevron pointing up (dir -1)
// or down (dir 1).
func drawFoldButton(screen *ebiten.Image, r image.Rectangle, s *style, dir float32) {
	vector.DrawFilledRect(screen, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), miniFrame, false)
	cx, cy := float32(r.Min.X+r.Max.X)/2, float32(r.Min.Y+r.Max.Y)/2
	d := float32(r.Dy()) / 5
	w := float32(s.px(2))
	vector.StrokeLine(screen, cx-2*d, cy-dir*d, cx, cy+dir*d, w, miniFootprint, true)
	vector.StrokeLine(screen, cx, cy+dir*d, cx+2*d, cy-dir*d, w, miniFootprint, true)
}

// draw shows picture pic of the map (the whole one, or as a side knows
// it) in a corner of the map view mr at style s, with the footprint of
// cam's view and the centre of symmetry sym.
func (m *minimap) draw(screen *ebiten.Image, mr image.Rectangle, s *style, cam *project.Camera, white *ebiten.Image, sym tools.Symmetry, pic *ebiten.Image) {
	m.place(mr, s)
	if m.rect.Dx() < 8 || m.rect.Max.X > mr.Max.X || m.rect.Min.Y < mr.Min.Y {
		m.rect = image.Rectangle{} // the view is too small for it
		return
	}
	b := float32(s.px(2))
	vector.DrawFilledRect(screen, float32(m.rect.Min.X)-b, float32(m.rect.Min.Y)-b, float32(m.rect.Dx())+2*b, float32(m.rect.Dy())+2*b, miniFrame, false)
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Scale(m.scale(), m.scale())
	op.GeoM.Translate(float64(m.rect.Min.X), float64(m.rect.Min.Y))
	screen.DrawImage(pic, op)
	dst := screen.SubImage(m.rect).(*ebiten.Image)
	m.drawSymmetry(dst, s, sym)
	m.drawFootprint(dst, s, cam, white, mr)
	m.drawHeading(dst, s, cam, white)
	n := s.px(foldSize)
	m.fold = image.Rect(m.rect.Max.X-n, m.rect.Min.Y, m.rect.Max.X, m.rect.Min.Y+n)
	drawFoldButton(screen, m.fold, s, 1)
}

// headingDir is the way up the view's screen goes on the minimap, as a
// unit vector in the minimap's pixels: the camera's rotation turns it
// clockwise from straight up.
func (m *minimap) headingDir(cam *project.Camera) (dx, dy float32) {
	s, c := math.Sincos(cam.Rotation * math.Pi / 180)
	x0, y0 := m.screen(float32(cam.X), float32(cam.Z))
	x1, y1 := m.screen(float32(cam.X+10*s), float32(cam.Z+10*c))
	l := float32(math.Hypot(float64(x1-x0), float64(y1-y0)))
	if l == 0 {
		return 0, -1
	}
	return (x1 - x0) / l, (y1 - y0) / l
}

// drawHeading draws an arrow at the view's centre pointing the way the
// view looks (up its screen), so the minimap shows the view's rotation.
func (m *minimap) drawHeading(dst *ebiten.Image, s *style, cam *project.Camera, white *ebiten.Image) {
	dx, dy := m.headingDir(cam)
	cx, cy := m.screen(float32(cam.X), float32(cam.Z))
	l := float32(s.px(9))
	var p vector.Path
	p.MoveTo(cx+dx*l, cy+dy*l)
	p.LineTo(cx-dx*l/2-dy*l/2, cy-dy*l/2+dx*l/2)
	p.LineTo(cx-dx*l/2+dy*l/2, cy-dy*l/2-dx*l/2)
	p.Close()
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	tint(vs, miniFootprint)
	dst.DrawTriangles(vs, is, white, &ebiten.DrawTrianglesOptions{AntiAlias: true})
}

// tint gives the vertices of a path colour c, drawn from a white pixel.
func tint(vs []ebiten.Vertex, c color.Color) {
	r, g, b, _ := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR, vs[i].ColorG, vs[i].ColorB, vs[i].ColorA = float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, 1
	}
}

// drawSymmetry marks what the brush's symmetry turns about: the mirror's
// line, or the centre of the turns.
func (m *minimap) drawSymmetry(dst *ebiten.Image, s *style, sym tools.Symmetry) {
	if sym == tools.SymmetryOff {
		return
	}
	x, z := sym.CentreWorld(m.grid.Topology())
	sx, sy := m.screen(x, z)
	w := float32(s.px(2))
	if sym == tools.SymmetryMirror {
		vector.StrokeLine(dst, sx, float32(m.rect.Min.Y), sx, float32(m.rect.Max.Y), w, miniSymmetry, true)
		return
	}
	r := float32(s.px(5))
	vector.StrokeCircle(dst, sx, sy, r, w, miniSymmetry, true)
	vector.StrokeLine(dst, sx-2*r, sy, sx+2*r, sy, w/2, miniSymmetry, true)
	vector.StrokeLine(dst, sx, sy-2*r, sx, sy+2*r, w/2, miniSymmetry, true)
}

// drawFootprint outlines where the map view's corners meet the ground
// (elevation 0); on a wrapping map also one map width east and west, so
// that a view over the seam shows on both sides.
func (m *minimap) drawFootprint(dst *ebiten.Image, s *style, cam *project.Camera, white *ebiten.Image, mr image.Rectangle) {
	v := cam.View(mr.Dx(), mr.Dy())
	corners := [4][2]float64{{0, 0}, {float64(mr.Dx()), 0}, {float64(mr.Dx()), float64(mr.Dy())}, {0, float64(mr.Dy())}}
	var ground [4][2]float32
	for k, c := range corners {
		ground[k] = groundPoint(&v, c[0], c[1])
	}
	shifts := []float32{0}
	if top := m.grid.Topology(); top.Wrapping {
		shifts = []float32{-top.WrapSize(), 0, top.WrapSize()}
	}
	w := float32(s.px(2))
	for _, shift := range shifts {
		var p vector.Path
		for k, q := range ground {
			x, y := m.screen(q[0]+shift, q[1])
			if k == 0 {
				p.MoveTo(x, y)
			} else {
				p.LineTo(x, y)
			}
		}
		p.Close()
		vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: w})
		tint(vs, miniFootprint)
		dst.DrawTriangles(vs, is, white, &ebiten.DrawTrianglesOptions{AntiAlias: true})
	}
}

// groundPoint is where the ray through view pixel (x, y) meets the
// ground plane y = 0; a ray that never does (above the horizon) is cut
// at a far distance.
func groundPoint(v *project.View, x, y float64) [2]float32 {
	o, d := v.Ray(x, y)
	t := float32(4000)
	if d[1] < -1e-4 {
		t = min(t, -o[1]/d[1])
	}
	if math.IsNaN(float64(t)) {
		t = 0
	}
	return [2]float32{o[0] + d[0]*t, o[2] + d[2]*t}
}
