//! The locks as a protocol layer: the run's lock scheme (how `MPI_Win_lock`/`lock_all` take
//! locks), and the operations a rank uses to drive a lock algorithm on the engine — each step a
//! one-sided memory operation narrated in the algorithm's words when it takes effect, each
//! taking or leaving of a lock a record. The layer has no events of its own: the algorithms'
//! memory operations are the one-sided layer's.

use super::{Algorithm, LockRecord, LockScheme, MemOp, Mode};
use crate::engine::{Io, Layer, LayerFailure, NoEvent, OpError, Rank, RankCtx, ReqId};
use crate::proto::rma::{OneSidedOps, StepNote};

/// The locks layer (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locks {
    scheme: LockScheme,
}

impl Locks {
    /// The layer of a run whose MPI library takes locks as `scheme` says.
    pub fn new(scheme: LockScheme) -> Locks {
        Locks { scheme }
    }

    /// How the MPI library takes passive-target locks in this run.
    pub fn scheme(&self) -> LockScheme {
        self.scheme
    }
}

impl Layer for Locks {
    type Event = NoEvent;

    fn on_event(&mut self, event: NoEvent, _io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match event {}
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <LockRecord as crate::trace::RecordCodec>::KINDS
    }

    fn heap_bytes(&self) -> usize {
        0
    }
}

/// A lock algorithm narrates its memory operations (`LockRecord::LockStep`).
impl StepNote for Algorithm {
    fn record(&self, io: &mut Io<'_>, rank: Rank, op: MemOp, result: u64) {
        io.record(LockRecord::LockStep {
            rank,
            algorithm: *self,
            op,
            result,
        });
    }
}

impl Algorithm {
    /// The algorithm as the narrator of its steps.
    pub fn note(self) -> &'static dyn StepNote {
        match self {
            Algorithm::McsRw => &Algorithm::McsRw,
            Algorithm::TestAndSet => &Algorithm::TestAndSet,
            Algorithm::Fompi => &Algorithm::Fompi,
        }
    }
}

/// Lock operations of a running rank (an extension of `RankCtx`).
pub trait LockOps {
    /// A one-sided memory operation as a step of lock `algorithm`: when it takes effect, the
    /// trace says what it did in the algorithm's words (`LockRecord::LockStep`).
    fn lock_op(&mut self, algorithm: Algorithm, op: MemOp) -> Result<ReqId, OpError>;
    /// Records that this rank now holds (`held`) or leaves the lock whose words live on rank
    /// `home`, in `mode` (the lock view and the exclusion checks read these).
    fn record_lock(&mut self, home: Rank, mode: Mode, held: bool);
    /// How the MPI library takes passive-target locks in this run.
    fn lock_scheme(&self) -> LockScheme;
}

impl LockOps for RankCtx<'_> {
    fn lock_op(&mut self, algorithm: Algorithm, op: MemOp) -> Result<ReqId, OpError> {
        self.noted_mem_op(op, algorithm.note())
    }

    fn record_lock(&mut self, home: Rank, mode: Mode, held: bool) {
        self.call::<Locks, _>(|_, io, rank| {
            io.record(LockRecord::Lock {
                rank,
                home,
                mode,
                held,
            });
        });
    }

    fn lock_scheme(&self) -> LockScheme {
        self.layer::<Locks>()
            .map_or(LockScheme::McsRw, Locks::scheme)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rig;
    use crate::machine::AtomicKind;
    use crate::proto::rma::{OneSided, Word};

    /// A lock algorithm's memory operation is narrated in the algorithm's words when it takes
    /// effect at the target, not when it is issued.
    #[test]
    fn a_noted_operation_is_narrated_when_it_takes_effect() {
        let mut rig = Rig::builtin("fx100", 2);
        let mut words = OneSided::new(2, Algorithm::McsRw.words());
        let op = MemOp::fetch(
            AtomicKind::FetchAndAdd,
            Word {
                rank: 0,
                index: super::super::mcs_rw::RCNT,
            },
            1,
        );
        words
            .mem_op(&mut rig.io(), 1, op, Some(Algorithm::McsRw.note()))
            .unwrap();
        let issued = rig.log().len();
        rig.drain(&mut words).unwrap();
        let log = rig.log();
        assert_eq!(
            log.len(),
            issued + 2,
            "the step, then the completion: {log:?}"
        );
        assert!(log[issued].starts_with("rank 1"), "{log:?}");
    }

    #[test]
    fn every_record_packs_and_unpacks_exactly() {
        let w = Word { rank: 3, index: 2 };
        let records = [
            LockRecord::LockStep {
                rank: 1,
                algorithm: Algorithm::Fompi,
                op: MemOp::cas(w, u64::MAX, 7),
                result: 1 << 63,
            },
            LockRecord::LockStep {
                rank: 1,
                algorithm: Algorithm::TestAndSet,
                op: MemOp::Write(w, 5),
                result: 0,
            },
            LockRecord::LockStep {
                rank: 0,
                algorithm: Algorithm::McsRw,
                op: MemOp::Read(w),
                result: 9,
            },
            LockRecord::Lock {
                rank: 2,
                home: 1,
                mode: Mode::Exclusive,
                held: false,
            },
        ];
        crate::trace::check_round_trip(&records);
    }
}
