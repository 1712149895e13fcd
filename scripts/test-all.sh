#!/usr/bin/env bash
# The README's test command: every suite of every workspace, then one closing line
# counting them all, whatever the outcome.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/ensure-test-tools.sh || exit 1
find . -path ./node_modules -prune -o -type d -name test-results -print0 | xargs -0 rm -rf
# --continue: a failing suite must not keep the others from running (and being counted).
pnpm exec turbo run test test:e2e test:fuzz --concurrency=1 --continue
status=$?
node scripts/test-summary.mjs || status=1
exit "$status"
