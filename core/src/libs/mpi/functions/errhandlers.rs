//! Error handlers and error codes: `MPI_Comm_set_errhandler`/`_get_errhandler`,
//! `MPI_Win_set_errhandler`/`_get_errhandler`, `MPI_Comm_create_errhandler`,
//! `MPI_Win_create_errhandler`, `MPI_Comm_call_errhandler`, `MPI_Win_call_errhandler`,
//! `MPI_Errhandler_free`, the MPI-1 names MPICH still accepts (`MPI_Errhandler_create`,
//! `_set`, `_get`), `MPI_Error_class`, `MPI_Error_string`, `MPI_Add_error_class`,
//! `MPI_Add_error_code`, `MPI_Add_error_string` and MPICH's `MPIX_Delete_error_*`. What a
//! handler does when a call fails is `errhandler.rs`'s (the state's error path).

use super::params::{p, INTP, K};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{read_int, write_bytes, write_int};
use crate::libs::mpi::constants::{MPI_ERRHANDLER_NULL, MPI_MAX_ERROR_STRING, MPI_SUCCESS};
use crate::libs::mpi::errhandler::{class_of_code, Delete, ErrInfo, Handler, Object, Scope};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::info::read_string;
use crate::libs::mpi::rma_error::RmaError;
use crate::libs::mpi::state::MpiState;

/// `MPI_Errhandler *`.
const EHP: K = K::Ptr(BaseType::Handle(HandleKind::ERRHANDLER));
/// `MPI_Comm comm`.
const COMM: K = K::Handle(HandleKind::COMM);
/// `MPI_Win win`.
const WIN: K = K::Handle(HandleKind::WIN);
/// `MPI_Errhandler errhandler`.
const EH: K = K::Handle(HandleKind::ERRHANDLER);

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

/// The handle of communicator `handle` (checked).
fn comm(s: &MpiState, a: &Args<'_>, ctx: &crate::engine::RankCtx<'_>) -> Result<i32, ErrorKind> {
    Ok(s.comm(a.int(0), ctx)?.handle)
}

fn set_comm(
    s: &mut MpiState,
    a: &Args<'_>,
    ctx: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let c = comm(s, a, ctx)?;
    let e = s.errinfo();
    let h = e.check(a.int(1), Object::Comm)?;
    e.set_comm(c, h);
    done()
}

fn get_comm(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    ctx: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let c = comm(s, a, ctx)?;
    let h = s.errinfo().of_comm(c);
    write_int(mem, a.addr(1), h, "the error handler variable")?;
    done()
}

fn create(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    object: Object,
) -> Result<Started, ErrorKind> {
    let h = s.errinfo().create(a.int(0), object)?;
    write_int(mem, a.addr(1), h, "the error handler variable")?;
    done()
}

/// `MPI_Comm_call_errhandler` / `MPI_Win_call_errhandler`: the object's own handler, called
/// with `code`; `MPI_SUCCESS` once it returned.
fn call(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    scope: Scope,
    object: i32,
) -> Result<Started, ErrorKind> {
    let code = a.int(1);
    let e = s.errinfo();
    match e.handler_of(scope) {
        Handler::Fatal => Err(ErrorKind::Raised {
            code,
            string: e.string(code as i32),
        }),
        Handler::Return => done(),
        Handler::User(function) => {
            let call = e.run_user(function, object, code as i32, MPI_SUCCESS, a.name, mem)?;
            e.call_now = Some(call);
            done()
        }
    }
}

/// `MPI_Error_string` of `code`.
fn error_string(e: Option<&ErrInfo>, code: i32) -> String {
    match e {
        Some(e) => e.string(code),
        None => ErrInfo::default().string(code),
    }
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Comm_set_errhandler", "Local: the handler the communicator's failed calls use (`MPI_ERRORS_RETURN`: the call returns an error code and the program goes on; a communicator made from it later inherits it, as in MPICH).",
        &[p("comm", COMM), p("errhandler", EH)],
        |s, a, _, ctx| set_comm(s, a, ctx),
    ),
    MpiFunction::new(
        "MPI_Errhandler_set", "MPI-1's name of `MPI_Comm_set_errhandler`, which MPICH still accepts.",
        &[p("comm", COMM), p("errhandler", EH)],
        |s, a, _, ctx| set_comm(s, a, ctx),
    ),
    MpiFunction::new(
        "MPI_Comm_get_errhandler", "Local: the communicator's handler (`MPI_ERRORS_ARE_FATAL` if none was set, as MPICH answers).",
        &[p("comm", COMM), p("errhandler", EHP)],
        get_comm,
    ),
    MpiFunction::new(
        "MPI_Errhandler_get", "MPI-1's name of `MPI_Comm_get_errhandler`, which MPICH still accepts.",
        &[p("comm", COMM), p("errhandler", EHP)],
        get_comm,
    ),
    MpiFunction::new(
        "MPI_Win_set_errhandler", "Local: the handler the window's failed calls use.",
        &[p("win", WIN), p("errhandler", EH)],
        |s, a, _, _| {
            let w = window(s, a.int(0))?;
            let e = s.errinfo();
            let h = e.check(a.int(1), Object::Win)?;
            e.set_win(w, h);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_get_errhandler", "Local: the window's handler (`MPI_ERRORS_ARE_FATAL` if none was set).",
        &[p("win", WIN), p("errhandler", EHP)],
        |s, a, mem, _| {
            let w = window(s, a.int(0))?;
            let h = s.errinfo().of_win(w);
            write_int(mem, a.addr(1), h, "the error handler variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_create_errhandler", "Local: a function of the program `void f(MPI_Comm *comm, int *code, ...)` as a handler; a failed call runs it (on the rank, before returning the code).",
        &[p("comm_errhandler_fn", K::Function), p("errhandler", EHP)],
        |s, a, mem, _| create(s, a, mem, Object::Comm),
    ),
    MpiFunction::new(
        "MPI_Errhandler_create", "MPI-1's name of `MPI_Comm_create_errhandler`, which MPICH still accepts.",
        &[p("comm_errhandler_fn", K::Function), p("errhandler", EHP)],
        |s, a, mem, _| create(s, a, mem, Object::Comm),
    ),
    MpiFunction::new(
        "MPI_Win_create_errhandler", "Local: a function of the program `void f(MPI_Win *win, int *code, ...)` as a handler for windows.",
        &[p("win_errhandler_fn", K::Function), p("errhandler", EHP)],
        |s, a, mem, _| create(s, a, mem, Object::Win),
    ),
    MpiFunction::new(
        "MPI_Errhandler_free", "Local: sets the handle to `MPI_ERRHANDLER_NULL`; what it is attached to keeps it.",
        &[p("errhandler", EHP)],
        |s, a, mem, _| {
            let h = read_int(mem, a.addr(0), "the error handler variable")?;
            s.errinfo().free(i64::from(h))?;
            write_int(mem, a.addr(0), MPI_ERRHANDLER_NULL, "the error handler variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Comm_call_errhandler", "Runs the communicator's own handler with the code: the program's function, nothing for `MPI_ERRORS_RETURN` (returns `MPI_SUCCESS`), the run stops for `MPI_ERRORS_ARE_FATAL` (also when none was set, as in MPICH).",
        &[p("comm", COMM), p("errorcode", K::Int)],
        |s, a, mem, ctx| {
            let c = comm(s, a, ctx)?;
            call(s, a, mem, Scope::Comm(c), c)
        },
    ),
    MpiFunction::new(
        "MPI_Win_call_errhandler", "Runs the window's own handler with the code, as `MPI_Comm_call_errhandler`.",
        &[p("win", WIN), p("errorcode", K::Int)],
        |s, a, mem, _| {
            let w = window(s, a.int(0))?;
            call(s, a, mem, Scope::Win(w), w)
        },
    ),
    MpiFunction::new(
        "MPI_Error_class", "Local: the class of an error code (a failed call returns its class itself; an added code's class is the one it was added to), as MPICH computes it.",
        &[p("errorcode", K::Int), p("errorclass", INTP)],
        |_, a, mem, _| {
            let class = class_of_code(a.int(0) as i32);
            write_int(mem, a.addr(1), class, "the error class variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Error_string", "Local: MPICH 4.0.2's string for a predefined class (\"Invalid rank\", \"Message truncated\", …), or the string an added code was given.",
        &[p("errorcode", K::Int), p("string", K::Buffer), p("resultlen", INTP)],
        |s, a, mem, _| {
            let mut text = error_string(s.errinfo.as_deref(), a.int(0) as i32).into_bytes();
            text.truncate(MPI_MAX_ERROR_STRING as usize - 1);
            let len = text.len() as i32;
            text.push(0);
            write_bytes(mem, a.addr(1), &text, "the string buffer")?;
            write_int(mem, a.addr(2), len, "the length variable")?;
            done()
        },
    )
    .anytime(),
    MpiFunction::new(
        "MPI_Add_error_class", "Local: a new error class, numbered as MPICH numbers them (`0x40000001`, …); its string is \"\".",
        &[p("errorclass", INTP)],
        |s, a, mem, _| {
            let class = s.errinfo().add_class()?;
            write_int(mem, a.addr(0), class, "the error class variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Add_error_code", "Local: a new error code of a class (predefined or added), numbered as MPICH numbers them.",
        &[p("errorclass", K::Int), p("errorcode", INTP)],
        |s, a, mem, _| {
            let code = s.errinfo().add_code(a.int(0))?;
            write_int(mem, a.addr(1), code, "the error code variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Add_error_string", "Local: the string `MPI_Error_string` gives for an added class or code.",
        &[p("errorcode", K::Int), p("string", K::Buffer)],
        |s, a, mem, _| {
            let text = read_string(mem, a.addr(1), MPI_MAX_ERROR_STRING as u32, "the string")?;
            s.errinfo().set_string(a.int(0), text)?;
            done()
        },
    ),
    MpiFunction::new(
        "MPIX_Delete_error_class", "MPICH's extension: forgets an added class.",
        &[p("errorclass", K::Int)],
        |s, a, _, _| {
            s.errinfo().delete(a.int(0), Delete::Class)?;
            done()
        },
    ),
    MpiFunction::new(
        "MPIX_Delete_error_code", "MPICH's extension: forgets an added code.",
        &[p("errorcode", K::Int)],
        |s, a, _, _| {
            s.errinfo().delete(a.int(0), Delete::Code)?;
            done()
        },
    ),
    MpiFunction::new(
        "MPIX_Delete_error_string", "MPICH's extension: an added class's or code's string becomes \"\".",
        &[p("errorcode", K::Int)],
        |s, a, _, _| {
            s.errinfo().delete(a.int(0), Delete::String)?;
            done()
        },
    ),
];
