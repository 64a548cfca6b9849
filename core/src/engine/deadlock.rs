//! Deadlock diagnosis: which ranks are blocked on what, and the wait-for cycle if there is one.
//!
//! Edges of the wait-for graph go from a rank blocked on a request that one other rank alone can
//! complete (a receive from a specific source, a synchronous send) to that rank (if it has not
//! finished). The programs may then add sentences about the whole
//! (`Program::deadlock_notes`). A cycle is searched by depth-first search in rank order, so the
//! report is deterministic.
//!
//! The report names each blocked rank, its pending requests (in each layer's words) and where its
//! program is blocked. The MPI library's notes (`libs/mpi/deadlock.rs`) name a collective some
//! ranks never reach and explain ranks that all send first.

use std::collections::BTreeMap;

use super::ids::Rank;
use super::layer::{Core, DynLayer};
use super::limits::{BlockedRank, DeadlockReport};
use super::sim::RankState;

/// Builds the report for a run where no event is left but some ranks are blocked: what each
/// pending request waits for, in its layer's words (a request that one rank alone can complete
/// is an edge of the wait-for graph, unless that rank has finished).
pub(crate) fn diagnose(
    core: &Core,
    layers: &[Box<dyn DynLayer>],
    at: impl Fn(Rank) -> Option<String>,
) -> DeadlockReport {
    let mut blocked = Vec::new();
    let mut edges: BTreeMap<Rank, Vec<Rank>> = BTreeMap::new();
    for (rank, state) in core.states.iter().enumerate() {
        let rank = rank as Rank;
        let wait = match state {
            RankState::Blocked(wait) => wait,
            RankState::Parked => {
                let why = layers.iter().find_map(|l| l.parked_of(rank));
                blocked.push(BlockedRank {
                    rank,
                    waits_for: why.map(|(_, deadlock)| deadlock).into_iter().collect(),
                    at: at(rank),
                });
                continue;
            }
            _ => continue,
        };
        let mut waits_for = Vec::new();
        for req in wait.requests() {
            let Some(r) = core.requests.get(req.0) else {
                continue;
            };
            if r.done {
                continue;
            }
            let Some(pending) = layers
                .get(r.layer as usize)
                .and_then(|l| l.pending_of(*req))
            else {
                waits_for.push(format!("{req}"));
                continue;
            };
            let mut what = pending.what;
            if let Some(s) = pending.on {
                if core.states[s as usize] == RankState::Done {
                    what.push_str(&format!(", but rank {s} has already finished"));
                } else {
                    edges.entry(rank).or_default().push(s);
                }
            }
            waits_for.push(what);
        }
        blocked.push(BlockedRank {
            rank,
            waits_for,
            at: at(rank),
        });
    }
    DeadlockReport {
        time: core.now,
        blocked,
        cycle: find_cycle(&edges),
        notes: Vec::new(),
    }
}

/// The first cycle found by DFS from the lowest rank, listed from its lowest member.
fn find_cycle(edges: &BTreeMap<Rank, Vec<Rank>>) -> Option<Vec<Rank>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        OnPath,
        Finished,
    }
    let mut marks: BTreeMap<Rank, Mark> = BTreeMap::new();
    for &start in edges.keys() {
        if marks.contains_key(&start) {
            continue;
        }
        // Iterative DFS: (node, next edge index).
        let mut path: Vec<(Rank, usize)> = vec![(start, 0)];
        marks.insert(start, Mark::OnPath);
        while let Some(&mut (node, ref mut i)) = path.last_mut() {
            let next = edges.get(&node).and_then(|v| v.get(*i)).copied();
            *i += 1;
            match next {
                None => {
                    marks.insert(node, Mark::Finished);
                    path.pop();
                }
                Some(n) => match marks.get(&n) {
                    Some(Mark::OnPath) => {
                        let from = path.iter().position(|(r, _)| *r == n).unwrap_or(0);
                        let mut cycle: Vec<Rank> = path[from..].iter().map(|(r, _)| *r).collect();
                        let min = cycle
                            .iter()
                            .enumerate()
                            .min_by_key(|(_, r)| **r)
                            .map_or(0, |(i, _)| i);
                        cycle.rotate_left(min);
                        return Some(cycle);
                    }
                    Some(Mark::Finished) => {}
                    None => {
                        marks.insert(n, Mark::OnPath);
                        path.push((n, 0));
                    }
                },
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_three_cycle_and_lists_it_from_its_lowest_rank() {
        let edges = BTreeMap::from([(0, vec![5]), (5, vec![2]), (2, vec![7]), (7, vec![5])]);
        assert_eq!(find_cycle(&edges), Some(vec![2, 7, 5]));
    }

    #[test]
    fn a_chain_is_not_a_cycle() {
        let edges = BTreeMap::from([(0, vec![1]), (1, vec![2])]);
        assert_eq!(find_cycle(&edges), None);
    }
}
