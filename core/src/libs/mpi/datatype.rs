//! Datatypes: decoding the handles a program passes (every predefined datatype of C MPI, with
//! LP64 sizes and MPICH's layouts of the value-index pairs), their sizes in memory and in MPI's
//! sense, and what their bytes mean (for reductions, `op`).
//!
//! A buffer of `count` elements spans `count ×` [`Datatype::size`] bytes (the extent: a pair's
//! padding included); a message carries the data bytes, packed (a pair without its padding, as
//! MPICH sends it).

use std::fmt;

use super::constants as k;
use super::constants::MPI_COMM_WORLD;
use super::error::ErrorKind;
pub use super::op::ReduceOp;

/// A predefined MPI datatype.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Datatype {
    /// `MPI_CHAR`: `char` (signed, as on x86-64).
    Char,
    /// `MPI_SIGNED_CHAR`.
    SignedChar,
    /// `MPI_UNSIGNED_CHAR`.
    UnsignedChar,
    /// `MPI_BYTE`: 1 uninterpreted byte.
    Byte,
    /// `MPI_SHORT`.
    Short,
    /// `MPI_UNSIGNED_SHORT`.
    UnsignedShort,
    /// `MPI_INT`: 4-byte little-endian two's complement.
    Int,
    /// `MPI_UNSIGNED`.
    Unsigned,
    /// `MPI_LONG`: 8 bytes.
    Long,
    /// `MPI_UNSIGNED_LONG`.
    UnsignedLong,
    /// `MPI_LONG_LONG` (= `MPI_LONG_LONG_INT`).
    LongLong,
    /// `MPI_UNSIGNED_LONG_LONG`.
    UnsignedLongLong,
    /// `MPI_FLOAT`: 4-byte IEEE 754.
    Float,
    /// `MPI_DOUBLE`: 8-byte IEEE 754.
    Double,
    /// `MPI_C_BOOL`: `_Bool`.
    Bool,
    /// `MPI_INT8_T`.
    Int8,
    /// `MPI_INT16_T`.
    Int16,
    /// `MPI_INT32_T`.
    Int32,
    /// `MPI_INT64_T`.
    Int64,
    /// `MPI_UINT8_T`.
    Uint8,
    /// `MPI_UINT16_T`.
    Uint16,
    /// `MPI_UINT32_T`.
    Uint32,
    /// `MPI_UINT64_T`.
    Uint64,
    /// `MPI_AINT`: `MPI_Aint` (`long`).
    Aint,
    /// `MPI_OFFSET`: `MPI_Offset` (`long`).
    Offset,
    /// `MPI_COUNT`: `MPI_Count` (`long`).
    Count,
    /// `MPI_FLOAT_INT`: `struct { float; int; }`, 8 bytes.
    FloatInt,
    /// `MPI_DOUBLE_INT`: `struct { double; int; }`, 12 bytes of data in 16.
    DoubleInt,
    /// `MPI_LONG_INT`: `struct { long; int; }`, 12 bytes of data in 16.
    LongInt,
    /// `MPI_SHORT_INT`: `struct { short; int; }`, 6 bytes of data in 8.
    ShortInt,
    /// `MPI_2INT`: `struct { int; int; }`.
    TwoInt,
    /// `MPI_PACKED`: bytes made by `MPI_Pack` (matches any signature, as `MPI_BYTE`).
    Packed,
    /// `MPI_WCHAR`: `wchar_t`, 4 bytes.
    Wchar,
    /// `MPI_CXX_BOOL`: C++'s `bool`, 1 byte.
    CxxBool,
    /// `MPI_LONG_DOUBLE`: x86-64's 80-bit `long double` in 16 bytes (moved, not computed on).
    LongDouble,
    /// `MPI_LONG_DOUBLE_INT`: `struct { long double; int; }`, 20 bytes of data in 32.
    LongDoubleInt,
    /// `MPI_C_FLOAT_COMPLEX` (= `MPI_C_COMPLEX`): `float _Complex`, 8 bytes.
    CFloatComplex,
    /// `MPI_C_DOUBLE_COMPLEX`: `double _Complex`, 16 bytes.
    CDoubleComplex,
    /// `MPI_C_LONG_DOUBLE_COMPLEX`: `long double _Complex`, 32 bytes.
    CLongDoubleComplex,
    /// `MPI_CXX_FLOAT_COMPLEX`.
    CxxFloatComplex,
    /// `MPI_CXX_DOUBLE_COMPLEX`.
    CxxDoubleComplex,
    /// `MPI_CXX_LONG_DOUBLE_COMPLEX`.
    CxxLongDoubleComplex,
    /// `MPI_LB`: MPI-1's lower-bound marker, no data (it sets a struct's lower bound).
    Lb,
    /// `MPI_UB`: MPI-1's upper-bound marker, no data.
    Ub,
}

/// What one number's bytes mean.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// A C integer of this many bytes, signed or not.
    Int {
        /// Two's complement (else unsigned).
        signed: bool,
        /// Its size.
        bytes: u8,
    },
    /// IEEE single.
    Float,
    /// IEEE double.
    Double,
    /// `_Bool` (MPI's "logical").
    Bool,
    /// An uninterpreted byte.
    Byte,
    /// A value of this many bytes that messages move but no reduction of Rankscope's computes
    /// on (`long double`, the complex types, `wchar_t`, `MPI_PACKED`'s bytes).
    Opaque {
        /// Its size.
        bytes: u8,
    },
}

impl Num {
    /// Bytes of one.
    pub fn size(self) -> u32 {
        match self {
            Num::Int { bytes, .. } => u32::from(bytes),
            Num::Float => 4,
            Num::Double => 8,
            Num::Bool | Num::Byte => 1,
            Num::Opaque { bytes } => u32::from(bytes),
        }
    }
}

/// What one element of a datatype is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// One number.
    Num(Num),
    /// A value at offset 0 and an `int` index at `index_at` (the `MPI_MAXLOC` pairs).
    Pair {
        /// The value.
        value: Num,
        /// Offset of the index.
        index_at: u8,
    },
}

const fn int(signed: bool, bytes: u8) -> Class {
    Class::Num(Num::Int { signed, bytes })
}

const fn opaque(bytes: u8) -> Class {
    Class::Num(Num::Opaque { bytes })
}

/// Every predefined datatype with its handle, its name, its extent and what it is.
const TYPES: &[(Datatype, i32, &str, u32, Class)] = &[
    (Datatype::Char, k::MPI_CHAR, "MPI_CHAR", 1, int(true, 1)),
    (
        Datatype::SignedChar,
        k::MPI_SIGNED_CHAR,
        "MPI_SIGNED_CHAR",
        1,
        int(true, 1),
    ),
    (
        Datatype::UnsignedChar,
        k::MPI_UNSIGNED_CHAR,
        "MPI_UNSIGNED_CHAR",
        1,
        int(false, 1),
    ),
    (
        Datatype::Byte,
        k::MPI_BYTE,
        "MPI_BYTE",
        1,
        Class::Num(Num::Byte),
    ),
    (Datatype::Short, k::MPI_SHORT, "MPI_SHORT", 2, int(true, 2)),
    (
        Datatype::UnsignedShort,
        k::MPI_UNSIGNED_SHORT,
        "MPI_UNSIGNED_SHORT",
        2,
        int(false, 2),
    ),
    (Datatype::Int, k::MPI_INT, "MPI_INT", 4, int(true, 4)),
    (
        Datatype::Unsigned,
        k::MPI_UNSIGNED,
        "MPI_UNSIGNED",
        4,
        int(false, 4),
    ),
    (Datatype::Long, k::MPI_LONG, "MPI_LONG", 8, int(true, 8)),
    (
        Datatype::UnsignedLong,
        k::MPI_UNSIGNED_LONG,
        "MPI_UNSIGNED_LONG",
        8,
        int(false, 8),
    ),
    (
        Datatype::LongLong,
        k::MPI_LONG_LONG,
        "MPI_LONG_LONG",
        8,
        int(true, 8),
    ),
    (
        Datatype::UnsignedLongLong,
        k::MPI_UNSIGNED_LONG_LONG,
        "MPI_UNSIGNED_LONG_LONG",
        8,
        int(false, 8),
    ),
    (
        Datatype::Float,
        k::MPI_FLOAT,
        "MPI_FLOAT",
        4,
        Class::Num(Num::Float),
    ),
    (
        Datatype::Double,
        k::MPI_DOUBLE,
        "MPI_DOUBLE",
        8,
        Class::Num(Num::Double),
    ),
    (
        Datatype::Bool,
        k::MPI_C_BOOL,
        "MPI_C_BOOL",
        1,
        Class::Num(Num::Bool),
    ),
    (Datatype::Int8, k::MPI_INT8_T, "MPI_INT8_T", 1, int(true, 1)),
    (
        Datatype::Int16,
        k::MPI_INT16_T,
        "MPI_INT16_T",
        2,
        int(true, 2),
    ),
    (
        Datatype::Int32,
        k::MPI_INT32_T,
        "MPI_INT32_T",
        4,
        int(true, 4),
    ),
    (
        Datatype::Int64,
        k::MPI_INT64_T,
        "MPI_INT64_T",
        8,
        int(true, 8),
    ),
    (
        Datatype::Uint8,
        k::MPI_UINT8_T,
        "MPI_UINT8_T",
        1,
        int(false, 1),
    ),
    (
        Datatype::Uint16,
        k::MPI_UINT16_T,
        "MPI_UINT16_T",
        2,
        int(false, 2),
    ),
    (
        Datatype::Uint32,
        k::MPI_UINT32_T,
        "MPI_UINT32_T",
        4,
        int(false, 4),
    ),
    (
        Datatype::Uint64,
        k::MPI_UINT64_T,
        "MPI_UINT64_T",
        8,
        int(false, 8),
    ),
    (Datatype::Aint, k::MPI_AINT, "MPI_AINT", 8, int(true, 8)),
    (
        Datatype::Offset,
        k::MPI_OFFSET,
        "MPI_OFFSET",
        8,
        int(true, 8),
    ),
    (Datatype::Count, k::MPI_COUNT, "MPI_COUNT", 8, int(true, 8)),
    (
        Datatype::FloatInt,
        k::MPI_FLOAT_INT,
        "MPI_FLOAT_INT",
        8,
        Class::Pair {
            value: Num::Float,
            index_at: 4,
        },
    ),
    (
        Datatype::DoubleInt,
        k::MPI_DOUBLE_INT,
        "MPI_DOUBLE_INT",
        16,
        Class::Pair {
            value: Num::Double,
            index_at: 8,
        },
    ),
    (
        Datatype::LongInt,
        k::MPI_LONG_INT,
        "MPI_LONG_INT",
        16,
        Class::Pair {
            value: Num::Int {
                signed: true,
                bytes: 8,
            },
            index_at: 8,
        },
    ),
    (
        Datatype::ShortInt,
        k::MPI_SHORT_INT,
        "MPI_SHORT_INT",
        8,
        Class::Pair {
            value: Num::Int {
                signed: true,
                bytes: 2,
            },
            index_at: 4,
        },
    ),
    (
        Datatype::TwoInt,
        k::MPI_2INT,
        "MPI_2INT",
        8,
        Class::Pair {
            value: Num::Int {
                signed: true,
                bytes: 4,
            },
            index_at: 4,
        },
    ),
    (Datatype::Packed, k::MPI_PACKED, "MPI_PACKED", 1, opaque(1)),
    (Datatype::Wchar, k::MPI_WCHAR, "MPI_WCHAR", 4, opaque(4)),
    (
        Datatype::CxxBool,
        k::MPI_CXX_BOOL,
        "MPI_CXX_BOOL",
        1,
        Class::Num(Num::Bool),
    ),
    (
        Datatype::LongDouble,
        k::MPI_LONG_DOUBLE,
        "MPI_LONG_DOUBLE",
        16,
        opaque(16),
    ),
    (
        Datatype::LongDoubleInt,
        k::MPI_LONG_DOUBLE_INT,
        "MPI_LONG_DOUBLE_INT",
        32,
        Class::Pair {
            value: Num::Opaque { bytes: 16 },
            index_at: 16,
        },
    ),
    (
        Datatype::CFloatComplex,
        k::MPI_C_FLOAT_COMPLEX,
        "MPI_C_COMPLEX",
        8,
        opaque(8),
    ),
    (
        Datatype::CDoubleComplex,
        k::MPI_C_DOUBLE_COMPLEX,
        "MPI_C_DOUBLE_COMPLEX",
        16,
        opaque(16),
    ),
    (
        Datatype::CLongDoubleComplex,
        k::MPI_C_LONG_DOUBLE_COMPLEX,
        "MPI_C_LONG_DOUBLE_COMPLEX",
        32,
        opaque(32),
    ),
    (
        Datatype::CxxFloatComplex,
        k::MPI_CXX_FLOAT_COMPLEX,
        "MPI_CXX_FLOAT_COMPLEX",
        8,
        opaque(8),
    ),
    (
        Datatype::CxxDoubleComplex,
        k::MPI_CXX_DOUBLE_COMPLEX,
        "MPI_CXX_DOUBLE_COMPLEX",
        16,
        opaque(16),
    ),
    (
        Datatype::CxxLongDoubleComplex,
        k::MPI_CXX_LONG_DOUBLE_COMPLEX,
        "MPI_CXX_LONG_DOUBLE_COMPLEX",
        32,
        opaque(32),
    ),
    (Datatype::Lb, k::MPI_LB, "MPI_LB", 0, opaque(0)),
    (Datatype::Ub, k::MPI_UB, "MPI_UB", 0, opaque(0)),
];

impl Datatype {
    /// Its row of [`TYPES`].
    fn row(self) -> &'static (Datatype, i32, &'static str, u32, Class) {
        TYPES.iter().find(|row| row.0 == self).unwrap_or(&TYPES[0])
    }

    /// Decodes a datatype handle.
    pub fn from_handle(handle: i64) -> Result<Datatype, ErrorKind> {
        let h = i32::try_from(handle).map_err(|_| ErrorKind::UnknownDatatype(handle))?;
        if super::derived::is_derived(handle) {
            return Err(ErrorKind::DerivedNotSupported(handle));
        }
        TYPES
            .iter()
            .find(|row| row.1 == h)
            .map(|row| row.0)
            .ok_or(ErrorKind::UnknownDatatype(handle))
    }

    /// Its handle.
    pub fn handle(self) -> i32 {
        self.row().1
    }

    /// Bytes one element spans in memory (its extent; a message carries these bytes).
    pub fn size(self) -> u32 {
        self.row().3
    }

    /// `MPI_Type_size`: bytes of data in one element (a pair's padding excluded).
    pub fn data_size(self) -> u32 {
        match self.class() {
            Class::Num(n) => n.size(),
            Class::Pair { value, .. } => value.size() + 4,
        }
    }

    /// Whether its extent holds padding that is not data (`MPI_DOUBLE_INT`, `MPI_LONG_INT`,
    /// `MPI_SHORT_INT`, `MPI_LONG_DOUBLE_INT`): a message carries its data packed, without the
    /// padding. Asked on every send, so named rather than looked up (a test checks it against the
    /// sizes).
    pub fn padded(self) -> bool {
        matches!(
            self,
            Datatype::DoubleInt | Datatype::LongInt | Datatype::ShortInt | Datatype::LongDoubleInt
        )
    }

    /// Bytes of one in `MPI_Pack_external`'s external32 representation (the MPI standard's table,
    /// as MPICH 4.0.2 gives them: `long` is 4 bytes there, `long double` a 16-byte IEEE quad);
    /// `None` for `wchar_t` and the pairs, which MPICH 4.0.2 cannot pack to external32 (it
    /// stops on an assertion).
    pub fn external32_size(self) -> Option<u32> {
        match self {
            Datatype::Long | Datatype::UnsignedLong => Some(4),
            Datatype::Wchar => None,
            d if matches!(d.class(), Class::Pair { .. }) => None,
            d => Some(d.size()),
        }
    }

    /// Whether external32 writes one as its own bytes reversed (big-endian, same size).
    pub fn plain32(self) -> bool {
        matches!(self.class(), Class::Num(n) if !matches!(n, Num::Opaque { .. }))
            && self.external32_size() == Some(self.size())
            || matches!(self, Datatype::Packed | Datatype::Lb | Datatype::Ub)
    }

    /// Basic elements in one (`MPI_Get_elements`): 2 in a pair, else 1.
    pub fn basic_elements(self) -> u32 {
        match self.class() {
            Class::Num(_) => 1,
            Class::Pair { .. } => 2,
        }
    }

    /// What one element is.
    pub fn class(self) -> Class {
        self.row().4
    }

    /// The constant's name.
    pub fn name(self) -> &'static str {
        self.row().2
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
            Datatype::from_handle(i64::from(k::MPI_DOUBLE)),
            Ok(Datatype::Double)
        );
        assert_eq!(Datatype::Double.size(), 8);
        assert!(Datatype::from_handle(i64::from(k::MPI_SUM)).is_err());
        assert_eq!(
            Datatype::from_handle(i64::from(k::MPI_LONG_DOUBLE)),
            Ok(Datatype::LongDouble)
        );
        assert_eq!(Datatype::LongDoubleInt.data_size(), 20);
        assert_eq!(Datatype::CDoubleComplex.data_size(), 16);
        assert!(check_comm(7).is_err());
        for row in TYPES {
            assert_eq!(Datatype::from_handle(i64::from(row.1)), Ok(row.0));
            assert_eq!(row.0.handle(), row.1);
            assert!(row.0.data_size() <= row.0.size());
        }
    }

    #[test]
    fn the_padded_types_are_those_with_padding() {
        for row in TYPES {
            assert_eq!(
                row.0.padded(),
                row.0.data_size() < row.0.size(),
                "{}",
                row.0
            );
        }
    }

    #[test]
    fn pairs_have_mpich_layouts() {
        let layout = |d: Datatype| (d.size(), d.data_size());
        assert_eq!(layout(Datatype::FloatInt), (8, 8));
        assert_eq!(layout(Datatype::DoubleInt), (16, 12));
        assert_eq!(layout(Datatype::LongInt), (16, 12));
        assert_eq!(layout(Datatype::ShortInt), (8, 6));
        assert_eq!(layout(Datatype::TwoInt), (8, 8));
        assert_eq!(Datatype::DoubleInt.basic_elements(), 2);
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
}
