//! Run options the user can set: the point-to-point engine (core's `Matching`), the engine a
//! side-by-side run compares it with, how `MPI_Win_lock` takes locks (core's `LockScheme`),
//! and the limits that stop a runaway run (core's `Limits`
//! and `VmLimits`), with the browser's defaults and bounds. They travel in share links.

use rankscope_core::engine::Limits;
use rankscope_core::lang::VmLimits;
use rankscope_core::locks::LockScheme;
use rankscope_core::proto::fcp::Variant;
use rankscope_core::proto::p2p::{Matching, DEFAULT_EAGER_LIMIT};
use rankscope_core::proto::pvm::PvmConfig;
use rankscope_core::proto::SimConfig;
use serde::{Deserialize, Serialize};

/// Bytecode operations a rank may execute by default over the whole run: core's default (a
/// billion; classic teaching programs finish). The run advances in chunks and a computing rank
/// pauses every [`SLICE_OPS`], so this bounds work, never a freeze.
pub const DEFAULT_MAX_OPS: u64 = rankscope_core::lang::DEFAULT_MAX_OPS;
/// Operations after which a computing rank hands control back to the page (core's
/// `Step::Pause`; the run is unchanged): a few milliseconds of WebAssembly, so a long loop shows
/// its progress, answers Stop and never freezes the page.
pub const SLICE_OPS: u64 = 1_000_000;
/// Memory a rank may use by default (MiB): core's default, 256 MiB (a 64 MB array fits).
pub const DEFAULT_MEMORY_MIB: u64 = (rankscope_core::lang::DEFAULT_MEMORY >> 20) as u64;
/// Events a run may process by default in the browser (about a gigabyte of trace at most).
pub const DEFAULT_MAX_EVENTS: u64 = 5_000_000;
/// Largest accepted values (the page's memory is the real bound).
pub const CEILING: RunOptions = RunOptions {
    max_ops: 1_000_000_000_000,
    memory_mib: (rankscope_core::lang::MAX_MEMORY >> 20) as u64,
    max_events: 20_000_000,
    matching: Matching::Eager,
    compare: None,
    lock: LockScheme::McsRw,
    eager_limit: 1 << 30,
    fcp: Variant::Fcp,
    pvm: PvmConfig::UDP,
};

/// The options of a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunOptions {
    /// Bytecode operations each rank may execute before the run stops as a runaway loop.
    pub max_ops: u64,
    /// Memory each rank may use, in MiB (links made before it existed use the default).
    #[serde(default = "default_memory_mib")]
    pub memory_mib: u64,
    /// Events the whole run may process.
    pub max_events: u64,
    /// The point-to-point engine (links made before it existed use eager).
    #[serde(default)]
    pub matching: Matching,
    /// The engine of the side-by-side comparison run, if any (links made before it existed
    /// have none).
    #[serde(default)]
    pub compare: Option<Matching>,
    /// How `MPI_Win_lock` / `MPI_Win_lock_all` take locks (links made before it existed use
    /// paper 003's global MCS-RW lock).
    #[serde(default)]
    pub lock: LockScheme,
    /// The eager engine's eager limit in bytes: a larger standard send completes only once
    /// matched (links made before it existed use MPICH's, the default).
    #[serde(default = "default_eager_limit")]
    pub eager_limit: u64,
    /// FOLON's FCP design (paper 004; links made before it existed use FCP).
    #[serde(default, with = "variant_id")]
    pub fcp: Variant,
    /// How PVM's messages travel (paper 004; links made before it existed go through the
    /// daemons over UDP).
    #[serde(default = "default_pvm", with = "pvm_id")]
    pub pvm: PvmConfig,
}

fn default_pvm() -> PvmConfig {
    PvmConfig::UDP
}

/// FCP's design in a share link: its id (`fcp`, `fcp-plus`, `fcp2`).
mod variant_id {
    use rankscope_core::proto::fcp::Variant;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let id = String::deserialize(d)?;
        Ok(Variant::parse(&id).unwrap_or_default())
    }
}

/// PVM's route in a share link: its id (`udp`, `fcp`, `direct`).
mod pvm_id {
    use rankscope_core::proto::pvm::PvmConfig;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &PvmConfig, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PvmConfig, D::Error> {
        let id = String::deserialize(d)?;
        Ok(PvmConfig::parse(&id).unwrap_or(PvmConfig::UDP))
    }
}

fn default_memory_mib() -> u64 {
    DEFAULT_MEMORY_MIB
}

fn default_eager_limit() -> u64 {
    DEFAULT_EAGER_LIMIT
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            max_ops: DEFAULT_MAX_OPS,
            memory_mib: DEFAULT_MEMORY_MIB,
            max_events: DEFAULT_MAX_EVENTS,
            matching: Matching::Eager,
            compare: None,
            lock: LockScheme::McsRw,
            eager_limit: DEFAULT_EAGER_LIMIT,
            fcp: Variant::Fcp,
            pvm: PvmConfig::UDP,
        }
    }
}

impl RunOptions {
    /// The same options with each value clamped to `1..=CEILING`.
    pub fn clamped(self) -> RunOptions {
        RunOptions {
            max_ops: self.max_ops.clamp(1, CEILING.max_ops),
            memory_mib: self.memory_mib.clamp(1, CEILING.memory_mib),
            max_events: self.max_events.clamp(1, CEILING.max_events),
            matching: self.matching,
            compare: self.compare,
            lock: self.lock,
            eager_limit: self.eager_limit.min(CEILING.eager_limit),
            fcp: self.fcp,
            pvm: self.pvm,
        }
    }

    /// The options of the comparison run: the same limits under the comparison engine (`None`
    /// when no comparison is chosen).
    pub fn comparison(self) -> Option<RunOptions> {
        self.compare.map(|matching| RunOptions {
            matching,
            compare: None,
            ..self
        })
    }

    /// The VM limits of each rank.
    pub fn vm_limits(self) -> VmLimits {
        VmLimits {
            max_ops: self.max_ops,
            max_memory: u32::try_from(self.memory_mib << 20).unwrap_or(u32::MAX),
            slice: SLICE_OPS,
            ..VmLimits::default()
        }
    }

    /// The simulator configuration.
    pub fn sim_config(self) -> SimConfig {
        SimConfig {
            limits: Limits {
                max_events: self.max_events,
                ..Limits::default()
            },
            matching: self.matching,
            lock_scheme: self.lock,
            eager_limit: self.eager_limit,
            fcp: self.fcp,
            pvm: self.pvm,
            words_per_rank: rankscope_core::lang::RMA_WORDS,
            ..SimConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_clamped_to_sane_bounds() {
        let o = RunOptions {
            max_ops: 0,
            memory_mib: 1 << 40,
            max_events: u64::MAX,
            matching: Matching::Eager,
            compare: None,
            lock: LockScheme::LiEtAl,
            eager_limit: u64::MAX,
            fcp: Variant::FcpII,
            pvm: PvmConfig::DIRECT,
        }
        .clamped();
        assert_eq!(o.sim_config().fcp, Variant::FcpII);
        assert_eq!(o.sim_config().pvm, PvmConfig::DIRECT);
        assert_eq!(o.lock, LockScheme::LiEtAl);
        assert_eq!(o.sim_config().lock_scheme, LockScheme::LiEtAl);
        assert_eq!(o.max_ops, 1);
        assert_eq!(o.max_events, CEILING.max_events);
        assert_eq!(o.vm_limits().max_ops, 1);
        // At most the 2 GiB a rank's stack segment can address.
        assert_eq!(o.vm_limits().max_memory, rankscope_core::lang::MAX_MEMORY);
        assert_eq!(o.vm_limits().slice, SLICE_OPS);
        assert_eq!(o.sim_config().limits.max_events, CEILING.max_events);
        assert_eq!(o.sim_config().eager_limit, CEILING.eager_limit);
    }

    #[test]
    fn the_comparison_keeps_the_limits_and_swaps_the_engine() {
        let compared = Matching::ReceiverOnly(rankscope_core::proto::p2p::Protocol::Sync);
        let o = RunOptions {
            max_events: 77,
            matching: Matching::BothSides(rankscope_core::proto::p2p::Protocol::Sync),
            compare: Some(compared),
            ..RunOptions::default()
        };
        let c = o.comparison().unwrap();
        assert_eq!((c.max_events, c.matching, c.compare), (77, compared, None));
        assert_eq!(c.sim_config().matching, compared);
        assert_eq!(RunOptions::default().comparison(), None);
    }
}
