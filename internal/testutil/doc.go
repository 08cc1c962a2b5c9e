// Package testutil holds what the project's tests and benchmarks share:
// CPU-time measurement for benchmarks on a shared machine. It is imported
// only from _test.go files.
package testutil
