package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hexsandbox/saves"
)

// jargon is what a message for a person must not contain: system calls,
// format details, temporary files.
var jargon = []string{"stat ", "open ", "gzip", "tmp-", "Catlike save version", "truncated", "CRC", "input/output"}

// TestEveryCommandExplainsBadFiles runs every command that reads a map on
// a missing file, a folder, a file that is no map and a damaged map, and
// checks the one sentence and the exit status of each.
func TestEveryCommandExplainsBadFiles(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "absent.hexmap")
	notMap, damaged := badMaps(t, dir)
	cases := []struct {
		file string
		code int
		want string
	}{
		{missing, 2, "No such file: " + missing},
		{dir, 2, "Cannot read " + dir + ": it is a folder, not a file."},
		{notMap, 3, "The file " + notMap + " is not a map (it is neither a hexsandbox map nor a Catlike save)."},
		{damaged, 4, "The map " + damaged + " is damaged"},
	}
	out := filepath.Join(t.TempDir(), "out")
	for _, c := range cases {
		for _, args := range [][]string{
			{"info", c.file}, {"convert", c.file, out + ".map"}, {"export", c.file, out + ".obj"},
			{"path", c.file, "0", "0", "1", "1"}, {"vision", c.file, "1", "1"},
			{"play", c.file}, {"replay", c.file},
		} {
			expectFailure(t, c.code, c.want, args...)
			expectNoJargon(t, args...)
		}
	}
}

// TestEveryWriterExplainsAMissingFolder writes into a folder that does not
// exist with every command that writes.
func TestEveryWriterExplainsAMissingFolder(t *testing.T) {
	good := writeFile(t, "good.hexmap", func(b *bytes.Buffer) error { return saves.Write(b, knownMap(t, 3)) })
	target := filepath.Join(t.TempDir(), "nonexistent", "x.obj")
	want := "Cannot write " + target + ": the folder does not exist."
	for _, args := range [][]string{
		{"convert", good, target}, {"export", good, target}, {"generate", "-w", "10", "-h", "10", "-seed", "1", target},
	} {
		expectFailure(t, 2, want, args...)
		expectNoJargon(t, args...)
	}
	// play -log answers on stdout first, then fails to save the match.
	mapFile, scenario := playFiles(t)
	code, _, errOut := runPlayCmd("", "play", "-scenario", scenario, "-log", target, mapFile)
	if code != 2 || errOut != "error: "+want+"\n" {
		t.Errorf("play -log into a missing folder: exit %d, stderr %q", code, errOut)
	}
}

func expectNoJargon(t *testing.T, args ...string) {
	t.Helper()
	_, _, errOut := runCmd(args...)
	for _, j := range jargon {
		if strings.Contains(errOut, j) {
			t.Errorf("%v: %q has %q", args, errOut, j)
		}
	}
}

// TestVerboseAddsTheDetail: -v keeps the sentence and adds the reader's
// own words on a second line.
func TestVerboseAddsTheDetail(t *testing.T) {
	notMap := writeFile(t, "n.txt", func(b *bytes.Buffer) error { _, err := b.WriteString("hello, text"); return err })
	code, _, errOut := runCmd("-v", "info", notMap)
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if code != 3 || len(lines) != 2 || !strings.Contains(lines[0], "is not a map") ||
		!strings.HasPrefix(lines[1], "detail: ") || !strings.Contains(lines[1], "not gzip data") {
		t.Errorf("-v info on text: exit %d, stderr %q", code, errOut)
	}
}

func TestHelpPrintsUsage(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help", "help"} {
		code, out, errOut := runCmd(h)
		if code != 0 || errOut != "" || !strings.Contains(out, pathUsage) || !strings.Contains(out, "hexmap info FILE") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", h, code, out, errOut)
		}
	}
}

// A size between the bounds that is no multiple of the chunk size says
// so, with the sizes either side (worked by hand: 5 and 10 round 7).
func TestGenerateSizeNotAMultiple(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.hexmap")
	expectFailure(t, 1, "-w 7 is not a multiple of 5 (maps are made of chunks 5 cells wide): try 5 or 10", "generate", "-w", "7", out)
	expectFailure(t, 1, "-h 81 is not a multiple of 5", "generate", "-h", "81", out)
	expectFailure(t, 1, "-w 645 is out of range 5..640", "generate", "-w", "645", out)
}

// generate's summary counts river segments as info's "rivers" does, on
// the map it wrote.
func TestGenerateCountsRiversAsInfo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.hexmap")
	code, summary, errOut := runCmd("generate", "-w", "40", "-h", "30", "-seed", "7", "-rivers", "20", out)
	if code != 0 {
		t.Fatalf("generate: exit %d, %q", code, errOut)
	}
	m := regexp.MustCompile(`(\d+) river segments \(cells a river flows out of`).FindStringSubmatch(summary)
	if m == nil {
		t.Fatalf("summary %q names no river segments", summary)
	}
	code, infoOut, errOut := runCmd("info", out)
	var info struct {
		Rivers int `json:"rivers"`
	}
	if code != 0 || json.Unmarshal([]byte(infoOut), &info) != nil {
		t.Fatalf("info: exit %d, %q", code, errOut)
	}
	if strconv.Itoa(info.Rivers) != m[1] || info.Rivers == 0 {
		t.Errorf("generate counted %s river segments, info %d", m[1], info.Rivers)
	}
}

// The flag package's wording is replaced by plain words.
func TestOptionErrorsInPlainWords(t *testing.T) {
	file := saveNative(t, flatMap(t, false))
	expectFailure(t, 1, `error: unknown option -bogus; usage: `+pathUsage, "path", "-bogus", file, "0", "0", "1", "1")
	expectFailure(t, 1, `error: invalid value "fast" for -speed; usage: `, "path", "-speed", "fast", file, "0", "0", "1", "1")
	expectFailure(t, 1, `error: invalid value "99999999999999999999" for -w: too large`, "generate", "-w", "99999999999999999999", "x.hexmap")
}
