package buildings

// triangulate appends to dst the triangles (as index triples into p) of
// simple counter-clockwise polygon p, by ear clipping: a convex polygon
// becomes a fan, any other simple polygon n-2 triangles. Ears are taken
// in order around the polygon, so equal input gives equal output.
func triangulate(dst []int, p []pt, work []int) ([]int, []int) {
	n := len(p)
	if n < 3 {
		return dst, work
	}
	if convex(p) {
		for k := 1; k+1 < n; k++ {
			dst = append(dst, 0, k, k+1)
		}
		return dst, work
	}
	idx := work[:0]
	for k := range n {
		idx = append(idx, k)
	}
	for guard := 0; len(idx) > 3 && guard < n*n; guard++ {
		m := len(idx)
		found := false
		for i := range m {
			a, b, c := idx[(i+m-1)%m], idx[i], idx[(i+1)%m]
			if !isEar(p, idx, a, b, c) {
				continue
			}
			dst = append(dst, a, b, c)
			idx = append(idx[:i], idx[i+1:]...)
			found = true
			break
		}
		if !found {
			break // not simple after all: leave the rest open
		}
	}
	if len(idx) == 3 {
		dst = append(dst, idx[0], idx[1], idx[2])
	}
	return dst, idx
}

// isEar reports whether a-b-c (consecutive in idx) is an ear: convex at
// b, with no other vertex of the polygon inside or on it.
func isEar(p []pt, idx []int, a, b, c int) bool {
	pa, pb, pc := p[a], p[b], p[c]
	if orient(pa, pb, pc) <= 1e-12 {
		return false
	}
	for _, k := range idx {
		if k == a || k == b || k == c {
			continue
		}
		q := p[k]
		if q == pa || q == pb || q == pc {
			continue
		}
		if orient(pa, pb, q) >= 0 && orient(pb, pc, q) >= 0 && orient(pc, pa, q) >= 0 {
			return false
		}
	}
	return true
}
