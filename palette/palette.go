// Package palette holds the colours that more than one part of the
// program draws: the map's (terrain, water, rivers, roads, walls, towns,
// the fog of war), the sides' and the editor's overlay over the map.
// The renderer, the OBJ export's materials, the top-down pictures
// (minimap, previews, Export Image) and the blocks fallback all take
// them from here, so that a wall is one colour everywhere. It is plain
// Go, without ebiten.
//
// Where a Kage shader paints a colour (the river's, the road's, open
// water's, the fog's background, the overview's tints), the shader's
// literal is the colour in the 3D view and the value here a copy of it
// for the Go side and for the record: a shader is compiled from its own
// text and takes no Go constants, and passing these as uniforms would
// add a uniform to every draw for colours that never change. palette's
// tests parse the shaders' source and fail when a copy here differs
// from the shader's literal.
package palette

import "image/color"

// Color is a colour as the renderer takes it: red, green, blue and
// alpha in 0..1, not premultiplied.
type Color [4]float32

// RGB is c without its alpha.
func (c Color) RGB() [3]float32 { return [3]float32{c[0], c[1], c[2]} }

// NRGBA is c in bytes, each channel rounded to the nearest.
func (c Color) NRGBA() color.NRGBA {
	b := func(v float32) uint8 { return uint8(min(1, max(0, v))*255 + 0.5) }
	return color.NRGBA{b(c[0]), b(c[1]), b(c[2]), b(c[3])}
}

// FromNRGBA is n as a Color.
func FromNRGBA(n color.NRGBA) Color {
	return Color{float32(n.R) / 255, float32(n.G) / 255, float32(n.B) / 255, float32(n.A) / 255}
}

// Terrain are the five terrain types' flat colours (sand, grass, mud,
// stone, snow), close to the middle of the noisy textures the terrain
// shader paints them with: the pictures', the blocks', the OBJ
// materials' and the panel's swatches.
var Terrain = [5]color.NRGBA{
	{0xd8, 0xc8, 0x8a, 0xff}, // sand
	{0x6a, 0xa0, 0x48, 0xff}, // grass
	{0x7a, 0x5c, 0x40, 0xff}, // mud
	{0x8c, 0x8c, 0x90, 0xff}, // stone
	{0xf0, 0xf4, 0xf8, 0xff}, // snow
}

// The map's features. Wall, Bridge and Feature are the renderer's
// colours for those layers where their meshes carry none.
var (
	Wall    = Color{0.78, 0.72, 0.62, 1}
	Bridge  = Color{0.55, 0.42, 0.3, 1}
	Feature = Color{0.7, 0.35, 0.25, 1} // features and farm fields
	Town    = color.NRGBA{0xb8, 0x70, 0x58, 0xff}
	Farm    = color.NRGBA{0xc8, 0xc0, 0x50, 0xff}
	Plant   = color.NRGBA{0x2e, 0x5c, 0x26, 0xff}
	Special = color.NRGBA{0xf0, 0xc0, 0x40, 0xff} // the gold of special features
)

// Water, rivers and roads: copies of the shaders' base colours, before
// the noise and waves they add (road.kage's roadColor, river.kage's
// riverColor, water.kage's waterTint at depthShare 0 and 1), and the
// white the shore's foam turns water to (shore.kage's foamed, which the
// far chunks' foam calls too).
var (
	Road         = Color{0.64, 0.47, 0.32, 1}
	River        = Color{0.18, 0.42, 0.78, 0.62}
	ShallowWater = Color{0.08, 0.4, 0.64, 0.48}
	DeepWater    = Color{0.03, 0.16, 0.44, 0.9}
	Foam         = Color{0.95, 0.97, 1, 0.95}
)

// The overview's tints (overview.kage): how chunks far off, drawn at a
// level of detail by one flat program, show a cell's farms, plants,
// towns, roads and rivers. They are means of what the full-detail
// layers look like from afar (roads darkened by their noise, rivers
// brightened by their flow), tuned so that far chunks look like near
// ones (render's TestLODLooksLikeFullDetail); Farm, Plant, Town, Road
// and River are what those layers and the flat pictures start from. The
// shader's literals are the source, copied here as the others above.
var (
	FarFarm  = Color{0.47, 0.66, 0.22, 1}
	FarPlant = Color{0.15, 0.33, 0.14, 1}
	FarTown  = Color{0.78, 0.5, 0.36, 1}
	FarRoad  = Color{0.52, 0.45, 0.36, 1}
	FarRiver = Color{0.2, 0.4, 0.75, 1}
)

// Fog is what an unexplored cell shows under the fog of war: Catlike's
// background, #68615B (fog.kage's fogBackground).
var Fog = Color{104.0 / 255, 97.0 / 255, 91.0 / 255, 1}

// Back is the background of the top-down pictures and the editor's map
// previews, where there is no map.
var Back = color.NRGBA{0x14, 0x18, 0x1e, 0xff}

// Sides are the sides' colours (RGB in 0..1), chosen apart from the
// terrain's and from water.
var Sides = [4][3]float32{
	{0.20, 0.40, 1.00}, // blue
	{0.88, 0.15, 0.15}, // red
	{0.62, 0.24, 0.90}, // purple
	{1.00, 0.55, 0.10}, // orange
}

// The editor's overlay over the map.
var (
	Grid       = color.NRGBA{0x10, 0x14, 0x18, 0x90}
	Accent     = color.NRGBA{0xf0, 0xa8, 0x3c, 0xff} // the cell under the pointer; the panel's accent
	Select     = color.NRGBA{0x5c, 0xd0, 0xf0, 0xff}
	SelectFill = color.NRGBA{0x5c, 0xd0, 0xf0, 0x38}
	Mirror     = color.NRGBA{0xf0, 0xd8, 0xa8, 0xc0} // a symmetric image of the brush
	Path       = color.NRGBA{0xff, 0xff, 0xff, 0xe0}
	PathStart  = color.NRGBA{0x40, 0x80, 0xff, 0xff}
	PathEnd    = color.NRGBA{0xff, 0x40, 0x40, 0xff}
	PathOrder  = color.NRGBA{0xb8, 0xc0, 0xd0, 0x78} // a standing order's way: dimmer than the path
	Reach      = color.NRGBA{0xff, 0xf4, 0xc0, 0x58}
	Cream      = color.NRGBA{0xff, 0xf4, 0xd8, 0xff} // notes' text; the minimap's view footprint
	MiniFrame  = color.NRGBA{0x10, 0x14, 0x18, 0xd0}
	Symmetry   = color.NRGBA{0xf0, 0x50, 0xa0, 0xff} // the minimap's symmetry axes
	// A hurt unit's health bar: its frame, its fill, and the fill when a
	// third or less is left.
	HealthBack = color.NRGBA{0x10, 0x14, 0x18, 0xff}
	Health     = color.NRGBA{0x58, 0xd0, 0x48, 0xff}
	HealthLow  = color.NRGBA{0xe8, 0x48, 0x38, 0xff}
)
