//! The one event enum the scheduler processes, matched exhaustively.

use super::ids::{MsgId, Rank, ReqId};

/// Something that happens at a point in simulated time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A rank begins its program.
    Start(Rank),
    /// A rank continues after computing or after what it waited for completed.
    Resume(Rank),
    /// A send's data has left the sender: the send request completes.
    SendDone(ReqId),
    /// A message reaches its destination.
    Arrive(MsgId),
    /// A one-sided operation's result (or acknowledgement) is back at its origin.
    RdmaDone(ReqId),
    /// A one-sided operation without hardware support reaches the target's software (which
    /// executes it and replies with a message).
    RdmaSoftware(ReqId),
    /// The target's software finished a one-sided operation and sends the reply.
    RdmaReply(ReqId),
    /// A protocol packet (send/receive request, removal) reaches its target's input buffer.
    Packet(u32),
    /// A protocol packet's handler finished on the target processor.
    Handler(u32),
    /// A message's data is in the receive buffer: the receive completes, and a receiver waiting
    /// for it takes its processor to wake up (paper 000's I-structure wake-up).
    Landed(ReqId, MsgId),
    /// A one-sided operation with values takes effect on the target's memory word (its result
    /// is kept for the origin; a rank spinning on the word may wake).
    MemApply(ReqId),
    /// The receiver wrote a send's completion flag into the sender's request: the send
    /// completes, and a sender waiting for it wakes up the same way.
    FlagSet(ReqId),
}
