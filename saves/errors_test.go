package saves

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failingReader gives some bytes of data, then fails as a disk would.
type failingReader struct {
	data []byte
	err  error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := copy(p, f.data)
	f.data = f.data[n:]
	return n, nil
}

var errDiskRead = errors.New("input/output error on the disk")

// Every failure of the readers is of exactly one kind that callers can
// test for with errors.Is, and keeps its one-line message.
func TestReadErrorKinds(t *testing.T) {
	good := writeNativeBytes(t, testMap(t, 10, 5, 1))
	future := gz(t, reseal(func() []byte { c := smallContent(t); c[offVersion] = nativeVersion + 1; return c }()))
	catlike := catlikeFile(3, catlikeMap(t, 3))
	cases := []struct {
		name string
		r    func() *bytes.Reader
		kind error
	}{
		{"text", func() *bytes.Reader { return bytes.NewReader([]byte("just some words")) }, ErrNotMap},
		{"empty", func() *bytes.Reader { return bytes.NewReader(nil) }, ErrNotMap},
		{"gzip of something else", func() *bytes.Reader { return bytes.NewReader(gz(t, []byte("HELLO WORLD, no map here at all..."))) }, ErrNotMap},
		{"cut native", func() *bytes.Reader { return bytes.NewReader(good[:len(good)/2]) }, ErrCorrupt},
		{"CRC", func() *bytes.Reader {
			c := smallContent(t)
			c[offPlanes+1]++
			return bytes.NewReader(gz(t, c))
		}, ErrCorrupt},
		{"cut Catlike", func() *bytes.Reader { return bytes.NewReader(catlike[:500]) }, ErrCorrupt},
		{"Catlike value out of range", func() *bytes.Reader {
			d := bytes.Clone(catlike)
			d[12+5*12] = 9 // terrain type 9
			return bytes.NewReader(d)
		}, ErrCorrupt},
		{"future version", func() *bytes.Reader { return bytes.NewReader(future) }, ErrVersion},
	}
	kinds := []error{ErrNotMap, ErrCorrupt, ErrVersion, ErrIO}
	for _, tc := range cases {
		_, _, err := ReadWith(tc.r(), sharedNoise)
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, k := range kinds {
			if errors.Is(err, k) != (k == tc.kind) {
				t.Errorf("%s: errors.Is(%q, %v) = %v", tc.name, err, k, !(k == tc.kind))
			}
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error on more than one line: %q", tc.name, err)
		}
	}
	// A reader that fails midway is an I/O error with the reader's own
	// message, not damage in the file.
	_, _, err := ReadWith(&failingReader{data: good[:40], err: errDiskRead}, sharedNoise)
	if !errors.Is(err, ErrIO) || !errors.Is(err, errDiskRead) || errors.Is(err, ErrCorrupt) {
		t.Errorf("failing reader: %v (ErrIO %v, ErrCorrupt %v)", err, errors.Is(err, ErrIO), errors.Is(err, ErrCorrupt))
	}
}

// LoadFile's errors name the file once and keep their kind.
func TestLoadFileErrorKinds(t *testing.T) {
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.hexmap")
	good := writeNativeBytes(t, testMap(t, 10, 5, 1))
	if err := os.WriteFile(cut, good[:len(good)-7], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		kind error
	}{{cut, ErrCorrupt}, {filepath.Join(dir, "absent.hexmap"), ErrIO}, {dir, ErrNotRegular}} {
		_, _, err := LoadFile(tc.path)
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %v", tc.path, err, tc.kind)
			continue
		}
		if n := strings.Count(err.Error(), tc.path); n != 1 {
			t.Errorf("%s: error names the file %d times: %q", tc.path, n, err)
		}
	}
	_, _, err := LoadFile(filepath.Join(dir, "absent.hexmap"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file's error %v is not os.ErrNotExist", err)
	}
}
