//! Messages sent and never received, said at `MPI_Finalize`: a real MPI lets such a run end
//! cleanly (MPICH over UCX only prints "unexpected tag-receive descriptor … was not matched" on
//! stderr, naming no call), so a lost message — an `MPI_Send` nobody receives, an `MPI_Bcast`
//! called only on the root — would go unnoticed. When a rank finalizes, the point-to-point layer
//! hands over the messages sent to it that it never received, and the ones it sent to ranks that
//! had already finalized ([`PointToPoint::close_receiving`]); each becomes a console warning
//! naming the sending call and its line (from the message's note), never an internal tag.

use super::note::Said;
use crate::engine::{Rank, RankCtx};
use crate::proto::p2p::{collective_of, tag_label, PointToPoint, Unreceived};

/// This rank stops receiving (its `MPI_Finalize`): prints a warning for each group of messages
/// it leaves unreceived or sent to ranks already finalized.
pub(super) fn warn_at_finalize(ctx: &mut RankCtx<'_>) {
    let lost = ctx.close_receiving();
    for warning in warnings(ctx.rank(), &lost) {
        ctx.diagnose(warning);
    }
}

/// One group of lost messages: the same sending call (and tag), to or from this rank.
#[derive(Debug, PartialEq, Eq)]
struct Group {
    /// Sent to this rank (else: sent by it).
    to_me: bool,
    call: String,
    /// The collective the messages belong to, if they are a collective's.
    collective: Option<&'static str>,
    /// Their tags, ascending, each once.
    tags: Vec<i32>,
    /// The other ranks (senders or receivers), ascending, each once.
    peers: Vec<Rank>,
    count: usize,
}

/// The warnings `rank` prints for `lost` (at most two: messages to it, messages from it).
fn warnings(rank: Rank, lost: &[Unreceived]) -> Vec<String> {
    let mut groups: Vec<Group> = Vec::new();
    for u in lost {
        let said = Said::of(u.note);
        let call = said.map_or_else(|| "a send".to_string(), |s| s.origin.describe());
        let collective = collective_of(u.tag);
        let to_me = u.dst == rank;
        let peer = if to_me { u.src } else { u.dst };
        let g = match groups
            .iter_mut()
            .position(|g| g.to_me == to_me && g.call == call && g.collective == collective)
        {
            Some(i) => &mut groups[i],
            None => {
                groups.push(Group {
                    to_me,
                    call,
                    collective,
                    tags: Vec::new(),
                    peers: Vec::new(),
                    count: 0,
                });
                groups.last_mut().expect("just pushed")
            }
        };
        g.count += 1;
        if let Err(at) = g.peers.binary_search(&peer) {
            g.peers.insert(at, peer);
        }
        if let Err(at) = g.tags.binary_search(&u.tag) {
            g.tags.insert(at, u.tag);
        }
    }
    let mut out = Vec::new();
    for to_me in [true, false] {
        let mine: Vec<&Group> = groups.iter().filter(|g| g.to_me == to_me).collect();
        if mine.is_empty() {
            continue;
        }
        let n: usize = mine.iter().map(|g| g.count).sum();
        let parts: Vec<String> = mine
            .iter()
            .map(|g| {
                let peers = ranks(&g.peers);
                let times = if g.count > g.peers.len() * g.tags.len() {
                    format!(", {} times", g.count)
                } else {
                    String::new()
                };
                match (to_me, g.collective) {
                    (true, Some(name)) => {
                        format!(
                            "{} on {peers} (rank {rank} never called {name}){times}",
                            g.call
                        )
                    }
                    (true, None) => format!("{} on {peers} ({}{times})", g.call, tags(&g.tags)),
                    (false, Some(name)) => {
                        format!("{} to {peers}, which never called {name}{times}", g.call)
                    }
                    (false, None) => format!("{} to {peers} ({}{times})", g.call, tags(&g.tags)),
                }
            })
            .collect();
        let advice = if mine.iter().any(|g| g.collective.is_some()) {
            "every rank of the communicator must call each collective"
        } else {
            "post a matching receive for every send"
        };
        let receivers = mine
            .iter()
            .flat_map(|g| g.peers.iter())
            .collect::<std::collections::BTreeSet<_>>();
        let (receiver, had) = if receivers.len() == 1 {
            ("the receiver", "had")
        } else {
            ("the receivers", "had")
        };
        out.push(if to_me {
            format!(
                "warning: {} sent to rank {rank} {} never received before its MPI_Finalize: {}; {advice}",
                messages(n),
                were(n),
                list(&parts)
            )
        } else {
            format!(
                "warning: {} rank {rank} sent {} never received: {}; {receiver} {had} already called MPI_Finalize ({advice})",
                messages(n),
                were(n),
                list(&parts)
            )
        });
    }
    out
}

/// "tag 5", "tags 1, 2 and 3" (user tags: a collective's are named, never numbered).
fn tags(tags: &[i32]) -> String {
    match tags {
        [one] => tag_label(*one),
        _ => format!(
            "tags {}",
            list(&tags.iter().map(ToString::to_string).collect::<Vec<_>>())
        ),
    }
}

/// "rank 2", "ranks 1 and 2".
fn ranks(peers: &[Rank]) -> String {
    let names: Vec<String> = peers.iter().map(ToString::to_string).collect();
    match names.len() {
        1 => format!("rank {}", names[0]),
        _ => format!("ranks {}", list(&names)),
    }
}

fn messages(n: usize) -> String {
    if n == 1 {
        "1 message".to_string()
    } else {
        format!("{n} messages")
    }
}

fn were(n: usize) -> &'static str {
    if n == 1 {
        "was"
    } else {
        "were"
    }
}

/// "a", "a and b", "a, b and c".
fn list(parts: &[String]) -> String {
    match parts {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => String::new(),
    }
}
