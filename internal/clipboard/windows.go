//go:build windows

package clipboard

import (
	"fmt"
	"runtime"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Windows: the clipboard of user32, the text as CF_UNICODETEXT in a
// block of global memory. x/sys/windows has the UTF-16 helpers but none
// of these calls, so they are reached through the system DLLs by name
// (loaded on the first call; the OS keeps one copy of each).

const (
	cfUnicodeText = 13     // CF_UNICODETEXT
	gmemMoveable  = 0x0002 // GMEM_MOVEABLE: SetClipboardData takes only such blocks
)

// writeWait bounds how long Write waits for another program to close
// the clipboard.
const writeWait = time.Second

// retryEvery is how often OpenClipboard is tried again while another
// program holds the clipboard (it gives no way to wait for it).
const retryEvery = 10 * time.Millisecond

// win32 holds the procedures the clipboard needs.
type win32 struct {
	open, close, empty, available, get, set *windows.LazyProc
	alloc, free, lock, unlock, size         *windows.LazyProc
}

func procs() win32 {
	u, k := windows.NewLazySystemDLL("user32.dll"), windows.NewLazySystemDLL("kernel32.dll")
	return win32{
		open: u.NewProc("OpenClipboard"), close: u.NewProc("CloseClipboard"),
		empty: u.NewProc("EmptyClipboard"), available: u.NewProc("IsClipboardFormatAvailable"),
		get: u.NewProc("GetClipboardData"), set: u.NewProc("SetClipboardData"),
		alloc: k.NewProc("GlobalAlloc"), free: k.NewProc("GlobalFree"),
		lock: k.NewProc("GlobalLock"), unlock: k.NewProc("GlobalUnlock"), size: k.NewProc("GlobalSize"),
	}
}

// openClipboard opens the clipboard for this thread, trying again while
// another program has it open, until deadline. The caller has locked
// its goroutine to the thread, which must also close it.
func (w win32) openClipboard(deadline time.Time) error {
	if err := w.open.Find(); err != nil {
		return fmt.Errorf("the clipboard: %v", err)
	}
	for {
		r, _, err := w.open.Call(0)
		if r != 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the clipboard: another program keeps it open (%v)", err)
		}
		time.Sleep(retryEvery)
	}
}

// pointer is the address a Global* call gave as a pointer (vet cannot
// tell that it points outside Go's memory).
func pointer(p uintptr) unsafe.Pointer { return unsafe.Add(nil, p) }

// Write puts text on the clipboard.
func Write(text string) error {
	u, err := toUTF16(text)
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w := procs()
	if err := w.openClipboard(time.Now().Add(writeWait)); err != nil {
		return err
	}
	defer w.close.Call()
	if r, _, err := w.empty.Call(); r == 0 {
		return fmt.Errorf("the clipboard: %v", err)
	}
	h, _, err := w.alloc.Call(gmemMoveable, uintptr(2*len(u)))
	if h == 0 {
		return fmt.Errorf("the clipboard: %v", err)
	}
	p, _, err := w.lock.Call(h)
	if p == 0 {
		w.free.Call(h)
		return fmt.Errorf("the clipboard: %v", err)
	}
	copy(unsafe.Slice((*uint16)(pointer(p)), len(u)), u)
	w.unlock.Call(h)
	if r, _, err := w.set.Call(cfUnicodeText, h); r == 0 {
		w.free.Call(h) // the clipboard took it only on success
		return fmt.Errorf("the clipboard: %v", err)
	}
	return nil
}

// Read is the clipboard's text, waiting at most timeout for another
// program to close it.
func Read(timeout time.Duration) (string, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w := procs()
	if err := w.openClipboard(time.Now().Add(timeout)); err != nil {
		return "", err
	}
	defer w.close.Call()
	if r, _, _ := w.available.Call(cfUnicodeText); r == 0 {
		return "", ErrEmpty
	}
	h, _, err := w.get.Call(cfUnicodeText)
	if h == 0 {
		return "", fmt.Errorf("the clipboard: %v", err)
	}
	size, _, _ := w.size.Call(h)
	p, _, err := w.lock.Call(h)
	if p == 0 {
		return "", fmt.Errorf("the clipboard: %v", err)
	}
	defer w.unlock.Call(h)
	text, err := fromUTF16(unsafe.Slice((*uint16)(pointer(p)), unitsToRead(size)))
	if err == nil && text == "" {
		return "", ErrEmpty
	}
	return text, err
}
