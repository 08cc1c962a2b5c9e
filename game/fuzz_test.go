package game

import (
	"testing"
)

// fuzzCommand decodes three bytes into a command for m's side in turn:
// the kind, a unit or town number, and a cell near that unit.
func fuzzCommand(m *Match, b []byte) Command {
	id := int(b[1]%uint8(len(m.st.Units)+2)) + 1 // a few ids past the last
	cell := Cell{int(b[2]&15) - 2, int(b[2]>>4) - 2}
	if u, ok := m.liveUnit(id); ok {
		x, z := m.grid.Topology().Offset(u.Cell)
		cell = Cell{x + int(b[2]&7) - 3, z + int(b[2]>>4&7) - 3}
	}
	switch b[0] % 16 {
	case 0, 1, 2, 3, 4, 5:
		return Command{Cmd: "move", Unit: id, To: &cell}
	case 6, 7, 8, 9:
		return Command{Cmd: "attack", Unit: id, At: &cell}
	case 10:
		return Command{Cmd: "produce", Town: int(b[1] % 5), Type: m.rules.Types[int(b[2])%len(m.rules.Types)].Name}
	case 11, 12:
		return Command{Cmd: "end"}
	case 13:
		return Command{Cmd: "undo"}
	case 14:
		if b[1] == 0 && b[2] == 0 {
			return Command{Cmd: "resign"}
		}
		return Command{Cmd: "move", Unit: id} // no cell: refused
	}
	return Command{Cmd: string(b)}
}

// FuzzApply applies random command sequences to a match with three sides
// on varied ground: nothing panics, the invariants hold after every
// command (one unit a cell, none under water, hp 1..100, owners playing,
// sight counts a recount), and replaying the log gives the same hash.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 0x33, 6, 1, 0x34, 11, 0, 0, 0, 2, 0x44, 13, 0, 0})
	f.Add([]byte{10, 1, 2, 11, 0, 0, 11, 0, 0, 11, 0, 0, 0, 3, 0x22, 7, 3, 0x35})
	f.Add([]byte{14, 0, 0, 14, 0, 0, 14, 0, 0})
	g := hillyGrid(f, 15, 10, 1)
	sc := randomScenario(g, 3, 5, 1)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 3*2000 {
			return
		}
		m := start(t, g, sc)
		for k := 0; k+3 <= len(data); k += 3 {
			if over, _ := m.Over(); over {
				break
			}
			_, _ = m.Apply(fuzzCommand(m, data[k:k+3]))
			checkInvariants(t, m)
		}
		r, err := Resume(g, m.Save(false))
		if err != nil {
			t.Fatal(err)
		}
		if r.Hash() != m.Hash() {
			t.Fatalf("replayed hash %s, played %s", r.Hash(), m.Hash())
		}
	})
}
