package saves

import (
	"bytes"
	"testing"

	"hexsandbox/hexmap"
)

// Peek tells the shape the map was written with, in both formats, from
// the first bytes of the file.
func TestPeek(t *testing.T) {
	flat := testMap(t, 20, 15, 1)
	wrapping := withWrapping(t, testMap(t, 40, 30, 2), true)
	for _, g := range []*hexmap.Grid{flat, wrapping} {
		for _, f := range []Format{FormatHexsandbox, FormatCatlike} {
			var b bytes.Buffer
			if err := WriteFormat(&b, g, f); err != nil {
				t.Fatal(err)
			}
			h, err := Peek(bytes.NewReader(b.Bytes()[:min(b.Len(), 512)]))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if h.Format != f || h.Shape != g.Topology() {
				t.Errorf("%s: peeked %+v, want shape %+v", f, h, g.Topology())
			}
		}
	}
	for name, data := range map[string][]byte{"empty": nil, "short": {1, 0}, "not a map": []byte("PK\x03\x04....")} {
		if _, err := PeekBytes(data); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
