//! Reading and writing the rank's memory on behalf of MPI calls: buffers, `int` arguments,
//! array elements and statuses. Zero-length buffers are never touched (so `NULL` with count 0 is
//! fine, as in C MPI); every other access is checked and reported with the argument's name.

use super::constants::{MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_IN_PLACE, MPI_SUCCESS};
use super::error::ErrorKind;
use crate::lang::vm::memory::{
    Addr, MemError, Memory, STATUS_COUNT, STATUS_COUNT_HI, STATUS_ERROR, STATUS_SIZE,
    STATUS_SOURCE, STATUS_TAG,
};

/// `MPI_IN_PLACE` as an address: a call that accepts it tests for it before touching memory;
/// everywhere else it is an error naming the argument.
pub(super) const IN_PLACE: Addr = MPI_IN_PLACE as Addr;

/// The error for `MPI_IN_PLACE` given as `what` where it is not allowed.
fn not_in_place(addr: Addr, what: &'static str) -> Result<(), ErrorKind> {
    if addr == IN_PLACE {
        return Err(ErrorKind::InPlace { what });
    }
    Ok(())
}

/// Reads `len` bytes at `addr` (nothing for `len == 0`).
pub(super) fn read_bytes(
    mem: &Memory,
    addr: Addr,
    len: u32,
    what: &'static str,
) -> Result<Vec<u8>, ErrorKind> {
    if len == 0 {
        return Ok(Vec::new());
    }
    not_in_place(addr, what)?;
    mem.read(addr, len)
        .map(<[u8]>::to_vec)
        .map_err(|error| ErrorKind::Memory { what, error })
}

/// Checks that `len` bytes at `addr` exist (a receive buffer, before anything arrives).
pub(super) fn check_bytes(
    mem: &Memory,
    addr: Addr,
    len: u32,
    what: &'static str,
) -> Result<(), ErrorKind> {
    if len == 0 {
        return Ok(());
    }
    not_in_place(addr, what)?;
    mem.read(addr, len)
        .map(|_| ())
        .map_err(|error| ErrorKind::Memory { what, error })
}

/// Writes `data` at `addr` (nothing for empty data).
pub(super) fn write_bytes(
    mem: &mut Memory,
    addr: Addr,
    data: &[u8],
    what: &'static str,
) -> Result<(), ErrorKind> {
    if data.is_empty() {
        return Ok(());
    }
    not_in_place(addr, what)?;
    mem.write(addr, data)
        .map_err(|error| ErrorKind::Memory { what, error })
}

/// Reads an `int` argument (a request handle, a count-array entry, …).
pub(super) fn read_int(mem: &Memory, addr: Addr, what: &'static str) -> Result<i32, ErrorKind> {
    mem.read_i32(addr)
        .map_err(|error| ErrorKind::Memory { what, error })
}

/// Writes an `int` result.
pub(super) fn write_int(
    mem: &mut Memory,
    addr: Addr,
    value: i32,
    what: &'static str,
) -> Result<(), ErrorKind> {
    mem.write_i32(addr, value)
        .map_err(|error| ErrorKind::Memory { what, error })
}

/// The address of element `index` of size `size` in an array at `base` (negative indices allowed
/// as long as the address stays in memory: `MPI_Alltoallv` displacements).
pub(super) fn element(
    mem: &Memory,
    base: Addr,
    index: i64,
    size: u32,
    what: &'static str,
) -> Result<Addr, ErrorKind> {
    index
        .checked_mul(i64::from(size))
        .and_then(|off| i64::from(base).checked_add(off))
        .and_then(|a| Addr::try_from(a).ok())
        .ok_or(ErrorKind::Memory {
            what,
            error: MemError::OutOfBounds {
                addr: base,
                len: size,
                top: mem.top(),
            },
        })
}

/// Reads `int array[size]` at `base` (counts, displacements, ranks, dimensions).
pub(super) fn read_ints(
    mem: &Memory,
    base: Addr,
    size: u32,
    what: &'static str,
) -> Result<Vec<i64>, ErrorKind> {
    (0..size)
        .map(|i| {
            let at = element(mem, base, i64::from(i), 4, what)?;
            read_int(mem, at, what).map(i64::from)
        })
        .collect()
}

/// Writes `values` to the `int` array at `base`.
pub(super) fn write_ints(
    mem: &mut Memory,
    base: Addr,
    values: &[i32],
    what: &'static str,
) -> Result<(), ErrorKind> {
    for (i, &v) in values.iter().enumerate() {
        let at = element(mem, base, i as i64, 4, what)?;
        write_int(mem, at, v, what)?;
    }
    Ok(())
}

/// A status as MPI reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct StatusFields {
    /// `MPI_SOURCE`.
    pub source: i32,
    /// `MPI_TAG`.
    pub tag: i32,
    /// Bytes received (read back by `MPI_Get_count`).
    pub bytes: u64,
}

impl StatusFields {
    /// The empty status of a null or inactive request, or of a send: any source, any tag, 0
    /// bytes.
    pub const EMPTY: StatusFields = StatusFields {
        source: MPI_ANY_SOURCE,
        tag: MPI_ANY_TAG,
        bytes: 0,
    };

    /// What MPICH 4.0.2's `MPI_Isendrecv` request reports once complete (measured): source 0,
    /// tag 0, 0 bytes — not its receive's status.
    pub const ISENDRECV: StatusFields = StatusFields {
        source: 0,
        tag: 0,
        bytes: 0,
    };
}

/// Fills the status at `addr` (nothing for `MPI_STATUS_IGNORE`, address 0); `MPI_ERROR` is
/// `MPI_SUCCESS`.
pub(super) fn write_status(
    mem: &mut Memory,
    addr: Addr,
    status: StatusFields,
) -> Result<(), ErrorKind> {
    if addr == 0 {
        return Ok(());
    }
    let mut bytes = [0u8; STATUS_SIZE as usize];
    let (lo, hi) = count_words(status.bytes);
    for (offset, value) in [
        (STATUS_COUNT, lo),
        (STATUS_COUNT_HI, hi),
        (STATUS_SOURCE, status.source),
        (STATUS_TAG, status.tag),
        (STATUS_ERROR, MPI_SUCCESS),
    ] {
        let o = offset as usize;
        bytes[o..o + 4].copy_from_slice(&value.to_le_bytes());
    }
    mem.write(addr, &bytes).map_err(|error| ErrorKind::Memory {
        what: "the status",
        error,
    })
}

/// A byte count as a status holds it: `count_lo` and `count_hi_and_cancelled` (not cancelled).
fn count_words(bytes: u64) -> (i32, i32) {
    let bytes = bytes.min(i64::MAX as u64);
    (
        (bytes & 0xffff_ffff) as u32 as i32,
        ((bytes >> 32) << 1) as u32 as i32,
    )
}

/// The byte count a status at `addr` holds (`MPI_Get_count`, `MPI_Get_elements`).
pub(super) fn status_bytes(mem: &Memory, addr: Addr) -> Result<u64, ErrorKind> {
    let lo = read_int(mem, addr.saturating_add(STATUS_COUNT), "the status")? as u32;
    let hi = read_int(mem, addr.saturating_add(STATUS_COUNT_HI), "the status")? as u32;
    Ok(u64::from(lo) | (u64::from(hi >> 1) << 32))
}

/// Sets the byte count of the status at `addr`, keeping its cancelled bit
/// (`MPI_Status_set_elements`).
pub(super) fn set_status_bytes(mem: &mut Memory, addr: Addr, bytes: u64) -> Result<(), ErrorKind> {
    let cancelled = status_cancelled(mem, addr)?;
    let (lo, hi) = count_words(bytes);
    write_int(mem, addr.saturating_add(STATUS_COUNT), lo, "the status")?;
    write_int(
        mem,
        addr.saturating_add(STATUS_COUNT_HI),
        hi | i32::from(cancelled),
        "the status",
    )
}

/// Whether the status at `addr` says its request was cancelled (`MPI_Test_cancelled`).
pub(super) fn status_cancelled(mem: &Memory, addr: Addr) -> Result<bool, ErrorKind> {
    Ok(read_int(mem, addr.saturating_add(STATUS_COUNT_HI), "the status")? & 1 == 1)
}

/// Sets or clears the cancelled bit of the status at `addr` (nothing for `MPI_STATUS_IGNORE`).
pub(super) fn set_status_cancelled(
    mem: &mut Memory,
    addr: Addr,
    cancelled: bool,
) -> Result<(), ErrorKind> {
    if addr == 0 {
        return Ok(());
    }
    let hi = read_int(mem, addr.saturating_add(STATUS_COUNT_HI), "the status")?;
    write_int(
        mem,
        addr.saturating_add(STATUS_COUNT_HI),
        (hi & !1) | i32::from(cancelled),
        "the status",
    )
}

/// The address of status `index` in a status array (0 if the array is `MPI_STATUSES_IGNORE`).
pub(super) fn status_at(mem: &Memory, statuses: Addr, index: u32) -> Result<Addr, ErrorKind> {
    if statuses == 0 {
        return Ok(0);
    }
    element(
        mem,
        statuses,
        i64::from(index),
        STATUS_SIZE,
        "the status array",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_use_the_memory_layout() {
        let mut m = Memory::new(256);
        let s = m.alloc(STATUS_SIZE, 4).unwrap();
        write_status(
            &mut m,
            s,
            StatusFields {
                source: 2,
                tag: 9,
                bytes: 24,
            },
        )
        .unwrap();
        assert_eq!(m.read_i32(s + STATUS_SOURCE).unwrap(), 2);
        assert_eq!(m.read_i32(s + STATUS_TAG).unwrap(), 9);
        assert_eq!(m.read_i32(s + STATUS_COUNT).unwrap(), 24);
        write_status(&mut m, 0, StatusFields::EMPTY).unwrap();
    }

    #[test]
    fn empty_buffers_are_never_touched_and_bad_ones_are_named() {
        let mut m = Memory::new(256);
        assert_eq!(read_bytes(&m, 0, 0, "the send buffer"), Ok(Vec::new()));
        write_bytes(&mut m, 0, &[], "the receive buffer").unwrap();
        let e = read_bytes(&m, 0, 4, "the send buffer").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the send buffer: null pointer dereference (address 0)"
        );
        assert!(element(&m, 20, -100, 4, "x").is_err());
        assert_eq!(element(&m, 20, 3, 4, "x"), Ok(32));
    }
}
