package buildings

// The facade grammar's parameters and the vertex encoding the facade
// program (shaders/facade.kage) reads. The split itself runs in the
// shader, per pixel:
//
//	facade → ground floor (GroundFloorHeight) | floors (FloorHeight each) | cornice (CorniceHeight, at the wall's top)
//	ground floor → repeat bays: door (the door bay) | shop front or window
//	floor        → repeat bays: pier | window (sill, glass, lintel) | pier
//
// so that a wall is one quad however many windows it has. Every facade
// vertex carries:
//
//	UV     (u, v): u in bays along the wall (0 at its start, a whole
//	       number at its end), v in world units above the ground;
//	UV2    (top, code): the wall's top height above the ground (where
//	       the cornice is), and the surface code below;
//	Colors the wall's (or roof's) colour, alpha a random value per
//	       building that varies the windows.
//
// Horizontal surfaces (flat roofs, terraces, pavements) carry world X
// and Z as UV; tiled roofs carry distance along the eaves and up the
// slope.
const (
	// GroundFloorHeight is the height of the ground floor, taller than
	// the others as in seed 001.
	GroundFloorHeight = 1.0
	// FloorHeight is the height of every floor above it.
	FloorHeight = 0.7
	// CorniceHeight is the band at the top of a flat-roofed wall.
	CorniceHeight = 0.12
	// BayWidth is the width walls are divided into bays by, rounded to
	// a whole number of bays per wall.
	BayWidth = 0.85
)

// Surface is what a facade vertex belongs to: the low three bits of its
// code.
type Surface int

// The surfaces, as the facade program knows them.
const (
	SurfaceWall Surface = iota
	SurfaceFlatRoof
	SurfaceTiledRoof
	SurfaceTerrace
	SurfacePavement
	SurfaceKerb
	SurfaceStone // chimneys and rooftop boxes
)

// Role is what a wall faces, which decides its facade.
type Role uint8

// The roles.
const (
	Front Role = iota // a street or square: doors, shop fronts
	Back              // a yard or open ground: windows
	Party             // the next lot: a blank party wall
)

// Code steps: code = surface + CodeRole·role + CodeShop·shop +
// CodeStyle·style + CodeDoor·(door bay + 1), whole numbers that a float32
// holds exactly; the facade program takes them apart with floor and mod.
const (
	CodeRole   = 8
	CodeShop   = 32
	CodeStyle  = 64
	CodeDoor   = 256
	MaxDoorBay = 63
)

// WallCode is the code of a wall facing r, with shops on its ground
// floor or not, window style 0..3 and the door in bay door (-1: none).
func WallCode(r Role, shop bool, style, door int) float32 {
	c := int(SurfaceWall) + CodeRole*int(r) + CodeStyle*style
	if shop {
		c += CodeShop
	}
	if door >= 0 {
		c += CodeDoor * (1 + min(door, MaxDoorBay-1))
	}
	return float32(c)
}

// DecodeCode splits a facade code into its fields, as the facade program
// does (door is -1 where the wall has none).
func DecodeCode(code float32) (s Surface, r Role, shop bool, style, door int) {
	c := int(code + 0.5)
	s = Surface(c % CodeRole)
	r = Role(c / CodeRole % 4)
	shop = c/CodeShop%2 == 1
	style = c / CodeStyle % 4
	door = c/CodeDoor - 1
	return s, r, shop, style, door
}
