package game

// rng is the match's one random generator: splitmix64 (Steele, Lea and
// Flood), whose whole state is one 64-bit counter, so that it saves and
// hashes as a number and gives the same draws on every platform.
type rng struct{ state uint64 }

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number uniform in 0..n-1 (n ≥ 1), rejecting the few
// values at the top of the 64-bit range that would favour small results.
func (r *rng) intn(n uint64) int {
	limit := -n % n // 2^64 mod n: draws below it are rejected
	for {
		v := r.next()
		if v >= limit {
			return int(v % n)
		}
	}
}
