//! Paper 001's ACP basic layer (Advanced Communication Primitives, Morie et al.): one-sided copy
//! through global addresses, with no communication buffers. This module is being built in
//! slices; what exists is the addressing, as plain data the protocol and the views will use:
//!
//! - [`ga`]: the 64-bit global address (GA) and address-translation key as the InfiniBand basic
//!   layer packs them (owner rank + 1, color, registration tag, offset);
//! - [`registrations`]: a rank's registration table (`acp_register_memory`: 255 slots, the
//!   starter memory at tag 255) and who holds a copy of it, so that re-registering into a
//!   reused slot knows whom to invalidate;
//! - [`table_cache`]: a rank's cache of other ranks' registration tables (at most 1024, the
//!   oldest dropped first), fetched on first access and dropped on invalidation.
//!
//! Model (paper 001 §4, and the public ACP library's `acpbl_ib.c`): a GA cannot hold an address
//! and an InfiniBand rkey in 64 bits, so it holds an index into the owner's registration table;
//! a rank that accesses another rank's memory first copies that rank's table by RDMA read and
//! keeps it in a bounded cache. Still to come: `acp_copy` and its handles, the communication
//! thread and the remote-to-remote path, the atomics, ACP in C, and the memory by component.

pub mod ga;
pub mod registrations;
pub mod table_cache;

pub use ga::{Ga, GaError, GA_NULL};
pub use registrations::{RegError, Registration, Registrations};
pub use table_cache::TableCache;
