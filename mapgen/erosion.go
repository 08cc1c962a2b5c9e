package mapgen

// Erosion (Catlike part 24): cells at the top of a cliff are worn down
// one step at a time, the material moving to a neighbour at the bottom of
// the cliff, until the erosion percentage of the first count of such
// cells is gone.

// erodible is the set of erodible cells as a list to pick from at random,
// with each member's position so that membership tests and removals are
// immediate (Catlike searches its list; the set and the picks are the
// same, only the order within the list differs).
type erodible struct {
	list []int
	at   []int32 // position in list, or -1
}

func (e *erodible) has(i int) bool { return e.at[i] >= 0 }

func (e *erodible) add(i int) {
	e.at[i] = int32(len(e.list))
	e.list = append(e.list, i)
}

func (e *erodible) remove(i int) {
	k := e.at[i]
	last := e.list[len(e.list)-1]
	e.list[k] = last
	e.at[last] = k
	e.list = e.list[:len(e.list)-1]
	e.at[i] = -1
}

// erodeLand erodes until only (100 − erosion percentage)% of the initial
// number of erodible cells remain erodible.
func (gen *generation) erodeLand() {
	set := erodible{at: make([]int32, gen.cells)}
	for i := range gen.cells {
		set.at[i] = -1
		if gen.isErodible(i) {
			set.add(i)
		}
	}
	gen.rep.ErodibleBefore = len(set.list)
	target := len(set.list) * (100 - gen.ErosionPercentage) / 100
	for len(set.list) > target {
		cell := set.list[gen.rangeInt(0, len(set.list))]
		to := gen.erosionTarget(cell)
		gen.elevation[cell]--
		gen.elevation[to]++
		if !gen.isErodible(cell) {
			set.remove(cell)
		}
		// Lowering cell makes a cliff of every neighbour now two above it.
		for _, n := range gen.neighbors(cell) {
			if n >= 0 && gen.elevation[n] == gen.elevation[cell]+2 && !set.has(int(n)) {
				set.add(int(n))
			}
		}
		if gen.isErodible(to) && !set.has(to) {
			set.add(to)
		}
		// Raising the target may end the cliffs of neighbours above it.
		for _, n := range gen.neighbors(to) {
			if n >= 0 && int(n) != cell && gen.elevation[n] == gen.elevation[to]+1 &&
				!gen.isErodible(int(n)) && set.has(int(n)) {
				set.remove(int(n))
			}
		}
	}
	gen.rep.ErodibleAfter = len(set.list)
}

// isErodible reports whether a neighbour of cell i lies two or more
// steps below it.
func (gen *generation) isErodible(i int) bool {
	low := gen.elevation[i] - 2
	for _, n := range gen.neighbors(i) {
		if n >= 0 && gen.elevation[n] <= low {
			return true
		}
	}
	return false
}

// erosionTarget picks at random one of the neighbours at the bottom of a
// cliff of cell i.
func (gen *generation) erosionTarget(i int) int {
	var candidates [6]int
	k := 0
	low := gen.elevation[i] - 2
	for _, n := range gen.neighbors(i) {
		if n >= 0 && gen.elevation[n] <= low {
			candidates[k] = int(n)
			k++
		}
	}
	return candidates[gen.rangeInt(0, k)]
}
