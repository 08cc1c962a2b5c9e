package hexmap

import (
	"errors"
	"fmt"
)

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// The reasons an edit method refuses an edit; a refused edit changes
// nothing. Those the editor tells apart with errors.Is are exported.
var (
	errNoDirection    = errors.New("no valid direction")
	errMapBorder      = errors.New("the edge is the map's border")
	ErrUphill         = errors.New("a river cannot flow uphill")
	ErrRiverEdge      = errors.New("a river runs along that edge")
	errRoadToSpecial  = errors.New("roads do not lead to or from special features")
	ErrCliff          = errors.New("roads do not cross cliffs")
	ErrSpecialOnRiver = errors.New("special features cannot stand on a river")
)
