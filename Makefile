# hexsandbox: `make run` starts the editor, `make test` runs every test.
# Both install the Debian packages they need first (scripts/deps.sh).

GO ?= go
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24"
BIN := bin
WASM_EXEC := $(shell $(GO) env GOROOT)/lib/wasm/wasm_exec.js
# The browser build's folder: only the page's assets, with gzipped copies
# (the server sends those to browsers that accept gzip).
WEB := $(BIN)/web
ADDR ?= 127.0.0.1:8080

.PHONY: all build run test match-wasm bench fuzz worlds load load-kill wasm serve dist windows deps-build deps-run deps-test deps-dist check-go clean

all: build

check-go:
	@$(GO) version >/dev/null 2>&1 || { echo "error: Go 1.26 or newer is needed (https://go.dev/dl)"; exit 1; }

deps-build: check-go
	@scripts/deps.sh build
deps-run: check-go
	@scripts/deps.sh run
deps-test: check-go
	@scripts/deps.sh test
deps-dist: check-go
	@scripts/deps.sh dist

build: deps-build
	$(GO) build -o $(BIN)/hexsandbox .
	$(GO) build -o $(BIN)/hexmap ./cmd/hexmap
	$(GO) build -o $(BIN)/hexserver ./cmd/hexserver

# Without a screen (DISPLAY unset) the editor runs inside Xvfb, so that
# `make run` still starts; on a desktop it opens a window.
run: deps-run build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then ./$(BIN)/hexsandbox $(ARGS); \
	else echo "no display: running under xvfb-run"; $(XVFB) ./$(BIN)/hexsandbox $(ARGS); fi

# Every test, the window ones under Xvfb (test binaries that import ebiten
# need a display) and the browser ones in headless chromium, and the model
# packages under WebAssembly too; the editor's window tests in shards
# beside the rest (scripts/test-all.sh).
test: deps-test wasm windows match-wasm
	$(GO) vet ./...
	GOOS=windows $(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	GO="$(GO)" scripts/test-all.sh

# A scripted match (cmd/hexmap/testdata) played by hexmap natively and
# under wasm: the two transcripts, every event, draw and state hash, must
# be equal byte for byte.
MATCH := cmd/hexmap/testdata/match
# Then the example scenario with a Starlark script (docs/scripting.md),
# the computer playing both sides: handlers, spawns, messages and the
# script's random draws must come out the same under wasm too.
SCENARIO := -scenario docs/scenarios/bridge.json -script docs/scenarios/bridge.star -ai 1:normal -ai 2:normal
match-wasm: check-go
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/hexmap ./cmd/hexmap
	GOOS=js GOARCH=wasm $(GO) build -o $(BIN)/hexmap.wasm ./cmd/hexmap
	./$(BIN)/hexmap play -scenario $(MATCH).json docs/towns.hexmap < $(MATCH).jsonl > $(BIN)/match-native.jsonl
	"$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" $(BIN)/hexmap.wasm play -scenario $(MATCH).json docs/towns.hexmap < $(MATCH).jsonl > $(BIN)/match-wasm.jsonl
	cmp $(BIN)/match-native.jsonl $(BIN)/match-wasm.jsonl
	@echo "the scripted match: $$(wc -l < $(BIN)/match-native.jsonl) lines, equal natively and under wasm"
	./$(BIN)/hexmap play $(SCENARIO) docs/towns.hexmap < /dev/null > $(BIN)/scenario-native.jsonl
	"$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" $(BIN)/hexmap.wasm play $(SCENARIO) docs/towns.hexmap < /dev/null > $(BIN)/scenario-wasm.jsonl
	cmp $(BIN)/scenario-native.jsonl $(BIN)/scenario-wasm.jsonl
	@echo "the example scenario's script: $$(wc -l < $(BIN)/scenario-native.jsonl) lines, equal natively and under wasm"

# Benchmarks (BENCHMARKS.md). Under Xvfb because test binaries of packages
# that import ebiten need a display even when they only benchmark; with
# the xvfb tag, which holds the renderer's frame benchmarks (they need the
# game loop running).
bench: deps-test
	$(XVFB) $(GO) test -tags xvfb,browser -run '^$$' -bench . -benchmem -count=1 ./...

# Long fuzzing (make test runs only the seed corpora).
FUZZTIME ?= 60s
fuzz: check-go
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME) ./saves/
	$(GO) test -run '^$$' -fuzz '^FuzzReadCatlike$$' -fuzztime $(FUZZTIME) ./saves/
	$(GO) test -run '^$$' -fuzz '^FuzzApply$$' -fuzztime $(FUZZTIME) ./game/
	$(GO) test -run '^$$' -fuzz '^FuzzHandle$$' -fuzztime $(FUZZTIME) ./server/

# World types and fair starts on 50 seeds per type at 40×30, 80×60 and
# 320×320, flat and wrapping (make test tries fewer).
worlds: check-go
	$(GO) test -count=1 -timeout 60m -v -run '^(TestWorldTypes|TestPlaceStarts)$$' ./mapgen/ -args -seeds 50 -seeds320 50

# The match server's load run (BENCHMARKS.md): LOAD_MATCHES matches of
# two WebSocket clients each play LOAD_ROUNDS rounds against a server in
# the same process.
LOAD_MATCHES ?= 1000
LOAD_ROUNDS ?= 5
load: check-go
	$(GO) run ./cmd/hexload -matches $(LOAD_MATCHES) -rounds $(LOAD_ROUNDS)

# The same against a server killed with SIGKILL KILLS times at random
# moments and restarted; then the store is checked against every command
# the clients saw acknowledged (BENCHMARKS.md).
KILL_MATCHES ?= 200
KILL_ROUNDS ?= 100
KILLS ?= 30
load-kill: check-go
	$(GO) run ./cmd/hexload -matches $(KILL_MATCHES) -rounds $(KILL_ROUNDS) -kills $(KILLS)

# The page's files beside the game: its manifest and icons (installable),
# and the service worker (web/sw.js) that keeps them all offline, stamped
# with a hash of this build's files so that a new build replaces the
# browsers' copies.
PAGE := index.html manifest.webmanifest icon-192.png icon-512.png
wasm: check-go
	@mkdir -p $(WEB)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o $(WEB)/hexsandbox.wasm .
	cp -f $(addprefix web/,$(PAGE)) $(WEB)/
	cp -f "$(WASM_EXEC)" $(WEB)/wasm_exec.js
	chmod 644 $(WEB)/wasm_exec.js
	sed "s/@BUILD@/$$(cat $(addprefix $(WEB)/,$(PAGE) wasm_exec.js hexsandbox.wasm) | sha256sum | cut -c1-16)/" web/sw.js > $(WEB)/sw.js
	gzip -9 -n -k -f $(WEB)/hexsandbox.wasm $(WEB)/wasm_exec.js $(WEB)/index.html $(WEB)/sw.js $(WEB)/manifest.webmanifest

# The browser build and the match server (cmd/hexserver, docs/server.md)
# on http://$(ADDR)/, e.g. make serve ADDR=127.0.0.1:9000 DB=/tmp/m.db
# (DB unset: matches.db in the user's data folder).
serve: wasm
	$(GO) run ./cmd/hexserver -web $(WEB) -addr $(ADDR) $(if $(DB),-db $(DB))

# The Windows programs: Ebitengine needs no cgo there, so they cross-build
# from Linux.
windows: check-go
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -o $(BIN)/windows-amd64/hexsandbox.exe .
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -o $(BIN)/windows-amd64/hexmap.exe ./cmd/hexmap

# Release archives in dist/: both programs for linux-amd64 (.tar.gz) and
# windows-amd64 (.zip), and the browser build as a folder, each with the
# README and how to run it.
dist: deps-dist wasm
	scripts/dist.sh

clean:
	rm -rf $(BIN) dist
