//! Hardware models: the pieces a [`Machine`](super::Machine) is composed of, one per file.
//!
//! Each model is a small deterministic state machine over integer [`SimTime`](crate::SimTime):
//! reservation style, so a call made at simulated time `now` returns when things will happen,
//! given that calls come in nondecreasing `now`. Each file opens with the model it implements and
//! its simplifications, and tests it against its closed-form formula.

pub mod bus;
pub mod comm_thread;
pub mod cpu;
pub mod crossbar;
pub mod ethernet;
pub mod loggp;
pub mod nic;
pub mod omega;
pub mod op_costs;
pub mod rate;
pub mod torus;

pub use bus::{Bus, BusParams, BusUse, TestAndSet};
pub use comm_thread::{CommThread, Served};
pub use cpu::{Admission, Cpu, HandlerRun};
pub use crossbar::{Crossbar, CrossbarParams, Forwarded, Passage, PortDrop, PortPass};
pub use ethernet::{Ethernet, EthernetParams, Tenure};
pub use loggp::{Injection, LogGp, LogGpParams};
pub use nic::{Nic, Ppm, Service};
pub use omega::Omega;
pub use op_costs::OpCosts;
pub use rate::PerUnit;
pub use torus::{Torus, TorusError};
