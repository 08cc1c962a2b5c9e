//go:build js

package saves

import (
	"io/fs"
	"syscall"
)

// openNonblock is 0: the browser build's file system (Node's, in tests)
// has no named pipes to wait on.
const openNonblock = 0

// linkCount is the number of hard links to a file.
func linkCount(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}
