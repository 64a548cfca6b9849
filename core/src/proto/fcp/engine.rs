//! VCL and FCP as an engine on FOLON's bus, for any layer whose processes talk through them
//! (the `Fcp` layer's ranks, PVM's daemons): every call a sequence of word accesses to the
//! dual-port memories, each timed on the bus, each with its record, each applied to the
//! memory's values when it ends. The owner numbers its processes from 0 (here called ranks),
//! says which PE each is on and how its records name it, starts calls with a token, routes the
//! engine's events back to [`FcpEngine::step`], and gets each finished call back as [`Done`].
//!
//! Model (paper 004 Secs. 2.2, 3 and 6.1.2; the procedures are this simulator's
//! reconstruction: the paper gives the structures' sizes, Table 4, and the words each transfer
//! loads and stores, Table 5, not the code):
//! - **VCL** maps the dual-port memories into user space: a load or store of the PE's own
//!   memory takes `own_access` (400 ns) without the bus; another PE's, `remote_access` (2.1 µs)
//!   holding the bus. Its test&set takes the PE's kernel flag by a system call, locks the bus
//!   for a load and a store of the lock word, and gives the flag back by a system call.
//! - **FCP send** (the receiver's buffer is in the receiver's PE): FCP reads its own entry's
//!   group and the destination's entry (process id, group, PE, address) from the buffer table
//!   in PE 0's memory; FCP II reads the destination's one-word entry; FCP plus reads nothing
//!   (its copy of the table). Then it test&sets the buffer's lock, loads the management area
//!   (owner, group, capacity, write and read offsets, message count; FCP II one word of
//!   offsets), writes the header and the data into the ring, writes the area back (FCP II:
//!   the offsets word) and releases the lock. A full buffer: release, wait for the owner to
//!   read, try again.
//! - **FCP receive**: polls its own area's message count (FCP II: the offsets word) without the
//!   lock until it changes (`FCP_Select`; a spin on its own memory), then (FCP) reads its own
//!   table entry, test&sets its lock, loads capacity and offsets and count (FCP II: the offsets
//!   word), reads the header, (FCP) checks the sender's entry (process id and group), reads the
//!   data, writes the area back and releases the lock. A sequence number in each header is
//!   checked against the receiver's own count: delivery is in order or the run fails.
//! - **VCL transfer** (Table 2's first row): the data and then a flag word stored into the
//!   receiver's mailbox; the receiver spins on its flag and reads the data.
//! - **FCP's code**: before each single-word access of an FCP call (table, area, header, poll,
//!   release; a test&set counts twice, as Table 5 counts it) FCP's own code runs for
//!   `protocol_word` (the `folon` profile: 2.39 µs, calibrated from the text — Tables 2 and 5
//!   put 3.64 µs on each counted word). VCL's transfer and a block of data pay none.
//!
//! Simplifications: the table and the areas are set up when the first call is made, at no
//! cost (as `FCP_alloc` by every process before the measured transfers); a process spinning on
//! its own memory sees a store when it lands; FCP's code costs the same for every word, whatever
//! the word is for (the paper gives only the average its numbers imply).

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use super::dual_port::{DualPort, Placement, Word, MAILBOX_BYTES, RING_BYTES};
use super::records::{AccessKind, FcpRecord, Side, Wait};
use super::variant::{Field, Variant};
use crate::engine::{EventCodec, Io, LayerEvent, Lift, Rank};
use crate::time::SimTime;

/// Set in a record's process label for a PVM daemon (the rest of the label is its PE).
pub const DAEMON: u32 = 1 << 31;

/// The group every process of a run joins (one user, one program).
const GROUP: u32 = 1;

/// Why a VCL or FCP call was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FcpError {
    /// The machine has no shared bus.
    NotOnBus {
        /// The machine's name.
        machine: String,
    },
    /// No such rank.
    NoSuchRank {
        /// The rank asked for.
        rank: i64,
        /// Ranks in the run.
        size: u32,
    },
    /// A message larger than a receive buffer (or a mailbox).
    TooLarge {
        /// Its bytes.
        bytes: u64,
        /// The most that fits.
        most: u64,
    },
    /// The structures do not fit the dual-port memories.
    Placement(String),
}

impl fmt::Display for FcpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FcpError::NotOnBus { machine } => write!(
                f,
                "VCL and FCP need FOLON's VME bus and dual-port memories; {machine} has none (run on folon)"
            ),
            FcpError::NoSuchRank { rank, size } => {
                write!(f, "rank {rank} does not exist (the run has {size} ranks)")
            }
            FcpError::TooLarge { bytes, most } => write!(
                f,
                "a message of {bytes} bytes does not fit: at most {most} bytes fit the receiver's buffer"
            ),
            FcpError::Placement(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for FcpError {}

/// A call in progress.
#[derive(Clone, Debug)]
enum Call {
    Send {
        dst: Rank,
        bytes: u32,
        data: Option<Vec<u8>>,
    },
    Recv {
        want_data: bool,
        got: Option<(Rank, u32, Vec<u8>)>,
    },
    VclSend {
        dst: Rank,
        bytes: u32,
        data: Option<Vec<u8>>,
    },
    VclRecv {
        bytes: u32,
        want_data: bool,
        got: Option<(Rank, Vec<u8>)>,
    },
}

/// One access a call will make.
#[derive(Clone, Debug)]
struct Access {
    word: Word,
    owner: Rank,
    field: Field,
    kind: Planned,
}

#[derive(Clone, Debug)]
enum Planned {
    Load,
    Store(u32),
    TestAndSet,
    Release,
    Poll,
    /// Bytes into (or out of) a ring of `ring_words` words at `ring`, from word `offset`.
    Data {
        store: bool,
        ring: Word,
        ring_words: u32,
        offset: u32,
        bytes: u32,
    },
}

/// The access on the bus now.
#[derive(Clone, Debug)]
struct Running {
    access: Access,
    start: SimTime,
    end: SimTime,
    waited: SimTime,
    across: bool,
    /// FCP's code before the access.
    code: SimTime,
}

/// An access in progress, as a view shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InFlight {
    /// Who (a record label).
    pub by: u32,
    /// Whose structure (a record label).
    pub owner: u32,
    /// Which word.
    pub field: Field,
    /// A test&set (the bus locked), not a plain load or store.
    pub test_and_set: bool,
    /// A store (or the data written), not a load.
    pub store: bool,
    /// Words moved.
    pub words: u32,
    /// In another PE's memory: it holds the bus.
    pub across: bool,
    /// When it started and ends.
    pub start: SimTime,
    /// When it ends.
    pub end: SimTime,
}

#[derive(Clone, Debug)]
struct Op {
    rank: Rank,
    token: u64,
    call: Call,
    plan: VecDeque<Access>,
    current: Option<Running>,
    /// After the plan: wait for this instead of finishing.
    then_wait: Option<Wait>,
    loads: u32,
    stores: u32,
    start: SimTime,
}

/// A call that finished: the owner's token, and for a receive what arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// The token the call was started with.
    pub token: u64,
    /// The process whose call it was.
    pub proc: Rank,
    /// A receive's sender (a send: its destination).
    pub peer: Rank,
    /// The message's bytes.
    pub bytes: u32,
    /// A receive's data, if asked for.
    pub data: Option<Vec<u8>>,
}

/// VCL and FCP among one run's processes (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct FcpEngine {
    variant: Variant,
    /// How the engine's steps are scheduled as its owner's events.
    lift: Lift<FcpEvent>,
    /// Each process's PE, and the label its records carry.
    pes: Vec<u32>,
    labels: Vec<u32>,
    placement: Option<Placement>,
    memory: DualPort,
    ops: BTreeMap<u32, Op>,
    next_op: u32,
    /// Receivers spinning on their own memory, by rank: the op.
    spinning: BTreeMap<Rank, u32>,
    /// Senders waiting for room in a rank's buffer.
    full: BTreeMap<Rank, Vec<u32>>,
    /// When each PE's kernel flag is free.
    kernel_free: BTreeMap<u32, SimTime>,
    /// Each receiver's count of messages read (the next sequence number it expects).
    expected: BTreeMap<Rank, u32>,
    /// VCL: the last flag value each receiver saw, and each sender's count per destination.
    seen: BTreeMap<Rank, u32>,
    flags: BTreeMap<Rank, u32>,
    /// VCL: who last stored each mailbox's flag.
    flag_from: BTreeMap<Rank, Rank>,
    /// FCP transfers finished, by side: how many, their loads and stores (Table 5).
    totals: BTreeMap<Side, (u64, u64, u64)>,
    /// Time the accesses took, by what they were for.
    spent: BTreeMap<Cost, SimTime>,
}

/// What an access's time went to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cost {
    /// Mutual exclusion: test&sets (system calls and the locked bus) and releases.
    Exclusion,
    /// Reading the buffer table.
    Table,
    /// The receive buffer's management area.
    Area,
    /// Message headers.
    Header,
    /// The data (and VCL's flag).
    Data,
    /// Polling for a message without the lock.
    Polling,
}

impl Cost {
    /// Every cost, in order.
    pub const ALL: [Cost; 6] = [
        Cost::Exclusion,
        Cost::Table,
        Cost::Area,
        Cost::Header,
        Cost::Data,
        Cost::Polling,
    ];

    /// In words.
    pub fn name(self) -> &'static str {
        match self {
            Cost::Exclusion => "exclusion",
            Cost::Table => "buffer table",
            Cost::Area => "management area",
            Cost::Header => "headers",
            Cost::Data => "data",
            Cost::Polling => "polling",
        }
    }
}

/// The time FCP's own code takes around an access, before it is made: `per_word` for each
/// single-word access of an FCP call (a table, area or header word, a poll, a release) and
/// twice that for a test&set (Table 5 counts it as a load and a store). Paper 004 Sec. 5.1
/// names the causes of FCP's latency over VCL's — "exclusion on the VME bus's shared
/// resources, the transfer of the headers that manage the receive buffer, and the search for
/// the receive buffer" — and Tables 2 and 5 put about 3.6 µs on each counted word, far above
/// the bus's 2.1 µs: the rest is this code. VCL's own transfer (a mapped store of the data and
/// of a flag, Table 2's 4.2 µs) and a block of data pay none.
fn protocol_code(call: &Call, kind: &Planned, per_word: SimTime) -> SimTime {
    match (call, kind) {
        (Call::VclSend { .. } | Call::VclRecv { .. }, _) | (_, Planned::Data { .. }) => {
            SimTime::ZERO
        }
        (_, Planned::TestAndSet) => per_word.times(2),
        _ => per_word,
    }
}

/// The engine's events (the FCP layer's; PVM's under `PvmEvent::Fcp`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FcpEvent {
    /// The access in flight of the op with this id ends ([`FcpEngine::step`]).
    Step(u32),
}

impl EventCodec for FcpEvent {
    fn encode(self) -> LayerEvent {
        let FcpEvent::Step(a) = self;
        LayerEvent { code: 0, a, b: 0 }
    }

    fn decode(e: LayerEvent) -> FcpEvent {
        match e.code {
            0 => FcpEvent::Step(e.a),
            other => unreachable!("no FCP event {other}"),
        }
    }
}

impl FcpEngine {
    /// An engine with `variant` for every FCP call, its steps scheduled as the owner's events
    /// through `lift`.
    pub fn new(variant: Variant, lift: Lift<FcpEvent>) -> FcpEngine {
        FcpEngine {
            variant,
            lift,
            ..FcpEngine::default()
        }
    }

    /// Whether [`FcpEngine::setup`] has run.
    pub fn is_set_up(&self) -> bool {
        self.placement.is_some()
    }

    /// The number of processes.
    pub fn procs(&self) -> u32 {
        self.pes.len() as u32
    }

    /// The label records carry for process `proc`.
    pub fn label(&self, proc: Rank) -> u32 {
        self.labels.get(proc as usize).copied().unwrap_or(proc)
    }

    /// Process `proc`'s PE.
    pub fn pe(&self, proc: Rank) -> u32 {
        self.pes.get(proc as usize).copied().unwrap_or(0)
    }

    /// Which FCP.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// FCP transfers finished on `side`: how many, and their loads and stores in all.
    pub fn totals(&self, side: Side) -> (u64, u64, u64) {
        self.totals.get(&side).copied().unwrap_or((0, 0, 0))
    }

    /// Time the accesses took, by what they were for (every call of the run).
    pub fn spent(&self, cost: Cost) -> SimTime {
        self.spent.get(&cost).copied().unwrap_or(SimTime::ZERO)
    }

    /// Places the processes — process `i` on PE `procs[i].0`, its records labelled
    /// `procs[i].1` — and writes the table and the areas (at no cost: as every process's
    /// `FCP_alloc` before the measured transfers). Fails off a bus, or when a PE is full.
    pub fn setup(&mut self, io: &mut Io<'_>, procs: &[(u32, u32)]) -> Result<(), FcpError> {
        if self.placement.is_some() {
            return Ok(());
        }
        let machine = io.machine();
        if machine.bus().is_none() {
            return Err(FcpError::NotOnBus {
                machine: machine.name().to_string(),
            });
        }
        let size = procs.len() as u32;
        self.pes = procs.iter().map(|p| p.0).collect();
        self.labels = procs.iter().map(|p| p.1).collect();
        let pes = self.pes.clone();
        let placement =
            Placement::new(self.variant, size, |r| pes[r as usize]).map_err(FcpError::Placement)?;
        for rank in 0..size {
            let Some(place) = placement.of(rank).copied() else {
                continue;
            };
            let mut set = |field: Field, value: u32| {
                if let Some(w) = placement.field(rank, field) {
                    self.memory.set(w, value);
                }
            };
            match self.variant {
                Variant::FcpII => set(Field::EntryPacked, 1 | GROUP << 8),
                _ => {
                    set(Field::EntryPid, rank + 1);
                    set(Field::EntryGroup, GROUP);
                    set(Field::EntryPe, place.area.pe);
                    set(Field::EntryAddress, place.area.addr);
                    set(Field::Owner, rank + 1);
                    set(Field::Group, GROUP);
                    set(Field::Capacity, RING_BYTES);
                }
            }
        }
        self.placement = Some(placement);
        Ok(())
    }

    fn check(&self, dst: i64, bytes: u64, most: u64) -> Result<Rank, FcpError> {
        let size = self.procs();
        let dst = Rank::try_from(dst)
            .ok()
            .filter(|d| *d < size)
            .ok_or(FcpError::NoSuchRank { rank: dst, size })?;
        if bytes > most {
            return Err(FcpError::TooLarge { bytes, most });
        }
        Ok(dst)
    }

    /// The largest message a receive buffer takes.
    pub fn max_message(&self) -> u64 {
        let header = self.variant.layout().header.len() as u64 * 4;
        u64::from(RING_BYTES) - header
    }

    /// `FCP_send(dst, data)` by `rank`: done when the message is in `dst`'s buffer.
    pub fn send(
        &mut self,
        io: &mut Io<'_>,
        (rank, token): (Rank, u64),
        dst: i64,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<(), FcpError> {
        let most = self.max_message();
        let dst = self.check(dst, bytes, most)?;
        let call = Call::Send {
            dst,
            bytes: bytes as u32,
            data,
        };
        self.begin(io, (rank, token), call);
        Ok(())
    }

    /// `FCP_recv` by `rank`: done with the next message (its data if `want_data`).
    pub fn recv(&mut self, io: &mut Io<'_>, (rank, token): (Rank, u64), want_data: bool) {
        let call = Call::Recv {
            want_data,
            got: None,
        };
        self.begin(io, (rank, token), call);
    }

    /// VCL by `rank`: `bytes` stored into `dst`'s mailbox, then its flag.
    pub fn vcl_send(
        &mut self,
        io: &mut Io<'_>,
        (rank, token): (Rank, u64),
        dst: i64,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<(), FcpError> {
        let dst = self.check(dst, bytes, u64::from(MAILBOX_BYTES))?;
        let call = Call::VclSend {
            dst,
            bytes: bytes as u32,
            data,
        };
        self.begin(io, (rank, token), call);
        Ok(())
    }

    /// VCL by `rank`: spin on its mailbox's flag, then read `bytes` of it.
    pub fn vcl_recv(
        &mut self,
        io: &mut Io<'_>,
        (rank, token): (Rank, u64),
        bytes: u64,
        want_data: bool,
    ) -> Result<(), FcpError> {
        self.check(i64::from(rank), bytes, u64::from(MAILBOX_BYTES))?;
        let call = Call::VclRecv {
            bytes: bytes as u32,
            want_data,
            got: None,
        };
        self.begin(io, (rank, token), call);
        Ok(())
    }

    fn begin(&mut self, io: &mut Io<'_>, (rank, token): (Rank, u64), call: Call) {
        let id = self.next_op;
        self.next_op += 1;
        let mut op = Op {
            rank,
            token,
            call,
            plan: VecDeque::new(),
            current: None,
            then_wait: None,
            loads: 0,
            stores: 0,
            start: io.now(),
        };
        op.plan = self.opening(&op);
        self.ops.insert(id, op);
        self.start_next(io, id);
    }

    fn place(&self, rank: Rank) -> super::dual_port::Place {
        *self
            .placement
            .as_ref()
            .and_then(|p| p.of(rank))
            .expect("placed at setup")
    }

    fn word(&self, rank: Rank, field: Field) -> Word {
        self.placement
            .as_ref()
            .and_then(|p| p.field(rank, field))
            .expect("the variant's layout has the field")
    }

    fn access(&self, rank: Rank, field: Field, kind: Planned) -> Access {
        Access {
            word: self.word(rank, field),
            owner: rank,
            field,
            kind,
        }
    }

    /// The accesses a call starts with (up to the lock, or the first poll).
    fn opening(&self, op: &Op) -> VecDeque<Access> {
        let me = op.rank;
        let mut plan = VecDeque::new();
        match &op.call {
            Call::Send { dst, .. } => {
                match self.variant {
                    Variant::Fcp => {
                        plan.push_back(self.access(me, Field::EntryGroup, Planned::Load));
                        for f in [
                            Field::EntryPid,
                            Field::EntryGroup,
                            Field::EntryPe,
                            Field::EntryAddress,
                        ] {
                            plan.push_back(self.access(*dst, f, Planned::Load));
                        }
                    }
                    Variant::FcpII => {
                        plan.push_back(self.access(*dst, Field::EntryPacked, Planned::Load));
                    }
                    Variant::FcpPlus => {}
                }
                plan.push_back(self.access(*dst, Field::Lock, Planned::TestAndSet));
            }
            Call::Recv { .. } => {
                plan.push_back(self.access(me, self.variant.poll_field(), Planned::Poll));
            }
            Call::VclSend {
                dst, bytes, data, ..
            } => {
                let mailbox = self.place(*dst).mailbox;
                if *bytes > 0 {
                    plan.push_back(Access {
                        word: mailbox.plus(1),
                        owner: *dst,
                        field: Field::MailboxData,
                        kind: Planned::Data {
                            store: true,
                            ring: mailbox.plus(1),
                            ring_words: MAILBOX_BYTES / 4,
                            offset: 0,
                            bytes: *bytes,
                        },
                    });
                }
                let _ = data;
                let flag = self.flags.get(dst).copied().unwrap_or(0) + 1;
                plan.push_back(Access {
                    word: mailbox,
                    owner: *dst,
                    field: Field::Flag,
                    kind: Planned::Store(flag),
                });
            }
            Call::VclRecv { .. } => {
                plan.push_back(Access {
                    word: self.place(me).mailbox,
                    owner: me,
                    field: Field::Flag,
                    kind: Planned::Poll,
                });
            }
        }
        plan
    }

    /// Starts the op's next access, or finishes it.
    fn start_next(&mut self, io: &mut Io<'_>, id: u32) {
        let Some(op) = self.ops.get_mut(&id) else {
            return;
        };
        let Some(access) = op.plan.pop_front() else {
            return;
        };
        let now = io.now();
        let me = self.pes.get(op.rank as usize).copied().unwrap_or(0);
        let across = access.word.pe != me;
        let machine = io.machine();
        let Some(bus) = machine.bus() else {
            return;
        };
        let syscall = bus.params().syscall;
        // The library's own code runs first, then the access.
        let code = protocol_code(&op.call, &access.kind, bus.params().protocol_word);
        let ready = now + code;
        let (end, waited) = match &access.kind {
            Planned::TestAndSet => {
                let free = self.kernel_free.get(&me).copied().unwrap_or(SimTime::ZERO);
                let start = ready.max(free);
                let t = bus.test_and_set(start, across);
                let end = t.lock.end + syscall;
                self.kernel_free.insert(me, end);
                (end, (start - ready) + t.lock.waited)
            }
            Planned::Data { bytes, .. } => {
                let words = bus.words(u64::from(*bytes));
                let u = if across {
                    bus.remote_access(ready, words)
                } else {
                    bus.own_access(ready, words)
                };
                (u.end, u.waited)
            }
            _ => {
                let u = if across {
                    bus.remote_access(ready, 1)
                } else {
                    bus.own_access(ready, 1)
                };
                (u.end, u.waited)
            }
        };
        op.current = Some(Running {
            access,
            start: now,
            end,
            waited,
            across,
            code,
        });
        self.lift.schedule(io, end, FcpEvent::Step(id));
    }

    /// The owner's event for op `id` fell due: the access in flight ends — its effect, its
    /// record, what follows — and the call, if that was its last access. An error names the
    /// process whose call broke the protocol.
    pub fn step(&mut self, io: &mut Io<'_>, id: u32) -> Result<Option<Done>, (Rank, String)> {
        let Some(mut op) = self.ops.remove(&id) else {
            return Ok(None);
        };
        let Some(run) = op.current.take() else {
            self.ops.insert(id, op);
            return Ok(None);
        };
        let a = &run.access;
        let rank = op.rank;
        let fail = |message: String| (rank, message);
        let (kind, value, words) = match &a.kind {
            Planned::Load => (AccessKind::Load, self.memory.get(a.word), 1),
            Planned::Poll => (AccessKind::Poll, self.memory.get(a.word), 1),
            Planned::Store(v) => {
                self.memory.set(a.word, *v);
                (AccessKind::Store, *v, 1)
            }
            Planned::Release => {
                self.memory.set(a.word, 0);
                (AccessKind::Release, 0, 1)
            }
            Planned::TestAndSet => {
                let old = self.memory.get(a.word);
                let got = old == 0;
                if got {
                    self.memory.set(a.word, op.rank + 1);
                }
                (AccessKind::TestAndSet { got }, old, 1)
            }
            Planned::Data {
                store,
                ring,
                ring_words,
                offset,
                bytes,
            } => {
                if *store {
                    let data = match &op.call {
                        Call::Send { data: Some(d), .. } | Call::VclSend { data: Some(d), .. } => {
                            d.clone()
                        }
                        _ => vec![0; *bytes as usize],
                    };
                    self.memory.write_ring(*ring, *ring_words, *offset, &data);
                    (AccessKind::DataStore, *bytes, bytes.div_ceil(4))
                } else {
                    let data = self.memory.read_ring(*ring, *ring_words, *offset, *bytes);
                    match &mut op.call {
                        Call::Recv {
                            got: Some((_, _, d)),
                            ..
                        }
                        | Call::VclRecv {
                            got: Some((_, d)), ..
                        } => *d = data,
                        _ => {}
                    }
                    (AccessKind::DataLoad, *bytes, bytes.div_ceil(4))
                }
            }
        };
        let (l, s) = kind.counts();
        op.loads += l;
        op.stores += s;
        let cost = match kind {
            AccessKind::TestAndSet { .. } | AccessKind::Release => Cost::Exclusion,
            AccessKind::Poll => Cost::Polling,
            _ => match a.field.structure() {
                super::variant::Structure::Table => Cost::Table,
                super::variant::Structure::Area => Cost::Area,
                super::variant::Structure::Header => Cost::Header,
                super::variant::Structure::Data | super::variant::Structure::Mailbox => Cost::Data,
            },
        };
        *self.spent.entry(cost).or_insert(SimTime::ZERO) += io.now() - run.start;
        io.record(FcpRecord::Access {
            rank: self.label(op.rank),
            owner: self.label(a.owner),
            field: a.field,
            kind,
            value,
            words,
            across: run.across,
            start: run.start,
            waited: run.waited,
            code: run.code,
        });
        if kind.writes() {
            self.watch(io, op.rank, a);
        }
        match kind {
            AccessKind::TestAndSet { got: false } => op.plan.push_front(run.access.clone()),
            AccessKind::TestAndSet { got: true } => {
                op.plan = self.critical(&mut op).map_err(fail)?;
            }
            AccessKind::Poll => match &mut op.call {
                Call::Recv { .. } => {
                    let visible = match self.variant {
                        Variant::FcpII => value & 0xffff != value >> 16,
                        _ => value != self.expected.get(&op.rank).copied().unwrap_or(0),
                    };
                    if visible {
                        op.plan = self.receive_opening(op.rank);
                    } else {
                        op.then_wait = Some(Wait::Message);
                    }
                }
                Call::VclRecv { bytes, got, .. } => {
                    if value != self.seen.get(&op.rank).copied().unwrap_or(0) {
                        self.seen.insert(op.rank, value);
                        let from = self.flag_from.get(&op.rank).copied().unwrap_or(op.rank);
                        *got = Some((from, Vec::new()));
                        let mailbox = self.place(op.rank).mailbox;
                        if *bytes > 0 {
                            op.plan.push_back(Access {
                                word: mailbox.plus(1),
                                owner: op.rank,
                                field: Field::MailboxData,
                                kind: Planned::Data {
                                    store: false,
                                    ring: mailbox.plus(1),
                                    ring_words: MAILBOX_BYTES / 4,
                                    offset: 0,
                                    bytes: *bytes,
                                },
                            });
                        }
                    } else {
                        op.then_wait = Some(Wait::Message);
                    }
                }
                _ => {}
            },
            _ => {}
        }
        if let Call::VclSend { dst, .. } = op.call {
            if a.field == Field::Flag {
                self.flags.insert(dst, value);
                self.flag_from.insert(dst, op.rank);
            }
        }
        if !op.plan.is_empty() {
            self.ops.insert(id, op);
            self.start_next(io, id);
        } else if let Some(wait) = op.then_wait.take() {
            let shown = match wait {
                Wait::Space { of } => Wait::Space { of: self.label(of) },
                w => w,
            };
            io.record(FcpRecord::Waits {
                rank: self.label(op.rank),
                wait: shown,
            });
            match wait {
                Wait::Message => {
                    self.spinning.insert(op.rank, id);
                }
                Wait::Space { of } => self.full.entry(of).or_default().push(id),
            }
            self.ops.insert(id, op);
        } else {
            return Ok(Some(self.finish(io, op)));
        }
        Ok(None)
    }

    /// A store by `writer` landed: wake who spins on that word.
    fn watch(&mut self, io: &mut Io<'_>, writer: Rank, a: &Access) {
        let owner = a.owner;
        let polled = a.field == self.variant.poll_field() || a.field == Field::Flag;
        if polled && writer != owner {
            if let Some(id) = self.spinning.remove(&owner) {
                if let Some(op) = self.ops.get(&id) {
                    let plan = self.opening(op);
                    if let Some(op) = self.ops.get_mut(&id) {
                        op.plan = plan;
                    }
                }
                self.start_next(io, id);
            }
        }
        let room = matches!(a.field, Field::ReadOffset | Field::Offsets);
        if room && writer == owner {
            for id in self.full.remove(&owner).unwrap_or_default() {
                if let Some(op) = self.ops.get_mut(&id) {
                    if let Call::Send { dst, .. } = op.call {
                        op.plan = VecDeque::from([Access {
                            word: self
                                .placement
                                .as_ref()
                                .and_then(|p| p.field(dst, Field::Lock))
                                .expect("placed"),
                            owner: dst,
                            field: Field::Lock,
                            kind: Planned::TestAndSet,
                        }]);
                    }
                }
                self.start_next(io, id);
            }
        }
    }

    /// A receive that saw a message: (FCP) its own table entry, then its lock.
    fn receive_opening(&self, me: Rank) -> VecDeque<Access> {
        let mut plan = VecDeque::new();
        if self.variant.reads_table() {
            for f in [
                Field::EntryPid,
                Field::EntryGroup,
                Field::EntryPe,
                Field::EntryAddress,
            ] {
                plan.push_back(self.access(me, f, Planned::Load));
            }
        }
        plan.push_back(self.access(me, Field::Lock, Planned::TestAndSet));
        plan
    }

    /// The accesses under the lock, computed from the memory as the lock is taken (nobody
    /// else changes the area while it is held).
    fn critical(&self, op: &mut Op) -> Result<VecDeque<Access>, String> {
        let me = op.rank;
        let mut plan = VecDeque::new();
        let v = self.variant;
        match &mut op.call {
            Call::Send { dst, bytes, .. } => {
                let dst = *dst;
                let place = self.place(dst);
                let header = v.layout().header;
                let need = header.len() as u32 + bytes.div_ceil(4);
                let get = |f: Field| self.memory.get(self.word(dst, f));
                let (write, read, free) = match v {
                    Variant::FcpII => {
                        let o = get(Field::Offsets);
                        plan.push_back(self.access(dst, Field::Offsets, Planned::Load));
                        if self.memory.get(self.word(dst, Field::EntryPacked)) & 1 == 0 {
                            return Err(format!("rank {dst} has no receive buffer (its entry says it is not running)"));
                        }
                        let (w, r) = (o & 0xffff, o >> 16);
                        (
                            w,
                            r,
                            place.ring_words.saturating_sub(w.wrapping_sub(r) & 0xffff),
                        )
                    }
                    _ => {
                        for f in [
                            Field::Owner,
                            Field::Group,
                            Field::Capacity,
                            Field::WriteOffset,
                            Field::ReadOffset,
                            Field::Messages,
                        ] {
                            plan.push_back(self.access(dst, f, Planned::Load));
                        }
                        if get(Field::Owner) != dst + 1 || get(Field::Group) != GROUP {
                            return Err(format!(
                                "rank {dst}'s receive buffer is not registered to it in this group"
                            ));
                        }
                        let (w, r) = (get(Field::WriteOffset), get(Field::ReadOffset));
                        (
                            w,
                            r,
                            (get(Field::Capacity) / 4).saturating_sub(w.wrapping_sub(r)),
                        )
                    }
                };
                if need > free {
                    plan.push_back(self.access(dst, Field::Lock, Planned::Release));
                    op.then_wait = Some(Wait::Space { of: dst });
                    return Ok(plan);
                }
                let messages = if v == Variant::FcpII {
                    0
                } else {
                    get(Field::Messages)
                };
                let ring_at = |i: u32| place.ring.plus(write.wrapping_add(i) % place.ring_words);
                for (i, f) in header.iter().enumerate() {
                    let value = match f {
                        Field::Source => me + 1,
                        Field::Length => *bytes,
                        _ => messages,
                    };
                    plan.push_back(Access {
                        word: ring_at(i as u32),
                        owner: dst,
                        field: *f,
                        kind: Planned::Store(value),
                    });
                }
                if *bytes > 0 {
                    plan.push_back(Access {
                        word: ring_at(header.len() as u32),
                        owner: dst,
                        field: Field::Data,
                        kind: Planned::Data {
                            store: true,
                            ring: place.ring,
                            ring_words: place.ring_words,
                            offset: write.wrapping_add(header.len() as u32) % place.ring_words,
                            bytes: *bytes,
                        },
                    });
                }
                self.write_back(
                    &mut plan,
                    dst,
                    (write.wrapping_add(need), read, messages.wrapping_add(1)),
                );
                plan.push_back(self.access(dst, Field::Lock, Planned::Release));
            }
            Call::Recv { got, .. } => {
                let place = self.place(me);
                let get = |f: Field| self.memory.get(self.word(me, f));
                let header = v.layout().header;
                let (write, read, messages) = match v {
                    Variant::FcpII => {
                        plan.push_back(self.access(me, Field::Offsets, Planned::Load));
                        let o = get(Field::Offsets);
                        (o & 0xffff, o >> 16, 0)
                    }
                    _ => {
                        for f in [
                            Field::Capacity,
                            Field::WriteOffset,
                            Field::ReadOffset,
                            Field::Messages,
                        ] {
                            plan.push_back(self.access(me, f, Planned::Load));
                        }
                        (
                            get(Field::WriteOffset),
                            get(Field::ReadOffset),
                            get(Field::Messages),
                        )
                    }
                };
                if write == read {
                    plan.push_back(self.access(me, Field::Lock, Planned::Release));
                    op.then_wait = Some(Wait::Message);
                    return Ok(plan);
                }
                let ring_at = |i: u32| place.ring.plus(read.wrapping_add(i) % place.ring_words);
                let mut source = 0;
                let mut len = 0;
                for (i, f) in header.iter().enumerate() {
                    let w = ring_at(i as u32);
                    let value = self.memory.get(w);
                    match f {
                        Field::Source => source = value,
                        Field::Length => len = value,
                        Field::Sequence => {
                            let expected = self.expected.get(&me).copied().unwrap_or(0);
                            if value != expected {
                                return Err(format!(
                                    "rank {me} found message {value} where message {expected} should be: delivery out of order"
                                ));
                            }
                        }
                        _ => {}
                    }
                    plan.push_back(Access {
                        word: w,
                        owner: me,
                        field: *f,
                        kind: Planned::Load,
                    });
                }
                let src = source.checked_sub(1).ok_or_else(|| {
                    format!("rank {me}'s receive buffer holds a header without a source")
                })?;
                if v.reads_table() {
                    plan.push_back(self.access(src, Field::EntryPid, Planned::Load));
                    plan.push_back(self.access(src, Field::EntryGroup, Planned::Load));
                }
                if len > 0 {
                    plan.push_back(Access {
                        word: ring_at(header.len() as u32),
                        owner: me,
                        field: Field::Data,
                        kind: Planned::Data {
                            store: false,
                            ring: place.ring,
                            ring_words: place.ring_words,
                            offset: read.wrapping_add(header.len() as u32) % place.ring_words,
                            bytes: len,
                        },
                    });
                }
                let need = header.len() as u32 + len.div_ceil(4);
                self.write_back(&mut plan, me, (write, read.wrapping_add(need), messages));
                plan.push_back(self.access(me, Field::Lock, Planned::Release));
                *got = Some((src, len, Vec::new()));
            }
            Call::VclSend { .. } | Call::VclRecv { .. } => {}
        }
        Ok(plan)
    }

    /// `owner`'s management area written back with these offsets and count: FCP II's one
    /// word of both offsets (16 bits each), or FCP's six words after the lock.
    fn write_back(
        &self,
        plan: &mut VecDeque<Access>,
        owner: Rank,
        (write, read, messages): (u32, u32, u32),
    ) {
        if self.variant == Variant::FcpII {
            let offsets = (write & 0xffff) | (read & 0xffff) << 16;
            plan.push_back(self.access(owner, Field::Offsets, Planned::Store(offsets)));
            return;
        }
        for (f, value) in [
            (Field::Owner, owner + 1),
            (Field::Group, GROUP),
            (Field::Capacity, RING_BYTES),
            (Field::WriteOffset, write),
            (Field::ReadOffset, read),
            (Field::Messages, messages),
        ] {
            plan.push_back(self.access(owner, f, Planned::Store(value)));
        }
    }

    fn finish(&mut self, io: &mut Io<'_>, op: Op) -> Done {
        let (peer, side, vcl, bytes, data) = match op.call {
            Call::Send { dst, bytes, .. } => (dst, Side::Send, false, bytes, None),
            Call::VclSend { dst, bytes, .. } => (dst, Side::Send, true, bytes, None),
            Call::Recv { want_data, got } => {
                let (src, len, data) = got.unwrap_or((op.rank, 0, Vec::new()));
                *self.expected.entry(op.rank).or_insert(0) += 1;
                (src, Side::Receive, false, len, want_data.then_some(data))
            }
            Call::VclRecv {
                bytes,
                want_data,
                got,
            } => {
                let data = got.map(|g| g.1).unwrap_or_default();
                (
                    op.rank,
                    Side::Receive,
                    true,
                    bytes,
                    want_data.then_some(data),
                )
            }
        };
        if !vcl {
            let t = self.totals.entry(side).or_insert((0, 0, 0));
            t.0 += 1;
            t.1 += u64::from(op.loads);
            t.2 += u64::from(op.stores);
        }
        io.record(FcpRecord::Transfer {
            rank: self.label(op.rank),
            peer: self.label(peer),
            side,
            variant: self.variant,
            vcl,
            bytes,
            loads: op.loads,
            stores: op.stores,
            start: op.start,
        });
        Done {
            token: op.token,
            proc: op.rank,
            peer,
            bytes,
            data,
        }
    }

    /// The accesses in progress (each call has at most one), oldest first.
    pub fn in_flight(&self) -> Vec<InFlight> {
        let mut v: Vec<InFlight> = self
            .ops
            .values()
            .filter_map(|op| {
                let r = op.current.as_ref()?;
                let (test_and_set, store, words) = match &r.access.kind {
                    Planned::TestAndSet => (true, true, 1),
                    Planned::Store(_) | Planned::Release => (false, true, 1),
                    Planned::Load | Planned::Poll => (false, false, 1),
                    Planned::Data { store, bytes, .. } => (false, *store, bytes.div_ceil(4)),
                };
                Some(InFlight {
                    by: self.label(op.rank),
                    owner: self.label(r.access.owner),
                    field: r.access.field,
                    test_and_set,
                    store,
                    words,
                    across: r.across,
                    start: r.start,
                    end: r.end,
                })
            })
            .collect();
        v.sort_by_key(|f| (f.start, f.end));
        v
    }

    /// Process `proc`'s management area, word by word.
    pub fn area(&self, proc: Rank) -> Vec<(Field, u32)> {
        self.fields(proc, self.variant.layout().area)
    }

    /// Process `proc`'s buffer-table entry, word by word.
    pub fn entry(&self, proc: Rank) -> Vec<(Field, u32)> {
        self.fields(proc, self.variant.layout().entry)
    }

    fn fields(&self, proc: Rank, layout: &[Field]) -> Vec<(Field, u32)> {
        let Some(p) = self.placement.as_ref() else {
            return Vec::new();
        };
        layout
            .iter()
            .filter_map(|f| p.field(proc, *f).map(|w| (*f, self.memory.get(w))))
            .collect()
    }

    /// What the call started with `token` is doing, in words (deadlock reports), and the
    /// process it waits on, if one.
    pub fn describe(&self, token: u64) -> Option<(String, Option<Rank>)> {
        let op = self.ops.values().find(|o| o.token == token)?;
        Some(match &op.call {
            Call::Send { dst, bytes, .. } => (
                format!("an FCP send of {bytes} bytes to process {dst}"),
                Some(*dst),
            ),
            Call::Recv { .. } => ("an FCP receive, waiting for a message".to_string(), None),
            Call::VclSend { dst, .. } => {
                (format!("a VCL store into process {dst}'s mailbox"), None)
            }
            Call::VclRecv { .. } => ("a VCL spin on its mailbox's flag".to_string(), None),
        })
    }

    /// Estimated heap bytes.
    pub fn heap_bytes(&self) -> usize {
        self.memory.used() * 24 + self.ops.len() * 256
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::builtin_profile;

    const WORD: SimTime = SimTime::from_ns(2_390);

    fn send() -> Call {
        Call::Send {
            dst: 1,
            bytes: 4,
            data: None,
        }
    }

    #[test]
    fn fcp_code_runs_once_per_protocol_word_twice_per_test_and_set() {
        assert_eq!(protocol_code(&send(), &Planned::Load, WORD), WORD);
        assert_eq!(protocol_code(&send(), &Planned::Store(3), WORD), WORD);
        assert_eq!(protocol_code(&send(), &Planned::Release, WORD), WORD);
        let recv = Call::Recv {
            want_data: false,
            got: None,
        };
        assert_eq!(protocol_code(&recv, &Planned::Poll, WORD), WORD);
        assert_eq!(
            protocol_code(&send(), &Planned::TestAndSet, WORD),
            WORD.times(2)
        );
        // A block of data is a copy, not a word of protocol.
        let data = Planned::Data {
            store: true,
            ring: Word { pe: 1, addr: 0 },
            ring_words: 4,
            offset: 0,
            bytes: 4096,
        };
        assert_eq!(protocol_code(&send(), &data, WORD), SimTime::ZERO);
        // VCL's transfer is mapped stores: no library code (Table 2's 4.2 µs is two words).
        let vcl = Call::VclSend {
            dst: 1,
            bytes: 4,
            data: None,
        };
        assert_eq!(protocol_code(&vcl, &Planned::Store(1), WORD), SimTime::ZERO);
    }

    /// The `folon` profile's two calibrations give back the paper's statements they come from.
    #[test]
    fn the_profile_reproduces_the_texts_per_word_and_per_exclusion_costs() {
        let p = builtin_profile("folon").expect("folon");
        let b = p.network.bus.as_ref().expect("a bus");
        let (own, remote) = (b.own_access_ns.value / 1e3, b.remote_access_ns.value / 1e3);
        let code = b.protocol_word_us.value;
        // A counted word in the measured ping-pong (PEs 0 and 1, half own, half remote).
        let counted = code + (own + remote) / 2.0;
        // Tables 2 and 5: (240 − 200) µs for the 11 words FCP plus saves.
        assert!((counted - 40.0 / 11.0).abs() < 0.01, "{counted}");
        // Sec. 6.1.1: without the two system calls an exclusion (test&set's load and store,
        // the release's store) costs about half.
        let memory = 3.0 * counted;
        let whole = memory + 2.0 * b.syscall_us.value;
        assert!((memory / whole - 0.5).abs() < 0.01, "{}", memory / whole);
    }
}
