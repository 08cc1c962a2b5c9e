//go:build js

package store

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"
)

// Download hands data to the browser as a file download named filename
// (a Blob behind a temporary link that is clicked once).
func Download(filename string, data []byte) error {
	if len(data) > MaxBytes {
		return fmt.Errorf("%d bytes is more than the %d a map may have", len(data), MaxBytes)
	}
	g := js.Global()
	opts := g.Get("Object").New()
	opts.Set("type", "application/octet-stream")
	blob := g.Get("Blob").New(g.Get("Array").New(bytesToJS(data)), opts)
	url, err := call(g.Get("URL"), "createObjectURL", blob)
	if err != nil {
		return fmt.Errorf("download: %v", err)
	}
	doc := g.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", filename)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	_, err = call(a, "click")
	a.Call("remove")
	// The browser reads the Blob after the click returns; revoking the URL
	// at once can cancel the download, so keep it a while.
	time.AfterFunc(time.Minute, func() { g.Get("URL").Call("revokeObjectURL", url) })
	if err != nil {
		return fmt.Errorf("download: %v", err)
	}
	return nil
}

// Picked is a file the user chose from disk.
type Picked struct {
	Name string
	Data []byte
	Err  error
}

// ErrCanceled is Picked.Err when the user closed the picker without a
// file.
var ErrCanceled = errors.New("no file chosen")

// PickFile opens the browser's file picker (accept lists extensions, e.g.
// ".hexmap,.map") and returns at once; the channel receives the chosen
// file, or ErrCanceled. Browsers open the picker only shortly after a
// click or key press on the page.
func PickFile(accept string) <-chan Picked {
	ch := make(chan Picked, 1)
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Set("accept", accept)
	in.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", in)
	var onChange, onCancel js.Func
	finish := func() {
		in.Call("remove")
		onChange.Release()
		onCancel.Release()
	}
	onChange = js.FuncOf(func(this js.Value, args []js.Value) any {
		files := in.Get("files")
		finish()
		if files.Length() == 0 {
			ch <- Picked{Err: ErrCanceled}
			return nil
		}
		// Reading waits on a promise: not inside this callback.
		go func() { ch <- ReadFile(files.Index(0)) }()
		return nil
	})
	onCancel = js.FuncOf(func(this js.Value, args []js.Value) any {
		finish()
		ch <- Picked{Err: ErrCanceled}
		return nil
	})
	in.Call("addEventListener", "change", onChange)
	in.Call("addEventListener", "cancel", onCancel)
	if _, err := call(in, "click"); err != nil {
		finish()
		ch <- Picked{Err: fmt.Errorf("file picker: %v", err)}
	}
	return ch
}

// ReadFile reads a JavaScript File (from a picker or a drop), refusing
// files larger than MaxBytes before reading them.
func ReadFile(file js.Value) Picked {
	name := file.Get("name").String()
	if size := file.Get("size").Int(); size > MaxBytes {
		return Picked{Name: name, Err: fmt.Errorf("%s: %d bytes is too large for a map", name, size)}
	}
	p, err := call(file, "arrayBuffer")
	if err != nil {
		return Picked{Name: name, Err: err}
	}
	buf, err := await(p)
	if err != nil {
		return Picked{Name: name, Err: fmt.Errorf("%s: %v", name, err)}
	}
	data, err := bytesFromJS(buf)
	return Picked{Name: name, Data: data, Err: err}
}
