// Package testutil holds what the project's tests and benchmarks share:
// CPU-time measurement for benchmarks on a shared machine, maps made for
// tests (NoiseGrid, Skirmish) and, with the xvfb tag, the game loop window tests
// run in (RunInGameLoop). It is imported only from _test.go files.
package testutil
