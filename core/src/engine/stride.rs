//! Coarse stepping: moving a run to the next (or previous) step that matters — one that does more
//! than bookkeeping, an MPI call, a message, or an event of one rank — read from the trace.
//!
//! A step's records say what it did. *Bookkeeping* records only move one rank's own clock on:
//! a rank starts its program (`MPI_Init` is the computation after it), computes, resumes
//! ("rank 4 continues"), or yields. They change no communication state, print nothing and end
//! nothing, so a lecturer's Step passes over them: [`Stride::Interesting`] stops at a step that
//! has any other record. Searching only reads the trace (and takes steps forward as
//! [`History::forward`] does); the trace and its hash are never touched.
//!
//! Back mirrors forward: [`back`] goes to the latest earlier step where [`forward`] would stop
//! (or to the start), so forward after back returns to where a stop was.

use super::history::History;
use super::limits::SimError;
use super::program::Program;
use crate::engine::Rank;
use crate::trace::text::Lang;
use crate::trace::{Draw, Record, RecordKind, Trace};

/// How far one move goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stride {
    /// Exactly one step.
    Event,
    /// To a step that does more than bookkeeping (see the module documentation).
    Interesting,
    /// To a step in which a rank's program calls into MPI: the rank runs and, in the same step,
    /// posts a send or receive, blocks in a wait, spends time in the library, or starts any
    /// other protocol operation (a one-sided access, a lock…).
    MpiCall,
    /// To a step in which a message (or a one-sided transfer) leaves or arrives.
    Message,
    /// To a step in which this rank acts, beyond bookkeeping unless `every` is set.
    Rank {
        /// The rank.
        rank: Rank,
        /// Also stop at the rank's bookkeeping steps.
        every: bool,
    },
}

/// The most steps one forward move takes looking for its stop (a long computation with no
/// communication stops there rather than running on for seconds).
pub const FORWARD_LIMIT: u64 = 50_000;

/// Whether `record` is bookkeeping: it only moves one rank's own clock on.
pub fn is_bookkeeping(record: &Record) -> bool {
    matches!(
        record.kind,
        RecordKind::Start { .. }
            | RecordKind::Compute { .. }
            | RecordKind::Resumed { .. }
            | RecordKind::Yielded { .. }
    )
}

/// Whether a step with these records is a stop of `stride`.
pub fn stops_at<'a>(stride: Stride, records: impl IntoIterator<Item = &'a Record>) -> bool {
    let mut records = records.into_iter();
    match stride {
        Stride::Event => true,
        Stride::Interesting => records.any(|r| !is_bookkeeping(r)),
        Stride::Message => records.any(|r| {
            matches!(
                r.draw(),
                Draw::Arrow { .. } | Draw::Reached { .. } | Draw::Returned { .. }
            )
        }),
        Stride::Rank { rank, every } => {
            records.any(|r| r.rank() == rank && (every || !is_bookkeeping(r)))
        }
        Stride::MpiCall => {
            // The ranks whose program ran in this step, and whether one of them then acted
            // through the library.
            let mut running: Vec<Rank> = Vec::new();
            records.any(|r| match &r.kind {
                RecordKind::Start { rank } | RecordKind::Resumed { rank } => {
                    running.push(*rank);
                    false
                }
                RecordKind::Blocked { rank, .. } | RecordKind::Library { rank, .. } => {
                    running.contains(rank)
                }
                RecordKind::Layer { .. } => running.contains(&r.rank()),
                _ => false,
            })
        }
    }
}

/// The records of step `step` (1-based: the step that led to position `step`), as far as the
/// trace knows them.
pub fn step_records(trace: &Trace, step: u64) -> impl Iterator<Item = &Record> {
    let from = trace.records_after_steps(step.saturating_sub(1));
    let to = if step == 0 {
        0
    } else {
        trace.records_after_steps(step)
    };
    trace.known_records().range(from..to)
}

/// Moves forward to the next stop of `stride`: takes steps until one is a stop, the run ends or
/// stops with an error, or `limit` steps were taken. Returns the steps taken; an error is
/// returned as [`History::forward`] returns it (the position stays at the last good step).
pub fn forward<P: Program>(
    history: &mut History<P>,
    stride: Stride,
    limit: u64,
) -> Result<u64, SimError> {
    let mut taken = 0;
    while taken < limit.max(1) {
        if history.forward(1)? == 0 {
            break;
        }
        taken += 1;
        if stops_at(
            stride,
            step_records(history.sim().trace(), history.position()),
        ) {
            break;
        }
    }
    Ok(taken)
}

/// The position [`back`] goes to from `position`: the latest earlier step that is a stop of
/// `stride`, or the start.
pub fn previous_stop(trace: &Trace, position: u64, stride: Stride) -> u64 {
    (1..position)
        .rev()
        .find(|&k| stops_at(stride, step_records(trace, k)))
        .unwrap_or(0)
}

/// Moves back to the previous stop of `stride` (see [`previous_stop`]).
pub fn back<P: Program>(history: &mut History<P>, stride: Stride) -> Result<(), SimError> {
    let to = previous_stop(history.sim().trace(), history.position(), stride);
    history.goto(to)
}

/// The sentences of step `step`'s records that say something (its bookkeeping left out, unless
/// the step is only bookkeeping): the caption of the current event.
pub fn sentences(trace: &Trace, step: u64) -> Vec<String> {
    sentences_in(trace, step, Lang::En)
}

/// [`sentences`] in `lang`.
pub fn sentences_in(trace: &Trace, step: u64, lang: Lang) -> Vec<String> {
    let records: Vec<&Record> = step_records(trace, step).collect();
    let telling: Vec<&&Record> = records.iter().filter(|r| !is_bookkeeping(r)).collect();
    if telling.is_empty() {
        records.iter().map(|r| r.explain_in(lang)).collect()
    } else {
        telling.iter().map(|r| r.explain_in(lang)).collect()
    }
}
