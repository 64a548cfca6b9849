//! The deterministic discrete-event engine: ranks, events, limits, deadlock diagnosis, history.
//!
//! One run is `(programs, machine, config) → trace`. Events are ordered by `(time, insertion
//! sequence)`; nothing depends on hash order, wall clocks or threads, so the same input gives the
//! same trace hash natively and in WebAssembly.

pub mod deadlock;
pub mod event;
pub mod history;
pub mod ids;
pub mod limits;
pub mod matching;
pub mod program;
pub mod protocol;
pub mod queue;
pub mod rma;
pub mod sim;
pub mod slab;
pub mod words;
pub mod world;

pub use history::History;
pub use ids::{MsgId, Rank, ReqId, Source, Status, TagSel};
pub use limits::{BlockedRank, DeadlockReport, Limits, SimError};
pub use matching::{Matching, Protocol, ENGINES};
pub use program::{Completion, OpError, Program, RankCtx, Step};
pub use queue::EventQueue;
pub use rma::{CollectiveMismatch, Combine, Element, RemoteAccess, WindowPart};
pub use sim::{Progress, RunSummary, Sim, SimConfig};
