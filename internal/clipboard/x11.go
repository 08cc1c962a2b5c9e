//go:build (linux || freebsd || openbsd || netbsd) && !android

package clipboard

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// atoms are the X11 names the clipboard's exchange uses.
type atoms struct {
	clipboard, utf8, targets, property xproto.Atom
}

// connect opens a connection to the X server, the atoms and a window of
// its own (never mapped) to own the clipboard or receive its text.
func connect() (*xgb.Conn, xproto.Window, atoms, error) {
	c, err := xgb.NewConn()
	if err != nil {
		return nil, 0, atoms{}, fmt.Errorf("the clipboard: %v", err)
	}
	var a atoms
	for _, at := range []struct {
		name string
		to   *xproto.Atom
	}{{"CLIPBOARD", &a.clipboard}, {"UTF8_STRING", &a.utf8}, {"TARGETS", &a.targets}, {"HEXSANDBOX_CLIPBOARD", &a.property}} {
		r, err := xproto.InternAtom(c, false, uint16(len(at.name)), at.name).Reply()
		if err != nil {
			c.Close()
			return nil, 0, atoms{}, fmt.Errorf("the clipboard: %v", err)
		}
		*at.to = r.Atom
	}
	screen := xproto.Setup(c).DefaultScreen(c)
	w, err := xproto.NewWindowId(c)
	if err == nil {
		err = xproto.CreateWindowChecked(c, screen.RootDepth, w, screen.Root, 0, 0, 1, 1, 0,
			xproto.WindowClassInputOutput, screen.RootVisual, 0, nil).Check()
	}
	if err != nil {
		c.Close()
		return nil, 0, atoms{}, fmt.Errorf("the clipboard: %v", err)
	}
	return c, w, a, nil
}

// Write puts text on the clipboard. A goroutine serves it to the
// programs that paste until another owner takes the clipboard.
func Write(text string) error {
	if len(text) > MaxBytes {
		return tooLong(len(text))
	}
	c, w, a, err := connect()
	if err != nil {
		return err
	}
	xproto.SetSelectionOwner(c, w, a.clipboard, xproto.TimeCurrentTime)
	r, err := xproto.GetSelectionOwner(c, a.clipboard).Reply()
	if err != nil || r.Owner != w {
		c.Close()
		return fmt.Errorf("the clipboard: the X server kept another owner (%v)", err)
	}
	go serve(c, a, []byte(text))
	return nil
}

// serve answers the requests for the clipboard's text until another
// owner takes it or the connection ends, then closes the connection.
func serve(c *xgb.Conn, a atoms, text []byte) {
	defer c.Close()
	for {
		ev, err := c.WaitForEvent()
		switch e := ev.(type) {
		case nil:
			if err == nil {
				return // the connection closed
			}
		case xproto.SelectionClearEvent:
			return
		case xproto.SelectionRequestEvent:
			answer(c, a, e, text)
		}
	}
}

// answer gives requestor e the text (as UTF8_STRING or STRING) or the
// list of targets it may ask for, and tells it so.
func answer(c *xgb.Conn, a atoms, e xproto.SelectionRequestEvent, text []byte) {
	prop := e.Property
	if prop == xproto.AtomNone {
		prop = e.Target // an obsolete requestor
	}
	switch e.Target {
	case a.targets:
		list := make([]byte, 12)
		for k, t := range []xproto.Atom{a.targets, a.utf8, xproto.AtomString} {
			binary.NativeEndian.PutUint32(list[4*k:], uint32(t))
		}
		xproto.ChangeProperty(c, xproto.PropModeReplace, e.Requestor, prop, xproto.AtomAtom, 32, 3, list)
	case a.utf8, xproto.AtomString:
		xproto.ChangeProperty(c, xproto.PropModeReplace, e.Requestor, prop, e.Target, 8, uint32(len(text)), text)
	default:
		prop = xproto.AtomNone // refused
	}
	notify := xproto.SelectionNotifyEvent{Time: e.Time, Requestor: e.Requestor, Selection: e.Selection, Target: e.Target, Property: prop}
	xproto.SendEvent(c, false, e.Requestor, xproto.EventMaskNoEvent, string(notify.Bytes()))
}

// Read is the clipboard's text, waiting at most timeout for its owner
// to give it.
func Read(timeout time.Duration) (string, error) {
	c, w, a, err := connect()
	if err != nil {
		return "", err
	}
	defer c.Close()
	xproto.ConvertSelection(c, w, a.clipboard, a.utf8, a.property, xproto.TimeCurrentTime)
	got := make(chan xproto.SelectionNotifyEvent, 1)
	go func() {
		for {
			ev, err := c.WaitForEvent()
			if ev == nil && err == nil {
				return // closed: Read gave up
			}
			if n, ok := ev.(xproto.SelectionNotifyEvent); ok {
				got <- n
				return
			}
		}
	}()
	select {
	case n := <-got:
		if n.Property == xproto.AtomNone {
			return "", ErrEmpty
		}
	case <-time.After(timeout):
		return "", fmt.Errorf("the clipboard: no answer from its owner within %v", timeout)
	}
	r, err := xproto.GetProperty(c, true, w, a.property, xproto.GetPropertyTypeAny, 0, MaxBytes/4+1).Reply()
	switch {
	case err != nil:
		return "", fmt.Errorf("the clipboard: %v", err)
	case r.BytesAfter > 0 || len(r.Value) > MaxBytes:
		return "", tooLong(len(r.Value) + int(r.BytesAfter))
	case r.Format != 8:
		return "", ErrEmpty
	}
	return string(r.Value), nil
}
