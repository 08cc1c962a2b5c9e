//go:build js && browser

package store

import "syscall/js"

// newFile makes a JavaScript File holding data.
func newFile(name string, data []byte) js.Value {
	return js.Global().Get("File").New(js.Global().Get("Array").New(bytesToJS(data)), name)
}
