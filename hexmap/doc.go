// Package hexmap owns the map model of hexsandbox: hex coordinates and
// directions, the Topology (size and east-west wrapping) that every
// neighbour, index and distance query goes through, cells, the grid of
// cells (a whole number of 5×5 chunks), the lattice metrics (cell size
// and spacing), each map's seeded noise (whose tables are package
// noise's), every edit rule of the Hex Map editor (rivers, roads,
// specials), the units on the map (one per cell, never placed or left
// underwater, each of a type and a side with its moves left) with the side
// whose turn it is, the towns (one per land cell, named, neutral or a
// side's), and the scenario's settings (package scenario: sides and teams, seed,
// victory, script, areas, objectives). It
// draws nothing and never imports ebiten, so everything here runs and
// tests anywhere, including wasm. The triangulation's own geometry (the
// hexagon's corners, surface heights, terraces, edge vertices, walls and
// bridges, chunks) and the perturbation of its vertices by the noise are
// package geom's.
//
// All edits go through Grid methods that funnel into one place (Grid.set),
// which enforces nothing itself but publishes each changed cell on the
// grid's change feed. Consumers (chunk meshes, undo, path caches, vision)
// follow the feed, each with a FeedReader of its own, so none takes a
// change from another. Bulk edits (loading, generation, paste, undo) run
// in Grid.Batch: the rules apply once at its end and the feed gets one
// change per touched cell. Units and towns are not cells: their
// followers compare Grid.UnitChanges (every change), Grid.UnitEdits
// (placements and removals, what undo records) or Grid.TownEdits with
// what they saw last. Water raised over a unit or a town removes it in
// the same edit.
package hexmap
