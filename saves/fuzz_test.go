package saves

import (
	"bytes"
	"hexsandbox/hexmap/noise"
	"os"
	"path/filepath"
	"testing"
)

// fuzzNoise gives every fuzzed map the same noise: a fuzzer inventing
// seeds must not make the test build (and keep) a table per seed.
func fuzzNoise(int64) *noise.Noise { return sharedNoise(0) }

// FuzzRead feeds the product-format reader (and the sniffer) anything.
// Whatever it accepts must survive a write and a second read unchanged,
// its match included.
func FuzzRead(f *testing.F) {
	for _, size := range [][2]int{{5, 5}, {10, 5}, {20, 15}} {
		g := testMap(f, size[0], size[1], 0)
		g = withWrapping(f, g, size[0] == 10)
		good := writeNativeBytes(f, g)
		f.Add(good)
		f.Add(good[:len(good)/2])
		f.Add(gz(f, encodeNative(g, nil)[:40]))
		content := encodeNative(g, nil)
		content[offPlanes+3] ^= 0x55
		f.Add(gz(f, content))
		f.Add(gz(f, reseal(content)))
	}
	// Version 5's sections: types, towns, setup and a match, whole and
	// damaged; and a version 4 file.
	content, at := scenarioContent(f)
	f.Add(gz(f, content))
	f.Add(gz(f, reseal(content[:len(content)-6])))
	content[at+9] ^= 0x40
	f.Add(gz(f, reseal(content)))
	var buf bytes.Buffer
	if err := WriteMatch(&buf, scenarioMap(f), matchBlob()); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	if v4, err := os.ReadFile(filepath.Join("testdata", "v4.hexmap")); err == nil {
		f.Add(v4)
	} else {
		f.Fatal(err)
	}
	f.Add([]byte{0x1f, 0x8b})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, info, err := ReadWith(bytes.NewReader(data), fuzzNoise)
		if err != nil {
			if g != nil {
				t.Fatal("failed read returned a grid")
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteMatch(&buf, g, info.Match); err != nil {
			t.Fatal(err)
		}
		again, info2, err := ReadWith(&buf, fuzzNoise)
		if err != nil || info2.Format != FormatHexsandbox || !again.Equal(g) || !bytes.Equal(info2.Match, info.Match) {
			t.Fatalf("accepted map does not round-trip: %v", err)
		}
	})
}

// FuzzReadCatlike feeds the Catlike reader anything. Whatever it accepts
// must survive a Catlike version 5 write and a second read unchanged.
func FuzzReadCatlike(f *testing.F) {
	for v := range 6 {
		w, h := 10, 5
		if v == 0 {
			w, h = 20, 15
		}
		g := testMap(f, w, h, 0)
		if v < 2 {
			g.SetUnits(nil)
		}
		asCatlike(f, g)
		data := catlikeFile(v, g)
		f.Add(data)
		f.Add(data[:len(data)-5])
		bad := bytes.Clone(data)
		bad[len(bad)/2] = 0xff
		f.Add(bad)
	}
	f.Add([]byte{5, 0, 0, 0, 0x80, 2, 0, 0, 0x80, 2, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, info, err := ReadWith(bytes.NewReader(data), fuzzNoise)
		if err != nil {
			if g != nil {
				t.Fatal("failed read returned a grid")
			}
			return
		}
		if info.Format != FormatCatlike {
			return // the sniffer sent it to the other reader
		}
		var buf bytes.Buffer
		if err := WriteCatlike(&buf, g); err != nil {
			t.Fatal(err)
		}
		again, _, err := ReadWith(&buf, fuzzNoise)
		if err != nil || !again.Equal(g) {
			t.Fatalf("accepted map does not round-trip: %v", err)
		}
	})
}
