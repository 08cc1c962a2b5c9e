package files

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

func openDir(t *testing.T, dir string) *Dir {
	t.Helper()
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func gridWith(t *testing.T, elevation int) *hexmap.Grid {
	t.Helper()
	g := testGrid(t)
	g.SetElevation(0, elevation)
	return g
}

func requireOwn(t *testing.T, d *Dir, name string, g *hexmap.Grid) {
	t.Helper()
	n, got, err := d.OwnRecovery()
	if err != nil || n != name || !got.Equal(g) {
		t.Fatalf("own autosave: %q, %v; want %q and its map", n, err, name)
	}
}

// Two editors on one maps folder each keep an autosave of their own:
// neither overwrites the other's, closing one leaves the other's, and
// only the autosave of an editor that is gone is offered, once.
func TestTwoEditorsOneFolder(t *testing.T) {
	dir := t.TempDir()
	a, b := openDir(t, dir), openDir(t, dir)
	ga, gb := gridWith(t, 1), gridWith(t, 2)
	if err := a.SaveRecovery(ctx, "a", "", ga); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveRecovery(ctx, "b", "", gb); err != nil {
		t.Fatal(err)
	}
	requireOwn(t, a, "a", ga)
	requireOwn(t, b, "b", gb)
	later := openDir(t, dir)
	if _, err := later.ClaimRecovery(ctx); !errors.Is(err, ErrNoRecovery) {
		t.Fatalf("the autosave of a running editor was offered: %v", err)
	}
	// A closes on purpose: its autosave goes, B's stays.
	if err := a.ClearRecovery(); err != nil {
		t.Fatal(err)
	}
	a.Close()
	requireOwn(t, b, "b", gb)
	// B ends without saving (as a crash would, its lock goes).
	b.Close()
	r, err := later.ClaimRecovery(ctx)
	if err != nil || r.Err != nil || r.Name != "b" || !r.Grid.Equal(gb) {
		t.Fatalf("B's autosave after B ended: %+v, %v", r, err)
	}
	another := openDir(t, dir)
	if _, err := another.ClaimRecovery(ctx); !errors.Is(err, ErrNoRecovery) {
		t.Fatalf("a claimed autosave was offered to a second editor: %v", err)
	}
	if err := later.DropRecovery(r); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("after dropping the folder holds %v", names)
	}
}

// A claim given back is offered again; a released editor's folder ends
// up clean.
func TestReleasedRecoveryOfferedAgain(t *testing.T) {
	dir := t.TempDir()
	old := openDir(t, dir)
	g := gridWith(t, 3)
	old.SaveRecovery(ctx, "", "", g)
	old.Close()
	first := openDir(t, dir)
	r, err := first.ClaimRecovery(ctx)
	if err != nil {
		t.Fatal(err)
	}
	first.ReleaseRecovery(r)
	second := openDir(t, dir)
	r2, err := second.ClaimRecovery(ctx)
	if err != nil || !r2.Grid.Equal(g) || r2.Name != "" {
		t.Fatalf("after a release: %+v %v", r2, err)
	}
}

// An autosave that cannot be read is still offered, with the reason, so
// the user can delete it; the newest readable one comes first.
func TestDamagedAndNewestRecovery(t *testing.T) {
	dir := t.TempDir()
	older := time.Now().Add(-time.Hour)
	for key, data := range map[string][]byte{"aaaa": []byte("HEXSANDBOX-RECOVERY\n\x03\x00ab"), "bbbb": []byte("rubbish")} {
		p := filepath.Join(dir, recoveryPrefix+key+Ext)
		os.WriteFile(p, data, 0o644)
		os.Chtimes(p, older, older)
	}
	gone := openDir(t, dir)
	newest := gridWith(t, 4)
	gone.SaveRecovery(ctx, "new", "", newest)
	gone.Close()
	d := openDir(t, dir)
	r, err := d.ClaimRecovery(ctx)
	if err != nil || r.Err != nil || r.Name != "new" {
		t.Fatalf("first offer: %+v %v, want the newest", r, err)
	}
	var damaged int
	for {
		r, err := d.ClaimRecovery(ctx)
		if errors.Is(err, ErrNoRecovery) {
			break
		}
		if err != nil || r.Err == nil || r.Grid != nil {
			t.Fatalf("a broken autosave: %+v %v", r, err)
		}
		damaged++
		if err := d.DropRecovery(r); err != nil {
			t.Fatal(err)
		}
	}
	if damaged != 2 {
		t.Errorf("%d damaged autosaves offered, want 2", damaged)
	}
}

// The single autosave of earlier versions (.recovery.hexmap and
// .recovery.name) is offered once and removed when dropped.
func TestLegacyRecoveryOffered(t *testing.T) {
	dir := t.TempDir()
	g := gridWith(t, 5)
	if err := saves.SaveFile(filepath.Join(dir, legacyMap), g); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, legacyName), []byte("island"), 0o644)
	d := openDir(t, dir)
	r, err := d.ClaimRecovery(ctx)
	if err != nil || r.Name != "island" || !r.Grid.Equal(g) {
		t.Fatalf("legacy autosave: %+v %v", r, err)
	}
	if err := d.DropRecovery(r); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); len(names) != 0 {
		t.Errorf("after dropping the legacy autosave: %v", names)
	}
}

// Lock files whose autosave is gone are removed once old and unheld.
func TestStaleLocksRemoved(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * saves.StaleTempAge)
	for _, name := range []string{".recovery-old.lock", ".recovery-young.lock"} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, nil, 0o644)
		if name == ".recovery-old.lock" {
			os.Chtimes(p, old, old)
		}
	}
	d := openDir(t, dir)
	if _, err := d.ClaimRecovery(ctx); !errors.Is(err, ErrNoRecovery) {
		t.Fatal(err)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{".recovery-young.lock"}) {
		t.Errorf("folder holds %v, want only the young lock", got)
	}
}

// The recovery file holds map and names together; a cut one is refused.
func TestRecoveryFormat(t *testing.T) {
	g := gridWith(t, 2)
	var buf bytes.Buffer
	if err := writeRecovery(&buf, recoveryNames{"Île", "showcase"}, g); err != nil {
		t.Fatal(err)
	}
	names, back, err := readRecovery(bytes.NewReader(buf.Bytes()))
	if err != nil || names != (recoveryNames{"Île", "showcase"}) || !back.Equal(g) {
		t.Fatalf("round trip: %+v %v", names, err)
	}
	for _, n := range []int{0, 10, len(recoveryMagic) + 3, buf.Len() - 5} {
		if _, _, err := readRecovery(bytes.NewReader(buf.Bytes()[:n])); err == nil {
			t.Errorf("a recovery file cut at %d bytes was read", n)
		}
	}
	bad := bytes.Clone(buf.Bytes())
	bad[len(recoveryMagic)+2] = '/' // the name becomes invalid: the map still counts
	if names, back, err := readRecovery(bytes.NewReader(bad)); err != nil || names.name != "" || names.suggested != "showcase" || !back.Equal(g) {
		t.Errorf("an invalid stored name: %+v %v", names, err)
	}
	// The first version of the file, with one name, still reads.
	v1 := append([]byte(recoveryMagicV1), 3, 0)
	v1 = append(v1, "old"...)
	var m bytes.Buffer
	if err := saves.Write(&m, g); err != nil {
		t.Fatal(err)
	}
	if names, back, err := readRecovery(bytes.NewReader(append(v1, m.Bytes()...))); err != nil || names != (recoveryNames{name: "old"}) || !back.Equal(g) {
		t.Errorf("a version 1 autosave: %+v %v", names, err)
	}
}

// OpenDir removes temporary files that killed saves left in the folder.
func TestOpenDirRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".island.hexmap.tmp-123456")
	os.WriteFile(p, []byte("half"), 0o644)
	old := time.Now().Add(-2 * saves.StaleTempAge)
	os.Chtimes(p, old, old)
	openDir(t, dir)
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a stale temporary file survived OpenDir: %v", err)
	}
}

// Names taken by what is not a map file are listed as damaged.
func TestListShowsDamaged(t *testing.T) {
	dir := t.TempDir()
	d := openDir(t, dir)
	d.Save(ctx, "good", testGrid(t), nil)
	os.Mkdir(filepath.Join(dir, "folder"+Ext), 0o755)
	os.Symlink("nowhere", filepath.Join(dir, "gone"+Ext))
	list, err := d.List()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"folder": true, "gone": true, "good": false}
	if len(list) != len(want) {
		t.Fatalf("List = %+v", list)
	}
	for _, e := range list {
		if (e.Damaged != "") != want[e.Name] {
			t.Errorf("%q: damaged %q", e.Name, e.Damaged)
		}
	}
	if _, _, err := d.Load(ctx, "folder"); !errors.Is(err, saves.ErrNotRegular) {
		t.Errorf("loading a folder: %v", err)
	}
	if err := d.Save(ctx, "folder", testGrid(t), nil); !errors.Is(err, saves.ErrNotRegular) {
		t.Errorf("saving over a folder: %v", err)
	}
}
