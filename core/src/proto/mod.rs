//! The protocols, each a sans-IO layer behind the engine's seam ([`crate::engine::layer`]), and
//! the standard stack a run is set up with ([`SimConfig`]).
//!
//! | layer | module | what it models |
//! |---|---|---|
//! | 0 | [`p2p`] | point-to-point messages with MPI matching: eager, or paper 000's six request-based engines |
//! | 1 | [`rma`] | one-sided operations on NIC engines, memory words with values and spins, MPI windows |
//! | 2 | [`locks`] | paper 003's lock algorithms over the memory words, and the lock schemes of `MPI_Win_lock` |
//! | 3 | [`acp`] | paper 001's ACP basic layer: global addresses, registration tables and their cache, command queues and communication threads, `acp_copy` on four paths, atomics |
//! | 4 | [`fcp`] | paper 004's VCL and FCP (FCP, FCP plus, FCP II) on FOLON's VME bus: every protocol word loaded or stored in the dual-port memories, timed on the bus, counted |
//! | 5 | [`sockets`] | UDP and TCP through a host kernel and a shared Ethernet (paper 004's comparisons, PVM's links) |
//! | 6 | [`pvm`] | paper 004's PVM: a pvmd per host, tids, fragments through both daemons (over UDP, or FCP on FOLON's bus) or task to task over FCP |
//!
//! [`schedules`] is paper 002's scheduling (patterns, Ring, the delay-inserting Algorithm 1,
//! conflicts and the LogGP makespan model): plans the MPI programs run, not a layer.
//!
//! A new protocol is one module here implementing [`crate::engine::Layer`] (its events, its
//! records, an extension trait on `RankCtx` for the programs) plus one line in
//! [`SimConfig::layers`]; see ARCHITECTURE.md, "Adding a protocol".

pub mod acp;
pub mod fcp;
pub mod locks;
pub mod p2p;
pub mod pvm;
pub mod rma;
pub mod schedules;
pub mod sockets;

use serde::Serialize;

use crate::engine::{DynLayer, EngineConfig, Limits, Setup};
use crate::trace::TraceMode;

/// How to run: the engine's configuration and the protocols' choices.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimConfig {
    /// Bounds that end a runaway run with an error.
    pub limits: Limits,
    /// Keep every trace record, or only the hash.
    pub trace: TraceMode,
    /// The point-to-point engine (eager, or one of paper 000's matching engines).
    pub matching: p2p::Matching,
    /// 64-bit words of one-sided memory each rank exposes to operations with values
    /// (`OneSidedOps::mem_op`): lock records and queue nodes (paper 003).
    pub words_per_rank: u32,
    /// A seed that reorders events due at the same time (instead of FIFO), for correctness
    /// checks that must hold under any such order; `None` for the normal, FIFO run.
    pub perturb: Option<u64>,
    /// How the MPI library's `MPI_Win_lock` / `MPI_Win_lock_all` take locks (paper 003's
    /// global MCS-RW lock by default).
    pub lock_scheme: locks::LockScheme,
    /// The eager engine's eager limit in bytes: a standard send of a larger message completes
    /// only once matched ([`p2p::DEFAULT_EAGER_LIMIT`] by default).
    pub eager_limit: u64,
    /// Which FCP design FOLON's message passing uses (paper 004; FCP by default).
    pub fcp: fcp::Variant,
    /// How PVM's messages travel (paper 004: through the daemons over UDP by default).
    pub pvm: pvm::PvmConfig,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            limits: Limits::default(),
            trace: TraceMode::Full,
            matching: p2p::Matching::Eager,
            words_per_rank: 0,
            perturb: None,
            lock_scheme: locks::LockScheme::McsRw,
            eager_limit: p2p::DEFAULT_EAGER_LIMIT,
            fcp: fcp::Variant::Fcp,
            pvm: pvm::PvmConfig::UDP,
        }
    }
}

impl Setup for SimConfig {
    fn engine(&self) -> EngineConfig {
        EngineConfig {
            limits: self.limits,
            trace: self.trace,
            perturb: self.perturb,
        }
    }

    fn layers(&self, ranks: u32) -> Vec<Box<dyn DynLayer>> {
        vec![
            Box::new(p2p::P2p::new(ranks, self.matching).with_eager_limit(self.eager_limit)),
            Box::new(rma::OneSided::new(ranks, self.words_per_rank)),
            Box::new(locks::Locks::new(self.lock_scheme)),
            Box::new(acp::Acp::new()),
            Box::new(fcp::Fcp::new(self.fcp)),
            Box::new(sockets::Sockets::new()),
            Box::new(pvm::Pvm::new(self.pvm, self.fcp)),
        ]
    }
}
