//! Paper 002's schedules for irregular many-to-many communication on one crossbar switch:
//! communication patterns, the Ring schedule of Thakur et al. as the paper applies it to
//! irregular patterns, the proposed delay-inserting schedule (Algorithm 1 with Algorithm 2's
//! priority), the conflict predicate (eq. 12) and the LogGP makespan model (eqs. 13–16).
//!
//! Model (paper 002, §3–§5). A pattern is a simple digraph on `n` PEs: `(p, q)` means PE `p`
//! sends one message of `k` bytes to PE `q`. A schedule gives each PE the order of its sends in
//! unit time slots of one send interval `I(k) = o + (k − 1)·G`; the proposed schedule may put a
//! *delay* δ (one slot of waiting) in a PE's order. Two sends *conflict* when they go to the
//! same PE and start less than one slot apart (eq. 12): on a switch, two senders into one
//! output port. A conflict-free schedule's makespan is predicted by eqs. 13–16.
//!
//! Simplifications and choices the paper leaves open (each said where it is made): Algorithm 1
//! runs slots until every send has one (the paper's loop stops at `n − 1`; no pattern of the
//! paper needs more); a PE with nothing left to send takes no slot (no trailing δ); a PE's
//! candidates are tried in ring order from `p + 1`, so a regular pattern gets Thakur's schedule
//! as §5.3.1 says; ties of Algorithm 2's priority go to the lower rank.

pub mod delay;
pub mod fig4_c;
pub mod model;
pub mod pattern;
pub mod ring;
pub mod schedule;

pub use delay::{delay_schedule, Decision};
pub use model::{makespan, LogGp};
pub use pattern::{Pattern, PatternError};
pub use ring::ring_schedule;
pub use schedule::{Conflict, Schedule};
