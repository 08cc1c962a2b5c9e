package online

import (
	"fmt"
	"strings"
	"time"
)

// Remembered is a seat of a match its player created or joined, as a
// lobby keeps it: the server's address (http://host:port), the match,
// the seat's token and side, and a name for the match (its map's).
type Remembered struct {
	Server string `json:"server"`
	Match  string `json:"match"`
	Token  string `json:"token"`
	Side   int    `json:"side"`
	Name   string `json:"name,omitempty"`
}

// Link is the seat's link, which joins it (ParseLink reads it).
func (r Remembered) Link() string { return r.Server + "/#join=" + r.Match + "-" + r.Token }

// same reports whether r and o are the same seat.
func (r Remembered) same(o Remembered) bool {
	return r.Server == o.Server && r.Match == o.Match && r.Token == o.Token
}

// MaxRemembered is the most seats a lobby keeps; the least recently
// played are forgotten first.
const MaxRemembered = 20

// Remember is list with r first (the most recently played), its earlier
// entry, if any, taken out, and at most MaxRemembered entries. list is
// not changed.
func Remember(list []Remembered, r Remembered) []Remembered {
	out := []Remembered{r}
	for _, e := range list {
		if !e.same(r) && len(out) < MaxRemembered {
			out = append(out, e)
		}
	}
	return out
}

// Forget is list without r's seat. list is not changed.
func Forget(list []Remembered, r Remembered) []Remembered {
	var out []Remembered
	for _, e := range list {
		if !e.same(r) {
			out = append(out, e)
		}
	}
	return out
}

// Ago says how long before now t was, as a lobby shows when a match's
// last move came: "just now", "5 min ago", "3 h ago", "2 days ago".
func Ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days ago", int(d/(24*time.Hour)))
}

// Valid reports why r cannot be a lobby's seat ("" when it can): a
// record read back from a file may have been edited.
func (r Remembered) Valid() error {
	_, m, tok, err := ParseLink(r.Link(), "")
	switch {
	case err != nil:
		return err
	case m != r.Match || tok != r.Token || !strings.HasPrefix(r.Server, "http"):
		return fmt.Errorf("%.80q: not a seat's link", r.Link())
	}
	return nil
}
