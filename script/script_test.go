package script

import (
	"errors"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// varHost keeps variables and nothing else: the rest of Host is left
// unimplemented (a call panics), which these scripts never reach.
type varHost struct {
	Host
	vars map[string]string
}

func (h *varHost) Var(name string) (string, bool) { v, ok := h.vars[name]; return v, ok }

func (h *varHost) SetVar(name, value string) error {
	if value == "" {
		delete(h.vars, name)
	} else {
		h.vars[name] = value
	}
	return nil
}

// run compiles src and calls its on_start on a varHost.
func run(t *testing.T, src string) (*varHost, error) {
	t.Helper()
	p, err := Compile("s", src)
	if err != nil {
		t.Fatal(err)
	}
	h := &varHost{vars: map[string]string{}}
	return h, p.Call(h, "on_start")
}

func TestVarsKeepValuesAsJSONAndReadThemBack(t *testing.T) {
	h, err := run(t, `
def on_start():
    game.vars["a"] = {"z": [1, -2, (3, "x")], "b": True, "n": None}
    game.vars["b"] = game.vars["a"]["z"][2][1] + "y"
    game.vars["c"] = 5
    game.vars["c"] = None
    game.vars["d"] = game.vars.get("c", 7) * 2
    game.vars["e"] = "c" in game.vars
`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": `{"b":true,"n":null,"z":[1,-2,[3,"x"]]}`, "b": `"xy"`, "d": "14", "e": "false"}
	for k, v := range want {
		if h.vars[k] != v {
			t.Errorf("vars[%q] = %q, want %q", k, h.vars[k], v)
		}
	}
	if len(h.vars) != len(want) {
		t.Errorf("vars %v", h.vars)
	}
}

func TestVarsRefuseValuesThatCannotBeKept(t *testing.T) {
	for _, v := range []string{"1.5", "{1: 2}", "set([1])", "lambda: 1", `"x" * 20000`} {
		if _, err := run(t, "def on_start():\n    game.vars['v'] = "+v+"\n"); err == nil {
			t.Errorf("%s was kept", v)
		}
	}
}

func TestErrorsNameTheirLine(t *testing.T) {
	cases := []struct {
		src  string
		line int
		want string
	}{
		{"def on_start():\n    x = (\n", 3, "want primary expression"},
		{"def on_start():\n    return nope\n", 2, "undefined: nope"},
		{"def on_start():\n  pass\nx = 1\nx = 2\n", 4, "cannot reassign global"},
	}
	for _, c := range cases {
		err := Check("s", c.src)
		var se *Error
		if !errors.As(err, &se) || se.Line != c.line || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%q: %v, want line %d and %q", c.src, err, c.line, c.want)
		}
	}
}

func TestCallErrorsNameTheirLineAndHandler(t *testing.T) {
	_, err := run(t, "def g(n):\n    return g(n - 1)\n\ndef on_start():\n    g(3)\n")
	var se *Error
	if !errors.As(err, &se) || se.Line != 2 || se.Handler != "on_start" || !strings.Contains(se.Msg, "recursive") {
		t.Fatalf("recursion: %v", err)
	}
	_, err = run(t, "def on_start():\n    x = 0\n    for i in range(10):\n        x += 1\n    while True:\n        x += 1\n")
	if !errors.As(err, &se) || (se.Line != 5 && se.Line != 6) || !strings.Contains(se.Msg, "steps") {
		t.Fatalf("runaway loop: %v", err)
	}
	_, err = run(t, "def on_start():\n    return list(range(1 << 30))\n")
	if !errors.As(err, &se) || se.Line != 2 || !strings.Contains(se.Msg, "range") {
		t.Fatalf("huge range: %v", err)
	}
}

func TestMemoryHungryCallIsStopped(t *testing.T) {
	_, err := run(t, `
def on_start():
    kept = []
    for i in range(1000000):
        kept.append("x" * 1000000 + str(i))
`[1:])
	var se *Error
	if !errors.As(err, &se) || se.Line != 4 || !strings.Contains(se.Msg, "memory") {
		t.Fatalf("err %v, want a memory stop at line 4", err)
	}
}

func TestTopLevelCannotAct(t *testing.T) {
	_, err := Compile("s", "x = game.round()\n")
	if err == nil || !strings.Contains(err.Error(), "only inside a handler") {
		t.Fatalf("err %v", err)
	}
	p, err := Compile("s", "X = [1]\ndef on_start():\n    X.append(2)\n")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Call(&varHost{}, "on_start"); err == nil || !strings.Contains(err.Error(), "frozen") {
		t.Fatalf("a global changed: %v", err)
	}
}

func TestDecodeVarRefusesWhatEncodeVarNeverWrites(t *testing.T) {
	for _, text := range []string{"1.5", "[1", "1 2", `{"a":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "}"} {
		if CheckVar(text) == nil {
			t.Errorf("%q accepted", text)
		}
	}
	if _, err := encodeVar(nil, starlark.MakeInt(1), 0); err != nil {
		t.Fatal(err)
	}
}
