//! Machine models: profiles (data) describing the real machines the papers measured, and the
//! hardware models that turn a transfer into times.
//!
//! | file | what it holds |
//! |---|---|
//! | [`profile`] | [`Profile`]: `[machine]` plus the hardware sections, parsed with line/column errors |
//! | [`sections`] | the hardware sections (`[link]` and `[shared_memory]`, `[network]`, `[nic]`, `[cpu]`, `[comm_thread]`, `[ethernet]`, `[kernel]`, `[verbs]`) and their checks |
//! | [`cited`] | [`Cited`]: a value with its source or the assumption behind it |
//! | [`builtin`] | the profiles shipped in `profiles/`, embedded at compile time |
//! | [`model`] | [`Machine`]: the hardware models of a profile composed for the engine |
//! | [`parameters`](mod@parameters) | every cited number of a profile as a flat table for display |
//! | [`ops`] | [`RdmaOp`] and [`AtomicKind`]: one-sided operations |
//! | [`note`] | [`HwNote`]: what the hardware did to a transfer, as a sentence for the trace |
//! | [`hw`] | the hardware models, one per file: LogGP, NIC engines, crossbar, bus, torus, omega, CPU blocks, comm thread |

pub mod builtin;
pub mod cited;
pub mod hw;
pub mod model;
pub mod note;
pub mod ops;
pub mod parameters;
pub mod profile;
pub mod resize;
pub mod sections;

#[cfg(test)]
mod headlines;

pub use builtin::{builtin_profile, builtin_profiles};
pub use cited::{Basis, Cited};
pub use model::{KernelCosts, Machine, MachineError, Transfer};
pub use note::HwNote;
pub use ops::{AtomicKind, RdmaOp};
pub use parameters::{parameters, ParameterRow};
pub use profile::{MachineInfo, Profile, ProfileError};
pub use sections::NetworkModel;
