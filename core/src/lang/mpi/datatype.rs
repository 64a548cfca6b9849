//! Datatypes and reduction operations: decoding the handles a program passes, element sizes, and
//! combining two buffers element by element (the arithmetic of `MPI_Reduce`).

use std::fmt;

use super::constants::{
    MPI_BYTE, MPI_CHAR, MPI_COMM_WORLD, MPI_DOUBLE, MPI_INT, MPI_MAX, MPI_MIN, MPI_PROD, MPI_SUM,
};
use super::error::ErrorKind;

/// A basic MPI datatype.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Datatype {
    /// `MPI_INT`: 4-byte little-endian two's complement.
    Int,
    /// `MPI_DOUBLE`: 8-byte IEEE 754.
    Double,
    /// `MPI_CHAR`: 1 byte.
    Char,
    /// `MPI_BYTE`: 1 uninterpreted byte.
    Byte,
}

impl Datatype {
    /// Decodes a datatype handle.
    pub fn from_handle(handle: i64) -> Result<Datatype, ErrorKind> {
        match i32::try_from(handle) {
            Ok(MPI_INT) => Ok(Datatype::Int),
            Ok(MPI_DOUBLE) => Ok(Datatype::Double),
            Ok(MPI_CHAR) => Ok(Datatype::Char),
            Ok(MPI_BYTE) => Ok(Datatype::Byte),
            _ => Err(ErrorKind::UnknownDatatype(handle)),
        }
    }

    /// Size of one element in bytes.
    pub fn size(self) -> u32 {
        match self {
            Datatype::Int => 4,
            Datatype::Double => 8,
            Datatype::Char | Datatype::Byte => 1,
        }
    }

    /// The constant's name.
    pub fn name(self) -> &'static str {
        match self {
            Datatype::Int => "MPI_INT",
            Datatype::Double => "MPI_DOUBLE",
            Datatype::Char => "MPI_CHAR",
            Datatype::Byte => "MPI_BYTE",
        }
    }

    /// Bytes of `count` elements, checked: a negative count or one too large for a rank's memory
    /// is an error naming `what` (e.g. `"count"`, `"sendcounts[2]"`).
    pub fn bytes(self, count: i64, what: &str) -> Result<u32, ErrorKind> {
        if count < 0 {
            return Err(ErrorKind::NegativeCount {
                what: what.to_string(),
                count,
            });
        }
        count
            .checked_mul(i64::from(self.size()))
            .and_then(|b| u32::try_from(b).ok())
            .ok_or(ErrorKind::TooLarge {
                what: what.to_string(),
                count,
                dtype: self,
            })
    }
}

impl fmt::Display for Datatype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A predefined reduction operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    /// `MPI_SUM`.
    Sum,
    /// `MPI_PROD`.
    Prod,
    /// `MPI_MAX`.
    Max,
    /// `MPI_MIN`.
    Min,
}

impl ReduceOp {
    /// Decodes an operation handle.
    pub fn from_handle(handle: i64) -> Result<ReduceOp, ErrorKind> {
        match i32::try_from(handle) {
            Ok(MPI_SUM) => Ok(ReduceOp::Sum),
            Ok(MPI_PROD) => Ok(ReduceOp::Prod),
            Ok(MPI_MAX) => Ok(ReduceOp::Max),
            Ok(MPI_MIN) => Ok(ReduceOp::Min),
            _ => Err(ErrorKind::UnknownOp(handle)),
        }
    }

    /// The constant's name.
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "MPI_SUM",
            ReduceOp::Prod => "MPI_PROD",
            ReduceOp::Max => "MPI_MAX",
            ReduceOp::Min => "MPI_MIN",
        }
    }

    /// Checks that this operation is defined on `dtype` (only `MPI_INT` and `MPI_DOUBLE`).
    pub fn check(self, dtype: Datatype) -> Result<(), ErrorKind> {
        match dtype {
            Datatype::Int | Datatype::Double => Ok(()),
            Datatype::Char | Datatype::Byte => Err(ErrorKind::OpNotForType { op: self, dtype }),
        }
    }

    /// `acc[i] = acc[i] op other[i]` for every element; `int`s wrap like C's on common machines.
    /// Both slices hold whole elements of `dtype`; extra bytes in `other` are ignored.
    pub fn combine(self, dtype: Datatype, acc: &mut [u8], other: &[u8]) {
        match dtype {
            Datatype::Int => {
                for (a, b) in acc.chunks_exact_mut(4).zip(other.chunks_exact(4)) {
                    let x = i32::from_le_bytes([a[0], a[1], a[2], a[3]]);
                    let y = i32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                    let r = match self {
                        ReduceOp::Sum => x.wrapping_add(y),
                        ReduceOp::Prod => x.wrapping_mul(y),
                        ReduceOp::Max => x.max(y),
                        ReduceOp::Min => x.min(y),
                    };
                    a.copy_from_slice(&r.to_le_bytes());
                }
            }
            Datatype::Double => {
                for (a, b) in acc.chunks_exact_mut(8).zip(other.chunks_exact(8)) {
                    let mut xa = [0u8; 8];
                    xa.copy_from_slice(a);
                    let mut ya = [0u8; 8];
                    ya.copy_from_slice(b);
                    let (x, y) = (f64::from_le_bytes(xa), f64::from_le_bytes(ya));
                    let r = match self {
                        ReduceOp::Sum => x + y,
                        ReduceOp::Prod => x * y,
                        ReduceOp::Max => max_f64(x, y),
                        ReduceOp::Min => min_f64(x, y),
                    };
                    a.copy_from_slice(&r.to_le_bytes());
                }
            }
            // Rejected by `check` before any data moves.
            Datatype::Char | Datatype::Byte => {}
        }
    }
}

/// C's `fmax`-like maximum that is deterministic with NaNs: a NaN wins (so it is never hidden).
fn max_f64(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if y > x {
        y
    } else {
        x
    }
}

/// Minimum with the same NaN rule as [`max_f64`].
fn min_f64(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        f64::NAN
    } else if y < x {
        y
    } else {
        x
    }
}

impl fmt::Display for ReduceOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks a communicator handle: only `MPI_COMM_WORLD` exists.
pub fn check_comm(handle: i64) -> Result<(), ErrorKind> {
    if handle == i64::from(MPI_COMM_WORLD) {
        Ok(())
    } else {
        Err(ErrorKind::UnknownComm(handle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_decode_and_sizes_match_c() {
        assert_eq!(
            Datatype::from_handle(i64::from(MPI_DOUBLE)),
            Ok(Datatype::Double)
        );
        assert_eq!(Datatype::Double.size(), 8);
        assert!(Datatype::from_handle(i64::from(MPI_SUM)).is_err());
        assert_eq!(ReduceOp::from_handle(i64::from(MPI_MIN)), Ok(ReduceOp::Min));
        assert!(ReduceOp::Sum.check(Datatype::Char).is_err());
        assert!(check_comm(7).is_err());
    }

    #[test]
    fn byte_counts_are_checked() {
        assert_eq!(Datatype::Int.bytes(3, "count"), Ok(12));
        assert!(matches!(
            Datatype::Int.bytes(-1, "count"),
            Err(ErrorKind::NegativeCount { count: -1, .. })
        ));
        assert!(matches!(
            Datatype::Double.bytes(1 << 40, "count"),
            Err(ErrorKind::TooLarge { .. })
        ));
    }

    #[test]
    fn combine_ints_and_doubles() {
        let mut a: Vec<u8> = [3i32, -4].iter().flat_map(|v| v.to_le_bytes()).collect();
        let b: Vec<u8> = [5i32, 7].iter().flat_map(|v| v.to_le_bytes()).collect();
        ReduceOp::Max.combine(Datatype::Int, &mut a, &b);
        assert_eq!(a[..4], 5i32.to_le_bytes());
        assert_eq!(a[4..], 7i32.to_le_bytes());
        let mut x = 1.5f64.to_le_bytes().to_vec();
        ReduceOp::Prod.combine(Datatype::Double, &mut x, &4.0f64.to_le_bytes());
        assert_eq!(x, 6.0f64.to_le_bytes());
        let mut i = i32::MAX.to_le_bytes().to_vec();
        ReduceOp::Sum.combine(Datatype::Int, &mut i, &1i32.to_le_bytes());
        assert_eq!(i, i32::MIN.to_le_bytes());
    }
}
