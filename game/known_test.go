package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestKnownAnswersAsTheMatch plays random three-side matches (sides 1
// and 3 a team) and, every few commands, builds each side's Known match
// from its view and the scenario as it knows it (KnownTo) alone: it gives the same view and sees the same cells,
// and for the side in turn its units' reach, ways and attack forecasts
// are the whole match's.
func TestKnownAnswersAsTheMatch(t *testing.T) {
	checked := 0
	for trial := range 6 {
		g := hillyGrid(t, 20, 15, uint64(700+trial))
		sc := randomScenario(g, 3, 4, uint64(trial+1))
		sc.Sides[2].Team = 1
		m := start(t, g, sc)
		rnd := rand.New(rand.NewPCG(uint64(trial), 77))
		for range 25 {
			playRandom(t, m, rnd, 4)
			for _, sd := range sc.Sides {
				k, err := Known(g, sc.KnownTo(sd.Side), sd.Side, m.View(sd.Side), m.SideInTurn())
				if err != nil {
					t.Fatalf("trial %d side %d: %v", trial, sd.Side, err)
				}
				if why := knownDiffers(m, k, sd.Side, rnd); why != "" {
					t.Fatalf("trial %d after %d commands, side %d: %s", trial, len(m.Log()), sd.Side, why)
				}
				checked++
			}
		}
	}
	t.Logf("%d views checked", checked)
}

// knownDiffers is how Known match k of side s answers otherwise than
// the whole match m, "" when it does not.
func knownDiffers(m, k *Match, s int, rnd *rand.Rand) string {
	a, _ := json.Marshal(m.View(s))
	b, _ := json.Marshal(k.View(s))
	if string(a) != string(b) {
		return fmt.Sprintf("view\n%s\nbuilt as\n%s", a, b)
	}
	for i := range m.occupant {
		if m.Sees(s, i) != k.Sees(s, i) {
			return fmt.Sprintf("sees cell %d: %v, built %v", i, m.Sees(s, i), k.Sees(s, i))
		}
	}
	if m.SideInTurn() != s {
		return ""
	}
	for _, u := range m.Units() {
		if u.Side != s {
			continue
		}
		ra, rb := m.Reach(u.ID, nil), k.Reach(u.ID, nil)
		slices.Sort(ra)
		slices.Sort(rb)
		if !slices.Equal(ra, rb) {
			return fmt.Sprintf("unit %d reaches %v, built %v", u.ID, ra, rb)
		}
		for range 6 {
			to := rnd.IntN(len(m.occupant))
			ca, da, oka := m.Way(u.ID, to)
			cb, db, okb := k.Way(u.ID, to)
			if oka != okb || !slices.Equal(ca, cb) || !slices.Equal(da, db) {
				return fmt.Sprintf("unit %d's way to %d: %v %v, built %v %v", u.ID, to, ca, da, cb, db)
			}
		}
		for _, e := range m.Units() {
			if e.Side == s || !m.Sees(s, e.Cell) {
				continue
			}
			fa, ea := m.Forecast(u.ID, e.Cell)
			fb, eb := k.Forecast(u.ID, e.Cell)
			if fmt.Sprint(ea) != fmt.Sprint(eb) || !reflect.DeepEqual(fa, fb) {
				return fmt.Sprintf("unit %d on unit %d: %+v %v, built %+v %v", u.ID, e.ID, fa, ea, fb, eb)
			}
		}
	}
	return ""
}
