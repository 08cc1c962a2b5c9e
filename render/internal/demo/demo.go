// Package demo builds the renderer's synthetic test scene: hand-made
// meshes whose depth order is known without any triangulation. Tests,
// benchmarks and screenshots that want a real map use mapgen.Showcase.
package demo
