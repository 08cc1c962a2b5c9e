//go:build !js

package server

import (
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"

	"hexsandbox/ai"
	"hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// threeSides is cmd/hexmap's scripted match: side 1 against sides 2 and
// 3 (one team), five units each, round limit set to rounds.
func threeSides(t testing.TB, seed uint64, rounds int) *game.Scenario {
	t.Helper()
	b, err := os.ReadFile("../cmd/hexmap/testdata/match.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := game.ParseScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	sc.Seed, sc.Victory.Rounds = seed, rounds
	return &sc
}

// seatCommand is a command a seat's side sent.
type seatCommand struct {
	side int
	cmd  game.Command
}

// playByBots plays h to its end (or maxCommands), people's sides driven
// through h.command by bots of level, which see only their seats' views;
// it returns the commands accepted.
func playByBots(t testing.TB, h *host, level ai.Level, maxCommands int) []seatCommand {
	t.Helper()
	var played []seatCommand
	bots := map[int]*ai.Bot{}
	for k := 0; k < maxCommands; k++ {
		if over, _ := h.m.Over(); over {
			return played
		}
		side := h.m.SideInTurn()
		if bots[side] == nil {
			bots[side] = ai.ForMatch(h.m, side, level)
		}
		c := bots[side].Next(h.view(side))
		if err := h.command(context.Background(), side, online.Request{Command: c}); err != nil {
			bots[side].Refused(c)
			if c.Cmd == "end" {
				t.Fatalf("end refused: %v", err)
			}
			continue
		}
		played = append(played, seatCommand{side, c})
	}
	return played
}

// Over whole matches between bots (two seats of people, one computer
// side), every message a seat was sent for a command is checked against
// the views of its side before and after that command, computed on a
// second match replaying the stored log: no unit, town, cell or health
// the side did not see reaches it; and its messages, applied in order,
// rebuild exactly its view after each command.
func TestSeatsLearnOnlyTheirView(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		st, _ := openStore(t)
		s := New(st, DefaultLimits())
		h, _ := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: threeSides(t, seed, 8), Computer: map[string]string{"2": "random"}})
		playByBots(t, h, ai.Random+ai.Level(seed%3), 2000)
		checkFog(t, st, h.id)
	}
}

// checkFog replays match id's stored log on a second match and checks
// every seat's messages command by command.
func checkFog(t *testing.T, st Store, id string) {
	rec, cmds, err := st.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := saves.ReadBytes(rec.Map)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := game.ParseScenario(rec.Scenario)
	rep, _, err := game.NewMatch(g, sc)
	if err != nil {
		t.Fatal(err)
	}
	byN := map[int]map[int][]online.Message{} // side → n → messages
	models := map[int]*online.Knowledge{}
	pre := map[int]game.View{}
	for _, sd := range sc.Sides {
		byN[sd.Side] = map[int][]online.Message{}
		for k, m := range messages(t, st, id, sd.Side) {
			if m.Seq != int64(k+1) {
				t.Fatalf("side %d: message %d has seq %d", sd.Side, k+1, m.Seq)
			}
			byN[sd.Side][m.N] = append(byN[sd.Side][m.N], m)
		}
		models[sd.Side] = online.NewKnowledge(sd.Side)
		pre[sd.Side] = game.View{}
	}
	for n := 0; n <= len(cmds); n++ {
		if n > 0 {
			var c game.Command
			json.Unmarshal(cmds[n-1], &c)
			if _, err := rep.Apply(c); err != nil {
				t.Fatalf("command %d: %v", n, err)
			}
		}
		for _, sd := range sc.Sides {
			s := sd.Side
			post := rep.View(s)
			for _, m := range byN[s][n] {
				if why := leak(rep, s, m, pre[s], post); why != "" {
					t.Fatalf("match %s command %d: side %d was sent %+v: %s", id, n, s, m, why)
				}
				models[s].Apply(m)
			}
			checkKnowledge(t, g, sc, models[s], n, rep, post)
			pre[s] = post
		}
	}
}

// leak is why message m to side s tells more than s's views before and
// after its command, "" when it does not.
func leak(rep *game.Match, s int, m online.Message, pre, post game.View) string {
	w := rep.Grid().Topology().Width
	switch m.Ev {
	case "turn", "eliminated", "won", "draw":
		return ""
	case "moved":
		if u, ok := unitIn(post, m.Unit); ok && teamOf(rep, u.Side) == teamOf(rep, s) {
			return "" // a team shares its moves
		}
		for _, c := range m.Path {
			if !rep.Sees(s, c[0]+c[1]*w) {
				return "a path cell the side does not see"
			}
		}
		if len(m.Path) == 0 {
			return "an empty path"
		}
		return ""
	case "attacked":
		if _, ok := unitIn(pre, m.Target); !ok {
			return "an unseen target"
		}
		if m.Unit == 0 {
			if m.Strength != nil || m.Rolls != nil {
				return "an unseen attacker's strength"
			}
			return ""
		}
		if _, ok := unitIn(pre, m.Unit); !ok {
			return "an unseen attacker"
		}
		return ""
	case "destroyed":
		_, by := unitIn(pre, m.By)
		if _, ok := unitIn(pre, m.Unit); !ok || m.By != 0 && !by {
			return "an unseen unit destroyed, or by an unseen unit"
		}
		return ""
	case "healed", "produced", "spawned", "damaged":
		u, ok := unitIn(post, m.Unit)
		if _, before := unitIn(pre, m.Unit); m.Ev == "damaged" && m.HP == 0 && before {
			return ""
		}
		if !ok || m.Cell != nil && *m.Cell != u.Cell {
			return "an unseen unit"
		}
		return ""
	case "message":
		if m.Side != nil && *m.Side != 0 && *m.Side != s {
			return "another side's message"
		}
		return ""
	case "objectives", "revealed":
		if m.Side == nil || *m.Side != s {
			return "another side's " + m.Ev
		}
		return ""
	case "taken", "builds":
		tw, ok := townIn(post, m.Town)
		if !ok || m.Ev == "builds" && tw.Owner != s {
			return "an unknown or foreign town"
		}
		return ""
	case "seen":
		for _, u := range m.Units {
			if v, ok := unitIn(post, u.ID); !ok || !reflect.DeepEqual(u, v) {
				return "a unit not as the view has it"
			}
		}
		for _, id := range m.Hidden {
			if _, ok := unitIn(pre, id); !ok {
				return "a unit hidden that was not seen"
			}
		}
		for _, tw := range m.Towns {
			if v, ok := townIn(post, tw.ID); !ok || !reflect.DeepEqual(tw, v) {
				return "a town not as the view has it"
			}
		}
		for _, c := range m.Explored {
			if !rep.Explored(s, c[0]+c[1]*w) {
				return "a cell not explored"
			}
		}
		return ""
	}
	return "an event of a kind no seat should get"
}

// checkKnowledge compares what a client built from its seat's messages
// (k) with the side's view after command n (v) and whose turn it is, and
// (every tenth command) the match game.Known makes of it and of the
// scenario as the side knows it with the whole match's view.
func checkKnowledge(t *testing.T, g *hexmap.Grid, sc game.Scenario, k *online.Knowledge, n int, rep *game.Match, v game.View) {
	t.Helper()
	want, _ := json.Marshal(v)
	got, _ := json.Marshal(k.View())
	if string(got) != string(want) || k.InTurn != rep.SideInTurn() {
		t.Fatalf("side %d after command %d: the messages built\n%s (side %d in turn)\nthe view is\n%s (side %d)", k.Side, n, got, k.InTurn, want, rep.SideInTurn())
	}
	if n%10 != 0 { // a known match costs a path finder's tables: every tenth command
		return
	}
	km, err := game.Known(g, sc.KnownTo(k.Side), k.Side, k.View(), k.InTurn)
	if err != nil {
		t.Fatalf("side %d after command %d: %v", k.Side, n, err)
	}
	if b, _ := json.Marshal(km.View(k.Side)); string(b) != string(want) {
		t.Fatalf("side %d after command %d: the known match's view\n%s\nthe view is\n%s", k.Side, n, b, want)
	}
}

func unitIn(v game.View, id int) (game.UnitView, bool) {
	for _, u := range v.Units {
		if u.ID == id {
			return u, true
		}
	}
	return game.UnitView{}, false
}

func townIn(v game.View, id int) (game.TownView, bool) {
	for _, tw := range v.Towns {
		if tw.ID == id {
			return tw, true
		}
	}
	return game.TownView{}, false
}

// teamOf is side s's team in rep's scenario.
func teamOf(rep *game.Match, s int) int {
	for _, sd := range rep.Scenario().Sides {
		if sd.Side == s && sd.Team != 0 {
			return sd.Team
		}
	}
	return s
}

// A scenario's script speaks to one side or to all and adds units: each
// seat gets its own side's and everyone's messages, and of the units a
// script adds only those it sees; the whole match passes checkFog.
func TestScriptEventsReachTheirSidesOnly(t *testing.T) {
	sc := duel()
	sc.Script = `
def on_start():
    game.message("for one", side=1)
    game.message("for all")

def on_turn_start(side, round):
    if side == 2 and round == 2:
        game.spawn("archer", 2, (20, 12))
`
	st, _ := openStore(t)
	s := New(st, DefaultLimits())
	h, _ := newMatch(t, s, online.Create{Map: townsMap(t), Scenario: sc})
	playByBots(t, h, ai.Easy, 40)
	texts := func(side int) (got []string, spawned int) {
		for _, m := range messages(t, st, h.id, side) {
			if m.Ev == "message" {
				got = append(got, m.Text)
			}
			if m.Ev == "spawned" {
				spawned++
			}
		}
		return got, spawned
	}
	one, spawned1 := texts(1)
	two, spawned2 := texts(2)
	if !slices.Equal(one, []string{"for one", "for all"}) || !slices.Equal(two, []string{"for all"}) {
		t.Fatalf("side 1 read %q, side 2 %q", one, two)
	}
	if spawned2 != 1 || spawned1 != 0 {
		t.Fatalf("the spawned archer was told to side 1 %d times, to side 2 %d times; want 0 and 1", spawned1, spawned2)
	}
	checkFog(t, st, h.id)
}

// By hand: side 1 is attacked by a unit it does not see. It learns its
// unit's loss and nothing of the attacker: no id, strengths, draws or
// the attacker's loss; its destruction later names no destroyer. Side 2,
// which saw both, gets the event whole.
func TestUnseenAttackerStaysUnseen(t *testing.T) {
	st, _ := openStore(t)
	h, _ := newMatch(t, New(st, DefaultLimits()), online.Create{Map: townsMap(t), Scenario: duel()})
	n := h.m.Grid().Topology().CellCount()
	mine := game.UnitView{ID: 1, Type: "spearman", Side: 1, Cell: game.Cell{5, 4}, HP: 100}
	theirs := game.UnitView{ID: 2, Type: "horseman", Side: 2, Cell: game.Cell{8, 4}, HP: 100}
	blind := &knowledge{units: []game.UnitView{mine}, explored: make([]bool, n), sees: make([]bool, n)}
	both := &knowledge{units: []game.UnitView{mine, theirs}, explored: make([]bool, n), sees: make([]bool, n)}
	ev := []game.Event{
		{Ev: "attacked", Unit: 2, Target: 1, Strength: []int{140, 110}, Rolls: []int{3, 4}, Damage: []int{30, 12}},
		{Ev: "destroyed", Unit: 1, By: 2},
	}
	got := tell(h.m, 1, ev, blind, &knowledge{explored: make([]bool, n), sees: make([]bool, n)})
	want := []game.Event{{Ev: "attacked", Target: 1, Damage: []int{30, 0}}, {Ev: "destroyed", Unit: 1}}
	if len(got) != 2 || !reflect.DeepEqual(got[0].Event, want[0]) || !reflect.DeepEqual(got[1].Event, want[1]) {
		t.Fatalf("side 1 was told %+v, want %+v", got, want)
	}
	got = tell(h.m, 2, ev, both, both)
	if len(got) < 2 || !reflect.DeepEqual(got[0].Event, ev[0]) || !reflect.DeepEqual(got[1].Event, ev[1]) {
		t.Fatalf("side 2 was told %+v, want the events whole", got)
	}
}
