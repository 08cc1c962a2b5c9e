package script

import (
	"os"
	"slices"
	"strings"
	"testing"

	"go.starlark.net/starlarkstruct"
)

// pythonBlocks is the code of doc's ```python blocks, in order.
func pythonBlocks(doc string) []string {
	var out []string
	for _, part := range strings.Split(doc, "```python\n")[1:] {
		code, _, _ := strings.Cut(part, "```")
		out = append(out, code)
	}
	return out
}

// The scripting guide (docs/scripting.md) has a table row for each
// function of the game module and an example of each member and each
// handler, and its examples compile (one of statements as a handler's
// body, where unit and cell are defined).
func TestGuideShowsTheWholeAPI(t *testing.T) {
	b, err := os.ReadFile("../docs/scripting.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	blocks := pythonBlocks(doc)
	examples := strings.Join(blocks, "\n")
	mod := newModule(&Program{}).(*starlarkstruct.Module)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range mod.Members {
			if !yield(n) {
				return
			}
		}
	})
	if len(names) < 25 {
		t.Fatalf("the game module has only %d members", len(names))
	}
	for _, n := range names {
		if n != "vars" && !strings.Contains(doc, "| `game."+n+"(") {
			t.Errorf("no table row for game.%s", n)
		}
		if !strings.Contains(examples, "game."+n) {
			t.Errorf("no example of game.%s", n)
		}
	}
	for _, h := range handlers() {
		if !strings.Contains(examples, "def "+h.name+"(") {
			t.Errorf("no example of the handler %s", h.name)
		}
	}
	for i, code := range blocks {
		src := code
		if !strings.HasPrefix(code, "def ") {
			src = "def on_unit_moved(unit, cell):\n    " + strings.ReplaceAll(strings.TrimRight(code, "\n"), "\n", "\n    ") + "\n"
		}
		if _, err := Compile("example", src); err != nil {
			t.Errorf("example %d does not compile: %v\n%s", i+1, err, src)
		}
	}
}
