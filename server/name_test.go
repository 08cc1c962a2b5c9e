//go:build !js

package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hexsandbox/game"
	"hexsandbox/online"
)

// postSeat posts a seat's token to the match's endpoint (seat, status)
// and is the answer's JSON object as sent.
func postSeat(t *testing.T, base, match, endpoint, token string) map[string]any {
	t.Helper()
	body, _ := json.Marshal(online.SeatRequest{Token: token})
	resp, err := http.Post(base+"/api/matches/"+match+"/"+endpoint, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var got map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d, %v", endpoint, resp.StatusCode, err)
	}
	return got
}

// The map's name a match is created with comes back, as sent, in every
// seat's setup and status, also after a restart on the store and in the
// replay once the match is over; a match created without one (an older
// client, a bot) answers without the field, as version 1 first did.
func TestMapNameInSetupStatusAndReplay(t *testing.T) {
	st, _ := openStore(t)
	_, hs := liveServer(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	const name = "Hold the bridge · ü"
	named, err := online.CreateMatch(ctx, hs.URL, online.Create{Map: townsMap(t), Scenario: duel(), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := online.CreateMatch(ctx, hs.URL, online.Create{Map: townsMap(t), Scenario: duel()})
	if err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{hs.URL, func() string { _, hs2 := liveServer(t, st); return hs2.URL }()} {
		for _, seat := range named.Seats {
			for _, endpoint := range []string{"seat", "status"} {
				if got := postSeat(t, base, named.Match, endpoint, seat.Token)["name"]; got != name {
					t.Errorf("%s of side %d: name %v, want %q", endpoint, seat.Side, got, name)
				}
			}
		}
		for _, endpoint := range []string{"seat", "status"} {
			if got, ok := postSeat(t, base, plain.Match, endpoint, plain.Seats[0].Token)["name"]; ok {
				t.Errorf("%s of a match made without a name: name %v, want no field", endpoint, got)
			}
		}
	}
	s := online.Session{Base: hs.URL, Match: named.Match, Token: named.Seats[0].Token}
	if err := s.Join(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, _, err := s.Play(ctx, game.Command{Cmd: "resign"}); err != nil {
		t.Fatal(err)
	}
	rp, err := online.FetchReplay(ctx, hs.URL, named.Match, named.Seats[1].Token)
	if err != nil || rp.Name != name {
		t.Fatalf("the replay: name %q, %v; want %q", rp.Name, err, name)
	}
}

// A name that is too long, two lines or holds another control character
// is refused with 400, and no match is made.
func TestMapNameRefused(t *testing.T) {
	st, _ := openStore(t)
	_, hs := liveServer(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, bad := range []string{strings.Repeat("x", online.MaxName+1), "two\nlines", "nul\x00"} {
		_, err := online.CreateMatch(ctx, hs.URL, online.Create{Map: townsMap(t), Scenario: duel(), Name: bad})
		if err == nil || !strings.Contains(err.Error(), "400") {
			t.Errorf("name %q: %v, want 400", bad, err)
		}
	}
	if n, err := st.Open(ctx, "127.0.0.1"); err != nil || n != 0 {
		t.Errorf("%d matches open after the refusals (%v), want 0", n, err)
	}
}

// A store file made before matches had names opens: its matches gain
// the name column, "" for the match already in it, and new matches keep
// theirs; opening it again changes nothing.
func TestStoreWithoutNamesOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE matches(id TEXT PRIMARY KEY, created INTEGER NOT NULL, creator TEXT NOT NULL,
			map BLOB NOT NULL, scenario BLOB NOT NULL, computer TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0)`,
		`INSERT INTO matches(id, created, creator, map, scenario, computer) VALUES('old', 1, 'x', x'00', x'7b7d', '{}')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	ctx := context.Background()
	for k := range 2 {
		st, err := OpenSQLite(path)
		if err != nil {
			t.Fatal(err)
		}
		if rec, _, err := st.Load(ctx, "old"); err != nil || rec.Name != "" || rec.Creator != "x" {
			t.Fatalf("the old match: %+v, %v", rec, err)
		}
		id := fmt.Sprint("new", k)
		if err := st.Create(ctx, Record{ID: id, Map: []byte{1}, Scenario: []byte("{}"), Name: "showcase", Created: time.Now()}, Entry{}); err != nil {
			t.Fatal(err)
		}
		if rec, _, err := st.Load(ctx, id); err != nil || rec.Name != "showcase" {
			t.Fatalf("a new match: %+v, %v", rec, err)
		}
		st.Close()
	}
}
