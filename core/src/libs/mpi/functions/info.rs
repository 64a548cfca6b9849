//! Info objects: `MPI_Info_create`, `_create_env`, `_set`, `_get`, `_get_string`,
//! `_get_valuelen`, `_get_nkeys`, `_get_nthkey`, `_delete`, `_dup`, `_free` (callable before
//! `MPI_Init` and after `MPI_Finalize`, as in MPICH), and the hints of communicators and windows
//! (`MPI_Comm_set_info`/`_get_info`, `MPI_Win_set_info`/`_get_info`). The objects are
//! `info.rs`'s.

use super::params::{p, INTP, K};
use crate::engine::RankCtx;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{read_int, write_bytes, write_int};
use crate::libs::mpi::constants::{self as k, MPI_INFO_NULL};
use crate::libs::mpi::errhandler::refused;
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::info::{
    check_key, hints, merge_hints, read_string, Infos, COMM_HINTS, WIN_HINTS,
};
use crate::libs::mpi::rma_error::RmaError;
use crate::libs::mpi::state::MpiState;

/// `MPI_Info info`.
const INFO: K = K::Handle(HandleKind::INFO);
/// `MPI_Info *`.
const INFOP: K = K::Ptr(BaseType::Handle(HandleKind::INFO));

/// Longest string read as a key or value (longer keys and values are refused by their checks).
const READ_MAX: u32 = 1 << 16;

/// The rank's info objects.
fn infos(s: &mut MpiState) -> &mut Infos {
    &mut s.errinfo().infos
}

/// The key argument `n`, checked.
fn key(mem: &Memory, a: &Args<'_>, n: usize) -> Result<String, ErrorKind> {
    let key = read_string(mem, a.addr(n), READ_MAX, "the key")?;
    check_key(&key)?;
    Ok(key)
}

/// The value of `key` in info `handle`, if it has one.
fn lookup(s: &mut MpiState, handle: i64, key: &str) -> Result<Option<String>, ErrorKind> {
    let pairs = infos(s).get(handle)?;
    Ok(pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
}

/// Writes `text` and a NUL at argument `n`.
fn write_text(
    mem: &mut Memory,
    a: &Args<'_>,
    n: usize,
    text: &[u8],
    what: &'static str,
) -> Result<(), ErrorKind> {
    let mut bytes = text.to_vec();
    bytes.push(0);
    write_bytes(mem, a.addr(n), &bytes, what)
}

/// A new info object holding `pairs`, its handle written at argument `n`.
fn new_info(
    s: &mut MpiState,
    mem: &mut Memory,
    a: &Args<'_>,
    n: usize,
    pairs: Vec<(String, String)>,
) -> Result<Started, ErrorKind> {
    let h = infos(s).create(pairs)?;
    write_int(mem, a.addr(n), h, "the info variable")?;
    done()
}

/// The handle of live window `handle` (checked).
fn window(s: &MpiState, handle: i64) -> Result<i32, ErrorKind> {
    let windows = s
        .windows
        .as_deref()
        .ok_or(ErrorKind::Rma(RmaError::InvalidWindow(handle)))?;
    let number = windows.number(handle)?;
    windows.get(number)?;
    Ok(handle as i32)
}

/// The pairs of info argument `n` (none for `MPI_INFO_NULL`), for the hints calls.
fn given(s: &mut MpiState, a: &Args<'_>, n: usize) -> Result<Vec<(String, String)>, ErrorKind> {
    if a.int(n) == i64::from(MPI_INFO_NULL) {
        return Ok(Vec::new());
    }
    Ok(infos(s).get(a.int(n))?.to_vec())
}

fn comm_handle(s: &MpiState, a: &Args<'_>, ctx: &RankCtx<'_>) -> Result<i32, ErrorKind> {
    Ok(s.comm(a.int(0), ctx)?.handle)
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Info_create", "Local: a new empty info object (callable before `MPI_Init` and after `MPI_Finalize`, as in MPICH); handles as MPICH's, freed ones reused.",
        &[p("info", INFOP)],
        |s, a, mem, _| new_info(s, mem, a, 0, Vec::new()),
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_create_env", "Local: a new info object with `MPI_INFO_ENV`'s keys — none, as under Debian's `mpiexec`.",
        &[p("argc", K::Int), p("argv", K::Buffer), p("info", INFOP)],
        |s, a, mem, _| {
            let pairs = infos(s).get(i64::from(k::MPI_INFO_ENV))?.to_vec();
            new_info(s, mem, a, 2, pairs)
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_set", "Local: sets a key's value (a new key goes last; a key set again keeps its place, as in MPICH).",
        &[p("info", INFO), p("key", K::Buffer), p("value", K::Buffer)],
        |s, a, mem, _| {
            let key = key(mem, a, 1)?;
            let value = read_string(mem, a.addr(2), READ_MAX, "the value")?;
            infos(s).set(a.int(0), key, value)?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_get", "Local: a key's value, at most `valuelen` characters and a NUL; a longer value is cut and the call fails with `MPI_ERR_INFO_VALUE`, as MPICH's does.",
        &[p("info", INFO), p("key", K::Buffer), p("valuelen", K::Int), p("value", K::Buffer), p("flag", INTP)],
        |s, a, mem, _| {
            let key = key(mem, a, 1)?;
            let valuelen = a.int(2);
            if valuelen < 0 {
                return Err(refused(k::MPI_ERR_ARG, format!("valuelen is {valuelen}: it must be 0 or more")));
            }
            let Some(value) = lookup(s, a.int(0), &key)? else {
                write_int(mem, a.addr(4), 0, "the flag")?;
                return done();
            };
            write_int(mem, a.addr(4), 1, "the flag")?;
            let n = value.len().min(valuelen as usize);
            write_text(mem, a, 3, &value.as_bytes()[..n], "the value buffer")?;
            if value.len() > n {
                return Err(refused(k::MPI_ERR_INFO_VALUE, format!("the value of \"{key}\" has {} characters, more than valuelen ({valuelen})", value.len())));
            }
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_get_string", "Local: a key's value cut to `*buflen` bytes with its NUL; `*buflen` becomes the value's length plus one (MPI 4.0, in MPICH 4.0.2).",
        &[p("info", INFO), p("key", K::Buffer), p("buflen", INTP), p("value", K::Buffer), p("flag", INTP)],
        |s, a, mem, _| {
            let key = key(mem, a, 1)?;
            let buflen = read_int(mem, a.addr(2), "the buflen variable")?;
            let Some(value) = lookup(s, a.int(0), &key)? else {
                write_int(mem, a.addr(4), 0, "the flag")?;
                return done();
            };
            if buflen > 0 {
                let n = value.len().min(buflen as usize - 1);
                write_text(mem, a, 3, &value.as_bytes()[..n], "the value buffer")?;
            }
            write_int(mem, a.addr(2), value.len() as i32 + 1, "the buflen variable")?;
            write_int(mem, a.addr(4), 1, "the flag")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_get_valuelen", "Local: the length of a key's value (without its NUL).",
        &[p("info", INFO), p("key", K::Buffer), p("valuelen", INTP), p("flag", INTP)],
        |s, a, mem, _| {
            let key = key(mem, a, 1)?;
            match lookup(s, a.int(0), &key)? {
                Some(value) => {
                    write_int(mem, a.addr(2), value.len() as i32, "the valuelen variable")?;
                    write_int(mem, a.addr(3), 1, "the flag")?;
                }
                None => write_int(mem, a.addr(3), 0, "the flag")?,
            }
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_get_nkeys", "Local: how many keys the object holds.",
        &[p("info", INFO), p("nkeys", INTP)],
        |s, a, mem, _| {
            let n = infos(s).get(a.int(0))?.len();
            write_int(mem, a.addr(1), n as i32, "the nkeys variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_get_nthkey", "Local: the n-th key, in the order keys were first set.",
        &[p("info", INFO), p("n", K::Int), p("key", K::Buffer)],
        |s, a, mem, _| {
            let pairs = infos(s).get(a.int(0))?;
            let n = a.int(1);
            let key = usize::try_from(n).ok().and_then(|i| pairs.get(i)).map(|(k, _)| k.clone());
            let Some(key) = key else {
                return Err(refused(k::MPI_ERR_ARG, format!("key number {n} does not exist: the object holds {} keys", pairs.len())));
            };
            write_text(mem, a, 2, key.as_bytes(), "the key buffer")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_delete", "Local: removes a key (`MPI_ERR_INFO_NOKEY` if it is not there).",
        &[p("info", INFO), p("key", K::Buffer)],
        |s, a, mem, _| {
            let key = key(mem, a, 1)?;
            infos(s).delete(a.int(0), &key)?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_dup", "Local: a new object with the same keys in the same order.",
        &[p("info", INFO), p("newinfo", INFOP)],
        |s, a, mem, _| {
            let pairs = infos(s).get(a.int(0))?.to_vec();
            new_info(s, mem, a, 1, pairs)
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Info_free", "Local: frees the object and sets the handle to `MPI_INFO_NULL`.",
        &[p("info", INFOP)],
        |s, a, mem, _| {
            let h = read_int(mem, a.addr(0), "the info variable")?;
            infos(s).free(i64::from(h))?;
            write_int(mem, a.addr(0), MPI_INFO_NULL, "the info variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Comm_set_info", "Local: keeps the hints MPICH knows for communicators (`mpi_assert_no_any_tag`, …); the others are ignored, as MPICH ignores them. Rankscope's matching does not change with them.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("info", INFO)],
        |s, a, _, ctx| {
            let c = comm_handle(s, a, ctx)?;
            let pairs = given(s, a, 1)?;
            let set = infos(s).comm_hints.entry(c).or_default();
            merge_hints(COMM_HINTS, set, &pairs);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_get_info", "Local: a new info object with the communicator's hints — MPICH 4.0.2's ten, with its default values unless set.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("info_used", INFOP)],
        |s, a, mem, ctx| {
            let c = comm_handle(s, a, ctx)?;
            let pairs = hints(COMM_HINTS, infos(s).comm_hints.get(&c));
            new_info(s, mem, a, 1, pairs)
        },
    ),
    MpiFunction::new(
        "MPI_Win_set_info", "Local: keeps the hints MPICH knows for windows (`no_locks`, `accumulate_ordering`, …); the others are ignored, as MPICH ignores them. Rankscope's one-sided calls do not change with them.",
        &[p("win", K::Handle(HandleKind::WIN)), p("info", INFO)],
        |s, a, _, _| {
            let w = window(s, a.int(0))?;
            let pairs = given(s, a, 1)?;
            let set = infos(s).win_hints.entry(w).or_default();
            merge_hints(WIN_HINTS, set, &pairs);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_get_info", "Local: a new info object with the window's hints — MPICH 4.0.2's thirteen, with its default values (`alloc_shm` false for the program's own memory, as MPICH) unless given at the window's creation or by `MPI_Win_set_info`.",
        &[p("win", K::Handle(HandleKind::WIN)), p("info_used", INFOP)],
        |s, a, mem, _| {
            let w = window(s, a.int(0))?;
            let mut pairs = hints(WIN_HINTS, infos(s).win_hints.get(&w));
            // MPICH reports `alloc_shm` true by default for a window whose memory it
            // allocated (`MPI_Win_allocate`), false for the program's own (`MPI_Win_create`).
            let allocated = s
                .windows
                .as_deref()
                .and_then(|ws| ws.memory(ws.number(a.int(0)).ok()?))
                .is_some_and(|(base, _)| mem.is_library_block(base));
            let set = infos(s).win_hints.get(&w).is_some_and(|h| h.iter().any(|(k, _)| k == "alloc_shm"));
            if !allocated && !set {
                if let Some((_, v)) = pairs.iter_mut().find(|(k, _)| k == "alloc_shm") {
                    *v = "false".to_string();
                }
            }
            new_info(s, mem, a, 1, pairs)
        },
    ),
];
