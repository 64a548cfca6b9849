//! Attribute caching: keyvals and attributes on communicators (`MPI_Comm_create_keyval`,
//! `MPI_Comm_set_attr`, …, and MPI-1's `MPI_Keyval_create`, `MPI_Attr_put`, …), datatypes
//! (`MPI_Type_*`) and windows (`MPI_Win_*`), with the program's copy and delete callbacks and
//! MPICH's predefined attributes (`attrs`).

use crate::libs::handles::HandleKind;

use super::params::{p, INTP, K};
use crate::engine::RankCtx;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::mpi::attrs::{CopyFn, ObjKind, WinFacts, MPI_KEYVAL_INVALID};
use crate::libs::mpi::attrs::{MPI_WIN_FLAVOR_ALLOCATE, MPI_WIN_FLAVOR_CREATE};
use crate::libs::mpi::buffers::{check_bytes, read_int, write_bytes, write_int};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::state::MpiState;

/// `(copy_fn, delete_fn, keyval, extra_state)`.
const CREATE: &[crate::lang::sema::builtins::Param] = &[
    p("copy_fn", K::Function),
    p("delete_fn", K::Function),
    p("keyval", INTP),
    p("extra_state", K::Buffer),
];

/// `(keyval)`.
const FREE: &[crate::lang::sema::builtins::Param] = &[p("keyval", INTP)];

/// `(object, keyval, attribute_val)` for each kind.
const SET_COMM: &[crate::lang::sema::builtins::Param] = &[
    p("comm", K::Handle(HandleKind::COMM)),
    p("keyval", K::Int),
    p("attribute_val", K::Buffer),
];
const SET_TYPE: &[crate::lang::sema::builtins::Param] = &[
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("type_keyval", K::Int),
    p("attribute_val", K::Buffer),
];
const SET_WIN: &[crate::lang::sema::builtins::Param] = &[
    p("win", K::Handle(HandleKind::WIN)),
    p("win_keyval", K::Int),
    p("attribute_val", K::Buffer),
];

/// `(object, keyval, attribute_val, flag)` for each kind.
const GET_COMM: &[crate::lang::sema::builtins::Param] = &[
    p("comm", K::Handle(HandleKind::COMM)),
    p("keyval", K::Int),
    p("attribute_val", K::Buffer),
    p("flag", INTP),
];
const GET_TYPE: &[crate::lang::sema::builtins::Param] = &[
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("type_keyval", K::Int),
    p("attribute_val", K::Buffer),
    p("flag", INTP),
];
const GET_WIN: &[crate::lang::sema::builtins::Param] = &[
    p("win", K::Handle(HandleKind::WIN)),
    p("win_keyval", K::Int),
    p("attribute_val", K::Buffer),
    p("flag", INTP),
];

/// `(object, keyval)` for each kind.
const DELETE_COMM: &[crate::lang::sema::builtins::Param] =
    &[p("comm", K::Handle(HandleKind::COMM)), p("keyval", K::Int)];
const DELETE_TYPE: &[crate::lang::sema::builtins::Param] = &[
    p("datatype", K::Handle(HandleKind::DATATYPE)),
    p("type_keyval", K::Int),
];
const DELETE_WIN: &[crate::lang::sema::builtins::Param] = &[
    p("win", K::Handle(HandleKind::WIN)),
    p("win_keyval", K::Int),
];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new("MPI_Comm_create_keyval", "Local: a keyval for communicators; the copy callback runs on `MPI_Comm_dup`, the delete callback on free, delete and set-over (the VM runs the program's functions; no MPI inside).", CREATE, |s, a, mem, _| {
        create(s, ObjKind::Comm, a, mem)
    }),
    MpiFunction::new("MPI_Comm_free_keyval", "Local: frees the keyval (the handle becomes `MPI_KEYVAL_INVALID`); attributes set with it stay until deleted.", FREE, |s, a, mem, _| {
        free(s, ObjKind::Comm, a, mem)
    }),
    MpiFunction::new("MPI_Comm_set_attr", "Local: caches a value on the communicator (a set over a value calls its delete callback first).", SET_COMM, |s, a, _, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        Ok(s.attrs().set(ObjKind::Comm, a.int(0), a.int(1), a.int(2))?.started())
    }),
    MpiFunction::new("MPI_Comm_get_attr", "Local: the cached value and a flag; MPICH's predefined attributes on every communicator (`MPI_TAG_UB` 2^28 − 1, `MPI_HOST`, `MPI_IO`, `MPI_WTIME_IS_GLOBAL` 0, `MPI_APPNUM` 0, `MPI_LASTUSEDCODE`; `MPI_UNIVERSE_SIZE` not set).", GET_COMM, |s, a, mem, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        let v = s.attrs().comm_get(a.int(0), a.int(1), mem)?;
        answer(v, a.addr(2), a.addr(3), mem)
    }),
    MpiFunction::new("MPI_Comm_delete_attr", "Local: removes the cached value, calling its delete callback.", DELETE_COMM, |s, a, _, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        Ok(s.attrs().delete(ObjKind::Comm, a.int(0), a.int(1))?.started())
    }),
    MpiFunction::new("MPI_Keyval_create", "The MPI-1 name of `MPI_Comm_create_keyval`.", CREATE, |s, a, mem, _| {
        create(s, ObjKind::Comm, a, mem)
    }),
    MpiFunction::new("MPI_Keyval_free", "The MPI-1 name of `MPI_Comm_free_keyval`.", FREE, |s, a, mem, _| {
        free(s, ObjKind::Comm, a, mem)
    }),
    MpiFunction::new("MPI_Attr_put", "The MPI-1 name of `MPI_Comm_set_attr`.", SET_COMM, |s, a, _, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        Ok(s.attrs().set(ObjKind::Comm, a.int(0), a.int(1), a.int(2))?.started())
    }),
    MpiFunction::new("MPI_Attr_get", "The MPI-1 name of `MPI_Comm_get_attr`.", GET_COMM, |s, a, mem, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        let v = s.attrs().comm_get(a.int(0), a.int(1), mem)?;
        answer(v, a.addr(2), a.addr(3), mem)
    }),
    MpiFunction::new("MPI_Attr_delete", "The MPI-1 name of `MPI_Comm_delete_attr`.", DELETE_COMM, |s, a, _, ctx| {
        check(s, ObjKind::Comm, a.int(0), ctx)?;
        Ok(s.attrs().delete(ObjKind::Comm, a.int(0), a.int(1))?.started())
    }),
    MpiFunction::new("MPI_Type_create_keyval", "Local: a keyval for datatypes; the copy callback runs on `MPI_Type_dup`, the delete callback on free, delete and set-over.", CREATE, |s, a, mem, _| {
        create(s, ObjKind::Type, a, mem)
    }),
    MpiFunction::new("MPI_Type_free_keyval", "Local: frees the keyval (the handle becomes `MPI_KEYVAL_INVALID`).", FREE, |s, a, mem, _| {
        free(s, ObjKind::Type, a, mem)
    }),
    MpiFunction::new("MPI_Type_set_attr", "Local: caches a value on the datatype (predefined ones too).", SET_TYPE, |s, a, _, ctx| {
        check(s, ObjKind::Type, a.int(0), ctx)?;
        Ok(s.attrs().set(ObjKind::Type, a.int(0), a.int(1), a.int(2))?.started())
    }),
    MpiFunction::new("MPI_Type_get_attr", "Local: the cached value and a flag.", GET_TYPE, |s, a, mem, ctx| {
        check(s, ObjKind::Type, a.int(0), ctx)?;
        let v = s.attrs().get(ObjKind::Type, a.int(0), a.int(1))?;
        answer(v, a.addr(2), a.addr(3), mem)
    }),
    MpiFunction::new("MPI_Type_delete_attr", "Local: removes the cached value, calling its delete callback.", DELETE_TYPE, |s, a, _, ctx| {
        check(s, ObjKind::Type, a.int(0), ctx)?;
        Ok(s.attrs().delete(ObjKind::Type, a.int(0), a.int(1))?.started())
    }),
    MpiFunction::new("MPI_Win_create_keyval", "Local: a keyval for windows; the delete callback runs on `MPI_Win_free` (before the window goes), delete and set-over.", CREATE, |s, a, mem, _| {
        create(s, ObjKind::Win, a, mem)
    }),
    MpiFunction::new("MPI_Win_free_keyval", "Local: frees the keyval (the handle becomes `MPI_KEYVAL_INVALID`).", FREE, |s, a, mem, _| {
        free(s, ObjKind::Win, a, mem)
    }),
    MpiFunction::new("MPI_Win_set_attr", "Local: caches a value on the window.", SET_WIN, |s, a, _, ctx| {
        check(s, ObjKind::Win, a.int(0), ctx)?;
        Ok(s.attrs().set(ObjKind::Win, a.int(0), a.int(1), a.int(2))?.started())
    }),
    MpiFunction::new("MPI_Win_get_attr", "Local: the cached value and a flag; `MPI_WIN_BASE`, `MPI_WIN_SIZE`, `MPI_WIN_DISP_UNIT`, `MPI_WIN_CREATE_FLAVOR` and `MPI_WIN_MODEL` (`MPI_WIN_UNIFIED`) as MPICH gives them.", GET_WIN, |s, a, mem, ctx| {
        let facts = win_facts(s, a.int(0))?;
        let _ = ctx;
        let v = s.attrs().win_get(a.int(0), a.int(1), facts, mem)?;
        answer(v, a.addr(2), a.addr(3), mem)
    }),
    MpiFunction::new("MPI_Win_delete_attr", "Local: removes the cached value, calling its delete callback.", DELETE_WIN, |s, a, _, ctx| {
        check(s, ObjKind::Win, a.int(0), ctx)?;
        Ok(s.attrs().delete(ObjKind::Win, a.int(0), a.int(1))?.started())
    }),
];

/// `MPI_*_create_keyval`.
fn create(
    s: &mut MpiState,
    kind: ObjKind,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, a.addr(2), 4, "the keyval variable")?;
    let handle = s
        .attrs()
        .create(kind, CopyFn::of(a.int(0)), a.int(1), a.int(3))?;
    write_int(mem, a.addr(2), handle, "the keyval variable")?;
    done()
}

/// `MPI_*_free_keyval`.
fn free(
    s: &mut MpiState,
    kind: ObjKind,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    let keyval = read_int(mem, a.addr(0), "the keyval variable")?;
    s.attrs().free(kind, i64::from(keyval))?;
    write_int(mem, a.addr(0), MPI_KEYVAL_INVALID, "the keyval variable")?;
    done()
}

/// Checks that `handle` is a live object of `kind`.
fn check(s: &mut MpiState, kind: ObjKind, handle: i64, ctx: &RankCtx<'_>) -> Result<(), ErrorKind> {
    match kind {
        ObjKind::Comm => s.comm(handle, ctx).map(|_| ()),
        ObjKind::Type => s.types().map(handle).map(|_| ()),
        ObjKind::Win => win_facts(s, handle).map(|_| ()),
    }
}

/// What a live window's predefined attributes say.
fn win_facts(s: &MpiState, handle: i64) -> Result<WinFacts, ErrorKind> {
    let windows = s
        .windows
        .as_deref()
        .ok_or(crate::libs::mpi::RmaError::InvalidWindow(handle))?;
    let w = windows.get(windows.number(handle)?)?;
    Ok(WinFacts {
        base: w.base,
        size: w.size,
        disp_unit: w.disp_unit,
        flavor: if w.dynamic {
            crate::libs::mpi::attrs::MPI_WIN_FLAVOR_DYNAMIC
        } else if w.allocated {
            MPI_WIN_FLAVOR_ALLOCATE
        } else {
            MPI_WIN_FLAVOR_CREATE
        },
    })
}

/// Writes a `get_attr`'s answer: the value (a `void *`) and the flag.
fn answer(
    value: Option<i64>,
    at: Addr,
    flag: Addr,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    check_bytes(mem, flag, 4, "the flag variable")?;
    if let Some(v) = value {
        write_bytes(mem, at, &v.to_le_bytes(), "the attribute_val variable")?;
    }
    write_int(mem, flag, i32::from(value.is_some()), "the flag variable")?;
    done()
}
