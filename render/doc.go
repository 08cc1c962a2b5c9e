// Package render draws chunk meshes as a depth-correct 3D scene with
// Ebitengine: the map camera, projection and clipping on the CPU,
// min-blend depth passes for opaque layers, and translucent water, shore,
// estuary, river and road layers tested against that depth.
package render
