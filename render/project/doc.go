// Package project is the renderer's ebiten-free maths: the map camera's
// geometry, the view-projection matrix, per-chunk frustum culling, near
// plane clipping, back-face culling, building of the vertex batches the
// GPU draws (with 1/w and perspective-divided attributes for the Kage
// shaders), picking rays, and a CPU z-buffer rasteriser used as the test
// oracle. Keeping it free of ebiten lets it be tested without a display.
package project
