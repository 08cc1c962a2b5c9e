package nav

import "math"

// ringSize bounds how far apart the priorities in the queue may be. A
// step raises the distance by less than twice its cost (the turn rule
// wastes at most the cost's worth of the turn) and the heuristic changes
// by at most 1 per step, so every queued priority lies within
// 2·maxCost+1 of the lowest one: a ring of buckets that size or larger
// (Dial's algorithm) holds them all.
const ringSize = 64

var _ [ringSize - 2*maxCost - 2]struct{} // fails to compile if the ring is too small

// bucketQueue is a monotone priority queue of cells with small integer
// priorities (Catlike's HexCellPriorityQueue is one too): one bucket per
// priority modulo ringSize, popped lowest first, last in first out within
// a bucket. A cell whose priority improves is pushed again; the search
// skips the stale entry when it comes up. Buckets keep their storage.
type bucketQueue struct {
	buckets [ringSize][]int32
	cur     int // the lowest priority that may still hold entries
	n       int // entries held
}

func (q *bucketQueue) reset() {
	for k := range q.buckets {
		q.buckets[k] = q.buckets[k][:0]
	}
	q.n = 0
	q.cur = math.MaxInt
}

// push queues cell c at priority p, which must not be below the last
// priority popped (the search is monotone).
func (q *bucketQueue) push(p int, c int32) {
	q.cur = min(q.cur, p)
	b := &q.buckets[p&(ringSize-1)]
	*b = append(*b, c)
	q.n++
}

// add is push for a priority known not to be below the lowest queued
// one, which every step of the search is: the inner loop's push.
func (q *bucketQueue) add(p int, c int32) {
	b := &q.buckets[p&(ringSize-1)]
	*b = append(*b, c)
	q.n++
}

// pop removes an entry of the lowest priority.
func (q *bucketQueue) pop() (p int, c int32, ok bool) {
	for q.n > 0 {
		b := &q.buckets[q.cur&(ringSize-1)]
		if k := len(*b) - 1; k >= 0 {
			c = (*b)[k]
			*b = (*b)[:k]
			q.n--
			return q.cur, c, true
		}
		q.cur++
	}
	return 0, 0, false
}
