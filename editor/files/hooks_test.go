package files

import (
	"time"
)

// What the tests call and the editor does not (the convention's
// export_test.go; that name holds export.go's tests here): the
// operations run at once, and waiting for a task.

// Save writes the map under its name at once.
func (s *Session) Save() error {
	op, err := s.SaveOp("", true)
	if err != nil {
		return err
	}
	return op.Do()
}

// SaveAs writes the map under a new name at once; see SaveOp.
func (s *Session) SaveAs(name string, overwrite bool) error {
	op, err := s.SaveOp(name, overwrite)
	if err != nil {
		return err
	}
	return op.Do()
}

// Autosave writes the autosave at once when it is due; it reports
// whether it wrote one.
func (s *Session) Autosave(now time.Time) (bool, error) {
	op, ok := s.AutosaveOp(now)
	if !ok {
		return false, nil
	}
	return true, op.Do()
}

// Wait blocks until Run has returned and gives its error.
func (t *Task) Wait() error { <-t.done; return t.err }
