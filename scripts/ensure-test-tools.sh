#!/usr/bin/env bash
# Makes sure the tools the test suite drives from outside Node are present:
# Chromium for the end-to-end tests and stripe-mock for the payment tests.
# Installs what is missing where it can, and says in one line what to do where it cannot.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
STRIPE_MOCK_VERSION="v0.203.0"

if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-test-tools: installing Debian's chromium for the end-to-end tests"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "ensure-test-tools: Chromium is missing. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

stripe_mock="$root/.tools/bin/stripe-mock"
if [ ! -x "$stripe_mock" ]; then
  if ! command -v go >/dev/null 2>&1; then
    echo "ensure-test-tools: Go is needed to build stripe-mock for the payment tests (https://go.dev/dl)." >&2
    exit 1
  fi
  echo "ensure-test-tools: building stripe-mock $STRIPE_MOCK_VERSION"
  GOBIN="$root/.tools/bin" go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
fi
