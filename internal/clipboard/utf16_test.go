package clipboard

import (
	"slices"
	"strings"
	"testing"
)

// Worked by hand from the UTF-16 definition: é and € are one unit each,
// 😀 (U+1F600) the surrogate pair D83D DE00; a NUL closes the text.
func TestToUTF16HandWorked(t *testing.T) {
	got, err := toUTF16("aé€😀")
	want := []uint16{0x61, 0xe9, 0x20ac, 0xd83d, 0xde00, 0}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %x, %v; want %x", got, err, want)
	}
	if got, err := toUTF16(""); err != nil || !slices.Equal(got, []uint16{0}) {
		t.Fatalf("the empty text: %x, %v; want a lone NUL", got, err)
	}
}

// The same units read back are the text, up to the first NUL: what a
// program left after it (a block is often larger than its text) is not
// read; a block without a NUL is all text; a lone surrogate becomes
// U+FFFD.
func TestFromUTF16HandWorked(t *testing.T) {
	for _, c := range []struct {
		u    []uint16
		want string
	}{
		{[]uint16{0x61, 0xe9, 0x20ac, 0xd83d, 0xde00, 0}, "aé€😀"},
		{[]uint16{0x68, 0x69, 0, 0x78, 0x79}, "hi"},
		{[]uint16{0x68, 0x69}, "hi"},
		{[]uint16{0x61, 0xd83d, 0x62, 0}, "a\ufffdb"},
		{[]uint16{0}, ""},
		{nil, ""},
	} {
		if got, err := fromUTF16(c.u); err != nil || got != c.want {
			t.Errorf("%x: %q, %v; want %q", c.u, got, err, c.want)
		}
	}
}

// Any text of valid UTF-8 without a NUL comes back as it went.
func TestUTF16RoundTrip(t *testing.T) {
	for _, s := range []string{"http://127.0.0.1:8080/#join=ab12-ff00", "ünïcode · links", "日本語", "\U0010ffff\u0080\u07ff\u0800\uffff"} {
		u, err := toUTF16(s)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := fromUTF16(u); err != nil || back != s {
			t.Errorf("%q came back as %q, %v", s, back, err)
		}
	}
}

// MaxBytes bounds the text as UTF-8 both ways: exactly MaxBytes passes,
// one byte more does not, whether it is made of one-byte or two-byte
// letters (MaxBytes/2+1 letters é are fewer units than MaxBytes, but
// more bytes); a NUL inside a written text is refused, not cut.
func TestSizeLimits(t *testing.T) {
	at, over := strings.Repeat("x", MaxBytes), strings.Repeat("x", MaxBytes+1)
	if u, err := toUTF16(at); err != nil || len(u) != MaxBytes+1 {
		t.Fatalf("MaxBytes bytes: %d units, %v", len(u), err)
	}
	if _, err := toUTF16(over); err == nil {
		t.Fatal("a text of MaxBytes+1 bytes was taken")
	}
	if _, err := toUTF16("ab\x00cd"); err == nil {
		t.Fatal("a text with a NUL was taken")
	}
	if s, err := fromUTF16(append(units(at), 0)); err != nil || s != at {
		t.Fatalf("MaxBytes bytes read: %d bytes, %v", len(s), err)
	}
	if _, err := fromUTF16(append(units(over), 0)); err == nil {
		t.Fatal("MaxBytes+1 bytes were read")
	}
	e := strings.Repeat("é", MaxBytes/2+1)
	if u := units(e); len(u) > MaxBytes {
		t.Fatalf("%d units: the case needs fewer than MaxBytes", len(u))
	}
	if _, err := fromUTF16(append(units(e), 0)); err == nil {
		t.Fatal("MaxBytes+2 bytes of é were read")
	}
	// A block without a NUL: capped at MaxBytes+1 units it is refused.
	if _, err := fromUTF16(units(over)); err == nil {
		t.Fatal("a block of MaxBytes+1 units without a NUL was read")
	}
}

// unitsToRead covers a text of MaxBytes and its NUL, and never more
// than the block holds (its size in bytes, two a unit).
func TestUnitsToRead(t *testing.T) {
	for _, c := range []struct {
		size uintptr
		want int
	}{{0, 0}, {1, 0}, {2, 1}, {7, 3}, {2 * (MaxBytes + 1), MaxBytes + 1}, {1 << 30, MaxBytes + 1}} {
		if got := unitsToRead(c.size); got != c.want {
			t.Errorf("a block of %d bytes: %d units, want %d", c.size, got, c.want)
		}
	}
}

// units is s as UTF-16 without a NUL, by hand: one unit for a rune
// below U+10000, a surrogate pair above (a second implementation to
// check toUTF16's).
func units(s string) []uint16 {
	var u []uint16
	for _, r := range s {
		if r < 0x10000 {
			u = append(u, uint16(r))
			continue
		}
		r -= 0x10000
		u = append(u, 0xd800+uint16(r>>10), 0xdc00+uint16(r&0x3ff))
	}
	return u
}
