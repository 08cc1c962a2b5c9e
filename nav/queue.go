package nav

import "math"

// ringSize is how far apart the priorities in the ring of buckets may
// be. A step raises the distance by less than twice its cost (the turn
// rule wastes at most the cost's worth of the turn) and the bound of the
// heuristic (estimate) by a few cheapest steps more, so that in practice
// every queued priority lies well within 128 of the lowest one; any that
// does not waits in a list of its own (far) until the ring reaches it,
// so the order is right whatever the speed and costs.
const ringSize = 128

// bucketQueue is a monotone priority queue of cells with small integer
// priorities (Catlike's HexCellPriorityQueue is one too): one bucket per
// priority modulo ringSize, popped lowest first, last in first out within
// a bucket (so that among equally good cells the search goes on from the
// one it reached last, deeper towards the goal). A cell whose priority
// improves is pushed again; the search skips the stale entry when it
// comes up. Buckets keep their storage.
type bucketQueue struct {
	buckets [ringSize][]int32
	cur     int // the lowest priority that may still hold entries
	n       int // entries held in the ring
	far     []farEntry
	farMin  int // the lowest priority in far, MaxInt when empty
}

// farEntry is a queued cell whose priority lies beyond the ring.
type farEntry struct {
	p int
	c int32
}

func (q *bucketQueue) reset() {
	for k := range q.buckets {
		q.buckets[k] = q.buckets[k][:0]
	}
	q.n, q.far, q.farMin = 0, q.far[:0], math.MaxInt
	q.cur = math.MaxInt
}

// push queues cell c at priority p, which must not be below the last
// priority popped (the search is monotone).
func (q *bucketQueue) push(p int, c int32) {
	q.cur = min(q.cur, p)
	q.add(p, c)
}

// add is push for a priority known not to be below the lowest queued
// one, which every step of the search is: the inner loop's push.
func (q *bucketQueue) add(p int, c int32) {
	if p-q.cur >= ringSize {
		q.far = append(q.far, farEntry{p, c})
		q.farMin = min(q.farMin, p)
		return
	}
	q.put(p, c)
}

// put adds cell c to the bucket of priority p, which the ring reaches.
func (q *bucketQueue) put(p int, c int32) {
	b := &q.buckets[p&(ringSize-1)]
	*b = append(*b, c)
	q.n++
}

// pop removes an entry of the lowest priority.
func (q *bucketQueue) pop() (p int, c int32, ok bool) {
	for {
		if q.farMin < q.cur+ringSize {
			q.bringNear()
		}
		if q.n == 0 {
			if len(q.far) == 0 {
				return 0, 0, false
			}
			q.cur = q.farMin // nothing nearer: jump to the far entries
			continue
		}
		b := &q.buckets[q.cur&(ringSize-1)]
		if k := len(*b) - 1; k >= 0 {
			c = (*b)[k]
			*b = (*b)[:k]
			q.n--
			return q.cur, c, true
		}
		q.cur++
	}
}

// bringNear moves the far entries the ring now reaches into it.
func (q *bucketQueue) bringNear() {
	keep, low := q.far[:0], math.MaxInt
	for _, e := range q.far {
		if e.p-q.cur < ringSize {
			q.put(e.p, e.c)
		} else {
			keep = append(keep, e)
			low = min(low, e.p)
		}
	}
	q.far, q.farMin = keep, low
}
