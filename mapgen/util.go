package mapgen

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
