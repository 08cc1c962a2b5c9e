package files

import (
	"fmt"
	"path/filepath"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// CatlikePath is the path an export to Catlike's format writes: p, with
// the .map extension added unless it has it, so that Catlike's project
// and the editor's import recognise the file.
func CatlikePath(p string) string {
	p = strings.TrimSpace(p)
	if saves.FormatFor(p) != saves.FormatCatlike {
		p += saves.CatlikeExt
	}
	return filepath.Clean(p)
}

// ExportCatlike writes g to CatlikePath(p) as a Catlike Hex Map version
// 5 save, atomically, and returns the path written.
func ExportCatlike(p string, g *hexmap.Grid) (string, error) {
	if strings.TrimSpace(p) == "" {
		return "", fmt.Errorf("export: no file name")
	}
	p = CatlikePath(p)
	if _, err := saves.SaveFileFor(p, g); err != nil {
		return "", err
	}
	return p, nil
}

// EncodeCatlike writes g as a Catlike save into a byte slice (for the
// browser's download).
func EncodeCatlike(g *hexmap.Grid) ([]byte, error) { return encode(g, saves.FormatCatlike) }
