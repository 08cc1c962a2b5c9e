#!/bin/sh
# Runs every package's tests with the xvfb and browser tags, as make test
# does, in parallel parts: the editor's window tests, which run one after
# another in one game loop per process, are split by name into
# EDITOR_SHARDS processes, each under an Xvfb of its own, beside the
# other packages (under one more Xvfb) and the model packages under
# WebAssembly (Node), which used to run after all the rest. Each part's
# output is printed when it ends; the script fails when any part failed.
#
# Every editor test runs in exactly one shard: the k-th of the sorted
# names goes to shard k mod EDITOR_SHARDS.
set -u
GO=${GO:-go}
SHARDS=${EDITOR_SHARDS:-2}
TAGS=xvfb,browser
TIMEOUT=40m
SCREEN="-screen 0 1280x1024x24"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

$GO test -c -tags "$TAGS" -o "$out/editor.test" ./editor/ || exit 1
names=$(grep -ho '^func Test[A-Za-z0-9_]*' editor/*_test.go | sed 's/^func //' | sort -u)

pids=""
k=0
while [ "$k" -lt "$SHARDS" ]; do
	run=$(echo "$names" | awk -v n="$SHARDS" -v k="$k" '(NR - 1) % n == k' | paste -sd'|' -)
	(
		cd editor &&
			xvfb-run -a -n $((100 + 100 * k)) -s "$SCREEN" "$out/editor.test" \
				-test.count=1 -test.timeout=$TIMEOUT -test.run "^($run)\$" >"$out/editor-$k.log" 2>&1
		echo $? >"$out/editor-$k.rc"
	) &
	pids="$pids $!"
	k=$((k + 1))
done
(
	xvfb-run -a -n 50 -s "$SCREEN" $GO test -count=1 -tags "$TAGS" -timeout $TIMEOUT \
		$($GO list ./... | grep -vx 'hexsandbox/editor') >"$out/rest.log" 2>&1
	echo $? >"$out/rest.rc"
) &
pids="$pids $!"
(
	GOOS=js GOARCH=wasm $GO test -count=1 -exec "$($GO env GOROOT)/lib/wasm/go_js_wasm_exec" \
		./hexmap/ ./hexmap/noise/ ./mesh/ ./saves/ ./mapgen/ ./nav/ ./vision/ ./game/ ./script/ >"$out/wasm.log" 2>&1
	echo $? >"$out/wasm.rc"
) &
pids="$pids $!"

status=0
for p in $pids; do
	wait "$p"
done
for part in rest wasm $(seq -f 'editor-%g' 0 $((SHARDS - 1))); do
	echo "--- $part"
	cat "$out/$part.log"
	rc=$(cat "$out/$part.rc")
	if [ "$rc" != 0 ]; then
		echo "FAIL: $part (exit $rc)"
		status=1
	fi
done
exit $status
