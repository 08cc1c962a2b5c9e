package online

import (
	"fmt"
	"testing"
	"time"
)

// Remembering puts a seat first, once; the oldest beyond MaxRemembered
// are dropped; Forget takes out exactly that seat.
func TestRememberAndForget(t *testing.T) {
	seat := func(k int) Remembered {
		return Remembered{Server: "http://h:1", Match: fmt.Sprintf("m%d", k), Token: "t", Side: 1}
	}
	var list []Remembered
	for k := range MaxRemembered + 3 {
		list = Remember(list, seat(k))
	}
	if len(list) != MaxRemembered || list[0] != seat(MaxRemembered+2) || list[MaxRemembered-1] != seat(3) {
		t.Fatalf("after %d seats: %d kept, first %v, last %v", MaxRemembered+3, len(list), list[0], list[len(list)-1])
	}
	again := seat(10)
	again.Name = "renamed"
	list = Remember(list, again)
	if len(list) != MaxRemembered || list[0] != again {
		t.Fatalf("remembering a kept seat again: %d kept, first %v", len(list), list[0])
	}
	for _, e := range list[1:] {
		if e.Match == "m10" {
			t.Fatal("the seat remembered again is kept twice")
		}
	}
	other := again
	other.Token = "u" // another seat of the same match
	list = Remember(list, other)
	list = Forget(list, again)
	if len(list) != MaxRemembered-1 || list[0] != other {
		t.Fatalf("forgetting one seat of a match: %d kept, first %v", len(list), list[0])
	}
}

// A remembered seat's link reads back as that seat; a record whose
// match or token would not make a link is invalid.
func TestRememberedLink(t *testing.T) {
	r := Remembered{Server: "http://127.0.0.1:8080", Match: "ab12", Token: "ff00", Side: 2}
	server, match, token, err := ParseLink(r.Link(), "")
	if err != nil || server != r.Server || match != r.Match || token != r.Token || r.Valid() != nil {
		t.Fatalf("%s reads as %q %q %q, %v; valid: %v", r.Link(), server, match, token, err, r.Valid())
	}
	for _, bad := range []Remembered{{Server: "http://h", Match: "a-b", Token: "c"}, {Server: "http://h", Match: "a", Token: ""}, {Server: "h", Match: "a", Token: "b"}} {
		if bad.Valid() == nil {
			t.Errorf("%+v is valid", bad)
		}
	}
}

func TestAgo(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "just now"}, {59 * time.Second, "just now"}, {5 * time.Minute, "5 min ago"}, {3*time.Hour + 59*time.Minute, "3 h ago"},
		{47 * time.Hour, "47 h ago"}, {50 * time.Hour, "2 days ago"}} {
		if got := Ago(now, now.Add(-c.d)); got != c.want {
			t.Errorf("%v before: %q, want %q", c.d, got, c.want)
		}
	}
}
