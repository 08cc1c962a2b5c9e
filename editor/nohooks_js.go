//go:build js && !testhooks

package editor

// testCall is the test hooks' entry point; the shipped build has none
// (see testhooks_js.go).
func (g *game) testCall(*page, string, string) (any, bool, error) { return nil, false, nil }
