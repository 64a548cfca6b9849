//! [`Machine`]: a profile's hardware models composed into what the engine calls.
//!
//! The engine asks the machine how long things take: a two-sided [`message`](Machine::message),
//! a one-sided [`rdma`](Machine::rdma) operation, a [`compute_time`](Machine::compute_time). Each
//! transfer starts with the LogGP link of the sending node ([`hw::loggp`](super::hw::loggp)) and then crosses the
//! profile's network model: plain LogGP latency, a torus with per-hop latency ([`hw::torus`](super::hw::torus)), an
//! omega network ([`hw::omega`](super::hw::omega)), a crossbar switch with finite port buffers that drops and
//! retransmits ([`hw::crossbar`](super::hw::crossbar)), or a shared bus with a bus lock ([`hw::bus`](super::hw::bus)). One-sided
//! operations are executed by the target's RDMA engines ([`hw::nic`](super::hw::nic)); with no engines, or for an
//! atomic the NIC lacks, the transfer is flagged `software` for the engine to emulate. EM-X's
//! atomic blocks are modelled per node ([`hw::cpu`](super::hw::cpu)). A profile with a
//! `[shared_memory]` section (a multicore cluster) sends a message between two ranks of one node
//! through memory instead: LogGP with that section's parameters, the sending core copying it, so
//! it neither waits for nor occupies the node's link.
//!
//! Calls must come in nondecreasing `now` (the engine's event order). Ranks are placed in blocks:
//! rank `r` is on node `r / ranks_per_node`. State is a few integers per node in use (link,
//! engines, port queue) and, with shared memory, one per rank (its core's next copy); nothing
//! quadratic. Messages between one pair of ranks
//! arrive in the order they were sent.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::hw::{
    Admission, Bus, BusParams, Cpu, Crossbar, CrossbarParams, Ethernet, EthernetParams, HandlerRun,
    LogGp, LogGpParams, Nic, Omega, OpCosts, PerUnit, PortPass, Ppm, Torus,
};
use super::note::HwNote;
use super::ops::{AtomicKind, RdmaOp};
use super::profile::Profile;
use super::sections::{self, ms, ns, us, NetworkModel};
use crate::time::SimTime;

/// The LogGP parameters of a `[link]` or `[shared_memory]` section.
fn loggp_params(l: &sections::LinkSection) -> LogGpParams {
    LogGpParams {
        latency: us(&l.latency_us),
        overhead: us(&l.overhead_us),
        gap: us(&l.gap_us),
        per_byte: PerUnit::from_per_second(l.bandwidth_mb_s.value * 1e6),
    }
}

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

/// What the host kernel's socket path costs (`[kernel]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KernelCosts {
    /// A system call's entry and exit.
    pub syscall: SimTime,
    /// Protocol output and the driver's transmit, per packet.
    pub packet_send: SimTime,
    /// The interrupt, the driver's receive and protocol input, per packet.
    pub packet_receive: SimTime,
    /// Time per byte copied between user and kernel memory.
    pub copy: PerUnit,
}

/// A machine: the hardware models of one profile, sized for one run.
#[derive(Clone, Debug)]
pub struct Machine {
    id: String,
    name: String,
    model: NetworkModel,
    ranks: u32,
    ranks_per_node: u32,
    nodes_in_use: u32,
    link: LogGp,
    /// Copies through memory between ranks of one node, one sender per rank (`None`: the
    /// profile has no `[shared_memory]`, and such messages take the link).
    shm: Option<LogGp>,
    network: Network,
    nic: Option<NicModel>,
    cpus: Vec<Cpu>,
    flop: PerUnit,
    /// What a C program's own operations cost (`[cpu.ops]`).
    op_costs: OpCosts,
    command: Option<SimTime>,
    /// Processor time of a protocol handler (`None`: the link's `o`).
    handler: Option<SimTime>,
    /// The Ethernet beside the main network, if the profile has one.
    ethernet: Option<Ethernet>,
    /// The host kernel's socket costs, if the profile gives them.
    kernel: Option<KernelCosts>,
    /// Pairs `(src, dst)` with a retransmitted message still in flight → its arrival, so later
    /// messages between them arrive after it. Only pairs with drops outstanding are here.
    in_order: BTreeMap<(u32, u32), SimTime>,
    /// Every message through the crossbar, in the order sent, once [`Machine::keep_port_log`]
    /// asked for it (`None`: not kept, as in every ordinary run).
    port_log: Option<Vec<PortPass>>,
    /// Messages (first sends and retransmissions) dropped at each crossbar output port so far.
    port_drops: BTreeMap<u32, u64>,
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
        let link = LogGp::new(loggp_params(&profile.link), nodes_in_use);
        let per_byte = link.params().per_byte;
        let shm = profile
            .shared_memory
            .as_ref()
            .map(|l| LogGp::new(loggp_params(l), ranks));
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
                    protocol_word: us(&b.protocol_word_us),
                }))
            }
        };
        let nic = profile.nic.as_ref().map(|n| {
            let serial = n
                .atomic_serial_fraction
                .as_ref()
                .map_or(Ppm::ONE, |f| Ppm::from_fraction(f.value));
            let mut nic = Nic::new(nodes_in_use, n.engines.value, serial);
            if n.nearer_sources_first.as_ref().is_some_and(|b| b.value) {
                // One priority class per hop count a torus can have between two nodes.
                if let Network::Torus(t) = &network {
                    nic = nic.with_priority_classes(t.diameter() + 1);
                }
            }
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
            id: profile.machine.id.clone(),
            name: m.name.clone(),
            model: net.model,
            ranks,
            ranks_per_node: rpn,
            nodes_in_use,
            link,
            shm,
            network,
            nic,
            cpus: if atomic_blocks {
                vec![Cpu::new(); nodes_in_use as usize]
            } else {
                Vec::new()
            },
            flop: PerUnit::from_per_second(profile.cpu.mflops.value * 1e6),
            op_costs: profile.cpu.ops.as_ref().map_or(OpCosts::FREE, |o| {
                OpCosts::from_cycles(
                    f64::from(profile.machine.clock_mhz.value),
                    o.cycles().map(|(_, c)| c),
                )
            }),
            command: profile.comm_thread.as_ref().map(|c| us(&c.command_us)),
            handler: profile.cpu.handler_us.as_ref().map(us),
            ethernet: profile.ethernet.as_ref().map(|e| {
                Ethernet::new(EthernetParams {
                    per_byte: PerUnit::from_per_second(e.rate_mb_s.value * 1e6),
                    mtu: u64::from(e.mtu_bytes.value),
                })
            }),
            kernel: profile.kernel.as_ref().map(|k| KernelCosts {
                syscall: us(&k.syscall_us),
                packet_send: us(&k.packet_send_us),
                packet_receive: us(&k.packet_receive_us),
                copy: PerUnit::from_per_second(k.copy_mb_s.value * 1e6),
            }),
            in_order: BTreeMap::new(),
            port_log: None,
            port_drops: BTreeMap::new(),
        })
    }

    /// The machine's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The host name of the node running `rank`: the profile's id and the node's number
    /// (`fx100-node12`), what `gethostname` and `MPI_Get_processor_name` answer.
    pub fn host_name(&self, rank: u32) -> String {
        format!("{}-node{}", self.id, self.node_of(rank))
    }

    /// The network model in use.
    pub fn network_model(&self) -> NetworkModel {
        self.model
    }

    /// From now on, keeps every message's way through the crossbar switch (a view replays the
    /// output ports' buffers from it); nothing on other networks.
    pub fn keep_port_log(&mut self) {
        if matches!(self.network, Network::Crossbar(_)) {
            self.port_log.get_or_insert_with(Vec::new);
        }
    }

    /// The messages through the crossbar since [`Machine::keep_port_log`], in the order sent.
    pub fn port_log(&self) -> &[PortPass] {
        self.port_log.as_deref().unwrap_or(&[])
    }

    /// Messages dropped at each crossbar output port so far (first sends and retransmissions;
    /// ports without a drop left out).
    pub fn port_drops(&self) -> &BTreeMap<u32, u64> {
        &self.port_drops
    }

    /// The crossbar switch's parameters, on a crossbar network.
    pub fn switch(&self) -> Option<&CrossbarParams> {
        match &self.network {
            Network::Crossbar(x) => Some(x.params()),
            _ => None,
        }
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

    /// What a C program's own operations cost on one rank's processor.
    pub fn op_costs(&self) -> OpCosts {
        self.op_costs
    }

    /// Whether the NIC executes `kind` in hardware (on a bus: test&set only).
    pub fn has_atomic(&self, kind: AtomicKind) -> bool {
        match (&self.network, &self.nic) {
            (Network::Bus(_), _) => kind == AtomicKind::TestAndSet,
            (_, Some(n)) => n.atomics.contains(&kind),
            (_, None) => false,
        }
    }

    /// The shared bus and its dual-port memories, if the machine has one (FOLON): protocols
    /// over those memories (paper 004's VCL and FCP) time each word they load or store on it.
    pub fn bus(&mut self) -> Option<&mut Bus> {
        match &mut self.network {
            Network::Bus(bus) => Some(bus),
            _ => None,
        }
    }

    /// The Ethernet beside the main network, if the machine has one (FOLON).
    pub fn ethernet(&mut self) -> Option<&mut Ethernet> {
        self.ethernet.as_mut()
    }

    /// What the host kernel's socket path costs, if the profile gives it.
    pub fn kernel(&self) -> Option<KernelCosts> {
        self.kernel
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
        if let Some(shm) = self.shm.as_mut().filter(|_| ns_ == nd) {
            let inj = shm.inject(now, src, bytes, true);
            let mut notes = Vec::new();
            if inj.waited > SimTime::ZERO {
                notes.push(HwNote::CoreBusy {
                    rank: src,
                    waited: inj.waited,
                });
            }
            return Transfer {
                sender_free: inj.last_byte,
                arrival: inj.last_byte + shm.params().latency,
                origin_complete: inj.last_byte,
                target_cpu: shm.params().overhead,
                software: false,
                notes,
            };
        }
        let p = *self.link.params();
        let mut notes = Vec::new();
        let (sender_free, mut arrival, dropped) = if let Network::Bus(bus) = &mut self.network {
            // Programmed I/O: the sending node copies one message at a time.
            let cpu_done = self.link.inject(now, ns_, 0, true).first_byte;
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
            self.link.occupy_until(ns_, used.end);
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
                    if !fwd.drops.is_empty() {
                        *self.port_drops.entry(nd).or_insert(0) += fwd.drops.len() as u64;
                    }
                    if let Some(log) = &mut self.port_log {
                        log.push(PortPass {
                            from: ns_,
                            port: nd,
                            passage: fwd.passage,
                            drops: fwd.drops.clone(),
                        });
                    }
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
                    let last = fwd.passage.finish.saturating_sub(p.per_byte.times(1));
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
        self.rdma_issued(now, origin, target, op, true)
    }

    /// The same operation issued by a handler already running on the origin's processor (a
    /// protocol step), which pays no separate software overhead `o` to issue it.
    pub fn rdma_by_handler(
        &mut self,
        now: SimTime,
        origin: u32,
        target: u32,
        op: RdmaOp,
    ) -> Transfer {
        self.rdma_issued(now, origin, target, op, false)
    }

    /// Processor time of a protocol handler (a remote thread invocation).
    pub fn handler_cost(&self) -> SimTime {
        self.handler.unwrap_or(self.link.params().overhead)
    }

    fn rdma_issued(
        &mut self,
        now: SimTime,
        origin: u32,
        target: u32,
        op: RdmaOp,
        overhead: bool,
    ) -> Transfer {
        let (no, nt) = (self.node_of(origin), self.node_of(target));
        if let Network::Bus(bus) = &mut self.network {
            if matches!(op, RdmaOp::Atomic(kind) if kind != AtomicKind::TestAndSet) {
                return software(now, op);
            }
            // Programmed I/O by the origin's CPU, one transfer at a time per node.
            let start = self.link.inject(now, no, 0, false).first_byte;
            let t = bus_rdma(bus, self.link.params(), start, no != nt, op);
            self.link.occupy_until(no, t.sender_free);
            return t;
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
        let hops = match &self.network {
            Network::Torus(t) => t.hops(no, nt),
            _ => 0,
        };
        let mut notes = Vec::new();
        let inj = self.link.inject(now, no, op.request_bytes(), overhead);
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
        let s = nic
            .nic
            .serve_class(nt, inj.first_byte + path, service, atomic, hops);
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

    /// Processor time of `yield()`: on a machine with atomic blocks the yielding thread is
    /// invoked again like a handler (`[cpu] handler_us`); elsewhere nothing.
    pub fn yield_cost(&self) -> SimTime {
        if self.atomic_blocks() {
            self.handler_cost()
        } else {
            SimTime::ZERO
        }
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

    /// The trace note for a handler run on `rank`'s processor, if it had to wait.
    pub fn handler_note(&self, rank: u32, run: &HandlerRun) -> Option<HwNote> {
        (run.waited() > SimTime::ZERO).then(|| HwNote::HandlerWaited {
            node: self.node_of(rank),
            waited: run.waited(),
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::builtin::{builtin_profile, builtin_profiles};

    fn profile(id: &str) -> Profile {
        builtin_profile(id).unwrap()
    }

    /// A tiny deterministic generator for test inputs.
    struct XorShift(u64);
    impl XorShift {
        fn next(&mut self, below: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % below
        }
    }

    #[test]
    fn messages_between_a_pair_arrive_in_order_on_every_machine() {
        for p in builtin_profiles().unwrap() {
            let ranks = (p.machine.nodes.value * p.machine.ranks_per_node.value).min(64);
            let mut m = Machine::new(&p, ranks).unwrap();
            let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
            let mut last: BTreeMap<(u32, u32), SimTime> = BTreeMap::new();
            let mut now = SimTime::ZERO;
            for _ in 0..3000 {
                now += SimTime::from_ns(rng.next(20_000));
                let src = rng.next(u64::from(ranks)) as u32;
                // Many senders to few receivers, so ports and buses contend.
                let dst = rng.next(u64::from(ranks.min(3))) as u32;
                let bytes = [0, 8, 1024, 64 * 1024][rng.next(4) as usize];
                let t = m.message(now, src, dst, bytes);
                assert!(t.sender_free >= now, "{}", p.machine.id);
                assert!(t.arrival >= t.sender_free, "{}", p.machine.id);
                let prev = last.insert((src, dst), t.arrival).unwrap_or_default();
                assert!(t.arrival >= prev, "{}: {src}->{dst} overtook", p.machine.id);
            }
        }
    }

    #[test]
    fn the_same_calls_give_the_same_times() {
        let run = || {
            let mut m = Machine::new(&profile("ethernet-1g"), 64).unwrap();
            (1..64)
                .map(|s| m.message(SimTime::ZERO, s, 0, 63 * 1024))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
        let mut m = Machine::new(&profile("ethernet-1g"), 64).unwrap();
        let a = m.clone();
        m.message(SimTime::ZERO, 1, 0, 10);
        let mut b = a.clone();
        assert_eq!(
            b.message(SimTime::ZERO, 1, 0, 10),
            a.clone().message(SimTime::ZERO, 1, 0, 10)
        );
    }

    #[test]
    fn a_machine_for_8_million_ranks_is_small() {
        // fx100 scaled to 262,144 nodes × 32 = 8,388,608 ranks: state is per node, not per rank.
        let mut p = profile("fx100");
        p.machine.nodes.value = 262_144;
        p.network.torus.as_mut().unwrap().dims.value = vec![28, 28, 28, 2, 3, 2];
        let mut m = Machine::new(&p, 8_388_608).unwrap();
        assert_eq!(m.nodes_in_use(), 262_144);
        let last = 8_388_607;
        let x = m.rdma(
            SimTime::ZERO,
            last,
            0,
            RdmaOp::Atomic(AtomicKind::FetchAndAdd),
        );
        // Node 262,143 is 14 + 14 + 14 + 1 + 1 + 1 hops from node 0? Its coordinate is the
        // 262,143rd position of the 28 × 28 × 28 × 12 shape.
        let hops = m.hop_distance(last, 0);
        assert!(hops > 0 && hops <= 14 * 3 + 3, "{hops}");
        assert!(x.origin_complete > SimTime::ZERO);
        let t = m.message(SimTime::ZERO, last, 0, 8);
        assert!(t.arrival > t.sender_free);
    }

    #[test]
    fn errors_are_plain_english() {
        let p = profile("fx100");
        let e = Machine::new(&p, 5000).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Fujitsu FX100 (Tofu2) has room for 4096 ranks (128 nodes × 32 per node), not 5000"
        );
        let mut m = Machine::new(&p, 4).unwrap();
        assert_eq!(
            m.set_engines_in_use(5).unwrap_err().to_string(),
            "cannot use 5 RDMA engines: each node has 4 (use 1 to 4)"
        );
        assert!(m.set_engines_in_use(4).is_ok());
        let mut eth = Machine::new(&profile("ethernet-1g"), 2).unwrap();
        assert_eq!(eth.set_engines_in_use(1), Err(MachineError::NoEngines));
        // No RDMA on Ethernet: every one-sided operation goes to software.
        let x = eth.rdma(SimTime::from_us(3), 0, 1, RdmaOp::Put { bytes: 8 });
        assert!(x.software);
        assert_eq!(x.arrival, SimTime::from_us(3));
        assert_eq!(
            x.notes[0].to_string(),
            "no hardware support for this put of 8 bytes: software on the target must do it"
        );
        // A profile built in code is still checked.
        let mut bad = profile("emx");
        bad.network.omega = None;
        let e = Machine::new(&bad, 2).unwrap_err();
        assert!(e.to_string().contains("[network] model"), "{e}");
    }

    #[test]
    fn placement_and_distance_off_the_torus() {
        let eth = Machine::new(&profile("ethernet-1g"), 64).unwrap();
        assert_eq!(eth.node_of(63), 63);
        assert_eq!(eth.hop_distance(3, 3), 0);
        assert_eq!(eth.hop_distance(3, 4), 1);
        let fx10 = Machine::new(&profile("fx10"), 384).unwrap();
        assert_eq!(fx10.node_of(15), 0);
        assert_eq!(fx10.node_of(16), 1);
        assert_eq!(fx10.network_model(), NetworkModel::Torus);
    }

    #[test]
    fn handler_notes_only_for_waits() {
        let mut m = Machine::new(&profile("emx"), 2).unwrap();
        m.begin_block(SimTime::ZERO, 1);
        assert_eq!(
            m.admit_handler(SimTime::from_us(1), 1, 9, SimTime::from_us(2)),
            Admission::Queued
        );
        let runs = m.end_block(SimTime::from_us(5), 1);
        let note = m.handler_note(1, &runs[0]).unwrap();
        assert_eq!(
            note.to_string(),
            "handler waited 4.000 µs for the block running on PE 1 to end"
        );
        // Machines without atomic blocks run handlers at once.
        let mut fx = Machine::new(&profile("fx100"), 2).unwrap();
        let Admission::Runs(r) = fx.admit_handler(SimTime::from_us(1), 1, 1, SimTime::from_us(2))
        else {
            panic!("queued without atomic blocks")
        };
        assert_eq!(fx.handler_note(1, &r), None);
    }

    #[test]
    fn ranks_of_one_node_talk_through_shared_memory() {
        let mut m = Machine::new(&profile("cluster"), 128).unwrap();
        assert_eq!((m.node_of(63), m.node_of(64)), (0, 1));
        // Inside a node: o = 0.1 µs, 1000 bytes at 10 GB/s = 0.1 µs less a byte, L = 0.15 µs.
        let inside = m.message(SimTime::ZERO, 0, 1, 1000);
        assert_eq!(inside.sender_free, SimTime::from_ps(199_900));
        assert_eq!(inside.arrival, SimTime::from_ps(349_900));
        assert_eq!(inside.target_cpu, SimTime::from_ns(100));
        // The copy kept rank 0's core busy, not the node's link: rank 2 sends across at once.
        let across = m.message(SimTime::ZERO, 2, 64, 1000);
        assert!(across.notes.is_empty(), "{:?}", across.notes);
        assert_eq!(across.arrival, SimTime::from_ps(200_000 + 41_625 + 600_000));
        // A second copy from rank 0 waits for its core.
        let again = m.message(SimTime::from_ns(50), 0, 3, 1000);
        assert!(
            matches!(again.notes[0], HwNote::CoreBusy { rank: 0, .. }),
            "{:?}",
            again.notes
        );
        // Profiles without the section keep sending through the link.
        let mut fx = Machine::new(&profile("fx100"), 2).unwrap();
        let t = fx.message(SimTime::ZERO, 0, 1, 8);
        assert!(t.arrival > SimTime::from_ns(300));
    }
}
