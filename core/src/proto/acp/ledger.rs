//! What a run's ACP records say about each command, read incrementally from the known trace:
//! when it was enqueued, every step of carrying it out (the thread taking it, each network
//! operation, the source rank taking it, the completion) and when it finished. The ACP view
//! shows a remote-to-remote copy step by step from this (paper 001 Fig. 5), at any position of
//! the run, stepping back included.

use std::collections::BTreeMap;

use super::command::{Gma, Path};
use super::records::AcpRecord;
use crate::engine::Rank;
use crate::trace::Records;

/// One command's records, by their index in the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trail {
    /// The issuer.
    pub rank: Rank,
    /// Its handle.
    pub handle: u64,
    /// What it does.
    pub gma: Gma,
    /// The record that enqueued it.
    pub enqueued: usize,
    /// Its steps: record index and record.
    pub steps: Vec<(usize, AcpRecord)>,
    /// The record that finished it.
    pub finished: Option<usize>,
}

impl Trail {
    /// How its issuer carries it out.
    pub fn path(&self) -> Path {
        self.gma.path(self.rank)
    }

    /// Its steps among the first `shown` records.
    pub fn steps_before(&self, shown: usize) -> impl Iterator<Item = &(usize, AcpRecord)> {
        self.steps.iter().take_while(move |(i, _)| *i < shown)
    }
}

/// The ledger (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AcpLedger {
    seen: usize,
    first_use: Option<usize>,
    trails: Vec<Trail>,
    by_command: BTreeMap<(Rank, u64), usize>,
}

impl AcpLedger {
    /// An empty ledger.
    pub fn new() -> AcpLedger {
        AcpLedger::default()
    }

    /// Reads the records it has not seen yet (starting over if the trace is shorter than what
    /// it saw).
    pub fn extend<'a>(&mut self, known: impl Into<Records<'a>>) {
        let known = known.into();
        if known.len() < self.seen {
            *self = AcpLedger::new();
        }
        for (index, rec) in (self.seen..).zip(known.range(self.seen..known.len())) {
            let Some(r) = rec.layer::<AcpRecord>() else {
                continue;
            };
            self.first_use.get_or_insert(index);
            match r {
                AcpRecord::Enqueue {
                    rank, handle, gma, ..
                } => {
                    self.by_command.insert((rank, handle), self.trails.len());
                    self.trails.push(Trail {
                        rank,
                        handle,
                        gma,
                        enqueued: index,
                        steps: Vec::new(),
                        finished: None,
                    });
                }
                AcpRecord::Step { issuer, handle, .. } if handle != 0 => {
                    if let Some(&t) = self.by_command.get(&(issuer, handle)) {
                        self.trails[t].steps.push((index, r));
                    }
                }
                AcpRecord::Finished { rank, handle, .. } => {
                    if let Some(&t) = self.by_command.get(&(rank, handle)) {
                        self.trails[t].finished = Some(index);
                    }
                }
                _ => {}
            }
        }
        self.seen = known.len();
    }

    /// The index of the first ACP record, once there is one.
    pub fn first_use(&self) -> Option<usize> {
        self.first_use
    }

    /// The latest command enqueued among the first `shown` records whose source is another
    /// rank's (a remote-to-remote copy or a remote atomic: Fig. 5), if any.
    pub fn latest_remote(&self, shown: usize) -> Option<&Trail> {
        self.trails
            .iter()
            .rev()
            .filter(|t| t.enqueued < shown)
            .find(|t| t.path() == Path::Remote)
    }

    /// Commands enqueued among the first `shown` records.
    pub fn enqueued(&self, shown: usize) -> usize {
        self.trails.partition_point(|t| t.enqueued < shown)
    }
}
