package game

// View is what a side knows: its own units, the other sides' units it
// sees now, the towns on cells it has explored (what they build and
// their stock only for its own), and the cells it has explored.
type View struct {
	Side  int  `json:"side"`
	Round int  `json:"round"`
	Over  bool `json:"over,omitempty"`
	// Objectives is what the script last set as the side's objectives.
	Objectives string     `json:"objectives,omitempty"`
	Units      []UnitView `json:"units"`
	Towns      []TownView `json:"towns"`
	Explored   []Cell     `json:"explored"`
}

// UnitView is a unit as a side sees it (Moves only for its own).
type UnitView struct {
	ID    int    `json:"id"`
	Type  string `json:"type"`
	Side  int    `json:"side"`
	Cell  Cell   `json:"cell"`
	HP    int    `json:"hp"`
	Moves *int   `json:"moves,omitempty"`
}

// TownView is a town as a side knows it (Builds and Stock only for its
// own).
type TownView struct {
	ID     int    `json:"id"`
	Name   string `json:"name"`
	Cell   Cell   `json:"cell"`
	Owner  int    `json:"owner"`
	Builds string `json:"builds,omitempty"`
	Stock  *int   `json:"stock,omitempty"`
}

// Objectives is side s's objectives as the script last set them (or
// the scenario's starting ones), "" for none or a side not playing.
func (m *Match) Objectives(s int) string {
	if k := m.sideIndex(s); k >= 0 {
		return m.st.Sides[k].Objectives
	}
	return ""
}

// View is what side s knows now (the side in turn for the protocol's
// view command).
func (m *Match) View(s int) View {
	v := View{Side: s, Round: m.st.Round, Over: m.st.Over, Units: []UnitView{}, Towns: []TownView{}, Explored: []Cell{}}
	v.Objectives = m.Objectives(s)
	for id := 1; id <= len(m.st.Units); id++ {
		u := &m.st.Units[id-1]
		if u.HP == 0 || (u.Side != s && !m.Sees(s, u.Cell)) {
			continue
		}
		uv := UnitView{ID: id, Type: m.unitType(u).Name, Side: u.Side, Cell: m.offset(u.Cell), HP: u.HP}
		if u.Side == s {
			moves := u.Moves
			uv.Moves = &moves
		}
		v.Units = append(v.Units, uv)
	}
	for id := 1; id <= len(m.st.Towns); id++ {
		t := &m.st.Towns[id-1]
		if !m.Explored(s, t.Cell) {
			continue
		}
		tv := TownView{ID: id, Name: t.Name, Cell: m.offset(t.Cell), Owner: t.Owner}
		if t.Owner == s {
			stock := t.Stock
			tv.Builds, tv.Stock = m.rules.Types[t.Builds].Name, &stock
		}
		v.Towns = append(v.Towns, tv)
	}
	for i := range m.st.Explored {
		if m.Explored(s, i) {
			v.Explored = append(v.Explored, m.offset(i))
		}
	}
	return v
}

// Summary is a match's standing: how many commands it has taken, whose
// turn it is, whether it is over and who won (team 0 for a draw), each
// side's standing, and the state hash.
type Summary struct {
	Commands int           `json:"commands"`
	Round    int           `json:"round"`
	Side     int           `json:"side"`
	Over     bool          `json:"over"`
	Winner   int           `json:"winner,omitempty"`
	Sides    []SideSummary `json:"sides"`
	Hash     string        `json:"hash"`
}

// SideSummary is one side's standing.
type SideSummary struct {
	Side  int  `json:"side"`
	Team  int  `json:"team"`
	Alive bool `json:"alive"`
	Units int  `json:"units"`
	Towns int  `json:"towns"`
	Score int  `json:"score"`
}

// Summary is the match's standing now.
func (m *Match) Summary() Summary {
	s := Summary{Commands: len(m.log), Round: m.st.Round, Side: m.SideInTurn(), Over: m.st.Over, Winner: m.st.Winner, Hash: m.Hash()}
	for _, sd := range m.st.Sides {
		ss := SideSummary{Side: sd.Side, Team: sd.Team, Alive: sd.Alive, Score: m.Score(sd.Side)}
		for _, u := range m.st.Units {
			if u.HP > 0 && u.Side == sd.Side {
				ss.Units++
			}
		}
		for _, t := range m.st.Towns {
			if t.Owner == sd.Side {
				ss.Towns++
			}
		}
		s.Sides = append(s.Sides, ss)
	}
	return s
}
