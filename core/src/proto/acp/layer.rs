//! The ACP basic layer as a protocol layer: every rank's [`Endpoint`], the network operations
//! in flight, and `acp_sync`'s barrier.
//!
//! Model (paper 001 Sec. 4 and Fig. 5; `acpbl_ib.c`):
//! - `acp_copy` and the atomics check their global addresses against the owners' tables,
//!   enqueue a command and return its handle; nothing moves yet. The rank's communication
//!   thread (`machine::hw::CommThread`: `[comm_thread] command_us` per piece of work) scans its queue in
//!   handle order and takes the first command whose order handle is complete.
//! - A put or get to another rank's registered memory needs that rank's registration table: the
//!   first access reads it by RDMA (one read at a time), caches it (at most 1024, the oldest
//!   dropped) and writes one byte into the owner's flags so the owner knows who holds it.
//! - A remote-to-remote copy, or an atomic on another rank's word, goes to the source rank: a
//!   fetch-and-add on its remote command buffer's tail takes a slot, an RDMA write puts the
//!   120-byte command there, the source's thread takes it and does the RDMA to the destination
//!   (an atomic: applies it and writes the old value back), then writes a completion command
//!   into the issuer's remote command receive buffer, which the issuer's thread takes (Sec.
//!   4.1; the library writes a status word into the issuer's command instead). Each is a
//!   network operation of its own, with a record.
//! - Handles complete in order (see [`Endpoint`]); `acp_complete(h)` waits for `h < head`.
//! - Registering into a reused slot tells every rank holding the table to drop it and waits for
//!   their acknowledgements; they read it again on their next access.
//!
//! Where the user is the network ([`crate::engine::network`]), every flight that lands at another
//! rank is a delivery: racing ones may land in another order, and a flight's completion that
//! falls due before its held landing waits for it.
//!
//! Simplifications: the thread posts a command's follow-up operations (the command write after
//! the tail, the status after the data) as their predecessor completes, without taking a turn;
//! the remote command buffer never fills (2048 slots: the library then re-reads the head);
//! where the NIC has no atomics, the tail's fetch-and-add is timed as an 8-byte read;
//! `acp_sync` is a dissemination barrier of ⌈log₂ n⌉ rounds of one 8-byte write each, timed from
//! the last arrival; a GA is checked against the owner's current table when the call is made.

use std::collections::BTreeMap;
use std::fmt;

use super::command::{cmd_bytes, Atomic, Gma, Path, Stage};
use super::endpoint::{Endpoint, RemoteCommand};
use super::ga::{Ga, GaError};
use super::records::{AcpRecord, StepKind, TableChange};
use super::registrations::{table_bytes, RegError};
use super::table_cache::Lookup;
use crate::engine::{
    Delivery, EventCodec, Io, Layer, LayerEvent, LayerFailure, Pending, Rank, ReqId,
};
use crate::machine::{AtomicKind, RdmaOp};
use crate::time::SimTime;

/// The window id under which a program lends ACP its memory by address (`Program::with_window`
/// with this id reads `offset` as a byte address of the rank's memory).
pub const ACP_MEMORY: u32 = u32::MAX;

/// Why an ACP call was refused (the C library reports it at the call's line, after the
/// function's name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AcpError {
    /// An argument is not a global address.
    BadGa {
        /// Which argument.
        arg: &'static str,
        /// Why.
        error: GaError,
    },
    /// A GA names a rank that does not exist.
    NoSuchRank {
        /// Which argument.
        arg: &'static str,
        /// Its rank.
        rank: Rank,
        /// Ranks in the run.
        size: u32,
    },
    /// A GA's memory is not registered, or the access runs past its end.
    Reach {
        /// Which argument.
        arg: &'static str,
        /// The address.
        ga: Ga,
        /// Why.
        error: RegError,
    },
    /// An atomic's result must go to the caller's own memory.
    AtomicDst {
        /// The result's GA.
        dst: Ga,
        /// The caller.
        rank: Rank,
    },
    /// An atomic's address is not aligned to its width.
    Unaligned {
        /// Which argument.
        arg: &'static str,
        /// The address.
        addr: u64,
        /// 4 or 8.
        width: u8,
    },
    /// The order handle names a command not issued yet.
    OrderNotIssued {
        /// The handle.
        order: u64,
        /// The latest handle issued (0: none).
        latest: u64,
    },
    /// `acp_register_memory` or `acp_unregister_memory` failed.
    Register(RegError),
    /// `acp_unregister_memory` while an access to that memory is in flight.
    InFlight {
        /// The slot.
        tag: u8,
        /// A rank with an access in flight.
        by: Rank,
    },
}

impl fmt::Display for AcpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AcpError::BadGa { arg, error } => write!(f, "{arg}: {error}"),
            AcpError::NoSuchRank { arg, rank, size } => write!(
                f,
                "{arg} is rank {rank}'s memory, but the run has {size} ranks"
            ),
            AcpError::Reach {
                arg,
                ga,
                error: RegError::NotRegistered(_),
            } => write!(
                f,
                "{arg} ({ga}) names memory that is not registered: register it with acp_register_memory and pass the GA acp_query_ga gives"
            ),
            AcpError::Reach { arg, ga, error } => write!(f, "{arg} ({ga}): {error}"),
            AcpError::AtomicDst { dst, rank } => write!(
                f,
                "dst ({dst}) must be the caller's memory (rank {rank}): the old value is written there"
            ),
            AcpError::Unaligned { arg, addr, width } => write!(
                f,
                "{arg} is at address {addr:#x}, not aligned to {width} bytes as ACP requires"
            ),
            AcpError::OrderNotIssued { order, latest } => {
                let latest = match latest {
                    0 => "no access has been issued yet".to_string(),
                    h => format!("the latest is {h}"),
                };
                write!(
                    f,
                    "the order handle {order} has not been issued ({latest}): the access would never start"
                )
            }
            AcpError::Register(e) => e.fmt(f),
            AcpError::InFlight { tag, by } => write!(
                f,
                "cannot unregister slot {tag}: rank {by} has an access to it in flight; call acp_complete first"
            ),
        }
    }
}

impl std::error::Error for AcpError {}

/// A network operation on its way.
#[derive(Clone, Debug)]
enum Flight {
    /// `by` reads `owner`'s registration table.
    TableRead { by: Rank, owner: Rank },
    /// `by` sets its flag in `owner`'s "has my table" flags.
    TableFlag { by: Rank, owner: Rank },
    /// Data written from `from` to `dst`, for `issuer`'s command.
    Put {
        issuer: Rank,
        handle: u64,
        from: Rank,
        dst: Ga,
        bytes: Option<Vec<u8>>,
    },
    /// Data `issuer` reads from `src` into its `dst`.
    Get {
        issuer: Rank,
        handle: u64,
        src: Ga,
        dst: Ga,
        len: u64,
        bytes: Option<Vec<u8>>,
    },
    /// The fetch-and-add on `source`'s command buffer tail.
    Tail {
        issuer: Rank,
        handle: u64,
        source: Rank,
    },
    /// The command written into `source`'s remote command receive buffer.
    Command { source: Rank, cmd: RemoteCommand },
    /// An atomic's old value written into the issuer's `dst`.
    Reply {
        issuer: Rank,
        handle: u64,
        source: Rank,
        dst: Ga,
        value: Option<Vec<u8>>,
    },
    /// The completion command written into the issuer's remote command receive buffer.
    Status { issuer: Rank, cmd: RemoteCommand },
    /// `owner` tells `holder` to drop its table.
    Invalidate { owner: Rank, holder: Rank },
    /// `holder` acknowledges to `owner`.
    Ack { owner: Rank },
}

/// A flight in the air: how many of its events are still due, from and to which rank, and
/// whether its completion came back before it landed (only where the user is the network and
/// holds its landing back: the completion then waits for it).
#[derive(Clone, Debug)]
struct InAir {
    flight: Flight,
    left: u8,
    from: Rank,
    to: Rank,
    done_early: bool,
}

/// What a communication thread posts once its turn on a piece of work is over.
#[derive(Copy, Clone, Debug)]
enum Post {
    /// Command `handle` of `rank`'s queue: its network operation (or its local copy).
    Command { rank: Rank, handle: u64 },
    /// Another rank's command (or a completion) taken from `source`'s receive buffer.
    Remote { source: Rank, cmd: RemoteCommand },
    /// The read of `owner`'s registration table that `cmd` needs.
    Fetch {
        by: Rank,
        owner: Rank,
        cmd: (u64, Rank),
    },
}

/// The layer's events.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AcpEvent {
    /// A rank's communication thread looks for work.
    Scan(Rank),
    /// A flight lands at its target.
    Land(u32),
    /// A flight's completion is back at its origin.
    Done(u32),
    /// `acp_sync` releases everyone.
    Release,
    /// A thread's turn is over: it posts what it took.
    Post(u32),
}

impl EventCodec for AcpEvent {
    fn encode(self) -> LayerEvent {
        let (code, a) = match self {
            AcpEvent::Scan(r) => (0, r),
            AcpEvent::Land(f) => (1, f),
            AcpEvent::Done(f) => (2, f),
            AcpEvent::Release => (3, 0),
            AcpEvent::Post(p) => (4, p),
        };
        LayerEvent { code, a, b: 0 }
    }

    fn decode(e: LayerEvent) -> AcpEvent {
        match e.code {
            0 => AcpEvent::Scan(e.a),
            1 => AcpEvent::Land(e.a),
            2 => AcpEvent::Done(e.a),
            3 => AcpEvent::Release,
            4 => AcpEvent::Post(e.a),
            other => unreachable!("no ACP event {other}"),
        }
    }
}

/// The ACP layer (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Acp {
    endpoints: BTreeMap<Rank, Endpoint>,
    /// Flights in the air and how many of their events are still due.
    flights: BTreeMap<u32, InAir>,
    next_flight: u32,
    /// What threads will post when their turn ends.
    posts: BTreeMap<u32, Post>,
    next_post: u32,
    /// Ranks in `acp_sync` with their requests.
    sync: Vec<(Rank, ReqId)>,
    /// The requests `acp_sync` releases at its `Release` event, and the last rank to arrive.
    releasing: Option<(Vec<ReqId>, Rank)>,
}

type Step<T> = Result<T, LayerFailure>;

impl Acp {
    /// The layer with no rank's state yet (made on first use).
    pub fn new() -> Acp {
        Acp::default()
    }

    /// `rank`'s state, if it has used ACP.
    pub fn endpoint(&self, rank: Rank) -> Option<&Endpoint> {
        self.endpoints.get(&rank)
    }

    /// Every rank's state that exists, by rank.
    pub fn endpoints(&self) -> impl Iterator<Item = (Rank, &Endpoint)> {
        self.endpoints.iter().map(|(r, e)| (*r, e))
    }

    fn ep(&mut self, rank: Rank) -> &mut Endpoint {
        self.endpoints
            .entry(rank)
            .or_insert_with(|| Endpoint::new(rank))
    }

    /// `acp_init`'s part: `rank`'s starter memory is `size` bytes at `base`.
    pub fn init(&mut self, rank: Rank, base: u64, size: u64) {
        self.ep(rank).starter = Some(super::registrations::Registration {
            base,
            size,
            color: 0,
        });
    }

    /// `acp_register_memory`: the key, and the request to wait on when ranks holding the table
    /// must first drop it.
    pub fn register(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        base: u64,
        size: u64,
        color: u8,
    ) -> Result<(u64, Option<ReqId>), AcpError> {
        let done = self
            .ep(rank)
            .regs
            .register(base, size, color)
            .map_err(AcpError::Register)?;
        let tag = Ga::unpack(done.atkey).map_or(0, |g| g.tag);
        io.record(AcpRecord::Register {
            rank,
            tag,
            base,
            size,
            unregister: false,
            invalidations: done.invalidate.len() as u32,
        });
        if done.invalidate.is_empty() {
            return Ok((done.atkey, None));
        }
        for &holder in &done.invalidate {
            let now = io.now();
            let t = io
                .machine()
                .rdma(now, rank, holder, RdmaOp::Put { bytes: 1 });
            self.fly(
                io,
                Flight::Invalidate {
                    owner: rank,
                    holder,
                },
                rank,
                holder,
                StepKind::Invalidate,
                (0, rank),
                1,
                (Some(t.arrival), None, t.origin_complete),
            );
        }
        let req = io.new_request(rank);
        self.ep(rank).invalidating = Some((req, done.invalidate.len() as u32));
        Ok((done.atkey, Some(req)))
    }

    /// `acp_unregister_memory`.
    pub fn unregister(&mut self, io: &mut Io<'_>, rank: Rank, atkey: u64) -> Result<(), AcpError> {
        let key = Ga::unpack(atkey).map_err(|e| AcpError::Register(RegError::Ga(e)))?;
        let in_flight = self
            .endpoints
            .iter()
            .find(|(_, e)| e.touches(rank, key.tag));
        if let (true, Some((&by, _))) = (key.rank == rank, in_flight) {
            return Err(AcpError::InFlight { tag: key.tag, by });
        }
        let reg = self
            .ep(rank)
            .regs
            .unregister(atkey)
            .map_err(AcpError::Register)?;
        io.record(AcpRecord::Register {
            rank,
            tag: key.tag,
            base: reg.base,
            size: reg.size,
            unregister: true,
            invalidations: 0,
        });
        Ok(())
    }

    /// `acp_query_ga(atkey, addr)` on `rank`.
    pub fn query_ga(&mut self, rank: Rank, atkey: u64, addr: u64) -> Result<u64, AcpError> {
        let ga = self
            .ep(rank)
            .regs
            .query_ga(atkey, addr)
            .map_err(AcpError::Register)?;
        ga.pack().map_err(|e| AcpError::Register(RegError::Ga(e)))
    }

    /// `acp_query_address(ga)` on `rank`: the address, if the GA is this rank's.
    pub fn query_address(&self, rank: Rank, raw: u64) -> Option<u64> {
        let ga = Ga::unpack(raw).ok()?;
        (ga.rank == rank)
            .then(|| self.endpoints.get(&rank)?.resolve(ga, 0).ok())
            .flatten()
    }

    /// Checks a GA argument: unpacked, a rank of the run, `len` bytes inside registered memory.
    fn reach(
        &self,
        size: u32,
        arg: &'static str,
        raw: u64,
        len: u64,
    ) -> Result<(Ga, u64), AcpError> {
        let ga = Ga::unpack(raw).map_err(|error| AcpError::BadGa { arg, error })?;
        if ga.rank >= size {
            return Err(AcpError::NoSuchRank {
                arg,
                rank: ga.rank,
                size,
            });
        }
        let addr = match self.endpoints.get(&ga.rank) {
            Some(e) => e.resolve(ga, len),
            None => Err(RegError::NotRegistered(ga.tag)),
        }
        .map_err(|error| AcpError::Reach { arg, ga, error })?;
        Ok((ga, addr))
    }

    fn order(&mut self, rank: Rank, raw: u64) -> Result<u64, AcpError> {
        let tail = self.ep(rank).tail;
        let order = Endpoint::resolve_handle(raw, tail);
        if order >= tail {
            return Err(AcpError::OrderNotIssued {
                order,
                latest: tail - 1,
            });
        }
        Ok(order)
    }

    /// `acp_copy(dst, src, size, order)` by `rank`: its handle. `data`: move the programs'
    /// bytes (else only time, for workloads without memory).
    #[allow(clippy::too_many_arguments)]
    pub fn copy(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst: u64,
        src: u64,
        size: u64,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError> {
        let (dst, _) = self.reach(io.size(), "dst", dst, size)?;
        let (src, _) = self.reach(io.size(), "src", src, size)?;
        let order = self.order(rank, order)?;
        Ok(self.enqueue(io, rank, Gma::Copy { dst, src, size }, order, data))
    }

    /// An atomic (`acp_cas4` …) by `rank` on the word at `src`, its old value to `dst`.
    #[allow(clippy::too_many_arguments)]
    pub fn atomic(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst: u64,
        src: u64,
        atomic: Atomic,
        order: u64,
        data: bool,
    ) -> Result<u64, AcpError> {
        let width = u64::from(atomic.width);
        let (dst, dst_addr) = self.reach(io.size(), "dst", dst, width)?;
        let (src, src_addr) = self.reach(io.size(), "src", src, width)?;
        if dst.rank != rank {
            return Err(AcpError::AtomicDst { dst, rank });
        }
        for (arg, addr) in [("dst", dst_addr), ("src", src_addr)] {
            if data && addr % width != 0 {
                return Err(AcpError::Unaligned {
                    arg,
                    addr,
                    width: atomic.width,
                });
            }
        }
        let order = self.order(rank, order)?;
        Ok(self.enqueue(io, rank, Gma::Atomic { dst, src, atomic }, order, data))
    }

    fn enqueue(&mut self, io: &mut Io<'_>, rank: Rank, gma: Gma, order: u64, data: bool) -> u64 {
        let handle = self.ep(rank).enqueue(gma, order, data);
        io.record(AcpRecord::Enqueue {
            rank,
            handle,
            order,
            gma,
        });
        self.kick(io, rank);
        handle
    }

    /// `acp_complete(handle)` by `rank`: the request to wait on, if the handle is outstanding.
    pub fn complete(&mut self, io: &mut Io<'_>, rank: Rank, raw: u64) -> Option<ReqId> {
        let e = self.ep(rank);
        let h = Endpoint::resolve_handle(raw, e.tail);
        if h == 0 || e.is_complete(h) {
            return None;
        }
        let req = io.new_request(rank);
        self.ep(rank).waiters.push((req, h));
        Some(req)
    }

    /// `acp_inquire(handle)` by `rank`: whether it (or an earlier access) is still incomplete.
    pub fn inquire(&self, rank: Rank, raw: u64) -> bool {
        self.endpoints.get(&rank).is_some_and(|e| {
            let h = Endpoint::resolve_handle(raw, e.tail);
            h != 0 && !e.is_complete(h)
        })
    }

    /// `acp_sync` by `rank`: the request released once every rank has called it.
    pub fn sync(&mut self, io: &mut Io<'_>, rank: Rank) -> ReqId {
        let req = io.new_request(rank);
        self.sync.push((rank, req));
        let n = io.size();
        if self.sync.len() < n as usize {
            io.record(AcpRecord::Sync {
                rank,
                released: false,
            });
            return req;
        }
        let rounds = 32 - (n - 1).leading_zeros();
        let now = io.now();
        let one = if n > 1 {
            let t = io.machine().rdma(now, 0, 1, RdmaOp::Put { bytes: 8 });
            t.arrival.saturating_sub(now)
        } else {
            SimTime::ZERO
        };
        let reqs = std::mem::take(&mut self.sync)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        self.releasing = Some((reqs, rank));
        let mut at = now;
        for _ in 0..rounds {
            at += one;
        }
        io.schedule(at, AcpEvent::Release);
        req
    }

    /// Schedules a scan of `rank`'s thread when it has work and none is scheduled.
    fn kick(&mut self, io: &mut Io<'_>, rank: Rank) {
        let now = io.now();
        let e = self.ep(rank);
        if e.scan_due || (e.next_remote(rank).is_none() && e.next_command(rank).is_none()) {
            return;
        }
        e.scan_due = true;
        let at = now.max(e.thread.free_at());
        io.schedule(at, AcpEvent::Scan(rank));
    }

    fn service(io: &Io<'_>) -> SimTime {
        let m = io.machine_ref();
        m.comm_thread_command().unwrap_or_else(|| m.handler_cost())
    }

    /// A posted network operation: its flight, record and events. `when` is (lands, done,
    /// back): `Land` at `lands` and `Done` at `done` if given; `back` for the arrow.
    #[allow(clippy::too_many_arguments)]
    fn fly(
        &mut self,
        io: &mut Io<'_>,
        flight: Flight,
        from: Rank,
        to: Rank,
        step: StepKind,
        (handle, issuer): (u64, Rank),
        bytes: u64,
        (lands, done, back): (Option<SimTime>, Option<SimTime>, SimTime),
    ) {
        let id = self.next_flight;
        self.next_flight = self.next_flight.wrapping_add(1);
        let events = u8::from(lands.is_some()) + u8::from(done.is_some());
        self.flights.insert(
            id,
            InAir {
                flight,
                left: events,
                from,
                to,
                done_early: false,
            },
        );
        if let Some(at) = lands {
            io.schedule(at, AcpEvent::Land(id));
        }
        if let Some(at) = done {
            io.schedule(at, AcpEvent::Done(id));
        }
        self.ep(from).peers.insert(to);
        io.record(AcpRecord::Step {
            rank: from,
            issuer,
            handle,
            step,
            peer: to,
            bytes,
            lands: lands.or(done).unwrap_or(back),
            back,
        });
    }

    /// Times an RDMA posted by `from`'s communication thread (no separate `o`: the thread's
    /// service time is the posting). An atomic the NIC lacks is timed as an 8-byte read.
    fn rdma(io: &mut Io<'_>, from: Rank, to: Rank, op: RdmaOp) -> (SimTime, SimTime) {
        let now = io.now();
        let mut t = io.machine().rdma_by_handler(now, from, to, op);
        if t.software {
            t = io
                .machine()
                .rdma_by_handler(now, from, to, RdmaOp::Get { bytes: 8 });
        }
        for note in &t.notes {
            io.hardware(from, None, note.to_string());
        }
        (t.arrival, t.origin_complete)
    }

    fn read(io: &mut Io<'_>, rank: Rank, addr: u64, len: u64) -> Step<Vec<u8>> {
        let mut out = Vec::new();
        Self::lend(io, rank, addr, len, &mut |b| out = b.to_vec())?;
        Ok(out)
    }

    fn write(io: &mut Io<'_>, rank: Rank, addr: u64, bytes: &[u8]) -> Step<()> {
        Self::lend(io, rank, addr, bytes.len() as u64, &mut |b| {
            b.copy_from_slice(bytes)
        })
    }

    fn lend(
        io: &mut Io<'_>,
        rank: Rank,
        addr: u64,
        len: u64,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Step<()> {
        let len32 = u32::try_from(len).map_err(|_| LayerFailure {
            rank,
            message: format!(
                "an ACP access of {len} bytes is larger than the simulator moves at once (4 GiB)"
            ),
        })?;
        io.with_window(rank, ACP_MEMORY, addr, len32, f)
            .map_err(|message| LayerFailure { rank, message })
    }

    /// Where `len` bytes at `ga` are on its owner (checked when the call was made; a failure
    /// here means the memory went away meanwhile).
    fn addr(&self, ga: Ga, len: u64, acting: Rank) -> Step<u64> {
        self.endpoints
            .get(&ga.rank)
            .ok_or(RegError::NotRegistered(ga.tag))
            .and_then(|e| e.resolve(ga, len))
            .map_err(|e| LayerFailure {
                rank: acting,
                message: format!("ACP access to {ga}: {e}"),
            })
    }

    /// Starts `by`'s read of `owner`'s table.
    fn fetch_table(&mut self, io: &mut Io<'_>, by: Rank, owner: Rank, cmd: (u64, Rank)) {
        self.ep(by).fetching = Some(owner);
        let bytes = table_bytes();
        let (lands, done) = Self::rdma(io, by, owner, RdmaOp::Get { bytes });
        self.fly(
            io,
            Flight::TableRead { by, owner },
            by,
            owner,
            StepKind::TableRead,
            cmd,
            bytes,
            (None, Some(done), done.max(lands)),
        );
    }

    /// The thread of `rank` takes its next piece of work: a command another rank wrote into
    /// its buffer first, else the first command of its queue it may start. The work is posted
    /// when the thread's turn (`[comm_thread] command_us`) is over.
    fn scan(&mut self, io: &mut Io<'_>, rank: Rank) {
        let now = io.now();
        let service = Self::service(io);
        let e = self.ep(rank);
        e.scan_due = false;
        let (post, took) = if let Some(i) = e.next_remote(rank) {
            let c = e.remote[i];
            match e.remote_table_for(rank, c.gma).filter(|_| !c.completion) {
                Some(owner) => {
                    e.remote[i].stage = Stage::WaitTable(owner);
                    e.fetching = Some(owner);
                    let cmd = (c.handle, c.issuer);
                    (
                        Some(Post::Fetch {
                            by: rank,
                            owner,
                            cmd,
                        }),
                        None,
                    )
                }
                None => {
                    e.remote.remove(i);
                    let bytes = if c.completion {
                        cmd_bytes()
                    } else {
                        c.gma.bytes()
                    };
                    let issuer = if c.completion { rank } else { c.issuer };
                    let took = (StepKind::RemoteTakes, issuer, c.handle, bytes);
                    (
                        Some(Post::Remote {
                            source: rank,
                            cmd: c,
                        }),
                        Some(took),
                    )
                }
            }
        } else if let Some(c) = e.next_command(rank) {
            let table = e.table_for(rank, c.gma);
            let stage = &mut e.queue.get_mut(&c.handle).expect("live").stage;
            match table {
                Some(owner) => {
                    *stage = Stage::WaitTable(owner);
                    e.fetching = Some(owner);
                    let cmd = (c.handle, rank);
                    (
                        Some(Post::Fetch {
                            by: rank,
                            owner,
                            cmd,
                        }),
                        None,
                    )
                }
                None => {
                    *stage = Stage::Issued;
                    let took = (StepKind::Takes, rank, c.handle, c.gma.bytes());
                    (
                        Some(Post::Command {
                            rank,
                            handle: c.handle,
                        }),
                        Some(took),
                    )
                }
            }
        } else {
            (None, None)
        };
        if let Some(post) = post {
            let served = e.thread.serve(now, service);
            let id = self.next_post;
            self.next_post = self.next_post.wrapping_add(1);
            self.posts.insert(id, post);
            io.schedule(served.end, AcpEvent::Post(id));
        }
        if let Some((step, issuer, handle, bytes)) = took {
            io.record(AcpRecord::Step {
                rank,
                issuer,
                handle,
                step,
                peer: rank,
                bytes,
                lands: now,
                back: now,
            });
        }
        self.kick(io, rank);
    }

    /// A thread's turn is over: it posts what it took.
    fn post(&mut self, io: &mut Io<'_>, id: u32) -> Step<()> {
        match self.posts.remove(&id) {
            Some(Post::Command { rank, handle }) => self.take(io, rank, handle),
            Some(Post::Remote { source, cmd }) => self.take_remote(io, source, cmd),
            Some(Post::Fetch { by, owner, cmd }) => {
                self.fetch_table(io, by, owner, cmd);
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Posts command `handle` of `rank` (taken by its thread): its network operation, or the
    /// copy or atomic the thread does itself.
    fn take(&mut self, io: &mut Io<'_>, rank: Rank, handle: u64) -> Step<()> {
        let Some(&c) = self.ep(rank).queue.get(&handle) else {
            return Ok(());
        };
        let cmd = (handle, rank);
        let now = io.now();
        let bytes = c.gma.bytes();
        match (c.gma.path(rank), c.gma) {
            (Path::Local, gma) => {
                if c.data {
                    self.apply_local(io, rank, gma)?;
                }
                io.record(AcpRecord::Step {
                    rank,
                    issuer: rank,
                    handle,
                    step: StepKind::Local,
                    peer: rank,
                    bytes,
                    lands: now,
                    back: now,
                });
                self.finish(io, rank, handle);
            }
            (Path::Put, Gma::Copy { dst, src, size }) => {
                let data = if c.data {
                    let at = self.addr(src, size, rank)?;
                    Some(Self::read(io, rank, at, size)?)
                } else {
                    None
                };
                self.put(io, rank, (handle, rank), dst, size, data);
            }
            (Path::Get, Gma::Copy { dst, src, size }) => {
                let (lands, done) = Self::rdma(io, rank, src.rank, RdmaOp::Get { bytes: size });
                self.fly(
                    io,
                    Flight::Get {
                        issuer: rank,
                        handle,
                        src,
                        dst,
                        len: size,
                        bytes: c.data.then(Vec::new),
                    },
                    rank,
                    src.rank,
                    StepKind::Get,
                    cmd,
                    size,
                    (Some(lands), Some(done), done),
                );
            }
            (_, gma) => {
                // Remote: a slot in the source rank's remote command buffer first.
                let source = gma.src().rank;
                let (lands, done) =
                    Self::rdma(io, rank, source, RdmaOp::Atomic(AtomicKind::FetchAndAdd));
                self.fly(
                    io,
                    Flight::Tail {
                        issuer: rank,
                        handle,
                        source,
                    },
                    rank,
                    source,
                    StepKind::Tail,
                    cmd,
                    8,
                    (None, Some(done), done.max(lands)),
                );
            }
        }
        Ok(())
    }

    /// Posts a data write from `from` to `dst` for command `cmd`.
    fn put(
        &mut self,
        io: &mut Io<'_>,
        from: Rank,
        cmd: (u64, Rank),
        dst: Ga,
        size: u64,
        bytes: Option<Vec<u8>>,
    ) {
        let (lands, done) = Self::rdma(io, from, dst.rank, RdmaOp::Put { bytes: size });
        self.fly(
            io,
            Flight::Put {
                issuer: cmd.1,
                handle: cmd.0,
                from,
                dst,
                bytes,
            },
            from,
            dst.rank,
            StepKind::Put,
            cmd,
            size,
            (Some(lands), Some(done), done),
        );
    }

    /// A copy within one rank's memory, or an atomic on its own word with the old value to
    /// `dst` (also its own): returns the old value's bytes for an atomic.
    fn apply_local(&mut self, io: &mut Io<'_>, rank: Rank, gma: Gma) -> Step<Option<Vec<u8>>> {
        match gma {
            Gma::Copy { dst, src, size } => {
                let from = self.addr(src, size, rank)?;
                let bytes = Self::read(io, rank, from, size)?;
                let to = self.addr(dst, size, dst.rank)?;
                Self::write(io, dst.rank, to, &bytes)?;
                Ok(None)
            }
            Gma::Atomic { dst, src, atomic } => {
                let w = u64::from(atomic.width);
                let at = self.addr(src, w, rank)?;
                let old = Self::read(io, rank, at, w)?;
                let mut word = [0u8; 8];
                word[..old.len()].copy_from_slice(&old);
                let new = atomic.apply(u64::from_le_bytes(word)).to_le_bytes();
                Self::write(io, rank, at, &new[..old.len()])?;
                if dst.rank == rank {
                    let to = self.addr(dst, w, rank)?;
                    Self::write(io, rank, to, &old)?;
                }
                Ok(Some(old))
            }
        }
    }

    /// Posts another rank's command that `source`'s thread took from its receive buffer (or,
    /// for a completion command, marks this rank's own command finished).
    fn take_remote(&mut self, io: &mut Io<'_>, source: Rank, c: RemoteCommand) -> Step<()> {
        let cmd = (c.handle, c.issuer);
        if c.completion {
            self.finish(io, source, c.handle);
            return Ok(());
        }
        match c.gma {
            Gma::Copy { dst, .. } if dst.rank == source => {
                if c.data {
                    self.apply_local(io, source, c.gma)?;
                }
                self.status(io, source, cmd);
            }
            Gma::Copy { dst, src, size } => {
                let data = if c.data {
                    let at = self.addr(src, size, source)?;
                    Some(Self::read(io, source, at, size)?)
                } else {
                    None
                };
                self.put(io, source, cmd, dst, size, data);
            }
            Gma::Atomic { dst, atomic, .. } => {
                let old = if c.data {
                    self.apply_local(io, source, c.gma)?
                } else {
                    None
                };
                let w = u64::from(atomic.width);
                let (lands, done) = Self::rdma(io, source, dst.rank, RdmaOp::Put { bytes: w });
                self.fly(
                    io,
                    Flight::Reply {
                        issuer: c.issuer,
                        handle: c.handle,
                        source,
                        dst,
                        value: old,
                    },
                    source,
                    dst.rank,
                    StepKind::Reply,
                    cmd,
                    w,
                    (Some(lands), Some(done), done),
                );
            }
        }
        Ok(())
    }

    /// `source` writes the completion command of `cmd` into its issuer's remote command receive
    /// buffer (paper 001 Sec. 4.1; the library writes a status word into the issuer's command).
    fn status(&mut self, io: &mut Io<'_>, source: Rank, (handle, issuer): (u64, Rank)) {
        let bytes = cmd_bytes();
        let (lands, done) = Self::rdma(io, source, issuer, RdmaOp::Put { bytes });
        let gma = self.ep(issuer).queue.get(&handle).map(|c| (c.gma, c.data));
        let Some((gma, data)) = gma else {
            return;
        };
        let cmd = RemoteCommand {
            issuer,
            handle,
            gma,
            data,
            stage: Stage::Unissued,
            completion: true,
        };
        self.fly(
            io,
            Flight::Status { issuer, cmd },
            source,
            issuer,
            StepKind::Status,
            (handle, issuer),
            bytes,
            (Some(lands), None, done),
        );
    }

    /// Command `handle` of `rank` finished: completion in handle order, waiters released.
    fn finish(&mut self, io: &mut Io<'_>, rank: Rank, handle: u64) {
        let e = self.ep(rank);
        let moved = e.finish(handle);
        let head = e.head;
        io.record(AcpRecord::Finished { rank, handle, head });
        if moved {
            for req in self.ep(rank).satisfied_waiters() {
                let owner = io.complete(req);
                io.wake(owner);
            }
            self.kick(io, rank);
        }
    }

    fn land(&mut self, io: &mut Io<'_>, flight: &mut Flight) -> Step<()> {
        match flight {
            Flight::TableFlag { by, owner } => self.ep(*owner).regs.fetched_by(*by),
            Flight::Put { dst, bytes, .. } => {
                if let Some(b) = bytes {
                    let at = self.addr(*dst, b.len() as u64, dst.rank)?;
                    Self::write(io, dst.rank, at, b)?;
                }
            }
            Flight::Get {
                issuer,
                src,
                len,
                bytes,
                ..
            } => {
                if bytes.is_some() {
                    let at = self.addr(*src, *len, *issuer)?;
                    *bytes = Some(Self::read(io, src.rank, at, *len)?);
                }
            }
            Flight::Command { source, cmd } => {
                let source = *source;
                self.ep(source).remote.push(*cmd);
                self.kick(io, source);
            }
            Flight::Reply { dst, value, .. } => {
                if let Some(v) = value {
                    let at = self.addr(*dst, v.len() as u64, dst.rank)?;
                    Self::write(io, dst.rank, at, v)?;
                }
            }
            Flight::Status { issuer, cmd } => {
                let issuer = *issuer;
                self.ep(issuer).remote.push(*cmd);
                self.kick(io, issuer);
            }
            Flight::Invalidate { owner, holder } => {
                let (owner, holder) = (*owner, *holder);
                let e = self.ep(holder);
                e.flagged.remove(&owner);
                let had = e.cache.invalidate(owner);
                if had {
                    io.record(AcpRecord::Table {
                        rank: holder,
                        owner,
                        change: TableChange::Invalidated,
                        evicted: u32::MAX,
                    });
                }
                let (lands, done) = Self::rdma(io, holder, owner, RdmaOp::Put { bytes: 1 });
                self.fly(
                    io,
                    Flight::Ack { owner },
                    holder,
                    owner,
                    StepKind::Ack,
                    (0, owner),
                    1,
                    (Some(lands), None, done),
                );
            }
            Flight::Ack { owner } => {
                let e = self.ep(*owner);
                if let Some((req, left)) = e.invalidating.as_mut() {
                    *left -= 1;
                    if *left == 0 {
                        let req = *req;
                        e.invalidating = None;
                        let r = io.complete(req);
                        io.wake(r);
                    }
                }
            }
            Flight::TableRead { .. } | Flight::Tail { .. } => {}
        }
        Ok(())
    }

    fn done(&mut self, io: &mut Io<'_>, flight: &mut Flight) -> Step<()> {
        match flight {
            Flight::TableRead { by, owner } => {
                let (by, owner) = (*by, *owner);
                let e = self.ep(by);
                e.fetching = None;
                let evicted = match e.cache.access(owner) {
                    Lookup::Miss { evicted } => evicted,
                    Lookup::Hit => None,
                };
                let first = e.flagged.insert(owner);
                io.record(AcpRecord::Table {
                    rank: by,
                    owner,
                    change: TableChange::Cached,
                    evicted: evicted.unwrap_or(u32::MAX),
                });
                if first {
                    let (lands, done) = Self::rdma(io, by, owner, RdmaOp::Put { bytes: 1 });
                    self.fly(
                        io,
                        Flight::TableFlag { by, owner },
                        by,
                        owner,
                        StepKind::TableFlag,
                        (0, by),
                        1,
                        (Some(lands), None, done),
                    );
                }
                self.kick(io, by);
            }
            Flight::Put {
                issuer,
                handle,
                from,
                ..
            } => {
                let cmd = (*handle, *issuer);
                if *from == *issuer {
                    self.finish(io, cmd.1, cmd.0);
                } else {
                    self.status(io, *from, cmd);
                }
            }
            Flight::Get {
                issuer,
                handle,
                dst,
                bytes,
                ..
            } => {
                if let Some(b) = bytes {
                    let at = self.addr(*dst, b.len() as u64, *issuer)?;
                    Self::write(io, *issuer, at, b)?;
                }
                self.finish(io, *issuer, *handle);
            }
            Flight::Tail {
                issuer,
                handle,
                source,
            } => {
                let (issuer, handle, source) = (*issuer, *handle, *source);
                let c = self.ep(issuer).queue[&handle];
                let bytes = cmd_bytes();
                let (lands, done) = Self::rdma(io, issuer, source, RdmaOp::Put { bytes });
                let cmd = RemoteCommand {
                    issuer,
                    handle,
                    gma: c.gma,
                    data: c.data,
                    stage: Stage::Unissued,
                    completion: false,
                };
                self.fly(
                    io,
                    Flight::Command { source, cmd },
                    issuer,
                    source,
                    StepKind::CommandPut,
                    (handle, issuer),
                    bytes,
                    (Some(lands), None, done),
                );
            }
            Flight::Reply {
                issuer,
                handle,
                source,
                ..
            } => self.status(io, *source, (*handle, *issuer)),
            _ => {}
        }
        Ok(())
    }
}

impl Layer for Acp {
    type Event = AcpEvent;

    fn on_event(&mut self, event: AcpEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match event {
            AcpEvent::Scan(rank) => {
                self.scan(io, rank);
                Ok(())
            }
            AcpEvent::Post(id) => self.post(io, id),
            AcpEvent::Land(id) | AcpEvent::Done(id) => {
                let Some(mut air) = self.flights.remove(&id) else {
                    return Ok(());
                };
                let landed = matches!(event, AcpEvent::Land(_));
                if !landed && air.left > 1 {
                    // The network holds its landing back: the completion waits for it.
                    air.done_early = true;
                    self.flights.insert(id, air);
                    return Ok(());
                }
                let result = if landed {
                    let landed = self.land(io, &mut air.flight);
                    if air.done_early {
                        air.left -= 1;
                        landed.and_then(|()| self.done(io, &mut air.flight))
                    } else {
                        landed
                    }
                } else {
                    self.done(io, &mut air.flight)
                };
                if air.left > 1 {
                    air.left -= 1;
                    self.flights.insert(id, air);
                }
                result
            }
            AcpEvent::Release => {
                if let Some((reqs, last)) = self.releasing.take() {
                    io.record(AcpRecord::Sync {
                        rank: last,
                        released: true,
                    });
                    for req in reqs {
                        let owner = io.complete(req);
                        io.wake(owner);
                    }
                }
                Ok(())
            }
        }
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        if self.sync.iter().any(|(_, r)| *r == req) {
            let arrived: Vec<String> = self.sync.iter().map(|(r, _)| r.to_string()).collect();
            return Some(Pending {
                what: format!(
                    "{req}: acp_sync, which every rank must call (so far ranks {})",
                    arrived.join(", ")
                ),
                on: None,
            });
        }
        self.endpoints.iter().find_map(|(rank, e)| {
            if let Some((_, h)) = e.waiters.iter().find(|(r, _)| *r == req) {
                let oldest = e
                    .queue
                    .get(&e.head)
                    .map_or_else(String::new, |c| {
                        format!(" (the oldest incomplete, command {}, is {})", c.handle, c.stage)
                    });
                return Some(Pending {
                    what: format!("{req}: acp_complete of rank {rank}'s handle {h}{oldest}"),
                    on: None,
                });
            }
            e.invalidating
                .filter(|(r, _)| *r == req)
                .map(|(_, left)| Pending {
                    what: format!(
                        "{req}: acp_register_memory waiting for {left} ranks to acknowledge dropping rank {rank}'s table"
                    ),
                    on: None,
                })
        })
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <AcpRecord as crate::trace::RecordCodec>::KINDS
    }

    /// A flight landing at another rank (a put, a table read or flag, a command written into a
    /// source's buffer, an atomic's reply…): where the user is the network, one racing others to
    /// the same rank may be held back behind them (its completion then waits for its landing).
    fn delivery(&self, event: AcpEvent) -> Option<Delivery> {
        let AcpEvent::Land(id) = event else {
            return None;
        };
        let air = self.flights.get(&id)?;
        (air.from != air.to).then_some(Delivery {
            from: air.from,
            to: air.to,
        })
    }

    fn describe_delivery(&self, event: AcpEvent) -> String {
        let AcpEvent::Land(id) = event else {
            return String::new();
        };
        self.flights
            .get(&id)
            .map_or_else(String::new, |air| match &air.flight {
                Flight::TableRead { .. } => "a read of the registration table".to_string(),
                Flight::TableFlag { .. } => "a flag in the table's holders".to_string(),
                Flight::Put { bytes, .. } => {
                    format!("a put of {} bytes", bytes.as_ref().map_or(0, Vec::len))
                }
                Flight::Get { len, .. } => format!("a get of {len} bytes"),
                Flight::Tail { .. } => "a fetch-and-add on the command buffer's tail".to_string(),
                Flight::Command { .. } => "a command for the remote command buffer".to_string(),
                Flight::Reply { .. } => "an atomic's old value".to_string(),
                Flight::Status { .. } => "a completion command".to_string(),
                Flight::Invalidate { .. } => "a request to drop the table".to_string(),
                Flight::Ack { .. } => "an acknowledgement".to_string(),
            })
    }

    fn heap_bytes(&self) -> usize {
        self.endpoints
            .values()
            .map(|e| {
                std::mem::size_of::<Endpoint>()
                    + e.regs.in_use().count() * 64
                    + e.queue.len() * std::mem::size_of::<super::command::Command>()
                    + e.remote.capacity() * std::mem::size_of::<RemoteCommand>()
                    + (e.cache.len() + e.peers.len() + e.flagged.len()) * 24
            })
            .sum::<usize>()
            + self.flights.len() * (std::mem::size_of::<InAir>() + 16)
            + self.posts.len() * (std::mem::size_of::<Post>() + 16)
    }
}
