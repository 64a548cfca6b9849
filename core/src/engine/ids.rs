//! Small identifiers shared by the engine, the protocol layers and the trace: ranks, requests,
//! messages.

use std::fmt;

use serde::Serialize;

/// A rank number, `0..size`.
pub type Rank = u32;

/// A request handle, unique within one run (like an `MPI_Request`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct ReqId(pub u32);

/// A message in flight, unique within one run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct MsgId(pub u32);

impl fmt::Display for ReqId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "request {}", self.0)
    }
}

impl fmt::Display for MsgId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "message #{}", self.0)
    }
}
