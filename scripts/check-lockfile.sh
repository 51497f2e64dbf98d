#!/usr/bin/env bash
# Fails when a committed package-lock.json is not what `npm install --package-lock-only` would
# write from its package.json: a stale lockfile makes `npm install` in a fresh clone
# rewrite it. Checks the repository's own and the Jest example's (examples/jest, used by `npm ci`
# in scripts/jest-example.sh).
#
#   bash scripts/check-lockfile.sh
#
# npm runs on copies of package.json and package-lock.json in a temp dir, so the work tree is
# never touched, whatever the outcome. `npm ci` does not catch this: it installs from a lockfile
# that agrees with package.json's ranges, even when fields npm writes (`bin`, peers) lag behind.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-lockfile.XXXXXX")
trap 'rm -rf "$work"' EXIT

stale=0
for project in . examples/jest; do
  copy="$work/$(basename "$(cd "$root/$project" && pwd)")"
  mkdir "$copy"
  cp "$root/$project/package.json" "$root/$project/package-lock.json" "$copy/"
  (cd "$copy" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  if diff -u --label "committed $project/package-lock.json" --label "npm would write" \
    "$root/$project/package-lock.json" "$copy/package-lock.json"; then
    echo "ok $project/package-lock.json: what npm install --package-lock-only writes"
  else
    echo "$project/package-lock.json is stale: run \`npm install --package-lock-only\` in $project and commit it" >&2
    stale=1
  fi
done
exit "$stale"
