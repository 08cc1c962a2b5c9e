package chunk

import (
	"cmp"
	"runtime"
	"slices"
	"sync"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
)

// A Set made by NewCache holds full-detail meshes only for the chunks
// its owner wants (those in or near the view), within a memory budget:
// background workers build the wanted chunks from the model, the owner
// installs them in Update, and the chunks least recently wanted are
// evicted when the budget would be exceeded. Every chunk always has its
// levels of detail (Set.LODs), which are small and cheap to rebuild.
//
// The workers read the grid while the owner's goroutine runs, so the
// owner holds Lock while it edits the grid (and only then); they write
// nothing the owner reads: a finished chunk is installed by Update, on
// the owner's goroutine, and only if no edit since its build began
// touched it. A refine reads a resident chunk's meshes: the owner keeps
// the workers off a chunk (holdRefine) before it writes its meshes.
type cache struct {
	budget  int64
	prepare func(ch int, c *Chunk) (extra any, bytes int64)
	// quick, if set (PrepareQuickly), prepares the chunks Update rebuilds
	// itself; prepare then runs on them on the workers (a refine).
	quick func(ch int, c *Chunk) (extra any, bytes int64)

	model sync.RWMutex // workers read-hold it while they read the grid

	mu      sync.Mutex // guards the fields down to closed
	wake    *sync.Cond // work was queued, or the set closed
	idle    *sync.Cond // a build finished
	queue   []int      // wanted chunks not yet built, most wanted first
	gen     []uint32   // per chunk: bumped by every edit that touches it
	running []bool     // per chunk: a worker is building it
	done    []built
	closed  bool
	// The resident chunks whose extra quick made, to be prepared again
	// (a refine reads the resident meshes: the owner takes a chunk off
	// this queue, and waits for a refine of it under way, before it
	// writes them; holdRefine).
	refines  []int
	refining []bool // per chunk: a worker is refining it

	// Owned by the owner's goroutine.
	resident []bool
	stale    []bool   // resident, but an edit touched it since
	bytes    []int64  // per resident chunk: meshes and extra
	extra    []any    // per resident chunk: what prepare made of it
	lastUse  []uint64 // the Want call that last wanted it
	rank     []int    // its place in that call's list, from 1
	clock    uint64
	used     int64 // sum of bytes
	peak     int64
	evicted  []int  // since the last Update's report
	rough    []bool // per resident chunk: its extra is quick's
	refined  []int  // the last Update's refined chunks (Refined)
	wg       sync.WaitGroup
}

// built is a worker's finished chunk, built from the model as it was at
// generation gen of the chunk.
type built struct {
	ch    int
	gen   uint32
	c     *Chunk // nil for a refine: only the extra is new
	extra any
	bytes int64
}

// keepWanted is for how many Want calls a finished build is installed
// after its chunk was last wanted (the camera may come back).
const keepWanted = 60

// typicalChunkBytes is a full-detail chunk's size before any is built:
// about 320 vertices a cell of some 50 bytes, 25 cells.
const typicalChunkBytes = 320 * 50 * 25

// syncRebuild is how many touched resident chunks Update rebuilds at
// once, spread over all cores, so that an edit shows whole in the frame
// it was made, up to a pasted 20×20 selection (31 chunks, prepared by
// PrepareQuickly's function; Paste20x20Cache in BENCHMARKS.md); more (a
// generated map) go to the workers and the old meshes show until the new
// ones are in. The workers cannot help: the
// editor holds Lock through its whole frame, Update included.
const syncRebuild = 48

// Retinter is what a cache's prepare function may make of a chunk whose
// meshes it derives from the terrain mesh's splat types (the renderer's
// welded meshes: vertices that differ only in them are not the same).
// After a change of terrain types alone the cache sets the types in
// place (Chunk.Retint) instead of building the chunk again, and then
// calls Retinted, which brings the extra up to date in place and returns
// the bytes it holds, as prepare does. Update calls it for several
// chunks at once, on goroutines of its own.
type Retinter interface{ Retinted() int64 }

// NewCache returns a set of g's chunks that keeps full-detail meshes
// within budget bytes, built by workers goroutines. prepare, if not nil,
// runs on the worker after each build (the renderer welds the meshes
// there); what it returns is kept with the chunk (Extra) and its bytes
// count against the budget. No full-detail chunk exists until Want asks
// for it; the levels of detail of all chunks are built at once.
func NewCache(g *hexmap.Grid, budget int64, workers int, prepare func(ch int, c *Chunk) (any, int64)) *Set {
	n := geom.ChunkCount(g.Topology())
	s := &Set{Grid: g, Chunks: make([]Chunk, n), LODs: make([]LOD, n), feed: g.Follow(), dirty: make([]bool, n), tinted: make([]bool, n), builds: make([]uint32, n)}
	s.buildLODs(workers)
	c := &cache{budget: budget, prepare: prepare, gen: make([]uint32, n), running: make([]bool, n),
		resident: make([]bool, n), stale: make([]bool, n), bytes: make([]int64, n), extra: make([]any, n), lastUse: make([]uint64, n), rank: make([]int, n),
		refining: make([]bool, n), rough: make([]bool, n)}
	c.wake = sync.NewCond(&c.mu)
	c.idle = sync.NewCond(&c.mu)
	s.cache = c
	for range max(workers, 1) {
		c.wg.Add(1)
		go s.work()
	}
	return s
}

// PrepareQuickly sets the function that prepares, instead of prepare,
// the chunks Update rebuilds itself (the edit's frame waits for them):
// one that makes, in less time, an extra the owner can use until the
// workers, after that Update, have run prepare on the chunk's meshes (a
// refine) and a later Update installs it: the renderer draws a chunk's
// unwelded meshes in the frame of its edit, the same image, and the
// welded ones from a frame or two later. Refined tells which chunks an
// Update refined. Call it before the first Update.
func (s *Set) PrepareQuickly(quick func(ch int, c *Chunk) (any, int64)) {
	if s.cache != nil && s.cache.prepare != nil {
		s.cache.quick = quick
	}
}

// Refined is the chunks whose extra the last Update replaced by prepare's
// of the same meshes (after PrepareQuickly's): not among the chunks it
// returned, as nothing but the extra changed. It is valid until the next
// Update.
func (s *Set) Refined() []int {
	if s.cache == nil {
		return nil
	}
	return s.cache.refined
}

// Lock keeps the workers from reading the grid: hold it while editing
// the grid of a set made by NewCache. (For other sets it does nothing.)
func (s *Set) Lock() {
	if s.cache != nil {
		s.cache.model.Lock()
	}
}

// Unlock lets the workers read the grid again.
func (s *Set) Unlock() {
	if s.cache != nil {
		s.cache.model.Unlock()
	}
}

// Resident reports whether chunk ch has its full-detail meshes.
func (s *Set) Resident(ch int) bool { return s.cache == nil || s.cache.resident[ch] }

// Extra is what the set's prepare function made of resident chunk ch.
func (s *Set) Extra(ch int) any {
	if s.cache == nil {
		return nil
	}
	return s.cache.extra[ch]
}

// Memory reports the bytes the full-detail chunks hold now and at most
// since the set was made, and the budget (0: none, every chunk is kept).
func (s *Set) Memory() (used, peak, budget int64) {
	if s.cache == nil {
		var n int64
		for ch := range s.Chunks {
			n += s.Chunks[ch].Bytes()
		}
		return n, n, 0
	}
	return s.cache.used, s.cache.peak, s.cache.budget
}

// Pending is how many wanted chunks are not built yet.
func (s *Set) Pending() int {
	if s.cache == nil {
		return 0
	}
	return s.cache.waiting(false)
}

// Refining is how many chunks drawn as PrepareQuickly's function made
// them are to be prepared again (queued, under way or done but not yet
// installed by an Update); Flush waits for them too.
func (s *Set) Refining() int {
	if s.cache == nil {
		return 0
	}
	return s.cache.waiting(true)
}

// waiting counts the builds (or, with refines, the refines) queued,
// under way, and done but not installed.
func (c *cache) waiting(refines bool) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	queue, busy := c.queue, c.running
	if refines {
		queue, busy = c.refines, c.refining
	}
	n := len(queue)
	for _, r := range busy {
		if r {
			n++
		}
	}
	for _, b := range c.done {
		if (b.c == nil) == refines {
			n++
		}
	}
	return n
}

// WantAll wants every chunk, in index order (Want): for tests and
// pictures that need the whole map at full detail.
func (s *Set) WantAll() int {
	all := make([]int, len(s.Chunks))
	for ch := range all {
		all[ch] = ch
	}
	return s.Want(all)
}

// Want tells which chunks should have full detail, most wanted first;
// it replaces the list of the last call. Chunks that are resident and
// current stay; the others are queued for the workers, as many as the
// budget leaves room for beside the wanted resident ones. It returns how
// many of the list fit the budget (the rest are not queued).
func (s *Set) Want(chunks []int) int {
	c := s.cache
	if c == nil {
		return len(chunks)
	}
	c.clock++
	var fitting int64
	avg := c.averageBytes()
	queue := make([]int, 0, len(chunks))
	n := 0
	for _, ch := range chunks {
		size := avg
		if c.resident[ch] {
			size = c.bytes[ch]
		}
		if fitting+size > c.budget && n > 0 {
			break
		}
		fitting += size
		n++
		c.lastUse[ch] = c.clock
		c.rank[ch] = n
		if !c.resident[ch] || c.stale[ch] {
			queue = append(queue, ch)
		}
	}
	c.mu.Lock()
	c.queue = queue
	c.mu.Unlock()
	c.wake.Broadcast()
	return n
}

// averageBytes estimates a chunk's full-detail size from the resident
// ones (a typical chunk before any is built).
func (c *cache) averageBytes() int64 {
	n, sum := 0, int64(0)
	for ch, r := range c.resident {
		if r {
			n++
			sum += c.bytes[ch]
		}
	}
	if n == 0 {
		return typicalChunkBytes
	}
	return sum / int64(n)
}

// work is one worker: it builds the most wanted queued chunk, again and
// again, until the set is closed.
func (s *Set) work() {
	c := s.cache
	defer c.wg.Done()
	var scratch Chunk
	for {
		c.mu.Lock()
		for len(c.queue) == 0 && len(c.refines) == 0 && !c.closed {
			c.wake.Wait()
		}
		if c.closed {
			c.mu.Unlock()
			return
		}
		if len(c.refines) > 0 {
			c.mu.Unlock()
			s.refine()
			continue
		}
		ch := c.queue[0]
		c.queue = c.queue[1:]
		if c.running[ch] {
			c.mu.Unlock()
			continue
		}
		c.running[ch] = true
		c.mu.Unlock()

		c.model.RLock()
		c.mu.Lock()
		gen := c.gen[ch] // edits bump it holding the model lock: it matches what is read
		c.mu.Unlock()
		out := s.buildCopy(ch, &scratch)
		c.model.RUnlock()
		b := prepared(c.prepare, ch, out)
		b.gen = gen
		c.mu.Lock()
		c.running[ch] = false
		c.done = append(c.done, b)
		c.mu.Unlock()
		c.idle.Broadcast()
	}
}

// refine prepares the next queued refine's chunk, holding the model's
// read lock, so that it does not take a core from an editor's frame
// (which holds the lock) and waits at most for one chunk.
func (s *Set) refine() {
	c := s.cache
	c.model.RLock()
	defer c.model.RUnlock()
	c.mu.Lock()
	if len(c.refines) == 0 {
		c.mu.Unlock()
		return
	}
	ch := c.refines[0]
	c.refines = c.refines[1:]
	c.refining[ch] = true
	meshes := s.Chunks[ch] // the owner writes it only after holdRefine(ch)
	gen := c.gen[ch]
	c.mu.Unlock()
	b := built{ch: ch, gen: gen, bytes: meshes.Bytes()}
	var extra int64
	b.extra, extra = c.prepare(ch, &meshes)
	b.bytes += extra
	c.mu.Lock()
	c.refining[ch] = false
	c.done = append(c.done, b)
	c.mu.Unlock()
	c.idle.Broadcast()
}

// queueRefine queues resident chunk ch, whose extra quick made, for a
// refine.
func (c *cache) queueRefine(ch int) {
	c.rough[ch] = true
	c.mu.Lock()
	if !slices.Contains(c.refines, ch) {
		c.refines = append(c.refines, ch)
	}
	c.mu.Unlock()
	c.wake.Broadcast()
}

// holdRefine keeps the workers off chunk ch's resident meshes, for the
// owner to write them: it takes ch off the refine queue and waits for a
// refine of it under way (one chunk's; none while the owner holds Lock).
// A chunk still rough afterwards is queued again by the caller.
func (c *cache) holdRefine(ch int) {
	if c.quick == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unqueueRefine(ch)
	for c.refining[ch] {
		c.idle.Wait()
	}
}

// unqueueRefine takes chunk ch off the refine queue; the caller holds
// c.mu.
func (c *cache) unqueueRefine(ch int) {
	if k := slices.Index(c.refines, ch); k >= 0 {
		c.refines = slices.Delete(c.refines, k, k+1)
	}
}

// Flush waits until the workers have built every queued chunk and
// refined every chunk to refine (the next Update installs them). Loading screens, pictures and tests use it; the
// editor never waits. A build begun before an edit that Update has read
// since is out of date: Flush has it built again, so that the next
// Update installs every wanted chunk.
func (s *Set) Flush() {
	c := s.cache
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		for !c.closed && (len(c.queue) > 0 || slices.Contains(c.running, true) || len(c.refines) > 0 || slices.Contains(c.refining, true)) {
			c.idle.Wait()
		}
		if c.closed || !c.requeueOutdated() {
			return
		}
	}
}

// requeueOutdated queues again the wanted chunks whose finished builds
// are older than an edit Update has read, drops those builds, and
// reports whether there were any. Only the owner calls it (it reads the
// owner's state), holding c.mu.
func (c *cache) requeueOutdated() bool {
	kept := c.done[:0]
	again := false
	for _, b := range c.done {
		switch {
		case b.gen == c.gen[b.ch]:
			kept = append(kept, b)
		case b.c == nil: // a refine: the owner refines the chunk again if it is still rough
			if c.resident[b.ch] && c.rough[b.ch] && !slices.Contains(c.refines, b.ch) {
				c.refines = append(c.refines, b.ch)
				again = true
			}
		case c.lastUse[b.ch] == c.clock && !(c.resident[b.ch] && !c.stale[b.ch]):
			c.queue = append(c.queue, b.ch)
			again = true
		}
	}
	c.done = kept
	if again {
		c.wake.Broadcast()
	}
	return again
}

// prepared is chunk ch built as out, with what prepare, if not nil, makes
// of it and the bytes both hold.
func prepared(prepare func(ch int, c *Chunk) (any, int64), ch int, out *Chunk) built {
	b := built{ch: ch, c: out, bytes: out.Bytes()}
	if prepare != nil {
		var extra int64
		b.extra, extra = prepare(ch, out)
		b.bytes += extra
	}
	return b
}

// buildCopy triangulates chunk ch in scratch and returns a copy at its
// exact size, so that resident chunks carry no slack, with its tint runs
// (a change of terrain types alone retints it).
func (s *Set) buildCopy(ch int, scratch *Chunk) *Chunk {
	Triangulate(s.Grid, ch, scratch)
	out := new(Chunk)
	for l := range out.Layers {
		copyMesh(&out.Layers[l], &scratch.Layers[l])
	}
	out.Plan.Connections = slices.Clone(scratch.Plan.Connections)
	out.Plan.Bridges = slices.Clone(scratch.Plan.Bridges)
	out.Plan.Cuts = slices.Clone(scratch.Plan.Cuts)
	out.tints.runs = slices.Clone(scratch.tints.runs)
	return out
}

// updateCache is Update for a set made by NewCache: the chunks the edits
// touched get new levels of detail and, where resident, new meshes (the
// first few now, the rest from the workers), or, where only terrain
// types changed, their splat types set in place; finished builds are
// installed and chunks evicted to keep within the budget. It returns the
// chunks whose full-detail meshes or levels of detail changed, and those
// retinted (whose cells' colours changed).
func (s *Set) updateCache() []int {
	c := s.cache
	dirty, tinted := s.stale()
	if len(dirty)+len(tinted) > 0 {
		c.mu.Lock() // a build or refine begun before these edits is not installed
		for _, ch := range dirty {
			c.gen[ch]++
			c.unqueueRefine(ch)
		}
		for _, ch := range tinted {
			c.gen[ch]++
			c.unqueueRefine(ch) // no refine begins of the meshes before the retint
		}
		c.mu.Unlock()
	}
	s.retintResident(tinted)
	c.refined = c.refined[:0]
	changed := slices.Clone(tinted)
	for _, ch := range dirty {
		s.builds[ch]++
		changed = append(changed, ch)
	}
	requeue := s.rebuildResident(dirty)
	c.mu.Lock()
	if len(requeue) > 0 {
		c.queue = append(requeue, c.queue...)
		c.wake.Broadcast()
	}
	done := c.done
	c.done = nil
	gens := make([]uint32, len(done))
	for k, b := range done {
		gens[k] = c.gen[b.ch]
	}
	c.mu.Unlock()
	var again []int
	for k, b := range done {
		current := c.resident[b.ch] && !c.stale[b.ch] // rebuilt or retinted here
		switch {
		case b.c == nil: // a refine
			s.installRefine(b, b.gen == gens[k])
		case b.gen != gens[k] && c.lastUse[b.ch] == c.clock && !current:
			again = append(again, b.ch) // an edit came in meanwhile
		case b.gen != gens[k] || c.clock-c.lastUse[b.ch] > keepWanted:
			// built from an older model, or long not wanted
		case c.install(s, b):
			changed = append(changed, b.ch)
		}
	}
	if len(again) > 0 {
		c.mu.Lock()
		c.queue = append(c.queue, again...)
		c.mu.Unlock()
		c.wake.Broadcast()
	}
	changed = append(changed, c.evicted...)
	c.evicted = c.evicted[:0]
	slices.Sort(changed)
	return slices.Compact(changed)
}

// installRefine makes refine b's extra chunk b.ch's when current (no
// edit since) and the chunk still rough; a rough chunk whose refine is
// out of date is queued again.
func (s *Set) installRefine(b built, current bool) {
	c := s.cache
	switch {
	case !c.resident[b.ch] || !c.rough[b.ch] || c.stale[b.ch]: // a stale chunk is rebuilt whole
	case !current:
		c.queueRefine(b.ch)
	case c.evict(s, b.ch, b.bytes):
		c.used += b.bytes - c.bytes[b.ch]
		c.peak = max(c.peak, c.used)
		c.bytes[b.ch], c.extra[b.ch], c.rough[b.ch] = b.bytes, b.extra, false
		c.refined = append(c.refined, b.ch)
	}
}

// retintResident sets the splat types of the resident, current chunks
// among tinted in place (and their extras after them), spread over all
// cores when there are many. Chunks not resident have nothing to
// retint; stale ones are queued to be built again anyway.
func (s *Set) retintResident(tinted []int) {
	c := s.cache
	var todo []int
	for _, ch := range tinted {
		if c.resident[ch] && !c.stale[ch] {
			todo = append(todo, ch)
		}
	}
	for _, ch := range todo {
		c.holdRefine(ch)
	}
	extra := make([]int64, len(todo))
	spread(len(todo), workersFor(len(todo)), func(_, k int) {
		ch := todo[k]
		s.Chunks[ch].Retint(s.Grid)
		extra[k] = -1
		if r, ok := c.extra[ch].(Retinter); ok {
			extra[k] = r.Retinted()
		}
	})
	for k, ch := range todo {
		if extra[k] >= 0 {
			bytes := s.Chunks[ch].Bytes() + extra[k]
			c.used += bytes - c.bytes[ch]
			c.bytes[ch] = bytes
			c.peak = max(c.peak, c.used)
		}
		if c.rough[ch] {
			c.queueRefine(ch) // its unwelded meshes are retinted, still to refine
		}
	}
}

// rebuildResident builds the levels of detail of the chunks dirty and
// the resident chunks among them again: up to syncRebuild of them now,
// on all cores, installed at once; it marks the rest stale and returns
// them for the workers. Chunks not wanted now are evicted instead.
func (s *Set) rebuildResident(dirty []int) (later []int) {
	c := s.cache
	var now []int
	for _, ch := range dirty {
		switch {
		case !c.resident[ch]:
		case c.lastUse[ch] != c.clock:
			c.drop(s, ch) // out of date and not wanted now
		case len(now) < syncRebuild:
			now = append(now, ch)
		default:
			c.stale[ch] = true
			later = append(later, ch)
		}
	}
	// A chunk's build takes far longer than starting a goroutine. Each
	// is built in its resident storage, as NewSet's are, sparing a copy:
	// only the old prepared meshes (the renderer's) share it, and nothing
	// draws them before they are replaced after this Update. The storage
	// keeps whatever room it had beyond the new meshes (counted in their
	// bytes).
	// With a quick prepare, the workers prepare them again after this
	// Update (refines).
	for _, ch := range now {
		c.holdRefine(ch)
	}
	// The levels of detail in the same spread, after the full builds
	// (which they are much smaller than: they fill the cores' last gaps).
	lods := make([]int, 0, len(dirty))
	for _, ch := range dirty {
		if !slices.Contains(now, ch) {
			lods = append(lods, ch)
		}
	}
	workers := workersFor(len(dirty))
	if len(now) > 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	builds := make([]built, len(now))
	prepare := c.prepare
	if c.quick != nil {
		prepare = c.quick
	}
	spread(len(now)+len(lods), workers, func(_, k int) {
		if k >= len(now) {
			TriangulateLOD(s.Grid, lods[k-len(now)], &s.LODs[lods[k-len(now)]])
			return
		}
		ch := now[k]
		Triangulate(s.Grid, ch, &s.Chunks[ch])
		TriangulateLOD(s.Grid, ch, &s.LODs[ch])
		builds[k] = prepared(prepare, ch, &s.Chunks[ch])
	})
	for _, b := range builds {
		switch {
		case !c.install(s, b):
			c.drop(s, b.ch)
			c.evicted = append(c.evicted, b.ch)
		case c.quick != nil:
			c.queueRefine(b.ch)
		}
	}
	return later
}

// install makes b chunk b.ch's resident meshes, evicting others first
// where the budget needs it; when even that leaves no room, b is
// dropped (and reported false).
func (c *cache) install(s *Set, b built) bool {
	if !c.evict(s, b.ch, b.bytes) {
		return false
	}
	if c.resident[b.ch] {
		c.used -= c.bytes[b.ch]
	}
	c.holdRefine(b.ch)
	c.rough[b.ch] = false // prepared by prepare (or quick: the caller queues a refine)
	s.Chunks[b.ch] = *b.c
	s.builds[b.ch]++
	c.resident[b.ch], c.stale[b.ch] = true, false
	c.bytes[b.ch], c.extra[b.ch] = b.bytes, b.extra
	c.used += b.bytes
	c.peak = max(c.peak, c.used)
	return true
}

// evict makes room for chunk ch to take bytes (in place of what it
// holds now): it drops the chunks least recently wanted, then those the
// last Want ranked after ch, and notes them in c.evicted. It reports
// whether the room is there.
func (c *cache) evict(s *Set, ch int, bytes int64) bool {
	need := func() int64 {
		n := c.used + bytes - c.budget
		if c.resident[ch] {
			n -= c.bytes[ch]
		}
		return n
	}
	if need() <= 0 {
		return true
	}
	// Less wanted first: not wanted now (least recently first), then
	// wanted, last ranked first.
	key := func(k int) int64 {
		if c.lastUse[k] != c.clock {
			return int64(c.lastUse[k]) - 1<<62
		}
		return -int64(c.rank[k])
	}
	var cand []int
	for k, r := range c.resident {
		wantedBefore := c.lastUse[k] == c.clock && (c.lastUse[ch] != c.clock || c.rank[k] <= c.rank[ch])
		if r && k != ch && !wantedBefore {
			cand = append(cand, k)
		}
	}
	slices.SortFunc(cand, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
	var freed int64
	n := 0
	for _, k := range cand {
		if freed >= need() {
			break
		}
		freed += c.bytes[k]
		n++
	}
	if freed < need() {
		return false
	}
	for _, k := range cand[:n] {
		c.drop(s, k)
		c.evicted = append(c.evicted, k)
	}
	return true
}

// drop evicts resident chunk ch.
func (c *cache) drop(s *Set, ch int) {
	c.holdRefine(ch)
	c.rough[ch] = false
	c.used -= c.bytes[ch]
	s.Chunks[ch] = Chunk{}
	s.builds[ch]++
	c.resident[ch], c.stale[ch] = false, false
	c.bytes[ch], c.extra[ch] = 0, nil
}

// closeCache stops the workers and waits for them.
func (s *Set) closeCache() {
	c := s.cache
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wake.Broadcast()
	c.idle.Broadcast()
	c.wg.Wait()
}

// buildLODs builds every chunk's levels of detail with up to workers
// goroutines (each chunk's its own storage).
func (s *Set) buildLODs(workers int) {
	spread(len(s.LODs), min(workers, runtime.GOMAXPROCS(0)), func(_, ch int) {
		TriangulateLOD(s.Grid, ch, &s.LODs[ch])
	})
}
