#!/usr/bin/env bash
# Idempotent setup for Rankscope on a fresh Debian 12 machine with rustup Rust.
# Installs only what is missing; on failure it names the step that failed.
# Used by scripts/serve.sh and scripts/check.sh; safe to run any number of times.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
STEP="start"
trap 'echo "setup: FAILED at step \"$STEP\" (see the output above)" >&2' ERR

step() { STEP="$1"; printf '==> %s\n' "$1"; }
skip() { printf '    already present: %s\n' "$1"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "setup: need root (or sudo) for: $*" >&2; return 1; fi
}
APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" -eq 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

step "Rust toolchain (cargo, rustfmt, clippy)"
command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust with rustup first" >&2; false; }
if command -v rustup >/dev/null; then
  missing=()
  cargo fmt --version >/dev/null 2>&1 || missing+=(rustfmt)
  cargo clippy --version >/dev/null 2>&1 || missing+=(clippy)
  if [ ${#missing[@]} -gt 0 ]; then rustup component add "${missing[@]}"; else skip "rustfmt, clippy"; fi
fi

step "wasm32-unknown-unknown target"
mkdir -p target
rm -f target/wasm-toolchain.env
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  skip "wasm32-unknown-unknown (rustup)"
elif rustup target add wasm32-unknown-unknown; then
  :
else
  # Fallback from shared/design/toolchain.md: Debian's rustc-web toolchain building std from
  # source. scripts/lib.sh applies target/wasm-toolchain.env to trunk invocations only.
  echo "    rustup could not fetch the target; using Debian's rustc-web toolchain with build-std"
  apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
  cat > target/wasm-toolchain.env <<'ENV'
export PATH=/usr/bin:$PATH
export RUSTC_BOOTSTRAP=1
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
ENV
fi

step "trunk $TRUNK_VERSION"
if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
  skip "trunk $TRUNK_VERSION"
else
  cargo install --locked "trunk@$TRUNK_VERSION"
fi

step "wasm-bindgen-cli at the version Cargo.lock pins"
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$WBG_VERSION" ] || { echo "setup: no wasm-bindgen entry in Cargo.lock" >&2; false; }
if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WBG_VERSION" ]; then
  skip "wasm-bindgen $WBG_VERSION"
else
  # No --locked: the CLI's own lockfile pins a crate version the registry mirror lacks.
  cargo install --force "wasm-bindgen-cli@$WBG_VERSION"
fi

step "Chromium and ChromeDriver (Debian)"
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  skip "$(/usr/bin/chromium --version 2>/dev/null | head -n1)"
else
  apt_install chromium chromium-driver
fi

step "A Japanese font for Chromium (the lessons' Japanese narration; Debian's IPA Gothic)"
if command -v fc-list >/dev/null && [ -n "$(fc-list :lang=ja 2>/dev/null | head -n1)" ]; then
  skip "$(fc-list :lang=ja family | head -n1)"
else
  apt_install fonts-ipafont-gothic
fi

step "MPICH and Python 3 (the differential test against a real MPI: scripts/differential.py; trunk's CSP hook: scripts/csp.py)"
if command -v mpicc >/dev/null && command -v mpirun >/dev/null && command -v python3 >/dev/null; then
  skip "$(mpichversion 2>/dev/null | head -n1 | tr -s ' \t' ' ')"
else
  apt_install mpich libmpich-dev python3
fi

step "brotli (the release build writes the wasm precompressed: scripts/wasm_dist.py)"
if command -v brotli >/dev/null; then
  skip "$(brotli --version 2>/dev/null | head -n1)"
else
  apt_install brotli
fi

step "Node.js and the browser-test packages (playwright-core, no browser download)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then apt_install nodejs npm; fi
# npm does not copy the lock file's root entry into node_modules/.package-lock.json, so the two never
# compare equal: remember the lock file installed from instead.
if cmp -s tests/package-lock.json tests/node_modules/.rankscope-installed-lock.json 2>/dev/null; then
  skip "tests/node_modules"
else
  (cd tests && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error \
    && cp package-lock.json node_modules/.rankscope-installed-lock.json)
fi

STEP="done"
echo "==> setup complete"
