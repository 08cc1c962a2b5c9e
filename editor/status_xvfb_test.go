//go:build xvfb

package editor

import (
	"strings"
	"testing"

	"hexsandbox/editor/files"
	"hexsandbox/hexmap"
)

// The cell description must stop before the map's name on the right, and
// a window too narrow for both must not give it a negative width.
func TestStatusLeftEndLeavesRoomForRight(t *testing.T) {
	const pad = 10
	for _, c := range []struct {
		screenW int
		rightW  float64
	}{{1280, 200}, {360, 250.4}, {100, 250}, {0, 0}} {
		end := statusLeftEnd(c.screenW, pad, c.rightW)
		rightStart := float64(c.screenW-pad) - c.rightW
		if end < 0 {
			t.Errorf("screen %d, right %.1f: left text ends at %d, before the screen", c.screenW, c.rightW, end)
		}
		if end > 0 && float64(end)+pad > rightStart {
			t.Errorf("screen %d, right %.1f: left text ends at %d, less than %d before the right text at %.1f",
				c.screenW, c.rightW, end, pad, rightStart)
		}
	}
	if got := statusLeftEnd(1280, pad, 200); got < 1000 {
		t.Errorf("wide screen: left text cut at %d, want most of the 1280 pixels", got)
	}
}

// A map that came with a name but is not in the maps folder shows that
// name; a saved map shows its own; a new map is untitled.
func TestMapTitle(t *testing.T) {
	grid, err := hexmap.NewGrid(5, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := &game{sess: files.NewSession(nil, "", grid, 0), suggested: "showcase"}
	if got := g.mapTitle(); got != "showcase" {
		t.Errorf("opened from outside the folder: title %q, want the name it came with", got)
	}
	g.sess.Name = "mine"
	if got := g.mapTitle(); got != "mine" {
		t.Errorf("saved map: title %q, want its name", got)
	}
	g.sess.Name, g.suggested = "", ""
	if got := g.mapTitle(); got != g.sess.Title() || got == "" {
		t.Errorf("new map: title %q, want the session's %q", got, g.sess.Title())
	}
}

// What a reader dropped is named in words, and nothing dropped says
// nothing.
func TestDroppedText(t *testing.T) {
	if got := droppedText(hexmap.BatchReport{}); got != "" {
		t.Errorf("nothing dropped: %q", got)
	}
	got := droppedText(hexmap.BatchReport{DroppedRivers: 2, DroppedRoads: 1, ClearedSpecials: 1})
	for _, want := range []string{"2 river ends", "1 road end,", "1 special on rivers"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not say %q", got, want)
		}
	}
}
