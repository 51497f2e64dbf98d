#!/usr/bin/env bash
# `npx chainbill-fake` from the packed tarball serves a seeded organization to curl (the CI step
# for docs/fake-server.md). Packs the repo as npm would publish it (run `npm run build` first),
# installs the tarball into a scratch project in a temp dir (never in the repo), starts the
# installed bin with the example seed file as the package ships it (the path docs/fake-server.md
# gives), lists the seeded customers with the seeded key, fetches the inspector's page and module,
# then stops it with SIGTERM and checks that it exits 0.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-fake-ci.XXXXXX")
pid=
server_pid=
cleanup() {
  # npx, and the server it started (npm does not pass signals on).
  for p in "$server_pid" "$pid"; do
    if [ -n "$p" ] && [ "$p" != - ] && kill -0 "$p" 2>/dev/null; then kill -KILL "$p" 2>/dev/null || true; fi
  done
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "fake-server-ci: $*" >&2
  [ -f "$work/err" ] && sed 's/^/  stderr: /' "$work/err" >&2
  exit 1
}

tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
mkdir "$work/consumer"
cd "$work/consumer"
printf '{ "name": "chainbill-fake-ci-consumer", "private": true }\n' >package.json
npm install --no-audit --no-fund --silent "$work/$tarball"

# The bin of the installed tarball (npx finds it in node_modules/.bin before any registry).
npx chainbill-fake --port 0 --json --seed node_modules/chainbill/examples/fake-server/seed.json >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 600); do
  [ "$(wc -l <"$work/out")" -ge 1 ] && break
  kill -0 "$pid" 2>/dev/null || fail "chainbill-fake exited before printing its URL"
  sleep 0.1
done
[ "$(wc -l <"$work/out")" -ge 1 ] || fail "chainbill-fake printed nothing in 60 s"

# Its JSON line: the base URL and the server's own pid, as `<url> <pid>`.
read -r base server_pid < <(node -e '
  const line = require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0];
  try {
    const { baseUrl, pid } = JSON.parse(line);
    console.log(baseUrl, pid);
  } catch {
    console.log("-", "-");
  }' "$work/out") || true
[ "${base:-}" != - ] && [ -n "${server_pid:-}" ] || fail "not a JSON line: $(head -n 1 "$work/out")"
customers=$(curl -sS --fail-with-body -H "Authorization: Bearer sk_test_acme_ci" "$base/customers") ||
  fail "GET $base/customers failed: $customers"
grep -q '"email":"alice@example.com"' <<<"$customers" || fail "the seeded customer is missing: $customers"

# The inspector's page and its first module, from the files the tarball ships (inspector/).
origin=${base%/v1}
page=$(curl -sS --fail-with-body "$origin/_fake/ui") || fail "GET $origin/_fake/ui failed: $page"
grep -q '/_fake/ui/inspector.js' <<<"$page" || fail "the inspector's page is not the one shipped: $page"
curl -sS --fail-with-body -o /dev/null "$origin/_fake/ui/inspector.js" || fail "the inspector's module is missing"

# npm does not pass SIGTERM on to the bin it runs: signal the server by the pid it printed; npx
# then exits with the server's exit code.
kill -TERM "$server_pid"
code=0
wait "$pid" || code=$?
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
kill -0 "$server_pid" 2>/dev/null && fail "the server (pid $server_pid) is still running after SIGTERM"
curl -sS -o /dev/null "$base/customers" 2>/dev/null && fail "$base still answers after SIGTERM"
echo "ok chainbill-fake: $tarball installed, $base served the seeded customers and the inspector to curl, exit 0 on SIGTERM"
