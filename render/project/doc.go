// Package project is the renderer's ebiten-free maths: the map camera's
// geometry, the view-projection matrix, per-chunk frustum culling, near
// plane clipping, back-face culling, building of the vertex batches the
// GPU draws (with 1/w and perspective-divided attributes for the Kage
// shaders) and picking rays. Keeping it free of ebiten lets it be tested
// without a display; the CPU reference the renderer's depth is checked
// against is internal/raster, which draws the chunks' own triangles.
//
// A Builder builds a frame: Build(&opts, chunks) reads the caller's
// Options (view, light, shadows, levels of detail) and returns a Frame
// (the batches of each program, the light view, the chunks wanted at
// full detail, the depth range) that the Builder owns and reuses; its
// scratch is its own, unexported, as go/printer keeps Config apart from
// its state.
//
// Building the opaque batches is the per-frame CPU cost whenever the view
// changes, so it avoids work that changes nothing drawn:
//   - ChunkMeshes.Set welds each opaque mesh (weld.go): Catlike gives
//     every triangle vertices of its own, and a vertex repeated with the
//     same attributes is projected and packed once.
//   - The first build after Set (or a lighting change) stores each
//     distinct vertex's view-independent packed attributes (static.go),
//     so the hot loop only projects positions and copies.
//   - A mesh wholly inside the view skips classifying its triangles; the
//     few that would be dropped make no fragment anyway (addOpaque).
//     Closed meshes there are only back-face culled, in world space.
//   - Elsewhere triangles are classified with integer pixel-centre tests
//     on fixed-point screen positions (screen.go).
//
// Every triangle that makes a fragment is drawn with the same vertex
// values as before these shortcuts, so the images do not change.
package project
