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
//	// quality (shadows, resolution of the 3D view, water redraw rate):
//	r.SetQuality(render.Quality{Shadows: true, Scale: 0.75})
//	// shadow casters besides the map (units), whenever they move:
//	r.SetCasters([]project.Caster{{Mesh: m, Bounds: box}})
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
// chunk cache which chunks it wants at full detail (Frame.Wanted, set
// in Draw). r.SetLOD(0, 0) draws everything at full detail.
//
// The opaque scene (terrain, walls, features, farms, bridges) is drawn
// with three min-blend depth passes (24 bits) and a colour pass that
// keeps only fragments at the stored depth; it is cached and redrawn only
// when the view, the sun, the quality, the target size or the map
// changed. With Quality.CoarseDepth (the editor's, while a view moves on
// a slow renderer) the depth stops after two passes, at 16 bits, and the
// programs compare against it with a slack of half the low byte. The translucent layers (rivers, roads, water, shore,
// estuaries) are sorted back to front as triangles, depth-tested against
// the cached depth and drawn every frame (or every
// Quality.WaterInterval, into a frame of their own). The fog of war
// (SetFog) shades the cached scene in a pass of its own and the
// translucent layers per fragment.
//
// Light: a sun from the upper left of the screen that turns with the
// camera (project.Sun), computed per fragment from the face normal the
// vertices carry, with a soft ambient term. Shadows: before the opaque
// scene, the casters (terrain, walls, features, bridges; farms cast none;
// plus r.SetCasters for units) are drawn into a shadow map from the sun,
// an orthographic light view fitted to what the camera sees within
// project.ShadowDistance (400 units, Unity's default), with the same
// min-blend technique in two passes (16 bits); terrain, walls, features,
// water and the other translucent layers receive, filtered over 3×3
// texels with a small bias (only faces turned away from the sun cast).
// Water is coloured by its depth: the opaque depth behind the surface,
// so shallow water shows the land below and deep water darkens. What of that does not animate (the sunlight the
// shadow map leaves each translucent fragment, the water's depth) is
// worked out once per view, with the opaque scene, into the water bake
// (shaders/waterbake.kage), which the translucent program reads in slot 2
// at every animated redraw: on a software renderer those lookups were
// most of the water's cost. With Quality.HoldShadows (a moving view on a
// slow renderer) the shadow map is kept while it still covers the view
// and the sun has turned by project.ShadowHoldAngle at most.
//
// Source images: Ebitengine gives a shader four, and every program gets
// the same four, so the slot plan is one for all:
//
//	0  noise      the map image: the 256×256 noise table (terrain detail,
//	              waves, rivers) and below it the cell rows of the
//	              overview program
//	1  depth      camera depth, 24 bits in R, G, B (the depth passes read
//	              the previous pass's image here)
//	2  shadow     shadow map, 16 bits of light depth in R, G; in the
//	              translucent program the water bake instead
//	3  cells      the fog of war's cell data, one texel per cell
//	              (visibility, exploration; Catlike's HexCellData
//	              texture), in the translucent program; the fog pass
//	              reads the cached opaque colour from slot 2 instead
//
// Unused slots hold a 1×1 image (WebGL rejects a sampler left bound to
// the render target). The depth passes pack their bytes into one image
// (pass 1 writes high and middle byte, pass 2 all three), which is what
// frees slot 3 for the cells. A further image would go into an atlas
// with the noise (slot 0), which has room at its side.
//
// A map that wraps east-west is drawn at every copy in view, a whole
// number of map widths apart (project.Options.WrapX, View.Copies): each
// chunk's meshes are moved at projection time, not rebuilt, and the
// shaders cross-fade their textures at the seam as hexmap cross-fades
// the noise (uniform WrapSize), so the map continues without a seam.
//
// The fog of war (r.SetFog(d), d a *vision.CellData, nil for none): the
// cell data is an image of one texel per cell (visibility in red,
// exploration in green, as Catlike's HexCellShaderData), uploaded when
// its Serial changed (slot 3 of the plan above).
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
