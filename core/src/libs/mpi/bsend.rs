//! The buffer `MPI_Buffer_attach` gives for buffered sends (`MPI_Bsend`): space is accounted —
//! each message takes its bytes plus `MPI_BSEND_OVERHEAD` until its data left — and a message
//! that does not fit is an error naming both sizes, not a silent overrun.

use super::constants::MPI_BSEND_OVERHEAD;
use super::error::ErrorKind;
use crate::engine::{RankCtx, ReqId};
use crate::lang::vm::memory::Addr;

/// The attached buffer and the buffered sends using it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct BsendBuffer {
    /// Its address (handed back by `MPI_Buffer_detach`).
    pub addr: Addr,
    /// Its size in bytes.
    pub size: u32,
    /// Sends whose data has not left yet, with the space each holds.
    pub sends: Vec<(ReqId, u32)>,
}

impl BsendBuffer {
    /// Frees the space of sends whose data left.
    pub(super) fn reap(&mut self, ctx: &mut RankCtx<'_>) -> Result<(), ErrorKind> {
        let mut kept = Vec::with_capacity(self.sends.len());
        for (req, space) in std::mem::take(&mut self.sends) {
            if ctx.is_complete(req)? {
                ctx.take(req)?;
            } else {
                kept.push((req, space));
            }
        }
        self.sends = kept;
        Ok(())
    }

    /// Reserves room for a message of `bytes` bytes, or says why there is none.
    pub(super) fn reserve(&self, bytes: u32) -> Result<u32, ErrorKind> {
        let need = u64::from(bytes) + u64::from(MPI_BSEND_OVERHEAD as u32);
        let used: u64 = self.sends.iter().map(|(_, s)| u64::from(*s)).sum();
        let free = u64::from(self.size).saturating_sub(used);
        if need > free {
            return Err(ErrorKind::BsendOverflow {
                need,
                free,
                size: self.size,
            });
        }
        Ok(need as u32)
    }
}
