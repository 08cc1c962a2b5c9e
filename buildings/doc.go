// Package buildings makes the towns of urban cells: it splits a cell's
// solid ground along its roads and rivers into city blocks, insets each
// block for a paved strip, cuts blocks into lots (or scatters loose lots
// where no road runs, as villages), and raises on every lot a building
// mass (floors, a setback above a threshold height, flat or pitched roofs,
// roof caps at the setbacks) whose walls carry facade coordinates. The
// facade itself (ground floor with doors or shop fronts, repeated floors
// of window bays and piers, a cornice) is a split grammar that a Kage
// program evaluates per pixel from those coordinates (shaders/facade.kage),
// so a building costs a few dozen triangles.
//
// The package knows nothing of hex cells, grids or ebiten. Its caller (the
// features build) hands it one cell at a time: the solid hexagon, the
// footprints of the roads and river channels the triangulation laid on
// it, the urban level, and the ground (the hash grid and the noise that
// perturbs positions). Every choice comes from the hash grid sampled at
// the lot, so a town stays put while the map is edited elsewhere and the
// same map always gives the same town.
//
// Geometry is worked out in float64 on the ground plane, X right and Z
// up, polygons counter-clockwise (positive area); meshes follow mesh's
// winding (front faces clockwise seen from above).
package buildings
