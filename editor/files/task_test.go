package files

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"hexsandbox/hexmap"
	"hexsandbox/saves"
)

// A task reports how far its reading got, out of the total.
func TestTaskProgress(t *testing.T) {
	step, cont := make(chan struct{}), make(chan struct{})
	data := make([]byte, 10000)
	task := Start(Op{Label: "reading", Run: func(ctx context.Context) error {
		r := readerFor(ctx, bytes.NewReader(data), int64(len(data)))
		if _, err := io.ReadFull(r, make([]byte, 4000)); err != nil {
			return err
		}
		step <- struct{}{}
		<-cont
		_, err := io.Copy(io.Discard, r)
		return err
	}})
	<-step
	if done, total := task.Progress.Get(); done != 4000 || total != 10000 {
		t.Errorf("midway: %d of %d, want 4000 of 10000", done, total)
	}
	if task.Done() {
		t.Error("done while its work waits")
	}
	close(cont)
	if err := task.Wait(); err != nil {
		t.Fatal(err)
	}
	if done, _ := task.Progress.Get(); done != 10000 || !task.Done() {
		t.Errorf("at the end: %d read, done %v", done, task.Done())
	}
}

// endless is a reader that never ends, and says when it is first read.
type endless struct{ started chan struct{} }

func (e *endless) Read(p []byte) (int, error) {
	if e.started != nil {
		close(e.started)
		e.started = nil
	}
	return len(p), nil
}

// Cancelling stops a task's reads and writes at their next call.
func TestTaskCancelStopsReadsAndWrites(t *testing.T) {
	for _, write := range []bool{false, true} {
		started := make(chan struct{})
		task := Start(Op{Run: func(ctx context.Context) error {
			src := &endless{started: started}
			if write {
				_, err := io.Copy(writerFor(ctx, io.Discard), src)
				return err
			}
			_, err := io.Copy(io.Discard, readerFor(ctx, src, 0))
			return err
		}})
		<-started
		task.Cancel()
		if err := task.Wait(); !errors.Is(err, context.Canceled) {
			t.Errorf("write %v: a cancelled task ended with %v", write, err)
		}
	}
}

// blockingStore is a Store whose Load waits until the test releases it,
// as a read from a hung disk would.
type blockingStore struct {
	*memStore
	entered, release chan struct{}
}

func (b *blockingStore) Load(ctx context.Context, name string) (*hexmap.Grid, saves.Info, error) {
	close(b.entered)
	<-b.release
	return b.memStore.Load(ctx, name)
}

// An open whose read hangs runs apart from the caller, which goes on.
// Its Run alone never touches the session (only Finish does, which the
// editor drops for a cancelled open), so when the read comes back at
// last the map is still the one the user kept.
func TestHungOpenDoesNotHoldTheCaller(t *testing.T) {
	s, st := newSession(t)
	other, _ := hexmap.NewGrid(20, 15, 2)
	st.maps["other"] = other
	bs := &blockingStore{memStore: st, entered: make(chan struct{}), release: make(chan struct{})}
	s.Store = bs
	before := s.Grid
	op := s.OpenOp("other", nil)
	task := Start(op)
	<-bs.entered // the read has begun, and hangs
	if task.Done() {
		t.Fatal("the open finished while its read hangs")
	}
	task.Cancel()     // the user gives up: the caller drops the task
	close(bs.release) // much later the read comes back
	task.Wait()       // (only the test waits for it)
	if s.Grid != before {
		t.Fatal("a cancelled open replaced the map")
	}
	// The same, not cancelled: once finished, the map is replaced.
	bs.entered, bs.release = make(chan struct{}), make(chan struct{})
	task = Start(s.OpenOp("other", nil))
	<-bs.entered
	close(bs.release)
	if err := task.Wait(); err != nil {
		t.Fatal(err)
	}
	task.Op.Finish(task.Err())
	if !s.Grid.Equal(other) {
		t.Error("the finished open did not replace the map")
	}
}
