//go:build xvfb

package editor

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	engine "hexsandbox/game"
	"hexsandbox/hexmap"
	"hexsandbox/mapgen"
	"hexsandbox/saves"
)

// seq runs steps one after another as one step.
func seq(steps ...step) step {
	k := 0
	return func(g *game) bool {
		for k < len(steps) && steps[k](g) {
			k++
		}
		return k == len(steps)
	}
}

// stepwise runs steps one after another as one step, each beginning on a
// frame of its own, as a script's list of steps does (seq goes on at once).
func stepwise(steps ...step) step {
	k := 0
	return func(g *game) bool {
		if k < len(steps) && steps[k](g) {
			k++
		}
		return k == len(steps)
	}
}

// playUntil runs the step next gives, again and again, until done holds
// (checked between them), at most limit of them.
func playUntil(t reporter, limit int, done func(g *game) bool, next func(g *game) step) step {
	var cur step
	n := 0
	return func(g *game) bool {
		if cur != nil {
			if cur(g) {
				cur = nil
			}
			return false
		}
		if done(g) {
			return true
		}
		if n++; n > limit {
			t.Fatalf("not done after %d steps", limit)
		}
		cur = next(g)
		return false
	}
}

// playOn opens grid in the full window and switches to play mode.
func playOn(t reporter, in *scriptInput, grid *hexmap.Grid) step {
	return seq(openOn(t, grid), tap(in, ebiten.KeyTab))
}

// openOn opens grid in the full window, in edit mode.
func openOn(t reporter, grid *hexmap.Grid) step {
	return seq(
		wait(2),
		fullWindow(t),
		do(func(g *game) {
			g.sess.Replace("", grid, false)
			g.resetView()
		}),
	)
}

// coverShown waits for a cover screen over the window.
func coverShown(t reporter, what string) step {
	return waitFor(t, what, func(g *game) bool { return g.play.cover != nil })
}

// passCover clicks the hand-over screen away.
func passCover(t reporter, in *scriptInput) step {
	return seq(
		clickAt(in, func(*game) (int, int) { return 20, 20 }),
		waitFor(t, "the hand-over screen gone", func(g *game) bool { return g.play.cover == nil }),
	)
}

// checkCovered checks that frame img shows nothing but the cover: every
// pixel outside its text box and buttons is the cover's colour.
func checkCovered(t reporter, g *game, img *image.RGBA) {
	c := g.play.cover
	keep := []image.Rectangle{c.at.Inset(-2)} // the frame's line straddles the edge
	if c.chart != nil {
		keep = append(keep, c.chart.at.Inset(-2))
	}
	for _, b := range c.buttons {
		keep = append(keep, b.at.Inset(-2))
	}
	want := coverBack
	bad := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if slices.ContainsFunc(keep, func(r image.Rectangle) bool { return image.Pt(x, y).In(r) }) {
				continue
			}
			p := img.RGBAAt(x, y)
			if p.R != want.R || p.G != want.G || p.B != want.B {
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels outside the cover's text are not the cover's colour", bad)
	}
}

// matchMap is a generated 40×30 continents map with fair starts for two
// sides, plus a neutral town T next to blue's spearman (reached this
// turn with moves to spare) and a red scout R next to T.
func matchMap(t testing.TB, seed int64) (grid *hexmap.Grid, spear, town, red int) {
	for ; seed < 100; seed++ {
		if g, s, c, r, ok := tryMatchMap(t, seed); ok {
			return g, s, c, r
		}
	}
	t.Fatal("no seed gives a town site next to blue's spearman")
	return nil, 0, 0, 0
}

// tryMatchMap is matchMap on seed, or false when T and R do not fit.
func tryMatchMap(t testing.TB, seed int64) (grid *hexmap.Grid, spear, town, red int, found bool) {
	g, _, err := mapgen.Continents.Generator().GenerateMap(hexmap.Topology{Width: 40, Height: 30}, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := mapgen.PlaceStarts(g, 2, seed); err != nil {
		t.Fatal(err)
	}
	m, _, err := engine.NewMatch(g, engine.ScenarioOf(g))
	if err != nil {
		t.Fatal(err)
	}
	id := 0
	for _, u := range m.Units() {
		if u.Side == 1 && m.Rules().Types[u.Type].Name == "spearman" {
			id, spear = u.ID, u.Cell
		}
	}
	top := g.Topology()
	free := func(i int) bool {
		_, unit := m.UnitAt(i)
		_, twn := g.TownAt(i)
		return !unit && !twn && !g.Cell(i).IsUnderwater()
	}
	_, sz := top.Offset(spear)
	for _, c := range m.Reach(id, nil) {
		cells, dists, _ := m.Way(id, c)
		_, cz := top.Offset(c)
		if !free(c) || dists[len(dists)-1] > 18 || cz <= sz || len(cells) > 3 {
			continue
		}
		for d := hexmap.NE; d <= hexmap.NW; d++ {
			r, ok := g.Topology().Neighbor(c, d)
			_, rz := top.Offset(r)
			if !ok || !free(r) || rz <= cz || top.Distance(r, spear) < 2 ||
				hexmap.EdgeTypeOf(int(g.Cell(c).Elevation), int(g.Cell(r).Elevation)) == hexmap.Cliff {
				continue
			}
			if err := g.PlaceTown(hexmap.Town{Location: g.Topology().Coordinates(c), Name: "Testford"}); err != nil {
				t.Fatal(err)
			}
			if err := g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(r), Side: 2, Type: "scout"}); err != nil {
				t.Fatal(err)
			}
			return g, spear, c, r, true
		}
	}
	return nil, 0, 0, 0, false
}

// A match through the window's input path, two people at one screen on a
// generated 40×30 map: the hand-over screen hides the map (every pixel),
// blue selects its spearman, which takes a neutral town (so the move
// cannot be undone: the status line says why), the forecast of its
// attack on a red scout shows the engine's own numbers, a click attacks;
// End Turn hands over to red, who cannot select blue's spearman, and
// back to blue in round 2.
func TestPlayMatchHotSeat(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, spear, town, red := matchMap(t, 11)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var covered *image.RGBA
		var spearID, redID int
		m := func() *engine.Match { return g.play.session.match }
		return []step{
			playOn(t, in, grid),
			coverShown(t, "blue's hand-over screen"),
			grab(&covered),
			do(func(g *game) {
				checkCovered(t, g, covered)
				if !strings.Contains(g.play.cover.box.lines[0].text, "Blue's turn") {
					t.Errorf("hand-over says %q", g.play.cover.box.lines[0].text)
				}
				spearID, _ = m().UnitAt(spear)
				redID, _ = m().UnitAt(red)
			}),
			captureStep(t, filepath.Join(shots, "play-handover.png")),
			passCover(t, in),
			do(func(g *game) {
				x, z := grid.Topology().CellCenter(town)
				g.cam.X, g.cam.Z, g.cam.Zoom = float64(x), float64(z), 0.75
				g.cam.Clamp()
			}),
			wait(2),
			clickCell(in, func() int { return spear }),
			wait(1),
			do(func(g *game) {
				if g.play.selected != spearID {
					t.Fatalf("selected unit %d, want blue's spearman %d", g.play.selected, spearID)
				}
				if !slices.Contains(g.play.reachable(), town) {
					t.Error("the town's cell is not shaded as reached this turn")
				}
				if info := g.play.barInfo(); info.round != 1 || info.moves != "24 / 24" {
					t.Errorf("game bar: round %d, moves %q", info.round, info.moves)
				}
			}),
			clickCell(in, func() int { return town }),
			wait(1),
			do(func(g *game) {
				u, _ := m().Unit(spearID)
				tid, _ := m().TownAt(town)
				if u.Cell != town || m().Towns()[tid-1].Owner != 1 {
					t.Fatalf("after the click on the town: spearman on %d (want %d), town owner %d", u.Cell, town, m().Towns()[tid-1].Owner)
				}
			}),
			tap(in, ebiten.KeyZ, ebiten.KeyControl),
			wait(1),
			do(func(g *game) {
				if u, _ := m().Unit(spearID); u.Cell != town {
					t.Error("Ctrl+Z took back a move that took a town")
				}
				if n := g.liveNotice(); !strings.Contains(n, "Cannot undo") {
					t.Errorf("status line after a refused undo: %q", n)
				}
			}),
			hoverCell(in, func() int { return red }),
			wait(2),
			forecastShown(t, func() (*engine.Match, int, int) { return m(), spearID, red }),
			captureStep(t, filepath.Join(shots, "play-forecast.png")),
			clickCell(in, func() int { return red }),
			waitFor(t, "the battle shown", func(g *game) bool {
				b := g.play.session.battle
				return b != nil && b.t > battleTime/2
			}),
			captureStep(t, filepath.Join(shots, "play-battle.png")),
			do(func(g *game) {
				log := m().Log()
				if last := log[len(log)-1]; last.Cmd != "attack" || last.Unit != spearID {
					t.Fatalf("the click on the red scout gave %+v", last)
				}
				if u, ok := m().Unit(redID); ok && u.HP == engine.MaxHP {
					t.Error("the red scout took no damage")
				}
			}),
			endTurnToRed(t, in),
			passCover(t, in),
			do(func(g *game) {
				x, z := grid.Topology().CellCenter(town)
				g.cam.X, g.cam.Z = float64(x), float64(z)
			}),
			wait(2),
			clickCell(in, func() int { return town }),
			wait(1),
			do(func(g *game) {
				if g.play.selected != 0 {
					t.Errorf("red selected unit %d, blue's spearman", g.play.selected)
				}
			}),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "blue's second hand-over screen"),
			do(func(g *game) {
				if m().Round() != 2 || m().SideInTurn() != 1 || !strings.Contains(g.play.cover.box.lines[1].text, "Round 2") {
					t.Errorf("round %d side %d, the cover says %q", m().Round(), m().SideInTurn(), g.play.cover.box.lines[1].text)
				}
			}),
			passCover(t, in),
			do(func(g *game) {
				if info := g.play.barInfo(); info.round != 2 || info.side != 1 {
					t.Errorf("game bar: round %d side %d", info.round, info.side)
				}
				x, z := grid.Topology().CellCenter(spear)
				g.cam.X, g.cam.Z = float64(x), float64(z)
			}),
			wait(2),
			// Blue's home town, which its spearman left: its panel, and
			// archers instead of spearmen.
			clickCell(in, func() int { return spear }),
			wait(2),
			do(func(g *game) {
				if id, _ := m().TownAt(spear); g.play.town.town != id || len(g.play.town.rows) != len(m().Rules().Types) {
					t.Fatalf("town panel of town %d with %d rows, want town %d", g.play.town.town, len(g.play.town.rows), id)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-town.png")),
			clickAt(in, func(*game) (int, int) {
				k, _ := m().Rules().TypeIndex("archer")
				r := g.play.town.rows[k].at
				return (r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2
			}),
			wait(1),
			do(func(g *game) {
				id, _ := m().TownAt(spear)
				if k, _ := m().Rules().TypeIndex("archer"); m().Towns()[id-1].Builds != k {
					t.Errorf("the town builds type %d after choosing archers", m().Towns()[id-1].Builds)
				}
			}),
		}
	})
}

// forecastShown checks the forecast shown with the pointer over cell
// at, the unit id of match m selected (blue's, attacking red): the
// engine's own, and its strengths and damage ranges in the panel.
func forecastShown(t reporter, which func() (m *engine.Match, id, at int)) step {
	return do(func(g *game) {
		m, id, at := which()
		got, ok := g.play.hoverForecast()
		want, err := m.Forecast(id, at)
		if !ok || err != nil {
			t.Fatalf("no forecast over the red unit (%v)", err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("forecast shown %+v, the engine's %+v", got, want)
		}
		var text []string
		for _, l := range g.play.forecast.box.lines {
			text = append(text, l.text)
		}
		all := strings.Join(text, "\n")
		for _, s := range []string{
			"Strength " + tenths(want.Strength[0]) + " against " + tenths(want.Strength[1]),
			fmt.Sprintf("Red takes %d-%d of 100 hp, destroyed %d%%", want.ToTarget[0], want.ToTarget[1], want.DestroyPercent),
			fmt.Sprintf("Blue takes %d-%d of 100 hp", want.ToAttacker[0], want.ToAttacker[1]),
		} {
			if !strings.Contains(all, s) {
				t.Errorf("the forecast panel lacks %q:\n%s", s, all)
			}
		}
	})
}

// endTurnToRed ends blue's turn (Enter) and checks red's hand-over
// screen: it says so and hides every pixel of the map.
func endTurnToRed(t reporter, in *scriptInput) step {
	var covered *image.RGBA
	return seq(
		tap(in, ebiten.KeyEnter),
		coverShown(t, "red's hand-over screen"),
		grab(&covered),
		do(func(g *game) {
			checkCovered(t, g, covered)
			m := g.play.session.match
			if m.SideInTurn() != 2 || !strings.Contains(g.play.cover.box.lines[0].text, "Red's turn") {
				t.Errorf("after End Turn: side %d, %q", m.SideInTurn(), g.play.cover.box.lines[0].text)
			}
		}),
	)
}

// conquestMap is a flat 20×15 map: three blue horsemen round a red scout,
// no towns.
func conquestMap(t *testing.T) (*hexmap.Grid, int) {
	g, err := hexmap.NewGrid(20, 15, 1)
	if err != nil {
		t.Fatal(err)
	}
	scout := offsetOf(g, 10, 7)
	g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(scout), Side: 2, Type: "scout"})
	for _, d := range []hexmap.Direction{hexmap.W, hexmap.SW, hexmap.SE} {
		nb, _ := g.Topology().Neighbor(scout, d)
		g.AddUnit(hexmap.Unit{Location: g.Topology().Coordinates(nb), Side: 1, Type: "horseman"})
	}
	return g, scout
}

func offsetOf(g *hexmap.Grid, x, z int) int { return x + z*g.Topology().Width }

// A match played to a conquest through the input path: blue's horsemen
// attack the red scout (each click on the scout after one on a horseman)
// until it is destroyed, ending turns between; the end screen hides the
// map, names the winner and the rounds, offers Watch replay, Back to
// edit and New game, and Back to edit returns to edit mode.
func TestPlayConquest(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	shots := shotsDir(t)
	grid, scout := conquestMap(t)
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		var covered *image.RGBA
		m := func() *engine.Match { return g.play.session.match }
		next := func(g *game) step {
			if g.play.cover != nil {
				return passCover(t, in)
			}
			if m().SideInTurn() == 2 {
				return tap(in, ebiten.KeyEnter)
			}
			for _, u := range m().Units() {
				if u.Side == 1 && u.Moves > 0 {
					return seq(clickCell(in, func() int { return u.Cell }), clickCell(in, func() int { return scout }), wait(1))
				}
			}
			return tap(in, ebiten.KeyEnter)
		}
		return []step{
			playOn(t, in, grid),
			playUntil(t, 200, func(g *game) bool {
				over, _ := m().Over()
				return over
			}, next),
			coverShown(t, "the end screen"),
			grab(&covered),
			do(func(g *game) {
				checkCovered(t, g, covered)
				c := g.play.cover
				if c.box.lines[0].text != "Blue wins" || !strings.Contains(c.box.lines[1].text, fmt.Sprintf("after %d rounds", m().Round())) {
					t.Errorf("end screen: %q, %q", c.box.lines[0].text, c.box.lines[1].text)
				}
				var labels []string
				for _, b := range c.buttons {
					labels = append(labels, b.label)
				}
				if want := []string{"Watch replay", "Back to edit", "New game"}; !slices.Equal(labels, want) {
					t.Fatalf("end screen buttons %q, want %q", labels, want)
				}
			}),
			captureStep(t, filepath.Join(shots, "play-victory.png")),
			clickAt(in, func(*game) (int, int) {
				c := g.play.cover.buttons[1].at
				return (c.Min.X + c.Max.X) / 2, (c.Min.Y + c.Max.Y) / 2
			}),
			wait(1),
			do(func(g *game) {
				if g.mode != mode(g.edit) {
					t.Error("Back to edit did not return to edit mode")
				}
			}),
		}
	})
}

// within waits until cond holds, for at most d of the editor's clock
// (which a script steps by 1/60 s a tick, however slow the machine);
// then it reports that what did not happen.
func within(t reporter, d time.Duration, what string, cond func(g *game) bool) step {
	var start time.Time
	return func(g *game) bool {
		if cond(g) {
			return true
		}
		if start.IsZero() {
			start = g.clock.Now()
		}
		if g.clock.Now().Sub(start) > d {
			t.Errorf("%s within %v", what, d)
			return true
		}
		return false
	}
}

// fullWindow waits for the window to have its full size again (an
// earlier test may have shrunk it), at most a few seconds.
func fullWindow(t reporter) step {
	n := 0
	return func(g *game) bool {
		if g.win.w >= 1200 && g.win.h >= 700 {
			return true
		}
		if n++; n > 300 {
			t.Fatalf("the window stays %d×%d", g.win.w, g.win.h)
		}
		return false
	}
}

// setField types name into the newest dialog's text field.
func setField(t reporter, g *game, name string) {
	field := findIn(g, every[*textField])
	if field == nil {
		t.Fatal("the dialog has no text field")
	}
	field.SetText(name)
}

// untilStill waits for the move shown to end, at most limit of the
// editor's time.
func untilStill(t reporter, limit time.Duration) step {
	return within(t, limit, "the unit did not stop", func(g *game) bool {
		return !g.playing() || !g.play.session.walking()
	})
}

// farCell is a cell blue's selected unit reaches this turn whose centre
// no figure covers, at least two steps away.
func farCell(t reporter, g *game) int {
	s := g.play.session
	u, _ := s.match.Unit(g.play.selected)
	for _, c := range g.play.reachable() {
		x, y := g.cellScreen(c)
		pt := pointer{x: x, y: y, cell: c, ok: true}
		if _, covered := g.play.unitUnder(pt); !covered && g.sess.Grid.Topology().Distance(c, u.Cell) >= 2 &&
			image.Pt(x, y).In(g.mapRect().Inset(60)) && y > g.win.style.px(barHeight)+40 {
			return c
		}
	}
	t.Fatal("no free cell on screen reached this turn")
	return 0
}

// New game through the dialog (Ctrl+Shift+N): a generated 40×30 map for
// two people (the second side switched from the computer), Start plays
// it; blue moves its spearman, the map is saved mid-game (Ctrl+S) with
// its match, reopened (Ctrl+O), and the match goes on where it was: the
// same state hash, the spearman where it went, blue in turn, and End
// Turn hands over to red.
func TestPlayNewGameSaveReopen(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		var spearID, dest int
		var hash string
		return []step{
			openNewGame(t, in),
			click(t, "Computer (normal)"),
			wait(1),
			click(t, "Computer (hard)"),
			wait(1),
			click(t, "Start"),
			coverShown(t, "blue's hand-over screen"),
			do(func(g *game) {
				grid := g.sess.Grid
				if grid.Topology().Width != 40 || grid.Topology().Height != 30 || len(grid.Towns()) < 2 || g.play.session.humans() != 2 {
					t.Fatalf("new game: %d×%d, %d towns, %d people", grid.Topology().Width, grid.Topology().Height, len(grid.Towns()), g.play.session.humans())
				}
				for _, u := range m().Units() {
					if u.Side == 1 && m().Rules().Types[u.Type].Name == "spearman" {
						spearID = u.ID
					}
				}
				// The game opens close over blue's start, not on the whole
				// map fitted (where a unit is a speck): blue's town is in view.
				town := -1
				for _, tw := range m().Towns() {
					if tw.Owner == 1 && town < 0 {
						town = tw.Cell
					}
				}
				x, y := g.cellScreen(town)
				if g.cam.Zoom != startZoom || !image.Pt(x, y).In(g.mapRect().Inset(40)) {
					t.Errorf("the game opens at zoom %.2f with blue's town at (%d, %d), want zoom %.2f and the town within %v", g.cam.Zoom, x, y, startZoom, g.mapRect().Inset(40))
				}
			}),
			passCover(t, in),
			tap(in, ebiten.KeyN),
			wait(1),
			do(func(g *game) {
				first := 0
				for _, u := range m().Units() {
					if u.Side == 1 && first == 0 {
						first = u.ID
					}
				}
				if g.play.selected != first {
					t.Errorf("N selected unit %d, want blue's first, %d", g.play.selected, first)
				}
			}),
			tap(in, ebiten.KeyEscape),
			do(func(g *game) {
				u, _ := m().Unit(spearID)
				x, z := g.sess.Grid.Topology().CellCenter(u.Cell)
				g.cam.X, g.cam.Z, g.cam.Zoom = float64(x), float64(z), 0.6
				g.cam.Clamp()
			}),
			wait(2),
			clickCell(in, func() int { u, _ := m().Unit(spearID); return u.Cell }),
			wait(1),
			do(func(g *game) { dest = farCell(t, g) }),
			clickCell(in, func() int { return dest }),
			untilStill(t, 20*time.Second),
			do(func(g *game) {
				if u, _ := m().Unit(spearID); u.Cell != dest {
					t.Fatalf("the spearman is on %d, sent to %d", u.Cell, dest)
				}
				hash = m().Hash()
			}),
			saveAndReopenMatch(t, in, dir),
			do(func(g *game) {
				u, _ := m().Unit(spearID)
				if m().Hash() != hash || u.Cell != dest || m().SideInTurn() != 1 || len(m().Log()) != 1 {
					t.Errorf("reopened: hash %s (saved %s), spearman on %d (%d), side %d, %d commands", m().Hash(), hash, u.Cell, dest, m().SideInTurn(), len(m().Log()))
				}
			}),
			passCover(t, in),
			tap(in, ebiten.KeyEnter),
			coverShown(t, "red's hand-over screen"),
			do(func(g *game) {
				if m().SideInTurn() != 2 {
					t.Errorf("after End Turn in the reopened match: side %d", m().SideInTurn())
				}
			}),
		}
	})
}

// saveAndReopenMatch saves the map with its match mid-game and opens
// it again, until blue's hand-over screen is up.
func saveAndReopenMatch(t reporter, in *scriptInput, dir string) step {
	return seq(
		saveAndReopen(t, in, dir, "midgame", func(match []byte) {
			if match == nil {
				t.Fatal("the saved file has no match")
			}
		}),
		coverShown(t, "blue's hand-over screen after opening"),
	)
}

// saveAndReopen saves the map under name in dir (Ctrl+S), hands the
// match the file carries to check, and opens the file again (Ctrl+O)
// from edit mode.
func saveAndReopen(t reporter, in *scriptInput, dir, name string, check func(match []byte)) step {
	return stepwise(
		key(in, ebiten.KeyS, false),
		waitForField(t, "the Save dialog"),
		do(func(g *game) { setField(t, g, name) }),
		click(t, "Save"),
		idle(),
		do(func(g *game) {
			_, info, err := saves.LoadFile(filepath.Join(dir, name+".hexmap"))
			if err != nil {
				t.Fatalf("the saved file: %v", err)
			}
			check(info.Match)
			g.setMode(g.edit)
		}),
		key(in, ebiten.KeyO, false),
		idle(),
		wait(1),
		pickMap(t, name),
		wait(1),
		click(t, "Open"),
		idle(),
	)
}

// A person against the computer (New game's default: blue a person, red
// the computer at normal): no hand-over screen between them; End Turn
// lets the computer play red's turn by commands, one a tick, and blue's
// next round comes back by itself.
func TestPlayAgainstComputer(t *testing.T) {
	dir, _ := newMapsDir(t)
	in := newScriptInput()
	runEditor(t, Options{MapsDir: dir}, in, func(g *game, t *checker) []step {
		m := func() *engine.Match { return g.play.session.match }
		var before int
		return []step{
			openNewGame(t, in),
			click(t, "Start"),
			waitFor(t, "play mode", func(g *game) bool { return g.playing() }),
			do(func(g *game) {
				if g.play.cover != nil || g.play.session.humans() != 1 || m().SideInTurn() != 1 {
					t.Errorf("against the computer: cover %v, %d people, side %d in turn", g.play.cover != nil, g.play.session.humans(), m().SideInTurn())
				}
				before = len(m().Log())
			}),
			tap(in, ebiten.KeyEnter),
			within(t, 60*time.Second, "blue's second round", func(g *game) bool {
				return m().Round() == 2 && m().SideInTurn() == 1
			}),
			do(func(g *game) {
				if n := len(m().Log()) - before; n < 3 {
					t.Errorf("red's turn took %d commands: the computer did nothing", n-1)
				}
				if g.play.cover != nil || g.fogData().Side() != 1 {
					t.Errorf("back to blue: cover %v, the fog shows side %d", g.play.cover != nil, g.fogData().Side())
				}
			}),
		}
	})
}
