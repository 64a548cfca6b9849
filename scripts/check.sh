#!/usr/bin/env bash
# Runs every check CI runs, after the same idempotent setup as scripts/serve.sh:
# formatting, clippy (native and wasm) with -D warnings, all tests, the core purity guard, the
# differential test against MPICH, a release wasm build, and the browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
STEP="setup"
trap 'echo "check: FAILED at \"$STEP\"" >&2' ERR
step() { STEP="$1"; printf '\n==> %s\n' "$1"; }

scripts/setup.sh
. scripts/lib.sh

step "cargo fmt --all --check"
cargo fmt --all --check

step "cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
step "cargo clippy (web crate for wasm32)"
cargo clippy -p rankscope-web --target wasm32-unknown-unknown -- -D warnings

step "cargo test --workspace"
cargo test --workspace

step "core stays pure (no browser crates in rankscope-core's dependency tree)"
if cargo tree -p rankscope-core -e normal --prefix none | grep -E '^(wasm-bindgen|web-sys|js-sys|gloo|yew)[- ]'; then
  echo "rankscope-core depends on a browser crate (listed above)" >&2
  false
fi

step "lessons check (rankscope lesson check lessons/*.toml: every program compiles, every answer computed)"
cargo run -q -p rankscope -- lesson check lessons/*.toml

step "differential test: tests/corpus/ under Debian's MPICH and under Rankscope"
cargo build -q --release -p rankscope
python3 scripts/differential.py

step "random differential test: 30 generated MPI programs (scripts/random_mpi.py, seeds 1-30) under Debian's MPICH and under Rankscope"
python3 scripts/differential.py --random 30 --seed 1

step "MPICH's own test suite (test/mpi of Debian's mpich sources) under Rankscope: scripts/mpich_suite.py, floor in tests/mpich-suite/floor.json"
python3 scripts/mpich_suite.py

step "release wasm build (trunk build --release)"
run_trunk build --release --offline
wasm=$(ls dist/*.wasm)
printf '    %s: %s bytes raw, %s bytes gzip -9\n' "$wasm" "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)"
printf '    precompressed next to it: %s bytes .gz, %s bytes .br\n' "$(stat -c %s "$wasm.gz")" "$(stat -c %s "$wasm.br")"

step "browser tests (headless Chromium)"
mkdir -p target/browser-expected
cargo run -q -p rankscope -- profiles --json > target/browser-expected/profiles.json
# Native trace hashes the browser must reproduce (tests/browser/determinism.test.mjs).
{
  echo '['
  cargo run -q -p rankscope -- run --json -w bcast -n 64 -p fx100 --bytes 64
  echo ','
  cargo run -q -p rankscope -- run --json -w gather -n 16 -p ethernet-1g --bytes 65536
  echo ','
  cargo run -q -p rankscope -- run --json -w pingpong -n 2 -p emx --bytes 4 --iterations 10
  echo ','
  cargo run -q -p rankscope -- run --json -w ring -n 6 -p folon --bytes 4096 --iterations 2
  echo ']'
} > target/browser-expected/runs.json
{
  echo '['
  cargo run -q -p rankscope -- run --json examples/pingpong_preposted.c -n 3 -p emx
  echo ','
  cargo run -q -p rankscope -- run --json examples/collectives.c -n 5 -p fx100
  echo ','
  cargo run -q -p rankscope -- run --json examples/many_to_many_delay.c -n 4 -p ethernet-1g
  echo ']'
} > target/browser-expected/programs.json
# Paper 000's tables and Fig. 10 the paper-check view must show (tests/browser/paper-check.test.mjs).
cargo run -q --release -p rankscope -- reproduce 000 --json > target/browser-expected/paper000.json
# Paper 001's tables and figures (tests/browser/paper-check-001.test.mjs; under a second).
cargo run -q --release -p rankscope -- reproduce 001 --json > target/browser-expected/paper001.json
# Paper 002's tables and figures (tests/browser/paper-check-002.test.mjs; well under a second).
cargo run -q --release -p rankscope -- reproduce 002 --json > target/browser-expected/paper002.json
# Paper 003's Figs. 8–12 and lock algorithms (tests/browser/paper-check-003.test.mjs; about 20 s).
cargo run -q --release -p rankscope -- reproduce 003 --json > target/browser-expected/paper003.json
# Paper 004's tables (tests/browser/paper-check-004.test.mjs; well under a second).
cargo run -q --release -p rankscope -- reproduce 004 --json > target/browser-expected/paper004.json
(cd tests && node --test --test-reporter=spec browser/)

STEP="done"
printf '\n==> all checks passed\n'
