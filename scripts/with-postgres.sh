#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster on loopback, then removes the cluster.
# The command sees TEST_DATABASE_URL (a superuser URL; tests create one database per file).
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PG_BIN/initdb" ] || { echo "PostgreSQL is not installed (run scripts/setup.sh)"; exit 1; }
PGDIR=$(mktemp -d /tmp/doublecast-pg.XXXXXX)
PORT=${PGPORT_TEST:-$(( 20000 + RANDOM % 20000 ))}
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$PGDIR"
  RUN_AS=(runuser -u postgres --)
fi
cleanup() {
  "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDIR"
}
trap cleanup EXIT
"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$PGDIR/data" -U postgres -A trust --no-sync >/dev/null
"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$PGDIR -c fsync=off -c max_connections=300" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
