#!/usr/bin/env bash
# Sets everything up, builds the game and serves it on http://127.0.0.1:8080/
# (PORT=... to change). Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
export PATH="$PWD/node_modules/.bin:$PATH"
port="${PORT:-8080}"
echo
echo "Majesty will be served at http://127.0.0.1:$port/ once it is built."
echo
# No auto-reload: its injected inline script is (rightly) refused by the
# page's Content-Security-Policy.
exec trunk serve --release --no-autoreload --address 127.0.0.1 --port "$port"
