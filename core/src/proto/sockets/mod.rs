//! UDP and TCP through a host kernel and a shared Ethernet (paper 004's comparisons on FOLON,
//! and the links PVM's daemons and tasks use): each call a system call and a copy, each packet
//! the kernel's output path, the wire (`machine::hw::ethernet`) and the receiving kernel's
//! input path.
//!
//! - [`engine`]: sends and receives for any owner's processes (ranks, PVM's daemons).
//! - [`layer`]: the run's ranks as socket users, each call a request.
//! - [`records`]: messages sent and received, as sentences and arrows.
//! - [`ops`]: the calls on `RankCtx`.
//!
//! The `Sockets` layer owns one engine for the ranks; PVM owns another for its tasks and daemons.

pub mod engine;
pub mod layer;
pub mod ops;
pub mod records;

pub use engine::{Done, SocketEngine, SocketError, SocketEvent};
pub use layer::Sockets;
pub use ops::SocketOps;
pub use records::{SocketRecord, Transport};

#[cfg(test)]
mod tests;
