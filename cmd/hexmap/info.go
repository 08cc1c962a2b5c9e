package main

import (
	"encoding/json"
	"errors"
	"io"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// mapInfo is the JSON object `hexmap info` prints. Feature counts are
// cells with a level above 0; roads counts each road edge once. Dropped
// is what the reader removed because it could not be drawn.
type mapInfo struct {
	Format       saves.Format                 `json:"format"`
	Version      int                          `json:"version"`
	Width        int                          `json:"width"`
	Height       int                          `json:"height"`
	Wrapping     bool                         `json:"wrapping"`
	Dropped      dropped                      `json:"dropped"`
	Seed         int64                        `json:"seed"`
	Cells        int                          `json:"cells"`
	Underwater   int                          `json:"underwater"`
	Rivers       int                          `json:"rivers"`
	Roads        int                          `json:"roads"`
	Walled       int                          `json:"walled"`
	Urban        int                          `json:"urban"`
	Farm         int                          `json:"farm"`
	Plant        int                          `json:"plant"`
	Special      int                          `json:"special"`
	MinElevation int                          `json:"minElevation"`
	MaxElevation int                          `json:"maxElevation"`
	TerrainTypes [hexmap.TerrainTypeCount]int `json:"terrainTypes"`
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
		Width: g.Width(), Height: g.Height(), Wrapping: g.Wrapping(), Seed: g.Seed(), Cells: g.CellCount(),
		Dropped:      dropped{info.Dropped.DroppedRivers, info.Dropped.DroppedRoads, info.Dropped.ClearedSpecials},
		MinElevation: int(g.Cell(0).Elevation), MaxElevation: int(g.Cell(0).Elevation),
	}
	for _, c := range g.Cells() {
		m.Underwater += count(c.IsUnderwater())
		m.Rivers += count(c.HasOutgoingRiver())
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
	return m
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
