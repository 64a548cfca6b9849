//! `rankscope-core` — the whole Rankscope simulator, in pure, deterministic Rust.
//!
//! Rankscope runs MPI ranks inside one single-threaded event scheduler on models of real machines
//! (EM-X, Fujitsu FX100/FX10, FOLON, an InfiniBand cluster, a switched-Ethernet cluster) and records
//! every step so a browser (the `rankscope-web` crate) or the command line (`rankscope`) can show it.
//!
//! ```
//! use rankscope_core::engine::Sim;
//! use rankscope_core::proto::SimConfig;
//! use rankscope_core::machine::{builtin_profiles, Machine};
//! use rankscope_core::workloads::{programs, WorkloadKind, WorkloadParams};
//!
//! let profiles = builtin_profiles().expect("the built-in profiles parse");
//! let emx = profiles.iter().find(|p| p.machine.id == "emx").expect("EM-X is built in");
//! assert_eq!(emx.machine.nodes.value, 80); // paper 000: 80 PEs
//!
//! // A binomial broadcast over 16 EM-X PEs, run twice: same trace hash, byte for byte.
//! let run = || {
//!     let machine = Machine::new(emx, 16).unwrap();
//!     let ranks = programs(WorkloadKind::Broadcast, 16, WorkloadParams::default());
//!     Sim::new(machine, ranks, SimConfig::default()).run().unwrap()
//! };
//! let (a, b) = (run(), run());
//! assert_eq!(a.trace_hash, b.trace_hash);
//! assert!(a.end_time > rankscope_core::SimTime::ZERO);
//! ```
//!
//! # Map of the code
//!
//! | module | what it holds |
//! |---|---|
//! | [`time`] | [`SimTime`]: integer picoseconds, saturating; never a float, never a wall clock |
//! | [`rng`] | SplitMix64, the one seeded random-number generator |
//! | [`engine::queue`] | the event queue: a monotone radix heap, FIFO among equal times |
//! | [`engine::event`] | the one event enum, closed: a rank starts, resumes, or a layer's event falls due |
//! | [`engine::program`] | [`engine::Program`], [`engine::Step`], [`engine::RankCtx`]: what a rank runs and how it calls the protocol layers |
//! | [`engine::layer`] | the protocol seam: [`engine::Layer`], the [`engine::Io`] commands a layer answers with, [`engine::Rig`] to drive one alone |
//! | [`engine::sim`] | [`engine::Sim`]: the event loop, rank states, requests, limits, summaries |
//! | [`engine::limits`] | [`engine::Limits`] and [`engine::SimError`] (deadlock, limits, program failures) |
//! | [`engine::deadlock`] | who is blocked on what (in each layer's words), and the wait-for cycle |
//! | [`engine::history`] | [`engine::History`]: checkpoints + replay to step backwards exactly |
//! | [`engine::stride`] | coarse stepping: the next or previous step that does more than bookkeeping, an MPI call, a message, or a rank's event, read from the trace |
//! | [`engine::network`] | "You are the network": deliveries layers declare, choice points where they race to one rank, the choices that reorder them |
//! | [`engine::matches`] | every match MPI allows: a layer holds its wildcard matches until every rank waits ([`engine::Layer::on_quiet`]), then takes the run's listed choice ([`engine::Io::choose_match`]) |
//! | [`explore`] | exhaustive exploration over those match choices (or the network's delivery races): distinct outcomes, each with a witness that replays it, within a budget of runs; the exploration benchmark's programs |
//! | [`engine::slab`], [`engine::ids`] | small ids for requests and messages; per-id maps for layers |
//! | [`proto`] | the protocols behind the seam and [`proto::SimConfig`], the standard stack a run is set up with |
//! | [`proto::p2p`] | point-to-point with MPI matching: eager, and paper 000's matching engines (receiver only / both sides × sync, get, buffered) |
//! | [`proto::rma`] | one-sided operations on NIC engines (or the target's software), memory words with values and spins, MPI windows |
//! | [`proto::locks`] | paper 003's lock algorithms (MCS readers/writer with reader preference, foMPI, test-and-set) as step machines over remote memory words, the lock schemes that map `MPI_Win_lock` onto them, and a seeded interleaving checker |
//! | [`proto::acp`] | paper 001's ACP basic layer: global addresses, registration tables and their cache, command queues with in-order completion, communication threads, `acp_copy` on four paths (Fig. 5's remote-to-remote copy), atomics, the memory by component |
//! | [`proto::fcp`] | paper 004's VCL and FCP (FCP, FCP plus, FCP II) on FOLON's VME bus: the dual-port memories' words, each design's layout, every load and store timed on the bus and counted |
//! | [`proto::sockets`] | UDP and TCP through a host kernel and a shared Ethernet ([`machine::hw::ethernet`]): system calls, copies, per-packet kernel paths, frames on the wire |
//! | [`proto::pvm`] | paper 004's PVM 3: tids, fragments with PVM's headers, a pvmd per host, routes through both daemons (over UDP or FCP) or task to task, `pvm_send`/`pvm_recv` |
//! | [`proto::schedules`] | paper 002's schedules (plans, not a layer): patterns, the Ring schedule, the delay-inserting Algorithms 1–2 turn by turn, eq. 12's conflicts, the LogGP makespan, and Fig. 4 as a C program |
//! | [`machine`] | machine profiles as data (`profiles/*.toml`) and the hardware models |
//! | [`machine::profile`], [`machine::sections`], [`machine::cited`] | [`machine::Profile`], its hardware sections, and [`machine::Cited`] values with their source or assumption; line/column errors |
//! | [`machine::parameters`](mod@machine::parameters) | every cited number of a profile as a flat table for display |
//! | [`machine::resize`] | a built-in machine at another size (an experiment's nodes × processes per node), changed numbers marked as assumptions |
//! | [`machine::builtin`] | the profiles shipped in `profiles/`, embedded at compile time |
//! | [`machine::model`] | [`machine::Machine`]: a profile's hardware models composed for the engine |
//! | [`machine::ops`], [`machine::note`] | one-sided operations and atomics; what the hardware did, as sentences |
//! | [`machine::hw`] | one model per file: LogGP link, NIC engines, crossbar with drops, VME bus, shared Ethernet, torus, omega, EM-X CPU blocks, ACP comm thread |
//! | [`trace`] | [`trace::Record`]s with explanations (layers' records packed, [`trace::packed`]), the stable hash, Chrome/Perfetto export |
//! | [`trace::text`] | [`trace::text::Lang`]: the language of core's sentences (English byte for byte the CLI's; Japanese for the page) |
//! | [`trace::timeline`] | [`trace::timeline::Timeline`]: spans, message and one-sided arrows, marks; window queries and hit tests for the space-time view |
//! | [`lang`] | the C language by stage: syntax (preprocessor, parser), sema (the one pass that resolves names and types expressions: the typed program), codegen (the compiler, which reads it), vm, the C library (checked heap, glibc's printf and rand), diagnostics |
//! | [`libs`] | the libraries a C program links, each with its own per-rank state, met only through the binding table ([`libs::table`]) and the handle types ([`libs::handles`]): MPI (point-to-point, collectives, communicators, one-sided windows and locks), ACP's and PVM's C bindings |
//! | [`lang::reference`](mod@lang::reference) | the reference page's data: every C and MPI function with its signature and how it is modelled, built from the checker's tables |
//! | [`lessons`] | guided lessons (TOML under `lessons/`): the format, loading with line/column errors, scenarios run deterministically, positions, measures, predictions answered by running, tasks checked against the run |
//! | [`run_config`] | [`run_config::RunConfig`]: a run's choices (engine, lock scheme, eager limit, FCP design, PVM route, limits) and [`run_config::OPTIONS`], the one table of keys, values, parser, printer and help the CLI flags, run hints, lesson scenarios, share links and the playground's selects all read |
//! | [`lang::launch`] | the one setup of a C program's run, shared by the CLI, the web, the paper checks and the lessons |
//! | [`lang::sources`], [`lang::link`] | a program of several files (`.c` units, `.h` headers, data files) laid out in one text, and linked as C does (`static` private to its file, one definition per name) |
//! | [`papers`] | paper checks: one registry of papers, each a module of parts (experiment → table or figure next to the published values), and the resumable runner the page uses |
//! | [`workloads`] | native Rust programs for runs with millions of ranks; [`workloads::script`] (a rank as a list of sends, receives, waits and sleeps, repeated in rounds), [`workloads::scheduled`] (paper 002's Fig. 4), [`workloads::ompi`] (Open MPI 3.1's collectives and their decision rules), [`workloads::ompi_put_memory`] (Open MPI 1.10.1's `MPI_Put` path as the free-list memory it holds), [`workloads::acp_copies`] (paper 001's One_put_all and latency runs) and [`workloads::folon_transfers`] (paper 004's ping-pong and everyone-to-rank-0 through VCL or FCP) |
//! | [`bench`](mod@bench) | benchmark kernels shared by the CLI and the WebAssembly build, and the real-programs kernels (student C the CLI also times with gcc -O0) |
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
pub mod explore;
pub mod lang;
pub mod lessons;
pub mod libs;
pub mod machine;
pub mod papers;
pub mod proto;
pub mod rng;
pub mod run_config;
pub mod time;
pub mod trace;
pub mod views;
pub mod workloads;

pub use proto::locks;
pub use time::SimTime;

/// The version of this crate, shown by the web app and the CLI so a user can tell which simulator
/// produced a result.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
