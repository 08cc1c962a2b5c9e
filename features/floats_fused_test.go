//go:build !amd64 || amd64.v3

package features

// exactFloats: on other targets the compiler may fuse multiply-adds (Go's
// spec allows it), and it need not fuse the reference and the optimised
// code alike, so they are compared within a rounding tolerance.
const exactFloats = false
