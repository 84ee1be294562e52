#!/usr/bin/env bash
# Installs what the project needs, skipping what is already there at the right
# version. Usage: scripts/setup.sh [build|test|measure]
#   build: Rust wasm target, Trunk, wasm-bindgen-cli, wasm-split-cli,
#          mdbook, xz, npm tools (wasm-opt, terser)
#   test:  the same plus Chromium and ChromeDriver for the browser tests,
#          Firefox ESR, WebKitGTK (its WebDriver and MiniBrowser), Xvfb
#          and geckodriver for the cross-browser suite, and the Nostr
#          relay that the tests of live play over public relays start
#   measure: the build's tools plus twiggy, which scripts/measure-code.mjs
#          reads the modules with
# Every tool comes from a package registry (crates.io, npm, Debian): nothing
# downloads a prebuilt binary from elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_SPLIT_VERSION=0.2.4
MDBOOK_VERSION=0.5.4
GECKODRIVER_VERSION=0.37.1
TWIGGY_VERSION=0.8.0
want="${1:-build}"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# wasm-bindgen-cli must equal the wasm-bindgen in Cargo.lock, string for string.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# Trunk builds the app (Trunk.toml); it runs wasm-bindgen and wasm-opt from
# PATH (offline = true), never a downloaded binary.
if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (from source: about 6 minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked --force
fi

WB_VERSION="$(wasm_bindgen_version)"
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WB_VERSION" ]; then
  say "installing wasm-bindgen-cli $WB_VERSION (from source: about 6 minutes)"
  # Not --locked: its lockfile names a crate version the registry lacks.
  cargo install wasm-bindgen-cli --version "$WB_VERSION" --force
fi

# The splitter of the page's module (scripts/split-wasm.mjs, run by Trunk's
# post-build hook): the crate cargo-leptos uses, with its command.
# (The command has no --version: cargo's list of installed crates tells.)
if ! command -v wasm-split-cli >/dev/null ||
  ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (from source: about 2 minutes)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked --force
fi

# mdBook builds the manual (docs/) into the release site
# (scripts/build-docs.mjs); without its server and file watcher, which the
# build does not use.
if [ "$(mdbook --version 2>/dev/null)" != "mdbook v$MDBOOK_VERSION" ]; then
  say "installing mdbook $MDBOOK_VERSION (from source: about 3 minutes)"
  cargo install mdbook --version "$MDBOOK_VERSION" --no-default-features --features search --locked --force
fi

# xz packs the release build's main module for a first visit (scripts/post-build.mjs).
if ! command -v xz >/dev/null; then
  say "installing xz (Debian's xz-utils)"
  as_root apt-get update
  as_root apt-get install -y xz-utils
fi

if ! command -v npm >/dev/null; then
  say "installing Node.js and npm (Debian)"
  as_root apt-get update
  as_root apt-get install -y nodejs npm
fi

# npm ci only when node_modules was not installed from this very lockfile.
stamp=node_modules/.installed-from-lock
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  say "installing npm tools (binaryen's wasm-opt, Playwright) from package-lock.json"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

if [ "$want" = test ]; then
  if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
    say "installing Chromium and ChromeDriver (Debian)"
    as_root apt-get update
    as_root apt-get install -y chromium chromium-driver
  fi
  # The cross-browser suite (e2e/browsers/): Firefox ESR and WebKitGTK,
  # the engine of Safari, driven through WebDriver.
  if ! [ -x /usr/bin/firefox-esr ] || ! command -v WebKitWebDriver >/dev/null || ! command -v Xvfb >/dev/null; then
    say "installing Firefox ESR, WebKitGTK's WebDriver and Xvfb (Debian)"
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends firefox-esr webkit2gtk-driver xvfb
  fi
  if [ "$(geckodriver --version 2>/dev/null | head -1 | cut -d' ' -f2)" != "$GECKODRIVER_VERSION" ]; then
    say "installing geckodriver $GECKODRIVER_VERSION (from source: about 3 minutes)"
    cargo install geckodriver --version "$GECKODRIVER_VERSION" --locked --force
  fi
  # The Nostr relay that e2e/relay.mjs starts: rust-nostr's
  # (nostr-relay-builder), in a crate of its own outside the app's
  # workspace, tools/nostr-test-relay. Built in a temporary folder, removed
  # after (300 MB).
  RELAY_VERSION="$(awk '/^version = / { gsub(/version = |"/, ""); print; exit }' tools/nostr-test-relay/Cargo.toml)"
  if [ "$(nostr-test-relay --version 2>/dev/null)" != "nostr-test-relay $RELAY_VERSION" ]; then
    say "installing nostr-test-relay $RELAY_VERSION (from source: about 1 minute)"
    relay_build="$(mktemp -d)"
    cargo install --path tools/nostr-test-relay --locked --profile tool --target-dir "$relay_build" --force ||
      { rm -rf "$relay_build"; exit 1; }
    rm -rf "$relay_build"
  fi
fi

# (twiggy calls itself twiggy-opt: cargo's list of installed crates tells.)
if [ "$want" = measure ] && ! cargo install --list | grep -qx "twiggy v$TWIGGY_VERSION:"; then
  say "installing twiggy $TWIGGY_VERSION (from source: about 2 minutes)"
  cargo install twiggy --version "$TWIGGY_VERSION" --locked --force
fi

# The stored cargo cache makes later offline builds possible.
cargo fetch --locked >/dev/null 2>&1 || cargo fetch
