#!/usr/bin/env bash
# chainbill-fake driven from a shell with curl, as a test in another language would drive it
# (docs/fake-server.md). Starts dist/testing/cli.js (run `npm run build` first) with the example
# seed file, reads its JSON line, lists the seeded customers with the seeded key, advances the
# clock through the control API, and checks each answer. Exits non-zero on any mismatch.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-cli-curl.XXXXXX")
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "cli-curl: $*" >&2
  exit 1
}

node "$root/dist/testing/cli.js" --port 0 --json --seed "$root/examples/fake-server/seed.json" \
  >"$work/out" 2>"$work/err" &
pid=$!
# Wait for the JSON line (or for the server to exit, which is a failure); give up after 60 s.
for _ in $(seq 600); do
  [ "$(wc -l <"$work/out")" -ge 1 ] && break
  kill -0 "$pid" 2>/dev/null || fail "chainbill-fake exited early: $(cat "$work/err")"
  sleep 0.1
done
[ "$(wc -l <"$work/out")" -ge 1 ] || fail "chainbill-fake printed nothing in 60 s"

# Reads one field of a JSON document on stdin: `field baseUrl`, `field 'events.length'`.
field() {
  node -e '
    let text = "";
    process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
      const value = process.argv[1].split(".").reduce((at, key) => at?.[key], JSON.parse(text));
      console.log(typeof value === "string" ? value : JSON.stringify(value));
    });' "$1"
}

line=$(head -n 1 "$work/out")
base=$(field baseUrl <<<"$line")
control=$(field controlUrl <<<"$line")
token=$(field controlToken <<<"$line")
alice=$(field 'names.alice' <<<"$line")
[[ "$base" =~ ^http://127\.0\.0\.1:[0-9]+/v1$ ]] || fail "unexpected base URL: $base"

# The seeded customers, with the seed file's fixed key.
customers=$(curl -sS --fail-with-body -H "Authorization: Bearer sk_test_acme_ci" "$base/customers")
[ "$(field 'data.length' <<<"$customers")" = 2 ] || fail "expected 2 customers: $customers"
grep -q '"email":"alice@example.com"' <<<"$customers" || fail "alice is missing: $customers"
grep -q "\"id\":\"$alice\"" <<<"$customers" || fail "alice's id is not $alice: $customers"

# The control API refuses the API key, then takes the control token.
status=$(curl -sS -o /dev/null -w '%{http_code}' -H "Authorization: Bearer sk_test_acme_ci" "$control")
[ "$status" = 403 ] || fail "the control API answered $status to an API key"
curl -sS --fail-with-body -H "Authorization: Bearer $token" -d '{"set":"2030-01-01T00:00:00Z"}' \
  "${control}clock" >/dev/null
advanced=$(curl -sS --fail-with-body -H "Authorization: Bearer $token" -d '{"advance":{"days":1}}' "${control}clock")
[ "$(field to <<<"$advanced")" = 2030-01-02T00:00:00.000Z ] || fail "clock advance answered: $advanced"
now=$(curl -sS --fail-with-body -H "Authorization: Bearer $token" "${control}clock")
[ "$(field now <<<"$now")" = 2030-01-02T00:00:00.000Z ] || fail "clock reads: $now"

# A negative duration is a 400 naming it.
negative=$(curl -sS -w '\n%{http_code}' -H "Authorization: Bearer $token" -d '{"advance":-1}' "${control}clock")
[ "$(tail -n 1 <<<"$negative")" = 400 ] || fail "a negative advance answered: $negative"
[ "$(head -n 1 <<<"$negative" | field error.param)" = advance ] || fail "no param named: $negative"

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
echo "ok cli-curl: seeded customers listed with curl, clock advanced to 2030-01-02, exit 0 on SIGTERM"
