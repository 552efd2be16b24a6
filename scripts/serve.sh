#!/usr/bin/env bash
# The README's first command: install what is missing, build, then serve Doublecast on
# http://localhost:3000 with SQLite under data/ (migrations are applied at start).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
bash scripts/setup.sh
mkdir -p data
# Natural voices (sherpa-onnx's Piper and Kokoro archives, pinned and checked) when the network
# allows; one line and on otherwise. VOICE_MODELS_AUTO=0 skips it (docs/voices.md).
npm run --silent voices:install || echo "Natural voices: some were not installed (see above); serving with what is there."
# A signing secret made once per installation and kept beside the database.
if [ -z "${AUTH_SECRET:-}" ]; then
  [ -s data/.auth-secret ] || (umask 077 && node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))" > data/.auth-secret)
  AUTH_SECRET=$(cat data/.auth-secret)
  export AUTH_SECRET
fi
export NODE_ENV=${NODE_ENV:-production}
exec node server/dist/index.js
