#!/usr/bin/env bash
# The README's second command: install what is missing and run every test. Exits non-zero on
# any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-env.sh
start=$(date +%s)
step() { echo; echo "==> $1 ($(( $(date +%s) - start ))s)"; }

step "setup"
bash scripts/setup.sh --test
step "typecheck"
npm run typecheck
step "lint"
npm run lint
step "bundle size (P5)"
npx tsx scripts/check-bundle-size.ts
step "unit and integration tests (SQLite)"
npx vitest run --project '!server-timed'
npx vitest run --project server-timed --no-file-parallelism
step "server integration tests (PostgreSQL)"
# Only the files that open the database a run chooses (the test app, a test database, a cluster):
# the rest (SQLite by design, or no database at all) already ran above.
mapfile -t pg_files < <(grep -rlE "test-db|test-app|postgres-server|test/cluster|DATABASE_URL" \
  server/src --include='*.test.ts' | sort)
bash scripts/with-postgres.sh bash -c 'npx vitest run --project server --project server-native \
  --passWithNoTests "$@" && npx vitest run --project server-timed --no-file-parallelism \
  --passWithNoTests "$@"' pg "${pg_files[@]}"
step "end-to-end (Chromium)"
npm run test:e2e
step "multi-process proof (PostgreSQL, S3, two servers, nginx; Chromium)"
npm run test:scale
step "benchmarks, smoke run (each one still runs)"
BENCH_SMOKE=1 npm run bench
step "all tests passed"
