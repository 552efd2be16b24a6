#!/usr/bin/env bash
# Builds private copies of the web app and server and runs e2e specs against them, so that
# several people can run journeys in one working tree at once.
# Usage: scripts/e2e-local.sh NAME PORT [playwright args...]
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 port=$2
shift 2
(cd web && npx vite build --logLevel warn --outDir "/tmp/web-dist-$name" --emptyOutDir)
(cd server && node build.mjs "dist-$name/index.js")
E2E_PORT=$port E2E_WEB_DIST_DIR="/tmp/web-dist-$name" E2E_SERVER_ENTRY="server/dist-$name/index.js" \
  npx playwright test -c e2e/playwright.config.ts "$@"
