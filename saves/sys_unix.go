//go:build unix

package saves

import (
	"io/fs"
	"syscall"
)

// openNonblock keeps opening a named pipe from waiting for its writer.
const openNonblock = syscall.O_NONBLOCK

// linkCount is the number of hard links to a file.
func linkCount(st fs.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Nlink)
	}
	return 1
}
