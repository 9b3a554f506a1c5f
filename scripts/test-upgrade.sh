#!/usr/bin/env bash
# make test-upgrade (issue 25, "upgrades are free"): would the newest minor and patch release of
# every dependency, within the ranges package.json allows (^ and ~), still pass? In a temporary
# clone of HEAD (committed work only; this checkout, its node_modules and its lockfile are never
# touched) it installs the locked versions (npm ci), then `npm update` (the newest release each
# range allows, the lockfile rewritten in the clone), prints what moved, and runs the typecheck
# and the unit and integration tests (vitest). Exact pins stay where they are, each with its
# reason in README ("Dependency pins"). Not part of `make test`: it takes long and asks the
# registry for new releases.
#
# KEEP_UPGRADE_COPY=1 keeps the clone (its path is printed) to look into a failure.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# The project's Node (scripts/ensure-node.sh) when the machine's is older.
if [ -x "$root/.tools/node/bin/node" ]; then PATH="$root/.tools/node/bin:$PATH"; fi

work="$(mktemp -d "${TMPDIR:-/tmp}/haulwise-upgrade.XXXXXX")"
cleanup() {
  if [ "${KEEP_UPGRADE_COPY:-0}" = 1 ]; then echo "test-upgrade: the clone is kept in $work/repo"; else rm -rf "$work"; fi
}
trap cleanup EXIT

echo "test-upgrade: cloning HEAD ($(git -C "$root" rev-parse --short HEAD)) into $work/repo"
git clone --quiet --no-hardlinks "$root" "$work/repo"
cd "$work/repo"

echo "test-upgrade: npm ci (the locked versions)"
npm ci --include=dev --no-fund --no-audit --loglevel=error
cp package-lock.json "$work/package-lock.before.json"

echo "test-upgrade: npm update (the newest minor and patch release each range allows)"
npm update --include=dev --no-fund --no-audit --loglevel=error

# What moved: each direct dependency whose installed version changed.
node --input-type=module - "$work/package-lock.before.json" package-lock.json <<'EOF'
import { readFileSync } from 'node:fs';
const [before, after] = process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, 'utf8')).packages);
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const direct = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort();
const moved = direct.filter((name) => before[`node_modules/${name}`]?.version !== after[`node_modules/${name}`]?.version);
if (moved.length === 0) console.log('test-upgrade: every direct dependency is already at the newest release its range allows');
for (const name of moved) {
  console.log(`  ${name}: ${before[`node_modules/${name}`]?.version ?? '-'} -> ${after[`node_modules/${name}`]?.version ?? '-'}`);
}
EOF

export PATH="$work/repo/node_modules/.bin:$PATH"
echo "test-upgrade: typecheck"
for p in client server tests; do tsc --noEmit -p "$p/tsconfig.json"; done

echo "test-upgrade: unit and integration tests"
NODE_ENV=test vitest run

echo "test-upgrade: green on the newest minor and patch releases"
