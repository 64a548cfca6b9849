//! PVM task identifiers: a host part and a local part in one 32-bit word (PVM 3's `TIDHOST`
//! 0x3ffc0000 — 12 bits from bit 18 — and `TIDLOCAL` 0x0003ffff; `global.h`). Hosts are
//! numbered from 1 (the master pvmd's host), local parts from 1 in the order tasks start, so the
//! first task on the first host is `t40001`.

use std::fmt;

/// Bits of the local part.
pub const LOCAL_BITS: u32 = 18;
/// The host part's mask.
pub const HOST_MASK: u32 = 0x3ffc_0000;
/// The local part's mask.
pub const LOCAL_MASK: u32 = 0x0003_ffff;

/// A task identifier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tid(pub u32);

impl Tid {
    /// The task numbered `local` (from 1) on host `host` (from 1).
    pub fn new(host: u32, local: u32) -> Tid {
        Tid((host << LOCAL_BITS) & HOST_MASK | local & LOCAL_MASK)
    }

    /// Its host (from 1).
    pub fn host(self) -> u32 {
        (self.0 & HOST_MASK) >> LOCAL_BITS
    }

    /// Its local part.
    pub fn local(self) -> u32 {
        self.0 & LOCAL_MASK
    }
}

impl fmt::Display for Tid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{:x}", self.0)
    }
}

/// A tid in a trace record: its word.
impl crate::trace::WordField for Tid {
    fn to_word(&self) -> u32 {
        self.0
    }
    fn from_word(word: u32) -> Self {
        Tid(word)
    }
    fn sample(seed: u32) -> Self {
        Tid::new(seed % 4 + 1, seed + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_task_on_the_master_host_is_t40001() {
        let t = Tid::new(1, 1);
        assert_eq!(t.0, 0x40001);
        assert_eq!(t.to_string(), "t40001");
        assert_eq!((t.host(), t.local()), (1, 1));
        assert_eq!(Tid::new(2, 1).to_string(), "t80001");
        assert_eq!(Tid::new(6, 3).host(), 6);
    }
}
