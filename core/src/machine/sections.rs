//! The hardware sections of a profile — `[link]`, `[network]`, `[nic]`, `[cpu]`, `[comm_thread]`,
//! `[ethernet]`, `[kernel]`, `[verbs]` — and their validation.
//!
//! Units are in the key names (`latency_us`, `stage_latency_ns`, `bandwidth_mb_s` with
//! 1 MB = 10^6 bytes). Values are decimal numbers in the file and become integer picoseconds (or
//! femtoseconds per byte) once, when a [`Machine`](super::Machine) is built. [`check`] finds
//! everything a user's profile could get wrong and names the section and key, so
//! [`Profile::from_toml`](super::Profile::from_toml) can point at the line.

use serde::{Deserialize, Serialize};

use super::cited::Cited;
use super::hw::torus::{Torus, TorusError};
use super::ops::AtomicKind;
use super::profile::Profile;
use crate::time::SimTime;

/// The largest time a profile may give, in microseconds (1000 s): anything larger is a typo.
pub const MAX_TIME_US: f64 = 1e9;

/// The most RDMA engines a node may have (Tofu has 4; a few words of state each per node).
pub const MAX_ENGINES: u32 = 16;

/// `[link]`: the LogGP parameters of a point-to-point transfer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSection {
    /// `L` in µs: from the last byte leaving the sender to its arrival (before topology terms).
    pub latency_us: Cited<f64>,
    /// `o` in µs: CPU time to send or to receive one message.
    pub overhead_us: Cited<f64>,
    /// `g` in µs: minimum interval between injections from one node.
    pub gap_us: Cited<f64>,
    /// `1/G` in MB/s (10^6 bytes per second).
    pub bandwidth_mb_s: Cited<f64>,
}

/// Which network model carries messages between nodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetworkModel {
    /// Plain LogGP: every pair of nodes is `L` apart, no contention beyond the sender's link.
    Loggp,
    /// One crossbar switch with finite output-port buffers (`[network.crossbar]`).
    Crossbar,
    /// A mesh/torus with per-hop latency (`[network.torus]`).
    Torus,
    /// A multistage omega network (`[network.omega]`).
    Omega,
    /// A shared bus with a bus lock (`[network.bus]`).
    Bus,
}

impl NetworkModel {
    /// The name used in profiles.
    pub fn name(self) -> &'static str {
        match self {
            NetworkModel::Loggp => "loggp",
            NetworkModel::Crossbar => "crossbar",
            NetworkModel::Torus => "torus",
            NetworkModel::Omega => "omega",
            NetworkModel::Bus => "bus",
        }
    }
}

/// `[network]`: the model and its parameters (only the chosen model's section is needed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetworkSection {
    /// Which model.
    pub model: NetworkModel,
    /// `[network.torus]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub torus: Option<TorusSection>,
    /// `[network.omega]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub omega: Option<OmegaSection>,
    /// `[network.crossbar]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crossbar: Option<CrossbarSection>,
    /// `[network.bus]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bus: Option<BusSection>,
}

/// `[network.torus]`: shape and per-hop latency.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TorusSection {
    /// Size of each dimension (Tofu: `X, Y, Z, a, b, c`); the product must cover every node.
    pub dims: Cited<Vec<u32>>,
    /// Whether each dimension wraps around (torus) or not (mesh).
    pub wrap: Cited<Vec<bool>>,
    /// Latency of one router hop, in ns.
    pub hop_latency_ns: Cited<f64>,
}

/// `[network.omega]`: switch radix, stage latency, packet format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OmegaSection {
    /// Ports per switching element (2 for a binary omega network).
    pub radix: Cited<u32>,
    /// Latency of one stage, in ns.
    pub stage_latency_ns: Cited<f64>,
    /// Bytes of data in one word.
    pub word_bytes: Cited<u32>,
    /// Words per packet (an address word plus data words).
    pub packet_words: Cited<u32>,
}

/// `[network.crossbar]`: output-port buffers and TCP's retransmission.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossbarSection {
    /// Buffer of one output port, in bytes.
    pub port_buffer_bytes: Cited<u64>,
    /// Bytes one message can have queued in a port (the sender's TCP window).
    pub window_bytes: Cited<u64>,
    /// Bytes a retransmitted message can have queued (one segment after a timeout).
    pub retransmit_window_bytes: Cited<u64>,
    /// First retransmission timeout, in ms.
    pub rto_ms: Cited<f64>,
    /// Largest retransmission timeout (the doubling stops here), in ms.
    pub max_rto_ms: Cited<f64>,
}

/// `[network.bus]`: memory access times and the cost of exclusion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusSection {
    /// One word of the PE's own dual-port memory, in ns (no bus).
    pub own_access_ns: Cited<f64>,
    /// One word of another PE's memory across the bus, in ns.
    pub remote_access_ns: Cited<f64>,
    /// Bytes per access.
    pub word_bytes: Cited<u32>,
    /// System call taking the in-PE kernel exclusion flag, in µs.
    pub syscall_us: Cited<f64>,
    /// The protocol library's own code around each single-word access it makes (FCP's loads
    /// and stores of table, area and header words, its test&set's two), in µs.
    pub protocol_word_us: Cited<f64>,
}

/// `[nic]`: RDMA engines and atomics. A machine without this section has no RDMA: every
/// one-sided operation goes to software (except on a bus, where memory is shared).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NicSection {
    /// RDMA engines per node.
    pub engines: Cited<u32>,
    /// Engines the communication library uses (1 ≤ in use ≤ engines).
    pub engines_in_use: Cited<u32>,
    /// Engine time per put or get, in ns, on top of streaming the bytes.
    pub op_ns: Cited<f64>,
    /// Atomic operations the NIC executes in hardware (may be empty).
    pub atomics: Cited<Vec<AtomicKind>>,
    /// Engine time per atomic, in ns (needed when `atomics` is not empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomic_ns: Option<Cited<f64>>,
    /// Fraction of an atomic's engine time spent holding the node-wide serialization stage,
    /// 0 to 1 (needed when `atomics` is not empty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomic_serial_fraction: Option<Cited<f64>>,
    /// Operations from nearer nodes (fewer torus hops) are served first when they contend for
    /// an engine: the routers' arbitration on the way in favours nearer sources. Off (first
    /// come, first served) unless set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nearer_sources_first: Option<Cited<bool>>,
}

/// `[cpu]`: compute speed and the processor's execution model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuSection {
    /// Sustained speed of one rank, in MFlops (10^6 flop/s).
    pub mflops: Cited<f64>,
    /// Programs run in atomic blocks that handlers cannot interrupt (EM-X). Needs one rank per
    /// node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub atomic_blocks: Option<Cited<bool>>,
    /// Processor time a remote thread invocation (a protocol handler, or the target's software
    /// executing a one-sided operation the NIC cannot do) takes, in µs. Without it a handler
    /// costs the link's overhead `o`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handler_us: Option<Cited<f64>>,
    /// What a C program's own operations cost (`[cpu.ops]`); absent: plain C takes no time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ops: Option<CpuOpsSection>,
}

/// `[cpu.ops]`: processor cycles per class of bytecode operation (see
/// [`OpCosts`](super::hw::OpCosts)); each at most [`MAX_CYCLES`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CpuOpsSection {
    /// Every operation (push, load, store, integer arithmetic, compare, branch).
    pub op_cycles: Cited<f64>,
    /// Extra for a division or remainder.
    pub divide_cycles: Cited<f64>,
    /// Extra for a function call and its return.
    pub call_cycles: Cited<f64>,
    /// Extra for a C library call, besides its bytes.
    pub library_call_cycles: Cited<f64>,
    /// Per byte a library call reads or writes.
    pub byte_cycles: Cited<f64>,
}

/// The most cycles a `[cpu.ops]` class may take.
pub const MAX_CYCLES: f64 = 1e6;

impl CpuOpsSection {
    /// The cycles of each class, in [`OpCosts::from_cycles`](super::hw::OpCosts::from_cycles)'s
    /// order, with their keys.
    pub fn cycles(&self) -> [(&'static str, f64); 5] {
        [
            ("op_cycles", self.op_cycles.value),
            ("divide_cycles", self.divide_cycles.value),
            ("call_cycles", self.call_cycles.value),
            ("library_call_cycles", self.library_call_cycles.value),
            ("byte_cycles", self.byte_cycles.value),
        ]
    }
}

/// `[comm_thread]`: the ACP communication thread (paper 001).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommThreadSection {
    /// Thread time to take one command from the queue and issue it, in µs.
    pub command_us: Cited<f64>,
}

/// `[verbs]`: what the InfiniBand HCA's driver makes a process allocate for its verbs objects
/// (paper 001's process memory).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerbsSection {
    /// The page the provider rounds each queue buffer and doorbell page up to, in bytes.
    pub page_bytes: Cited<u32>,
    /// Bytes of one completion-queue entry.
    pub cqe_bytes: Cited<u32>,
    /// log2 of the HCA's queue-pair numbers (the provider's QP table is in 256 chunks of them).
    pub qp_number_bits: Cited<u32>,
}

/// `[ethernet]`: a shared Ethernet segment beside the main network (paper 004's FOLON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EthernetSection {
    /// The wire's rate in MB/s.
    pub rate_mb_s: Cited<f64>,
    /// The largest payload of a frame.
    pub mtu_bytes: Cited<u32>,
}

/// `[kernel]`: what the host operating system's socket path costs (UDP and TCP).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelSection {
    /// A system call's entry and exit, in µs.
    pub syscall_us: Cited<f64>,
    /// Protocol output and the driver's transmit, per packet, in µs.
    pub packet_send_us: Cited<f64>,
    /// The interrupt, the driver's receive and protocol input, per packet, in µs.
    pub packet_receive_us: Cited<f64>,
    /// Copying between user and kernel memory, in MB/s.
    pub copy_mb_s: Cited<f64>,
}

/// A problem found by [`check`]: where (section and key) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The TOML table, e.g. `"network.torus"`.
    pub section: &'static str,
    /// The key inside it.
    pub key: &'static str,
    /// Plain-English description.
    pub message: String,
}

fn invalid(section: &'static str, key: &'static str, message: String) -> Result<(), Invalid> {
    Err(Invalid {
        section,
        key,
        message,
    })
}

/// A time in the profile's unit (`scale` µs per unit) must be finite and within
/// `0..=MAX_TIME_US` µs.
fn time(
    v: &Cited<f64>,
    scale: f64,
    section: &'static str,
    key: &'static str,
) -> Result<(), Invalid> {
    let us = v.value * scale;
    if !(us.is_finite() && (0.0..=MAX_TIME_US).contains(&us)) {
        return invalid(
            section,
            key,
            format!(
                "`{key}` = {} is not a usable time: it must be between 0 and {MAX_TIME_US:e} µs",
                v.value
            ),
        );
    }
    Ok(())
}

fn positive(v: &Cited<f64>, section: &'static str, key: &'static str) -> Result<(), Invalid> {
    if !(v.value.is_finite() && v.value > 0.0) {
        return invalid(
            section,
            key,
            format!("`{key}` must be a number above zero, not {}", v.value),
        );
    }
    Ok(())
}

/// Converts a checked time in µs to [`SimTime`].
pub(crate) fn us(v: &Cited<f64>) -> SimTime {
    SimTime::from_us_f64(v.value)
}

/// Converts a checked time in ns to [`SimTime`].
pub(crate) fn ns(v: &Cited<f64>) -> SimTime {
    SimTime::from_us_f64(v.value / 1e3)
}

/// Converts a checked time in ms to [`SimTime`].
pub(crate) fn ms(v: &Cited<f64>) -> SimTime {
    SimTime::from_us_f64(v.value * 1e3)
}

/// Builds the torus a profile describes.
pub(crate) fn torus(t: &TorusSection) -> Result<Torus, TorusError> {
    Torus::new(&t.dims.value, &t.wrap.value, ns(&t.hop_latency_ns))
}

/// Checks every hardware section of `p`.
pub fn check(p: &Profile) -> Result<(), Invalid> {
    let link = &p.link;
    time(&link.latency_us, 1.0, "link", "latency_us")?;
    time(&link.overhead_us, 1.0, "link", "overhead_us")?;
    time(&link.gap_us, 1.0, "link", "gap_us")?;
    positive(&link.bandwidth_mb_s, "link", "bandwidth_mb_s")?;
    if let Some(shm) = &p.shared_memory {
        let s = "shared_memory";
        time(&shm.latency_us, 1.0, s, "latency_us")?;
        time(&shm.overhead_us, 1.0, s, "overhead_us")?;
        time(&shm.gap_us, 1.0, s, "gap_us")?;
        positive(&shm.bandwidth_mb_s, s, "bandwidth_mb_s")?;
    }
    check_network(p)?;
    if let Some(nic) = &p.nic {
        check_nic(nic)?;
    }
    if let Some(e) = &p.ethernet {
        positive(&e.rate_mb_s, "ethernet", "rate_mb_s")?;
        if !(576..=65536).contains(&e.mtu_bytes.value) {
            return invalid(
                "ethernet",
                "mtu_bytes",
                format!(
                    "`mtu_bytes` = {} is not a usable MTU: it must be between 576 and 65536 bytes",
                    e.mtu_bytes.value
                ),
            );
        }
    }
    if let Some(k) = &p.kernel {
        time(&k.syscall_us, 1.0, "kernel", "syscall_us")?;
        time(&k.packet_send_us, 1.0, "kernel", "packet_send_us")?;
        time(&k.packet_receive_us, 1.0, "kernel", "packet_receive_us")?;
        positive(&k.copy_mb_s, "kernel", "copy_mb_s")?;
    }
    positive(&p.cpu.mflops, "cpu", "mflops")?;
    if let Some(ops) = &p.cpu.ops {
        for (key, c) in ops.cycles() {
            if !(c.is_finite() && (0.0..=MAX_CYCLES).contains(&c)) {
                return invalid(
                    "cpu.ops",
                    key,
                    format!("`{key}` = {c} is not a usable cost: it must be between 0 and {MAX_CYCLES:e} cycles"),
                );
            }
        }
    }
    if p.cpu.atomic_blocks.as_ref().is_some_and(|b| b.value) && p.machine.ranks_per_node.value != 1
    {
        return invalid(
            "cpu",
            "atomic_blocks",
            format!(
                "atomic blocks model one processor per node (EM-X), but ranks_per_node is {}: set it to 1",
                p.machine.ranks_per_node.value
            ),
        );
    }
    if let Some(ct) = &p.comm_thread {
        time(&ct.command_us, 1.0, "comm_thread", "command_us")?;
    }
    if let Some(v) = &p.verbs {
        for (key, n) in [
            ("page_bytes", v.page_bytes.value),
            ("cqe_bytes", v.cqe_bytes.value),
        ] {
            if !n.is_power_of_two() {
                return invalid(
                    "verbs",
                    key,
                    format!("`{key}` must be a power of two, not {n}"),
                );
            }
        }
        if !(8..=31).contains(&v.qp_number_bits.value) {
            return invalid(
                "verbs",
                "qp_number_bits",
                format!(
                    "`qp_number_bits` must be between 8 and 31, not {}",
                    v.qp_number_bits.value
                ),
            );
        }
    }
    Ok(())
}

fn missing(model: NetworkModel) -> Result<(), Invalid> {
    invalid(
        "network",
        "model",
        format!(
            "model \"{0}\" needs a [network.{0}] section with its parameters",
            model.name()
        ),
    )
}

fn check_network(p: &Profile) -> Result<(), Invalid> {
    let n = &p.network;
    match n.model {
        NetworkModel::Loggp => {}
        NetworkModel::Torus => {
            let Some(t) = &n.torus else {
                return missing(n.model);
            };
            let s = "network.torus";
            time(&t.hop_latency_ns, 1e-3, s, "hop_latency_ns")?;
            let shape = match torus(t) {
                Ok(shape) => shape,
                Err(e @ TorusError::WrapLength { .. }) => return invalid(s, "wrap", e.to_string()),
                Err(e) => return invalid(s, "dims", e.to_string()),
            };
            let nodes = p.machine.nodes.value;
            if shape.size() < u64::from(nodes) {
                return invalid(
                    s,
                    "dims",
                    format!(
                        "the torus {:?} has {} positions but the machine has {nodes} nodes",
                        t.dims.value,
                        shape.size()
                    ),
                );
            }
        }
        NetworkModel::Omega => {
            let Some(o) = &n.omega else {
                return missing(n.model);
            };
            let s = "network.omega";
            if o.radix.value < 2 {
                return invalid(
                    s,
                    "radix",
                    "an omega network needs switches of radix 2 or more".into(),
                );
            }
            time(&o.stage_latency_ns, 1e-3, s, "stage_latency_ns")?;
            if o.word_bytes.value == 0 {
                return invalid(s, "word_bytes", "a word needs at least one byte".into());
            }
            if o.packet_words.value < 2 {
                return invalid(
                    s,
                    "packet_words",
                    "a packet needs an address word and at least one data word (2 or more)".into(),
                );
            }
        }
        NetworkModel::Crossbar => {
            let Some(c) = &n.crossbar else {
                return missing(n.model);
            };
            let s = "network.crossbar";
            for (key, v) in [
                ("port_buffer_bytes", &c.port_buffer_bytes),
                ("window_bytes", &c.window_bytes),
                ("retransmit_window_bytes", &c.retransmit_window_bytes),
            ] {
                if v.value == 0 {
                    return invalid(s, key, format!("`{key}` must be at least one byte"));
                }
            }
            positive(&c.rto_ms, s, "rto_ms")?;
            time(&c.rto_ms, 1e3, s, "rto_ms")?;
            time(&c.max_rto_ms, 1e3, s, "max_rto_ms")?;
            if c.max_rto_ms.value < c.rto_ms.value {
                return invalid(
                    s,
                    "max_rto_ms",
                    format!(
                        "the largest timeout ({} ms) is below the first one ({} ms)",
                        c.max_rto_ms.value, c.rto_ms.value
                    ),
                );
            }
        }
        NetworkModel::Bus => {
            let Some(b) = &n.bus else {
                return missing(n.model);
            };
            let s = "network.bus";
            time(&b.own_access_ns, 1e-3, s, "own_access_ns")?;
            time(&b.remote_access_ns, 1e-3, s, "remote_access_ns")?;
            positive(&b.remote_access_ns, s, "remote_access_ns")?;
            if b.word_bytes.value == 0 {
                return invalid(s, "word_bytes", "a word needs at least one byte".into());
            }
            time(&b.syscall_us, 1.0, s, "syscall_us")?;
            time(&b.protocol_word_us, 1.0, s, "protocol_word_us")?;
        }
    }
    Ok(())
}

fn check_nic(nic: &NicSection) -> Result<(), Invalid> {
    let s = "nic";
    let engines = nic.engines.value;
    if engines == 0 || engines > MAX_ENGINES {
        return invalid(
            s,
            "engines",
            format!("a NIC needs 1 to {MAX_ENGINES} RDMA engines, not {engines}"),
        );
    }
    let in_use = nic.engines_in_use.value;
    if in_use == 0 || in_use > engines {
        return invalid(
            s,
            "engines_in_use",
            format!("engines_in_use must be between 1 and engines ({engines}), not {in_use}"),
        );
    }
    time(&nic.op_ns, 1e-3, s, "op_ns")?;
    if !nic.atomics.value.is_empty() {
        let Some(a) = &nic.atomic_ns else {
            return invalid(
                s,
                "atomics",
                "a NIC with hardware atomics needs `atomic_ns` (engine time per atomic)".into(),
            );
        };
        time(a, 1e-3, s, "atomic_ns")?;
        let Some(f) = &nic.atomic_serial_fraction else {
            return invalid(
                s,
                "atomics",
                "a NIC with hardware atomics needs `atomic_serial_fraction` (0 to 1)".into(),
            );
        };
        if !(f.value.is_finite() && (0.0..=1.0).contains(&f.value)) {
            return invalid(
                s,
                "atomic_serial_fraction",
                format!(
                    "atomic_serial_fraction must be between 0 and 1, not {}",
                    f.value
                ),
            );
        }
    }
    Ok(())
}
