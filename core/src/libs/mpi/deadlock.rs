//! What the MPI library adds to the engine's deadlock report, reading every rank's blocked call
//! together (the engine knows requests, not MPI; `Program::deadlock_notes` asks the programs):
//!
//! - a collective some ranks of its communicator never reach: "rank 0 is in MPI_Bcast (line 10)
//!   but rank 1 has finished: every rank of the communicator must call the same collectives in
//!   the same order";
//! - a cycle of ranks that all block in a send to the next (the classic "every rank sends
//!   first"): why the sends block — `MPI_Ssend` waits for its receive; under a run whose
//!   point-to-point protocol is synchronous, or its message is above the eager limit, a standard
//!   send does too, as real MPIs do (rendezvous) — and what to use instead.

use std::collections::BTreeMap;

use super::pending::Pending;
use super::state::MpiState;
use super::transfer::Transfer;
use crate::engine::{DeadlockReport, Rank};

/// One rank as the report sees it.
#[derive(Clone, Debug)]
pub struct RankView<'a> {
    /// The program ended.
    pub finished: bool,
    /// Where it is blocked, in words ("MPI_Recv at line 14"), if it is.
    pub at: Option<String>,
    /// Its MPI library.
    pub mpi: &'a MpiState,
}

/// What a rank is blocked in, as far as these notes care.
enum Waiting {
    /// A collective on the communicator with `context` and these world ranks.
    Collective {
        call: &'static str,
        line: u32,
        context: u32,
        members: Vec<Rank>,
    },
    /// A blocking send to world rank `dest`.
    Send {
        call: &'static str,
        line: u32,
        dest: Rank,
        bytes: u32,
        sync: bool,
    },
}

impl MpiState {
    /// The collective or blocking send this rank is blocked in, if any.
    fn waiting(&self) -> Option<Waiting> {
        let (call, op) = self.blocked_op()?;
        let line = self.origin.line;
        match op {
            Pending::Collective(comm, _) => Some(Waiting::Collective {
                call,
                line,
                context: comm.context,
                members: comm.members.ranks(),
            }),
            Pending::Started(nb, _) | Pending::Resumed(nb, _) => Some(Waiting::Collective {
                call,
                line,
                context: nb.comm.context,
                members: nb.comm.members.ranks(),
            }),
            Pending::Transfer {
                transfer:
                    Transfer::Send {
                        dest, sync, shape, ..
                    },
                ..
            } => Some(Waiting::Send {
                call,
                line,
                dest: *dest,
                bytes: shape.bytes(),
                sync: *sync,
            }),
            _ => None,
        }
    }
}

/// "rank 3", "ranks 0 and 1", "ranks 0, 1 and 2".
fn ranks_words(ranks: &[Rank]) -> String {
    match ranks {
        [one] => format!("rank {one}"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("ranks {} and {last}", init.join(", "))
        }
        [] => "no rank".to_string(),
    }
}

/// At most this many other ranks are described in one sentence.
const LISTED: usize = 4;

/// The library's sentences about `report` (see the module documentation).
pub fn deadlock_notes(ranks: &[RankView<'_>], report: &DeadlockReport) -> Vec<String> {
    let waiting: Vec<Option<Waiting>> = ranks.iter().map(|r| r.mpi.waiting()).collect();
    let mut notes = collective_notes(ranks, &waiting);
    if let Some(note) = send_cycle_note(&waiting, report) {
        notes.push(note);
    }
    notes
}

/// A collective call: its communicator's context, its function and its line.
type CallSite = (u32, &'static str, u32);

/// A sentence per collective call some members of its communicator are not in.
fn collective_notes(ranks: &[RankView<'_>], waiting: &[Option<Waiting>]) -> Vec<String> {
    // Ranks in the same call (function, line, communicator), in rank order.
    let mut groups: BTreeMap<CallSite, (Vec<Rank>, &Vec<Rank>)> = BTreeMap::new();
    for (rank, w) in waiting.iter().enumerate() {
        if let Some(Waiting::Collective {
            call,
            line,
            context,
            members,
        }) = w
        {
            let entry = groups
                .entry((*context, call, *line))
                .or_insert((Vec::new(), members));
            entry.0.push(rank as Rank);
        }
    }
    let mut notes = Vec::new();
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by_key(|(_, (inside, _))| inside[0]);
    for ((_, call, line), (inside, members)) in groups {
        let others: Vec<String> = members
            .iter()
            .filter(|m| !inside.contains(m))
            .filter_map(|&m| {
                let r = ranks.get(m as usize)?;
                Some(if r.finished {
                    format!("rank {m} has finished")
                } else {
                    match (&waiting[m as usize], &r.at) {
                        (Some(Waiting::Collective { call, line, .. }), _) => {
                            format!("rank {m} is in {call} at line {line}")
                        }
                        (_, Some(at)) => format!("rank {m} is in {at}"),
                        (_, None) => format!("rank {m} is elsewhere"),
                    }
                })
            })
            .collect();
        if others.is_empty() {
            continue;
        }
        let mut listed = others[..others.len().min(LISTED)].join(", ");
        if others.len() > LISTED {
            listed.push_str(&format!(" and {} more", others.len() - LISTED));
        }
        let verb = if inside.len() == 1 { "is" } else { "are" };
        notes.push(format!(
            "{} {verb} in {call} (line {line}) but {listed}: every rank of the communicator must call the same collectives in the same order",
            ranks_words(&inside)
        ));
    }
    notes
}

/// The sentence for a wait-for cycle whose ranks all block in a send to the next.
fn send_cycle_note(waiting: &[Option<Waiting>], report: &DeadlockReport) -> Option<String> {
    let cycle = report.cycle.as_ref()?;
    let mut sends = Vec::new();
    for (i, &rank) in cycle.iter().enumerate() {
        let next = cycle[(i + 1) % cycle.len()];
        match waiting.get(rank as usize)? {
            Some(Waiting::Send {
                call,
                line,
                dest,
                bytes,
                sync,
            }) if *dest == next => sends.push((rank, *call, *line, *bytes, *sync)),
            _ => return None,
        }
    }
    let calls: Vec<String> = sends
        .iter()
        .map(|(rank, call, line, _, _)| format!("rank {rank}: {call} at line {line}"))
        .collect();
    let bytes = sends.iter().map(|s| s.3).max().unwrap_or(0);
    let why = if sends.iter().all(|s| s.4) {
        "a synchronous send (MPI_Ssend) completes only once the matching receive is posted"
            .to_string()
    } else {
        format!(
            "a standard send of {bytes} bytes completes only once its receive is posted when the message is above the eager limit (the rendezvous protocol of real MPI implementations; {} bytes here by default, as Debian's MPICH) or under a synchronous matching engine, so a program that works with small messages hangs with large ones",
            crate::proto::p2p::DEFAULT_EAGER_LIMIT
        )
    };
    let members: Vec<Rank> = sends.iter().map(|s| s.0).collect();
    Some(format!(
        "{} each send before they receive ({}): {why}; use MPI_Sendrecv, or MPI_Isend/MPI_Irecv and MPI_Waitall, or let one rank receive first",
        ranks_words(&members),
        calls.join("; ")
    ))
}
