#!/usr/bin/env bash
# The Jest example (examples/jest/) against the packed tarball: Jest 30 with ts-jest, CommonJS,
# in a project without msw (examples/jest/README.md).
#
#   npm run build && bash scripts/jest-example.sh
#
# Packs dist/ as npm would publish it and copies the example (without node_modules) into a temp
# dir outside the repository, so that no package of the repository's node_modules (msw above all)
# can be resolved from it. There: `npm ci` (the example's own lockfile), the tarball installed
# with `--no-save` (chainbill is not in the example's package.json, so its lockfile stays as
# committed), and `npx jest`. Jest resolves 'chainbill/testing' through the package's exports to
# dist/testing/index.cjs, as in a user's project.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
example="$root/examples/jest"
work=$(mktemp -d "${TMPDIR:-/tmp}/chainbill-jest.XXXXXX")
trap 'rm -rf "$work"' EXIT

tarball=$(cd "$root" && npm pack --silent --pack-destination "$work" | tail -n 1)
echo "packed $tarball ($(du -k "$work/$tarball" | cut -f1) KB)"
mkdir "$work/jest"
tar -C "$example" --exclude=./node_modules -cf - . | tar -C "$work/jest" -xf -
echo "example copied to $work/jest"
cd "$work/jest"
npm ci --no-audit --no-fund --silent
npm install --no-save --no-audit --no-fund --silent "$work/$tarball"
# A test that leaves a handle open (a server, a socket) fails rather than stalls CI.
timeout 300 npx jest --ci
echo "jest example: chainbill/testing passed under Jest $(npx jest --version) (CommonJS, ts-jest), without msw"
