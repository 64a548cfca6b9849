//! Paper 004's PVM on FOLON: a pvmd per host, tasks with PVM 3's tids, messages cut into
//! fragments that travel through both daemons (Fig. 3) — the daemons over UDP on the
//! Ethernet, or over FCP on the VME bus (the FOLON port, Fig. 4) — or straight from task to
//! task over FCP (the paper's future work).
//!
//! - [`tid`]: task identifiers.
//! - [`packet`]: fragments and headers.
//! - [`layer`]: the tasks, the daemons and their routes.
//! - [`records`]: `pvm_send`, every hop, held packets, `pvm_recv`.
//! - [`ops`]: the calls on `RankCtx`.
//!
//! The layer owns a `SocketEngine` and an `FcpEngine`, whose events are the layer's
//! (`PvmEvent::Sockets`, `PvmEvent::Fcp`: each engine schedules through its `Lift`);
//! `SimConfig::pvm` picks the daemons' link (UDP or FCP) or the direct route. `PvmOps` is what
//! the C binding (`libs::pvm`, with XDR or raw message buffers) and
//! `workloads::folon_transfers` call; the layer keeps each leg's time.
//!
//! Deliveries ("You are the network", `Layer::delivery`): the last leg. A delivery names two
//! ranks, and most of PVM's legs run between a task and its host's daemon or between daemons —
//! processes that are not ranks. The leg that ends at a task, the pvmd writing a fragment to it
//! over TCP, is declared as a delivery from the task that sent the message: the network may land
//! another task's fragment first, so `pvm_recv(-1, …)` takes another task's message (each
//! sender's fragments stay in order). Races among the daemons' own legs (which packet a pvmd
//! takes first) are not choice points. The direct route is FCP's (see `proto::fcp`: its order
//! is the bus's).

pub mod layer;
pub mod ops;
pub mod packet;
pub mod records;
pub mod tid;

use serde::Serialize;

pub use layer::{Arrival, Pvm, PvmError, PvmEvent};
pub use ops::PvmOps;
pub use records::{Leg, PvmRecord};
pub use tid::Tid;

/// How PVM's messages travel.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PvmConfig {
    /// The daemons talk over FCP on the VME bus (the FOLON port, Fig. 4) rather than UDP on
    /// the Ethernet (PVM's own way, Fig. 3).
    pub daemons_over_fcp: bool,
    /// Tasks send straight to each other over FCP (the paper's future work), not through the
    /// daemons.
    pub direct: bool,
}

impl PvmConfig {
    /// Fig. 3: through both daemons, which talk over UDP.
    pub const UDP: PvmConfig = PvmConfig {
        daemons_over_fcp: false,
        direct: false,
    };
    /// Fig. 4: through both daemons, which talk over FCP.
    pub const FCP: PvmConfig = PvmConfig {
        daemons_over_fcp: true,
        direct: false,
    };
    /// Task to task over FCP.
    pub const DIRECT: PvmConfig = PvmConfig {
        daemons_over_fcp: true,
        direct: true,
    };

    /// Every route, as the command line names them.
    pub const ALL: [(&'static str, PvmConfig); 3] = [
        ("udp", PvmConfig::UDP),
        ("fcp", PvmConfig::FCP),
        ("direct", PvmConfig::DIRECT),
    ];

    /// Its name on a command line (`udp`, `fcp`, `direct`).
    pub fn id(self) -> &'static str {
        PvmConfig::ALL
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("udp", |(id, _)| id)
    }

    /// From [`PvmConfig::id`]; the error lists the routes.
    pub fn parse(s: &str) -> Result<PvmConfig, String> {
        PvmConfig::ALL
            .iter()
            .find(|(id, _)| id.eq_ignore_ascii_case(s.trim()))
            .map(|(_, c)| *c)
            .ok_or_else(|| {
                format!(
                    "unknown PVM route {s:?}: udp (through the daemons over UDP), fcp (the daemons over FCP) or direct (task to task over FCP)"
                )
            })
    }

    /// In words.
    pub fn name(self) -> &'static str {
        match (self.direct, self.daemons_over_fcp) {
            (true, _) => "task to task over FCP",
            (false, true) => "through the daemons, pvmd to pvmd over FCP",
            (false, false) => "through the daemons, pvmd to pvmd over UDP",
        }
    }
}

#[cfg(test)]
mod tests;
