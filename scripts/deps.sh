#!/usr/bin/env bash
# Installs the Debian packages that building, running and testing need,
# only those that are missing. Usage: scripts/deps.sh build|run|test|dist
set -euo pipefail

build=(gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxrandr-dev libxcursor-dev
	libxinerama-dev libxi-dev libxxf86vm-dev)
run=(libgl1-mesa-dri xvfb xauth)
test=(xdotool chromium nodejs)
dist=(zip)

want=("${build[@]}")
case "${1:-build}" in
run) want+=("${run[@]}") ;;
test) want+=("${run[@]}" "${test[@]}") ;;
dist) want+=("${dist[@]}") ;;
esac

missing=()
for p in "${want[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
# Node.js may come from elsewhere than Debian; any node on PATH will do.
if command -v node >/dev/null; then
	missing=("${missing[@]/nodejs/}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
