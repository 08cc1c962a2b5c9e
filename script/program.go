package script

import (
	"errors"
	"fmt"
	"hexsandbox/hexmap/scenario"
	"runtime"
	"runtime/metrics"
	"strings"
	"time"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Limits of a script and of one call of it.
const (
	MaxSourceBytes = scenario.MaxScriptBytes // a script's source
	MaxSteps       = 1_000_000               // Starlark steps per call (and for the top level)
	MaxMemory      = 64 << 20                // growth of the live heap during a call, in bytes
	MaxRange       = 1 << 20                 // the most numbers a range holds
	// watchEvery is how often the memory watch looks at the heap,
	// checkEvery how many steps a call runs between two looks of its
	// own, and watchAfter the steps after which the watch starts.
	watchEvery = time.Millisecond
	checkEvery = 64
	watchAfter = 1024
)

// handler is a function a script may define and how many parameters it
// takes.
type handler struct {
	name   string
	params int
}

// handlers are the handlers the engine calls.
func handlers() []handler {
	return []handler{{"on_start", 0}, {"on_turn_start", 2}, {"on_unit_moved", 2},
		{"on_unit_destroyed", 2}, {"on_town_taken", 3}, {"on_side_eliminated", 1}}
}

// Error is a script's failure: a compile error, or a call that failed or
// was stopped. Line is the script's line it happened at (0 when unknown).
type Error struct {
	Handler string // "" for the top level and compile errors
	Line    int
	Msg     string
}

func (e *Error) Error() string {
	where := "script"
	if e.Line > 0 {
		where = fmt.Sprintf("script line %d", e.Line)
	}
	if e.Handler != "" {
		where += " in " + e.Handler
	}
	return where + ": " + e.Msg
}

// Program is a compiled script whose top level has run: its frozen
// globals, handlers among them.
type Program struct {
	name    string
	globals starlark.StringDict
	module  starlark.Value // the game module, shared by every call
	host    Host           // the host of the call under way; nil at the top level
}

// fileOptions are the dialect scripts are written in: while loops, sets
// and if/for at the top level allowed; recursion and reassigning globals
// refused.
func fileOptions() *syntax.FileOptions {
	return &syntax.FileOptions{Set: true, While: true, TopLevelControl: true}
}

// Compile parses and checks src (named name in errors), runs its top
// level, which may not act on the match, and checks that the handlers it
// defines take the right parameters.
func Compile(name, src string) (*Program, error) {
	if len(src) > MaxSourceBytes {
		return nil, &Error{Msg: fmt.Sprintf("%d bytes, at most %d", len(src), MaxSourceBytes)}
	}
	p := &Program{name: name}
	p.module = newModule(p)
	predeclared := builtins(p.module)
	prog, err := compile(name, src, predeclared)
	if err != nil {
		return nil, compileError(err)
	}
	var globals starlark.StringDict
	err = runLimited(p.name, func(th *starlark.Thread) (err error) {
		globals, err = prog.Init(th, predeclared)
		return err
	})
	if err != nil {
		return nil, p.callError("", err)
	}
	globals.Freeze()
	p.globals = globals
	for _, h := range handlers() {
		v, ok := globals[h.name]
		if !ok {
			continue
		}
		fn, ok := v.(*starlark.Function)
		switch {
		case !ok:
			return nil, &Error{Msg: fmt.Sprintf("%s is a %s, not a function", h.name, v.Type())}
		case fn.NumParams() != h.params || fn.HasVarargs() || fn.HasKwargs():
			return nil, &Error{Line: int(fn.Position().Line), Msg: fmt.Sprintf("%s takes %d parameters", h.name, h.params)}
		}
	}
	return p, nil
}

// Check parses and checks src without running it: its first error, with
// its line, or nil.
func Check(name, src string) error {
	if len(src) > MaxSourceBytes {
		return &Error{Msg: fmt.Sprintf("%d bytes, at most %d", len(src), MaxSourceBytes)}
	}
	if _, err := compile(name, src, builtins(starlark.None)); err != nil {
		return compileError(err)
	}
	return nil
}

// builtins are the names a script finds besides Starlark's own: the game
// module, and range and repetition bounded.
func builtins(module starlark.Value) starlark.StringDict {
	return starlark.StringDict{"game": module, "range": starlark.NewBuiltin("range", boundedRange),
		repeatName: starlark.NewBuiltin("*", boundedRepeat), percentName: starlark.NewBuiltin("%", boundedPercent),
		plusName: starlark.NewBuiltin("+", boundedPlus), growName: starlark.NewBuiltin("+=", boundedGrow),
		methodName: starlark.NewBuiltin("method", boundedMethod), "str": boundedText("str"), "repr": boundedText("repr"),
		lineName: starlark.NewBuiltin("while", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			return args[0], nil
		}),
		"print": starlark.NewBuiltin("print", func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
			return starlark.None, nil
		})}
}

// compile parses (see parse), resolves and compiles src.
func compile(name, src string, predeclared starlark.StringDict) (*starlark.Program, error) {
	f, err := parse(name, src)
	if err != nil {
		return nil, err
	}
	return starlark.FileProgram(f, predeclared.Has)
}

// boundedRange is Starlark's range, refusing more than MaxRange numbers
// (a list of them is made in one step, which the step limit cannot stop).
func boundedRange(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	start, stop, step := 0, 0, 1
	if len(args) == 1 {
		if err := starlark.UnpackPositionalArgs("range", args, kwargs, 1, &stop); err != nil {
			return nil, err
		}
	} else if err := starlark.UnpackPositionalArgs("range", args, kwargs, 2, &start, &stop, &step); err != nil {
		return nil, err
	}
	const bound = 1 << 48 // keeps stop-start far from overflowing
	if start < -bound || start > bound || stop < -bound || stop > bound {
		return nil, fmt.Errorf("range: bounds beyond ±%d", bound)
	}
	if step != 0 && (stop-start)/step > MaxRange {
		return nil, fmt.Errorf("range: more than %d numbers", MaxRange)
	}
	return starlark.Call(th, starlark.Universe["range"], args, kwargs)
}

// compileError is a parse or resolve error as an *Error at its line.
func compileError(err error) *Error {
	var se syntax.Error
	var rl resolve.ErrorList
	switch {
	case errors.As(err, &se):
		return &Error{Line: int(se.Pos.Line), Msg: se.Msg}
	case errors.As(err, &rl) && len(rl) > 0:
		return &Error{Line: int(rl[0].Pos.Line), Msg: rl[0].Msg}
	}
	return &Error{Msg: err.Error()}
}

// Has reports whether the script defines handler name.
func (p *Program) Has(name string) bool {
	_, ok := p.globals[name]
	return ok
}

// Call calls handler name, when the script defines it, with args (ints,
// Cells, Units, Towns or nil) on host h. A Program runs one call at a
// time.
func (p *Program) Call(h Host, name string, args ...any) error {
	fn, ok := p.globals[name]
	if !ok {
		return nil
	}
	sargs := make(starlark.Tuple, len(args))
	for k, a := range args {
		sargs[k] = toValue(a)
	}
	p.host = h
	defer func() { p.host = nil }()
	err := runLimited(p.name, func(th *starlark.Thread) error {
		_, err := starlark.Call(th, fn, sargs, nil)
		return err
	})
	if err != nil {
		return p.callError(name, err)
	}
	return nil
}

// runLimited runs f on a new thread named name, stopped after MaxSteps steps
// or when the live heap grows by more than MaxMemory. Every checkEvery
// steps the thread looks at the memory itself, since where goroutines
// take turns (wasm) watchMemory's goroutine cannot run while a script
// does; a call that lasts watchAfter steps starts that goroutine too
// (short calls, most of them, do without its cost).
func runLimited(name string, f func(th *starlark.Thread) error) error {
	th := &starlark.Thread{Name: name, Print: func(*starlark.Thread, string) {}}
	w := newMemoryWatch()
	var stop func()
	th.SetMaxExecutionSteps(checkEvery)
	th.OnMaxSteps = func(t *starlark.Thread) {
		switch {
		case t.Steps >= MaxSteps:
			t.Cancel(fmt.Sprintf("stopped after %d steps", MaxSteps))
		case w.over():
			t.Cancel(memoryStop())
		default:
			if stop == nil && t.Steps >= watchAfter {
				stop = watchMemory(t)
			}
			t.SetMaxExecutionSteps(min(t.Steps+checkEvery, MaxSteps))
		}
	}
	err := f(th)
	if stop != nil {
		stop()
	}
	return err
}

// memoryStop is the reason a call stopped for its memory.
func memoryStop() string { return fmt.Sprintf("stopped: more than %d MiB of memory", MaxMemory>>20) }

// watchMemory stops th when the process's live heap grows by more than
// MaxMemory while it runs, looking every watchEvery, until the returned
// stop is called. This is the one limit whose moment depends on the
// machine; a script within it never meets it.
func watchMemory(th *starlark.Thread) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		w := newMemoryWatch()
		tick := time.NewTicker(watchEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			if w.over() {
				th.Cancel(memoryStop())
				return
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// memoryWatch is one watcher of a call's memory: the live heap when the
// call began, and the heap's objects past which it looks again.
type memoryWatch struct{ baseLive, limit uint64 }

func newMemoryWatch() *memoryWatch {
	return &memoryWatch{baseLive: heap(liveMetric), limit: heap(objectsMetric) + MaxMemory}
}

// over reports whether the live heap has grown by more than MaxMemory.
// Once the heap's objects pass the limit it collects garbage and looks
// at what is live, so that garbage never stops a script; when that is
// within bounds, the limit moves up.
func (w *memoryWatch) over() bool {
	if heap(objectsMetric) <= w.limit {
		return false
	}
	runtime.GC()
	if heap(liveMetric) > w.baseLive+MaxMemory {
		return true
	}
	w.limit = heap(objectsMetric) + MaxMemory
	return false
}

// The heap metrics the watch reads: the bytes of heap objects, garbage
// not yet swept included, and the bytes the last collection found live.
const (
	objectsMetric = "/memory/classes/heap/objects:bytes"
	liveMetric    = "/gc/heap/live:bytes"
)

// heap reads one of the runtime's heap metrics, in bytes.
func heap(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// callError is a failed call's error at the script's innermost line.
func (p *Program) callError(handler string, err error) *Error {
	e := &Error{Handler: handler, Msg: err.Error()}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		e.Msg = ee.Msg
		for k := len(ee.CallStack) - 1; k >= 0; k-- {
			if pos := ee.CallStack[k].Pos; pos.Filename() == p.name {
				e.Line = int(pos.Line)
				break
			}
		}
	}
	e.Msg = strings.TrimPrefix(e.Msg, "Starlark computation cancelled: ")
	return e
}
