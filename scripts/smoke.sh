#!/usr/bin/env bash
# Consumer smoke tests of the packed tarball (docs/packaging.md).
#
#   npm run smoke                        # every consumer on this machine's node
#   npm run smoke -- 22 24 bun deno edge # ... then on Node 22 and 24 (npx -y node@N),
#                                        # the ESM consumer on Bun and Deno (npx -y bun / deno),
#                                        # and a bundled consumer in Vercel's edge-runtime (no eval)
#
# Packs dist/ as npm would publish it (run `npm run build` first), installs the tarball and msw@2
# from the registry into a scratch project in a temp dir (never in the repo), compiles the
# TypeScript consumers with the repo's tsc, and runs each consumer (first `npx chainbill --help`
# and cli-consumer.mjs, the `chainbill` bin against `chainbill fake`). Each one starts
# chainbill/testing's listen() on 127.0.0.1, makes real HTTP calls and prints one `ok` line;
# consumer-msw.mjs answers through msw with chainbill/testing/msw instead. (chainbill/testing in a
# project without msw, under Jest's CommonJS: scripts/jest-example.sh.) mcp.mjs starts
# `npx chainbill-mcp --fake` with the MCP SDK (installed beside it, as the bin's optional peer) and
# asks it tools/list over stdio, as a 2025-era client (the 1.x SDK's) does. postgres.mjs runs
# chainbill/postgres on PGlite (installed beside it, as the entry's optional peer): migrate, and a
# consumer of the fake's ledger.
#
# Last, every TypeScript consumer is type-checked on the oldest TypeScript the package supports,
# the repo's, and TypeScript 7 (the native compiler, npm's `typescript@7`), all three installed
# from the registry into the scratch project; consumer-strictest.ts, a project on
# @tsconfig/strictest that passes maybe-values (`string | undefined`) as optional params, is then
# run. Every version is checked before the step fails, so one run shows them all.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# The oldest TypeScript the package supports (docs/packaging.md: TypeScript): 5.0, the first with
# `moduleResolution: bundler` (the bundler consumer's), which 4.9 does not have.
oldest_typescript=5.0
work=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT

tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
echo "packed $tarball ($(du -k "$work/$tarball" | cut -f1) KB); consumers in $work/consumer"
mkdir "$work/consumer"
cd "$work/consumer"
printf '{ "name": "chainbill-smoke-consumer", "private": true, "type": "module" }\n' >package.json
npm install --no-audit --no-fund --silent "$work/$tarball" msw@2 @modelcontextprotocol/server@2 @modelcontextprotocol/sdk@1 @tsconfig/strictest@2 @electric-sql/pglite@0.5 \
  "typescript-oldest@npm:typescript@$oldest_typescript" typescript-7@npm:typescript@7
cp "$root"/scripts/smoke/* .

# The repo's TypeScript, by absolute path: nothing is downloaded. skipLibCheck is off in both
# configs, so every .d.ts/.d.cts the package ships is type-checked as a consumer sees it.
tsc="$root/node_modules/typescript/bin/tsc"
node "$tsc" -p tsconfig.node16.json
node "$tsc" -p tsconfig.bundler.json
echo "ok tsc: node16 (ESM .mts + CJS .cts) and bundler consumers compile against the packed types"

# A consumer that hangs (a server left open, a handle that keeps the runtime up) fails, not stalls CI.
run() { timeout 180 "$@"; }
run_node_consumers() { # $1: path of a node binary
  # The bins as npx runs them, with this node first on PATH (their `#!/usr/bin/env node`).
  PATH="$(dirname "$1"):$PATH" run npx --no-install chainbill --help | grep -q '^Usage: chainbill <command>'
  PATH="$(dirname "$1"):$PATH" run "$1" cli-consumer.mjs
  run "$1" consumer.mjs
  run "$1" consumer.cjs
  run "$1" consumer-msw.mjs
  run "$1" out-node16/consumer.mjs
  run "$1" out-node16/consumer.cjs
  run "$1" out-bundler/consumer-bundler.js
}

run_node_consumers "$(command -v node)"
run node mcp.mjs
run node postgres.mjs
for target in "$@"; do
  case "$target" in
    bun) run npx -y bun consumer.mjs ;;
    deno) run npx -y deno run --allow-net=127.0.0.1 --allow-read consumer.mjs ;; # no --allow-env: none is read
    edge)
      # An eval-free runtime: the consumer bundled into one script by the repo's esbuild.
      npm install --no-audit --no-fund --silent edge-runtime@4
      node -e "require('$root/node_modules/esbuild').buildSync({ entryPoints: ['edge-consumer.js'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', outfile: 'edge-bundle.js', logLevel: 'warning' })"
      run node edge.mjs
      ;;
    [0-9]*)
      # Resolve the binary once, rather than paying npx's start-up for each consumer.
      run_node_consumers "$(npx -y "node@$target" -p process.execPath)"
      ;;
    *)
      echo "unknown target: $target (expected a Node major version, bun, deno or edge)" >&2
      exit 2
      ;;
  esac
done

# The TypeScript consumers on the oldest supported TypeScript, the repo's and TypeScript 7, two
# checks at a time (each tsc but 7's is one thread). The repo's TypeScript checked the node16 and
# bundler consumers as it emitted them above; it emits the strictest one, which then runs.
check_consumer() { # $1: compiler, $2: config
  local version emit=--noEmit
  version=$(node "$1" --version)
  [ "$1" = "$tsc" ] && [ "$2" = tsconfig.strictest.json ] && emit=
  if node "$1" -p "$2" $emit; then
    echo "ok tsc ($version): $2"
  else
    echo "FAILED tsc ($version): $2" >&2
    return 1
  fi
}
export -f check_consumer
export tsc
for compiler in node_modules/typescript-oldest/bin/tsc "$tsc" node_modules/typescript-7/bin/tsc; do
  for config in tsconfig.node16.json tsconfig.bundler.json tsconfig.strictest.json; do
    [ "$compiler" = "$tsc" ] && [ "$config" != tsconfig.strictest.json ] && continue
    printf '%s\0%s\0' "$compiler" "$config"
  done
done | xargs -0 -n 2 -P 2 bash -c 'check_consumer "$@"' _ || exit 1
run node out-strictest/consumer-strictest.js
echo "smoke: all consumers passed"
