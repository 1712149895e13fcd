#!/usr/bin/env bash
# Fuzzes the API with schemathesis against its own OpenAPI document (/api/openapi.json):
# starts the built shop on an embedded database in a throwaway folder, with stripe-mock as the
# payment provider, and runs every operation signed in as the demo user and as the admin.
# Fails on any server error (5xx), any response that breaks its documented schema, status,
# content type or headers, and any invalid input that is not refused with a 4xx. Needs `pnpm build` first.
#
#   bash scripts/api-fuzz.sh            # FUZZ_EXAMPLES=25 cases per operation and role
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

SCHEMATHESIS_VERSION="4.32.5"
examples="${FUZZ_EXAMPLES:-25}"
venv="$root/.tools/venv"
st="$venv/bin/schemathesis"

if [ "$("$st" --version 2>/dev/null | awk '{print $NF}')" != "$SCHEMATHESIS_VERSION" ]; then
  echo "api-fuzz: installing schemathesis $SCHEMATHESIS_VERSION into .tools/venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
[ -f apps/api/dist/server.js ] || { echo "api-fuzz: run pnpm build first" >&2; exit 1; }
bash scripts/ensure-test-tools.sh

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Waits until the command succeeds, for at most $1 seconds.
wait_for() {
  local seconds="$1"
  shift
  for _ in $(seq 1 $((seconds * 5))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  return 1
}

stripe_port="$(free_port)"
"${STRIPE_MOCK_BIN:-$root/.tools/bin/stripe-mock}" -http-addr "127.0.0.1:$stripe_port" \
  -https-addr 127.0.0.1:0 >"$work/stripe-mock.log" 2>&1 &
pids+=($!)
wait_for 30 grep -q "Listening for HTTP" "$work/stripe-mock.log" || {
  cat "$work/stripe-mock.log"
  exit 1
}

port="$(free_port)"
base="http://127.0.0.1:$port"
# Development mode seeds the demo accounts; the limits are raised so that the fuzzer's
# hundreds of calls per account are answered rather than rate-limited.
env -u MONGO_URL NODE_ENV=development LOG_LEVEL=warn PORT="$port" HOST=127.0.0.1 \
  DATA_DIR="$work/data" SHOP_EMBEDDED_DB=ferretdb \
  MAIL_CATCHER_SMTP_PORT="$(free_port)" MAIL_CATCHER_WEB_PORT="$(free_port)" \
  AUTH_RATE_LIMIT=100000 PROFILE_RATE_LIMIT=100000 CHECKOUT_RATE_LIMIT=100000 \
  STRIPE_SECRET_KEY=sk_test_fuzz STRIPE_PUBLISHABLE_KEY=pk_test_fuzz \
  STRIPE_WEBHOOK_SECRET=whsec_fuzz STRIPE_API_BASE="http://127.0.0.1:$stripe_port" \
  node apps/api/dist/server.js >"$work/api.log" 2>&1 &
pids+=($!)
wait_for 300 curl -fsS "$base/healthz" || {
  echo "api-fuzz: the shop did not start"
  cat "$work/api.log"
  exit 1
}

token_of() {
  curl -fsS -H 'Content-Type: application/json' -d "{\"email\":\"$1\",\"password\":\"$2\"}" \
    "$base/api/v1/auth/login" | node -e "process.stdin.on('data',d=>console.log(JSON.parse(d).token))"
}
user_token="$(token_of user@shop.test user1234)"
admin_token="$(token_of admin@shop.test admin123)"
# A token that did not work would turn every signed-in call into a documented 401.
curl -fsS -H "Authorization: $admin_token" "$base/api/v1/auth/admin-auth" >/dev/null
curl -fsS -H "Authorization: $user_token" "$base/api/v1/auth/user-auth" >/dev/null

reports="$root/apps/api/test-results"
rm -rf "$reports/fuzz" && mkdir -p "$reports/fuzz"
# What each answer must satisfy: no 5xx; status, content type, headers and body as documented;
# invalid input refused; a signed-in call refused without its token; a deleted resource gone.
checks=not_a_server_error,status_code_conformance,content_type_conformance
checks+=,response_headers_conformance,response_schema_conformance,negative_data_rejection
checks+=,ignored_auth,missing_required_header,use_after_free,ensure_resource_availability
failed=0
runs=0
# Changing the password and signing out everywhere revoke the token, so the profile is fuzzed
# after the rest, on its own, and sign-out-everywhere last of all.
fuzz() {
  local role="$1" token="$2"
  shift 2
  echo
  echo "==> schemathesis as $role $*"
  "$st" --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
    --header "Authorization: $token" --checks "$checks" \
    --phases examples,coverage,fuzzing --max-examples "$examples" --seed 1 --workers 1 \
    --request-timeout 30 --suppress-health-check all --warnings off \
    --report junit --report-junit-path "$reports/fuzz/run-$((++runs))-$role.xml" "$@" || failed=1
}
revoking=(--exclude-path /api/v1/auth/profile --exclude-path /api/v1/auth/sign-out-everywhere)
fuzz user "$user_token" "${revoking[@]}"
fuzz admin "$admin_token" "${revoking[@]}"
fuzz user "$user_token" --include-path /api/v1/auth/profile
fuzz admin "$admin_token" --include-path /api/v1/auth/profile
fuzz user "$user_token" --include-path /api/v1/auth/sign-out-everywhere
fuzz admin "$admin_token" --include-path /api/v1/auth/sign-out-everywhere

logged_errors="$(grep -c '"level":50' "$work/api.log" || true)"
if [ "$logged_errors" != 0 ]; then
  echo "api-fuzz: the API logged $logged_errors errors:"
  grep '"level":50' "$work/api.log" | head -20
  failed=1
fi
# One test per operation and role, in the shape scripts/test-summary.mjs adds up.
node scripts/fuzz-report.mjs "$reports/fuzz" "$logged_errors" >"$reports/fuzz.json" || failed=1
if [ "$failed" = 0 ]; then echo "api-fuzz: 0 server errors, 0 schema violations"; fi
exit "$failed"
