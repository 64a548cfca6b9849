//! What every collective shares: internal tags, [`Round`]s of messages posted together and awaited
//! together, the [`Steps`] of round-based algorithms, and the [`Collective`] trait every
//! algorithm implements, which the library drives on each resume ([`Running`]).
//!
//! Collectives are built on the engine's point-to-point operations with negative tags, which no
//! user receive (not even `MPI_ANY_TAG`) can match. Each tag folds in the collective's kind and
//! the rank's collective sequence number, so two consecutive collectives — even of the same kind,
//! even when ranks call them at very different times — never match each other's messages, and
//! ranks that call different collectives block (a deadlock the engine reports, with a line that
//! names the calls) rather than mixing data. Every message carries its collective call's note
//! (function, line, root, count and datatype; see [`super::note`]) and [`Round::finish`] checks
//! it against the receiver's own call, so ranks that call one collective with different roots or
//! counts, or different collectives whose messages meet (`MPI_Gather` and `MPI_Allgather`), are
//! told which call of which rank disagrees.

use std::any::Any;
use std::fmt;

use super::comm_ctx::CommCtx;
use super::error::ErrorKind;
use super::note::check_collective;
use super::user_op::UserCall;
use crate::engine::{Rank, ReqId, Step};
use crate::lang::vm::memory::Memory;
use crate::proto::p2p::PointToPoint;
use crate::time::SimTime;

/// Which collective (or which phase of one) a message belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `MPI_Barrier`.
    Barrier = 0,
    /// `MPI_Bcast`.
    Bcast = 1,
    /// `MPI_Reduce`.
    Reduce = 2,
    /// The reduce phase of `MPI_Allreduce`.
    AllreduceReduce = 3,
    /// The broadcast phase of `MPI_Allreduce`.
    AllreduceBcast = 4,
    /// `MPI_Gather`.
    Gather = 5,
    /// `MPI_Scatter`.
    Scatter = 6,
    /// `MPI_Alltoall`.
    Alltoall = 7,
    /// `MPI_Alltoallv`.
    Alltoallv = 8,
    /// The barrier of a one-sided collective call (window creation, fence, free).
    Window = 9,
    /// `MPI_Allgatherv`.
    Allgatherv = 10,
    /// `MPI_Scan`.
    Scan = 11,
    /// `MPI_Exscan`.
    Exscan = 12,
    /// `MPI_Reduce_scatter` and `MPI_Reduce_scatter_block`.
    ReduceScatter = 13,
    /// The allgather that creates a communicator (`MPI_Comm_split`, `MPI_Comm_dup`, …).
    CommCreate = 14,
}

/// Kinds fit in this many values.
const KINDS: i32 = 16;
/// Sequence numbers are folded modulo this (2^26): tags stay within `-(2^30)..=-1`.
const SEQ_MASK: u32 = (1 << 26) - 1;

/// The internal tag of collective number `seq` (per rank, counted from 0) of `kind`: always
/// negative.
pub(super) fn tag(kind: Kind, seq: u32) -> i32 {
    // (SEQ_MASK as i32) * KINDS + KINDS <= 2^30, so this never overflows.
    -(1 + ((seq & SEQ_MASK) as i32) * KINDS + kind as i32)
}

/// The MPI function a message with internal tag `tag` belongs to (`None` for a user tag, `>= 0`):
/// what the timeline writes on the spans of a collective. One naming with every sentence that
/// mentions such a tag (`proto::p2p::collective_of`).
pub fn function_of_tag(tag: i32) -> Option<&'static str> {
    crate::proto::p2p::collective_of(tag)
}

/// What a collective waits for before it can go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Wait {
    /// The engine: messages, or the arithmetic's time.
    Engine(Step),
    /// The program's function (a user-defined reduction), which the VM runs.
    Call(UserCall),
}

impl From<Step> for Wait {
    fn from(step: Step) -> Wait {
        Wait::Engine(step)
    }
}

/// Messages of one step of a collective, posted together; the step is over when all completed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Round {
    sends: Vec<ReqId>,
    /// Receive requests with the bytes their destination holds.
    recvs: Vec<(ReqId, u32)>,
}

impl Round {
    /// Posts a send of `data` to `dst` (a rank of `ctx`'s communicator).
    pub(super) fn send(
        &mut self,
        ctx: &mut CommCtx<'_, '_>,
        dst: Rank,
        tag: i32,
        data: Vec<u8>,
    ) -> Result<(), ErrorKind> {
        let req = ctx.isend(dst, tag, data)?;
        self.sends.push(req);
        Ok(())
    }

    /// Posts a receive of at most `capacity` bytes from `src` (a rank of `ctx`'s communicator).
    pub(super) fn recv(
        &mut self,
        ctx: &mut CommCtx<'_, '_>,
        src: Rank,
        tag: i32,
        capacity: u32,
    ) -> Result<(), ErrorKind> {
        let req = ctx.irecv(src, tag)?;
        self.recvs.push((req, capacity));
        Ok(())
    }

    /// `None` once every message completed, else the step that waits for the rest.
    pub(super) fn waiting(&self, ctx: &CommCtx<'_, '_>) -> Result<Option<Step>, ErrorKind> {
        let mut open = Vec::new();
        for req in self.sends.iter().chain(self.recvs.iter().map(|(r, _)| r)) {
            if !ctx.is_complete(*req)? {
                open.push(*req);
            }
        }
        Ok(if open.is_empty() {
            None
        } else {
            Some(Step::WaitAll(open))
        })
    }

    /// Takes every completed request back; returns the received data in posting order. A message
    /// of a call that disagrees with this rank's (another function, root or count) is an error
    /// naming the other call; a message longer than its receive's capacity is `MPI_ERR_TRUNCATE`.
    pub(super) fn finish(&mut self, ctx: &mut CommCtx<'_, '_>) -> Result<Vec<Vec<u8>>, ErrorKind> {
        for req in std::mem::take(&mut self.sends) {
            ctx.take(req)?
                .ok_or(ErrorKind::Internal("a collective send is not complete"))?;
        }
        let mut out = Vec::with_capacity(self.recvs.len());
        for (req, capacity) in std::mem::take(&mut self.recvs) {
            let done = ctx
                .take_received(req)?
                .ok_or(ErrorKind::Internal("a collective receive is not complete"))?;
            if let Some(st) = done.status {
                check_collective(ctx.note(), st.note, ctx.comm_rank_of(st.source))?;
            }
            let arrived = done.data.len() as u64;
            if arrived > u64::from(capacity) {
                return Err(ErrorKind::Truncated {
                    arrived,
                    capacity: u64::from(capacity),
                });
            }
            out.push(done.data);
        }
        Ok(out)
    }
}

/// The `index`-th rank from `root` (`(root + index) mod size`): ranks relative to a root.
pub(super) fn absolute(relative: u64, root: Rank, size: u32) -> Rank {
    ((relative + u64::from(root)) % u64::from(size.max(1))) as Rank
}

/// This rank's position relative to `root`.
pub(super) fn relative(rank: Rank, root: Rank, size: u32) -> u64 {
    (u64::from(rank) + u64::from(size) - u64::from(root)) % u64::from(size.max(1))
}

/// An algorithm made of steps, each a [`Round`] of messages followed by local work on what
/// arrived (recursive doubling and halving, Bruck, rings); [`Stepper`] drives it.
pub(super) trait Steps {
    /// Posts step `i`'s messages into `round`; `false` when there is no step `i` (all done).
    fn post(
        &mut self,
        i: usize,
        round: &mut Round,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<bool, ErrorKind>;
    /// Takes step `i`'s received messages (in posting order); returns how many elements it
    /// combines (the machine's time for that arithmetic is spent before the next step).
    fn arrived(&mut self, i: usize, data: Vec<Vec<u8>>) -> Result<u64, ErrorKind>;
    /// Does the combinations `arrived` left to do; `Some` when the program's function must run
    /// first (then this is called again).
    fn fold(&mut self, _mem: &mut Memory) -> Result<Option<UserCall>, ErrorKind> {
        Ok(None)
    }
    /// Writes the result once every step is done.
    fn finish(&mut self, mem: &mut Memory) -> Result<(), ErrorKind>;
}

/// Where a [`Steps`] algorithm is: the next step and its messages in flight.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Stepper {
    next: usize,
    round: Option<Round>,
    /// The elements the last step combines, until its combinations are done.
    folding: Option<u64>,
    done: bool,
}

impl Stepper {
    /// Advances `steps`; `None` once the last step is done and the result written.
    pub(super) fn drive<S: Steps>(
        &mut self,
        steps: &mut S,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        while !self.done {
            if let Some(elements) = self.folding {
                if let Some(call) = steps.fold(mem)? {
                    return Ok(Some(Wait::Call(call)));
                }
                self.folding = None;
                let time = ctx.flops_time(elements);
                if time > SimTime::ZERO {
                    return Ok(Some(Step::Compute(time).into()));
                }
            }
            match &mut self.round {
                None => {
                    let mut round = Round::default();
                    if steps.post(self.next, &mut round, ctx)? {
                        self.round = Some(round);
                    } else {
                        steps.finish(mem)?;
                        self.done = true;
                    }
                }
                Some(round) => {
                    if let Some(wait) = round.waiting(ctx)? {
                        return Ok(Some(wait.into()));
                    }
                    let data = round.finish(ctx)?;
                    self.round = None;
                    self.next += 1;
                    self.folding = Some(steps.arrived(self.next - 1, data)?);
                }
            }
        }
        Ok(None)
    }
}

/// A collective's algorithm in progress on this rank. Every collective is one (its own file
/// implements it), and the library drives them all alike through [`Running`]: a new collective
/// is its entry in `functions::collectives` and its algorithm's file.
pub(crate) trait Collective: Clone + PartialEq + fmt::Debug + 'static {
    /// Advances as far as possible: `None` when the collective finished on this rank, else what
    /// to wait on (or compute for, or the program's function to run) before calling again.
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind>;
}

/// A [`Collective`] as a trait object that can be cloned and compared (for the simulator's
/// checkpoints); implemented for every collective.
trait Dynamic: fmt::Debug {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind>;
    fn boxed(&self) -> Box<dyn Dynamic>;
    fn same(&self, other: &dyn Dynamic) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<C: Collective> Dynamic for C {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Collective::advance(self, mem, ctx)
    }

    fn boxed(&self) -> Box<dyn Dynamic> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Dynamic) -> bool {
        other.as_any().downcast_ref::<C>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A collective in progress on this rank, whichever it is.
#[derive(Debug)]
pub(crate) struct Running(Box<dyn Dynamic>);

impl Running {
    /// `collective`, started.
    pub(super) fn new(collective: impl Collective) -> Running {
        Running(Box::new(collective))
    }

    /// Advances as far as possible (see [`Collective::advance`]).
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        self.0.advance(mem, ctx)
    }
}

impl Clone for Running {
    fn clone(&self) -> Running {
        Running(self.0.boxed())
    }
}

impl PartialEq for Running {
    fn eq(&self, other: &Running) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Running {}

/// Collectives run one after the other (`MPI_Allgather` = a gather to rank 0, then a broadcast
/// of the whole result from it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chain(pub(super) Vec<Running>);

impl Collective for Chain {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        while let Some(first) = self.0.first_mut() {
            if let Some(wait) = first.step(mem, ctx)? {
                return Ok(Some(wait));
            }
            self.0.remove(0);
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_their_function() {
        assert_eq!(function_of_tag(tag(Kind::Bcast, 7)), Some("MPI_Bcast"));
        assert_eq!(
            function_of_tag(tag(Kind::AllreduceBcast, 0)),
            Some("MPI_Allreduce")
        );
        assert_eq!(
            function_of_tag(tag(Kind::Barrier, SEQ_MASK)),
            Some("MPI_Barrier")
        );
        assert_eq!(function_of_tag(0), None);
    }

    #[test]
    fn tags_are_negative_distinct_and_in_range() {
        let mut seen = std::collections::BTreeSet::new();
        for seq in [0, 1, 2, SEQ_MASK - 1, SEQ_MASK] {
            for kind in [
                Kind::Barrier,
                Kind::Bcast,
                Kind::Alltoallv,
                Kind::ReduceScatter,
            ] {
                let t = tag(kind, seq);
                assert!((-(1 << 30)..0).contains(&t), "{t}");
                assert!(seen.insert(t));
            }
        }
        assert_eq!(tag(Kind::Barrier, SEQ_MASK + 1), tag(Kind::Barrier, 0));
    }

    #[test]
    fn every_kind_is_named_by_the_point_to_point_layer() {
        use crate::proto::p2p::{collective_of, COLLECTIVE_KINDS};
        let kinds = [
            (Kind::Barrier, "MPI_Barrier"),
            (Kind::Bcast, "MPI_Bcast"),
            (Kind::Reduce, "MPI_Reduce"),
            (Kind::AllreduceReduce, "MPI_Allreduce"),
            (Kind::AllreduceBcast, "MPI_Allreduce"),
            (Kind::Gather, "MPI_Gather"),
            (Kind::Scatter, "MPI_Scatter"),
            (Kind::Alltoall, "MPI_Alltoall"),
            (Kind::Alltoallv, "MPI_Alltoallv"),
            (Kind::Window, "a window's collective call"),
            (Kind::Allgatherv, "MPI_Allgatherv"),
            (Kind::Scan, "MPI_Scan"),
            (Kind::Exscan, "MPI_Exscan"),
            (Kind::ReduceScatter, "MPI_Reduce_scatter"),
            (Kind::CommCreate, "creating a communicator"),
        ];
        assert_eq!(kinds.len(), COLLECTIVE_KINDS.len());
        assert!(kinds.len() <= KINDS as usize);
        for (kind, name) in kinds {
            for seq in [0, 7, SEQ_MASK] {
                let said = collective_of(tag(kind, seq)).unwrap();
                assert!(said.starts_with(name), "{kind:?}: {said}");
            }
        }
    }

    #[test]
    fn relative_ranks_wrap() {
        assert_eq!(relative(1, 3, 5), 3);
        assert_eq!(absolute(3, 3, 5), 1);
        assert_eq!(relative(0, 0, 1), 0);
    }
}
