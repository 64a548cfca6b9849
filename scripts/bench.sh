#!/usr/bin/env bash
# Benchmarks (figures for notes, never pass/fail): the native engine (`rankscope bench`), the
# same event-queue kernel compiled to WebAssembly in headless Chromium, the playground's
# responsiveness while it simulates 10^6 events, the timeline's frame rate while panning and
# zooming over 10,000 messages, and a keystroke's latency in a 10,000-line program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh > /dev/null
. scripts/lib.sh
cargo build --release -q -p rankscope
./target/release/rankscope bench "$@"
run_trunk build --release --offline > /dev/null 2>&1
node tests/bench-wasm.mjs
node tests/bench-responsiveness.mjs
node tests/bench-timeline.mjs
node tests/bench-keystroke.mjs
node tests/bench-paper-check.mjs 002
