//! `rankscope-core` — the whole Rankscope simulator, in pure, deterministic Rust.
//!
//! Rankscope runs MPI ranks inside one single-threaded event scheduler on models of real machines
//! (EM-X, Fujitsu FX100/FX10, FOLON, an InfiniBand cluster, a switched-Ethernet cluster) and records
//! every step so a browser (the `rankscope-web` crate) or the command line (`rankscope`) can show it.
//!
//! ```
//! use rankscope_core::machine::builtin_profiles;
//!
//! let profiles = builtin_profiles().expect("the built-in profiles parse");
//! let emx = profiles.iter().find(|p| p.machine.id == "emx").expect("EM-X is built in");
//! assert_eq!(emx.machine.nodes.value, 80); // paper 000: 80 PEs
//! ```
//!
//! # Map of the code
//!
//! | module | what it holds |
//! |---|---|
//! | [`machine`] | machine profiles as data (`profiles/*.toml`), each number cited to its paper |
//! | [`machine::cited`] | [`machine::Cited`]: a value with its source or the assumption behind it |
//! | [`machine::profile`] | [`machine::Profile`] and parsing with line/column errors |
//! | [`machine::builtin`] | the profiles shipped in `profiles/`, embedded at compile time |
//!
//! # Rules
//!
//! - **Pure**: no browser crates, no wall clock, no ambient randomness, no printing.
//! - **Deterministic**: same input, same output, byte for byte, natively and in WebAssembly;
//!   ordered collections for anything iterated.
//! - **Errors are data**: anything a user's input can cause is a `Result` with a location and a
//!   plain-English message; panics are reserved for broken internal invariants.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod engine;
pub mod machine;
pub mod rng;
pub mod time;
pub mod trace;
pub mod workloads;

pub use time::SimTime;

/// The version of this crate, shown by the web app and the CLI so a user can tell which simulator
/// produced a result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
