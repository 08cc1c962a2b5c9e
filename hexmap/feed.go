package hexmap

// Change records one cell's state before and after an edit.
type Change struct {
	Index         int
	Before, After Cell
	// Edit identifies the edit that made the change: one call of a Grid
	// edit method (with the changes its rules cascade into), or one whole
	// batch. Undo groups changes by it outside strokes.
	Edit uint64
}

// changeFeed is the log of a grid's changes that its consumers (mesh
// rebuilds, undo, path caches, vision) follow, each through a FeedReader
// with a position of its own: reading never takes a change away from
// another reader. The feed keeps only what some reader has not yet read.
type changeFeed struct {
	start   uint64 // position of records[0]
	records []Change
	readers []*FeedReader
}

// maxFeedBacklog bounds the changes a feed holds for a reader that does
// not keep up; past it the oldest are dropped and that reader is told
// that it lost some, so memory stays bounded whatever a consumer does.
const maxFeedBacklog = 1 << 20

// FeedReader is one consumer's position in a grid's change feed.
type FeedReader struct {
	feed   *changeFeed
	pos    uint64
	lost   bool
	closed bool
}

// Follow returns a reader of g's changes from now on. Close it when the
// consumer is done, or the feed keeps what it has not read (up to a bound).
func (g *Grid) Follow() *FeedReader {
	r := &FeedReader{feed: &g.feed, pos: g.feed.end()}
	g.feed.readers = append(g.feed.readers, r)
	return r
}

func (f *changeFeed) end() uint64 { return f.start + uint64(len(f.records)) }

// append adds a change, unless nobody follows the feed.
func (f *changeFeed) append(c Change) {
	if len(f.readers) == 0 {
		f.start++
		return
	}
	f.trim()
	f.records = append(f.records, c)
	if len(f.records) > maxFeedBacklog {
		f.drop(len(f.records) - maxFeedBacklog/2)
	}
}

// drop forgets the n oldest records; readers that had not read them
// learn that they lost changes.
func (f *changeFeed) drop(n int) {
	f.start += uint64(n)
	f.records = append(f.records[:0], f.records[n:]...)
	for _, r := range f.readers {
		if r.pos < f.start {
			r.pos, r.lost = f.start, true
		}
	}
}

// trim forgets the records every reader has read, once they are at least
// half of what is held, so that trimming costs amortised constant time.
// It runs only as a change is added, so that what Read returned stays
// valid until the next edit.
func (f *changeFeed) trim() {
	low := f.end()
	for _, r := range f.readers {
		low = min(low, r.pos)
	}
	if n := int(low - f.start); n > 0 && 2*n >= len(f.records) {
		f.start = low
		f.records = append(f.records[:0], f.records[n:]...)
	}
}

// Read returns the changes made since the last Read (or since Follow),
// oldest first, and moves past them. The slice is valid until the next
// edit of the grid. complete is false when the reader fell so far behind
// that changes were dropped: the consumer must then treat every cell as
// changed.
func (r *FeedReader) Read() (changes []Change, complete bool) {
	if r.closed {
		return nil, true
	}
	f := r.feed
	changes = f.records[r.pos-f.start:]
	complete = !r.lost
	r.pos, r.lost = f.end(), false
	return changes, complete
}

// Pending reports whether there are changes the reader has not read.
func (r *FeedReader) Pending() bool {
	return !r.closed && (r.lost || r.pos != r.feed.end())
}

// Skip moves past every change made so far without reading them (a
// consumer that caused them itself, such as undo replaying a step).
func (r *FeedReader) Skip() {
	r.Read()
}

// Close stops the reader; the feed no longer keeps changes for it.
func (r *FeedReader) Close() {
	if r.closed {
		return
	}
	r.closed = true
	f := r.feed
	for k, o := range f.readers {
		if o == r {
			f.readers = append(f.readers[:k], f.readers[k+1:]...)
			break
		}
	}
	if len(f.readers) == 0 {
		f.start = f.end()
		f.records = f.records[:0]
	}
}
