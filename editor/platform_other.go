//go:build !js

package editor

import "time"

// browserFiles tells whether the panel should offer the browser's
// "Download" (downloadMap); the desktop has real files instead.
const browserFiles = false

// startPlatform adds what the browser build needs (platform_js.go: the
// page hooks); newGame calls it on every platform, and the desktop needs
// nothing more.
func (g *game) startPlatform() {}

// downloadMap exists only in the browser (platform_js.go).
func (g *game) downloadMap() {}

// slowDown makes a frame d longer (the slow-machine test hook): a sleep,
// during which the windowing system keeps the input for the next read.
func slowDown(d time.Duration) { time.Sleep(d) }
