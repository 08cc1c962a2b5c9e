// Package shaders embeds the Kage programs the renderer compiles: terrain,
// river, road, water, shore, estuary and lit features.
package shaders
