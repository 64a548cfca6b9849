//! Reduction operations: decoding the handles (`MPI_SUM` … `MPI_MAXLOC`), which datatypes each
//! applies to (MPI's groups: C integer, floating point, logical, byte, pairs), and combining two
//! buffers element by element with C's semantics for the element type — integers wrap around,
//! `float` is IEEE single, logical results are 0 or 1, `MPI_MAXLOC`/`MPI_MINLOC` keep the lowest
//! index on ties.

use std::cmp::Ordering;
use std::fmt;

use super::constants as k;
use super::datatype::{Class, Datatype, Num};
use super::error::ErrorKind;

/// A predefined reduction operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    /// `MPI_MAX`.
    Max,
    /// `MPI_MIN`.
    Min,
    /// `MPI_SUM`.
    Sum,
    /// `MPI_PROD`.
    Prod,
    /// `MPI_LAND`.
    Land,
    /// `MPI_BAND`.
    Band,
    /// `MPI_LOR`.
    Lor,
    /// `MPI_BOR`.
    Bor,
    /// `MPI_LXOR`.
    Lxor,
    /// `MPI_BXOR`.
    Bxor,
    /// `MPI_MINLOC`.
    Minloc,
    /// `MPI_MAXLOC`.
    Maxloc,
}

/// Every operation with its handle and name.
const OPS: &[(ReduceOp, i32, &str)] = &[
    (ReduceOp::Max, k::MPI_MAX, "MPI_MAX"),
    (ReduceOp::Min, k::MPI_MIN, "MPI_MIN"),
    (ReduceOp::Sum, k::MPI_SUM, "MPI_SUM"),
    (ReduceOp::Prod, k::MPI_PROD, "MPI_PROD"),
    (ReduceOp::Land, k::MPI_LAND, "MPI_LAND"),
    (ReduceOp::Band, k::MPI_BAND, "MPI_BAND"),
    (ReduceOp::Lor, k::MPI_LOR, "MPI_LOR"),
    (ReduceOp::Bor, k::MPI_BOR, "MPI_BOR"),
    (ReduceOp::Lxor, k::MPI_LXOR, "MPI_LXOR"),
    (ReduceOp::Bxor, k::MPI_BXOR, "MPI_BXOR"),
    (ReduceOp::Minloc, k::MPI_MINLOC, "MPI_MINLOC"),
    (ReduceOp::Maxloc, k::MPI_MAXLOC, "MPI_MAXLOC"),
];

impl ReduceOp {
    /// Decodes an operation handle.
    pub fn from_handle(handle: i64) -> Result<ReduceOp, ErrorKind> {
        OPS.iter()
            .find(|row| i64::from(row.1) == handle)
            .map(|row| row.0)
            .ok_or(ErrorKind::UnknownOp(handle))
    }

    /// The constant's name.
    pub fn name(self) -> &'static str {
        OPS.iter()
            .find(|row| row.0 == self)
            .map_or("MPI_OP", |r| r.2)
    }

    /// Which datatypes the operation applies to, as a sentence's end (for errors).
    pub fn applies_to(self) -> &'static str {
        match self {
            ReduceOp::Max | ReduceOp::Min => "integer and floating-point datatypes",
            ReduceOp::Sum | ReduceOp::Prod => "integer and floating-point datatypes",
            ReduceOp::Land | ReduceOp::Lor | ReduceOp::Lxor => "integer datatypes and MPI_C_BOOL",
            ReduceOp::Band | ReduceOp::Bor | ReduceOp::Bxor => "integer datatypes and MPI_BYTE",
            ReduceOp::Minloc | ReduceOp::Maxloc => {
                "the pair datatypes MPI_2INT, MPI_FLOAT_INT, MPI_DOUBLE_INT, MPI_LONG_INT and MPI_SHORT_INT"
            }
        }
    }

    /// Checks that this operation is defined on `dtype` (MPI's table of operations and
    /// datatypes; `MPI_CHAR` counts as an integer, as MPICH allows).
    pub fn check(self, dtype: Datatype) -> Result<(), ErrorKind> {
        if let Some(computed_by_mpich) = self.on_opaque(dtype) {
            return Err(if computed_by_mpich {
                ErrorKind::NotComputed { op: self, dtype }
            } else {
                ErrorKind::OpNotForType { op: self, dtype }
            });
        }
        let ok = match dtype.class() {
            Class::Pair { .. } => matches!(self, ReduceOp::Minloc | ReduceOp::Maxloc),
            Class::Num(n) => match self {
                ReduceOp::Minloc | ReduceOp::Maxloc => false,
                ReduceOp::Max | ReduceOp::Min | ReduceOp::Sum | ReduceOp::Prod => {
                    matches!(n, Num::Int { .. } | Num::Float | Num::Double)
                }
                ReduceOp::Land | ReduceOp::Lor | ReduceOp::Lxor => {
                    matches!(n, Num::Int { .. } | Num::Bool)
                }
                ReduceOp::Band | ReduceOp::Bor | ReduceOp::Bxor => {
                    matches!(n, Num::Int { .. } | Num::Byte)
                }
            },
        };
        if ok {
            Ok(())
        } else {
            Err(ErrorKind::OpNotForType { op: self, dtype })
        }
    }

    /// For a type whose values Rankscope does not compute on (`long double`, complex, `wchar_t`,
    /// `MPI_PACKED`): whether MPICH's predefined operation applies to it (MPICH's operation type
    /// groups: floating point for `long double`, sum and product for complex, max/min-location for
    /// `MPI_LONG_DOUBLE_INT`, none for `wchar_t` and `MPI_PACKED`); `None` for every other type.
    fn on_opaque(self, dtype: Datatype) -> Option<bool> {
        let arithmetic = matches!(self, ReduceOp::Sum | ReduceOp::Prod);
        let ordered = matches!(self, ReduceOp::Max | ReduceOp::Min);
        let located = matches!(self, ReduceOp::Minloc | ReduceOp::Maxloc);
        Some(match dtype {
            Datatype::LongDouble => arithmetic || ordered,
            Datatype::LongDoubleInt => located,
            Datatype::CFloatComplex
            | Datatype::CDoubleComplex
            | Datatype::CLongDoubleComplex
            | Datatype::CxxFloatComplex
            | Datatype::CxxDoubleComplex
            | Datatype::CxxLongDoubleComplex => arithmetic,
            Datatype::Wchar | Datatype::Packed | Datatype::Lb | Datatype::Ub => false,
            _ => return None,
        })
    }

    /// `acc[i] = acc[i] op other[i]` for every element of `dtype` (checked by [`Self::check`]),
    /// on packed data as a message carries it (a pair's index right after its value, without
    /// the padding it has in memory); extra bytes in `other` are ignored.
    pub fn combine(self, dtype: Datatype, acc: &mut [u8], other: &[u8]) {
        let stride = dtype.data_size() as usize;
        let class = dtype.class();
        for (a, b) in acc.chunks_exact_mut(stride).zip(other.chunks_exact(stride)) {
            match class {
                Class::Num(n) => self.combine_num(n, a, b),
                Class::Pair { value, .. } => self.combine_pair(value, value.size() as usize, a, b),
            }
        }
    }

    /// One number: `a = a op b`.
    fn combine_num(self, n: Num, a: &mut [u8], b: &[u8]) {
        match n {
            Num::Int { signed, bytes } => {
                let w = usize::from(bytes);
                let r = int_op(self, signed, w, raw(&a[..w]), raw(&b[..w]));
                a[..w].copy_from_slice(&r.to_le_bytes()[..w]);
            }
            Num::Float => {
                let (x, y) = (f32::from_le_bytes(word(a)), f32::from_le_bytes(word(b)));
                let r = match self {
                    ReduceOp::Sum => x + y,
                    ReduceOp::Prod => x * y,
                    ReduceOp::Max => f64::from(x).max_nan(f64::from(y)) as f32,
                    ReduceOp::Min => f64::from(x).min_nan(f64::from(y)) as f32,
                    _ => x,
                };
                a[..4].copy_from_slice(&r.to_le_bytes());
            }
            Num::Double => {
                let (x, y) = (f64::from_le_bytes(word(a)), f64::from_le_bytes(word(b)));
                let r = match self {
                    ReduceOp::Sum => x + y,
                    ReduceOp::Prod => x * y,
                    ReduceOp::Max => x.max_nan(y),
                    ReduceOp::Min => x.min_nan(y),
                    _ => x,
                };
                a[..8].copy_from_slice(&r.to_le_bytes());
            }
            Num::Bool => {
                let (x, y) = (a[0] != 0, b[0] != 0);
                a[0] = u8::from(match self {
                    ReduceOp::Land => x && y,
                    ReduceOp::Lor => x || y,
                    ReduceOp::Lxor => x != y,
                    _ => x,
                });
            }
            Num::Opaque { .. } => {}
            Num::Byte => {
                a[0] = match self {
                    ReduceOp::Band => a[0] & b[0],
                    ReduceOp::Bor => a[0] | b[0],
                    ReduceOp::Bxor => a[0] ^ b[0],
                    _ => a[0],
                };
            }
        }
    }

    /// A value-index pair (`MPI_MAXLOC`, `MPI_MINLOC`): the larger (smaller) value with its
    /// index; on equal values the lower index. Incomparable values (NaN) keep `a`.
    fn combine_pair(self, value: Num, index_at: usize, a: &mut [u8], b: &[u8]) {
        let w = value.size() as usize;
        let order = compare(value, &a[..w], &b[..w]);
        let ia = i32::from_le_bytes(word(&a[index_at..]));
        let ib = i32::from_le_bytes(word(&b[index_at..]));
        let take_b = match (self, order) {
            (_, Some(Ordering::Equal)) => {
                a[index_at..index_at + 4].copy_from_slice(&ia.min(ib).to_le_bytes());
                false
            }
            (ReduceOp::Maxloc, Some(Ordering::Less)) => true,
            (ReduceOp::Minloc, Some(Ordering::Greater)) => true,
            _ => false,
        };
        if take_b {
            a[..w].copy_from_slice(&b[..w]);
            a[index_at..index_at + 4].copy_from_slice(&ib.to_le_bytes());
        }
    }
}

/// The first `N` bytes of `bytes` (zero-padded).
fn word<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = N.min(bytes.len());
    out[..n].copy_from_slice(&bytes[..n]);
    out
}

/// A little-endian integer's bits, zero-extended.
fn raw(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(word(bytes))
}

/// The integer `bits` of `width` bytes as a signed value.
fn signed_value(bits: u64, width: usize) -> i64 {
    let shift = 64 - 8 * width as u32;
    ((bits << shift) as i64) >> shift
}

/// `x op y` on C integers of `width` bytes; the result's low `width` bytes are the C result.
fn int_op(op: ReduceOp, signed: bool, width: usize, x: u64, y: u64) -> u64 {
    let greater = if signed {
        signed_value(x, width) > signed_value(y, width)
    } else {
        x > y
    };
    match op {
        ReduceOp::Sum => x.wrapping_add(y),
        ReduceOp::Prod => x.wrapping_mul(y),
        ReduceOp::Max => {
            if greater {
                x
            } else {
                y
            }
        }
        ReduceOp::Min => {
            if greater {
                y
            } else {
                x
            }
        }
        ReduceOp::Land => u64::from(x != 0 && y != 0),
        ReduceOp::Lor => u64::from(x != 0 || y != 0),
        ReduceOp::Lxor => u64::from((x != 0) != (y != 0)),
        ReduceOp::Band => x & y,
        ReduceOp::Bor => x | y,
        ReduceOp::Bxor => x ^ y,
        ReduceOp::Minloc | ReduceOp::Maxloc => x,
    }
}

/// How two values of `n` compare (`None` when a NaN is involved).
fn compare(n: Num, a: &[u8], b: &[u8]) -> Option<Ordering> {
    match n {
        Num::Int {
            signed: true,
            bytes,
        } => {
            let w = usize::from(bytes);
            Some(signed_value(raw(a), w).cmp(&signed_value(raw(b), w)))
        }
        Num::Int { signed: false, .. } | Num::Bool | Num::Byte | Num::Opaque { .. } => {
            Some(raw(a).cmp(&raw(b)))
        }
        Num::Float => f32::from_le_bytes(word(a)).partial_cmp(&f32::from_le_bytes(word(b))),
        Num::Double => f64::from_le_bytes(word(a)).partial_cmp(&f64::from_le_bytes(word(b))),
    }
}

/// Maximum and minimum that are deterministic with NaNs: a NaN wins (so it is never hidden).
trait NanAware {
    fn max_nan(self, other: Self) -> Self;
    fn min_nan(self, other: Self) -> Self;
}

impl NanAware for f64 {
    fn max_nan(self, y: f64) -> f64 {
        if self.is_nan() || y.is_nan() {
            f64::NAN
        } else if y > self {
            y
        } else {
            self
        }
    }

    fn min_nan(self, y: f64) -> f64 {
        if self.is_nan() || y.is_nan() {
            f64::NAN
        } else if y < self {
            y
        } else {
            self
        }
    }
}

impl fmt::Display for ReduceOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes<T: Copy, const N: usize>(values: &[T], to: fn(T) -> [u8; N]) -> Vec<u8> {
        values.iter().flat_map(|v| to(*v)).collect()
    }

    #[test]
    fn handles_decode() {
        assert_eq!(
            ReduceOp::from_handle(i64::from(k::MPI_MIN)),
            Ok(ReduceOp::Min)
        );
        assert_eq!(
            ReduceOp::from_handle(i64::from(k::MPI_MAXLOC)),
            Ok(ReduceOp::Maxloc)
        );
        assert!(ReduceOp::from_handle(i64::from(k::MPI_INT)).is_err());
        for row in OPS {
            assert_eq!(row.0.name(), row.2);
        }
    }

    #[test]
    fn ops_apply_to_mpis_groups() {
        assert!(ReduceOp::Sum.check(Datatype::Char).is_ok());
        assert!(ReduceOp::Sum.check(Datatype::Byte).is_err());
        assert!(ReduceOp::Band.check(Datatype::Double).is_err());
        assert!(ReduceOp::Band.check(Datatype::Byte).is_ok());
        assert!(ReduceOp::Lor.check(Datatype::Bool).is_ok());
        assert!(ReduceOp::Land.check(Datatype::Float).is_err());
        assert!(ReduceOp::Maxloc.check(Datatype::DoubleInt).is_ok());
        assert!(ReduceOp::Maxloc.check(Datatype::Double).is_err());
        assert!(ReduceOp::Sum.check(Datatype::TwoInt).is_err());
    }

    #[test]
    fn combine_ints_and_doubles() {
        let mut a = bytes(&[3i32, -4], i32::to_le_bytes);
        let b = bytes(&[5i32, 7], i32::to_le_bytes);
        ReduceOp::Max.combine(Datatype::Int, &mut a, &b);
        assert_eq!(a, bytes(&[5i32, 7], i32::to_le_bytes));
        let mut x = 1.5f64.to_le_bytes().to_vec();
        ReduceOp::Prod.combine(Datatype::Double, &mut x, &4.0f64.to_le_bytes());
        assert_eq!(x, 6.0f64.to_le_bytes());
        let mut i = i32::MAX.to_le_bytes().to_vec();
        ReduceOp::Sum.combine(Datatype::Int, &mut i, &1i32.to_le_bytes());
        assert_eq!(i, i32::MIN.to_le_bytes());
    }

    #[test]
    fn integers_wrap_and_compare_by_signedness() {
        let mut u = bytes(&[250u8], u8::to_le_bytes);
        ReduceOp::Sum.combine(Datatype::UnsignedChar, &mut u, &[10]);
        assert_eq!(u, [4]);
        let mut s = bytes(&[-1i16], i16::to_le_bytes);
        ReduceOp::Max.combine(Datatype::Short, &mut s, &bytes(&[1i16], i16::to_le_bytes));
        assert_eq!(s, bytes(&[1i16], i16::to_le_bytes));
        let mut us = bytes(&[u16::MAX], u16::to_le_bytes);
        ReduceOp::Max.combine(
            Datatype::UnsignedShort,
            &mut us,
            &bytes(&[1u16], u16::to_le_bytes),
        );
        assert_eq!(us, bytes(&[u16::MAX], u16::to_le_bytes));
        let mut l = bytes(&[i64::MAX], i64::to_le_bytes);
        ReduceOp::Sum.combine(Datatype::Long, &mut l, &bytes(&[1i64], i64::to_le_bytes));
        assert_eq!(l, bytes(&[i64::MIN], i64::to_le_bytes));
        let mut x = bytes(&[0b1100u32], u32::to_le_bytes);
        ReduceOp::Bxor.combine(
            Datatype::Unsigned,
            &mut x,
            &bytes(&[0b1010u32], u32::to_le_bytes),
        );
        assert_eq!(x, bytes(&[0b0110u32], u32::to_le_bytes));
        let mut land = bytes(&[5i32], i32::to_le_bytes);
        ReduceOp::Land.combine(Datatype::Int, &mut land, &bytes(&[-3i32], i32::to_le_bytes));
        assert_eq!(land, bytes(&[1i32], i32::to_le_bytes));
    }

    #[test]
    fn floats_are_ieee_single() {
        let mut f = bytes(&[16_777_216f32], f32::to_le_bytes);
        ReduceOp::Sum.combine(Datatype::Float, &mut f, &bytes(&[1f32], f32::to_le_bytes));
        assert_eq!(f, bytes(&[16_777_216f32], f32::to_le_bytes));
    }

    #[test]
    fn maxloc_keeps_the_lowest_index_on_ties() {
        let pair = |v: f64, i: i32| {
            let mut b = v.to_le_bytes().to_vec();
            b.extend_from_slice(&i.to_le_bytes());
            b.extend_from_slice(&[0; 4]);
            b
        };
        let mut a = pair(2.0, 5);
        ReduceOp::Maxloc.combine(Datatype::DoubleInt, &mut a, &pair(2.0, 3));
        assert_eq!(a, pair(2.0, 3));
        ReduceOp::Maxloc.combine(Datatype::DoubleInt, &mut a, &pair(7.0, 9));
        assert_eq!(a, pair(7.0, 9));
        ReduceOp::Minloc.combine(Datatype::DoubleInt, &mut a, &pair(1.0, 8));
        assert_eq!(a, pair(1.0, 8));
        let mut s = [0u8; 8];
        s[..2].copy_from_slice(&(-3i16).to_le_bytes());
        s[4..].copy_from_slice(&4i32.to_le_bytes());
        let mut t = [0u8; 8];
        t[..2].copy_from_slice(&2i16.to_le_bytes());
        t[4..].copy_from_slice(&1i32.to_le_bytes());
        ReduceOp::Minloc.combine(Datatype::ShortInt, &mut s, &t);
        assert_eq!(i32::from_le_bytes([s[4], s[5], s[6], s[7]]), 4);
    }
}
