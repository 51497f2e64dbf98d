#!/usr/bin/env bash
# A PostgreSQL server for the store's tests and the fleet tests (docs/postgres.md): Debian's
# `postgresql` package, installed when absent (as root), started as the `postgres` user on
# loopback with its own data directory under a temp dir, on a free port. Prints the connection
# URL on its last line; `scripts/postgres-server.sh stop DIR` stops it.
#
#   url=$(bash scripts/postgres-server.sh | tail -n 1)   # postgres://postgres@127.0.0.1:PORT/chainbill
set -euo pipefail

if [ "${1:-}" = stop ]; then
  dir=$2
  su postgres -c "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)/pg_ctl -D '$dir/data' -m fast stop" >&2 || true
  rm -rf "$dir"
  exit 0
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update >&2
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-pg.XXXXXX")
chown postgres "$dir"
# A free port: the kernel's pick for a socket bound to port 0.
port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
as_postgres() { su postgres -s /bin/bash -c "$*"; }
as_postgres "'$bin/initdb' -D '$dir/data' -U postgres -A trust --no-sync -E UTF8" >&2
as_postgres "'$bin/pg_ctl' -D '$dir/data' -l '$dir/log' -w -o \"-c listen_addresses=127.0.0.1 -p $port -k '$dir' -c max_connections=200\" start" >&2
as_postgres "'$bin/psql' -h 127.0.0.1 -p $port -U postgres -qc 'create database chainbill'" >&2
echo "$dir"
echo "postgres://postgres@127.0.0.1:$port/chainbill"
