//go:build browser && !js

package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// setClipboard puts text on the browser's clipboard through the page
// (navigator.clipboard.writeText, allowed by the test's permission).
func setClipboard(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	js := "navigator.clipboard.writeText(" + strconv.Quote(text) + ").then(() => '', e => String(e))"
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil || msg != "" {
		t.Fatalf("writing the clipboard: %q %v", msg, err)
	}
}

// allowClipboard sets the page's permission to read the clipboard
// (granted or denied), and grants it writing.
func allowClipboard(t *testing.T, ctx context.Context, read browser.PermissionSetting) {
	t.Helper()
	origin, err := chromedp.Run(ctx, chromedp.Evaluate[string]("location.origin"))
	if err != nil {
		t.Fatal(err)
	}
	for name, set := range map[string]browser.PermissionSetting{"clipboard-read": read, "clipboard-write": browser.PermissionSettingGranted} {
		p := browser.SetPermissionParams{Permission: &browser.PermissionDescriptor{Name: name}, Setting: set, Origin: origin}
		if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, p); err != nil {
			t.Fatalf("permission %s %s: %v", name, set, err)
		}
	}
}

// ctrlV presses Ctrl+V as a person does: the browser pastes (a paste
// event with the clipboard's text) unless the page cancels the press.
func ctrlV(t *testing.T, ctx context.Context) {
	t.Helper()
	v := key{"KeyV", "v", 86}
	for _, ev := range []input.DispatchKeyEventParams{
		{Type: input.DispatchKeyEventTypeRawKeyDown, Code: "ControlLeft", Key: "Control", WindowsVirtualKeyCode: 17, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeRawKeyDown, Code: v.code, Key: v.key, WindowsVirtualKeyCode: v.vk, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeKeyUp, Code: v.code, Key: v.key, WindowsVirtualKeyCode: v.vk, Modifiers: 2},
		{Type: input.DispatchKeyEventTypeKeyUp, Code: "ControlLeft", Key: "Control", WindowsVirtualKeyCode: 17},
	} {
		if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, ev); err != nil {
			t.Fatalf("Ctrl+V: %v", err)
		}
	}
}

// The Online… dialog's join field takes the clipboard's text in the
// browser: its Paste button reads the clipboard (the permission granted
// through the DevTools protocol) into the field; Ctrl+V in the field
// adds the clipboard's new text at the caret (the page's paste event,
// which Ebitengine's canvas must not cancel); with the permission
// denied, the button leaves the field as it was and a one-line notice
// says why.
func TestPasteIntoJoinFieldInBrowser(t *testing.T) {
	ctx := openGame(t)
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	allowClipboard(t, ctx, browser.PermissionSettingGranted)
	first, second := "http://127.0.0.1:8080/#join=m1-", "00ff00ff00ff00ff00ff00ff00ff00ff"
	setClipboard(t, ctx, first)
	press(t, ctx, key{"KeyO", "O", 79}, ctrlKey, key{"ShiftLeft", "Shift", 16})
	clickButton(t, ctx, "Paste")
	waitProbe(t, ctx, "the button's paste in the join field", func(p probeState) bool { return p.Field == first })
	keepShot(t, ctx, "online-pasted")

	setClipboard(t, ctx, second)
	ctrlV(t, ctx)
	waitProbe(t, ctx, "Ctrl+V's paste after it", func(p probeState) bool { return p.Field == first+second })

	allowClipboard(t, ctx, browser.PermissionSettingDenied)
	clickButton(t, ctx, "Paste")
	st := waitStatus(t, ctx, "a notice of the refusal", func(s status) bool { return strings.HasPrefix(s.Notice, "Paste:") })
	if strings.Contains(st.Notice, "\n") {
		t.Errorf("the notice takes more than a line: %q", st.Notice)
	}
	if p := probe(t, ctx); p.Field != first+second {
		t.Errorf("after the refusal the field holds %q; want %q", p.Field, first+second)
	}
}
