//go:build xvfb

package editor

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
)

// shortGame is where the cells of shortGameMap's short game are.
type shortGame struct {
	home    int // blue's town, its spearman on it
	town    int // the neutral town next to it
	red     int // red's scout, next to the neutral town
	rider   int // blue's horseman, next to red's town
	redTown int
}

// shortGameMap is matchMap's map (a generated 40×30 continents map with
// fair starts for two sides, a neutral town next to blue's spearman and a
// red scout beside it) arranged for a game of a few rounds: red keeps
// only that scout and its town, a blue horseman stands next to red's
// town, and blue's home town yields at least 8 a turn (urban level 3,
// farms around), so that a scout (cost 15) is ready by round 2, a
// spearman (25) not.
func shortGameMap(t testing.TB) (*hexmap.Grid, shortGame) {
	grid, spear, town, red := matchMap(t, 11)
	top := grid.Topology()
	sg := shortGame{home: spear, town: town, red: red, redTown: -1}
	for _, tw := range grid.Towns() {
		if tw.Owner == 2 {
			sg.redTown, _ = top.Index(tw.Location)
		}
	}
	var reds []int
	for _, u := range grid.Units() {
		if c, _ := top.Index(u.Location); u.Side == 2 && c != red {
			reds = append(reds, c)
		}
	}
	for _, c := range reds {
		grid.RemoveUnit(c)
	}
	grid.SetUrbanLevel(spear, hexmap.MaxLevel)
	for d := hexmap.NE; d <= hexmap.NW; d++ {
		if nb, ok := top.Neighbor(spear, d); ok && !grid.Cell(nb).IsUnderwater() {
			grid.SetFarmLevel(nb, max(1, int(grid.Cell(nb).FarmLevel)))
		}
	}
	sg.rider = -1
	for d := hexmap.NE; d <= hexmap.NW && sg.rider < 0; d++ {
		nb, ok := top.Neighbor(sg.redTown, d)
		if _, unit := grid.UnitAt(nb); !ok || unit || grid.Cell(nb).IsUnderwater() ||
			hexmap.EdgeTypeOf(int(grid.Cell(nb).Elevation), int(grid.Cell(sg.redTown).Elevation)) == hexmap.Cliff {
			continue
		}
		if err := grid.AddUnit(hexmap.Unit{Location: top.Coordinates(nb), Side: 1, Type: "horseman"}); err != nil {
			t.Fatal(err)
		}
		sg.rider = nb
	}
	if sg.redTown < 0 || sg.rider < 0 {
		t.Fatal("no room for a blue horseman next to red's town")
	}
	return grid, sg
}

// unitOn is the id of the unit of match m on cell c, failing when none.
func unitOn(t reporter, m *engine.Match, c int) int {
	id, ok := m.UnitAt(c)
	if !ok {
		t.Fatalf("no unit on cell %d", c)
	}
	return id
}

// lookAt centres the camera on cell c at a zoom where a cell is easily
// clicked, and lets the view settle.
func lookAt(c func() int) step {
	return seq(do(func(g *game) {
		x, z := g.sess.Grid.Topology().CellCenter(c())
		g.cam.X, g.cam.Z, g.cam.Zoom = float64(x), float64(z), 0.75
		g.cam.Clamp()
	}), wait(2))
}

// quickClock makes each tick of the editor's clock maxTravelStep long,
// the longest step that walks and battles move by, so that they take a
// sixth of the frames they take at 1/60 s a tick.
func quickClock() step {
	return do(func(g *game) {
		t0, n := g.clock.Now(), 0
		g.clock.source = func() time.Time { n++; return t0.Add(time.Duration(n) * maxTravelStep) }
	})
}

// A whole game through the window's input path, two people at one
// screen: New game on a generated 40×30 map (shortGameMap), where blue
// sets its town to build scouts in the town panel, moves its spearman
// onto the neutral town (taking it), sees the engine's forecast for an
// attack on red's scout and attacks; the map is saved mid-game and
// reopened, and the match goes on from the same state; the hand-over
// screens hide every pixel of the map; blue's town builds the scout in
// the round its stock, yield and cost give; blue's horseman takes red's
// town and blue's units attack red's scout until red is conquered; the
// end screen's Watch replay plays the match to its end, on the state the
// match ended on. The editor's clock steps maxTravelStep a tick
// (quickClock).
func TestPlayThroughAGame(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	grid, sg := shortGameMap(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		var covered *image.RGBA
		var spearID, redID, homeID, blueUnits, built int
		var hash string
		count := func(side int) int {
			n := 0
			for _, u := range m().Units() {
				if u.Side == side {
					n++
				}
			}
			return n
		}
		next := func(g *game) step { // blue attacks red's scout, its horseman takes red's town
			switch {
			case g.play.cover != nil:
				return passCover(t, in)
			case m().SideInTurn() == 2:
				return tap(in, ebiten.KeyEnter)
			}
			if id, ok := m().UnitAt(sg.rider); ok && m().SideInTurn() == 1 {
				if u, _ := m().Unit(id); u.Side == 1 && u.Moves > 0 {
					return seq(lookAt(func() int { return sg.rider }), clickCell(in, func() int { return sg.rider }),
						clickCell(in, func() int { return sg.redTown }), untilStill(t, 10*time.Second))
				}
			}
			for _, u := range m().Units() {
				if u.Side != 1 || u.Moves == 0 {
					continue
				}
				for _, r := range m().Units() {
					if _, err := m().Forecast(u.ID, r.Cell); r.Side == 2 && err == nil {
						return seq(lookAt(func() int { return r.Cell }), clickCell(in, func() int { return u.Cell }),
							clickCell(in, func() int { return r.Cell }), untilStill(t, 10*time.Second))
					}
				}
			}
			return tap(in, ebiten.KeyEnter)
		}
		return []step{
			wait(2),
			fullWindow(t),
			quickClock(),
			do(func(g *game) { g.sess.Replace("", grid, false); g.resetView() }),
			openNewGame(t, in),
			click(t, "Generate one"), // to "This map"
			wait(1),
			click(t, "Computer (normal)"),
			wait(1),
			click(t, "Computer (hard)"), // to a person
			wait(1),
			click(t, "Start"),
			coverShown(t, "blue's hand-over screen"),
			grab(&covered),
			do(func(g *game) {
				checkCovered(t, g, covered)
				if s := g.play.session; s.humans() != 2 || m().Scenario().Victory.Rounds != 0 {
					t.Fatalf("New game: %d people, round limit %d", s.humans(), m().Scenario().Victory.Rounds)
				}
				spearID, redID = unitOn(t, m(), sg.home), unitOn(t, m(), sg.red)
				homeID, _ = m().TownAt(sg.home)
				blueUnits = count(1)
			}),
			passCover(t, in),

			// Production: the spearman selected, a second click on it in
			// its town opens the town's panel; scouts instead of spearmen.
			lookAt(func() int { return sg.home }),
			clickCell(in, func() int { return sg.home }),
			clickCell(in, func() int { return sg.home }),
			wait(2),
			do(func(g *game) {
				if g.play.town.town != homeID {
					t.Fatalf("the second click on the spearman opened town %d's panel, want %d", g.play.town.town, homeID)
				}
			}),
			clickAt(in, func(g *game) (int, int) {
				k, _ := m().Rules().TypeIndex("scout")
				r := g.play.town.rows[k].at
				return (r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2
			}),
			wait(1),
			do(func(g *game) {
				tw := m().Towns()[homeID-1]
				ty := m().Rules().Types[tw.Builds]
				if ty.Name != "scout" {
					t.Fatalf("blue's town builds %s after choosing scouts", ty.Name)
				}
				y := m().TownYield(homeID).Total()
				built = 1 + (ty.Cost-tw.Stock+y-1)/y
				if spear, _ := m().Rules().TypeIndex("spearman"); built != 2 || tw.Stock+y >= m().Rules().Types[spear].Cost {
					t.Fatalf("stock %d, yield %d: a scout in round %d, a spearman by round 2 too", tw.Stock, y, built)
				}
			}),

			// A move that takes the neutral town.
			clickCell(in, func() int { return sg.home }), // closes the panel, selects the spearman
			clickCell(in, func() int { return sg.town }),
			untilStill(t, 10*time.Second),
			do(func(g *game) {
				u, _ := m().Unit(spearID)
				tid, _ := m().TownAt(sg.town)
				if u.Cell != sg.town || m().Towns()[tid-1].Owner != 1 {
					t.Fatalf("the spearman on %d (sent to %d), the town's owner %d", u.Cell, sg.town, m().Towns()[tid-1].Owner)
				}
			}),

			// The forecast over red's scout, then the attack.
			hoverCell(in, func() int { return sg.red }),
			wait(2),
			forecastShown(t, func() (*engine.Match, int, int) { return m(), spearID, sg.red }),
			clickCell(in, func() int { return sg.red }),
			untilStill(t, 10*time.Second),
			do(func(g *game) {
				log := m().Log()
				if last := log[len(log)-1]; last.Cmd != "attack" || last.Unit != spearID {
					t.Fatalf("the click on red's scout gave %+v", last)
				}
				if u, ok := m().Unit(redID); ok && u.HP == engine.MaxHP {
					t.Error("red's scout took no damage")
				}
				hash = m().Hash()
			}),

			// Saved mid-game, reopened: the same match goes on.
			saveAndReopenMatch(t, in, dir),
			do(func(g *game) {
				if m().Hash() != hash || m().SideInTurn() != 1 || g.play.session.humans() != 2 {
					t.Fatalf("reopened: hash %s (saved %s), side %d, %d people", m().Hash(), hash, m().SideInTurn(), g.play.session.humans())
				}
			}),
			passCover(t, in),
			endTurnToRed(t, in),
			passCover(t, in),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "blue's round 2 hand-over screen"),
			do(func(g *game) {
				id, ok := m().UnitAt(sg.home)
				u, _ := m().Unit(id)
				if !ok || u.Side != 1 || m().Rules().Types[u.Type].Name != "scout" || count(1) != blueUnits+1 || m().Round() != built {
					t.Errorf("round %d (want %d): on blue's town unit %+v, blue has %d units (had %d)", m().Round(), built, u, count(1), blueUnits)
				}
			}),

			// To the conquest.
			playUntil(t, 60, func(g *game) bool { over, _ := m().Over(); return over }, next),
			coverShown(t, "the end screen"),
			do(func(g *game) {
				if _, team := m().Over(); team != 1 || g.play.cover.box.lines[0].text != "Blue wins" {
					t.Errorf("the match ended won by team %d; the end screen says %q", team, g.play.cover.box.lines[0].text)
				}
				hash = m().Hash()
			}),
			clickAt(in, func(g *game) (int, int) {
				c := g.play.cover.buttons[0].at
				return (c.Min.X + c.Max.X) / 2, (c.Min.Y + c.Max.Y) / 2
			}),
			inReplayMode(t),
			replayToEnd(t, in, func() string { return hash }),
		}
	})
}
