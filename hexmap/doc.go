// Package hexmap owns the map model of hexsandbox: hex coordinates and
// directions, cells and their derived heights, the grid of cells split into
// 5×5 chunks, Catlike's metrics (corners, terraces, perturbation, walls),
// the seeded noise table and hash grid, and every edit rule of the Hex Map
// editor (rivers, roads, specials). It draws nothing and never imports
// ebiten, so everything here runs and tests anywhere, including wasm.
//
// All edits go through Grid methods that funnel into one place (Grid.set),
// which enforces nothing itself but records each changed cell for undo and
// marks the chunks that must be re-triangulated.
package hexmap
