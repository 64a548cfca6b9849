//! What the timeline writes on a span wide enough for it: the MPI call it is part of, read from the
//! trace's records (nothing new is recorded, so trace hashes stay as they are). A library span
//! names its call; a blocked span is named by the request it waits for — the send or receive that
//! posted it, and for a collective's internal messages the collective (core's tag encoding).

use rankscope_core::lang::mpi::function_of_tag;
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
