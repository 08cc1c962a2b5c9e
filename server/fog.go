package server

import (
	"slices"

	"hexsandbox/game"
	"hexsandbox/online"
)

// knowledge is what a side has been told: the units and towns of its
// view (game.Match.View) when it was last told anything, in id order,
// the cells it had explored then and those it saw.
type knowledge struct {
	units    []game.UnitView
	towns    []game.TownView
	explored []bool // per cell index
	sees     []bool // per cell index
}

// know is side s's knowledge now.
func know(m *game.Match, s int) *knowledge {
	v := m.View(s)
	n := m.Grid().Topology().CellCount()
	k := &knowledge{units: v.Units, towns: v.Towns, explored: make([]bool, n), sees: make([]bool, n)}
	w := m.Grid().Topology().Width
	for _, c := range v.Explored {
		k.explored[c[0]+c[1]*w] = true
	}
	for i := range k.sees {
		k.sees[i] = m.Sees(s, i)
	}
	return k
}

func (k *knowledge) unit(id int) (game.UnitView, bool) {
	i, ok := slices.BinarySearchFunc(k.units, id, func(u game.UnitView, id int) int { return u.ID - id })
	if !ok {
		return game.UnitView{}, false
	}
	return k.units[i], true
}

func (k *knowledge) town(id int) (game.TownView, bool) {
	i, ok := slices.BinarySearchFunc(k.towns, id, func(t game.TownView, id int) int { return t.ID - id })
	if !ok {
		return game.TownView{}, false
	}
	return k.towns[i], true
}

// tell is what side s may be told of the events ev of one command, from
// what it knew before (prev) and knows after (cur), and the "seen"
// message with what changed in its view; both only ever hold what s's
// view held before or holds now, or cells s sees now.
//
// Every rule reads one of the views: a side sees a unit's move on the
// cells it saw both before and after the command (for a unit of its
// team, all of it); a battle when it saw both units, or, when the
// target was its own and the attacker unseen, the damage its unit
// took; a unit destroyed when it saw it (by whom only when it saw that
// unit too); a unit healed, produced, spawned or damaged when it sees
// it (damaged to death: when it saw it); a town taken when it knows the
// town; what a town builds only when the town is its own; a script's
// message to it or to all, its objectives and the cells revealed to it.
// Turns, eliminations and the end go to every side. Events of a kind
// not listed here (a script's errors among them) go to no seat: a new
// kind of event must be given a rule before anyone sees it.
func tell(m *game.Match, s int, ev []game.Event, prev, cur *knowledge) []online.Message {
	var out []online.Message
	told := map[int]bool{} // units whose destruction s was told
	for _, e := range ev {
		switch e.Ev {
		case "turn", "eliminated", "won", "draw":
			out = append(out, online.Message{Event: e})
		case "moved":
			if e := sawMove(m, s, e, prev, cur); e != nil {
				out = append(out, online.Message{Event: *e})
			}
		case "attacked":
			_, aSeen := prev.unit(e.Unit)
			d, dSeen := prev.unit(e.Target)
			switch {
			case aSeen && dSeen:
				out = append(out, online.Message{Event: e})
			case dSeen && sameTeam(m, d.Side, s) && len(e.Damage) == 2:
				out = append(out, online.Message{Event: game.Event{Ev: "attacked", Target: e.Target, Damage: []int{e.Damage[0], 0}}})
			}
		case "destroyed":
			if _, ok := prev.unit(e.Unit); ok {
				if _, seen := prev.unit(e.By); !seen {
					e.By = 0
				}
				told[e.Unit] = true
				out = append(out, online.Message{Event: e})
			}
		case "healed", "produced", "spawned", "damaged":
			_, now := cur.unit(e.Unit)
			_, before := prev.unit(e.Unit)
			if now || e.Ev == "damaged" && e.HP == 0 && before {
				out = append(out, online.Message{Event: e})
			}
		case "message":
			if e.Side == nil || *e.Side == 0 || *e.Side == s {
				out = append(out, online.Message{Event: e})
			}
		case "objectives", "revealed":
			if e.Side != nil && *e.Side == s {
				out = append(out, online.Message{Event: e})
			}
		case "taken":
			if _, ok := cur.town(e.Town); ok {
				out = append(out, online.Message{Event: e})
			}
		case "builds":
			if t, ok := cur.town(e.Town); ok && t.Owner == s {
				out = append(out, online.Message{Event: e})
			}
		}
	}
	if seen, ok := diff(m, prev, cur, told); ok {
		out = append(out, seen)
	}
	return out
}

// sawMove is the part of a move side s saw: all of it for a unit of its
// team, else the cells of its path s saw before the command and sees
// after it (nil: none). Within one command a side's sight changes only
// by the command's events, so a cell seen at both ends was seen while
// the unit crossed it.
func sawMove(m *game.Match, s int, e game.Event, prev, cur *knowledge) *game.Event {
	if u, ok := cur.unit(e.Unit); ok && sameTeam(m, u.Side, s) {
		return &e
	}
	w := m.Grid().Topology().Width
	var path []game.Cell
	for _, c := range e.Path {
		if i := c[0] + c[1]*w; prev.sees[i] && cur.sees[i] {
			path = append(path, c)
		}
	}
	if len(path) == 0 {
		return nil
	}
	e.Path = path
	return &e
}

// sameTeam reports whether sides a and b are on one team.
func sameTeam(m *game.Match, a, b int) bool {
	ta, tb := 0, -1
	for _, sd := range m.Scenario().Sides {
		team := sd.Team
		if team == 0 {
			team = sd.Side
		}
		if sd.Side == a {
			ta = team
		}
		if sd.Side == b {
			tb = team
		}
	}
	return ta == tb
}

// diff is the "seen" message from prev to cur: units seen now that were
// not, or whose cell, health, type or moves changed; units no longer
// seen (but those whose destruction was told); towns known anew or
// changed; cells newly explored. ok is false when nothing changed.
func diff(m *game.Match, prev, cur *knowledge, told map[int]bool) (online.Message, bool) {
	msg := online.Message{Event: game.Event{Ev: "seen"}}
	for _, u := range cur.units {
		if p, ok := prev.unit(u.ID); !ok || !sameUnit(p, u) {
			msg.Units = append(msg.Units, u)
		}
	}
	for _, p := range prev.units {
		if _, ok := cur.unit(p.ID); !ok && !told[p.ID] {
			msg.Hidden = append(msg.Hidden, p.ID)
		}
	}
	for _, t := range cur.towns {
		if p, ok := prev.town(t.ID); !ok || !sameTown(p, t) {
			msg.Towns = append(msg.Towns, t)
		}
	}
	w := m.Grid().Topology().Width
	for i, e := range cur.explored {
		if e && !prev.explored[i] {
			msg.Explored = append(msg.Explored, game.Cell{i % w, i / w})
		}
	}
	return msg, msg.Units != nil || msg.Hidden != nil || msg.Towns != nil || msg.Explored != nil
}

func sameUnit(a, b game.UnitView) bool {
	return a.Type == b.Type && a.Side == b.Side && a.Cell == b.Cell && a.HP == b.HP && sameInt(a.Moves, b.Moves)
}

func sameTown(a, b game.TownView) bool {
	return a.Name == b.Name && a.Cell == b.Cell && a.Owner == b.Owner && a.Builds == b.Builds && sameInt(a.Stock, b.Stock)
}

func sameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
