package chunk

import (
	"runtime"
	"sync"

	"hexsandbox/hexmap"
	"hexsandbox/hexmap/geom"
)

// Stream triangulates the parts p of every chunk of g, in chunk order,
// and hands each to fn on the calling goroutine, stopping at fn's first
// error. Up to workers goroutines triangulate a few chunks ahead of fn;
// only those chunks are held, so memory does not grow with the map.
func Stream(g *hexmap.Grid, workers int, p parts, fn func(ch int, c *Chunk) error) error {
	n := geom.ChunkCount(g.Topology())
	workers = max(1, min(workers, runtime.GOMAXPROCS(0), n))
	if workers == 1 {
		var c Chunk
		for ch := range n {
			triangulate(g, ch, &c, p)
			if err := fn(ch, &c); err != nil {
				return err
			}
		}
		return nil
	}
	// Chunk ch is built in slot ch%window by worker ch%workers, which
	// waits until fn is done with the slot's previous chunk.
	window := 2 * workers
	slots := make([]Chunk, window)
	done := make([]chan struct{}, window) // slot filled
	free := make([]chan struct{}, window) // slot handed back
	for k := range window {
		done[k], free[k] = make(chan struct{}, 1), make(chan struct{}, 1)
		free[k] <- struct{}{}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ch := w; ch < n; ch += workers {
				k := ch % window
				select {
				case <-free[k]:
				case <-stop:
					return
				}
				triangulate(g, ch, &slots[k], p)
				done[k] <- struct{}{}
			}
		}()
	}
	var err error
	for ch := range n {
		k := ch % window
		<-done[k]
		if err = fn(ch, &slots[k]); err != nil {
			break
		}
		free[k] <- struct{}{}
	}
	close(stop)
	wg.Wait()
	return err
}
