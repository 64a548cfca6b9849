//! The MPI library (`libs::mpi`) driven by scripted ranks on a real simulator: bytes and
//! statuses, wildcards and non-overtaking order, truncation and argument errors, requests
//! (persistent, freed, Waitany, Test), every collective on several sizes and machines, and a
//! property test of the matching against a naive reference matcher.

use proptest::prelude::*;
use rankscope_core::engine::{Program, RankCtx, Sim, SimError, Step};
use rankscope_core::lang::vm::memory::{
    Addr, Memory, STATUS_COUNT, STATUS_ERROR, STATUS_SIZE, STATUS_SOURCE, STATUS_TAG,
};
use rankscope_core::libs::mpi::constants::{
    MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_BYTE, MPI_CHAR, MPI_COMM_WORLD, MPI_DOUBLE, MPI_INT, MPI_MAX,
    MPI_MIN, MPI_PROD, MPI_REQUEST_NULL, MPI_SUM, MPI_UNDEFINED,
};
use rankscope_core::libs::mpi::{MpiCall, MpiState, Outcome, Value};
use rankscope_core::machine::{builtin_profile, builtin_profiles, Machine, Profile};
use rankscope_core::proto::p2p::{Protocol, ENGINES};
use rankscope_core::proto::SimConfig;
use rankscope_core::time::SimTime;

// ---------------------------------------------------------------------------------------------
// A scripted rank: a list of actions over its own memory.

/// First address of every rank's scratch area.
const BASE: Addr = 16;
/// Bytes of scratch memory per rank.
const SCRATCH: u32 = 1 << 16;

/// Address of byte `off` of the scratch area.
fn at(off: u32) -> Addr {
    BASE + off
}

const WORLD: i64 = MPI_COMM_WORLD as i64;
const INT: i64 = MPI_INT as i64;
const DOUBLE: i64 = MPI_DOUBLE as i64;
const ANY_SRC: i64 = MPI_ANY_SOURCE as i64;
const ANY_TAG: i64 = MPI_ANY_TAG as i64;

#[derive(Clone, Debug)]
enum Act {
    /// An MPI call.
    Call(MpiCall),
    /// Compute for this many microseconds.
    Compute(u64),
    /// Compute until this simulated time.
    Until(SimTime),
    /// A block boundary (`yield()`): handlers waiting on the processor run.
    Yield,
    /// Store bytes into memory.
    Write(Addr, Vec<u8>),
    /// Copy `len` bytes of memory into the log.
    Snap(Addr, u32),
    /// `MPI_Test` until the flag at `flag` is 1.
    TestUntilDone { request: Addr, flag: Addr },
}

#[derive(Clone, Debug)]
struct Rank {
    mpi: MpiState,
    mem: Memory,
    acts: Vec<Act>,
    next: usize,
    blocked: bool,
    /// Values returned by completed MPI calls, in order.
    returns: Vec<Value>,
    /// Snapshots taken by `Act::Snap`.
    snaps: Vec<Vec<u8>>,
    /// Number of `MPI_Test` calls made by `TestUntilDone`.
    tests: u32,
}

impl Rank {
    fn new(acts: Vec<Act>, mem: Memory) -> Rank {
        Rank {
            mpi: MpiState::new(),
            mem,
            acts,
            next: 0,
            blocked: false,
            returns: Vec::new(),
            snaps: Vec::new(),
            tests: 0,
        }
    }

    fn ints(&self, addr: Addr, n: u32) -> Vec<i32> {
        (0..n)
            .map(|i| self.mem.read_i32(addr + 4 * i).unwrap())
            .collect()
    }

    fn doubles(&self, addr: Addr, n: u32) -> Vec<f64> {
        (0..n)
            .map(|i| self.mem.read_f64(addr + 8 * i).unwrap())
            .collect()
    }

    fn int(&self, addr: Addr) -> i32 {
        self.mem.read_i32(addr).unwrap()
    }
}

impl Program for Rank {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        if self.blocked {
            match self.mpi.resume(&mut self.mem, ctx) {
                Ok(Outcome::Return(v)) => {
                    self.blocked = false;
                    self.returns.push(v);
                }
                Ok(Outcome::Block(step)) => return step,
                Ok(Outcome::Call(_)) => return Step::Fail("this harness runs no C".into()),
                Err(e) => return Step::Fail(e.to_string()),
            }
        }
        loop {
            let Some(act) = self.acts.get(self.next).cloned() else {
                return Step::Done;
            };
            self.next += 1;
            match act {
                Act::Call(call) => match self.mpi.call(call, &mut self.mem, ctx) {
                    Ok(Outcome::Return(v)) => self.returns.push(v),
                    Ok(Outcome::Block(step)) => {
                        self.blocked = true;
                        return step;
                    }
                    Ok(Outcome::Call(_)) => return Step::Fail("this harness runs no C".into()),
                    Err(e) => return Step::Fail(e.to_string()),
                },
                Act::Compute(us) => return Step::Compute(SimTime::from_us(us)),
                Act::Until(t) => {
                    if t > ctx.now() {
                        return Step::Compute(t.saturating_sub(ctx.now()));
                    }
                }
                Act::Yield => return Step::Yield,
                Act::Write(addr, bytes) => self.mem.write(addr, &bytes).unwrap(),
                Act::Snap(addr, len) => self.snaps.push(self.mem.read(addr, len).unwrap().to_vec()),
                Act::TestUntilDone { request, flag } => {
                    if self.tests > 0 && self.mem.read_i32(flag).unwrap() == 1 {
                        continue;
                    }
                    self.tests += 1;
                    self.next -= 1; // come back to check the flag
                    let call = mpi(
                        "MPI_Test",
                        &[i64::from(request), i64::from(flag), i64::from(0)],
                    );
                    match self.mpi.call(call, &mut self.mem, ctx) {
                        Ok(Outcome::Return(v)) => self.returns.push(v),
                        Ok(Outcome::Block(step)) => {
                            self.blocked = true;
                            return step;
                        }
                        Ok(Outcome::Call(_)) => return Step::Fail("this harness runs no C".into()),
                        Err(e) => return Step::Fail(e.to_string()),
                    }
                }
            }
        }
    }

    fn blocked_at(&self) -> Option<String> {
        self.mpi.blocked_call().map(str::to_string)
    }
}

fn profile(id: &str) -> Profile {
    builtin_profile(id).unwrap()
}

/// Fresh memory with the scratch area allocated at [`BASE`].
fn memory() -> Memory {
    let mut mem = Memory::new(SCRATCH + 1024);
    assert_eq!(mem.alloc(SCRATCH, 8).unwrap(), BASE);
    mem
}

/// Runs `n` ranks on machine `id`; `script(rank, &mut memory)` sets up each rank.
fn run_on(
    id: &str,
    n: u32,
    script: impl Fn(u32, &mut Memory) -> Vec<Act>,
) -> (Sim<Rank>, Result<(), SimError>) {
    run_with(id, n, SimConfig::default(), script)
}

fn run_with(
    id: &str,
    n: u32,
    config: SimConfig,
    script: impl Fn(u32, &mut Memory) -> Vec<Act>,
) -> (Sim<Rank>, Result<(), SimError>) {
    let machine = Machine::new(&profile(id), n).unwrap();
    let ranks = (0..n)
        .map(|r| {
            let mut mem = memory();
            let acts = script(r, &mut mem);
            Rank::new(acts, mem)
        })
        .collect();
    let mut sim = Sim::new(machine, ranks, config);
    let result = sim.run().map(|_| ());
    (sim, result)
}

fn run(n: u32, script: impl Fn(u32, &mut Memory) -> Vec<Act>) -> Sim<Rank> {
    let (sim, result) = run_on("ib-qdr", n, script);
    if let Err(e) = result {
        panic!("run failed: {e}");
    }
    sim
}

/// The message of the run's failure.
fn failure(n: u32, script: impl Fn(u32, &mut Memory) -> Vec<Act>) -> (u32, String) {
    match run_on("ib-qdr", n, script).1 {
        Err(SimError::Program { rank, message, .. }) => (rank, message),
        other => panic!("expected a program error, got {other:?}"),
    }
}

fn rank(sim: &Sim<Rank>, r: u32) -> &Rank {
    sim.program(r).unwrap()
}

fn ints(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn doubles(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn put(mem: &mut Memory, addr: Addr, bytes: &[u8]) {
    mem.write(addr, bytes).unwrap();
}

/// A call of the MPI function `name` with these argument words.
fn mpi(name: &str, args: &[i64]) -> MpiCall {
    MpiCall::named(name, args).unwrap_or_else(|| panic!("{name} with {} arguments", args.len()))
}

fn call(c: MpiCall) -> Act {
    Act::Call(c)
}

fn init() -> Act {
    call(mpi("MPI_Init", &[0, 0]))
}

fn send(buf: Addr, count: i64, dtype: i64, dest: i64, tag: i64) -> Act {
    call(mpi(
        "MPI_Send",
        &[i64::from(buf), count, dtype, dest, tag, WORLD],
    ))
}

fn recv(buf: Addr, count: i64, dtype: i64, source: i64, tag: i64, status: Addr) -> Act {
    call(mpi(
        "MPI_Recv",
        &[
            i64::from(buf),
            count,
            dtype,
            source,
            tag,
            WORLD,
            i64::from(status),
        ],
    ))
}

fn isend(buf: Addr, count: i64, dtype: i64, dest: i64, tag: i64, request: Addr) -> Act {
    call(mpi(
        "MPI_Isend",
        &[
            i64::from(buf),
            count,
            dtype,
            dest,
            tag,
            WORLD,
            i64::from(request),
        ],
    ))
}

fn irecv(buf: Addr, count: i64, dtype: i64, source: i64, tag: i64, request: Addr) -> Act {
    call(mpi(
        "MPI_Irecv",
        &[
            i64::from(buf),
            count,
            dtype,
            source,
            tag,
            WORLD,
            i64::from(request),
        ],
    ))
}

fn wait(request: Addr, status: Addr) -> Act {
    call(mpi("MPI_Wait", &[i64::from(request), i64::from(status)]))
}

fn barrier() -> Act {
    call(mpi("MPI_Barrier", &[WORLD]))
}

/// `(MPI_SOURCE, MPI_TAG, MPI_ERROR, byte count)` of the status at `addr`.
fn status(r: &Rank, addr: Addr) -> (i32, i32, i32, i32) {
    (
        r.int(addr + STATUS_SOURCE),
        r.int(addr + STATUS_TAG),
        r.int(addr + STATUS_ERROR),
        r.int(addr + STATUS_COUNT),
    )
}

// ---------------------------------------------------------------------------------------------
// Point to point.

#[test]
fn sends_move_bytes_exactly_and_fill_statuses_and_get_count() {
    let sim = run(2, |r, mem| {
        if r == 0 {
            put(mem, at(0), &ints(&[1, -2, 3, i32::MAX, 5]));
            put(mem, at(64), &doubles(&[0.5, -1e300, std::f64::consts::PI]));
            put(mem, at(128), b"hello");
            vec![
                init(),
                send(at(0), 5, INT, 1, 7),
                send(at(64), 3, DOUBLE, 1, 8),
                send(at(128), 5, i64::from(MPI_CHAR), 1, 9),
                call(mpi("MPI_Finalize", &[])),
            ]
        } else {
            vec![
                init(),
                recv(at(0), 10, INT, 0, 7, at(200)),
                call(mpi(
                    "MPI_Get_count",
                    &[i64::from(at(200)), INT, i64::from(at(300))],
                )),
                call(mpi(
                    "MPI_Get_count",
                    &[i64::from(at(200)), DOUBLE, i64::from(at(304))],
                )),
                recv(at(64), 3, DOUBLE, ANY_SRC, ANY_TAG, at(224)),
                recv(at(128), 8, i64::from(MPI_BYTE), 0, ANY_TAG, at(248)),
                call(mpi(
                    "MPI_Get_count",
                    &[i64::from(at(248)), i64::from(MPI_CHAR), i64::from(at(308))],
                )),
                call(mpi("MPI_Finalize", &[])),
            ]
        }
    });
    let r1 = rank(&sim, 1);
    assert_eq!(r1.ints(at(0), 6), [1, -2, 3, i32::MAX, 5, 0]);
    assert_eq!(r1.doubles(at(64), 3), [0.5, -1e300, std::f64::consts::PI]);
    assert_eq!(r1.mem.read(at(128), 6).unwrap(), b"hello\0");
    assert_eq!(status(r1, at(200)), (0, 7, 0, 20));
    assert_eq!(status(r1, at(224)), (0, 8, 0, 24));
    assert_eq!(status(r1, at(248)), (0, 9, 0, 5));
    assert_eq!(r1.int(at(300)), 5);
    assert_eq!(r1.int(at(304)), MPI_UNDEFINED);
    assert_eq!(r1.int(at(308)), 5);
    assert!(r1.returns.iter().all(|v| *v == Value::Int(0)));
    assert!(r1.mpi.is_finalized());
}

#[test]
fn wildcard_receives_keep_each_senders_order_and_tags_select() {
    // Ranks 1 and 2 send four messages each; rank 0 takes all eight with ANY_SOURCE/ANY_TAG.
    let sim = run(3, |r, mem| {
        if r == 0 {
            let mut acts = vec![init(), Act::Compute(500)];
            for i in 0..8 {
                acts.push(recv(
                    at(4 * i),
                    1,
                    INT,
                    ANY_SRC,
                    ANY_TAG,
                    at(100 + STATUS_SIZE * i),
                ));
            }
            // Tags select: the tag-6 receive skips the earlier tag-5 message.
            acts.push(recv(at(400), 1, INT, 1, 6, 0));
            acts.push(recv(at(404), 1, INT, 1, 5, 0));
            acts.push(recv(at(408), 1, INT, 1, 5, 0));
            acts
        } else {
            let mut acts = vec![init()];
            for (i, tag) in [3, 1, 3, 2].into_iter().enumerate() {
                let i = i as u32;
                put(mem, at(4 * i), &ints(&[r as i32 * 100 + i as i32]));
                acts.push(isend(at(4 * i), 1, INT, 0, tag, at(64 + 4 * i)));
            }
            acts.push(call(mpi(
                "MPI_Waitall",
                &[4, i64::from(at(64)), i64::from(0)],
            )));
            if r == 1 {
                put(mem, at(200), &ints(&[50, 60, 51]));
                acts.push(Act::Compute(1000));
                acts.push(send(at(200), 1, INT, 0, 5));
                acts.push(send(at(204), 1, INT, 0, 6));
                acts.push(send(at(208), 1, INT, 0, 5));
            }
            acts
        }
    });
    let r0 = rank(&sim, 0);
    let got = r0.ints(at(0), 8);
    for src in [1, 2] {
        let from: Vec<i32> = got.iter().copied().filter(|v| v / 100 == src).collect();
        assert_eq!(from, [0, 1, 2, 3].map(|i| src * 100 + i), "{got:?}");
    }
    for i in 0..8 {
        let (source, tag, _, bytes) = status(r0, at(100 + STATUS_SIZE * i));
        let v = got[i as usize];
        assert_eq!(source, v / 100);
        assert_eq!(tag, [3, 1, 3, 2][(v % 100) as usize]);
        assert_eq!(bytes, 4);
    }
    assert_eq!(r0.ints(at(400), 3), [60, 50, 51]);
}

#[test]
fn a_message_longer_than_the_buffer_is_an_error_naming_both_sizes() {
    let (r, message) = failure(2, |r, mem| {
        if r == 0 {
            put(mem, at(0), &ints(&[1, 2, 3, 4]));
            vec![init(), send(at(0), 4, INT, 1, 0)]
        } else {
            vec![init(), recv(at(0), 1, INT, 0, 0, 0)]
        }
    });
    assert_eq!(r, 1);
    assert_eq!(
        message,
        "MPI_Recv: message truncated: 16 bytes arrived from rank 0 (MPI_Send) for a buffer of 4 bytes (MPI_ERR_TRUNCATE)"
    );
}

#[test]
fn argument_and_life_cycle_errors_name_the_call() {
    let one = |acts: Vec<Act>| failure(4, move |r, _| if r == 0 { acts.clone() } else { vec![] }).1;
    assert_eq!(
        one(vec![init(), send(at(0), 1, INT, 5, 0)]),
        "MPI_Send: rank 5 does not exist: valid ranks are 0 to 3"
    );
    assert_eq!(
        one(vec![init(), recv(at(0), 1, INT, -3, 0, 0)]),
        "MPI_Recv: rank -3 does not exist: valid ranks are 0 to 3"
    );
    assert_eq!(
        one(vec![init(), send(at(0), -1, INT, 1, 0)]),
        "MPI_Send: count is -1: it must be 0 or more"
    );
    assert_eq!(
        one(vec![init(), send(at(0), 1, i64::from(MPI_SUM), 1, 0)]),
        format!(
            "MPI_Send: unknown datatype {MPI_SUM}: use a predefined datatype such as MPI_INT, MPI_DOUBLE, MPI_FLOAT, MPI_LONG, MPI_CHAR or MPI_BYTE"
        )
    );
    assert_eq!(
        one(vec![init(), send(at(0), 1, INT, 1, -4)]),
        "MPI_Send: invalid tag -4: tags must be 0 or more"
    );
    assert_eq!(
        one(vec![init(), call(mpi("MPI_Barrier", &[3]))]),
        "MPI_Barrier: 3 is not a communicator: use MPI_COMM_WORLD, MPI_COMM_SELF or one made by MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create or MPI_Cart_create"
    );
    assert_eq!(
        one(vec![
            init(),
            call(mpi("MPI_Reduce", &[i64::from(at(0)), i64::from(at(8)), 1, i64::from(MPI_BYTE), i64::from(MPI_SUM), 0, WORLD]))
        ]),
        "MPI_Reduce: MPI_SUM is not defined for MPI_BYTE: MPI_SUM applies to integer and floating-point datatypes"
    );
    assert_eq!(
        one(vec![
            init(),
            call(mpi("MPI_Bcast", &[i64::from(at(0)), 1, INT, 4, WORLD]))
        ]),
        "MPI_Bcast: root rank 4 does not exist: valid ranks are 0 to 3"
    );
    assert_eq!(
        one(vec![send(at(0), 1, INT, 1, 0)]),
        "MPI_Send: called before MPI_Init"
    );
    assert_eq!(
        one(vec![init(), init()]),
        "MPI_Init: MPI_Init was already called"
    );
    assert_eq!(
        one(vec![init(), call(mpi("MPI_Finalize", &[])), barrier()]),
        "MPI_Barrier: called after MPI_Finalize"
    );
    assert_eq!(
        one(vec![init(), send(0, 1, INT, 1, 0)]),
        "MPI_Send: the send buffer: null pointer dereference (address 0)"
    );
}

#[test]
fn request_handle_errors() {
    let one = |acts: Vec<Act>| failure(2, move |r, _| if r == 0 { acts.clone() } else { vec![] }).1;
    // A handle that was never created.
    assert_eq!(
        one(vec![init(), Act::Write(at(0), ints(&[7])), wait(at(0), 0)]),
        "MPI_Wait: invalid request handle 7: no request with this handle was ever created"
    );
    // A stale copy of a completed request's handle.
    assert_eq!(
        one(vec![
            init(),
            isend(at(8), 0, INT, 1, 0, at(0)),
            Act::Snap(at(0), 4),
            call(mpi("MPI_Wait", &[i64::from(at(0)), i64::from(0)])),
            Act::Write(at(0), ints(&[1])),
            wait(at(0), 0),
        ]),
        "MPI_Wait: wait on an inactive request: request handle 1 was already completed or freed (is it a stale copy of a handle that was set to MPI_REQUEST_NULL?)"
    );
    assert_eq!(
        one(vec![
            init(),
            isend(at(8), 0, INT, 1, 0, at(0)),
            call(mpi("MPI_Start", &[i64::from(at(0))])),
        ]),
        "MPI_Start: request handle 1 is not persistent: only requests made by MPI_Send_init or MPI_Recv_init can be started"
    );
    assert_eq!(
        one(vec![
            init(),
            call(mpi("MPI_Request_free", &[i64::from(at(0))]))
        ]),
        "MPI_Request_free: the request is MPI_REQUEST_NULL"
    );
    assert_eq!(
        one(vec![
            init(),
            isend(at(8), 0, INT, 1, 0, at(0)),
            Act::Write(at(4), ints(&[1])),
            call(mpi("MPI_Waitall", &[2, i64::from(at(0)), i64::from(0)])),
        ]),
        "MPI_Waitall: request handle 1 appears more than once in the array"
    );
    assert_eq!(
        one(vec![
            init(),
            call(mpi("MPI_Send_init", &[i64::from(at(8)), 0, INT, 1, 0, WORLD, i64::from(at(0))])),
            call(mpi("MPI_Start", &[i64::from(at(0))])),
            call(mpi("MPI_Start", &[i64::from(at(0))])),
        ]),
        "MPI_Start: persistent request handle 1 is already active: complete it (MPI_Wait) before starting it again"
    );
}

#[test]
fn waiting_on_null_or_inactive_requests_returns_at_once_with_an_empty_status() {
    let sim = run(2, |r, mem| {
        if r == 1 {
            return vec![init()];
        }
        put(mem, at(32), &ints(&[9, 9, 9, 9]));
        vec![
            init(),
            // MPI_REQUEST_NULL (zeroed memory).
            wait(at(0), at(32)),
            call(mpi(
                "MPI_Recv_init",
                &[i64::from(at(100)), 1, INT, 1, 0, WORLD, i64::from(at(4))],
            )),
            Act::Write(at(48), ints(&[9, 9, 9, 9])),
            wait(at(4), at(48)),
            call(mpi(
                "MPI_Test",
                &[i64::from(at(4)), i64::from(at(8)), i64::from(0)],
            )),
            call(mpi("MPI_Request_free", &[i64::from(at(4))])),
        ]
    });
    let r0 = rank(&sim, 0);
    let empty = (MPI_ANY_SOURCE, MPI_ANY_TAG, 0, 0);
    assert_eq!(status(r0, at(32)), empty);
    assert_eq!(status(r0, at(48)), empty);
    assert_eq!(r0.int(at(8)), 1);
    assert_eq!(r0.int(at(4)), MPI_REQUEST_NULL);
    assert_eq!(sim.now(), SimTime::ZERO);
}

#[test]
fn persistent_requests_restart_with_fresh_data_and_keep_their_handles() {
    let sim = run(2, |r, _| {
        let mut acts = vec![init()];
        if r == 0 {
            acts.push(call(mpi(
                "MPI_Send_init",
                &[i64::from(at(0)), 2, INT, 1, 4, WORLD, i64::from(at(100))],
            )));
            for i in 0..3 {
                acts.push(Act::Write(at(0), ints(&[i * 10, i * 10 + 1])));
                acts.push(call(mpi("MPI_Start", &[i64::from(at(100))])));
                acts.push(wait(at(100), 0));
            }
            acts.push(call(mpi("MPI_Request_free", &[i64::from(at(100))])));
            // Startall with two persistent sends.
            for (k, tag) in [(0u32, 10), (1, 11)] {
                acts.push(Act::Write(at(200 + 4 * k), ints(&[tag as i32 * 3])));
                acts.push(call(mpi(
                    "MPI_Send_init",
                    &[
                        i64::from(at(200 + 4 * k)),
                        1,
                        INT,
                        1,
                        tag,
                        WORLD,
                        i64::from(at(300 + 4 * k)),
                    ],
                )));
            }
            acts.push(call(mpi("MPI_Startall", &[2, i64::from(at(300))])));
            acts.push(call(mpi(
                "MPI_Waitall",
                &[2, i64::from(at(300)), i64::from(0)],
            )));
        } else {
            acts.push(call(mpi(
                "MPI_Recv_init",
                &[i64::from(at(0)), 2, INT, 0, 4, WORLD, i64::from(at(100))],
            )));
            for _ in 0..3 {
                acts.push(call(mpi("MPI_Start", &[i64::from(at(100))])));
                acts.push(wait(at(100), at(120)));
                acts.push(Act::Snap(at(0), 8));
                acts.push(Act::Snap(at(100), 4));
            }
            // Receive the Startall pair in the opposite order of posting.
            for (k, tag) in [(0u32, 11), (1, 10)] {
                acts.push(call(mpi(
                    "MPI_Recv_init",
                    &[
                        i64::from(at(200 + 4 * k)),
                        1,
                        INT,
                        0,
                        tag,
                        WORLD,
                        i64::from(at(300 + 4 * k)),
                    ],
                )));
            }
            acts.push(call(mpi("MPI_Startall", &[2, i64::from(at(300))])));
            acts.push(call(mpi(
                "MPI_Waitall",
                &[2, i64::from(at(300)), i64::from(at(400))],
            )));
            acts.push(Act::Snap(at(300), 8));
        }
        acts
    });
    let r1 = rank(&sim, 1);
    let handle = r1.snaps[1].clone();
    assert_ne!(handle, ints(&[0]));
    for i in 0..3 {
        assert_eq!(r1.snaps[2 * i], ints(&[i as i32 * 10, i as i32 * 10 + 1]));
        assert_eq!(r1.snaps[2 * i + 1], handle, "the handle stays");
    }
    assert_eq!(status(r1, at(120)), (0, 4, 0, 8));
    assert_eq!(r1.ints(at(200), 2), [33, 30]);
    assert_eq!(status(r1, at(400)).1, 11);
    assert_eq!(status(r1, at(400 + STATUS_SIZE)).1, 10);
    // Persistent handles survive Waitall.
    assert_ne!(r1.snaps[6], ints(&[0, 0]));
    assert_eq!(rank(&sim, 0).int(at(100)), MPI_REQUEST_NULL);
}

#[test]
fn waitany_picks_the_completed_request_and_test_polls_without_blocking() {
    let sim = run(3, |r, mem| match r {
        0 => {
            put(mem, at(0), &ints(&[100]));
            vec![init(), Act::Compute(300), send(at(0), 1, INT, 1, 1)]
        }
        2 => {
            put(mem, at(0), &ints(&[200]));
            vec![init(), send(at(0), 1, INT, 1, 1)]
        }
        _ => vec![
            init(),
            irecv(at(0), 1, INT, 0, 1, at(100)),
            irecv(at(4), 1, INT, 2, 1, at(104)),
            call(mpi(
                "MPI_Waitany",
                &[
                    2,
                    i64::from(at(100)),
                    i64::from(at(200)),
                    i64::from(at(220)),
                ],
            )),
            Act::Snap(at(200), 4),
            call(mpi(
                "MPI_Test",
                &[i64::from(at(100)), i64::from(at(204)), i64::from(0)],
            )),
            Act::Snap(at(204), 4),
            Act::TestUntilDone {
                request: at(100),
                flag: at(208),
            },
            call(mpi(
                "MPI_Waitany",
                &[
                    2,
                    i64::from(at(100)),
                    i64::from(at(212)),
                    i64::from(at(240)),
                ],
            )),
            call(mpi("MPI_Waitall", &[2, i64::from(at(100)), i64::from(0)])),
        ],
    });
    let r1 = rank(&sim, 1);
    assert_eq!(r1.snaps[0], ints(&[1]), "rank 2's message completes first");
    assert_eq!(status(r1, at(220)), (2, 1, 0, 4));
    assert_eq!(r1.snaps[1], ints(&[0]), "rank 0 is still computing");
    assert!(r1.tests > 1, "polling took several tests: {}", r1.tests);
    assert_eq!(r1.ints(at(0), 2), [100, 200]);
    assert_eq!(r1.ints(at(100), 2), [MPI_REQUEST_NULL, MPI_REQUEST_NULL]);
    assert_eq!(r1.int(at(212)), MPI_UNDEFINED);
    assert_eq!(status(r1, at(240)), (MPI_ANY_SOURCE, MPI_ANY_TAG, 0, 0));
}

#[test]
fn freed_requests_complete_in_the_background() {
    let sim = run(2, |r, mem| {
        if r == 0 {
            put(mem, at(0), &ints(&[4242]));
            vec![
                init(),
                isend(at(0), 1, INT, 1, 3, at(100)),
                call(mpi("MPI_Request_free", &[i64::from(at(100))])),
                barrier(),
                call(mpi("MPI_Finalize", &[])),
            ]
        } else {
            vec![
                init(),
                irecv(at(0), 1, INT, 0, 3, at(100)),
                call(mpi("MPI_Request_free", &[i64::from(at(100))])),
                Act::Compute(1000),
                barrier(),
                call(mpi("MPI_Finalize", &[])),
            ]
        }
    });
    assert_eq!(rank(&sim, 0).int(at(100)), MPI_REQUEST_NULL);
    assert_eq!(rank(&sim, 1).int(at(0)), 4242);
    assert!(rank(&sim, 1).mpi.active_requests().is_empty());
}

#[test]
fn wtime_is_the_simulated_time_in_seconds() {
    let sim = run(1, |_, _| {
        vec![
            call(mpi("MPI_Wtime", &[])),
            init(),
            Act::Compute(250),
            call(mpi("MPI_Wtime", &[])),
        ]
    });
    let r = rank(&sim, 0);
    assert_eq!(r.returns[0], Value::Double(0.0));
    let Value::Double(t) = r.returns[2] else {
        panic!("MPI_Wtime returns a double");
    };
    assert!((t - 250e-6).abs() < 1e-15, "{t}");
}

// ---------------------------------------------------------------------------------------------
// Collectives.

/// Memory offsets of the collective test's buffers.
mod off {
    pub const BCAST: u32 = 0; // 3 ints
    pub const RSEND: u32 = 16; // 2 ints
    pub const RRECV: u32 = 32; // 2 ints
    pub const DSEND: u32 = 48; // 1 double
    pub const DRECV: u32 = 56; // 1 double
    pub const ASUM: u32 = 64; // 1 int: allreduce sum of ranks
    pub const APROD: u32 = 72; // 1 double: allreduce product of rank + 1
    pub const AMIN: u32 = 80; // 1 int
    pub const DSEND2: u32 = 88; // 1 double: rank + 1
    pub const GSEND: u32 = 96; // 2 ints
    pub const GRECV: u32 = 128; // 2 × 8 ints
    pub const SSEND: u32 = 256; // 2 × 8 ints
    pub const SRECV: u32 = 320; // 2 ints
    pub const TSEND: u32 = 384; // 8 ints
    pub const TRECV: u32 = 448; // 8 ints
    pub const VCOUNTS: u32 = 512; // 4 × 8 ints: sendcounts, sdispls, recvcounts, rdispls
    pub const VSEND: u32 = 640; // up to 24 ints
    pub const VRECV: u32 = 768; // up to 24 ints
    pub const B2: u32 = 900; // 1 int, second broadcast
    pub const B3: u32 = 904; // 1 int, third broadcast
}

/// Elements rank `i` sends to rank `j` in the Alltoallv test (uneven, asymmetric).
fn vcount(i: u32, j: u32) -> u32 {
    (i + 2 * j) % 3 + (i % 2)
}

/// The value of element `k` rank `i` sends to rank `j`.
fn vvalue(i: u32, j: u32, k: u32) -> i32 {
    (1000 * i + 100 * j + k) as i32
}

/// A per-rank, per-step delay so ranks enter each collective at different times.
fn skew(r: u32, step: u32) -> Act {
    Act::Compute(u64::from((r * 37 + step * 11) % 50))
}

fn collective_script(r: u32, n: u32, mem: &mut Memory) -> Vec<Act> {
    use off::*;
    let bcast_root = i64::from(n - 1);
    let gather_root = i64::from(1 % n);
    if r as i64 == bcast_root {
        put(mem, at(BCAST), &ints(&[7, 8, 9]));
    }
    put(mem, at(RSEND), &ints(&[r as i32, 2 * r as i32]));
    put(mem, at(DSEND), &doubles(&[f64::from(r) * 1.5]));
    put(mem, at(DSEND2), &doubles(&[f64::from(r) + 1.0]));
    put(mem, at(GSEND), &ints(&[r as i32, (r * r) as i32]));
    if r == 0 {
        let all: Vec<i32> = (0..2 * n as i32).map(|v| v * 3).collect();
        put(mem, at(SSEND), &ints(&all));
    }
    let row: Vec<i32> = (0..n).map(|j| (100 * r + j) as i32).collect();
    put(mem, at(TSEND), &ints(&row));
    // Alltoallv: counts and packed displacements.
    let (mut sc, mut sd, mut rc, mut rd, mut data) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut so, mut ro) = (0, 0);
    for j in 0..n {
        sc.push(vcount(r, j) as i32);
        sd.push(so);
        for k in 0..vcount(r, j) {
            data.push(vvalue(r, j, k));
        }
        so += vcount(r, j) as i32;
        rc.push(vcount(j, r) as i32);
        rd.push(ro);
        ro += vcount(j, r) as i32;
    }
    put(mem, at(VCOUNTS), &ints(&sc));
    put(mem, at(VCOUNTS + 32), &ints(&sd));
    put(mem, at(VCOUNTS + 64), &ints(&rc));
    put(mem, at(VCOUNTS + 96), &ints(&rd));
    put(mem, at(VSEND), &ints(&data));
    if r == 0 {
        put(mem, at(B2), &ints(&[-5]));
    }
    if r as i64 == gather_root {
        put(mem, at(B3), &ints(&[-6]));
    }

    let mut acts = vec![init()];
    let steps: Vec<MpiCall> = vec![
        mpi("MPI_Barrier", &[WORLD]),
        mpi(
            "MPI_Bcast",
            &[i64::from(at(BCAST)), 3, INT, bcast_root, WORLD],
        ),
        mpi(
            "MPI_Reduce",
            &[
                i64::from(at(RSEND)),
                i64::from(at(RRECV)),
                2,
                INT,
                i64::from(MPI_SUM),
                0,
                WORLD,
            ],
        ),
        mpi(
            "MPI_Reduce",
            &[
                i64::from(at(DSEND)),
                i64::from(at(DRECV)),
                1,
                DOUBLE,
                i64::from(MPI_MAX),
                i64::from(n / 2),
                WORLD,
            ],
        ),
        mpi(
            "MPI_Allreduce",
            &[
                i64::from(at(RSEND)),
                i64::from(at(ASUM)),
                1,
                INT,
                i64::from(MPI_SUM),
                WORLD,
            ],
        ),
        mpi(
            "MPI_Allreduce",
            &[
                i64::from(at(DSEND2)),
                i64::from(at(APROD)),
                1,
                DOUBLE,
                i64::from(MPI_PROD),
                WORLD,
            ],
        ),
        mpi(
            "MPI_Allreduce",
            &[
                i64::from(at(RSEND + 4)),
                i64::from(at(AMIN)),
                1,
                INT,
                i64::from(MPI_MIN),
                WORLD,
            ],
        ),
        mpi(
            "MPI_Gather",
            &[
                i64::from(at(GSEND)),
                2,
                INT,
                i64::from(at(GRECV)),
                2,
                INT,
                gather_root,
                WORLD,
            ],
        ),
        mpi(
            "MPI_Scatter",
            &[
                i64::from(at(SSEND)),
                2,
                INT,
                i64::from(at(SRECV)),
                2,
                INT,
                0,
                WORLD,
            ],
        ),
        mpi(
            "MPI_Alltoall",
            &[
                i64::from(at(TSEND)),
                1,
                INT,
                i64::from(at(TRECV)),
                1,
                INT,
                WORLD,
            ],
        ),
        mpi(
            "MPI_Alltoallv",
            &[
                i64::from(at(VSEND)),
                i64::from(at(VCOUNTS)),
                i64::from(at(VCOUNTS + 32)),
                INT,
                i64::from(at(VRECV)),
                i64::from(at(VCOUNTS + 64)),
                i64::from(at(VCOUNTS + 96)),
                INT,
                WORLD,
            ],
        ),
        // Two broadcasts in a row from different roots.
        mpi("MPI_Bcast", &[i64::from(at(B2)), 1, INT, 0, WORLD]),
        mpi(
            "MPI_Bcast",
            &[i64::from(at(B3)), 1, INT, gather_root, WORLD],
        ),
        mpi("MPI_Barrier", &[WORLD]),
    ];
    for (k, c) in steps.into_iter().enumerate() {
        acts.push(skew(r, k as u32));
        acts.push(call(c));
    }
    acts.push(call(mpi("MPI_Finalize", &[])));
    acts
}

fn check_collectives(sim: &Sim<Rank>, n: u32, machine: &str) {
    use off::*;
    let ctx = |r: u32| format!("{machine}, {n} ranks, rank {r}");
    let sum: i32 = (0..n as i32).sum();
    for r in 0..n {
        let p = rank(sim, r);
        assert_eq!(p.ints(at(BCAST), 3), [7, 8, 9], "{}", ctx(r));
        if r == 0 {
            assert_eq!(p.ints(at(RRECV), 2), [sum, 2 * sum], "{}", ctx(r));
        }
        if r == n / 2 {
            assert_eq!(
                p.doubles(at(DRECV), 1),
                [f64::from(n - 1) * 1.5],
                "{}",
                ctx(r)
            );
        }
        assert_eq!(p.int(at(ASUM)), sum, "{}", ctx(r));
        let prod: f64 = (1..=n).map(f64::from).product();
        assert_eq!(p.doubles(at(APROD), 1), [prod], "{}", ctx(r));
        assert_eq!(p.int(at(AMIN)), 0, "{}", ctx(r));
        if r == 1 % n {
            let want: Vec<i32> = (0..n as i32).flat_map(|i| [i, i * i]).collect();
            assert_eq!(p.ints(at(GRECV), 2 * n), want, "{}", ctx(r));
        }
        assert_eq!(
            p.ints(at(SRECV), 2),
            [6 * r as i32, 6 * r as i32 + 3],
            "{}",
            ctx(r)
        );
        let col: Vec<i32> = (0..n).map(|j| (100 * j + r) as i32).collect();
        assert_eq!(p.ints(at(TRECV), n), col, "{}", ctx(r));
        let want: Vec<i32> = (0..n)
            .flat_map(|j| (0..vcount(j, r)).map(move |k| vvalue(j, r, k)))
            .collect();
        assert_eq!(p.ints(at(VRECV), want.len() as u32), want, "{}", ctx(r));
        assert_eq!(p.ints(at(B2), 2), [-5, -6], "{}", ctx(r));
        assert!(p.mpi.is_finalized());
    }
}

#[test]
fn every_collective_gives_the_right_values_on_1_2_3_5_and_8_ranks() {
    for n in [1, 2, 3, 5, 8] {
        let sim = run(n, |r, mem| collective_script(r, n, mem));
        check_collectives(&sim, n, "ib-qdr");
    }
}

#[test]
fn collectives_work_on_every_machine_and_run_twice_with_the_same_hash() {
    for p in builtin_profiles().unwrap() {
        let cap = p.machine.nodes.value * p.machine.ranks_per_node.value;
        let n = cap.min(5);
        let go = || {
            let (sim, result) = run_on(&p.machine.id, n, |r, mem| collective_script(r, n, mem));
            if let Err(e) = result {
                panic!("{}: {e}", p.machine.id);
            }
            sim
        };
        let (a, b) = (go(), go());
        check_collectives(&a, n, &p.machine.id);
        assert_eq!(a.trace().hash(), b.trace().hash(), "{}", p.machine.id);
        assert_eq!(a.now(), b.now());
    }
}

#[test]
fn consecutive_collectives_never_cross_and_user_wildcards_never_see_them() {
    // Rank 0 arrives very late, so the messages of both reductions and the broadcast queue up
    // at it unexpected; a user ANY_SOURCE/ANY_TAG receive posted first must get only the user
    // message sent after all collectives.
    let n = 5;
    let sim = run(n, |r, mem| {
        put(mem, at(0), &ints(&[r as i32 + 1]));
        put(mem, at(64), &ints(&[4242]));
        let mut acts = vec![init()];
        if r == 0 {
            acts.push(irecv(at(200), 1, INT, ANY_SRC, ANY_TAG, at(300)));
            acts.push(Act::Compute(5000));
        }
        for op in [MPI_SUM, MPI_MAX, MPI_PROD] {
            acts.push(call(mpi(
                "MPI_Reduce",
                &[
                    i64::from(at(0)),
                    i64::from(at(16 + 4 * (op as u32 & 3))),
                    1,
                    INT,
                    i64::from(op),
                    0,
                    WORLD,
                ],
            )));
        }
        acts.push(barrier());
        if r == 3 {
            acts.push(send(at(64), 1, INT, 0, 0));
        }
        if r == 0 {
            acts.push(wait(at(300), at(320)));
        }
        acts
    });
    let r0 = rank(&sim, 0);
    let sum = (1..=n as i32).sum::<i32>();
    let prod = (1..=n as i32).product::<i32>();
    assert_eq!(r0.int(at(16 + 4 * (MPI_SUM as u32 & 3))), sum);
    assert_eq!(r0.int(at(16 + 4 * (MPI_MAX as u32 & 3))), n as i32);
    assert_eq!(r0.int(at(16 + 4 * (MPI_PROD as u32 & 3))), prod);
    assert_eq!(r0.int(at(200)), 4242);
    assert_eq!(status(r0, at(320)), (3, 0, 0, 4));
}

#[test]
fn mismatched_collectives_are_named_instead_of_mixing_data() {
    let (_, result) = run_on("ib-qdr", 2, |r, _| {
        if r == 0 {
            vec![init(), barrier()]
        } else {
            vec![
                init(),
                call(mpi("MPI_Bcast", &[i64::from(at(0)), 1, INT, 1, WORLD])),
                barrier(),
            ]
        }
    });
    let err = result.unwrap_err().to_string();
    assert!(
        err.contains(
            "MPI_Bcast: rank 0 called MPI_Barrier at this point but this rank calls MPI_Bcast"
        ),
        "{err}"
    );
}

#[test]
fn a_collective_with_different_counts_names_both_counts() {
    let (r, message) = failure(2, |r, _| {
        vec![
            init(),
            call(mpi(
                "MPI_Bcast",
                &[i64::from(at(0)), if r == 0 { 4 } else { 2 }, INT, 0, WORLD],
            )),
        ]
    });
    assert_eq!(r, 1);
    assert_eq!(
        message,
        "MPI_Bcast: rank 0 called MPI_Bcast with 4 elements of MPI_INT but this call has 2 elements of MPI_INT: every rank of the communicator must pass the same count and datatype"
    );
}

// ---------------------------------------------------------------------------------------------
// Matching against a naive reference.

/// One step of a random point-to-point program, each in its own time slot.
#[derive(Clone, Debug)]
enum Ev {
    /// `src` sends to `dst` with `tag`.
    Send { src: u32, dst: u32, tag: i32 },
    /// `rank` posts a receive (`None` = wildcard).
    Recv {
        rank: u32,
        src: Option<u32>,
        tag: Option<i32>,
    },
}

impl Ev {
    fn rank(&self) -> u32 {
        match *self {
            Ev::Send { src, .. } => src,
            Ev::Recv { rank, .. } => rank,
        }
    }
}

/// MPI's matching rules, naively: a message arriving meets the first posted receive (in posting
/// order) that accepts it, else queues; a receive posted takes the first queued message (in
/// arrival order) it accepts, else queues. Returns, per event index of a receive, the event
/// index of the send it matched.
fn reference_matching(events: &[Ev], ranks: u32) -> Vec<Option<usize>> {
    let mut posted: Vec<Vec<usize>> = vec![Vec::new(); ranks as usize];
    let mut unexpected: Vec<Vec<usize>> = vec![Vec::new(); ranks as usize];
    let mut matched = vec![None; events.len()];
    let accepts = |recv: &Ev, send: &Ev| match (recv, send) {
        (Ev::Recv { src, tag, .. }, Ev::Send { src: s, tag: t, .. }) => {
            src.is_none_or(|x| x == *s) && tag.is_none_or(|x| x == *t)
        }
        _ => false,
    };
    for (k, ev) in events.iter().enumerate() {
        match *ev {
            Ev::Send { dst, .. } => {
                let queue = &mut posted[dst as usize];
                match queue.iter().position(|&r| accepts(&events[r], ev)) {
                    Some(i) => matched[queue.remove(i)] = Some(k),
                    None => unexpected[dst as usize].push(k),
                }
            }
            Ev::Recv { rank, .. } => {
                let queue = &mut unexpected[rank as usize];
                match queue.iter().position(|&s| accepts(ev, &events[s])) {
                    Some(i) => matched[k] = Some(queue.remove(i)),
                    None => posted[rank as usize].push(k),
                }
            }
        }
    }
    matched
}

/// Time between slots: far longer than any message takes, so arrival order is slot order.
const SLOT: SimTime = SimTime::from_ms(5);

/// Per rank: the events it runs, one per `slot`, with their per-rank request index.
fn matching_scripts(events: &[Ev], ranks: u32, slot: SimTime) -> Vec<Vec<Act>> {
    let mut scripts: Vec<Vec<Act>> = (0..ranks).map(|_| vec![init()]).collect();
    let mut counts = vec![0u32; ranks as usize];
    for (k, ev) in events.iter().enumerate() {
        let r = ev.rank() as usize;
        let j = counts[r];
        counts[r] += 1;
        let s = &mut scripts[r];
        // Idle until the slot, letting handlers run (as a program waiting in MPI would).
        s.push(Act::Until(slot.times(k as u64 + 1)));
        s.push(Act::Yield);
        let (buf, req) = (at(4 * j), at(1024 + 4 * j));
        match *ev {
            Ev::Send { dst, tag, .. } => {
                s.push(Act::Write(buf, ints(&[k as i32])));
                s.push(isend(buf, 1, INT, i64::from(dst), i64::from(tag), req));
            }
            Ev::Recv { src, tag, .. } => {
                let src = src.map_or(ANY_SRC, i64::from);
                let tag = tag.map_or(ANY_TAG, i64::from);
                s.push(irecv(buf, 1, INT, src, tag, req));
            }
        }
    }
    for (r, s) in scripts.iter_mut().enumerate() {
        // Idle long enough, yielding, for every handler chain to finish.
        for round in 1..=4 {
            s.push(Act::Until(
                slot.times(events.len() as u64 + 2) + SimTime::from_ms(2).times(round),
            ));
            s.push(Act::Yield);
        }
        for j in 0..counts[r] {
            s.push(call(mpi(
                "MPI_Test",
                &[
                    i64::from(at(1024 + 4 * j)),
                    i64::from(at(2048 + 4 * j)),
                    i64::from(at(4096 + STATUS_SIZE * j)),
                ],
            )));
        }
    }
    scripts
}

fn event() -> impl Strategy<Value = Ev> {
    let tag = 0..3i32;
    prop_oneof![
        (0..3u32, 0..3u32, tag.clone()).prop_map(|(src, dst, tag)| Ev::Send { src, dst, tag }),
        (
            0..3u32,
            prop::option::weighted(0.6, 0..3u32),
            prop::option::weighted(0.6, tag)
        )
            .prop_map(|(rank, src, tag)| Ev::Recv { rank, src, tag }),
    ]
}

/// What each event got: for a send, whether it completed; for a receive, the event index of the
/// send it received (from the data) and its status.
fn outcomes(sim: &Sim<Rank>, events: &[Ev], ranks: u32) -> Vec<(bool, Option<usize>)> {
    let mut counts = vec![0u32; ranks as usize];
    events
        .iter()
        .map(|ev| {
            let r = ev.rank();
            let j = counts[r as usize];
            counts[r as usize] += 1;
            let p = rank(sim, r);
            let done = p.int(at(2048 + 4 * j)) == 1;
            let got = match ev {
                Ev::Recv { .. } if done => Some(p.int(at(4 * j)) as usize),
                _ => None,
            };
            (done, got)
        })
        .collect()
}

/// Checks a matching that may depend on timing against MPI's rules: a receive gets a message it
/// accepts, each message goes to one receive, messages from one sender are not overtaken
/// (receives posted earlier that accept an earlier message get it), and nothing that could match
/// is left unmatched at the end.
fn check_legal(events: &[Ev], got: &[(bool, Option<usize>)]) -> Result<(), String> {
    let accepts = |r: &Ev, s: &Ev| match (r, s) {
        (
            Ev::Recv { rank, src, tag },
            Ev::Send {
                src: s,
                dst,
                tag: t,
            },
        ) => rank == dst && src.is_none_or(|x| x == *s) && tag.is_none_or(|x| x == *t),
        _ => false,
    };
    let mut taken = vec![None; events.len()];
    for (k, (_, m)) in got.iter().enumerate() {
        if let Some(s) = *m {
            if !accepts(&events[k], &events[s]) {
                return Err(format!(
                    "receive {k} got send {s}, which it does not accept"
                ));
            }
            if let Some(other) = taken[s].replace(k) {
                return Err(format!("send {s} went to receives {other} and {k}"));
            }
        }
    }
    for (r1, (_, m1)) in got.iter().enumerate() {
        for (r2, (_, m2)) in got.iter().enumerate().skip(r1 + 1) {
            let (Some(m2), true) = (*m2, events[r1].rank() == events[r2].rank()) else {
                continue;
            };
            let earlier_pending =
                m1.is_none_or(|m1| m1 > m2 && events[m1].rank() == events[m2].rank());
            if accepts(&events[r1], &events[m2]) && earlier_pending {
                return Err(format!(
                    "receive {r2} got send {m2}, but the earlier receive {r1} accepts it and got {m1:?}"
                ));
            }
        }
    }
    for (k, ev) in events.iter().enumerate() {
        if matches!(ev, Ev::Recv { .. }) && got[k].1.is_none() {
            if let Some(s) =
                (0..events.len()).find(|&s| taken[s].is_none() && accepts(ev, &events[s]))
            {
                return Err(format!(
                    "receive {k} and send {s} match but were left pending"
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn matching_is_the_one_mpi_prescribes(events in prop::collection::vec(event(), 1..40)) {
        let ranks = 3;
        let scripts = matching_scripts(&events, ranks, SLOT);
        let (sim, result) = run_on("ethernet-1g", ranks, |r, _| scripts[r as usize].clone());
        prop_assert!(result.is_ok(), "{:?}", result);
        let want = reference_matching(&events, ranks);
        let mut counts = vec![0u32; ranks as usize];
        for (k, ev) in events.iter().enumerate() {
            let r = ev.rank();
            let j = counts[r as usize];
            counts[r as usize] += 1;
            let p = rank(&sim, r);
            let flag = p.int(at(2048 + 4 * j));
            match ev {
                Ev::Send { .. } => prop_assert_eq!(flag, 1, "sends complete"),
                Ev::Recv { .. } => {
                    let got = (flag == 1).then(|| p.int(at(4 * j)) as usize);
                    prop_assert_eq!(got, want[k], "receive at event {}", k);
                    if let Some(s) = got {
                        let Ev::Send { src, tag, .. } = events[s] else {
                            panic!("matched a receive");
                        };
                        let st = status(p, at(4096 + STATUS_SIZE * j));
                        prop_assert_eq!(st, (src as i32, tag, 0, 4));
                    }
                }
            }
        }
    }

    /// Every engine of paper 000 gives the matching the naive reference gives, when each step
    /// happens long after the previous one.
    #[test]
    fn every_engine_matches_like_the_reference(events in prop::collection::vec(event(), 1..30)) {
        let ranks = 3;
        let scripts = matching_scripts(&events, ranks, SLOT);
        let want = reference_matching(&events, ranks);
        for engine in ENGINES {
            let config = SimConfig { matching: engine, ..SimConfig::default() };
            let (sim, result) = run_with("emx", ranks, config, |r, _| scripts[r as usize].clone());
            prop_assert!(result.is_ok(), "{engine}: {:?}", result);
            let got = outcomes(&sim, &events, ranks);
            for (k, ev) in events.iter().enumerate() {
                match ev {
                    Ev::Recv { .. } => prop_assert_eq!(got[k].1, want[k], "{}: receive at event {}", engine, k),
                    Ev::Send { .. } => {
                        // A synchronous send completes only once its receive has matched.
                        let matched = want.contains(&Some(k));
                        let sync = engine.protocol() == Some(Protocol::Sync);
                        prop_assert_eq!(got[k].0, matched || !sync, "{}: send at event {}", engine, k);
                    }
                }
            }
        }
    }

    /// With steps 1–40 µs apart — less than a message takes — requests cross (Figs. 6–7) and
    /// wildcards hold receive requests back; every engine still obeys MPI's matching rules.
    #[test]
    fn crossing_requests_still_match_legally(
        events in prop::collection::vec(event(), 1..30),
        slot_us in 1u64..40,
    ) {
        let ranks = 3;
        let scripts = matching_scripts(&events, ranks, SimTime::from_us(slot_us));
        for engine in ENGINES {
            let config = SimConfig { matching: engine, ..SimConfig::default() };
            let (sim, result) = run_with("emx", ranks, config, |r, _| scripts[r as usize].clone());
            prop_assert!(result.is_ok(), "{engine}: {:?}", result);
            let got = outcomes(&sim, &events, ranks);
            if let Err(e) = check_legal(&events, &got) {
                prop_assert!(false, "{engine}: {e}\n{events:?}");
            }
        }
    }
}

/// The crossing of Figs. 6–7: a send request and a receive request for the same key pass each
/// other; with buffered the receive request is ignored, with sync and get the send request.
#[test]
fn crossing_requests_ignore_the_one_the_paper_says() {
    use rankscope_core::proto::p2p::{P2pRecord, ProtocolStep};
    let events = [
        Ev::Send {
            src: 0,
            dst: 1,
            tag: 0,
        },
        Ev::Recv {
            rank: 1,
            src: Some(0),
            tag: Some(0),
        },
    ];
    let scripts = matching_scripts(&events, 2, SimTime::from_us(1));
    for (protocol, ignored, winner) in [
        (
            Protocol::Buffered,
            ProtocolStep::RecvRequestIgnored,
            ProtocolStep::CrossingTakesSendRequest,
        ),
        (
            Protocol::Get,
            ProtocolStep::SendRequestIgnored,
            ProtocolStep::OneSidedSend,
        ),
        (
            Protocol::Sync,
            ProtocolStep::SendRequestIgnored,
            ProtocolStep::OneSidedSend,
        ),
    ] {
        let config = SimConfig {
            matching: rankscope_core::proto::p2p::Matching::BothSides(protocol),
            ..SimConfig::default()
        };
        let (sim, result) = run_with("emx", 2, config, |r, _| scripts[r as usize].clone());
        assert!(result.is_ok(), "{protocol}: {result:?}");
        let steps: Vec<ProtocolStep> = sim
            .trace()
            .records()
            .iter()
            .filter_map(|r| match r.layer::<P2pRecord>() {
                Some(P2pRecord::Protocol { step, .. }) => Some(step),
                _ => None,
            })
            .collect();
        assert!(steps.contains(&ignored), "{protocol}: {steps:?}");
        assert!(steps.contains(&winner), "{protocol}: {steps:?}");
        // Fig. 7: the receive is promised to the one-sided send (lit in the queue view).
        assert_eq!(
            steps.contains(&ProtocolStep::Promised),
            winner == ProtocolStep::OneSidedSend,
            "{protocol}: {steps:?}"
        );
        let got = outcomes(&sim, &events, 2);
        assert_eq!(got[1].1, Some(0), "{protocol}: the receive gets the send");
        assert!(got[0].0, "{protocol}: the send completes");
    }
}

// ---------------------------------------------------------------------------------------------
// The corpus programs of the MPI calls (`tests/corpus/mpi_*.c`), compiled from C.

/// Sorted console lines of corpus program `path` on `profile_id` under `matching`, or the error.
fn corpus_run(
    path: &std::path::Path,
    profile_id: &str,
    matching: rankscope_core::proto::p2p::Matching,
) -> Result<Vec<String>, String> {
    let source = std::fs::read_to_string(path).unwrap();
    let first = source.lines().next().unwrap_or_default();
    let ranks: u32 = first
        .split("Ranks:")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("{} says `Ranks: N`", path.display()));
    c_run(&source, ranks, profile_id, matching)
}

/// Sorted console lines of the C program `source` on `ranks` ranks of `profile_id` under
/// `matching`, or the error.
fn c_run(
    source: &str,
    ranks: u32,
    profile_id: &str,
    matching: rankscope_core::proto::p2p::Matching,
) -> Result<Vec<String>, String> {
    use rankscope_core::lang::{self, VmLimits};
    let compiled = lang::load(source, "corpus.c").map_err(|d| format!("{d:?}"))?;
    let machine = Machine::new(&profile(profile_id), ranks).map_err(|e| e.to_string())?;
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, ranks, VmLimits::default()),
        SimConfig {
            matching,
            words_per_rank: lang::RMA_WORDS,
            ..SimConfig::default()
        },
    );
    sim.run().map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = sim.console().iter().map(|l| l.text.clone()).collect();
    lines.sort();
    Ok(lines)
}

fn corpus_files(prefix: &str) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    files.sort();
    files
}

/// Every MPI-call corpus program prints the same lines on every machine under every engine.
#[test]
fn mpi_corpus_programs_agree_on_every_machine_and_engine() {
    use rankscope_core::proto::p2p::Matching;
    let files = corpus_files("mpi_");
    assert!(files.len() >= 6, "{files:?}");
    for path in files {
        let expected = corpus_run(&path, "ib-qdr", Matching::Eager)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for p in builtin_profiles().unwrap() {
            let id = p.machine.id.clone();
            for engine in ENGINES {
                let got = corpus_run(&path, &id, engine);
                assert_eq!(
                    got.as_ref(),
                    Ok(&expected),
                    "{} on {id} under {engine:?}",
                    path.display()
                );
            }
        }
    }
}

/// A buffered send that does not fit the attached buffer names both sizes; `MPI_Abort` names the
/// rank and its code; a send to `MPI_PROC_NULL` completes at once.
#[test]
fn bsend_overflow_abort_and_proc_null() {
    let (rank, message) = failure(2, |r, _| {
        if r == 0 {
            vec![
                init(),
                call(mpi("MPI_Buffer_attach", &[i64::from(at(1000)), 120])),
                call(mpi("MPI_Bsend", &[i64::from(at(0)), 4, INT, 1, 0, WORLD])),
                call(mpi("MPI_Bsend", &[i64::from(at(0)), 4, INT, 1, 0, WORLD])),
            ]
        } else {
            vec![init(), recv(at(0), 4, INT, 0, 0, 0)]
        }
    });
    assert_eq!(rank, 0);
    assert!(
        message.contains("MPI_Bsend: the attached buffer is full: this message needs 112 bytes"),
        "{message}"
    );
    let (rank, message) = failure(3, |r, _| {
        let mut acts = vec![init()];
        if r == 1 {
            acts.push(call(mpi("MPI_Abort", &[WORLD, 7])));
        }
        acts.push(barrier());
        acts
    });
    assert_eq!(rank, 1);
    assert!(
        message.contains("MPI_Abort: rank 1 aborted the run with error code 7"),
        "{message}"
    );
    let null = i64::from(rankscope_core::libs::mpi::constants::MPI_PROC_NULL);
    let sim = run(1, |_, _| {
        vec![
            init(),
            send(at(0), 4, INT, null, 0),
            recv(at(0), 4, INT, null, 0, at(64)),
        ]
    });
    let (source, _, _, bytes) = status(sim.program(0).unwrap(), at(64));
    assert_eq!((source, bytes), (null as i32, 0));
}

/// A C program with MPI around `body` (with `rank`, `x` and `status` declared).
fn c_program(body: &str) -> String {
    format!(
        "#include <mpi.h>\n#include <stdio.h>\nint main(int argc, char *argv[]) {{\n  int rank, x = 0;\n  MPI_Status status;\n  MPI_Comm c;\n  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n{body}\n  MPI_Finalize();\n  return 0;\n}}\n"
    )
}

/// Using a freed or a null communicator is an error at its line; a message sent on one
/// communicator is never received on another, and the deadlock report says why.
#[test]
fn freed_null_and_crossed_communicators_are_reported() {
    use rankscope_core::proto::p2p::Matching;
    let run = |body: &str| c_run(&c_program(body), 2, "ib-qdr", Matching::Eager).unwrap_err();
    let freed = run("  MPI_Comm_dup(MPI_COMM_WORLD, &c);\n  MPI_Comm d = c;\n  MPI_Comm_free(&c);\n  MPI_Barrier(d);");
    assert!(
        freed.contains("MPI_Barrier: communicator") && freed.contains("was freed by MPI_Comm_free"),
        "{freed}"
    );
    assert!(freed.contains("corpus.c:12"), "{freed}");
    let null = run("  MPI_Comm_split(MPI_COMM_WORLD, MPI_UNDEFINED, 0, &c);\n  MPI_Send(&x, 1, MPI_INT, 0, 0, c);");
    assert!(
        null.contains("MPI_Send: the communicator is MPI_COMM_NULL"),
        "{null}"
    );
    let crossed = run("  MPI_Comm_dup(MPI_COMM_WORLD, &c);\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 4, c);\n  else MPI_Recv(&x, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &status);");
    assert!(crossed.contains("deadlock"), "{crossed}");
    assert!(
        crossed.contains("a message from rank 0 with tag 4 is waiting for rank 1, but it was sent on a different communicator (context 2, this receive's is 0)"),
        "{crossed}"
    );
}

/// Ranks of a split communicator are ordered by key, then by old rank, and `MPI_UNDEFINED`
/// leaves a rank out; topology errors name the problem.
#[test]
fn split_order_and_topology_errors() {
    use rankscope_core::proto::p2p::Matching;
    let body = "  MPI_Comm_split(MPI_COMM_WORLD, rank == 2 ? MPI_UNDEFINED : 0, rank == 3 ? -1 : 5, &c);\n  if (c != MPI_COMM_NULL) { int r; MPI_Comm_rank(c, &r); printf(\"%d -> %d\\n\", rank, r); }";
    let lines = c_run(&c_program(body), 4, "ib-qdr", Matching::Eager).unwrap();
    assert_eq!(lines, ["0 -> 1", "1 -> 2", "3 -> 0"]);
    let bad = c_run(
        &c_program("  int dims[2] = {3, 3}, periods[2] = {0, 0};\n  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &c);"),
        4,
        "ib-qdr",
        Matching::Eager,
    )
    .unwrap_err();
    assert!(
        bad.contains("MPI_Cart_create: the grid has 9 points but the communicator only 4 ranks"),
        "{bad}"
    );
    let shift = c_run(
        &c_program("  int a, b;\n  MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &a, &b);"),
        2,
        "ib-qdr",
        Matching::Eager,
    )
    .unwrap_err();
    assert!(shift.contains("has no Cartesian topology"), "{shift}");
}

// ---------------------------------------------------------------------------------------------
// The collectives of varying blocks, the scans and reduce-scatter, from C.

/// Sorted console lines of C `source` on `ranks` ranks of the InfiniBand profile, or the error.
pub(super) fn c_output(source: &str, ranks: u32) -> Result<Vec<String>, String> {
    use rankscope_core::lang::{self, VmLimits};
    let compiled = lang::load(source, "t.c").map_err(|d| {
        d.iter()
            .map(|d| d.render("t.c", source))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let machine = Machine::new(&profile("ib-qdr"), ranks).map_err(|e| e.to_string())?;
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, ranks, VmLimits::default()),
        SimConfig::default(),
    );
    sim.run().map_err(|e| e.to_string())?;
    let mut lines: Vec<String> = sim.console().iter().map(|l| l.text.clone()).collect();
    lines.sort();
    Ok(lines)
}

/// Checks every element of Allgatherv (each algorithm: recursive doubling, Bruck, ring),
/// Reduce_scatter (recursive halving, pairwise), Scan and Exscan against closed forms.
const SELF_CHECKING: &str = r#"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int check(int rank, const char *what, int ok) {
    if (!ok) printf("rank %d: %s wrong\n", rank, what);
    return ok;
}
int main(int argc, char *argv[]) {
    int rank, size, i, j, k, ok = 1, scale, scales[3] = {1, 70, 30000};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *counts = malloc(size * sizeof(int)), *displs = malloc(size * sizeof(int));
    /* 30000: a ring and pairwise exchange (only on 3 ranks, to keep the test fast). */
    for (k = 0; k < (size == 3 ? 3 : 2); k++) {
        int total = 0;
        scale = scales[k];
        for (i = 0; i < size; i++) {
            counts[i] = ((i * 3) % 4) * scale;
            displs[i] = total;
            total += counts[i];
        }
        long *mine = malloc((counts[rank] + 1) * sizeof(long));
        long *all = malloc((total + 1) * sizeof(long));
        for (j = 0; j < counts[rank]; j++) mine[j] = 1000L * rank + j;
        MPI_Allgatherv(mine, counts[rank], MPI_LONG, all, counts, displs, MPI_LONG,
                       MPI_COMM_WORLD);
        for (i = 0; i < size; i++)
            for (j = 0; j < counts[i]; j++)
                ok &= check(rank, "allgatherv", all[displs[i] + j] == 1000L * i + j);
        int *vec = malloc((total + 1) * sizeof(int)), *got = malloc((counts[rank] + 1) * sizeof(int));
        for (j = 0; j < total; j++) vec[j] = j * (rank + 1);
        MPI_Reduce_scatter(vec, got, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (j = 0; j < counts[rank]; j++)
            ok &= check(rank, "reduce_scatter", got[j] == (displs[rank] + j) * size * (size + 1) / 2);
        free(mine); free(all); free(vec); free(got);
    }
    long s = rank + 1, in, ex = -7;
    MPI_Scan(&s, &in, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(&s, &ex, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    ok &= check(rank, "scan", in == (long)(rank + 1) * (rank + 2) / 2);
    ok &= check(rank, "exscan", rank == 0 ? ex == -7 : ex == (long)rank * (rank + 1) / 2);
    if (ok) printf("rank %d ok\n", rank);
    free(counts);
    free(displs);
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn varying_collectives_scans_and_reduce_scatter_are_right_on_1_to_9_ranks() {
    for n in 1..=9 {
        let lines = c_output(SELF_CHECKING, n).unwrap_or_else(|e| panic!("{n} ranks: {e}"));
        let expected: Vec<String> = {
            let mut v: Vec<String> = (0..n).map(|r| format!("rank {r} ok")).collect();
            v.sort();
            v
        };
        assert_eq!(lines, expected, "{n} ranks");
    }
}

#[test]
fn misused_datatypes_operations_and_in_place_are_named() {
    let program = |body: &str| {
        format!(
            "#include <mpi.h>\nint main(int argc, char **argv) {{\n    double d = 1.0, r;\n    int x = 1, y;\n    MPI_Init(&argc, &argv);\n    {body}\n    MPI_Finalize();\n    return 0;\n}}\n"
        )
    };
    let err = |body: &str| c_output(&program(body), 2).unwrap_err();
    let e = err("MPI_Allreduce(&d, &r, 1, MPI_DOUBLE, MPI_BAND, MPI_COMM_WORLD);");
    assert!(
        e.contains("MPI_Allreduce: MPI_BAND is not defined for MPI_DOUBLE: MPI_BAND applies to integer datatypes and MPI_BYTE"),
        "{e}"
    );
    assert!(e.contains("t.c:6"), "{e}");
    let e = err("MPI_Reduce(&x, &y, 1, MPI_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);");
    assert!(e.contains("MPI_MAXLOC is not defined for MPI_INT"), "{e}");
    let e = err("MPI_Send(MPI_IN_PLACE, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);");
    assert!(
        e.contains("MPI_Send: MPI_IN_PLACE is not allowed as the send buffer here"),
        "{e}"
    );
    let e = err("MPI_Reduce(MPI_IN_PLACE, &y, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD);");
    assert!(
        e.contains("MPI_IN_PLACE is not allowed as the send buffer"),
        "{e}"
    );
    let e = err("MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); MPI_Bcast(&d, 1, t, 0, MPI_COMM_WORLD);");
    assert!(
        e.contains("MPI_Bcast: derived datatype")
            && e.contains("is not committed: call MPI_Type_commit"),
        "{e}"
    );
    let e = err("MPI_Datatype t = MPI_INT; MPI_Type_free(&t);");
    assert!(
        e.contains("MPI_Type_free: MPI_INT is predefined: it cannot be freed"),
        "{e}"
    );
    let e = err("MPI_Datatype t; MPI_Type_contiguous(1, MPI_INT, &t); MPI_Type_commit(&t); MPI_Type_free(&t); MPI_Type_commit(&t);");
    assert!(e.contains("MPI_Type_commit: unknown datatype"), "{e}");
    // The checker: MPI_IN_PLACE is a buffer, not an `int *`.
    let e = err("MPI_Comm_rank(MPI_COMM_WORLD, MPI_IN_PLACE);");
    assert!(e.contains("MPI_Comm_rank"), "{e}");
    assert!(e.contains("nothing was run") || e.contains("t.c:6"), "{e}");
}

/// A non-commutative user-defined operation (2x2 matrix products mod 1009) through every
/// reduction, on sizes that exercise odd trees and non-zero roots, checked in C against the
/// product in rank order; a commutative one on a struct datatype.
const USER_OPS: &str = r#"
#include <mpi.h>
#include <stdio.h>

void mat(void *in, void *inout, int *len, MPI_Datatype *t) {
    int *a = (int *)in, *b = (int *)inout, i, r, c;
    for (i = 0; i < *len; i++) {
        int m[4];
        for (r = 0; r < 2; r++)
            for (c = 0; c < 2; c++)
                m[2 * r + c] = (a[4 * i + 2 * r] * b[4 * i + c] + a[4 * i + 2 * r + 1] * b[4 * i + 2 + c]) % 1009;
        for (r = 0; r < 4; r++) b[4 * i + r] = m[r];
    }
}

typedef struct { double v; int n; } S;
void add(void *in, void *inout, int *len, MPI_Datatype *t) {
    S *a = (S *)in, *b = (S *)inout;
    int i;
    for (i = 0; i < *len; i++) { b[i].v += a[i].v; b[i].n += a[i].n; }
}

void of(int r, int k, int *m) { m[0] = r + k + 1; m[1] = 1; m[2] = k; m[3] = 1; }

/* The product of ranks from..to-1's matrices for block k. */
void expect(int from, int to, int k, int *m) {
    int r, x[4], one = 1;
    m[0] = 1; m[1] = 0; m[2] = 0; m[3] = 1;
    for (r = from; r < to; r++) { of(r, k, x); mat(m, x, &one, 0); m[0] = x[0]; m[1] = x[1]; m[2] = x[2]; m[3] = x[3]; }
}

int same(int *a, int *b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3]; }

int main(int argc, char **argv) {
    int rank, size, k, ok = 1, mine[32], out[32], want[4], root;
    MPI_Datatype m4, st;
    MPI_Op op, sum;
    int lens[2] = {1, 1};
    MPI_Aint offs[2] = {0, 8};
    MPI_Datatype ts[2] = {MPI_DOUBLE, MPI_INT};
    S s, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(4, MPI_INT, &m4);
    MPI_Type_commit(&m4);
    MPI_Op_create(mat, 0, &op);
    for (k = 0; k < size; k++) of(rank, k, mine + 4 * k);
    root = size - 1;
    MPI_Reduce(mine, out, size, m4, op, root, MPI_COMM_WORLD);
    if (rank == root)
        for (k = 0; k < size; k++) { expect(0, size, k, want); ok &= same(out + 4 * k, want); }
    MPI_Allreduce(mine, out, 1, m4, op, MPI_COMM_WORLD);
    expect(0, size, 0, want); ok &= same(out, want);
    MPI_Scan(mine, out, 1, m4, op, MPI_COMM_WORLD);
    expect(0, rank + 1, 0, want); ok &= same(out, want);
    MPI_Exscan(mine, out, 1, m4, op, MPI_COMM_WORLD);
    expect(0, rank, 0, want); if (rank > 0) ok &= same(out, want);
    MPI_Reduce_scatter_block(mine, out, 1, m4, op, MPI_COMM_WORLD);
    expect(0, size, rank, want); ok &= same(out, want);
    MPI_Op_free(&op);
    MPI_Type_create_struct(2, lens, offs, ts, &st);
    MPI_Type_commit(&st);
    MPI_Op_create(add, 1, &sum);
    s.v = 0.5 * rank; s.n = rank;
    MPI_Allreduce(&s, &total, 1, st, sum, MPI_COMM_WORLD);
    ok &= total.n == size * (size - 1) / 2 && total.v == 0.5 * total.n;
    MPI_Op_free(&sum);
    printf("rank %d %s\n", rank, ok ? "ok" : "WRONG");
    MPI_Finalize();
    return 0;
}
"#;

#[test]
fn user_defined_operations_combine_in_rank_order() {
    for n in [1, 2, 3, 4, 5, 7, 8] {
        let lines = c_output(USER_OPS, n).unwrap();
        let mut expected: Vec<String> = (0..n).map(|r| format!("rank {r} ok")).collect();
        expected.sort();
        assert_eq!(lines, expected, "{n} ranks");
    }
}

#[test]
fn user_defined_operations_misused_are_named() {
    let program = |before: &str, body: &str| {
        format!(
            "#include <mpi.h>\n{before}\nint main(int argc, char **argv) {{\n    int x = 1, y;\n    MPI_Op op;\n    MPI_Init(&argc, &argv);\n    {body}\n    MPI_Finalize();\n    return 0;\n}}\n"
        )
    };
    let f = "void f(void *a, void *b, int *n, MPI_Datatype *t) { *(int *)b += *(int *)a; }";
    let err = |before: &str, body: &str| c_output(&program(before, body), 2).unwrap_err();
    let e = err(f, "MPI_Op_create(f, 1, &op); MPI_Op_free(&op); op = 0x58800000; MPI_Allreduce(&x, &y, 1, MPI_INT, op, MPI_COMM_WORLD);");
    assert!(
        e.contains("MPI_Allreduce: reduction operation 1484783616 was freed by MPI_Op_free"),
        "{e}"
    );
    let e = err(f, "op = MPI_SUM; MPI_Op_free(&op);");
    assert!(
        e.contains("MPI_Op_free: MPI_SUM is predefined: only operations made by MPI_Op_create can be freed"),
        "{e}"
    );
    let e = err(
        f,
        "op = 0x58800005; MPI_Reduce(&x, &y, 1, MPI_INT, op, 0, MPI_COMM_WORLD);",
    );
    assert!(
        e.contains("MPI_Reduce: unknown reduction operation 1484783621"),
        "{e}"
    );
    let e = err(
        f,
        "MPI_Datatype t; int l[2] = {1, 1}; MPI_Aint d[2] = {0, 4}; MPI_Datatype ts[2] = {MPI_INT, MPI_CHAR};\n    MPI_Type_create_struct(2, l, d, ts, &t); MPI_Type_commit(&t);\n    MPI_Allreduce(&x, &y, 1, t, MPI_SUM, MPI_COMM_WORLD);",
    );
    assert!(
        e.contains("MPI_SUM cannot reduce derived datatype")
            && e.contains("defined on predefined datatypes only"),
        "{e}"
    );
    let calls_mpi = "void g(void *a, void *b, int *n, MPI_Datatype *t) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); }";
    let e = err(
        calls_mpi,
        "MPI_Op_create(g, 1, &op); MPI_Allreduce(&x, &y, 1, MPI_INT, op, MPI_COMM_WORLD);",
    );
    insta::assert_snapshot!(e);
    // The checker wants a function.
    let e = err(f, "MPI_Op_create(x, 1, &op);");
    assert!(
        e.contains("argument 1 (`user_fn`) of `MPI_Op_create` must be a function of the program"),
        "{e}"
    );
}
