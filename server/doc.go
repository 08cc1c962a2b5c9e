// Package server owns online play's match server (issue 30): it creates
// matches of package game on request, keeps each in a Store (SQLite in
// one file: the match's map, scenario and seats, its log of accepted
// commands and every message each seat was sent), and serves each seat's
// WebSocket in the protocol of package online. The server is the
// authority: a seat's command is checked like any by game.Match.Apply,
// only for its side and in its turn; a command counts once its row is
// committed, and only then do its messages go out. Each seat is told
// only what its side's view (game.Match.View) holds before or after a
// command; computer sides (package ai) play on the server. The package
// never imports ebiten.
package server
