//go:build !js

package editor

// browserFiles tells whether the panel should offer the browser's
// "Download" (downloadMap); the desktop has real files instead.
const browserFiles = false

// startPlatform adds what the browser build needs (platform_js.go: the
// page hooks); newGame calls it on every platform, and the desktop needs
// nothing more.
func (g *game) startPlatform() {}

// downloadMap exists only in the browser (platform_js.go).
func (g *game) downloadMap() {}
