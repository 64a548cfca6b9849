//! What a rank can ask the machine to do one-sidedly: [`RdmaOp`] and its [`AtomicKind`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A remote atomic read-modify-write (paper 003 Sec. 4.1: Tofu2's ARMW operations; FOLON's
/// test&set, paper 004 Sec. 2.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtomicKind {
    /// Compare-and-swap.
    CompareAndSwap,
    /// Fetch-and-store (swap).
    FetchAndStore,
    /// Fetch-and-add.
    FetchAndAdd,
    /// Fetch-and-or.
    FetchAndOr,
    /// Fetch-and-and.
    FetchAndAnd,
    /// Test-and-set of a flag word.
    TestAndSet,
}

impl AtomicKind {
    /// Every kind, in declaration order.
    pub const ALL: [AtomicKind; 6] = [
        AtomicKind::CompareAndSwap,
        AtomicKind::FetchAndStore,
        AtomicKind::FetchAndAdd,
        AtomicKind::FetchAndOr,
        AtomicKind::FetchAndAnd,
        AtomicKind::TestAndSet,
    ];

    /// The name used in profiles and traces (`fetch_and_add`).
    pub fn name(self) -> &'static str {
        match self {
            AtomicKind::CompareAndSwap => "compare_and_swap",
            AtomicKind::FetchAndStore => "fetch_and_store",
            AtomicKind::FetchAndAdd => "fetch_and_add",
            AtomicKind::FetchAndOr => "fetch_and_or",
            AtomicKind::FetchAndAnd => "fetch_and_and",
            AtomicKind::TestAndSet => "test_and_set",
        }
    }
}

impl fmt::Display for AtomicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A one-sided operation on another rank's memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RdmaOp {
    /// Write `bytes` bytes into the target's memory (EM-X: SYSWR packets).
    Put {
        /// Size in bytes.
        bytes: u64,
    },
    /// Read `bytes` bytes from the target's memory (EM-X: SYSRD packets).
    Get {
        /// Size in bytes.
        bytes: u64,
    },
    /// An atomic read-modify-write of one 64-bit word (a 32-bit flag on FOLON).
    Atomic(AtomicKind),
}

impl RdmaOp {
    /// Bytes of data the operation carries to the target (an atomic's operand: 8).
    pub fn request_bytes(self) -> u64 {
        match self {
            RdmaOp::Put { bytes } => bytes,
            RdmaOp::Get { .. } => 0,
            RdmaOp::Atomic(_) => 8,
        }
    }

    /// Bytes of data the response carries back to the origin.
    pub fn response_bytes(self) -> u64 {
        match self {
            RdmaOp::Put { .. } => 0,
            RdmaOp::Get { bytes } => bytes,
            RdmaOp::Atomic(_) => 8,
        }
    }
}

impl fmt::Display for RdmaOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RdmaOp::Put { bytes } => write!(f, "put of {bytes} bytes"),
            RdmaOp::Get { bytes } => write!(f, "get of {bytes} bytes"),
            RdmaOp::Atomic(kind) => write!(f, "atomic {kind}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_through_serde() {
        for kind in AtomicKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.name()));
            let back: AtomicKind = serde_json::from_str(&json).unwrap();
            assert_eq!(back, kind);
        }
    }

    #[test]
    fn sizes_and_sentences() {
        let put = RdmaOp::Put { bytes: 64 };
        assert_eq!((put.request_bytes(), put.response_bytes()), (64, 0));
        let get = RdmaOp::Get { bytes: 64 };
        assert_eq!((get.request_bytes(), get.response_bytes()), (0, 64));
        let fadd = RdmaOp::Atomic(AtomicKind::FetchAndAdd);
        assert_eq!(fadd.to_string(), "atomic fetch_and_add");
        assert_eq!(put.to_string(), "put of 64 bytes");
    }
}
