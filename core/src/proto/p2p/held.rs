//! Every match MPI allows, under the eager engine: in a run that explores matches
//! ([`crate::engine::matches`]), a user's `MPI_ANY_SOURCE` receive is held back instead of
//! taking the first message the machine happens to land, and so is every receive of the same
//! communicator the rank posts after it (MPI matches a rank's receives in posting order). When
//! nothing else can happen, the first held wildcard receive that some message satisfies takes
//! the run's choice among the first message of each sender that it accepts (a sender's later
//! messages cannot overtake its first: MPI's non-overtaking rule); the receives held behind it
//! are then matched or posted as usual, up to the communicator's next wildcard receive.
//!
//! Simplifications, said where they show: `MPI_Probe`/`MPI_Iprobe` from `MPI_ANY_SOURCE` and
//! `MPI_Waitany`/`MPI_Testsome` report in the machine's order (they are not choice points); the
//! MPI library's own wildcard receives (collectives' negative tags) are never held; the
//! request-based engines of paper 000 hold nothing.

use super::{Context, P2p, ReqKind, Source, TagSel};
use crate::engine::{Io, LayerFailure, MatchOption, MsgId, Rank, ReqId};

impl P2p {
    /// Whether receive `req` is a user's wildcard receive (`MPI_ANY_SOURCE`, a user tag).
    fn is_user_wildcard(&self, req: ReqId) -> bool {
        matches!(
            self.kinds.get(req.0),
            Some(ReqKind::Recv { src: Source::Any, tag, .. }) if !matches!(tag, TagSel::Tag(t) if *t < 0)
        )
    }

    fn context_of(&self, req: ReqId) -> Option<Context> {
        match self.kinds.get(req.0) {
            Some(ReqKind::Recv { context, .. }) => Some(*context),
            _ => None,
        }
    }

    /// Whether receive `req`, just posted at `rank` in `context`, must be held back: the run
    /// explores matches and it is a user's wildcard receive, or its communicator already has a
    /// held receive at `rank`.
    pub(super) fn must_hold(&self, io: &Io<'_>, rank: Rank, context: Context, req: ReqId) -> bool {
        io.explores_matches()
            && (self.is_user_wildcard(req)
                || self.mailboxes[rank as usize]
                    .as_ref()
                    .is_some_and(|mb| mb.held.iter().any(|r| self.context_of(*r) == Some(context))))
    }

    /// Resolves the first held wildcard receive some message satisfies (lowest rank first, then
    /// posting order); `false` if none can be.
    pub(super) fn resolve_held(&mut self, io: &mut Io<'_>) -> Result<bool, LayerFailure> {
        for rank in 0..self.mailboxes.len() {
            let Some(mb) = self.mailboxes[rank].as_deref() else {
                continue;
            };
            // The first held receive of each communicator is a wildcard receive.
            let mut seen: Vec<Context> = Vec::new();
            let mut firsts: Vec<ReqId> = Vec::new();
            for r in &mb.held {
                let Some(c) = self.context_of(*r) else {
                    continue;
                };
                if !seen.contains(&c) {
                    seen.push(c);
                    firsts.push(*r);
                }
            }
            for recv in firsts {
                let mut options: Vec<MsgId> = Vec::new();
                for m in &mb.unexpected {
                    let from = self.messages.get(m.0).map(|x| x.src);
                    if self.accepts(recv, *m)
                        && !options
                            .iter()
                            .any(|o| self.messages.get(o.0).map(|x| x.src) == from)
                    {
                        options.push(*m);
                    }
                }
                if options.is_empty() {
                    continue;
                }
                let rank = rank as Rank;
                let pick = if options.len() == 1 {
                    0
                } else {
                    let described = options
                        .iter()
                        .map(|m| MatchOption {
                            from: self.messages.get(m.0).map_or(0, |x| x.src),
                            what: self.describe_message(*m),
                        })
                        .collect();
                    io.choose_match(rank, self.describe_receive(recv), described)?
                };
                self.take_held(io, rank, recv, options[pick]);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Held wildcard receive `recv` at `rank` takes `msg`; the receives of its communicator held
    /// after it are matched or posted, up to the next wildcard receive.
    fn take_held(&mut self, io: &mut Io<'_>, rank: Rank, recv: ReqId, msg: MsgId) {
        let context = self.context_of(recv);
        let mb = self.mailbox_mut(rank);
        mb.held.retain(|r| *r != recv);
        mb.unexpected.retain(|m| *m != msg);
        self.deliver(io, msg, recv, true);
        self.release_after(io, rank, context);
    }

    /// Releases `rank`'s held receives of `context` until its next wildcard receive: each takes
    /// the first message in the unexpected queue it accepts, or waits in the posted queue.
    fn release_after(&mut self, io: &mut Io<'_>, rank: Rank, context: Option<Context>) {
        while let Some(next) = self.mailboxes[rank as usize].as_deref().and_then(|mb| {
            mb.held
                .iter()
                .copied()
                .find(|r| self.context_of(*r) == context)
        }) {
            if self.is_user_wildcard(next) {
                break;
            }
            let found = self.mailboxes[rank as usize].as_deref().and_then(|mb| {
                mb.unexpected
                    .iter()
                    .copied()
                    .find(|m| self.accepts(next, *m))
            });
            let mb = self.mailbox_mut(rank);
            mb.held.retain(|r| *r != next);
            match found {
                Some(m) => {
                    mb.unexpected.retain(|x| *x != m);
                    self.deliver(io, m, next, true);
                }
                None => mb.posted.push_back(next),
            }
        }
        self.tidy_mailbox(rank);
    }

    /// `MPI_Cancel` of a held receive: it leaves the held queue (and the receives held behind
    /// it are released if it was its communicator's first); `false` if it is not held.
    pub(super) fn cancel_held(&mut self, io: &mut Io<'_>, rank: Rank, req: ReqId) -> bool {
        let held = self.mailboxes[rank as usize]
            .as_deref()
            .is_some_and(|mb| mb.held.contains(&req));
        if !held {
            return false;
        }
        let context = self.context_of(req);
        self.mailbox_mut(rank).held.retain(|r| *r != req);
        io.complete(req);
        self.release_after(io, rank, context);
        true
    }

    /// A receive in words: "MPI_ANY_SOURCE, tag 3".
    fn describe_receive(&self, req: ReqId) -> String {
        match self.kinds.get(req.0) {
            Some(ReqKind::Recv { tag, .. }) => match tag {
                TagSel::Tag(t) => format!("MPI_ANY_SOURCE, tag {t}"),
                TagSel::Any => "MPI_ANY_SOURCE, MPI_ANY_TAG".to_string(),
            },
            _ => String::new(),
        }
    }
}
