//! [`Libraries`]: one rank's libraries, each with its own state — MPI's ([`MpiState`]), ACP's
//! ([`AcpState`]) and PVM's ([`PvmState`]) — and the dispatch of a call to the state of the
//! library whose entry it is. The VM holds one and meets the libraries only through it and the
//! binding table ([`super::table`]).

use super::acp::AcpState;
use super::function::{MpiCall, Run};
use super::mpi::{MpiError, MpiState, Outcome};
use super::pvm::PvmState;
use crate::engine::RankCtx;
use crate::lang::vm::memory::{Addr, Memory};

/// One rank's libraries. Small when idle; `Clone` for the simulator's checkpoints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Libraries {
    /// MPI's state; it also drives the rank's one call in flight (blocking, resuming, charging
    /// its time), whichever library's it is: ACP's and PVM's waits are engine requests.
    mpi: MpiState,
    /// ACP's state.
    acp: AcpState,
    /// PVM's state.
    pvm: PvmState,
}

impl Libraries {
    /// A rank that has called no library yet.
    pub fn new() -> Libraries {
        Libraries::default()
    }

    /// Starts a call of any library's function on that library's state (see
    /// [`MpiState::call`]: a value, or the step to block on until [`Libraries::resume`]).
    pub fn call(
        &mut self,
        call: MpiCall,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Outcome, MpiError> {
        let Libraries { mpi, acp, pvm } = self;
        mpi.call_with(call, mem, ctx, |mpi, args, mem, ctx, run| match run {
            Run::Mpi(run) => run(mpi, args, mem, ctx),
            Run::Acp(run) => run(acp, args, mem, ctx),
            Run::Pvm(run) => run(pvm, args, mem, ctx),
        })
    }

    /// Continues the blocked call after the engine resumed the rank (see [`MpiState::resume`]).
    pub fn resume(&mut self, mem: &mut Memory, ctx: &mut RankCtx<'_>) -> Result<Outcome, MpiError> {
        self.mpi.resume(mem, ctx)
    }

    /// MPI's state (for deadlock reports).
    pub fn mpi(&self) -> &MpiState {
        &self.mpi
    }

    /// The warning for a program that ended after `MPI_Init` without `MPI_Finalize`.
    pub fn missing_finalize(&self) -> Option<String> {
        self.mpi.missing_finalize()
    }

    /// This rank's memory of MPI window `window`, if it is live.
    pub fn window_memory(&self, window: u32) -> Option<(Addr, u32)> {
        self.mpi.window_memory(window)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idle_rank_s_libraries_are_small() {
        // MPI's eighteen words, ACP's life, PVM's one word.
        assert!(
            std::mem::size_of::<Libraries>() <= 160,
            "{}",
            std::mem::size_of::<Libraries>()
        );
        assert!(!Libraries::new().mpi().is_initialized());
    }
}
