//go:build !js

package editor

// pageMark: only the browser's page has a performance timeline.
func pageMark(string) {}
