package saves

import (
	"fmt"

	"hexsandbox/hexmap"
)

// plane is one byte per cell of the product's format: how to take it from
// a cell and how to put it back, rejecting bits no writer sets.
type plane struct {
	get func(hexmap.Cell) byte
	set func(*hexmap.Cell, byte) error
}

// planeCount is the number of planes, the bytes per cell before gzip.
const planeCount = 6

// planes returns the planes in file order. Heights are offset by 127 like
// Catlike v4, which covers the model's whole range -127..128 in one byte.
func planes() [planeCount]plane {
	return [planeCount]plane{
		{
			get: func(c hexmap.Cell) byte { return byte(c.Elevation + 127) },
			set: func(c *hexmap.Cell, b byte) error { c.Elevation = int16(b) - 127; return nil },
		},
		{
			get: func(c hexmap.Cell) byte { return byte(c.WaterLevel + 127) },
			set: func(c *hexmap.Cell, b byte) error { c.WaterLevel = int16(b) - 127; return nil },
		},
		{get: getTerrainFlags, set: setTerrainFlags},
		{get: getLevels, set: setLevels},
		{get: getRivers, set: setRivers},
		{
			get: func(c hexmap.Cell) byte { return c.Roads },
			set: func(c *hexmap.Cell, b byte) error { c.Roads = b; return nil },
		},
	}
}

// Terrain type in bits 0-2, walled bit 3. Versions 1 and 2 kept side 1's
// exploration in bit 4 (decodeBody takes it out before the planes are
// read); version 3 keeps every side's after the units.
func getTerrainFlags(c hexmap.Cell) byte {
	return c.TerrainType | boolBit(c.Walled)<<3
}

// oldExploredBit is bit 4 of the terrain plane in versions 1 and 2.
const oldExploredBit = 1 << 4

func setTerrainFlags(c *hexmap.Cell, b byte) error {
	if b>>4 != 0 {
		return fmt.Errorf("terrain byte %#x has unknown bits", b)
	}
	c.TerrainType = b & 7
	c.Walled = b&(1<<3) != 0
	return nil
}

// terrainPlane is the index of the terrain plane in planes.
const terrainPlane = 2

// Urban, farm, plant levels and special index, two bits each.
func getLevels(c hexmap.Cell) byte {
	return c.UrbanLevel&3 | (c.FarmLevel&3)<<2 | (c.PlantLevel&3)<<4 | (c.SpecialIndex&3)<<6
}

func setLevels(c *hexmap.Cell, b byte) error {
	c.UrbanLevel, c.FarmLevel, c.PlantLevel, c.SpecialIndex = b&3, b>>2&3, b>>4&3, b>>6
	return nil
}

// Incoming river + 1 in bits 0-2 and outgoing river + 1 in bits 3-5;
// 0 means no river.
func getRivers(c hexmap.Cell) byte {
	return byte(c.IncomingRiver+1) | byte(c.OutgoingRiver+1)<<3
}

func setRivers(c *hexmap.Cell, b byte) error {
	if b>>6 != 0 {
		return fmt.Errorf("river byte %#x has unknown bits", b)
	}
	c.IncomingRiver = hexmap.Direction(b&7) - 1
	c.OutgoingRiver = hexmap.Direction(b>>3&7) - 1
	return nil
}

func boolBit(v bool) byte {
	if v {
		return 1
	}
	return 0
}
