//go:build browser && !js

package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// checkRecovery edits, lets the editor's autosave fire (its clock run
// ahead), leaves the page past the unsaved-changes guard and checks the
// next start offers the autosave, which holds the edit.
func checkRecovery(t *testing.T, ctx context.Context, view image.Rectangle) {
	call(t, ctx, "new", "")
	if gameStatus(t, ctx).Modified {
		t.Fatal("unsaved changes in a new map")
	}
	if call(t, ctx, "recovery", "") != "" {
		t.Fatal("an autosave exists before any edit")
	}
	call(t, ctx, "settings", `{"ApplyElevation":true,"Elevation":3,"ApplyTerrain":false,"BrushSize":1}`)
	cx, cy := float64(view.Min.X+view.Dx()/3), float64(view.Min.Y+view.Dy()/3)
	mouse(t, ctx, chromedp.MouseMoved, cx, cy)
	mouse(t, ctx, chromedp.MousePressed, cx, cy)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool]("window.hexsandboxModified === true",
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the press did not edit the map: %v", err)
	}
	mouse(t, ctx, chromedp.MouseReleased, cx, cy)
	edited := base64.StdEncoding.EncodeToString(mapBytes(t, ctx))
	call(t, ctx, "clock", "61")
	deadline := time.Now().Add(30 * time.Second)
	for call(t, ctx, "recovery", "") != edited {
		if time.Now().After(deadline) {
			t.Fatal("no autosave of the edit a minute after it")
		}
	}

	// Leaving with unsaved changes asks first: accept the question.
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	asked := make(chan page.DialogType, 1)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			asked <- ev.Type
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
			return
		}
	}()
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	select {
	case typ := <-asked:
		if typ != page.DialogTypeBeforeunload {
			t.Errorf("leaving asked with a %s dialog", typ)
		}
	default:
		t.Error("leaving with unsaved changes did not ask")
	}
	waitReady(t, ctx)
	if got := call(t, ctx, "recovery", ""); got != edited {
		t.Fatal("after the reload the autosave is gone or differs from the edit")
	}
	deadline = time.Now().Add(30 * time.Second)
	for gameStatus(t, ctx).Dialogs == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the restarted editor does not offer the autosave")
		}
	}
}

// checkSlotReload saves to a slot through the Save As dialog (keyboard:
// Ctrl+Shift+S, a name typed over the one offered, Enter), reloads the
// page, which reopens the slot (the map open when the editor last ran),
// and opens it again.
func checkSlotReload(t *testing.T, ctx context.Context) {
	slot := saveAsWithKeys(t, ctx, "e2e slot")
	t.Logf("saved as %q through the dialog", slot)
	saved := mapBytes(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx)
	if st := gameStatus(t, ctx); st.Name != slot || string(mapBytes(t, ctx)) != string(saved) {
		t.Fatalf("the reloaded page opened %q, not the slot it had open", st.Name)
	}
	call(t, ctx, "new", "")
	if string(mapBytes(t, ctx)) == string(saved) {
		t.Fatal("a new map equals the slot: opening it would prove nothing")
	}
	var list []struct{ Name string }
	if err := json.Unmarshal([]byte(call(t, ctx, "list", "")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Name != slot {
		t.Fatalf("slots after reload: %+v", list)
	}
	call(t, ctx, "open", slot)
	if got := mapBytes(t, ctx); string(got) != string(saved) {
		t.Fatalf("the slot loads back %d bytes that differ from the %d saved", len(got), len(saved))
	}
}

// checkDownload downloads the map, checks `hexmap info` accepts it and
// returns its path.
func checkDownload(t *testing.T, ctx context.Context, dir string) string {
	path := awaitDownload(t, ctx, dir, func() { call(t, ctx, "download", "") })
	cmd := exec.Command("go", "run", "./cmd/hexmap", "info", path)
	cmd.Dir = moduleRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("hexmap info %s: %v\n%s", filepath.Base(path), err, out)
	}
	t.Logf("hexmap info:\n%s", out)
	return path
}

// awaitDownload lets the page download into dir (empty), runs start,
// which is to start a download of the map, waits for it and checks that
// it holds the map; it returns the file's path.
func awaitDownload(t *testing.T, ctx context.Context, dir string, start func()) string {
	t.Helper()
	done := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	yes := true
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &yes,
	}); err != nil {
		t.Fatal(err)
	}
	want := mapBytes(t, ctx)
	start()
	for ev, err := range done {
		if err != nil {
			t.Fatalf("waiting for the download: %v", err)
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("the download was canceled")
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			break
		}
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.hexmap"))
	if len(paths) != 1 {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("downloads: %v", entries)
	}
	got, err := os.ReadFile(paths[0])
	if err != nil || string(got) != string(want) {
		t.Fatalf("downloaded %d bytes (%v), want the %d of the map", len(got), err, len(want))
	}
	return paths[0]
}

// checkPickFile opens a map file through the page's file picker (the
// test answers the chooser) after starting a new map.
func checkPickFile(t *testing.T, ctx context.Context, path string) {
	if path == "" {
		t.Fatal("no downloaded file to open")
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(mapBytes(t, ctx)) != string(want) {
		t.Fatal("the map already differs from the file before opening it")
	}
	call(t, ctx, "new", "")
	if string(mapBytes(t, ctx)) == string(want) {
		t.Fatal("a new map equals the file: opening it would prove nothing")
	}
	choosers := chromedp.Events(ctx, page.FileChooserOpened)
	if _, err := chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	// Browsers open a picker only just after user input: click the
	// status line (neither map nor panel) first.
	mouse(t, ctx, chromedp.MousePressed, 40, winH-4)
	mouse(t, ctx, chromedp.MouseReleased, 40, winH-4)
	call(t, ctx, "pickFile", "")
	for ev, err := range choosers {
		if err != nil {
			t.Fatalf("waiting for the file chooser: %v", err)
		}
		if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{
			Files: []string{path}, BackendNodeID: ev.BackendNodeID}); err != nil {
			t.Fatal(err)
		}
		break
	}
	waitMap(t, ctx, want, "the picked file did not open")
}

// checkDropFile drops a map file on the page, as from a file manager.
func checkDropFile(t *testing.T, ctx context.Context, path string, view image.Rectangle) {
	if path == "" {
		t.Fatal("no downloaded file to drop")
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	call(t, ctx, "new", "")
	if string(mapBytes(t, ctx)) == string(want) {
		t.Fatal("a new map equals the file: dropping it would prove nothing")
	}
	dropFile(t, ctx, path, view)
	waitMap(t, ctx, want, "the dropped file did not open")
}

// dropFile drags the file at path over the middle of view and drops it.
func dropFile(t *testing.T, ctx context.Context, path string, view image.Rectangle) {
	t.Helper()
	x, y := float64(view.Min.X+view.Dx()/2), float64(view.Min.Y+view.Dy()/2)
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: []string{path}, DragOperationsMask: 1}
	for _, typ := range []input.DispatchDragEventType{input.DispatchDragEventTypeDragEnter,
		input.DispatchDragEventTypeDragOver, input.DispatchDragEventTypeDrop} {
		if _, err := chromedp.Call(ctx, input.DispatchDragEvent, input.DispatchDragEventParams{Type: typ, X: x, Y: y, Data: data}); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
}

// saveAsWithKeys opens Save As with Ctrl+Shift+S, types name (which
// replaces the name the dialog offers, selected), presses Enter and
// returns the saved name.
func saveAsWithKeys(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	ctrl := key{"ControlLeft", "Control", 17}
	shift := key{"ShiftLeft", "Shift", 16}
	press(t, ctx, key{"KeyS", "S", 83}, ctrl, shift)
	// The dialog lists the saved maps first, off the UI loop.
	deadline := time.Now().Add(30 * time.Second)
	for st := gameStatus(t, ctx); st.Dialogs != 1; st = gameStatus(t, ctx) {
		if time.Now().After(deadline) {
			t.Fatalf("Ctrl+Shift+S opened %d dialogs", st.Dialogs)
		}
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(name)); err != nil {
		t.Fatal(err)
	}
	gameStatus(t, ctx) // a frame takes the typed text
	press(t, ctx, key{"Enter", "Enter", 13})
	deadline = time.Now().Add(30 * time.Second)
	for {
		st := gameStatus(t, ctx)
		if st.Dialogs == 0 && !st.Modified && st.Name == name {
			return st.Name
		}
		if time.Now().After(deadline) {
			t.Fatalf("the Save As dialog did not save: %+v", st)
		}
	}
}

// key is a keyboard key as the DevTools protocol names it.
type key struct {
	code, key string
	vk        int64
}

// press holds the modifiers, presses k, lets a frame see it (the game
// polls keys once a frame; a status call returns after one), and
// releases them all.
func press(t *testing.T, ctx context.Context, k key, mods ...key) {
	t.Helper()
	bits := map[string]int64{"Alt": 1, "Control": 2, "Meta": 4, "Shift": 8}
	var m int64
	send := func(typ input.DispatchKeyEventType, k key) {
		p := input.DispatchKeyEventParams{Type: typ, Code: k.code, Key: k.key,
			WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk, Modifiers: m}
		if k.key == "Enter" && typ == input.DispatchKeyEventTypeKeyDown {
			p.Text = "\r"
		}
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, p); err != nil {
			t.Fatalf("key %s: %v", k.key, err)
		}
	}
	for _, mk := range mods {
		m |= bits[mk.key]
		send(input.DispatchKeyEventTypeKeyDown, mk)
	}
	send(input.DispatchKeyEventTypeKeyDown, k)
	gameStatus(t, ctx)
	send(input.DispatchKeyEventTypeKeyUp, k)
	for i := len(mods) - 1; i >= 0; i-- {
		m &^= bits[mods[i].key]
		send(input.DispatchKeyEventTypeKeyUp, mods[i])
	}
}
