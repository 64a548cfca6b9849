//! Packing: `MPI_Pack`, `MPI_Unpack` and `MPI_Pack_size` (the data of any datatype as a
//! contiguous run of bytes at a position of a user buffer, which then travels as `MPI_PACKED`),
//! and `MPI_Pack_external`, `MPI_Unpack_external`, `MPI_Pack_external_size` (the same in the MPI
//! standard's "external32" representation: big-endian, the standard's sizes).
//!
//! As MPICH 4.0.2 (`MPIR_Pack_impl`, `MPIR_Pack_size`): packed data is the datatype's data bytes
//! in type-map order with no header, so `MPI_Pack_size` is `incount ×` the type's size (a pair's
//! padding left out: `MPI_DOUBLE_INT` packs 12 bytes). MPICH does not check that packed data fits
//! the output buffer (it packs what fits and moves the position past `outsize`) nor that an
//! unpack stays inside its input: Rankscope stops the rank there with both sizes, since the
//! program is erroneous either way. External32 writes `long` as 4 bytes (its low half, as MPICH)
//! and `long double` as an IEEE quad; MPICH 4.0.2 stops on an assertion for `MPI_WCHAR` and the
//! pair types, which Rankscope refuses plainly, as it does a derived datatype holding a `long`,
//! `long double` or complex value (only its basic elements' own bytes, reversed, are written).

use super::datatypes::{read_aint, write_aint};
use super::params::{p, INTP, K};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, MpiFunction};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{read_bytes, read_int, write_bytes, write_int};
use crate::libs::mpi::constants as k;
use crate::libs::mpi::datatype::Datatype;
use crate::libs::mpi::derived::is_derived;
use crate::libs::mpi::errhandler::refused;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::info::read_string;
use crate::libs::mpi::state::MpiState;

/// `MPI_Datatype`.
const TYPE: K = K::Handle(HandleKind::DATATYPE);
/// `MPI_Comm`.
const COMM: K = K::Handle(HandleKind::COMM);
/// `MPI_Aint *`.
const AINTP: K = K::Ptr(BaseType::Long);

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Pack", "Local: copies the data of `incount` elements of the datatype to `outbuf` at `*position` (data bytes in type-map order, as MPICH) and advances the position; data that would not fit in `outsize` bytes stops the rank (MPICH silently packs part).",
        &[
            p("inbuf", K::Buffer),
            p("incount", K::Int),
            p("datatype", TYPE),
            p("outbuf", K::Buffer),
            p("outsize", K::Int),
            p("position", INTP),
            p("comm", COMM),
        ],
        |s, a, mem, ctx| {
            s.comm(a.int(6), ctx)?;
            let data = packed(s, mem, a.addr(0), a.int(1), a.int(2))?;
            let pos = read_int(mem, a.addr(5), "the position variable")?;
            let at = place("MPI_Pack", pos.into(), data.len(), a.int(4), "outsize")?;
            write_bytes(mem, offset(a.addr(3), at)?, &data, "the output buffer")?;
            write_int(mem, a.addr(5), end(at, data.len())?, "the position variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Unpack", "Local: copies packed data from `inbuf` at `*position` into `outcount` elements of the datatype and advances the position; reading past `insize` stops the rank (MPICH does not check).",
        &[
            p("inbuf", K::Buffer),
            p("insize", K::Int),
            p("position", INTP),
            p("outbuf", K::Buffer),
            p("outcount", K::Int),
            p("datatype", TYPE),
            p("comm", COMM),
        ],
        |s, a, mem, ctx| {
            s.comm(a.int(6), ctx)?;
            let need = pack_size(s, a.int(4), a.int(5), "outcount")?;
            let pos = read_int(mem, a.addr(2), "the position variable")?;
            let need = usize::try_from(need).map_err(|_| too_large("MPI_Unpack"))?;
            let at = place("MPI_Unpack", pos.into(), need, a.int(1), "insize")?;
            let data = read_bytes(mem, offset(a.addr(0), at)?, need as u32, "the input buffer")?;
            unpacked(s, mem, a.addr(3), a.int(4), a.int(5), &data)?;
            write_int(mem, a.addr(2), end(at, need)?, "the position variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Pack_size", "Local: `incount ×` the datatype's size, as MPICH 4.0.2 (packed data carries no header).",
        &[p("incount", K::Int), p("datatype", TYPE), p("comm", COMM), p("size", INTP)],
        |s, a, mem, ctx| {
            s.comm(a.int(2), ctx)?;
            let size = pack_size(s, a.int(0), a.int(1), "incount")?;
            let size = i32::try_from(size).map_err(|_| too_large("MPI_Pack_size"))?;
            write_int(mem, a.addr(3), size, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Pack_external", "Local: `MPI_Pack` in the \"external32\" representation (big-endian; `long` as 4 bytes, `long double` as an IEEE quad), with an `MPI_Aint` position.",
        &[
            p("datarep", K::Buffer),
            p("inbuf", K::Buffer),
            p("incount", K::Int),
            p("datatype", TYPE),
            p("outbuf", K::Buffer),
            p("outsize", K::Word("MPI_Aint")),
            p("position", AINTP),
        ],
        |s, a, mem, _| {
            datarep(mem, a.addr(0))?;
            let (count, handle) = (a.int(2), a.int(3));
            let form = External::of(s, handle)?;
            let data = packed(s, mem, a.addr(1), count, handle)?;
            let data = form.to_external(&data);
            let pos = read_aint(mem, a.addr(6), "the position variable")?;
            let at = place("MPI_Pack_external", pos, data.len(), a.int(5), "outsize")?;
            write_bytes(mem, offset(a.addr(4), at)?, &data, "the output buffer")?;
            write_aint(mem, a.addr(6), at + data.len() as i64, "the position variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Unpack_external", "Local: `MPI_Unpack` from the \"external32\" representation (a 4-byte `long` sign-extended, as MPICH).",
        &[
            p("datarep", K::Buffer),
            p("inbuf", K::Buffer),
            p("insize", K::Word("MPI_Aint")),
            p("position", AINTP),
            p("outbuf", K::Buffer),
            p("outcount", K::Int),
            p("datatype", TYPE),
        ],
        |s, a, mem, _| {
            datarep(mem, a.addr(0))?;
            let (count, handle) = (a.int(5), a.int(6));
            let form = External::of(s, handle)?;
            let native = pack_size(s, count, handle, "outcount")?;
            let need = form.external_len(native);
            let pos = read_aint(mem, a.addr(3), "the position variable")?;
            let need = usize::try_from(need).map_err(|_| too_large("MPI_Unpack_external"))?;
            let at = place("MPI_Unpack_external", pos, need, a.int(2), "insize")?;
            let data = read_bytes(mem, offset(a.addr(1), at)?, need as u32, "the input buffer")?;
            let data = form.external_to_native(&data);
            unpacked(s, mem, a.addr(4), count, handle, &data)?;
            write_aint(mem, a.addr(3), at + need as i64, "the position variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Pack_external_size", "Local: `incount ×` the datatype's size in \"external32\" (the MPI standard's sizes, as MPICH 4.0.2: `MPI_LONG` is 4 bytes).",
        &[
            p("datarep", K::Buffer),
            p("incount", K::Int),
            p("datatype", TYPE),
            p("size", AINTP),
        ],
        |s, a, mem, _| {
            datarep(mem, a.addr(0))?;
            let form = External::of(s, a.int(2))?;
            let native = pack_size(s, a.int(1), a.int(2), "incount")?;
            write_aint(mem, a.addr(3), form.external_len(native) as i64, "the size variable")?;
            done()
        },
    ),
];

/// A stop for what MPI forbids and MPICH does not detect (no error class: the rank stops).
fn stop(why: String) -> ErrorKind {
    ErrorKind::Pack(why)
}

/// Packed data too large for the 32-bit address space.
fn too_large(call: &str) -> ErrorKind {
    stop(format!(
        "{call}: the packed data would not fit a rank's memory"
    ))
}

/// The address `at` bytes past `base`.
fn offset(base: Addr, at: i64) -> Result<Addr, ErrorKind> {
    u32::try_from(at)
        .ok()
        .and_then(|at| base.checked_add(at))
        .ok_or_else(|| stop(format!("the position {at} is outside a rank's memory")))
}

/// The position after `len` bytes from `at`, as an `int`.
fn end(at: i64, len: usize) -> Result<i32, ErrorKind> {
    i32::try_from(at + len as i64).map_err(|_| too_large("the position"))
}

/// Checks that `len` bytes from position `pos` fit a buffer of `size` bytes; the position.
fn place(call: &str, pos: i64, len: usize, size: i64, what: &str) -> Result<i64, ErrorKind> {
    if size < 0 {
        return Err(refused(
            k::MPI_ERR_ARG,
            format!("{what} is {size}: it must be 0 or more"),
        ));
    }
    if pos < 0 {
        return Err(refused(
            k::MPI_ERR_ARG,
            format!("the position is {pos}: it must be 0 or more"),
        ));
    }
    let past = pos + len as i64;
    if past > size {
        let verb = if call.contains("Unpack") {
            "reads"
        } else {
            "writes"
        };
        return Err(stop(format!(
            "{call} {verb} {len} bytes at position {pos}, past the {size} bytes of the buffer ({what}); MPICH does not check this and goes on with what fits"
        )));
    }
    Ok(pos)
}

/// `MPI_Pack_size`: the data bytes of `count` elements of the datatype `handle`.
fn pack_size(s: &mut MpiState, count: i64, handle: i64, what: &str) -> Result<u64, ErrorKind> {
    let per = if is_derived(handle) {
        s.types().shape(handle, 1, what)?;
        s.types().map(handle)?.size()
    } else {
        u64::from(Datatype::from_handle(handle)?.data_size())
    };
    let count = u64::try_from(count).map_err(|_| ErrorKind::NegativeCount {
        what: what.to_string(),
        count,
    })?;
    Ok(per.saturating_mul(count))
}

/// The packed data of `count` elements of `handle` at `buf`: the data bytes in type-map order
/// (a predefined pair without its padding).
fn packed(
    s: &mut MpiState,
    mem: &Memory,
    buf: Addr,
    count: i64,
    handle: i64,
) -> Result<Vec<u8>, ErrorKind> {
    // A pair's padding is not data: its shape leaves it out (as MPICH packs it).
    s.types()
        .shape(handle, count, "incount")?
        .read(mem, buf, "the input buffer")
}

/// Writes packed `data` (exactly the data of `count` elements) into the buffer at `buf`.
fn unpacked(
    s: &mut MpiState,
    mem: &mut Memory,
    buf: Addr,
    count: i64,
    handle: i64,
    data: &[u8],
) -> Result<(), ErrorKind> {
    // A pair's padding in the buffer is left as it was (its shape writes the data only).
    let shape = s.types().shape(handle, count, "outcount")?;
    shape.write(mem, buf, data, "the output buffer")
}

/// Checks `datarep`: "external32" is the one representation MPI defines.
fn datarep(mem: &Memory, addr: Addr) -> Result<(), ErrorKind> {
    let rep = read_string(mem, addr, 64, "datarep")?;
    if rep == "external32" {
        Ok(())
    } else {
        Err(stop(format!(
            "datarep \"{rep}\": the MPI standard defines only \"external32\" (MPICH packs external32 whatever the name)"
        )))
    }
}

/// How a datatype's packed data becomes external32 and back.
#[derive(Clone, Debug)]
enum External {
    /// Each basic element's bytes reversed; the sizes of the elements in order (run-length).
    Reversed(Vec<(u32, u64)>),
    /// `long`/`unsigned long`: the low 4 bytes, big-endian (sign- or zero-extended back).
    Long {
        /// `long` (else `unsigned long`).
        signed: bool,
    },
    /// `long double` (or each part of its complex form): x87 extended as an IEEE quad.
    LongDouble,
    /// A complex type: `parts` of `bytes` each, each reversed.
    Complex {
        /// Bytes of each part.
        bytes: usize,
    },
}

impl External {
    /// The external32 form of the datatype `handle` (an error for what has none).
    fn of(s: &mut MpiState, handle: i64) -> Result<External, ErrorKind> {
        if is_derived(handle) {
            let map = s.types().map(handle)?;
            if !map.plain32() {
                return Err(stop(
                    "Rankscope packs to external32 a derived datatype only of basic types whose external32 form is their own bytes (no MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_DOUBLE, complex or pair types inside); pack those with a predefined datatype".to_string(),
                ));
            }
            return Ok(External::Reversed(map.units().collect()));
        }
        let d = Datatype::from_handle(handle)?;
        Ok(match d {
            Datatype::Long => External::Long { signed: true },
            Datatype::UnsignedLong => External::Long { signed: false },
            Datatype::LongDouble => External::LongDouble,
            Datatype::CLongDoubleComplex | Datatype::CxxLongDoubleComplex => External::LongDouble,
            Datatype::CFloatComplex | Datatype::CxxFloatComplex => External::Complex { bytes: 4 },
            Datatype::CDoubleComplex | Datatype::CxxDoubleComplex => {
                External::Complex { bytes: 8 }
            }
            d if d.external32_size().is_none() => {
                return Err(stop(format!(
                    "{d} has no external32 form Rankscope packs (MPICH 4.0.2 stops on an assertion for it)"
                )))
            }
            d => External::Reversed(vec![(d.size(), 1)]),
        })
    }

    /// Bytes in external32 of `native` packed bytes.
    fn external_len(&self, native: u64) -> u64 {
        match self {
            External::Long { .. } => native / 2,
            _ => native,
        }
    }

    /// Native packed data to external32.
    fn to_external(&self, data: &[u8]) -> Vec<u8> {
        match self {
            External::Reversed(units) => reverse_units(units, data),
            External::Long { .. } => data
                .chunks_exact(8)
                .flat_map(|l| l[..4].iter().rev())
                .copied()
                .collect(),
            External::LongDouble => data.chunks_exact(16).flat_map(quad_of).collect(),
            External::Complex { bytes } => reverse_units(&[(*bytes as u32, u64::MAX)], data),
        }
    }

    /// External32 data to native packed data.
    fn external_to_native(&self, data: &[u8]) -> Vec<u8> {
        match self {
            External::Reversed(units) => reverse_units(units, data),
            External::Long { signed } => data
                .chunks_exact(4)
                .flat_map(|b| {
                    let v = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
                    let wide = if *signed {
                        i64::from(v as i32) as u64
                    } else {
                        u64::from(v)
                    };
                    wide.to_le_bytes()
                })
                .collect(),
            External::LongDouble => data.chunks_exact(16).flat_map(extended_of).collect(),
            External::Complex { bytes } => reverse_units(&[(*bytes as u32, u64::MAX)], data),
        }
    }
}

/// Reverses the bytes of each unit: the units' sizes cycle over `units` (one element's
/// signature) until `data` ends.
fn reverse_units(units: &[(u32, u64)], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut rest = data;
    'all: while !rest.is_empty() {
        let before = rest.len();
        for &(size, n) in units {
            let size = size as usize;
            if size == 0 {
                continue;
            }
            let mut left = n;
            while left > 0 && rest.len() >= size {
                out.extend(rest[..size].iter().rev());
                rest = &rest[size..];
                left -= 1;
            }
            if rest.is_empty() {
                break 'all;
            }
        }
        if rest.len() == before {
            out.extend_from_slice(rest);
            break;
        }
    }
    out
}

/// An x87 80-bit extended value (in 16 bytes) as a big-endian IEEE binary128.
fn quad_of(x: &[u8]) -> [u8; 16] {
    let mut m = [0u8; 8];
    m.copy_from_slice(&x[..8]);
    let mantissa = u64::from_le_bytes(m);
    let sign_exp = u128::from(u16::from_le_bytes([x[8], x[9]]));
    let fraction = u128::from(mantissa & !(1 << 63)) << 49;
    ((sign_exp << 112) | fraction).to_be_bytes()
}

/// A big-endian IEEE binary128 as an x87 80-bit extended value in 16 bytes (the fraction's
/// low 49 bits dropped; the padding zero).
fn extended_of(q: &[u8]) -> [u8; 16] {
    let mut b = [0u8; 16];
    b.copy_from_slice(&q[..16]);
    let v = u128::from_be_bytes(b);
    let sign_exp = (v >> 112) as u16;
    let integer = if sign_exp & 0x7fff == 0 {
        0
    } else {
        1u64 << 63
    };
    let mantissa = integer | ((v >> 49) as u64 & !(1 << 63));
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&mantissa.to_le_bytes());
    out[8..10].copy_from_slice(&sign_exp.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_double_becomes_an_ieee_quad_and_back() {
        // 1.5L in x87 extended: integer bit and the first fraction bit, exponent 0x3fff.
        let mut x = [0u8; 16];
        x[..8].copy_from_slice(&0xc000_0000_0000_0000u64.to_le_bytes());
        x[8..10].copy_from_slice(&0x3fffu16.to_le_bytes());
        let q = quad_of(&x);
        assert_eq!(q[..4], [0x3f, 0xff, 0x80, 0x00]);
        assert!(q[4..].iter().all(|&b| b == 0));
        assert_eq!(extended_of(&q), x);
    }

    #[test]
    fn units_reverse_in_type_map_order() {
        // { int, double } twice.
        let units = [(4, 1), (8, 1)];
        let data: Vec<u8> = (0..24).collect();
        let out = reverse_units(&units, &data);
        assert_eq!(out[..4], [3, 2, 1, 0]);
        assert_eq!(out[4..12], [11, 10, 9, 8, 7, 6, 5, 4]);
        assert_eq!(out[12..16], [15, 14, 13, 12]);
        assert_eq!(reverse_units(&units, &out), data);
    }

    #[test]
    fn longs_are_four_bytes_in_external32() {
        let form = External::Long { signed: true };
        let data = [
            0x1122_3344_5566_7788i64.to_le_bytes(),
            (-2i64).to_le_bytes(),
        ]
        .concat();
        let ext = form.to_external(&data);
        assert_eq!(ext, [0x55, 0x66, 0x77, 0x88, 0xff, 0xff, 0xff, 0xfe]);
        let back = form.external_to_native(&ext);
        assert_eq!(back[..8], 0x5566_7788i64.to_le_bytes());
        assert_eq!(back[8..], (-2i64).to_le_bytes());
        assert_eq!(form.external_len(16), 8);
    }
}
