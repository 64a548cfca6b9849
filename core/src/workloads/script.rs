//! A native program written as a list of point-to-point operations: post a receive, start a
//! send, wait for some of them, sleep. Each rank of a collective algorithm (Open MPI's, in
//! [`super::ompi`]) or of a scheduled exchange (paper 002's Fig. 4, in [`super::scheduled`]) is
//! one such script, so an algorithm is written once, as the order of its calls, and runs on any
//! machine model. A blocking `MPI_Send` is a [`Op::Send`] followed by a [`Op::Wait`] on it; a
//! blocking `MPI_Recv` likewise; `ompi_coll_base_sendrecv` is a receive, a send, and a wait on
//! both. Every message uses tag 0 on `MPI_COMM_WORLD` (a script runs one collective, and MPI's
//! non-overtaking rule keeps one pair's messages in order).

use std::sync::Arc;

use super::try_op;
use crate::engine::{Rank, RankCtx, ReqId, Step};
use crate::proto::p2p::{PointToPoint, Source, TagSel};
use crate::time::SimTime;

/// One operation of a script. Sends and receives are numbered in the order they are posted,
/// from 0: their handles, which [`Op::Wait`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `MPI_Irecv` of up to `bytes` bytes from `from`.
    Recv {
        /// The sender.
        from: Rank,
        /// The receive's size.
        bytes: u64,
    },
    /// `MPI_Isend` of `bytes` bytes to `to`.
    Send {
        /// The receiver.
        to: Rank,
        /// The message's size.
        bytes: u64,
    },
    /// `MPI_Waitall` on these handles (earlier sends and receives, each waited for once).
    Wait(Vec<u32>),
    /// `MPI_Waitall` on every handle not yet waited for.
    WaitAll,
    /// `nanosleep`: the rank does nothing for this long.
    Sleep(SimTime),
}

/// Builds a script, handing out the handles of its sends and receives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptBuilder {
    ops: Vec<Op>,
    posted: u32,
}

impl ScriptBuilder {
    /// An empty script.
    pub fn new() -> Self {
        Self::default()
    }

    /// Posts a receive; its handle.
    pub fn irecv(&mut self, from: Rank, bytes: u64) -> u32 {
        self.ops.push(Op::Recv { from, bytes });
        self.next_handle()
    }

    /// Starts a send; its handle.
    pub fn isend(&mut self, to: Rank, bytes: u64) -> u32 {
        self.ops.push(Op::Send { to, bytes });
        self.next_handle()
    }

    /// Waits for these handles.
    pub fn wait(&mut self, handles: &[u32]) {
        self.ops.push(Op::Wait(handles.to_vec()));
    }

    /// Waits for every handle not yet waited for.
    pub fn wait_all(&mut self) {
        self.ops.push(Op::WaitAll);
    }

    /// A blocking `MPI_Send`.
    pub fn send(&mut self, to: Rank, bytes: u64) {
        let h = self.isend(to, bytes);
        self.wait(&[h]);
    }

    /// A blocking `MPI_Recv`.
    pub fn recv(&mut self, from: Rank, bytes: u64) {
        let h = self.irecv(from, bytes);
        self.wait(&[h]);
    }

    /// Open MPI's `ompi_coll_base_sendrecv_actual`: post the receive, send (blocking), wait
    /// for the receive.
    pub fn sendrecv(&mut self, to: Rank, send_bytes: u64, from: Rank, recv_bytes: u64) {
        let r = self.irecv(from, recv_bytes);
        self.send(to, send_bytes);
        self.wait(&[r]);
    }

    /// Open MPI's `ompi_coll_base_sendrecv_zero` (its barriers' step): post a zero-byte
    /// receive from `from`, start a zero-byte send to `to`, wait for both.
    pub fn sendrecv_zero(&mut self, to: Rank, from: Rank) {
        let r = self.irecv(from, 0);
        let s = self.isend(to, 0);
        self.wait(&[r, s]);
    }

    /// Sleeps.
    pub fn sleep(&mut self, time: SimTime) {
        self.ops.push(Op::Sleep(time));
    }

    /// Appends `other`'s operations, its handles renumbered after this script's.
    pub fn append(&mut self, other: ScriptBuilder) {
        let shift = self.posted;
        self.ops.extend(other.ops.into_iter().map(|op| match op {
            Op::Wait(handles) => Op::Wait(handles.into_iter().map(|h| h + shift).collect()),
            op => op,
        }));
        self.posted += other.posted;
    }

    /// The finished script, ready to run once.
    pub fn build(self) -> Script {
        self.build_rounds(1)
    }

    /// The finished script, run `rounds` times in a row (a benchmark's repetitions): each round
    /// starts once every request of the one before has been waited for.
    pub fn build_rounds(self, rounds: u32) -> Script {
        Script {
            rounds: rounds.max(1),
            ..Script::new(self.ops)
        }
    }

    fn next_handle(&mut self) -> u32 {
        self.posted += 1;
        self.posted - 1
    }
}

/// What a rank blocked in [`Step::WaitAll`] waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Waiting {
    /// Nothing.
    Nothing,
    /// The handles of the [`Op::Wait`] at this index.
    Op(usize),
    /// Every request not yet waited for ([`Op::WaitAll`], or the end of a round): nothing is
    /// posted while the rank waits, so they are the same ones when it resumes.
    Unwaited,
}

/// One rank running a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    /// The operations, shared between the run's checkpoints (a step back clones every rank).
    ops: Arc<[Op]>,
    /// The next operation.
    next: usize,
    /// Each handle's request, until it is waited for and taken back.
    requests: Vec<Option<ReqId>>,
    /// The wait under way, whose requests are taken back when the rank resumes.
    waiting: Waiting,
    /// Times to run the operations.
    rounds: u32,
    /// Rounds finished.
    done: u32,
}

impl Script {
    /// A rank that will run `ops`.
    pub fn new(ops: Vec<Op>) -> Self {
        Script {
            ops: ops.into(),
            next: 0,
            requests: Vec::new(),
            waiting: Waiting::Nothing,
            rounds: 1,
            done: 0,
        }
    }

    /// The operations.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// Rounds finished so far.
    pub fn rounds_done(&self) -> u32 {
        self.done
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        match std::mem::replace(&mut self.waiting, Waiting::Nothing) {
            Waiting::Nothing => {}
            Waiting::Op(i) => {
                if let Some(Op::Wait(handles)) = self.ops.get(i) {
                    for &h in handles {
                        if let Some(req) = self.requests.get_mut(h as usize).and_then(Option::take)
                        {
                            try_op!(ctx.take(req));
                        }
                    }
                }
            }
            Waiting::Unwaited => {
                for req in self.requests.iter_mut().filter_map(Option::take) {
                    try_op!(ctx.take(req));
                }
            }
        }
        loop {
            let Some(op) = self.ops.get(self.next) else {
                // The round is over: wait for anything not yet waited for, then start the next.
                if let Some(step) = self.wait_unwaited() {
                    return step;
                }
                self.done += 1;
                if self.done >= self.rounds {
                    return Step::Done;
                }
                self.next = 0;
                self.requests.clear();
                continue;
            };
            self.next += 1;
            match op {
                Op::Recv { from, bytes } => {
                    let req = try_op!(ctx.irecv(Source::Rank(*from), TagSel::Tag(0), *bytes));
                    self.requests.push(Some(req));
                }
                Op::Send { to, bytes } => {
                    let req = try_op!(ctx.isend(i64::from(*to), 0, *bytes, Vec::new()));
                    self.requests.push(Some(req));
                }
                Op::Wait(handles) => {
                    let mut reqs = Vec::with_capacity(handles.len());
                    for &h in handles {
                        match self.requests.get(h as usize) {
                            Some(Some(req)) => reqs.push(*req),
                            _ => {
                                return Step::Fail(format!(
                                    "script waits for handle {h}, which is not an unwaited request"
                                ))
                            }
                        }
                    }
                    self.waiting = Waiting::Op(self.next - 1);
                    return Step::WaitAll(reqs);
                }
                Op::WaitAll => {
                    if let Some(step) = self.wait_unwaited() {
                        return step;
                    }
                }
                Op::Sleep(time) => return Step::Compute(*time),
            }
        }
    }

    /// A wait for every request not yet waited for (`None` when there is none).
    fn wait_unwaited(&mut self) -> Option<Step> {
        let reqs: Vec<ReqId> = self.requests.iter().flatten().copied().collect();
        if reqs.is_empty() {
            return None;
        }
        self.waiting = Waiting::Unwaited;
        Some(Step::WaitAll(reqs))
    }
}
