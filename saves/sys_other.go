//go:build !unix && !js

package saves

import "io/fs"

// openNonblock is 0 where opening a file cannot wait on a writer the way
// a Unix named pipe does (Windows pipes live in a namespace of their own).
const openNonblock = 0

// linkCount is 1: these systems do not report hard links through Stat.
func linkCount(fs.FileInfo) uint64 { return 1 }
