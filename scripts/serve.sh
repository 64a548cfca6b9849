#!/usr/bin/env bash
# Sets everything up (idempotent) and serves the playground at http://127.0.0.1:8080/ with live reload.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
. scripts/lib.sh
echo "==> serving Rankscope at http://127.0.0.1:8080/ (Ctrl+C stops)"
run_trunk serve --offline "$@"
