package files

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"hexsandbox/editor/showcase"
	"hexsandbox/hexmap"
	"hexsandbox/internal/testutil"
	"hexsandbox/mapgen"
)

func TestLinkRoundTrip(t *testing.T) {
	g, err := showcase.Map()
	if err != nil {
		t.Fatal(err)
	}
	g.SetNote(12, "Harbour")
	link, err := EncodeLink(g)
	if err != nil {
		t.Fatal(err)
	}
	if !IsLink(link) || strings.ContainsAny(link[len(LinkPrefix):], "+/=#?&") {
		t.Errorf("the link %q… is not a #map= fragment of URL-safe characters", link[:20])
	}
	l, err := ReadLink(link)
	if err != nil {
		t.Fatal(err)
	}
	if !l.Grid.Equal(g) || l.Name == "" {
		t.Errorf("the link's map differs (or has no name %q)", l.Name)
	}
}

// A map whose link would be longer than a link may be is refused with
// ErrTooBigForLink: a 160×120 map of random cells, which gzip cannot
// squeeze below their entropy (some 14 bits a cell: 33 KB, 45,000
// characters in base64), is one; a generated 80×60 map (some 5 KB) is
// not.
func TestLinkTooBig(t *testing.T) {
	g, err := testutil.NoiseGrid(160, 120, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := EncodeLink(g); !errors.Is(err, ErrTooBigForLink) {
		t.Errorf("a random 160×120 map: %v, want ErrTooBigForLink", err)
	}
	gen, _, err := mapgen.HexMapGenerator{Settings: mapgen.DefaultSettings()}.GenerateMap(hexmap.Topology{Width: 80, Height: 60}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := EncodeLink(gen); err != nil {
		t.Errorf("a generated 80×60 map: %v", err)
	}
}

// Damaged links are refused with a message, never a panic or a map.
func TestReadLinkRefusesDamage(t *testing.T) {
	g, _ := hexmap.NewGrid(20, 15, 3)
	good, err := EncodeLink(g)
	if err != nil {
		t.Fatal(err)
	}
	for name, frag := range map[string]string{
		"not a link":   "#view=1",
		"cut short":    good[:len(good)/2],
		"not base64":   LinkPrefix + "!!!!",
		"not a map":    LinkPrefix + base64.RawURLEncoding.EncodeToString([]byte("hello world, no map")),
		"far too long": LinkPrefix + strings.Repeat("A", MaxLinkLength),
	} {
		if l, err := ReadLink(frag); err == nil || l.Grid != nil || !strings.HasPrefix(err.Error(), "shared link") {
			t.Errorf("%s: %v (grid %v)", name, err, l.Grid != nil)
		}
	}
}
