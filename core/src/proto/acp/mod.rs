//! Paper 001's ACP basic layer (Advanced Communication Primitives, Morie et al.): one-sided copy
//! through global addresses, with no communication buffers.
//!
//! | module | what it models |
//! |---|---|
//! | [`ga`] | the 64-bit global address (GA) and address-translation key as the InfiniBand basic layer packs them (owner rank + 1, color, registration tag, offset) |
//! | [`registrations`] | a rank's registration table (`acp_register_memory`: 255 slots, the starter memory at tag 255), its entry layout, and who holds a copy of it |
//! | [`table_cache`] | a rank's cache of other ranks' tables (at most 1024, the oldest dropped first) |
//! | [`command`] | one global memory access (a copy or an atomic), its handle, order and stage; the library's 120-byte command record |
//! | [`endpoint`] | one rank's state: command queue with in-order completion, remote command receive buffer, communication thread, peers |
//! | [`layer`] | the protocol layer: the communication threads' scans, every network operation (table reads, puts, gets, the remote-to-remote path of Fig. 5), `acp_complete`, `acp_sync`, invalidations |
//! | [`ledger`] | each command's records (enqueued, steps, finished) read incrementally from the trace, for the view |
//! | [`memory`] | a rank's memory by component (paper 001 Table 2), counted from the library's structures and the layer's state, and its process memory with the verbs objects behind it |
//! | [`verbs`] | what the verbs library and the mlx4 driver allocate in the process per queue pair, completion queue, memory region |
//! | [`records`] | the trace records: a sentence per enqueue, step, completion, table change, registration |
//! | [`ops`] | the operations a rank's program calls (`AcpOps` on `RankCtx`) |
//!
//! Model (paper 001 Sec. 4, and the public ACP library's `src/bl/ib/acpbl_ib.c`): a GA cannot
//! hold an address and an InfiniBand rkey in 64 bits, so it holds an index into the owner's
//! registration table; a rank that accesses another rank's memory first copies that rank's
//! table by RDMA read and keeps it in a bounded cache. Calls enqueue commands that one
//! communication thread per rank carries out; see [`layer`] for the paths and simplifications.
//!
//! Every network operation is timed by `Machine::rdma_by_handler`; bytes move through
//! `Io::with_window(rank, ACP_MEMORY, address, len)`, which the VM reads as an address of the
//! rank's memory (native workloads pass `data: false`). `AcpOps` is what the C binding
//! (`libs::acp`) and the native workload `workloads::acp_copies` (One_put_all, the latency runs)
//! call.

pub mod command;
pub mod endpoint;
pub mod ga;
pub mod layer;
pub mod ledger;
pub mod memory;
pub mod ops;
pub mod records;
pub mod registrations;
pub mod table_cache;
pub mod verbs;

pub use command::{Atomic, AtomicOp, Gma, Path, HANDLE_ALL, HANDLE_CONT, HANDLE_NULL};
pub use endpoint::Endpoint;
pub use ga::{Ga, GaError, GA_NULL};
pub use layer::{Acp, AcpError, AcpEvent, ACP_MEMORY};
pub use ops::AcpOps;
pub use records::{AcpRecord, StepKind};
pub use registrations::{RegError, Registration, Registrations};
pub use table_cache::TableCache;

#[cfg(test)]
mod tests;
