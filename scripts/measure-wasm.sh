#!/usr/bin/env bash
# Measures the engine and the hard bot in WebAssembly in headless Chromium,
# built with the release profile the app ships with. Prints the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test >/dev/null
CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
  cargo test --release -p majesty-web --target wasm32-unknown-unknown --test wasm_bench -- --nocapture 2>&1 |
  grep -E " move, |playouts|test result"
