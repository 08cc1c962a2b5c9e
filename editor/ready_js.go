//go:build js

package editor

import "syscall/js"

// markReady tells the web page (web/index.html) that the first frame is
// on screen: it sets window.hexsandboxReady, which tests wait for, and
// calls window.hexsandboxOnReady, which hides the loading indicator.
// Call it from the Update after the first Draw; later calls do nothing.
func markReady() {
	g := js.Global()
	if g.Get("hexsandboxReady").Truthy() {
		return
	}
	g.Set("hexsandboxReady", true)
	if f := g.Get("hexsandboxOnReady"); f.Type() == js.TypeFunction {
		f.Invoke()
	}
}
