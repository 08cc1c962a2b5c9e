//go:build js && testhooks

// The test hooks of window.hexsandbox about a match in play: what the
// engine holds, a unit set where a test wants it before the match
// starts, and how long the computer's thinking holds up each frame.

package editor

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"time"

	"hexsandbox/editor/files"
	engine "hexsandbox/game"
)

// playCall runs the calls about the match; ok is false for a name it
// does not know.
func (g *game) playCall(name, arg string) (res any, ok bool, err error) {
	switch name {
	case "match":
		res, err = g.matchState()
	case "placeUnit": // {"From":a,"To":b}: the map's unit on cell a stands on b; the match starts again
		var at struct{ From, To int }
		if err = json.Unmarshal([]byte(arg), &at); err == nil {
			err = g.placeUnit(at.From, at.To)
		}
	case "forecast": // {"Unit":id,"Cell":c}: the forecast of that attack, or why it cannot be made
		var q struct{ Unit, Cell int }
		if err = json.Unmarshal([]byte(arg), &q); err == nil {
			res, err = g.forecast(q.Unit, q.Cell)
		}
	case "thinkTimes": // the computer's thinking per frame since the last call
		res, err = g.thinkTimes()
	case "recoveryMatch": // the state hash of the match the newest autosave carries; "" if none
		res, err = g.recoveryMatch()
	default:
		return nil, false, nil
	}
	if err != nil {
		err = fmt.Errorf("%s: %v", name, err)
	}
	return res, true, err
}

// matchState describes the match for the tests: the side in turn, the
// round, the map's size, whether the computer plays it, a move or battle being shown,
// the cover screen's text box ([4]int, or null), whether the match is
// over, the units, the state hash, online, the seat's side, what the
// pointer's place shows (the planned path and its turns, the forecast
// and where it was last drawn) and the open town panel's box and rows.
func (g *game) matchState() (string, error) {
	s := g.play.session
	if s == nil {
		return "null", nil
	}
	var cover *[4]int
	if c := g.play.cover; c != nil {
		cover = &[4]int{c.at.Min.X, c.at.Min.Y, c.at.Max.X, c.at.Max.Y}
	}
	type unit struct {
		ID, Side, Cell, HP, Moves int
		Type                      string
	}
	var us []unit
	for _, u := range s.match.Units() {
		us = append(us, unit{ID: u.ID, Side: u.Side, Cell: u.Cell, HP: u.HP, Moves: u.Moves, Type: s.match.Rules().Types[u.Type].Name})
	}
	over, _ := s.match.Over()
	top := s.grid.Topology()
	seat := 0
	if r := g.play.remote; r != nil && r.setup != nil {
		seat = r.setup.Side
	}
	// What the pointer's place shows: the way the selected unit would
	// take there with each cell's turn, and whether the forecast of an
	// attack there shows.
	path, turns, ok := g.play.plannedPath()
	if !ok {
		path, turns = nil, nil
	}
	_, forecast := g.play.hoverForecast()
	rect := func(r image.Rectangle) [4]int { return [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y} }
	var boxes [][4]int // the town panel and its rows, when open
	if g.play.town.town != 0 {
		boxes = append(boxes, rect(g.play.town.at))
		for _, r := range g.play.town.rows {
			boxes = append(boxes, rect(r.at))
		}
	}
	return jsonString(map[string]any{
		"path": path, "pathTurns": turns, "forecast": forecast, "forecastBox": rect(g.play.forecast.at), "townBoxes": boxes,
		"seat":  seat,
		"width": top.Width, "height": top.Height, "wrapping": top.Wrapping,
		"side": s.side(), "round": s.match.Round(), "computer": s.computerTurn(), "battle": s.battle != nil,
		"walking": s.walking(), "cover": cover, "over": over, "selected": g.play.selected, "units": us,
		"hash":    s.match.Hash(),
		"pointer": map[string]any{"x": g.ptr.cur.x, "y": g.ptr.cur.y, "cell": g.ptr.cur.cell, "ok": g.ptr.cur.ok, "overMap": g.ptr.cur.overMap, "touch": g.ptr.cur.touch, "pressed": g.ptr.cur.pressed},
	})
}

// recoveryMatch is the state hash of the match that the newest autosave
// in the browser's storage carries, resumed by the engine on the
// autosave's map; "" when it carries none.
func (g *game) recoveryMatch() (string, error) {
	b, ok := g.sess.Store.(*files.Browser)
	if !ok {
		return "", errors.New("not the browser's storage")
	}
	rg, blob, err := b.NewestRecovery()
	if errors.Is(err, files.ErrNoRecovery) || (err == nil && blob == nil) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	var s engine.Saved
	if err := json.Unmarshal(blob, &s); err != nil {
		return "", err
	}
	m, err := engine.Resume(rg, s)
	if err != nil {
		return "", err
	}
	return m.Hash(), nil
}

// placeUnit moves the map's unit on cell from to cell to (one undoable
// edit) and, in play, starts the match of the map's scenario again.
func (g *game) placeUnit(from, to int) error {
	grid := g.sess.Grid.Clone()
	k, ok := grid.UnitAt(from)
	if !ok {
		return fmt.Errorf("no unit on cell %d", from)
	}
	u := grid.Units()[k]
	grid.RemoveUnit(from)
	u.Location = grid.Topology().Coordinates(to)
	if err := grid.AddUnit(u); err != nil {
		return err
	}
	g.sess.ReplaceUndoable(grid)
	if g.mode == mode(g.play) {
		g.play.reset() // a new History may have the old one's state
		g.play.enter()
	}
	return nil
}

// forecast is the engine's forecast of unit id's attack on cell at.
func (g *game) forecast(id, at int) (string, error) {
	s := g.play.session
	if s == nil {
		return "", fmt.Errorf("no match")
	}
	f, err := s.match.Forecast(id, at)
	if err != nil {
		return "", err
	}
	return jsonString(f)
}

// thinkTimes reports the computer's thinking per frame since the last
// call and starts watching anew (the first call starts the watch).
func (g *game) thinkTimes() (string, error) {
	w := g.hooks.thinking
	g.hooks.thinking = &thinkWatch{}
	if w == nil {
		w = &thinkWatch{}
	}
	var rehearsal time.Duration
	if s := g.play.session; s != nil {
		rehearsal = s.rehearsal
	}
	waits := make([]float64, len(w.Waits))
	for k, d := range w.Waits {
		waits[k] = d.Seconds() * 1000
	}
	return jsonString(map[string]any{
		"commands": w.Commands, "frames": w.Frames, "drawn": w.Drawn,
		"waitsMs": waits, "totalMs": w.Total.Seconds() * 1000,
		"rehearsalMs": rehearsal.Seconds() * 1000,
	})
}
