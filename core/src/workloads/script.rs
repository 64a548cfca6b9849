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

    /// Sleeps.
    pub fn sleep(&mut self, time: SimTime) {
        self.ops.push(Op::Sleep(time));
    }

    /// The finished script, ready to run.
    pub fn build(self) -> Script {
        Script::new(self.ops)
    }

    fn next_handle(&mut self) -> u32 {
        self.posted += 1;
        self.posted - 1
    }
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
    /// The requests of the wait under way, taken back when the rank resumes.
    waiting: Vec<u32>,
}

impl Script {
    /// A rank that will run `ops`.
    pub fn new(ops: Vec<Op>) -> Self {
        Script {
            ops: ops.into(),
            next: 0,
            requests: Vec::new(),
            waiting: Vec::new(),
        }
    }

    /// The operations.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// Drives the rank one step.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        for h in std::mem::take(&mut self.waiting) {
            if let Some(req) = self.requests.get_mut(h as usize).and_then(Option::take) {
                try_op!(ctx.take(req));
            }
        }
        while let Some(op) = self.ops.get(self.next) {
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
                    self.waiting = handles.clone();
                    return Step::WaitAll(reqs);
                }
                Op::WaitAll => {
                    let handles: Vec<u32> = (0..self.requests.len() as u32)
                        .filter(|&h| self.requests[h as usize].is_some())
                        .collect();
                    if handles.is_empty() {
                        continue;
                    }
                    let reqs = handles
                        .iter()
                        .filter_map(|&h| self.requests[h as usize])
                        .collect();
                    self.waiting = handles;
                    return Step::WaitAll(reqs);
                }
                Op::Sleep(time) => return Step::Compute(*time),
            }
        }
        Step::Done
    }
}
