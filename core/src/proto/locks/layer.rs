//! The locks as a protocol layer: the run's lock scheme (how `MPI_Win_lock`/`lock_all` take
//! locks), and the operations a rank uses to drive a lock algorithm on the engine — each step a
//! one-sided memory operation narrated in the algorithm's words when it takes effect, each
//! taking or leaving of a lock a record. The layer has no events of its own: the algorithms'
//! memory operations are the one-sided layer's.

use std::any::Any;

use super::{Algorithm, LockRecord, LockScheme, MemOp, Mode};
use crate::engine::{Io, Layer, LayerEvent, LayerFailure, OpError, Rank, RankCtx, ReqId};
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
    fn name(&self) -> &'static str {
        "locks"
    }

    fn on_event(&mut self, event: LayerEvent, _io: &mut Io<'_>) -> Result<(), LayerFailure> {
        unreachable!("the locks layer schedules no events ({event:?})")
    }

    fn heap_bytes(&self) -> usize {
        0
    }

    fn clone_box(&self) -> Box<dyn Layer> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
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
