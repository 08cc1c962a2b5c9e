package files

import (
	"context"
	"fmt"
	"io"
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

// ExportCatlike writes g to the path p (see CatlikePath) as a Catlike Hex
// Map version 5 save, atomically; ctx cancels the writing and takes its
// progress.
func ExportCatlike(ctx context.Context, p string, g *hexmap.Grid) error {
	if strings.TrimSpace(p) == "" {
		return fmt.Errorf("export: no file name")
	}
	return saves.WriteFileAtomic(p, func(w io.Writer) error { return saves.WriteCatlike(writerFor(ctx, w), g) })
}

// EncodeCatlike writes g as a Catlike save into a byte slice (for the
// browser's download).
func EncodeCatlike(g *hexmap.Grid) ([]byte, error) { return encode(g, saves.FormatCatlike) }
