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
	// The stop lands on the loop: its body (line 4) when the watching
	// goroutine sees the heap first, its head (line 3) when the thread's
	// own step check does (always so under wasm, where goroutines take
	// turns).
	var se *Error
	if !errors.As(err, &se) || (se.Line != 3 && se.Line != 4) || !strings.Contains(se.Msg, "memory") {
		t.Fatalf("err %v, want a memory stop in the loop, lines 3-4", err)
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

func TestMultiplicationWorksAndRepetitionIsBounded(t *testing.T) {
	h, err := run(t, `
def on_start():
    x = 7
    x *= 6
    l = [1, 2]
    l *= 2
    game.vars["r"] = [x, "ab" * 3, 2 * [0], (1,) * 2, l, 1000000 * 1000000, "x" * -1, [3 * 4 for i in range(2)]]
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[42,"ababab",[0,0],[1,1],[1,2,1,2],1000000000000,"",[12,12]]`; h.vars["r"] != want {
		t.Fatalf("r = %s, want %s", h.vars["r"], want)
	}
	for _, src := range []string{"def on_start():\n    return [0] * (1 << 29)\n", "def on_start():\n    s = \"ab\"\n    s *= 1 << 20\n"} {
		_, err := run(t, src)
		var se *Error
		if !errors.As(err, &se) || se.Line != strings.Count(src, "\n") || !strings.Contains(se.Msg, "repetition") {
			t.Errorf("%q: %v", src, err)
		}
	}
	err = Check("s", "def on_start():\n    a = [1]\n    a[0] *= 2\n")
	var se *Error
	if !errors.As(err, &se) || se.Line != 3 || !strings.Contains(se.Msg, "*=") {
		t.Errorf("*= on an element: %v", err)
	}
}

func TestStringBuildersWorkAndAreBounded(t *testing.T) {
	h, err := run(t, `
def on_start():
    s = "a-b"
    t = "%s=%d" % ("x", 4)
    t %= ()
    game.vars["r"] = [",".join(["x", "y"]), s.replace("-", "+"), "{}{}".format(1, "z"), t,
        "%(k)s" % {"k": "v"}, 7 % 3, ",".join(("p", "q")), {"join": 1}.get("join"), s.split("-")]
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[["x,y","a+b","1z","x=4",` + `"v",1,"p,q",1,["a","b"]]]`; "["+h.vars["r"]+"]" != want {
		t.Fatalf("r = %s, want %s", h.vars["r"], want[1:len(want)-1])
	}
	for _, c := range []struct{ body, want string }{
		{`big = "x" * (1 << 20)` + "\n    return big.replace(\"x\", big)", "replace"},
		{`big = "x" * (1 << 20)` + "\n    return big.join([big] * 100)", "join"},
		{`big = "x" * (1 << 20)` + "\n    return (\"{0}\" * 1000).format(big)", "formatting"},
		{`big = "x" * (1 << 20)` + "\n    return (\"%s\" * 1000) % ((big,) * 1000)", "formatting"},
	} {
		_, err := run(t, "def on_start():\n    "+c.body+"\n")
		var se *Error
		if !errors.As(err, &se) || se.Line != 3 || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%s: %v", c.body, err)
		}
	}
}

func TestGrowthInOneStepIsBounded(t *testing.T) {
	h, err := run(t, `
def on_start():
    l = [1]
    m = l
    l += [2]
    d = {"a": [1]}
    d["a"] += [3]
    s = "a" + "b"
    s += "c"
    print("nothing", s)
    game.vars["r"] = [l, m, d["a"], s, 1 + 2, (1,) + (2,), str([1, "x"]), repr("q")]
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[[1,2],[1,2],[1,3],"abc",3,[1,2],"[1, \"x\"]","\"q\""]`; h.vars["r"] != want {
		t.Fatalf("r = %s, want %s", h.vars["r"], want)
	}
	for _, c := range []struct{ body, want string }{
		{"s = \"x\" * 1000\n    for i in range(40):\n        s = s + s", "a string of"},
		{"l = [0] * 1000\n    for i in range(40):\n        l += l", "a sequence of"},
		{"n = 3\n    for i in range(40):\n        n = n * n", "bits"},
		{"big = [\"x\" * 100000] * 1000\n    for i in range(1):\n        str(big)", "str: a text"},
	} {
		_, err := run(t, "def on_start():\n    "+c.body+"\n")
		var se *Error
		if !errors.As(err, &se) || se.Line != 4 || !strings.Contains(se.Msg, c.want) {
			t.Errorf("%q: %v, want line 4 and %q", c.body, err, c.want)
		}
	}
}
