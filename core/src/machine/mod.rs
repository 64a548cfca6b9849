//! Machine models: profiles (data) describing the real machines the papers measured.

pub mod builtin;
pub mod cited;
pub mod profile;

pub use builtin::builtin_profiles;
pub use cited::{Basis, Cited};
pub use profile::{MachineInfo, Profile, ProfileError};
