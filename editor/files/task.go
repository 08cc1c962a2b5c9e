package files

import (
	"context"
	"io"
	"sync/atomic"
)

// Op is file work that a Session (or the editor) prepared on the UI
// goroutine: Run does the file work on any goroutine, from a copy of
// what it needs, and Finish, when not nil, records the outcome on the UI
// goroutine again. Detachable work only reads: when it is cancelled its
// goroutine may be left to end on its own and its result dropped, so a
// read that hangs never holds the editor.
type Op struct {
	Label      string
	Run        func(ctx context.Context) error
	Finish     func(err error)
	Detachable bool
}

// Do runs the op to its end on the calling goroutine (tests, and calls
// that must answer at once).
func (o Op) Do() error {
	err := o.Run(context.Background())
	if o.Finish != nil {
		o.Finish(err)
	}
	return err
}

// Task is an Op running on a goroutine of its own.
type Task struct {
	Op       Op
	Progress Progress
	cancel   context.CancelFunc
	done     chan struct{}
	err      error
}

// Start runs op.Run on a new goroutine, with a context that Cancel ends
// and that carries the task's Progress for the Store to report into.
func Start(op Op) *Task {
	t := &Task{Op: op, done: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	t.cancel = cancel
	ctx = context.WithValue(ctx, progressKey{}, &t.Progress)
	go func() {
		defer close(t.done)
		defer cancel()
		t.err = op.Run(ctx)
	}()
	return t
}

// Done reports, without waiting, whether Run has returned.
func (t *Task) Done() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// Err is Run's error; call it once Done.
func (t *Task) Err() error { return t.err }

// Cancel asks Run to stop: readers and writers of the task's context
// fail from their next call on.
func (t *Task) Cancel() { t.cancel() }

// Progress is how far a task has got: bytes done out of a total (0 when
// the total is not known). It is safe to use from any goroutine.
type Progress struct{ done, total atomic.Int64 }

// Get returns the bytes done and the total.
func (p *Progress) Get() (done, total int64) { return p.done.Load(), p.total.Load() }

func (p *Progress) add(n int)         { p.done.Add(int64(n)) }
func (p *Progress) reset(total int64) { p.done.Store(0); p.total.Store(total) }

type progressKey struct{}

// progressOf is the Progress a task's context carries, or a throwaway.
func progressOf(ctx context.Context) *Progress {
	if p, ok := ctx.Value(progressKey{}).(*Progress); ok {
		return p
	}
	return new(Progress)
}

// taskReader reads for a task: it fails with the context's error once
// the task is cancelled, and counts what it reads.
type taskReader struct {
	ctx context.Context
	r   io.Reader
	p   *Progress
}

func (t *taskReader) Read(b []byte) (int, error) {
	if err := t.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := t.r.Read(b)
	t.p.add(n)
	return n, err
}

// taskWriter is taskReader's twin for writes.
type taskWriter struct {
	ctx context.Context
	w   io.Writer
	p   *Progress
}

func (t *taskWriter) Write(b []byte) (int, error) {
	if err := t.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := t.w.Write(b)
	t.p.add(n)
	return n, err
}

// readerFor and writerFor wrap r and w for the task of ctx.
func readerFor(ctx context.Context, r io.Reader, size int64) io.Reader {
	p := progressOf(ctx)
	p.reset(size)
	return &taskReader{ctx: ctx, r: r, p: p}
}

func writerFor(ctx context.Context, w io.Writer) io.Writer {
	p := progressOf(ctx)
	p.reset(0)
	return &taskWriter{ctx: ctx, w: w, p: p}
}
