package serve

import (
	"fmt"
	"io/fs"
	"os"
)

// Required are the files of the browser build without which the page
// cannot start.
func Required() []string { return []string{"index.html", "wasm_exec.js", "hexsandbox.wasm"} }

// OpenBuild opens the build folder `make wasm` fills, checking that it
// holds the Required files.
func OpenBuild(dir string) (*os.Root, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("%v (run `make wasm` first)", err)
	}
	for _, name := range Required() {
		if st, err := fs.Stat(root.FS(), name); err != nil || !st.Mode().IsRegular() {
			root.Close()
			return nil, fmt.Errorf("%s has no %s: not a build folder (run `make wasm` first)", dir, name)
		}
	}
	return root, nil
}
