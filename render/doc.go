// Package render draws chunk meshes as a depth-correct 3D scene with
// Ebitengine: the map camera, projection and clipping on the CPU,
// min-blend depth passes for opaque layers, and translucent water, shore,
// estuary, river and road layers tested against that depth.
//
// API for the editor (everything else is internal):
//
//	set := render.NewCache(g, budget, 0)  // a chunk cache (chunk.NewCache) whose workers weld for the renderer
//	r, err := render.NewRenderer(set)     // set: any *chunk.Set; compiles the shaders
//	cam := project.NewCamera(g.Topology()) // map centre, zoom 0.5 (render/project)
//	// every tick (Update): edits under set.Lock() (the cache's workers read the grid otherwise), then
//	dirty := r.Update()                   // re-triangulates the chunks the edits dirtied, installs and evicts
//	cell, at, ok := r.PickPoint(&cam, mx, my, w, h) // cell under pixel (mx, my) of a w×h view, the point hit
//	// every frame (Draw):
//	r.Draw(dst, &cam, seconds)            // fills dst (screen or sub-image); seconds animates water
//	// another map:
//	r.SetChunks(newSet)
//
// The camera is project.Camera (fields X, Z, Zoom 0..1, Rotation in
// degrees, MaxX, MaxZ, and Wrap, the width a wrapping map's X wraps at;
// methods Move, Drag, Clamp, View, Basis); the one
// controller that steers it from input is the editor's (editor/controls.go).
// r.Refresh re-reads all chunk meshes (if they were changed without the
// grid's change feed) and redraws the cached opaque scene. The
// `hexsandbox shot` command is render/shot.
//
// Levels of detail: a chunk whose cells are narrower on screen than
// project.FullPixels (or that has no full-detail meshes yet) is drawn at
// its chunk.LOD, fine or (below project.CoarsePixels) coarse, by the
// overview program, which colours each point by the cell under it from
// the cell rows of the map image (source 0, below the noise table:
// terrain type, water, rivers, roads, feature levels); the frame tells a
// chunk cache which chunks it wants at full detail (Builder.Wanted, set
// in Draw). r.SetLOD(0, 0) draws everything at full detail.
//
// The opaque scene (terrain, walls, features, bridges) is drawn with
// three min-blend depth passes (24 bits) and a colour pass that keeps
// only fragments at the stored depth; it is cached and redrawn only when
// the view, the target size or the map changed. The translucent layers
// (rivers, roads, water, shore, estuaries) are sorted back to front as
// triangles, depth-tested against the cached depth and drawn every frame.
//
// A map that wraps east-west is drawn at every copy in view, a whole
// number of map widths apart (project.Builder.WrapX, View.Copies): each
// chunk's meshes are moved at projection time, not rebuilt, and the
// shaders cross-fade their textures at the seam as hexmap cross-fades
// the noise (uniform WrapSize), so the map continues without a seam.
//
// The fog of war (r.SetFog(d), d a *vision.CellData, nil for none): the
// cell data is an image of one texel per cell (visibility in red,
// exploration in green, as Catlike's HexCellShaderData), uploaded when
// its Serial changed. Ebitengine gives a shader 4 source images, so the
// slots are planned per program:
//
//	depth passes:  1, 2 the bytes the earlier passes stored
//	terrain, lit, facade, overview: 0 map image, 1..3 the depth's high, middle, low bytes
//	fog pass:      0 map image, 1 whole depth, 2 opaque colour, 3 cell data
//	translucent:   0 map image, 1 whole depth, 2 unused,        3 cell data
//	figure:        1 whole depth
//
// (The map image is the noise table with the overview's cell rows below
// it; the whole depth is the last depth pass's image, all 24 bits.)
//
// The opaque programs stay fog-free and the cached opaque scene with
// them; the fog pass shades that scene into an image of its own, each
// pixel's world point rebuilt from its depth along the camera ray, and
// runs again only when the scene, the view or the cell data changed. The
// translucent layers apply the same fog per fragment; figures are not
// fogged (the editor draws only the units the side in view sees).
// Unexplored cells and the space beyond the map show Catlike's
// background #68615B.
//
// The ebiten-free maths lives in render/project, so it tests without a
// display; tests that need one are behind the xvfb build tag. CheckDepth
// (the desktop tests, and the browser build's page check) reads back the
// depth the passes stored and compares it with DepthReference, the
// chunks' triangles drawn on the CPU through the camera by
// internal/raster:
//
//	xvfb-run -a -s "-screen 0 1280x1024x24" go test -tags xvfb ./render/
package render
