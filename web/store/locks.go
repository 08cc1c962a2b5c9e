//go:build js

package store

import (
	"errors"
	"syscall/js"
)

// HoldLock takes the Web Lock name (navigator.locks) if no tab of this
// site holds it, and keeps it until release is called or the tab goes
// away (the browser drops a closed or crashed tab's locks). held is
// false when another holder has it; the error is errors.ErrUnsupported
// in browsers without Web Locks. Tabs mark their autosave as in use this
// way, so that a later start offers only the autosaves of tabs that are
// gone. Call release from a goroutine that may wait (not a JavaScript
// callback).
func HoldLock(name string) (release func(), held bool, err error) {
	locks := js.Global().Get("navigator").Get("locks")
	if !locks.Truthy() {
		return nil, false, errors.ErrUnsupported
	}
	got := make(chan bool, 1)
	var resolve js.Value
	var granted, keep js.Func
	keep = js.FuncOf(func(this js.Value, args []js.Value) any {
		resolve = args[0]
		return nil
	})
	granted = js.FuncOf(func(this js.Value, args []js.Value) any {
		if args[0].IsNull() { // ifAvailable: someone else holds it
			got <- false
			return nil
		}
		// The lock is held until the promise returned here settles.
		p := js.Global().Get("Promise").New(keep)
		got <- true
		return p
	})
	opts := js.Global().Get("Object").New()
	opts.Set("ifAvailable", true)
	done, err := call(locks, "request", name, opts, granted) // settles once the lock is let go
	if err != nil {
		granted.Release()
		keep.Release()
		return nil, false, err
	}
	if !<-got {
		granted.Release()
		keep.Release()
		return nil, false, nil
	}
	// release returns once the lock is free again, so that whatever asks
	// for it next gets it.
	return func() {
		resolve.Invoke()
		await(done)
		granted.Release()
		keep.Release()
	}, true, nil
}
