//! The eager protocol with MPI matching (every machine's default engine).
//!
//! Model: a send is eager — the data travels at once and the send request completes when the data
//! has left the sender (`Transfer::sender_free`). On arrival the message meets the first posted
//! receive (in posting order) that accepts its source and tag, or waits in the destination's
//! unexpected queue; a new receive first scans that queue in arrival order. Because the machine
//! models deliver messages between one pair of ranks in order, this gives MPI's non-overtaking
//! rule. Matching compares the communicator's context first. Above the eager limit
//! ([`P2p::eager_limit`], by default Debian's MPICH's, measured: 8,251 bytes) a standard send completes only once a
//! receive matched its message, as under MPICH's rendezvous protocol, so two ranks that both send
//! a large message before receiving deadlock as they do on a real MPI. Simplifications: the
//! rendezvous changes only when the send completes — the data still travels at once (no
//! request-to-send/clear-to-send round trip, no data held back until the receive is posted); no
//! sender CPU overhead beyond what the machine charges to the transfer.

use super::{Context, Envelope, Mailbox, P2p, P2pEvent, P2pRecord, Source, TagSel};
use crate::engine::{Io, MsgId, Rank, ReqId};

impl P2p {
    pub(super) fn mailbox_mut(&mut self, rank: Rank) -> &mut Mailbox {
        self.mailboxes[rank as usize].get_or_insert_with(Box::default)
    }

    /// Frees a rank's mailbox once both queues are empty, so idle ranks cost no heap.
    pub(super) fn tidy_mailbox(&mut self, rank: Rank) {
        let slot = &mut self.mailboxes[rank as usize];
        if slot
            .as_ref()
            .is_some_and(|m| m.posted.is_empty() && m.unexpected.is_empty() && m.held.is_empty())
        {
            *slot = None;
        }
    }

    pub(super) fn eager_isend(
        &mut self,
        io: &mut Io<'_>,
        env: Envelope,
        bytes: u64,
        data: Vec<u8>,
    ) -> ReqId {
        let Envelope { src, dst, tag, .. } = env;
        if bytes > self.eager_limit {
            // Rendezvous: the send completes once matched, as a synchronous send does.
            self.next_sync = true;
        }
        let (req, msg) = self.new_send(io, env, bytes, data);
        let now = io.now();
        let transfer = io.machine().message(now, src, dst, bytes);
        // The receiver's CPU overhead (LogGP `o`) is paid before the message can be matched.
        let arrives = transfer.arrival + transfer.target_cpu;
        io.record(P2pRecord::SendPosted {
            rank: src,
            dst,
            tag,
            bytes,
            msg,
            req,
            sender_free: transfer.sender_free,
            arrives,
        });
        for note in transfer.notes {
            io.hardware(src, Some(msg), note.to_string());
        }
        io.schedule(transfer.sender_free, P2pEvent::SendDone(req));
        io.schedule(arrives, P2pEvent::Arrive(msg));
        req
    }

    pub(super) fn eager_irecv(
        &mut self,
        io: &mut Io<'_>,
        context: Context,
        rank: Rank,
        src: Source,
        tag: TagSel,
        capacity: u64,
    ) -> ReqId {
        let req = self.new_recv(io, context, rank, src, tag, capacity);
        if self.must_hold(io, rank, context, req) {
            self.mailbox_mut(rank).held.push_back(req);
            io.record(P2pRecord::RecvPosted {
                rank,
                src,
                tag,
                req,
                queued: true,
                context,
            });
            return req;
        }
        let waiting = self.mailboxes[rank as usize].as_ref().and_then(|mb| {
            mb.unexpected.iter().position(|m| {
                let msg = self.messages.get(m.0).expect("queued message is live");
                msg.matches(context, src, tag)
            })
        });
        match waiting {
            Some(pos) => {
                let msg = self
                    .mailbox_mut(rank)
                    .unexpected
                    .remove(pos)
                    .expect("position is in range");
                self.tidy_mailbox(rank);
                io.record(P2pRecord::RecvPosted {
                    rank,
                    src,
                    tag,
                    req,
                    queued: false,
                    context,
                });
                self.deliver(io, msg, req, true);
            }
            None => {
                self.mailbox_mut(rank).posted.push_back(req);
                io.record(P2pRecord::RecvPosted {
                    rank,
                    src,
                    tag,
                    req,
                    queued: true,
                    context,
                });
            }
        }
        req
    }

    /// `MPI_Cancel` of receive `req` at `rank`: if it still waits in the posted-receive queue
    /// (no message matched it), it leaves the queue and completes, cancelled (`true`);
    /// otherwise it goes on as it was (`false`).
    pub(super) fn eager_cancel_recv(&mut self, io: &mut Io<'_>, rank: Rank, req: ReqId) -> bool {
        if self.cancel_held(io, rank, req) {
            return true;
        }
        let Some(pos) = self.mailboxes[rank as usize]
            .as_ref()
            .and_then(|mb| mb.posted.iter().position(|r| *r == req))
        else {
            return false;
        };
        self.mailbox_mut(rank).posted.remove(pos);
        self.tidy_mailbox(rank);
        io.complete(req);
        true
    }

    /// A message reaches its destination: match it or queue it.
    pub(super) fn arrive(&mut self, io: &mut Io<'_>, msg: MsgId) {
        let (src, dst, tag, context) = {
            let m = self.messages.get(msg.0).expect("arriving message is live");
            (m.src, m.dst, m.tag, m.context)
        };
        io.record(P2pRecord::Arrived {
            src,
            dst,
            tag,
            msg,
            context,
        });
        let posted = self.mailboxes[dst as usize]
            .as_ref()
            .and_then(|mb| mb.posted.iter().position(|r| self.accepts(*r, msg)));
        match posted {
            Some(pos) => {
                let req = self
                    .mailbox_mut(dst)
                    .posted
                    .remove(pos)
                    .expect("position is in range");
                self.tidy_mailbox(dst);
                self.deliver(io, msg, req, false);
            }
            None => {
                let mb = self.mailbox_mut(dst);
                mb.unexpected.push_back(msg);
                let queue_len = u32::try_from(mb.unexpected.len()).unwrap_or(u32::MAX);
                io.record(P2pRecord::Unexpected {
                    rank: dst,
                    msg,
                    queue_len,
                });
            }
        }
    }

    /// Completes receive `req` with message `msg` and wakes its owner.
    pub(super) fn deliver(
        &mut self,
        io: &mut Io<'_>,
        msg: MsgId,
        req: ReqId,
        from_unexpected: bool,
    ) {
        let owner = self.complete_receive(io, msg, req, from_unexpected);
        io.wake(owner);
    }
}
