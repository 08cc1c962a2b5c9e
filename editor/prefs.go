package editor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"hexsandbox/editor/files"
	"hexsandbox/editor/showcase"
	"hexsandbox/editor/tools"
	"hexsandbox/online"
	"hexsandbox/saves"
)

// editorPrefs are what the editor remembers between runs: the map that was
// open (a saved map's name, or the file it came from) and the tools'
// and view's settings. The Store keeps them (a file in the maps folder,
// the page's localStorage).
type editorPrefs struct {
	Map       string `json:",omitempty"` // a saved map's name
	Path      string `json:",omitempty"` // or the file it was opened from (desktop)
	Settings  tools.Settings
	View      viewSettings
	ImportDir string `json:",omitempty"` // where the Import browser was last
	// Matches are the online seats the player created or joined, newest
	// first (the Online… dialog's lobby).
	Matches []online.Remembered `json:",omitempty"`
}

// prefsInterval is how often changed preferences are written at most.
const prefsInterval = 2 * time.Second

// loadPrefs reads the store's preferences; none (or unreadable ones)
// give the defaults.
func loadPrefs(store files.Store) (editorPrefs, error) {
	p := editorPrefs{Settings: tools.DefaultSettings(), View: defaultView()}
	data, err := store.LoadPrefs()
	if err != nil || data == nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return editorPrefs{Settings: tools.DefaultSettings(), View: defaultView()}, fmt.Errorf("preferences: %v", err)
	}
	p.Settings.Clamp()
	p.Settings = p.Settings.Restored()
	p.Matches = slices.DeleteFunc(p.Matches, func(r online.Remembered) bool { return r.Valid() != nil })
	return p, nil
}

// currentPrefs are the preferences as the editor stands.
func (g *game) currentPrefs() editorPrefs {
	p := editorPrefs{Map: g.sess.Name, Settings: g.edit.settings, View: g.view, ImportDir: g.doc.importDir, Matches: g.doc.lobby.seats}
	if p.Map == "" {
		p.Path = g.doc.openedPath
	}
	return p
}

// savePrefs writes the preferences when they changed, at most every
// prefsInterval unless now is set (quitting).
func (g *game) savePrefs(now bool) {
	// Another map open is written at once: a reload right after a save
	// reopens that map.
	if !now && g.clock.now.Sub(g.doc.prefs.at) < prefsInterval && g.sess.Name == g.doc.prefs.mapName {
		return
	}
	g.doc.prefs.mapName = g.sess.Name
	g.doc.prefs.at = g.clock.now
	data, err := json.Marshal(g.currentPrefs())
	if err != nil || bytes.Equal(data, g.doc.prefs.saved) {
		return
	}
	if err := g.sess.Store.SavePrefs(data); err != nil {
		g.fail(err)
		return
	}
	g.doc.prefs.saved = data
}

// startMap is the map the editor opens with, the name it is saved under
// in the store ("" when it is not) and the file it came from: the file
// asked for, a share link's map (in the browser), the map open when the
// editor last closed, or the showcase. A map that cannot be reopened is
// reported in why, and the next choice is taken.
func startMap(opts Options, store files.Store, p editorPrefs) (l files.Loaded, saved, path string, why []string, err error) {
	if opts.File != "" {
		l, err := files.OpenPath(context.Background(), opts.File) // before the window opens
		if err == nil {
			return l, "", opts.File, nil, nil
		}
		why = append(why, saves.Explain(err))
	}
	switch l, ok, err := linkedMap(); {
	case ok && err == nil:
		return l, "", "", why, nil
	case ok:
		why = append(why, saves.Explain(err))
	}
	if p.Map != "" {
		g, info, err := store.Load(context.Background(), p.Map)
		if err == nil {
			return files.Loaded{Grid: g, Name: p.Map, Info: info}, p.Map, "", why, nil
		}
		why = append(why, "The last map did not reopen. "+saves.Explain(err))
	}
	if p.Path != "" {
		l, err := files.OpenPath(context.Background(), p.Path)
		if err == nil {
			return l, "", p.Path, why, nil
		}
		why = append(why, "The last map did not reopen. "+saves.Explain(err))
	}
	g, err := showcase.Map()
	if err != nil {
		return files.Loaded{}, "", "", why, fmt.Errorf("showcase map: %v", err)
	}
	return files.Loaded{Grid: g, Name: "showcase"}, "", "", why, nil
}
