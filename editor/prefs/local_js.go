//go:build js

package prefs

import (
	"strings"
	"syscall/js"
)

// Local keeps Prefs in the browser's local storage under Key.
type Local struct{ Key string }

// DefaultKey is the local-storage key of the browser build.
const DefaultKey = "hexsandbox.settings"

func storage() js.Value { return js.Global().Get("localStorage") }

// Load reads the record; none gives the defaults without error.
func (l Local) Load() (Prefs, error) {
	s := storage()
	if !s.Truthy() {
		return Default(), nil
	}
	v := s.Call("getItem", l.Key)
	if v.IsNull() || v.IsUndefined() {
		return Default(), nil
	}
	return decode(strings.NewReader(v.String()))
}

// Save writes the record (local storage writes are atomic per key).
func (l Local) Save(p Prefs) error {
	data, err := encode(p)
	if err != nil {
		return err
	}
	if s := storage(); s.Truthy() {
		s.Call("setItem", l.Key, string(data))
	}
	return nil
}
