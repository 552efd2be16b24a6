#!/usr/bin/env bash
# Installs whatever is missing (Debian packages, npm packages) and builds the product.
# Usage: scripts/setup.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(python3 make g++ espeak-ng espeak-ng-data flite festival festlex-cmu festlex-poslex
  festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts sox libsox-fmt-mp3 lame poppler-utils bzip2
  tesseract-ocr tesseract-ocr-eng)
if [ "${1:-}" = "--test" ]; then
  packages+=(postgresql chromium chromium-headless-shell fonts-dejavu-core nginx ffmpeg)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

# Node 24 (project-local when the machine has an older one); better-sqlite3 is built from
# source against that Node's headers.
source scripts/node-env.sh
abi="$(node -p process.versions.modules)"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ "$(cat node_modules/.node-abi 2>/dev/null)" != "$abi" ]; then
  npm ci --no-audit --no-fund
  echo "$abi" > node_modules/.node-abi
fi

if [ ! -f server/dist/index.js ] || [ -n "$(find common/src server/src web/src web/index.html -newer server/dist/index.js -print -quit 2>/dev/null)" ]; then
  npm run build
fi
