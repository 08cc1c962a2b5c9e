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

// model is what a client builds from its seat's messages.
type model struct {
	units    map[int]game.UnitView
	towns    map[int]game.TownView
	explored map[game.Cell]bool
}

func (md *model) apply(t *testing.T, m online.Message) {
	switch m.Ev {
	case "destroyed":
		delete(md.units, m.Unit)
	case "seen":
		for _, u := range m.Units {
			md.units[u.ID] = u
		}
		for _, id := range m.Hidden {
			delete(md.units, id)
		}
		for _, tw := range m.Towns {
			md.towns[tw.ID] = tw
		}
		for _, c := range m.Explored {
			md.explored[c] = true
		}
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
	models := map[int]*model{}
	pre := map[int]game.View{}
	for _, sd := range sc.Sides {
		byN[sd.Side] = map[int][]online.Message{}
		for k, m := range messages(t, st, id, sd.Side) {
			if m.Seq != int64(k+1) {
				t.Fatalf("side %d: message %d has seq %d", sd.Side, k+1, m.Seq)
			}
			byN[sd.Side][m.N] = append(byN[sd.Side][m.N], m)
		}
		models[sd.Side] = &model{units: map[int]game.UnitView{}, towns: map[int]game.TownView{}, explored: map[game.Cell]bool{}}
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
				models[s].apply(t, m)
			}
			models[s].check(t, s, n, post, g.Topology().Width)
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

// check compares the model with the side's view after command n.
func (md *model) check(t *testing.T, s, n int, v game.View, w int) {
	t.Helper()
	if len(md.units) != len(v.Units) || len(md.towns) != len(v.Towns) || len(md.explored) != len(v.Explored) {
		t.Fatalf("side %d after command %d: the messages built %d units, %d towns, %d cells; the view has %d, %d, %d",
			s, n, len(md.units), len(md.towns), len(md.explored), len(v.Units), len(v.Towns), len(v.Explored))
	}
	for _, u := range v.Units {
		if !reflect.DeepEqual(md.units[u.ID], u) {
			t.Fatalf("side %d after command %d: unit %+v, the view has %+v", s, n, md.units[u.ID], u)
		}
	}
	for _, tw := range v.Towns {
		if !reflect.DeepEqual(md.towns[tw.ID], tw) {
			t.Fatalf("side %d after command %d: town %+v, the view has %+v", s, n, md.towns[tw.ID], tw)
		}
	}
	for _, c := range v.Explored {
		if !md.explored[c] {
			t.Fatalf("side %d after command %d: cell %v explored but never sent", s, n, c)
		}
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
