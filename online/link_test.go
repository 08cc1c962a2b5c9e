package online

import "testing"

// ParseLink takes a seat's link whole, without its server, or its code
// alone, and refuses what is none of them.
func TestParseLink(t *testing.T) {
	for _, c := range []struct{ link, server, match, token string }{
		{"http://10.0.0.2:9000/#join=ab12-cd34", "http://10.0.0.2:9000", "ab12", "cd34"},
		{" https://games.example/#join=ab12-cd34\n", "https://games.example", "ab12", "cd34"},
		{"/#join=ab12-cd34", "http://127.0.0.1:8080", "ab12", "cd34"},
		{"#join=ab12-cd34", "http://127.0.0.1:8080", "ab12", "cd34"},
		{"ab12-cd34", "http://127.0.0.1:8080", "ab12", "cd34"},
	} {
		server, match, token, err := ParseLink(c.link, "http://127.0.0.1:8080/")
		if err != nil || server != c.server || match != c.match || token != c.token {
			t.Errorf("ParseLink(%q) = %q, %q, %q, %v; want %q, %q, %q", c.link, server, match, token, err, c.server, c.match, c.token)
		}
	}
	for _, bad := range []string{"", "ab12", "-cd34", "ab12-", "ftp://x/#join=ab-cd", "#join=ab/cd-ef", "http://x/#map=abc", "ab12-cd34?x"} {
		if _, _, _, err := ParseLink(bad, "http://127.0.0.1:8080"); err == nil {
			t.Errorf("ParseLink(%q) took it", bad)
		}
	}
}
