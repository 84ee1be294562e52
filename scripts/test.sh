#!/usr/bin/env bash
# Sets everything up and runs every check: formatting, clippy, native tests,
# wasm tests in Chromium, the release build and the end-to-end browser tests.
# Ends with one summary line; exits non-zero if any check failed.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh test || { echo "checks: 0 passed, 1 failed (setup)"; exit 1; }
export PATH="$PWD/node_modules/.bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# Every run here compiles once: incremental caches would only take disk
# (5 GB of a fresh clone's target/).
export CARGO_INCREMENTAL=0

passed=() failed=()
step() {
  local name="$1"; shift
  printf '\n\033[1m==> %s\033[0m\n' "$name"
  local start=$SECONDS
  if "$@"; then passed+=("$name"); status=ok; else failed+=("$name"); status=FAILED; fi
  printf '\033[1m<== %s: %s (%ss)\033[0m\n' "$name" "$status" $((SECONDS - start))
}
# A browser suite's output is also kept, so that the summary at the end can
# name its failed tests (CI shows only the end of a long log).
logs=target/test-logs
rm -rf "$logs" && mkdir -p "$logs"
logged() { local log="$logs/$1.log"; shift; FORCE_COLOR=0 "$@" 2>&1 | tee "$log"; }

step "fmt" cargo fmt --all -- --check
step "colours (contrast, colour-vision)" node scripts/check-colours.mjs
step "module layers (no import cycle)" node scripts/check-imports.mjs
# The path checker's own test first, then the docs.
step "docs (links, anchors, paths)" \
  sh -c 'node --test --test-reporter=dot scripts/check-docs.test.mjs && node scripts/check-docs.mjs'
step "build scripts (their edits of tools' output, the functions' layout, the code's measure)" node --test --test-reporter=spec scripts/build.test.mjs scripts/order-functions.test.mjs scripts/measure-code.test.mjs
step "the browser tests' Nostr relay (verifies signatures, forwards by room)" node --test --test-reporter=spec e2e/relay.test.mjs
step "clippy (native)" cargo clippy --workspace --all-targets --locked -- -D warnings -W clippy::too_many_lines
step "clippy (wasm app)" cargo clippy -p majesty-web --target wasm32-unknown-unknown --all-targets --locked -- -D warnings -W clippy::too_many_lines
step "native tests" cargo test --workspace --locked
step "wasm tests in Chromium" cargo test -p majesty-web --target wasm32-unknown-unknown --locked
step "release build (trunk)" trunk build --release
step "browser tests (Playwright)" logged playwright npx playwright test --config e2e/playwright.config.mjs --project chromium
# Then the tests that time the main thread, alone on the machine (the
# config's project "alone"; they need no development server).
step "browser tests timing the main thread (Playwright, one at a time)" \
  logged playwright-alone env E2E_NO_DEV_SERVER=1 npx playwright test --config e2e/playwright.config.mjs --project alone
# The essential flows in Firefox ESR and WebKitGTK, through WebDriver.
step "cross-browser flows (Firefox ESR, WebKitGTK)" \
  logged browsers node --test --test-reporter=spec --test-concurrency=1 e2e/browsers/flows.test.mjs

echo
echo "passed: ${passed[*]:-none}"
[ ${#failed[@]} -gt 0 ] && echo "FAILED: ${failed[*]}"
# The browser tests that failed (and why), or passed only when run again.
node scripts/test-summary.mjs "$logs"
echo "checks: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
