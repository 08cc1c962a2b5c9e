// Package game owns the rules of a match (issue 27): unit types and their
// numbers (a Ruleset), the starting position (a Scenario on a map), and
// the Match, a scenario plus the log of commands applied to it. A
// scenario may carry an event script (package script, issue 31): the
// match calls its handlers after the events that call for them, and its
// actions are events of the command (or start) that caused them. Apply
// checks a command against the rules and either changes the state and
// returns the events it caused, or refuses it with a sentinel error and
// changes nothing.
//
// The state after any log is a pure function of the map, the scenario and
// the log: every rule is integer arithmetic, the one random generator (a
// splitmix64 seeded from the scenario's seed) is drawn only in combat
// and by the script, and nothing depends on map iteration order, so a
// match replays to the same state hash on every platform, wasm included
// (a script's one machine-dependent limit, its memory, stops only a
// script that would fail anyway). The package never imports ebiten; the
// map's terrain is read, never changed.
package game
