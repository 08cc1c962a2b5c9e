package online

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// CheckName takes one line of UTF-8 up to MaxName bytes and refuses a
// byte more, a line break, another control character and bytes that
// are not UTF-8.
func TestCheckName(t *testing.T) {
	for _, ok := range []string{"", "showcase", "Hold the bridge · ü", strings.Repeat("x", MaxName), strings.Repeat("é", MaxName/2)} {
		if err := CheckName(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{strings.Repeat("x", MaxName+1), "two\nlines", "tab\there", "bell\a", "del\x7f", "\xff\xfe", "c1\u0085"} {
		if err := CheckName(bad); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
}

// MapName turns what a window's title may be into a name CheckName
// takes: hand-worked cases, then the property over awkward titles.
func TestMapName(t *testing.T) {
	for _, c := range []struct{ title, want string }{
		{"showcase", "showcase"},
		{"  two\nlines\t here ", "two lines here"},
		{"bad\xffbyte", "bad\ufffdbyte"},
		{strings.Repeat("x", MaxName+5), strings.Repeat("x", MaxName)},
		// 99 bytes of x then a two-byte é would end at 101: the é goes.
		{strings.Repeat("x", MaxName-1) + "é", strings.Repeat("x", MaxName-1)},
	} {
		if got := MapName(c.title); got != c.want {
			t.Errorf("%q: %q, want %q", c.title, got, c.want)
		}
	}
	for _, title := range []string{strings.Repeat("日本", 40), strings.Repeat("\x01a\xc3", 60), strings.Repeat("😀 ", 40), "\u0085\u2028x"} {
		got := MapName(title)
		if err := CheckName(got); err != nil || !utf8.ValidString(got) {
			t.Errorf("%q became %q, which is refused: %v", title, got, err)
		}
	}
}
