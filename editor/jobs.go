package editor

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ebitenui/ebitenui/widget"

	"hexsandbox/editor/files"
)

// progressDelay is how long file work may take before its progress
// dialog shows: quick work should not flash a dialog.
const progressDelay = 250 * time.Millisecond

// job is the file work running off the UI loop: Update never waits for
// a file. One runs at a time; others wait in g.work.queue.
type job struct {
	task  *files.Task
	modal bool // the map must not be edited meanwhile (it is about to be replaced, or saved)
	// preemptible work (autosaves) is cancelled when the user asks for
	// other file work; it is tried again later.
	preemptible bool
	then        func(err error)

	started   time.Time
	canceling bool
	text      *widget.Text // the progress dialog's text, once it shows
	close     func()       // closes the progress dialog
}

// queued is file work waiting for the running job.
type queued struct {
	op                 files.Op
	modal, preemptible bool
	then               func(err error)
}

// busy reports whether the map must not be edited nor other commands
// start: a dialog is open, or modal file work runs.
func (g *game) busy() bool { return len(g.dialogs) > 0 || (g.work.job != nil && g.work.job.modal) }

// runFile starts op off the UI loop, or queues it behind the running
// job; then (if not nil) gets the outcome on the UI loop, after op's
// Finish. Modal work keeps the map from being edited until it ends and
// shows a progress dialog with Cancel if it takes more than a moment;
// other work (the look for autosaves at start, screenshots) shows in the
// status line.
func (g *game) runFile(op files.Op, modal bool, then func(error)) {
	g.startFile(queued{op: op, modal: modal, then: then})
}

// runAutosave is runFile for an autosave: in the background, and
// cancelled when the user asks for other file work.
func (g *game) runAutosave(op files.Op, then func(error)) {
	g.startFile(queued{op: op, preemptible: true, then: then})
}

func (g *game) startFile(q queued) {
	if g.work.job != nil {
		if !q.preemptible && g.work.job.preemptible && !g.work.job.canceling {
			g.work.job.task.Cancel()
			g.work.job.canceling = true
		}
		g.work.queue = append(g.work.queue, q)
		return
	}
	g.work.job = &job{task: files.Start(q.op), modal: q.modal, preemptible: q.preemptible, then: q.then, started: g.clock.now}
	if q.modal {
		g.mode.interrupt()
	}
}

// pollFile finishes the running job when its work is done, starts the
// next, and keeps the progress dialog up to date; Update calls it every
// frame.
func (g *game) pollFile() {
	j := g.work.job
	if j == nil {
		return
	}
	if !j.task.Done() {
		if j.modal && g.clock.now.Sub(j.started) >= progressDelay && j.close == nil {
			g.showProgress(j)
		}
		if j.text != nil {
			j.text.Label = g.progressText(j)
		}
		return
	}
	g.endJob(j)
	err := j.task.Err()
	if j.task.Op.Finish != nil {
		j.task.Op.Finish(err)
	}
	if j.then != nil {
		j.then(err)
	}
	g.startQueued()
}

// endJob takes a job off the screen.
func (g *game) endJob(j *job) {
	if j.close != nil {
		c := j.close
		j.close = nil
		c()
	}
	if g.work.job == j {
		g.work.job = nil
	}
}

func (g *game) startQueued() {
	if g.work.job != nil || len(g.work.queue) == 0 {
		return
	}
	q := g.work.queue[0]
	g.work.queue = g.work.queue[1:]
	g.startFile(q)
}

// cancelFile cancels the running job. Work that only reads is dropped at
// once (its goroutine ends on its own and its result is ignored, so a
// read that hangs holds nothing); work that writes is asked to stop and
// finishes as a cancelled save, which leaves the old file as it was.
// Queued work waiting for it is dropped too: it was asked for after it.
func (g *game) cancelFile() {
	j := g.work.job
	if j == nil || j.canceling {
		return
	}
	j.task.Cancel()
	j.canceling = true
	g.work.queue = nil
	if !j.task.Op.Detachable {
		if j.text != nil {
			j.text.Label = "Cancelling…"
		}
		return
	}
	g.endJob(j)
	g.info(j.task.Op.Label + ": cancelled")
}

// showProgress opens the dialog of a modal job that takes long: what it
// does, how far it got, and Cancel (Escape too).
func (g *game) showProgress(j *job) {
	j.text = g.win.style.paragraph(g.progressText(j))
	closeFn := g.dialog(j.task.Op.Label, j.text, choice{"Cancel", g.cancelFile})
	j.close = closeFn
	// Escape closes a dialog as Cancel would: here that must cancel too.
	if n := len(g.dialogs); n > 0 {
		g.dialogs[n-1].close = func() {
			closeFn()
			g.cancelFile()
		}
	}
}

// progressText says how far the running job got.
func (g *game) progressText(j *job) string {
	if j.canceling {
		return "Cancelling…"
	}
	done, total := j.task.Progress.Get()
	secs := g.clock.now.Sub(j.started).Seconds()
	switch {
	case total > 0:
		return fmt.Sprintf("%s of %s (%d%%) · %.0f s", megabytes(done), megabytes(total), 100*done/total, secs)
	case done > 0:
		return fmt.Sprintf("%s · %.0f s", megabytes(done), secs)
	}
	return fmt.Sprintf("Waiting for the file… · %.0f s", secs)
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

// statusJob is the status line's note of non-modal work running.
func (g *game) statusJob() string {
	if g.work.job == nil || g.work.job.modal {
		return ""
	}
	return g.work.job.task.Op.Label + "…   "
}

// canceled tells whether err is the end of cancelled work.
func canceled(err error) bool { return errors.Is(err, context.Canceled) }

// report shows the outcome of file work the user asked for: done, an
// error, or nothing for a cancel (cancelFile said so already, or the
// save says so here).
func (g *game) report(err error, what string, done func()) {
	switch {
	case canceled(err):
		g.info(what + ": cancelled")
	case err != nil:
		g.fail(err)
	default:
		if done != nil {
			done()
		}
	}
}
