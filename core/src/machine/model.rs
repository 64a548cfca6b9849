//! [`Machine`]: a profile's hardware models composed into what the engine calls.
//!
//! The engine asks the machine how long things take: a two-sided [`message`](Machine::message),
//! a one-sided [`rdma`](Machine::rdma) operation, a [`compute_time`](Machine::compute_time). Each
//! transfer starts with the LogGP link of the sending node ([`hw::loggp`]) and then crosses the
//! profile's network model: plain LogGP latency, a torus with per-hop latency ([`hw::torus`]), an
//! omega network ([`hw::omega`]), a crossbar switch with finite port buffers that drops and
//! retransmits ([`hw::crossbar`]), or a shared bus with a bus lock ([`hw::bus`]). One-sided
//! operations are executed by the target's RDMA engines ([`hw::nic`]); with no engines, or for an
//! atomic the NIC lacks, the transfer is flagged `software` for the engine to emulate. EM-X's
//! atomic blocks are modelled per node ([`hw::cpu`]).
//!
//! Calls must come in nondecreasing `now` (the engine's event order). Ranks are placed in blocks:
//! rank `r` is on node `r / ranks_per_node`. State is a few integers per node in use (link,
//! engines, port queue); nothing per rank, nothing quadratic. Messages between one pair of ranks
//! arrive in the order they were sent.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::hw::{
    Admission, Bus, BusParams, Cpu, Crossbar, CrossbarParams, HandlerRun, LogGp, LogGpParams, Nic,
    Omega, PerUnit, Ppm, Torus,
};
use super::note::HwNote;
use super::ops::{AtomicKind, RdmaOp};
use super::profile::Profile;
use super::sections::{self, ms, ns, us, NetworkModel};
use crate::time::SimTime;

/// Timing of one transfer, as the hardware sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transfer {
    /// When the initiating rank's CPU is free again (a message: its last byte is on the wire; a
    /// one-sided operation: the request is posted).
    pub sender_free: SimTime,
    /// When the transfer takes effect at the target: a message is in the target's receive queue
    /// (or EM-X's input buffer); a put's data is in memory; a get's data has been read; an atomic
    /// has been applied.
    pub arrival: SimTime,
    /// When the initiator knows it is complete: a message, `sender_free` (eager, local
    /// completion); a put, its acknowledgement is back; a get or atomic, its data is back.
    pub origin_complete: SimTime,
    /// CPU time the target rank spends to take the transfer in (LogGP `o` for a message; zero for
    /// hardware one-sided operations, which bypass the target CPU).
    pub target_cpu: SimTime,
    /// The machine has no hardware for this one-sided operation: the engine must emulate it in
    /// software (e.g. a message to the target's progress engine). The times are then all `now`.
    pub software: bool,
    /// What happened on the way (waits, drops…), for the trace. Empty when uncontended.
    pub notes: Vec<HwNote>,
}

/// Why a [`Machine`] could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MachineError {
    /// A run needs at least one rank.
    NoRanks,
    /// More ranks than the machine has places for.
    TooManyRanks {
        /// Ranks asked for.
        ranks: u32,
        /// The machine's nodes.
        nodes: u32,
        /// Ranks per node.
        ranks_per_node: u32,
        /// The machine's name.
        machine: String,
    },
    /// The profile fails validation (possible for a profile built in code rather than loaded).
    InvalidProfile {
        /// The TOML table.
        section: &'static str,
        /// The key.
        key: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The machine has no RDMA engines to choose from.
    NoEngines,
    /// Asked to use more engines than there are, or none.
    EnginesOutOfRange {
        /// Engines asked for.
        requested: u32,
        /// Engines per node.
        engines: u32,
    },
}

impl fmt::Display for MachineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MachineError::NoRanks => write!(f, "a run needs at least one rank"),
            MachineError::TooManyRanks {
                ranks,
                nodes,
                ranks_per_node,
                machine,
            } => write!(
                f,
                "{machine} has room for {} ranks ({nodes} nodes × {ranks_per_node} per node), not {ranks}",
                u64::from(*nodes) * u64::from(*ranks_per_node)
            ),
            MachineError::InvalidProfile {
                section,
                key,
                message,
            } => write!(f, "invalid profile, [{section}] {key}: {message}"),
            MachineError::NoEngines => write!(f, "this machine has no RDMA engines"),
            MachineError::EnginesOutOfRange { requested, engines } => write!(
                f,
                "cannot use {requested} RDMA engines: each node has {engines} (use 1 to {engines})"
            ),
        }
    }
}

impl std::error::Error for MachineError {}

#[derive(Clone, Debug)]
enum Network {
    Loggp,
    Crossbar(Crossbar),
    Torus(Torus),
    Omega(Omega),
    Bus(Bus),
}

#[derive(Clone, Debug)]
struct NicModel {
    nic: Nic,
    op: SimTime,
    atomic: SimTime,
    atomics: Vec<AtomicKind>,
}

/// A machine: the hardware models of one profile, sized for one run.
#[derive(Clone, Debug)]
pub struct Machine {
    name: String,
    model: NetworkModel,
    ranks: u32,
    ranks_per_node: u32,
    nodes_in_use: u32,
    link: LogGp,
    network: Network,
    nic: Option<NicModel>,
    cpus: Vec<Cpu>,
    flop: PerUnit,
    command: Option<SimTime>,
    /// Pairs `(src, dst)` with a retransmitted message still in flight → its arrival, so later
    /// messages between them arrive after it. Only pairs with drops outstanding are here.
    in_order: BTreeMap<(u32, u32), SimTime>,
}

impl Machine {
    /// The machine of `profile`, sized for `ranks` ranks. Fails if `ranks` is zero or exceeds
    /// `nodes × ranks_per_node`, or if the profile is invalid.
    pub fn new(profile: &Profile, ranks: u32) -> Result<Machine, MachineError> {
        sections::check(profile).map_err(|e| MachineError::InvalidProfile {
            section: e.section,
            key: e.key,
            message: e.message,
        })?;
        let m = &profile.machine;
        let (nodes, rpn) = (m.nodes.value, m.ranks_per_node.value);
        if ranks == 0 {
            return Err(MachineError::NoRanks);
        }
        if nodes == 0 || rpn == 0 || u64::from(ranks) > u64::from(nodes) * u64::from(rpn) {
            return Err(MachineError::TooManyRanks {
                ranks,
                nodes,
                ranks_per_node: rpn,
                machine: m.name.clone(),
            });
        }
        let nodes_in_use = ranks.div_ceil(rpn);
        let l = &profile.link;
        let per_byte = PerUnit::from_per_second(l.bandwidth_mb_s.value * 1e6);
        let link = LogGp::new(
            LogGpParams {
                latency: us(&l.latency_us),
                overhead: us(&l.overhead_us),
                gap: us(&l.gap_us),
                per_byte,
            },
            nodes_in_use,
        );
        let net = &profile.network;
        let invalid = |section: &'static str, message: String| MachineError::InvalidProfile {
            section,
            key: "model",
            message,
        };
        let network = match net.model {
            NetworkModel::Loggp => Network::Loggp,
            NetworkModel::Torus => {
                let t = net
                    .torus
                    .as_ref()
                    .ok_or_else(|| invalid("network", "no torus".into()))?;
                Network::Torus(
                    sections::torus(t).map_err(|e| invalid("network.torus", e.to_string()))?,
                )
            }
            NetworkModel::Omega => {
                let o = net
                    .omega
                    .as_ref()
                    .ok_or_else(|| invalid("network", "no omega".into()))?;
                Network::Omega(Omega::new(
                    nodes,
                    o.radix.value,
                    ns(&o.stage_latency_ns),
                    o.word_bytes.value,
                    o.packet_words.value,
                ))
            }
            NetworkModel::Crossbar => {
                let c = net
                    .crossbar
                    .as_ref()
                    .ok_or_else(|| invalid("network", "no crossbar".into()))?;
                Network::Crossbar(Crossbar::new(
                    CrossbarParams {
                        per_byte,
                        buffer_bytes: c.port_buffer_bytes.value,
                        window_bytes: c.window_bytes.value,
                        retransmit_window_bytes: c.retransmit_window_bytes.value,
                        rto: ms(&c.rto_ms),
                        max_rto: ms(&c.max_rto_ms),
                    },
                    nodes_in_use,
                ))
            }
            NetworkModel::Bus => {
                let b = net
                    .bus
                    .as_ref()
                    .ok_or_else(|| invalid("network", "no bus".into()))?;
                Network::Bus(Bus::new(BusParams {
                    own_access: ns(&b.own_access_ns),
                    remote_access: ns(&b.remote_access_ns),
                    word_bytes: b.word_bytes.value,
                    syscall: us(&b.syscall_us),
                }))
            }
        };
        let nic = profile.nic.as_ref().map(|n| {
            let serial = n
                .atomic_serial_fraction
                .as_ref()
                .map_or(Ppm::ONE, |f| Ppm::from_fraction(f.value));
            let mut nic = Nic::new(nodes_in_use, n.engines.value, serial);
            nic.set_in_use(n.engines_in_use.value);
            NicModel {
                nic,
                op: ns(&n.op_ns),
                atomic: n.atomic_ns.as_ref().map_or(SimTime::ZERO, ns),
                atomics: n.atomics.value.clone(),
            }
        });
        let atomic_blocks = profile.cpu.atomic_blocks.as_ref().is_some_and(|b| b.value);
        Ok(Machine {
            name: m.name.clone(),
            model: net.model,
            ranks,
            ranks_per_node: rpn,
            nodes_in_use,
            link,
            network,
            nic,
            cpus: if atomic_blocks {
                vec![Cpu::new(); nodes_in_use as usize]
            } else {
                Vec::new()
            },
            flop: PerUnit::from_per_second(profile.cpu.mflops.value * 1e6),
            command: profile.comm_thread.as_ref().map(|c| us(&c.command_us)),
            in_order: BTreeMap::new(),
        })
    }

    /// The machine's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The network model in use.
    pub fn network_model(&self) -> NetworkModel {
        self.model
    }

    /// Ranks in this run.
    pub fn ranks(&self) -> u32 {
        self.ranks
    }

    /// Nodes holding at least one rank.
    pub fn nodes_in_use(&self) -> u32 {
        self.nodes_in_use
    }

    /// The node of `rank` (block placement: `rank / ranks_per_node`).
    pub fn node_of(&self, rank: u32) -> u32 {
        rank / self.ranks_per_node.max(1)
    }

    /// The LogGP parameters of the link (paper 002's prediction model uses them directly).
    pub fn loggp(&self) -> &LogGpParams {
        self.link.params()
    }

    /// CPU time a rank spends to take in a message (LogGP `o`).
    pub fn receive_overhead(&self) -> SimTime {
        self.link.params().overhead
    }

    /// Time for `flops` floating-point operations on one rank, from the profile's sustained rate.
    pub fn compute_time(&self, flops: u64) -> SimTime {
        self.flop.times(flops)
    }

    /// Whether the NIC executes `kind` in hardware (on a bus: test&set only).
    pub fn has_atomic(&self, kind: AtomicKind) -> bool {
        match (&self.network, &self.nic) {
            (Network::Bus(_), _) => kind == AtomicKind::TestAndSet,
            (_, Some(n)) => n.atomics.contains(&kind),
            (_, None) => false,
        }
    }

    /// The ACP communication thread's time per command, if the profile gives one.
    pub fn comm_thread_command(&self) -> Option<SimTime> {
        self.command
    }

    /// Uses only the first `n` RDMA engines of every node (paper 003 Sec. 5.2: 1 before, 4 after).
    pub fn set_engines_in_use(&mut self, n: u32) -> Result<(), MachineError> {
        let Some(m) = &mut self.nic else {
            return Err(MachineError::NoEngines);
        };
        if m.nic.set_in_use(n) {
            Ok(())
        } else {
            Err(MachineError::EnginesOutOfRange {
                requested: n,
                engines: m.nic.engines(),
            })
        }
    }

    /// Distance between the nodes of ranks `a` and `b`: torus hops, omega stages, otherwise 0 on
    /// the same node and 1 apart.
    pub fn hop_distance(&self, a: u32, b: u32) -> u32 {
        let (na, nb) = (self.node_of(a), self.node_of(b));
        match &self.network {
            Network::Torus(t) => t.hops(na, nb),
            Network::Omega(o) if na != nb => o.stages(),
            _ => u32::from(na != nb),
        }
    }

    /// Latency from node `a` to node `b` beyond the sending link: `L` plus the topology's term.
    fn path_latency(&self, a: u32, b: u32) -> SimTime {
        let l = self.link.params().latency;
        match &self.network {
            Network::Torus(t) => l + t.latency(a, b),
            Network::Omega(o) if a != b => l + o.latency(),
            _ => l,
        }
    }

    /// A two-sided message (eager data or a control packet) of `bytes` bytes from rank `src` to
    /// rank `dst`, sent at `now`.
    pub fn message(&mut self, now: SimTime, src: u32, dst: u32, bytes: u64) -> Transfer {
        let (ns_, nd) = (self.node_of(src), self.node_of(dst));
        let p = *self.link.params();
        let mut notes = Vec::new();
        let (sender_free, mut arrival, dropped) = if let Network::Bus(bus) = &mut self.network {
            let cpu_done = now + p.overhead;
            let words = bus.words(bytes);
            let used = if ns_ == nd {
                bus.own_access(cpu_done, words)
            } else {
                bus.remote_access(cpu_done, words)
            };
            if used.waited > SimTime::ZERO {
                notes.push(HwNote::BusBusy {
                    waited: used.waited,
                });
            }
            (used.end, used.end + p.latency, false)
        } else {
            let inj = self.link.inject(now, ns_, bytes, true);
            if inj.waited > SimTime::ZERO {
                notes.push(HwNote::LinkBusy {
                    node: ns_,
                    waited: inj.waited,
                });
            }
            let path = self.path_latency(ns_, nd);
            match &mut self.network {
                Network::Crossbar(x) if ns_ != nd => {
                    let buffer = x.params().buffer_bytes;
                    let fwd = x.forward(now, nd, inj.first_byte, bytes);
                    for d in &fwd.drops {
                        notes.push(HwNote::Dropped {
                            port: nd,
                            attempt: d.attempt,
                            at: d.at,
                            occupancy: d.occupancy,
                            buffer,
                            retransmit_at: d.retransmit_at,
                        });
                    }
                    if fwd.waited > SimTime::ZERO {
                        notes.push(HwNote::PortQueued {
                            port: nd,
                            waited: fwd.waited,
                        });
                    }
                    // LogGP counts (k−1)G from first to last byte; the port's k·G includes the
                    // last byte's own time, which LogGP folds into L.
                    let last = fwd.finish.saturating_sub(p.per_byte.times(1));
                    (
                        inj.last_byte,
                        last.max(inj.last_byte) + path,
                        !fwd.drops.is_empty(),
                    )
                }
                _ => (inj.last_byte, inj.last_byte + path, false),
            }
        };
        self.in_order.retain(|_, t| *t > now);
        if let Some(&earlier) = self.in_order.get(&(src, dst)) {
            if earlier > arrival {
                notes.push(HwNote::HeldInOrder {
                    held: earlier - arrival,
                });
                arrival = earlier;
            }
        }
        if dropped || self.in_order.contains_key(&(src, dst)) {
            self.in_order.insert((src, dst), arrival);
        }
        Transfer {
            sender_free,
            arrival,
            origin_complete: sender_free,
            target_cpu: p.overhead,
            software: false,
            notes,
        }
    }

    /// A one-sided operation by rank `origin` on rank `target`'s memory, issued at `now` and
    /// executed by the target's RDMA engines (EM-X: SYSWR/SYSRD packets; FOLON: the origin's CPU
    /// across the bus). Without hardware for it the result has `software = true`.
    pub fn rdma(&mut self, now: SimTime, origin: u32, target: u32, op: RdmaOp) -> Transfer {
        let (no, nt) = (self.node_of(origin), self.node_of(target));
        if let Network::Bus(bus) = &mut self.network {
            return bus_rdma(bus, self.link.params(), now, no != nt, op);
        }
        let Some(nic) = &self.nic else {
            return software(now, op);
        };
        let atomic = match op {
            RdmaOp::Atomic(kind) if !nic.atomics.contains(&kind) => return software(now, op),
            RdmaOp::Atomic(_) => true,
            RdmaOp::Put { .. } | RdmaOp::Get { .. } => false,
        };
        let p = *self.link.params();
        let path = self.path_latency(no, nt);
        let mut notes = Vec::new();
        let inj = self.link.inject(now, no, op.request_bytes(), true);
        if inj.waited > SimTime::ZERO {
            notes.push(HwNote::LinkBusy {
                node: no,
                waited: inj.waited,
            });
        }
        let Some(nic) = &mut self.nic else {
            return software(now, op);
        };
        let service = match op {
            RdmaOp::Put { bytes } | RdmaOp::Get { bytes } => nic.op + p.stream(bytes),
            RdmaOp::Atomic(_) => nic.atomic,
        };
        let s = nic.nic.serve(nt, inj.first_byte + path, service, atomic);
        if s.engine_wait > SimTime::ZERO {
            notes.push(HwNote::EngineBusy {
                node: nt,
                engine: s.engine,
                waited: s.engine_wait,
            });
        }
        if s.serial_wait > SimTime::ZERO {
            notes.push(HwNote::AtomicSerialized {
                node: nt,
                waited: s.serial_wait,
            });
        }
        Transfer {
            sender_free: inj.cpu_done,
            arrival: s.finish,
            origin_complete: s.finish + path,
            target_cpu: SimTime::ZERO,
            software: false,
            notes,
        }
    }

    /// Whether programs run in atomic blocks (EM-X).
    pub fn atomic_blocks(&self) -> bool {
        !self.cpus.is_empty()
    }

    /// `rank` resumes at `now`: returns when its block starts (after handlers already admitted on
    /// its processor). Without atomic blocks, `now`.
    pub fn begin_block(&mut self, now: SimTime, rank: u32) -> SimTime {
        let node = self.node_of(rank) as usize;
        self.cpus
            .get_mut(node)
            .map_or(now, |cpu| cpu.begin_block(now))
    }

    /// `rank` reaches a block boundary at `now` (yield, wait, end): the handlers that arrived
    /// during its block run now and are returned in FIFO order.
    pub fn end_block(&mut self, now: SimTime, rank: u32) -> Vec<HandlerRun> {
        let node = self.node_of(rank) as usize;
        self.cpus
            .get_mut(node)
            .map_or_else(Vec::new, |cpu| cpu.end_block(now))
    }

    /// A handler (remote thread invocation) `id` needing `cost` arrives for `rank` at `now`. With
    /// atomic blocks it waits for the running block (returned later by `end_block`) or for
    /// earlier handlers; otherwise it runs at once.
    pub fn admit_handler(&mut self, now: SimTime, rank: u32, id: u64, cost: SimTime) -> Admission {
        let node = self.node_of(rank) as usize;
        match self.cpus.get_mut(node) {
            Some(cpu) => cpu.admit_handler(now, id, cost),
            None => Admission::Runs(HandlerRun {
                id,
                arrival: now,
                start: now,
                end: now + cost,
            }),
        }
    }
}

fn software(now: SimTime, op: RdmaOp) -> Transfer {
    Transfer {
        sender_free: now,
        arrival: now,
        origin_complete: now,
        target_cpu: SimTime::ZERO,
        software: true,
        notes: vec![HwNote::Software { op }],
    }
}

/// A one-sided operation on a shared bus: the origin's CPU reads or writes the target's
/// dual-port memory itself; test&set takes the kernel flag and the bus lock.
fn bus_rdma(bus: &mut Bus, p: &LogGpParams, now: SimTime, remote: bool, op: RdmaOp) -> Transfer {
    let mut notes = Vec::new();
    let end = match op {
        RdmaOp::Put { bytes } | RdmaOp::Get { bytes } => {
            let words = bus.words(bytes);
            let cpu_done = now + p.overhead;
            let used = if remote {
                bus.remote_access(cpu_done, words)
            } else {
                bus.own_access(cpu_done, words)
            };
            if used.waited > SimTime::ZERO {
                notes.push(HwNote::BusBusy {
                    waited: used.waited,
                });
            }
            used.end
        }
        RdmaOp::Atomic(AtomicKind::TestAndSet) => {
            let t = bus.test_and_set(now, remote);
            if t.lock.waited > SimTime::ZERO {
                notes.push(HwNote::BusBusy {
                    waited: t.lock.waited,
                });
            }
            notes.push(HwNote::BusLocked {
                syscall: t.syscall_done - now,
                held: t.lock.end - t.lock.start,
            });
            t.lock.end
        }
        RdmaOp::Atomic(_) => return software(now, op),
    };
    Transfer {
        sender_free: end,
        arrival: end,
        origin_complete: end,
        target_cpu: SimTime::ZERO,
        software: false,
        notes,
    }
}
