package tools

// Changes returns the number of cell changes held in all steps.
func (h *History) Changes() int { h.sync(); return h.total }
