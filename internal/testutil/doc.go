// Package testutil holds what the project's tests and benchmarks share:
// CPU-time measurement for benchmarks on a shared machine, and maps made
// for tests (NoiseGrid). It is imported
// only from _test.go files.
package testutil
