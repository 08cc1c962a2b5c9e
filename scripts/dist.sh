#!/usr/bin/env bash
# Builds the release archives of `make dist` into dist/: the two programs
# for linux-amd64 (tar.gz) and windows-amd64 (zip), and the browser build
# as a folder; each carries the README and a RUNNING.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
version=$(git describe --always --dirty 2>/dev/null || echo dev)
web=${WEBDIR:-bin/web} # what `make wasm` builds
rm -rf dist
mkdir -p dist

running() { # $1: platform
	case "$1" in
	linux) cat <<'TXT'
hexsandbox for Linux (amd64)

  ./hexsandbox                  opens the editor on the showcase map
  ./hexsandbox FILE             opens a map (.hexmap, or a Catlike .map save)
  ./hexsandbox shot FILE OUT.png renders a map to an image
  ./hexmap info|convert|export  the headless map tool (no display needed)

The editor needs an X11 or Wayland desktop with OpenGL (Debian/Ubuntu:
libgl1 and libx11-6, present on any desktop). Without a screen, run it
under xvfb-run -a. Maps are kept in ~/.config/hexsandbox/maps.
See README.md for the editor's keys and tools.
TXT
	;;
	windows) cat <<'TXT'
hexsandbox for Windows (amd64)

  hexsandbox.exe                   opens the editor on the showcase map
  hexsandbox.exe FILE              opens a map (.hexmap, or a Catlike .map save)
  hexsandbox.exe shot FILE OUT.png renders a map to an image
  hexmap.exe info|convert|export   the headless map tool

Double-click hexsandbox.exe, or drop a map file on it. Maps are kept in
%AppData%\hexsandbox\maps. See README.md for the editor's keys and tools.
TXT
	;;
	web) cat <<'TXT'
hexsandbox in the browser

Serve this folder over HTTP and open index.html, for example:

  python3 -m http.server 8080     then open http://127.0.0.1:8080/

(Browsers do not run WebAssembly from file:// pages.) Maps are kept in the
browser's storage; the file menu downloads and opens files. Served over
HTTPS (or from 127.0.0.1), the page can be added to a phone's home screen
and opens offline once it has been loaded (sw.js keeps its files).
TXT
	;;
	esac
}

linux=dist/hexsandbox-$version-linux-amd64
mkdir -p "$linux"
GOOS=linux GOARCH=amd64 "$GO" build -trimpath -o "$linux/hexsandbox" .
GOOS=linux GOARCH=amd64 CGO_ENABLED=0 "$GO" build -trimpath -o "$linux/hexmap" ./cmd/hexmap
cp README.md "$linux/"
running linux >"$linux/RUNNING.txt"
tar -czf "$linux.tar.gz" -C dist "$(basename "$linux")"

windows=dist/hexsandbox-$version-windows-amd64
mkdir -p "$windows"
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" build -trimpath -o "$windows/hexsandbox.exe" .
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 "$GO" build -trimpath -o "$windows/hexmap.exe" ./cmd/hexmap
cp README.md "$windows/"
running windows | sed 's/$/\r/' >"$windows/RUNNING.txt"
(cd dist && zip -qr "$(basename "$windows").zip" "$(basename "$windows")")

webdir=dist/hexsandbox-$version-web
mkdir -p "$webdir"
for f in index.html hexsandbox.wasm wasm_exec.js sw.js manifest.webmanifest icon-192.png icon-512.png; do
	cp "$web/$f" "$webdir/"
done
cp README.md "$webdir/"
running web >"$webdir/RUNNING.txt"

rm -rf "$linux" "$windows"
ls -l dist
