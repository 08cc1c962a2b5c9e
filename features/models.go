package features

import (
	"github.com/ungerik/go3d/vec3"
	"github.com/ungerik/go3d/vec4"

	"hexsandbox/mesh"
)

// shape is the primitive a model part is made of.
type shape uint8

const (
	box        shape = iota // size: width, height, depth
	pyramid                 // size: base width, height
	octahedron              // size: ring width, height above, depth below
)

// part is one primitive of a model, standing on base in model space.
// Boxes build only the faces in mask (zero means all five visible ones)
// and may give their top its own colour.
type part struct {
	shape shape
	base  vec3.T
	size  vec3.T
	color vec4.T
	top   vec4.T // box top colour; zero means color
	mask  uint8
}

// model is a prefab: parts in model space, origin on the ground.
type model []part

func (m model) addTo(dst *mesh.Mesh, t placement) {
	for _, p := range m {
		switch p.shape {
		case box:
			mask, top := p.mask, p.top
			if mask == 0 {
				mask = allFaces
			}
			if top == (vec4.T{}) {
				top = p.color
			}
			addBox(dst, t, p.base, p.size, mask, top, p.color)
		case pyramid:
			addPyramid(dst, t, p.base, p.size[0], p.size[1], p.color)
		case octahedron:
			addOctahedron(dst, t, p.base, p.size[0], p.size[1], p.size[2], p.color)
		}
	}
}

// add puts the feature's model into m.
func (f *feature) add(m *mesh.Mesh) {
	var p *prefab
	switch f.kind {
	case urban, farm, plant:
		if f.size < 0 || f.size >= collectionCount || f.variant < 0 || f.variant >= variantsPerCollection {
			return
		}
		p = &collectionPrefabs[f.kind][f.size][f.variant]
	case special:
		if f.size < 0 || f.size >= len(specialPrefabs) {
			return
		}
		p = &specialPrefabs[f.size]
	default:
		return
	}
	p.place(m, yawPlacement(f.pos, f.angle))
}

// Colours, RGBA in [0, 1].
var (
	plaster    = vec4.T{0.86, 0.8, 0.66, 1}
	terracotta = vec4.T{0.78, 0.4, 0.28, 1}
	roofRed    = vec4.T{0.55, 0.17, 0.13, 1}
	roofSlate  = vec4.T{0.33, 0.34, 0.4, 1}
	cropGreen  = vec4.T{0.47, 0.66, 0.22, 1}
	wheatGold  = vec4.T{0.88, 0.74, 0.32, 1}
	pineGreen  = vec4.T{0.14, 0.38, 0.18, 1}
	spruceDark = vec4.T{0.08, 0.27, 0.15, 1}
	firBlue    = vec4.T{0.1, 0.32, 0.26, 1}
	leafGreen  = vec4.T{0.24, 0.46, 0.14, 1}
	oliveGreen = vec4.T{0.36, 0.44, 0.14, 1}
	bushGreen  = vec4.T{0.3, 0.42, 0.16, 1}
	megaGreen  = vec4.T{0.1, 0.45, 0.35, 1}
	trunkBrown = vec4.T{0.4, 0.27, 0.15, 1}
	castleGrey = vec4.T{0.7, 0.68, 0.62, 1}
	sandstone  = vec4.T{0.82, 0.68, 0.45, 1}
	wallStone  = vec4.T{0.64, 0.61, 0.56, 1}
	towerStone = vec4.T{0.44, 0.42, 0.4, 1}
	deckWood   = vec4.T{0.52, 0.36, 0.2, 1}
	railWood   = vec4.T{0.38, 0.25, 0.14, 1}
	pierStone  = vec4.T{0.58, 0.56, 0.5, 1}
)

const (
	collectionCount       = 3 // high, medium, low density, as FeatureThresholds
	variantsPerCollection = 2
)

// collections holds Catlike's feature prefabs by kind, collection
// (largest first, matching the threshold order) and variant. The urban
// and farm sizes are Catlike's; roofs sit within or just above them.
// Plants are groves rather than Catlike's lone trees, so that plant
// levels 1-3 read as sparse, medium and dense woods at the usual zoom:
// the largest collection is four or three broad trees of several
// greens, the smallest two small ones or a bush; each grove has about
// the vertices of Catlike's tree of its size.
var collections = [3][collectionCount][variantsPerCollection]model{
	urban: {
		{block(3.5, 3, 2, terracotta, roofRed), tower(2, 5, plaster, roofSlate)},
		{block(2.75, 1.5, 1.5, plaster, roofRed), tower(1.5, 2, terracotta, roofRed)},
		{block(1.75, 1, 1, terracotta, roofSlate), tower(1, 1, plaster, roofRed)},
	},
	farm: {
		{field(2.5, 2.5, cropGreen), field(3.5, 2, wheatGold)},
		{field(1.75, 1.75, wheatGold), field(2.5, 1.25, cropGreen)},
		{field(1, 1, cropGreen), field(1.5, 0.75, wheatGold)},
	},
	plant: {
		{
			{fir(0, 0, 4.6, 5, pineGreen), fir(-2.6, -1.5, 3.8, 4.2, spruceDark), fir(2.5, -1.3, 4, 4.6, firBlue), fir(-0.3, 2.6, 3.8, 4, spruceDark)},
			{crown(0, 0, 4.6, 4.4, leafGreen), fir(-2.6, 1.8, 3.8, 4.4, pineGreen), fir(2.4, 2, 3.6, 3.8, spruceDark)},
		},
		{
			{fir(0, -1.3, 3.4, 3.6, pineGreen), fir(-1.6, 1.4, 3.2, 3.2, firBlue), fir(1.7, 1.2, 3, 3, spruceDark)},
			{crown(-0.9, 0, 3.6, 3.2, oliveGreen), fir(1.8, 0.7, 3, 3.2, pineGreen)},
		},
		{
			{fir(-0.8, 0, 2.4, 2.6, pineGreen), fir(0.9, 0.5, 2, 2, firBlue)},
			{crown(0, 0, 2.6, 1.8, bushGreen)},
		},
	},
}

// specials are the special features 1..3: castle, ziggurat, megaflora.
var specials = [3]model{castle(), ziggurat(), megaflora()}

func boxPart(x, y, z, w, h, d float32, c vec4.T) part {
	return part{shape: box, base: vec3.T{x, y, z}, size: vec3.T{w, h, d}, color: c}
}

// boxSides is a box whose top is hidden under a roof or crown.
func boxSides(x, y, z, w, h, d float32, c vec4.T) part {
	p := boxPart(x, y, z, w, h, d, c)
	p.mask = sideFaces
	return p
}

// block is a wide building with a flat roof.
func block(w, h, d float32, walls, roof vec4.T) model {
	b := boxPart(0, 0, 0, w, h, d, walls)
	b.top = roof
	return model{b}
}

// tower is a square building with a pointed roof.
func tower(w, h float32, walls, roof vec4.T) model {
	return model{
		boxSides(0, 0, 0, w, h, w, walls), // the roof hides the top
		{shape: pyramid, base: vec3.T{0, h, 0}, size: vec3.T{w + 0.2, w * 0.6}, color: roof},
	}
}

// field is a flat plot 0.1 above the ground; its sides would be too thin
// to see, so it is only its top.
func field(w, d float32, c vec4.T) model {
	f := boxPart(0, 0, 0, w, 0.1, d, c)
	f.mask = topFace
	return model{f}
}

// fir is a conifer standing at (x, z): a w-wide square cone h high,
// with no trunk (a wood's crowns hide them), so that a grove of them
// costs what one tree with a trunk did.
func fir(x, z, w, h float32, c vec4.T) part {
	return part{shape: pyramid, base: vec3.T{x, 0, z}, size: vec3.T{w, h}, color: c}
}

// crown is a broadleaf tree or bush standing at (x, z): a double
// pyramid w wide and h high whose lower apex rests on the ground.
func crown(x, z, w, h float32, c vec4.T) part {
	return part{shape: octahedron, base: vec3.T{x, h * 0.4, z}, size: vec3.T{w, h * 0.6, h * 0.4}, color: c}
}

// castle is a 6×4×6 keep with a tower at each corner.
func castle() model {
	m := model{boxPart(0, 0, 0, 6, 4, 6, castleGrey)}
	for _, c := range [4][2]float32{{-3, -3}, {-3, 3}, {3, -3}, {3, 3}} {
		m = append(m,
			boxSides(c[0], 0, c[1], 2, 6, 2, castleGrey),
			part{shape: pyramid, base: vec3.T{c[0], 6, c[1]}, size: vec3.T{2.4, 1.6}, color: roofRed})
	}
	return m
}

// ziggurat is three stepped blocks, the bottom one 8×2.5×8.
func ziggurat() model {
	return model{
		boxPart(0, 0, 0, 8, 2.5, 8, sandstone),
		boxPart(0, 2.5, 0, 6, 2.5, 6, sandstone),
		boxPart(0, 5, 0, 4, 2.5, 4, sandstone),
	}
}

// megaflora is a cluster of huge trees, the tallest 10 high.
func megaflora() model {
	trees := [...]struct{ x, z, h float32 }{
		{0, 0, 10}, {3.2, 1.6, 8}, {-2.8, 2.4, 7}, {-1.8, -3.2, 9}, {2.6, -2.6, 6.5},
	}
	var m model
	for _, t := range trees {
		trunk := t.h * 0.35
		half := (t.h - trunk) / 2
		w := t.h * 0.38
		m = append(m,
			boxSides(t.x, 0, t.z, 0.7, trunk+half, 0.7, trunkBrown),
			part{shape: octahedron, base: vec3.T{t.x, trunk + half, t.z}, size: vec3.T{w, half, half}, color: megaGreen})
	}
	return m
}

// wallTower is Catlike's tower prefab: a 2×4×2 base and a unit cube on
// top, its origin at the base.
var wallTower = model{
	boxPart(0, 0, 0, 2, 4, 2, towerStone),
	boxPart(0, 4, 0, 1, 1, 1, towerStone),
}

// bridgeModel spans BridgeDesignLength along +Z, centred on its origin,
// which sits at road height; BuildTowns stretches it along Z to the span.
var bridgeModel = model{
	boxPart(0, -0.4, 0, 3, 0.6, 7, deckWood),
	boxPart(-1.4, 0.2, 0, 0.2, 0.5, 7, railWood),
	boxPart(1.4, 0.2, 0, 0.2, 0.5, 7, railWood),
	boxPart(0, -5.5, 0, 2.4, 5.1, 1, pierStone),
}
