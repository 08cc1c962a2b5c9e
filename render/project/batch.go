package project

// Vertex has exactly the layout of ebiten.Vertex, so the renderer can hand
// batches to ebiten without copying. Meanings (see shaders/common.kage):
// Dst: screen pixels; Custom0: 1/w; Custom1, Custom2: world x/w and z/w;
// the rest per pack, with the face normal n for the per-fragment light:
//
//	terrain:     Src (types t0·25+t1·5+t2, n.x), Color (splat weights, n.z), Custom3 sign of n.y
//	lit:         Src (n.x, n.z), Color (colour, n.y), Custom3 1
//	translucent: Src uv/w, Color (uv2/w, n.x, n.z), Custom3 kind + 1/4
//	flat:        Color (colour, 1), Custom3 1
//	shadow:      Dst light-view texels, Custom0 light depth 0..1 (the rest unused)
//
// UVs are divided by w so the shaders can undo the affine interpolation.
type Vertex struct {
	DstX, DstY                     float32
	SrcX, SrcY                     float32
	ColorR, ColorG, ColorB, ColorA float32
	Custom0, Custom1               float32
	Custom2, Custom3               float32
}

// MaxBatchVertices is the most vertices one draw call addresses with
// uint16 indices.
const MaxBatchVertices = 1<<16 - 1

// Batch is one draw call's worth of indexed triangles.
type Batch struct {
	Vertices []Vertex
	Indices  []uint16
}

// Batches is a list of batches whose storage is reused frame to frame.
type Batches struct {
	list []Batch
	used int
}

// Reset empties the list and keeps its storage.
func (b *Batches) Reset() { b.used = 0 }

// List returns the batches filled since the last Reset.
func (b *Batches) List() []Batch { return b.list[:b.used] }

// Vertices is the total vertex count of the filled batches.
func (b *Batches) Vertices() int {
	n := 0
	for _, x := range b.List() {
		n += len(x.Vertices)
	}
	return n
}

// Triangles is the total triangle count of the filled batches.
func (b *Batches) Triangles() int {
	n := 0
	for _, x := range b.List() {
		n += len(x.Indices) / 3
	}
	return n
}

// room returns the current batch if it can take n more vertices, else a
// fresh one; fresh reports the switch, which invalidates index remaps.
func (b *Batches) room(n int) (batch *Batch, fresh bool) {
	if b.used > 0 {
		cur := &b.list[b.used-1]
		if len(cur.Vertices)+n <= MaxBatchVertices {
			return cur, false
		}
	}
	if b.used == len(b.list) {
		b.list = append(b.list, Batch{})
	}
	cur := &b.list[b.used]
	b.used++
	cur.Vertices, cur.Indices = cur.Vertices[:0], cur.Indices[:0]
	return cur, true
}
