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

step "MPICH's own test suite (test/mpi of Debian's mpich source package, configured with mpicc: scripts/mpich_suite.py)"
# Fetched the way the binary package is installed: apt, from Debian's archive, at the installed
# package's own source version. A deb-src entry in a sources file of its own and lists in a
# directory of their own (Dir::Etc::sourcelist, Dir::State::Lists) keep the machine's apt
# configuration untouched. Only test/mpi is unpacked, under target/ (nothing is committed).
SUITE_DIR=target/mpich-suite
MPICH_SRC_VERSION=$(dpkg-query -W -f='${source:Version}' mpich 2>/dev/null || true)
[ -n "$MPICH_SRC_VERSION" ] || { echo "setup: the mpich package is not installed (dpkg-query)" >&2; false; }
# Fortran, C++, MPI-IO, spawn and threads are outside its scope here (a rank is one thread): the
# suite's own configure options leave them out. Changing them re-makes the suite (the stamp).
SUITE_CONFIGURE=(--disable-fortran --disable-cxx --disable-romio --disable-spawn --with-thread-package=none)
SUITE_STAMP="$MPICH_SRC_VERSION ${SUITE_CONFIGURE[*]}"
if [ -f "$SUITE_DIR/mpi/coll/testlist" ] && [ "$(cat "$SUITE_DIR/version" 2>/dev/null)" = "$SUITE_STAMP" ]; then
  skip "MPICH $MPICH_SRC_VERSION test suite in $SUITE_DIR/mpi"
else
  rm -rf "$SUITE_DIR"
  mkdir -p "$SUITE_DIR/apt/lists/partial" "$SUITE_DIR/download"
  SUITE_ABS=$(cd "$SUITE_DIR" && pwd)
  cat > "$SUITE_ABS/apt/sources.sources" <<SOURCES
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  APT_OPTS=(-o "Dir::Etc::sourcelist=$SUITE_ABS/apt/sources.sources" -o "Dir::Etc::sourceparts=-"
    -o "Dir::State::Lists=$SUITE_ABS/apt/lists" -o "APT::Sandbox::User=root")
  apt-get "${APT_OPTS[@]}" -o Debug::NoLocking=1 update -qq
  (cd "$SUITE_ABS/download" && apt-get "${APT_OPTS[@]}" source --download-only -qq "mpich=$MPICH_SRC_VERSION")
  UPSTREAM=${MPICH_SRC_VERSION%-*}
  tar -xJf "$SUITE_ABS/download/mpich_$UPSTREAM.orig.tar.xz" -C "$SUITE_ABS" "mpich-$UPSTREAM/test/mpi"
  mv "$SUITE_ABS/mpich-$UPSTREAM/test/mpi" "$SUITE_ABS/mpi"
  rm -rf "$SUITE_ABS/mpich-$UPSTREAM" "$SUITE_ABS/download" "$SUITE_ABS/apt"
  # configure writes the testlists (with @…@ substituted) and include/mpitestconf.h, as a build of
  # the suite against Debian's MPICH would.
  (cd "$SUITE_ABS/mpi" && MPICC=mpicc CC=mpicc ./configure --with-mpi=/usr "${SUITE_CONFIGURE[@]}" \
    --disable-dependency-tracking > configure.log 2>&1) \
    || { tail -n 20 "$SUITE_ABS/mpi/configure.log" >&2; false; }
  echo "$SUITE_STAMP" > "$SUITE_ABS/version"
  echo "    MPICH $MPICH_SRC_VERSION test suite in $SUITE_DIR/mpi"
fi

step "MPICH's tests for the playground's example picker (tests/mpich-suite/playground.txt)"
# Written every time (it takes a moment): the list is the project's, the tests the suite's, and
# web/build.rs embeds the file when the playground is built.
python3 scripts/mpich_suite.py --playground "$SUITE_DIR/playground.json" | sed 's/^/    /'

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
