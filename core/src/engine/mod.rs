//! The deterministic discrete-event engine: ranks, events, time, limits, deadlock diagnosis,
//! history, the machine — and the seam ([`layer`]) behind which every protocol runs.
//!
//! One run is `(programs, machine, layers) → trace`. Events are ordered by `(time, insertion
//! sequence)`; nothing depends on hash order, wall clocks or threads, so the same input gives the
//! same trace hash natively and in WebAssembly. The engine imports no protocol: point-to-point
//! matching, one-sided memory, locks and the papers' protocols live in [`crate::proto`].

pub mod deadlock;
pub mod event;
pub mod history;
pub mod ids;
pub mod layer;
pub mod limits;
pub mod matches;
pub mod network;
pub mod program;
pub mod queue;
pub mod sim;
pub mod slab;
pub mod stride;

pub use history::History;
pub use ids::{MsgId, Rank, ReqId};
pub use layer::{
    DynLayer, EventCodec, Io, Layer, LayerEvent, LayerFailure, LayerId, Lift, NoEvent, Pending, Rig,
};
pub use limits::{BlockedRank, DeadlockReport, Limits, SimError};
pub use matches::{MatchOption, MatchPoint, MatchRecord};
pub use network::{ChoiceOption, ChoicePoint, ChoiceRecord, Delivery};
pub use program::{Completion, OpError, Program, RankCtx, Step};
pub use queue::EventQueue;
pub use sim::{
    ConsoleLine, EngineConfig, Progress, RankState, Request, RunSummary, Setup, Sim, Stream, Wait,
};
