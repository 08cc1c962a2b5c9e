package hexmap

// Direction names one of the six neighbours of a pointy-top hex cell,
// clockwise from north-east, as in Catlike's HexDirection.
type Direction int8

// The six directions, and NoDirection for a cell without a river in or out.
const (
	NE Direction = iota
	E
	SE
	SW
	W
	NW
	NoDirection Direction = -1
)

// Opposite returns the direction pointing back.
func (d Direction) Opposite() Direction { return (d + 3) % 6 }

// Previous returns the direction counter-clockwise of d.
func (d Direction) Previous() Direction { return (d + 5) % 6 }

// Next returns the direction clockwise of d.
func (d Direction) Next() Direction { return (d + 1) % 6 }

// Previous2 returns the direction two steps counter-clockwise.
func (d Direction) Previous2() Direction { return (d + 4) % 6 }

// Next2 returns the direction two steps clockwise.
func (d Direction) Next2() Direction { return (d + 2) % 6 }

// Valid reports whether d is one of the six directions.
func (d Direction) Valid() bool { return d >= NE && d <= NW }

func (d Direction) String() string {
	switch d {
	case NE:
		return "NE"
	case E:
		return "E"
	case SE:
		return "SE"
	case SW:
		return "SW"
	case W:
		return "W"
	case NW:
		return "NW"
	}
	return "none"
}

// EdgeType classifies the connection between two cells by their
// elevation difference.
type EdgeType uint8

// Edge types: same elevation, one step, or more.
const (
	Flat EdgeType = iota
	Slope
	Cliff
)

// EdgeTypeOf returns the edge type between elevations a and b.
func EdgeTypeOf(a, b int) EdgeType {
	if a == b {
		return Flat
	}
	if d := b - a; d == 1 || d == -1 {
		return Slope
	}
	return Cliff
}
