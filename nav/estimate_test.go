package nav

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The bound equals k steps of the cheapest cost taken one by one under
// the turn rule (oracleTurnRule) whenever a turn holds a
// cheapest step, and never exceeds it otherwise: a lower bound on any k
// steps, as each costs at least that much.
func TestEstimateIsTheTurnRuleAtTheCheapestStep(t *testing.T) {
	for unit := 1; unit <= maxCost; unit++ {
		for _, speed := range []int{1, 2, 3, 4, 5, 6, 7, 11, 19, 24, 25, 100} {
			e := newEstimate(unit, speed)
			for d := 0; d <= 3*speed+2; d++ {
				walk := d
				for k := 0; k <= 40; k++ {
					got := e.bound(d, turnEnd(d, speed), k)
					if (unit <= speed && got != walk) || got > walk {
						t.Fatalf("unit %d speed %d from %d, %d steps: bound %d, the rule step by step %d", unit, speed, d, k, got, walk)
					}
					walk = oracleTurnRule(walk, unit, speed)
				}
			}
		}
	}
}

// The queue pops every entry pushed, in priority order, even when
// pushes lie further ahead than its ring of buckets reaches (they wait
// aside until it does) or far beyond it (the ring jumps there).
func TestQueuePopsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var q bucketQueue
	for round := range 20 {
		q.reset()
		type entry struct{ p, c int }
		var want []entry
		spread := []int{10, ringSize, 5 * ringSize, 100000}[round%4]
		low := rng.IntN(1000)
		q.push(low, 0)
		want = append(want, entry{low, 0})
		var got []entry
		for c := 1; c < 300; c++ {
			if rng.IntN(3) == 0 { // pop between pushes, as a search does
				p, cell, ok := q.pop()
				if !ok {
					t.Fatal("the queue ran dry early")
				}
				got = append(got, entry{p, int(cell)})
				low = p
			}
			p := low + rng.IntN(spread)
			q.add(p, int32(c))
			want = append(want, entry{p, c})
		}
		for {
			p, cell, ok := q.pop()
			if !ok {
				break
			}
			got = append(got, entry{p, int(cell)})
		}
		if len(got) != len(want) {
			t.Fatalf("round %d: %d popped of %d pushed", round, len(got), len(want))
		}
		for k := 1; k < len(got); k++ {
			if got[k].p < got[k-1].p {
				t.Fatalf("round %d: priority %d popped after %d", round, got[k].p, got[k-1].p)
			}
		}
		pushed := slices.SortedFunc(slices.Values(want), func(a, b entry) int { return a.c - b.c })
		popped := slices.SortedFunc(slices.Values(got), func(a, b entry) int { return a.c - b.c })
		if !slices.Equal(pushed, popped) {
			t.Fatalf("round %d: the popped entries are not the pushed ones", round)
		}
	}
}
