package main

import (
	"encoding/json"
	"errors"
	"io"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// mapInfo is the JSON object `hexmap info` prints. Feature counts are
// cells with a level above 0; rivers counts the cells a river flows out
// of (riverSegments: one per stretch of river from a cell to the next);
// roads counts each road edge once. TerrainTypes counts cells by terrain
// type index, TerrainByName the same by the types' names. Dropped is
// what the reader removed because it could not be drawn.
type mapInfo struct {
	Format        saves.Format                 `json:"format"`
	Version       int                          `json:"version"`
	Width         int                          `json:"width"`
	Height        int                          `json:"height"`
	Wrapping      bool                         `json:"wrapping"`
	Dropped       dropped                      `json:"dropped"`
	Seed          int64                        `json:"seed"`
	Cells         int                          `json:"cells"`
	Underwater    int                          `json:"underwater"`
	Rivers        int                          `json:"rivers"`
	Roads         int                          `json:"roads"`
	Walled        int                          `json:"walled"`
	Urban         int                          `json:"urban"`
	Farm          int                          `json:"farm"`
	Plant         int                          `json:"plant"`
	Special       int                          `json:"special"`
	MinElevation  int                          `json:"minElevation"`
	MaxElevation  int                          `json:"maxElevation"`
	TerrainTypes  [hexmap.TerrainTypeCount]int `json:"terrainTypes"`
	TerrainByName map[string]int               `json:"terrainByName"`
	Notes         int                          `json:"notes"`
	// The scenario: the setup's seed and victory, the sides that play
	// (hexmap.Grid.Sides), the towns and the units in the map's order,
	// and the bytes of a saved match the file carries (0 for none).
	MatchSeed uint64      `json:"matchSeed"`
	Victory   victoryInfo `json:"victory"`
	Sides     []sideInfo  `json:"sides"`
	Towns     []townInfo  `json:"towns"`
	Units     []unitInfo  `json:"units"`
	Match     int         `json:"match"`
}

// victoryInfo is scenario.Victory: a round limit, 0 for conquest.
type victoryInfo struct {
	Rounds int `json:"rounds"`
}

type sideInfo struct {
	Side     int    `json:"side"`
	Team     int    `json:"team"`
	Computer string `json:"computer,omitempty"` // the level the computer plays it at; "" a person
	Colour   int    `json:"colour,omitempty"`   // its colour number; 0 its own
}

// townInfo and unitInfo name cells by offset coordinates [x,z], as
// `hexmap path` does.
type townInfo struct {
	Name  string `json:"name"`
	Cell  [2]int `json:"cell"`
	Owner int    `json:"owner"`
}

type unitInfo struct {
	Type string `json:"type"`
	Side int    `json:"side"`
	Cell [2]int `json:"cell"`
}

// dropped is saves.Info.Dropped: river and road ends (one per cell side)
// and specials removed on reading.
type dropped struct {
	Rivers   int `json:"rivers"`
	Roads    int `json:"roads"`
	Specials int `json:"specials"`
}

func runInfo(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return errors.New("usage: hexmap info FILE")
	}
	g, info, err := saves.LoadFile(args[0])
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(describe(g, info))
}

func describe(g *hexmap.Grid, info saves.Info) mapInfo {
	m := mapInfo{
		Format: info.Format, Version: info.Version,
		Width: g.Topology().Width, Height: g.Topology().Height, Wrapping: g.Topology().Wrapping, Seed: g.Noise().Seed(), Cells: g.Topology().CellCount(),
		Dropped:      dropped{info.Dropped.DroppedRivers, info.Dropped.DroppedRoads, info.Dropped.ClearedSpecials},
		MinElevation: int(g.Cell(0).Elevation), MaxElevation: int(g.Cell(0).Elevation),
		Notes: g.NoteCount(),
	}
	describeScenario(&m, g, info)
	for _, c := range g.Cells() {
		m.Underwater += count(c.IsUnderwater())
		// Roads are kept on both sides; the three eastern-half edges of
		// every cell name each edge once.
		for d := hexmap.NE; d <= hexmap.SE; d++ {
			m.Roads += count(c.HasRoadThroughEdge(d))
		}
		m.Walled += count(c.Walled)
		m.Urban += count(c.UrbanLevel > 0)
		m.Farm += count(c.FarmLevel > 0)
		m.Plant += count(c.PlantLevel > 0)
		m.Special += count(c.IsSpecial())
		m.MinElevation = min(m.MinElevation, int(c.Elevation))
		m.MaxElevation = max(m.MaxElevation, int(c.Elevation))
		m.TerrainTypes[c.TerrainType]++
	}
	m.Rivers = riverSegments(g)
	m.TerrainByName = make(map[string]int, hexmap.TerrainTypeCount)
	for t, n := range m.TerrainTypes {
		m.TerrainByName[hexmap.TerrainName(uint8(t))] = n
	}
	return m
}

// describeScenario fills in m's scenario fields (empty lists, not null,
// when the map has none).
func describeScenario(m *mapInfo, g *hexmap.Grid, info saves.Info) {
	setup := g.Setup()
	m.MatchSeed, m.Victory, m.Match = setup.Seed, victoryInfo{setup.Victory.Rounds}, len(info.Match)
	m.Sides = []sideInfo{}
	for _, s := range g.Sides() {
		si := sideInfo{Side: int(s.Side), Team: int(s.Team), Colour: int(s.Colour)}
		if s.Controller.Computer() {
			si.Computer = s.Controller.String()
		}
		m.Sides = append(m.Sides, si)
	}
	m.Towns = make([]townInfo, 0, len(g.Towns()))
	for _, t := range g.Towns() {
		x, z := t.Location.Offset()
		m.Towns = append(m.Towns, townInfo{t.Name, [2]int{x, z}, int(t.Owner)})
	}
	m.Units = make([]unitInfo, 0, len(g.Units()))
	for _, u := range g.Units() {
		x, z := u.Location.Offset()
		m.Units = append(m.Units, unitInfo{u.Type, int(u.Side), [2]int{x, z}})
	}
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}

// riverSegments counts the cells a river flows out of: each is one
// stretch of river into the next cell (a river through k cells to the
// sea or a lake is k segments). hexmap info and generate report it alike.
func riverSegments(g *hexmap.Grid) int {
	n := 0
	for _, c := range g.Cells() {
		n += count(c.HasOutgoingRiver())
	}
	return n
}
