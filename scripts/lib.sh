# Shared helpers for the Rankscope scripts (sourced, not run).

# Runs trunk with the wasm toolchain setup.sh chose (rustup's target, or Debian's rustc-web fallback).
run_trunk() {
  (
    if [ -f target/wasm-toolchain.env ]; then . target/wasm-toolchain.env; fi
    exec trunk "$@"
  )
}
