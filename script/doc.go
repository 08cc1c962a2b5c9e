// Package script runs a scenario's event script (issue 31): Starlark
// source (go.starlark.net) whose handlers the rules engine (package game)
// calls as the match goes on, and the `game` module through which they
// read the match and act on it (a Host, which package game provides).
//
// A script is sandboxed and deterministic: no file, clock or network
// access, no load statements, print discarded, recursion refused; its
// globals are frozen after its top level runs, so whatever a handler
// keeps between calls lives in the match (game.vars) and is saved and
// hashed with it. A call stops after MaxSteps Starlark steps, or when the
// program's live heap grows by more than MaxMemory; either way, and on
// any error, the call returns an *Error naming the handler and the line.
// The package never imports ebiten and builds for wasm.
package script
