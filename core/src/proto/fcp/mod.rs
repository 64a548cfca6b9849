//! Paper 004's message passing on FOLON's VME bus: VCL (user-level access to the PEs'
//! dual-port memories, test&set by a system call and the bus lock) and FCP in its three
//! designs — FCP, FCP plus and FCP II — each a procedure of word loads and stores on those
//! memories, counted as it runs (Tables 4–5 are what the code does, not a table).
//!
//! - [`variant`]: the three designs and the words they keep (Table 4).
//! - [`dual_port`]: the memories' words and where each structure is placed.
//! - [`engine`]: the calls as accesses timed on the bus (`machine::hw::bus`), for any owner's
//!   processes (ranks, PVM's daemons).
//! - [`layer`]: the run's ranks as FCP processes, each call a request.
//! - [`records`]: every access and transfer as a sentence.
//! - [`ops`]: the calls on `RankCtx`.
//!
//! The `Fcp` layer is layer 4 of the standard stack, `SimConfig::fcp` picks the design. The
//! procedures live in the engine, which any layer can own (the `Fcp` layer is the thin owner for
//! ranks; PVM owns one for its daemons, labelled `DAEMON | pe`). `FcpOps` is what
//! `workloads::folon_transfers` (ping-pong, everyone to rank 0) calls.
//!
//! Deliveries ("You are the network", `Layer::delivery`): none, because nothing here lands
//! after a flight that a network could stretch. A transfer is the sender's own loads and stores
//! on the receiver's dual-port memory, each an access of the one bus, which serialises them; the
//! message is in the receiver's ring the moment the sender's last store ends, and senders to one
//! ring take turns by its lock. Which sender writes first is decided by the bus and the lock's
//! test&set (their order is the bus model's, perturbed runs reorder it), not by a delivery that
//! could be held back.

pub mod dual_port;
pub mod engine;
pub mod layer;
pub mod ops;
pub mod records;
pub mod variant;

pub use engine::{Cost, Done, FcpEngine, FcpError, FcpEvent, InFlight, DAEMON};
pub use layer::Fcp;
pub use ops::FcpOps;
pub use records::{AccessKind, FcpRecord, Side, Wait};
pub use variant::{Field, Layout, Structure, Variant};

#[cfg(test)]
mod tests;
