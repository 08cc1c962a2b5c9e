//go:build js

package store

import (
	"errors"
	"fmt"
	"syscall/js"
)

// call invokes a JavaScript method, turning a thrown exception (which
// syscall/js raises as a panic) into an error.
func call(v js.Value, method string, args ...any) (res js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: %v", method, r)
		}
	}()
	return v.Call(method, args...), nil
}

// Catch runs f, turning a JavaScript exception it raises (a full
// localStorage, a denied permission) into an error.
func Catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// jsError describes an error object of an IndexedDB event or a rejected
// promise in one line.
func jsError(v js.Value) error {
	if !v.Truthy() {
		return errors.New("unknown browser error")
	}
	if m := v.Get("message"); m.Type() == js.TypeString && m.String() != "" {
		return errors.New(m.String())
	}
	return errors.New(v.Call("toString").String())
}

// outcome is what a JavaScript callback hands back to the waiting
// goroutine.
type outcome struct {
	val js.Value
	err error
}

// listen sets handlers named ok and fail on target, and returns a
// channel that receives the first of them; ok's result is pick(target).
// The handlers are released once one has fired.
func listen(target js.Value, ok, fail string, pick func(js.Value) outcome) <-chan outcome {
	ch := make(chan outcome, 1)
	var okFn, failFn js.Func
	done := func(o outcome) {
		target.Set(ok, js.Null())
		target.Set(fail, js.Null())
		okFn.Release()
		failFn.Release()
		ch <- o
	}
	okFn = js.FuncOf(func(this js.Value, args []js.Value) any {
		done(pick(target))
		return nil
	})
	failFn = js.FuncOf(func(this js.Value, args []js.Value) any {
		done(outcome{err: jsError(target.Get("error"))})
		return nil
	})
	target.Set(ok, okFn)
	target.Set(fail, failFn)
	return ch
}

// pending returns the channel that receives the outcome of an
// IDBRequest. Set it up before giving the browser a chance to finish the
// request (before blocking on anything else).
func pending(req js.Value) <-chan outcome {
	return listen(req, "onsuccess", "onerror", func(r js.Value) outcome {
		return outcome{val: r.Get("result")}
	})
}

// wait blocks until an IDBRequest succeeds or fails and returns its
// result.
func wait(req js.Value) (js.Value, error) {
	o := <-pending(req)
	return o.val, o.err
}

// await blocks until a promise settles.
func await(p js.Value) (js.Value, error) {
	ch := make(chan outcome, 1)
	var then, catch js.Func
	then = js.FuncOf(func(this js.Value, args []js.Value) any {
		then.Release()
		catch.Release()
		ch <- outcome{val: args[0]}
		return nil
	})
	catch = js.FuncOf(func(this js.Value, args []js.Value) any {
		then.Release()
		catch.Release()
		ch <- outcome{err: jsError(args[0])}
		return nil
	})
	p.Call("then", then, catch)
	o := <-ch
	return o.val, o.err
}

// bytesToJS copies b into a new Uint8Array.
func bytesToJS(b []byte) js.Value {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	return u
}

// bytesFromJS copies a Uint8Array or ArrayBuffer into Go, refusing more
// than MaxBytes.
func bytesFromJS(v js.Value) ([]byte, error) {
	if v.InstanceOf(js.Global().Get("ArrayBuffer")) {
		v = js.Global().Get("Uint8Array").New(v)
	}
	if !v.InstanceOf(js.Global().Get("Uint8Array")) {
		return nil, errors.New("stored value is not a byte array")
	}
	n := v.Get("length").Int()
	if n > MaxBytes {
		return nil, fmt.Errorf("%d bytes is more than the %d a map may have", n, MaxBytes)
	}
	b := make([]byte, n)
	js.CopyBytesToGo(b, v)
	return b, nil
}
