//go:build browser && !js

package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"hexsandbox/game"
	"hexsandbox/online"
)

// notificationStub stands for the browser's notifications, allowed, on
// a page the user is not looking at: it records each notification shown.
const notificationStub = `
window.hexsandboxNotes = [];
window.Notification = class { constructor(title, opts) { window.hexsandboxNotes.push(title + ": " + (opts && opts.body)); } };
Notification.permission = "granted";
Notification.requestPermission = () => Promise.resolve("granted");
document.hasFocus = () => false;
`

// A page on a seat's link, notifications allowed and the page not
// looked at, shows none while the other side plays; when that side
// ends its turn, the page's title starts with Your turn and one
// notification says so.
func TestOnlinePageNotifiesYourTurn(t *testing.T) {
	base, _ := onlineServer(t)
	c := trioMatch(t, base)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	browser := startBrowser(t, winW, winH)
	tab, closeTab := chromedp.NewContext(browser)
	defer closeTab()
	if err := chromedp.Do(tab); err != nil { // the tab opens
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tab, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: notificationStub}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.Navigate(base+c.Seats[1].Link)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, tab)
	waitMatch(t, tab, "side 1's turn on side 2's page", func(m matchState) bool { return m.Seat == 2 && m.Side == 1 })
	notes := func() []string {
		t.Helper()
		got, err := chromedp.Run(tab, chromedp.Evaluate[[]string]("window.hexsandboxNotes"))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := notes(); len(got) != 0 {
		t.Fatalf("in side 1's turn side 2's page notified %q", got)
	}

	_, match, token, _ := online.ParseLink(c.Seats[0].Link, base)
	one, _, err := online.Dial(ctx, base, match, token, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	if err := one.Send(ctx, online.Request{Command: game.Command{Cmd: "end"}}); err != nil {
		t.Fatal(err)
	}
	waitMatch(t, tab, "side 2's turn", func(m matchState) bool { return m.Side == 2 })
	// The title follows the frame that shows the turn; a page that never
	// notifies is caught below.
	chromedp.Run(tab, chromedp.Poll[bool]("window.hexsandboxNotes.length > 0",
		chromedp.WithPollingTimeout(5*time.Second), chromedp.WithPollingInterval(20*time.Millisecond)))
	got := notes()
	title, err := chromedp.Run(tab, chromedp.Evaluate[string]("document.title"))
	if err != nil || !strings.HasPrefix(title, "Your turn") {
		t.Errorf("in its turn side 2's page is titled %q (%v)", title, err)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "Your turn: Your turn") {
		t.Errorf("side 2's turn notified %q; want one notification, Your turn", got)
	}
}
