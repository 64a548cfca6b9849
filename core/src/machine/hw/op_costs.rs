//! [`OpCosts`]: what a C program's own operations cost on a rank's processor, so plain C takes
//! simulated time (a loop before `MPI_Send` delays the message; `MPI_Wtime` and `clock()` see it).
//!
//! Model: the profile's `[cpu.ops]` gives cycles per *class* of operation of Rankscope's bytecode
//! (a stack machine: one operation is a push, a load, a store, an integer operation, a compare or
//! a branch), and the extra cycles of the expensive classes — a division, a function call, a C
//! library call, a byte a library call moves. With the processor's clock (`[machine] clock_mhz`)
//! each becomes a [`PerUnit`] time per operation, exact to the femtosecond.
//!
//! Simplifications: no caches, no pipeline hazards, no overlap of independent operations; one
//! bytecode operation stands for roughly one instruction of compiled code, so the cycles per
//! operation carry the processor's sustained instructions per clock. A profile without
//! `[cpu.ops]` makes plain C free (only `compute()`/`flops()` and MPI take time).
//!
//! How the VM uses it (`Vm::charge`): the VM counts operations as it runs (the counter it already
//! keeps for the step limit, so the hot loop pays nothing more; the expensive classes add their
//! extra in their own arms) and *owes* their time. Before an operation that communicates (every MPI
//! call), reads the clock (`time`, `clock`, `gettimeofday`, `MPI_Wtime`), shows something
//! (`printf`, `puts`, `putchar`, `exit`, the program's end) or blocks (`sleep`, `yield()`), it
//! pays: the operation is put back, the rank returns `Step::Compute(owed)`, and the operation runs
//! once the rank has computed that long — so the timeline shows it as compute. Inside a library
//! callback (`qsort`'s comparator) the time stays owed until the next such point. `compute(us)` and
//! `flops(n)` are explicit models of the code before them: they forgive what it owes and charge
//! their own time instead, so paper 000's programs, whose `flops()` calls carry the calibrated 3.66
//! MFlops, count their arithmetic once. All `[cpu.ops]` values are marked `assume` with their
//! reasoning (no paper times instructions). Tested in `core/tests/it/op_cost.rs`.

use serde::Serialize;

use super::rate::PerUnit;

/// Time per operation class on one processor.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OpCosts {
    /// Every bytecode operation.
    pub op: PerUnit,
    /// Extra for an integer or floating-point division or remainder.
    pub divide: PerUnit,
    /// Extra for a function call (frame set-up and return).
    pub call: PerUnit,
    /// Extra for a C library call (`sqrt`, `strlen`, `malloc`, …), besides its bytes.
    pub library: PerUnit,
    /// Per byte a library call reads or writes (`memcpy`, `memset`, `calloc`, …).
    pub byte: PerUnit,
}

impl OpCosts {
    /// Plain C costs nothing (a profile without `[cpu.ops]`).
    pub const FREE: OpCosts = OpCosts {
        op: PerUnit::ZERO,
        divide: PerUnit::ZERO,
        call: PerUnit::ZERO,
        library: PerUnit::ZERO,
        byte: PerUnit::ZERO,
    };

    /// From cycles per class on a processor clocked at `clock_mhz`.
    pub fn from_cycles(clock_mhz: f64, cycles: [f64; 5]) -> OpCosts {
        let per = |c: f64| {
            if c > 0.0 {
                PerUnit::from_per_second(clock_mhz * 1e6 / c)
            } else {
                PerUnit::ZERO
            }
        };
        let [op, divide, call, library, byte] = cycles;
        OpCosts {
            op: per(op),
            divide: per(divide),
            call: per(call),
            library: per(library),
            byte: per(byte),
        }
    }

    /// Whether plain C is free on this processor.
    pub fn is_free(&self) -> bool {
        *self == OpCosts::FREE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    #[test]
    fn cycles_at_a_clock_become_exact_times() {
        // 16 MHz: a cycle is 62.5 ns; 1,000 one-cycle operations take 62.5 µs.
        let emx = OpCosts::from_cycles(16.0, [1.0, 32.0, 6.0, 20.0, 0.25]);
        assert_eq!(emx.op.times(1_000), SimTime::from_ns(62_500));
        assert_eq!(emx.divide.times(1), SimTime::from_ns(2_000));
        assert_eq!(emx.byte.times(4), SimTime::from_ps(62_500));
        // 2.2 GHz at half a cycle per operation: 227.273 ps each (rounded to the femtosecond).
        let fx = OpCosts::from_cycles(2200.0, [0.5, 20.0, 4.0, 20.0, 0.0625]);
        assert_eq!(fx.op.times(1_000_000), SimTime::from_ps(227_273_000));
    }

    #[test]
    fn zero_cycles_cost_nothing() {
        let c = OpCosts::from_cycles(100.0, [0.0; 5]);
        assert!(c.is_free());
        assert_eq!(c.op.times(u64::MAX), SimTime::ZERO);
    }
}
