// Package mapgen owns the map generators of hexsandbox: HexMapGenerator,
// Catlike's procedural generator of parts 23-27 (land raised and sunk in
// chunks, regions, erosion, a water cycle, rivers and lakes, temperature
// and biomes, wrapping maps included), and the showcase, the hand-designed
// map with every feature that the editor opens with. Generators build
// maps through the model's edit methods in one batch, so a generation is
// one change in a grid's feed; they draw nothing and never import ebiten.
// Seeds travel in values: the same seed, size and settings give the same
// map on every platform.
package mapgen
