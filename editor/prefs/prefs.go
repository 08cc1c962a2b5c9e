// Package prefs keeps the editor's preferences between runs: the quality
// of the 3D view (shadows, resolution). They live in a small JSON file in
// the user's config folder, written atomically (File), or in the
// browser's local storage (Local, in the browser build). A missing or
// unreadable record gives the defaults; nothing here imports ebiten.
package prefs

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Prefs are the remembered choices.
type Prefs struct {
	// Shadows: the sun casts shadows.
	Shadows bool `json:"shadows"`
	// Resolution is the 3D view's resolution in percent of the window's;
	// 0 (Auto) lowers it while the frame rate is below target.
	Resolution int `json:"resolution"`
}

// Auto is the Resolution that follows the frame rate.
const Auto = 0

// Resolutions are the choices the editor offers, Auto first.
func Resolutions() []int { return []int{Auto, 100, 75, 50} }

// Default is shadows on, automatic resolution.
func Default() Prefs { return Prefs{Shadows: true, Resolution: Auto} }

// Store keeps Prefs.
type Store interface {
	Load() (Prefs, error)
	Save(Prefs) error
}

// maxBytes bounds a preferences record: a corrupt or hostile one is not
// read without limit.
const maxBytes = 64 << 10

// decode reads a record; anything wrong gives the defaults and an error
// that says why.
func decode(r io.Reader) (Prefs, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return Default(), err
	}
	if len(data) > maxBytes {
		return Default(), errors.New("preferences larger than 64 KB")
	}
	p := Default()
	if err := json.Unmarshal(data, &p); err != nil {
		return Default(), fmt.Errorf("preferences: %v", err)
	}
	if !valid(p.Resolution) {
		return Default(), fmt.Errorf("preferences: resolution %d%% is not one of %v", p.Resolution, Resolutions())
	}
	return p, nil
}

func valid(res int) bool {
	for _, r := range Resolutions() {
		if r == res {
			return true
		}
	}
	return false
}

func encode(p Prefs) ([]byte, error) {
	if !valid(p.Resolution) {
		return nil, fmt.Errorf("resolution %d%% is not one of %v", p.Resolution, Resolutions())
	}
	return json.MarshalIndent(p, "", "  ")
}
