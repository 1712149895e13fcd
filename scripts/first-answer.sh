#!/usr/bin/env bash
# A newcomer's first minute, timed: a fresh clone of this repository into a throwaway folder,
# then `pnpm install --frozen-lockfile`, `pnpm build` and `pnpm start` until the home page first
# answers 200. Prints each phase in seconds and the load average (the machine may be shared).
# The package store and the Go cache are whatever this machine holds (warm after one install).
#
#   bash scripts/first-answer.sh [revision]     (default: HEAD; e.g. main to time it)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
revision="${1:-HEAD}"
work="$(mktemp -d)"
shop_pid=""
cleanup() {
  # The shop runs in a session of its own: pnpm, node and the embedded database are stopped together.
  if [ -n "$shop_pid" ]; then
    kill -- "-$shop_pid" 2>/dev/null || true
    wait "$shop_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

echo "first-answer: $(git -C "$root" rev-parse --short "$revision") ($revision), load average $(cut -d' ' -f1-3 /proc/loadavg)"
t0="$(now)"
git clone --quiet --no-local "$root" "$work/shop"
git -C "$work/shop" checkout --quiet "$(git -C "$root" rev-parse "$revision")"
cd "$work/shop"
t1="$(now)"
pnpm install --frozen-lockfile >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
t2="$(now)"
# The run summary (.turbo/runs/) gives each workspace's build time, printed at the end.
TURBO_RUN_SUMMARY=true pnpm build >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
t3="$(now)"

port="$(free_port)"
# Only the ports are chosen here (other shops may run on this machine); everything else is as
# `pnpm start` has it on a fresh clone: development, the embedded database seeded on first start.
PORT="$port" MAIL_CATCHER_SMTP_PORT="$(free_port)" MAIL_CATCHER_WEB_PORT="$(free_port)" \
  setsid pnpm start >"$work/start.log" 2>&1 &
shop_pid=$!
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/" || true)" = 200 ]; do
  if ! kill -0 "$shop_pid" 2>/dev/null; then cat "$work/start.log"; exit 1; fi
  sleep 0.1
done
t4="$(now)"

printf '%-10s %6s s\n' clone "$(seconds "$t0" "$t1")" install "$(seconds "$t1" "$t2")" \
  build "$(seconds "$t2" "$t3")" start "$(seconds "$t3" "$t4")"
printf '%-10s %6s s  (install + build + start: %s s)\n' total "$(seconds "$t0" "$t4")" \
  "$(seconds "$t1" "$t4")"
node -e '
  const { readdirSync, readFileSync } = require("node:fs");
  const dir = ".turbo/runs/";
  const run = JSON.parse(readFileSync(dir + readdirSync(dir)[0], "utf8"));
  for (const { taskId, execution: e } of run.tasks) {
    const from = ((e.startTime - run.execution.startTime) / 1000).toFixed(1);
    console.log(`  ${taskId.padEnd(24)} ${((e.endTime - e.startTime) / 1000).toFixed(1).padStart(6)} s (from ${from} s)`);
  }'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
