package files

import (
	"bytes"
	"context"
	"testing"

	"hexsandbox/hexmap"
)

// The autosave of a match (made at each turn's start) goes to the
// editor's recovery slot, never to the map's own file, even for a saved
// map; after the editor is gone, a new one claims it with its match, and
// recovering keeps the match in that editor's own autosave.
func TestMatchAutosaveRecovers(t *testing.T) {
	dir := t.TempDir()
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	g, err := hexmap.NewGrid(10, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(d, "mine", g, 0)
	match := []byte(`{"version":1,"log":[{"cmd":"end"}]}`)
	if err := s.AutosaveMatchOp(match).Do(); err != nil {
		t.Fatal(err)
	}
	if exists, err := d.Exists("mine"); exists || err != nil {
		t.Fatalf("the match autosave wrote the map's own file (%v)", err)
	}
	if got, err := d.OwnRecoveryMatch(); err != nil || !bytes.Equal(got, match) {
		t.Fatalf("own autosave's match %q (%v)", got, err)
	}
	if err := d.Close(); err != nil { // the editor is gone, its autosave left
		t.Fatal(err)
	}
	d2, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	r, err := d2.ClaimRecovery(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "mine" || !bytes.Equal(r.Match, match) || !r.Grid.Equal(g) {
		t.Fatalf("claimed %q with match %q", r.Name, r.Match)
	}
	g2, err := hexmap.NewGrid(10, 5, 2)
	if err != nil {
		t.Fatal(err)
	}
	s2 := NewSession(d2, "", g2, 0)
	if err := s2.RecoverOp(r).Do(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s2.Match, match) {
		t.Errorf("the recovered session's match %q", s2.Match)
	}
	if got, err := d2.OwnRecoveryMatch(); err != nil || !bytes.Equal(got, match) {
		t.Errorf("the recovering editor's autosave has match %q (%v)", got, err)
	}
}
