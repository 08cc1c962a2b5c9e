//go:build amd64 && !amd64.v3

package features

// exactFloats: the compiler fuses no multiply-adds on amd64 below v3, so
// the optimised and the reference builds must agree to the bit.
const exactFloats = true
