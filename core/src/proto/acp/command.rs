//! One global memory access (GMA) as ACP's command queue holds it: a copy or an atomic, its
//! handle, its order handle and its stage; and the library's command record (`CMD` in
//! `acpbl_ib.c`), whose size the queue and the remote command receive buffer are made of.
//!
//! Source: the ACP library's `src/bl/ib/acpbl_ib.c` (the `CMD` struct, the command types `COPY`,
//! `CAS4` … `AND8`, the order handling of the communication thread) and `src/include/acp.h`
//! (`ACP_HANDLE_NULL` 0, `ACP_HANDLE_ALL` all ones, `ACP_HANDLE_CONT` all ones but the last bit;
//! an atomic's `dst` must be the caller's, its address aligned to its width).

use std::fmt;

use super::ga::Ga;
use crate::engine::Rank;

/// `ACP_HANDLE_NULL`: no handle (an order of none; `acp_complete` returns at once).
pub const HANDLE_NULL: u64 = 0;
/// `ACP_HANDLE_ALL`: every access issued so far.
pub const HANDLE_ALL: u64 = u64::MAX;
/// `ACP_HANDLE_CONT`: as `ACP_HANDLE_ALL` for an order (the previous access and all before it).
pub const HANDLE_CONT: u64 = u64::MAX - 1;

/// The fields of the library's command record (`CMD`), in order, with their bytes on LP64: one
/// entry of the command queue and of the remote command receive buffer.
pub const CMD_FIELDS: &[(&str, u64)] = &[
    ("valid_head", 8),
    ("rank", 4),
    ("type", 4),
    ("ishdl", 8),
    ("ohdl", 8),
    ("wr_id", 8),
    ("stat", 8),
    ("gadst", 8),
    ("gasrc", 8),
    ("tail_buf", 8),
    ("head_buf", 8),
    ("writebackstat", 8),
    ("replydata", 8),
    ("cmde", 16),
    ("valid_tail", 8),
];

/// Bytes of one command record: the sum of [`CMD_FIELDS`] (every field is aligned already).
pub const fn cmd_bytes() -> u64 {
    let mut sum = 0;
    let mut i = 0;
    while i < CMD_FIELDS.len() {
        sum += CMD_FIELDS[i].1;
        i += 1;
    }
    sum
}

/// The read-modify-write an atomic applies to its 4- or 8-byte word.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    /// `acp_cas`: the word becomes `swap` if it equals `compare`.
    Cas {
        /// The value compared.
        compare: u64,
        /// The value stored on a match.
        swap: u64,
    },
    /// `acp_swap`: the word becomes the value.
    Swap(u64),
    /// `acp_add`: the value is added (wrapping).
    Add(u64),
    /// `acp_xor`.
    Xor(u64),
    /// `acp_or`.
    Or(u64),
    /// `acp_and`.
    And(u64),
}

/// An atomic on a word of `width` bytes (4 or 8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Atomic {
    /// What it does.
    pub op: AtomicOp,
    /// 4 or 8.
    pub width: u8,
}

impl Atomic {
    /// The C function (`acp_cas4`, `acp_add8`…).
    pub fn name(self) -> &'static str {
        let eight = self.width == 8;
        match (self.op, eight) {
            (AtomicOp::Cas { .. }, false) => "acp_cas4",
            (AtomicOp::Cas { .. }, true) => "acp_cas8",
            (AtomicOp::Swap(_), false) => "acp_swap4",
            (AtomicOp::Swap(_), true) => "acp_swap8",
            (AtomicOp::Add(_), false) => "acp_add4",
            (AtomicOp::Add(_), true) => "acp_add8",
            (AtomicOp::Xor(_), false) => "acp_xor4",
            (AtomicOp::Xor(_), true) => "acp_xor8",
            (AtomicOp::Or(_), false) => "acp_or4",
            (AtomicOp::Or(_), true) => "acp_or8",
            (AtomicOp::And(_), false) => "acp_and4",
            (AtomicOp::And(_), true) => "acp_and8",
        }
    }

    fn mask(self) -> u64 {
        if self.width == 8 {
            u64::MAX
        } else {
            u64::from(u32::MAX)
        }
    }

    /// The word's new value given its old one (both within the width).
    pub fn apply(self, old: u64) -> u64 {
        let m = self.mask();
        let new = match self.op {
            AtomicOp::Cas { compare, swap } => {
                if old == compare & m {
                    swap
                } else {
                    old
                }
            }
            AtomicOp::Swap(v) => v,
            AtomicOp::Add(v) => old.wrapping_add(v),
            AtomicOp::Xor(v) => old ^ v,
            AtomicOp::Or(v) => old | v,
            AtomicOp::And(v) => old & v,
        };
        new & m
    }

    /// The command type code of the library (`CAS4` = 128 … `AND8` = 197).
    pub fn type_code(self) -> u32 {
        let base = match self.op {
            AtomicOp::Cas { .. } => 0,
            AtomicOp::Swap(_) => 1,
            AtomicOp::Add(_) => 2,
            AtomicOp::Xor(_) => 3,
            // acpbl_ib.c numbers AND4 132 and OR4 133, but OR8 196 and AND8 197.
            AtomicOp::And(_) if self.width == 4 => 4,
            AtomicOp::Or(_) if self.width == 4 => 5,
            AtomicOp::Or(_) => 4,
            AtomicOp::And(_) => 5,
        };
        (if self.width == 8 { 192 } else { 128 }) + base
    }

    /// Back from [`Atomic::type_code`] and the two operands (`a` the value, or a CAS's
    /// compare; `b` a CAS's swap).
    pub fn from_code(code: u32, a: u64, b: u64) -> Option<Atomic> {
        let width = match code {
            128..=133 => 4,
            192..=197 => 8,
            _ => return None,
        };
        let op = match (code & 63, width) {
            (0, _) => AtomicOp::Cas {
                compare: a,
                swap: b,
            },
            (1, _) => AtomicOp::Swap(a),
            (2, _) => AtomicOp::Add(a),
            (3, _) => AtomicOp::Xor(a),
            (4, 4) | (5, 8) => AtomicOp::And(a),
            _ => AtomicOp::Or(a),
        };
        Some(Atomic { op, width })
    }

    /// The operands as two words (`a`, `b`) for records.
    pub fn operands(self) -> (u64, u64) {
        match self.op {
            AtomicOp::Cas { compare, swap } => (compare, swap),
            AtomicOp::Swap(v)
            | AtomicOp::Add(v)
            | AtomicOp::Xor(v)
            | AtomicOp::Or(v)
            | AtomicOp::And(v) => (v, 0),
        }
    }
}

/// What a command does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Gma {
    /// `acp_copy(dst, src, size, order)`.
    Copy {
        /// Where the bytes go.
        dst: Ga,
        /// Where they come from.
        src: Ga,
        /// How many.
        size: u64,
    },
    /// An atomic on the word at `src`; its old value goes to `dst` (the issuer's memory).
    Atomic {
        /// Where the old value goes.
        dst: Ga,
        /// The word operated on.
        src: Ga,
        /// The operation.
        atomic: Atomic,
    },
}

impl Gma {
    /// The source GA.
    pub fn src(self) -> Ga {
        match self {
            Gma::Copy { src, .. } | Gma::Atomic { src, .. } => src,
        }
    }

    /// The destination GA.
    pub fn dst(self) -> Ga {
        match self {
            Gma::Copy { dst, .. } | Gma::Atomic { dst, .. } => dst,
        }
    }

    /// Bytes it moves (a copy's size, an atomic's width).
    pub fn bytes(self) -> u64 {
        match self {
            Gma::Copy { size, .. } => size,
            Gma::Atomic { atomic, .. } => u64::from(atomic.width),
        }
    }

    /// How `issuer`'s communication thread carries it out.
    pub fn path(self, issuer: Rank) -> Path {
        let (s, d) = (self.src().rank, self.dst().rank);
        match self {
            Gma::Atomic { .. } if s == issuer => Path::Local,
            Gma::Atomic { .. } => Path::Remote,
            Gma::Copy { .. } if s == issuer && d == issuer => Path::Local,
            Gma::Copy { .. } if s == issuer => Path::Put,
            Gma::Copy { .. } if d == issuer => Path::Get,
            Gma::Copy { .. } => Path::Remote,
        }
    }

    /// The C call, for sentences ("acp_copy of 64 bytes", "acp_add4").
    pub fn call(self) -> String {
        match self {
            Gma::Copy { size, .. } => format!("acp_copy of {size} bytes"),
            Gma::Atomic { atomic, .. } => atomic.name().to_string(),
        }
    }
}

/// How the issuing rank's communication thread carries out a command (`acpbl_ib.c`'s cases).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// Source and destination are the issuer's (or an atomic on the issuer's word): the thread
    /// copies (or applies) it itself.
    Local,
    /// The issuer's bytes to another rank: an RDMA write.
    Put,
    /// Another rank's bytes to the issuer: an RDMA read.
    Get,
    /// The source is another rank's (a remote-to-remote copy, or an atomic on another rank's
    /// word): the command goes to the source rank's remote command receive buffer and its
    /// communication thread carries it out (paper 001 Fig. 5).
    Remote,
}

/// Where a command is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// In the queue, not taken by the thread yet.
    Unissued,
    /// Waiting for the table of this rank's registrations (fetched by RDMA read).
    WaitTable(Rank),
    /// Taken: its network operations are under way.
    Issued,
    /// Done (completion is in handle order: see `Endpoint::finish`).
    Finished,
}

/// One command in a rank's queue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// Its handle (1, 2, 3… per rank).
    pub handle: u64,
    /// What it does.
    pub gma: Gma,
    /// It starts only once every handle up to this one is complete (0: no order).
    pub order: u64,
    /// Whether it moves the programs' bytes (a C program's) or only takes time (a native
    /// workload's, which has no memory).
    pub data: bool,
    /// Where it is.
    pub stage: Stage,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Unissued => f.write_str("queued"),
            Stage::WaitTable(r) => write!(f, "waiting for rank {r}'s registration table"),
            Stage::Issued => f.write_str("issued"),
            Stage::Finished => f.write_str("finished"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_record_is_120_bytes_as_the_library_lays_it_out() {
        assert_eq!(cmd_bytes(), 120);
    }

    #[test]
    fn atomics_apply_within_their_width_and_their_codes_are_the_librarys() {
        let add4 = Atomic {
            op: AtomicOp::Add(1),
            width: 4,
        };
        assert_eq!(add4.apply(u64::from(u32::MAX)), 0);
        let cas8 = Atomic {
            op: AtomicOp::Cas {
                compare: 5,
                swap: 9,
            },
            width: 8,
        };
        assert_eq!((cas8.apply(5), cas8.apply(6)), (9, 6));
        let names = [
            (AtomicOp::Cas {
                compare: 1,
                swap: 2,
            }),
            AtomicOp::Swap(3),
            AtomicOp::Add(3),
            AtomicOp::Xor(3),
            AtomicOp::Or(3),
            AtomicOp::And(3),
        ];
        let mut codes = Vec::new();
        for width in [4, 8] {
            for op in names {
                let a = Atomic { op, width };
                let (x, y) = a.operands();
                assert_eq!(Atomic::from_code(a.type_code(), x, y), Some(a));
                codes.push((a.name(), a.type_code()));
            }
        }
        assert!(codes.contains(&("acp_and4", 132)));
        assert!(codes.contains(&("acp_or4", 133)));
        assert!(codes.contains(&("acp_or8", 196)));
        assert!(codes.contains(&("acp_and8", 197)));
        assert!(codes.contains(&("acp_cas8", 192)));
    }

    #[test]
    fn the_path_follows_whose_memory_the_ends_are() {
        let ga = |rank| Ga::starter(rank, 0);
        let copy = |s, d| Gma::Copy {
            dst: ga(d),
            src: ga(s),
            size: 8,
        };
        assert_eq!(copy(0, 0).path(0), Path::Local);
        assert_eq!(copy(0, 1).path(0), Path::Put);
        assert_eq!(copy(1, 0).path(0), Path::Get);
        assert_eq!(copy(1, 2).path(0), Path::Remote);
        let add = |s| Gma::Atomic {
            dst: ga(0),
            src: ga(s),
            atomic: Atomic {
                op: AtomicOp::Add(1),
                width: 8,
            },
        };
        assert_eq!(add(0).path(0), Path::Local);
        assert_eq!(add(3).path(0), Path::Remote);
    }
}
