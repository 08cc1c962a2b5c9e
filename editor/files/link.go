package files

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// Share links carry a whole map in the page address's fragment:
// "#map=" and the map in the product's format (gzip-compressed already)
// in unpadded base64url. The fragment never reaches a server.

// LinkPrefix starts the fragment of a share link.
const LinkPrefix = "#map="

// MaxLinkLength bounds the fragment: links much longer than some 32,000
// characters are cut by mail and chat programs, and browsers' limits vary
// (Chrome keeps 2 MB, others less).
const MaxLinkLength = 32 << 10

// ErrTooBigForLink is EncodeLink's answer for a map whose link would be
// longer than MaxLinkLength.
var ErrTooBigForLink = errors.New("the map is too big for a link")

// EncodeLink returns the fragment of a link to g, or ErrTooBigForLink
// (wrapped, with the length it would have) for a map too big.
func EncodeLink(g *hexmap.Grid) (string, error) {
	data, err := Encode(g)
	if err != nil {
		return "", err
	}
	link := LinkPrefix + base64.RawURLEncoding.EncodeToString(data)
	if len(link) > MaxLinkLength {
		return "", fmt.Errorf("%w: %d characters, a link holds at most %d", ErrTooBigForLink, len(link), MaxLinkLength)
	}
	return link, nil
}

// IsLink reports whether a page's fragment is a share link.
func IsLink(fragment string) bool { return strings.HasPrefix(fragment, LinkPrefix) }

// ReadLink reads the map of a share link's fragment with the checks of
// a file (saves.ReadBytes), after refusing a fragment longer than any
// link EncodeLink makes, before decoding it.
func ReadLink(fragment string) (Loaded, error) {
	enc, ok := strings.CutPrefix(fragment, LinkPrefix)
	switch {
	case !ok:
		return Loaded{}, errors.New("shared link: the address holds no map")
	case len(fragment) > MaxLinkLength:
		return Loaded{}, fmt.Errorf("shared link: %d characters is longer than a map link can be", len(fragment))
	}
	data, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil {
		return Loaded{}, fmt.Errorf("shared link: damaged (%v); was the address cut short?", err)
	}
	g, info, err := saves.ReadBytes(data)
	if err != nil {
		return Loaded{}, fmt.Errorf("shared link: %v", err)
	}
	return Loaded{Grid: g, Name: "shared map", Info: info}, nil
}
