//! What the timeline writes on a span wide enough for it: the MPI call it is part of, read from the
//! trace's records (nothing new is recorded, so trace hashes stay as they are). A library span
//! names its call; a blocked span is named by the request it waits for — the send or receive that
//! posted it, and for a collective's internal messages the collective (core's tag encoding).
//!
//! A library span's name is its `call`; a blocked span's is its request, found among the
//! `P2pRecord` posts before it; a collective's internal messages are named by
//! `libs::mpi::function_of_tag`, which reads `proto::p2p::collective_of`, the naming every sentence
//! uses.

use rankscope_core::libs::mpi::function_of_tag;
use rankscope_core::proto::p2p::{P2pRecord, TagSel};
use rankscope_core::trace::{RecordKind, Records};

/// How far back a blocked span's request is looked for (its post is just before the wait).
const LOOK_BACK: usize = 64;

/// The name for the span opened by record `index`, if the records say one.
pub fn span_name(known: Records<'_>, index: usize) -> Option<&'static str> {
    let rec = known.get(index)?;
    match &rec.kind {
        RecordKind::Library { call, .. } => Some(call),
        RecordKind::Blocked { rank, first, .. } => {
            let (rank, first) = (*rank, *first);
            let from = index.saturating_sub(LOOK_BACK);
            (from..index)
                .rev()
                .find_map(|i| match known.get(i)?.layer::<P2pRecord>()? {
                    P2pRecord::SendPosted {
                        rank: r, tag, req, ..
                    } if r == rank && req == first => Some(function_of_tag(tag).unwrap_or("send")),
                    P2pRecord::RecvPosted {
                        rank: r, tag, req, ..
                    } if r == rank && req == first => Some(match tag {
                        TagSel::Tag(t) => function_of_tag(t).unwrap_or("recv"),
                        TagSel::Any => "recv",
                    }),
                    _ => None,
                })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playground::run_options::RunOptions;
    use crate::playground::session;
    use rankscope_core::machine::builtin::builtin_profile;

    #[test]
    fn blocked_spans_name_their_send_receive_or_collective() {
        let source = r#"
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(&x, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"#;
        let profile = builtin_profile("ib-qdr").expect("a built-in profile");
        let Ok(cell) = session::start(source, &profile, 4, RunOptions::default(), &[], None) else {
            panic!("the program runs");
        };
        let mut s = cell.0.borrow_mut();
        while !s.history.sim().is_finished() {
            let taken = s.history.forward(10_000).expect("no error");
            assert!(taken > 0 || s.history.sim().is_finished());
        }
        s.after_move();
        let known = s.history.sim().trace().known_records();
        let mut names = std::collections::BTreeSet::new();
        for rank in 0..4 {
            for span in s.timeline.spans(rank) {
                if let Some(name) = span_name(known, span.record) {
                    names.insert(name);
                }
            }
        }
        assert!(names.contains("recv"), "{names:?}");
        assert!(names.contains("MPI_Bcast"), "{names:?}");
        assert!(names.iter().all(|n| !n.contains("tag")), "{names:?}");
    }
}
