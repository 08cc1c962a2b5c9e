// Package docs holds the documentation's pictures and the example maps
// it shows; it embeds the maps, so that the editor's File: Examples
// offers the very files the documentation describes.
package docs

import "embed"

// TownsMap is towns.hexmap: a village, a town and a walled city with
// their roads (features.TownMapForTest writes it).
//
//go:embed towns.hexmap
var TownsMap []byte

// Scenarios are the example scenarios on towns.hexmap, scenarios/NAME.json
// with its script scenarios/NAME.star (docs/scripting.md describes them).
//
//go:embed scenarios/*.json scenarios/*.star
var Scenarios embed.FS
