//go:build js

package editor

import "syscall/js"

// pageMark records a named instant in the page's performance timeline
// (performance.mark), where the browser benchmark reads how the time to
// the first frame divides between loading, starting and drawing.
func pageMark(name string) { js.Global().Get("performance").Call("mark", name) }
