#!/usr/bin/env bash
# Sets everything up, builds the game and serves it on http://127.0.0.1:8080/
# (PORT=... to change). Stop with Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
export PATH="$PWD/node_modules/.bin:$PATH"
port="${PORT:-8080}"
trunk build --release
echo
echo "Majesty is served at http://127.0.0.1:$port/ (Ctrl-C to stop)."
echo
exec node scripts/serve.mjs --dir dist --base / --port "$port"
