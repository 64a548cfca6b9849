//! PVM 3 in C (paper 004), with the library's signatures (`pvm3.h`): task identity
//! (`pvm_mytid`, `pvm_parent`, a static `pvm_spawn`), message buffers (`pvm_initsend`,
//! `pvm_pk*`/`pvm_upk*` for int, double, byte and string, `pvm_bufinfo`, `pvm_freebuf`) and
//! messages (`pvm_send`, `pvm_mcast`, `pvm_recv`, `pvm_nrecv`), `pvm_exit`. Messages travel on
//! `proto::pvm` (tasks, daemons, fragments, the route the run's configuration picks); these
//! entries pack and unpack the task's buffers ([`buffers`]) and check the program's side.

pub mod buffers;

use crate::engine::RankCtx;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{MpiFunction, Started};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::functions::params::{p, INTP, K};
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::Value;
use crate::libs::pvm::buffers::PvmBuffers;
use crate::proto::pvm::layer::codes;
use crate::proto::pvm::{PvmError, PvmOps};

const DOUBLEP: K = K::Ptr(BaseType::Double);

fn refused(e: PvmError) -> ErrorKind {
    ErrorKind::Pvm(e.to_string())
}

fn pvm_err(e: String) -> ErrorKind {
    ErrorKind::Pvm(e)
}

/// One task's PVM library: its message buffers, once it called PVM (an idle task's state is
/// one word).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PvmState {
    buffers: Option<Box<PvmBuffers>>,
}

/// The task's buffers (made at its first PVM call); refused after `pvm_exit`.
fn bufs(s: &mut PvmState) -> Result<&mut PvmBuffers, ErrorKind> {
    let b = s.buffers.get_or_insert_with(Default::default);
    if b.exited {
        return Err(ErrorKind::Pvm(
            "called after pvm_exit: this task has left PVM".into(),
        ));
    }
    Ok(b)
}

fn int(v: i64) -> Result<Started, ErrorKind> {
    Ok(Started::Return(Value::Int(
        i32::try_from(v).unwrap_or(i32::MAX),
    )))
}

fn mem_err(what: &str) -> impl Fn(crate::lang::vm::memory::MemError) -> ErrorKind + '_ {
    move |e| ErrorKind::Pvm(format!("{what}: {e}"))
}

/// `nitem` items `size` bytes apart times `stride` from `addr`, each read by `read`.
fn items<T>(
    a: (Addr, i64, i64),
    size: i64,
    mem: &Memory,
    read: impl Fn(&Memory, Addr) -> Result<T, crate::lang::vm::memory::MemError>,
) -> Result<Vec<T>, ErrorKind> {
    let (addr, n, stride) = a;
    check_counts(n, stride)?;
    (0..n)
        .map(|i| {
            let at = Addr::try_from(i64::from(addr) + i * stride * size)
                .map_err(|_| ErrorKind::Pvm("the array runs out of memory".into()))?;
            read(mem, at).map_err(mem_err("reading the items"))
        })
        .collect()
}

fn check_counts(n: i64, stride: i64) -> Result<(), ErrorKind> {
    if n < 0 {
        return Err(ErrorKind::Pvm(format!(
            "nitem is {n} (PvmBadParam): it must not be negative"
        )));
    }
    if stride < 1 {
        return Err(ErrorKind::Pvm(format!(
            "stride is {stride} (PvmBadParam): it must be at least 1 (1 = consecutive items)"
        )));
    }
    Ok(())
}

/// Writes `values` `size` bytes × `stride` apart from `addr` with `write`.
fn store<T: Copy>(
    (addr, stride): (Addr, i64),
    size: i64,
    values: &[T],
    mem: &mut Memory,
    write: impl Fn(&mut Memory, Addr, T) -> Result<(), crate::lang::vm::memory::MemError>,
) -> Result<(), ErrorKind> {
    for (i, v) in values.iter().enumerate() {
        let at = Addr::try_from(i64::from(addr) + i as i64 * stride * size)
            .map_err(|_| ErrorKind::Pvm("the array runs out of memory".into()))?;
        write(mem, at, *v).map_err(mem_err("writing the items"))?;
    }
    Ok(())
}

fn c_string(mem: &Memory, mut at: Addr) -> Result<Vec<u8>, ErrorKind> {
    let mut out = Vec::new();
    loop {
        let b = mem.read_u8(at).map_err(mem_err("reading the string"))?;
        if b == 0 {
            return Ok(out);
        }
        out.push(b);
        at += 1;
    }
}

type Read<T> = fn(&Memory, Addr) -> Result<T, crate::lang::vm::memory::MemError>;
type Write<T> = fn(&mut Memory, Addr, T) -> Result<(), crate::lang::vm::memory::MemError>;
type Unpack<T> = fn(&mut PvmBuffers, i32, (&[u8], i32), usize) -> Result<Vec<T>, String>;

/// `pvm_pk*(p, nitem, stride)`: the items read from the program's memory, packed by `pack`.
fn pack_items<T>(
    s: &mut PvmState,
    a: &crate::libs::function::Args<'_>,
    mem: &Memory,
    (size, read): (i64, Read<T>),
    pack: fn(&mut PvmBuffers, &[T]) -> Result<(), String>,
) -> Result<Started, ErrorKind> {
    let v = items((a.addr(0), a.int(1), a.int(2)), size, mem, read)?;
    pack(bufs(s)?, &v).map_err(pvm_err)?;
    int(0)
}

/// `pvm_upk*(p, nitem, stride)`: the items unpacked from the active receive buffer by
/// `unpack`, written into the program's memory.
fn unpack_items<T: Copy>(
    (s, ctx): (&mut PvmState, &RankCtx<'_>),
    a: &crate::libs::function::Args<'_>,
    mem: &mut Memory,
    (size, write): (i64, Write<T>),
    unpack: Unpack<T>,
) -> Result<Started, ErrorKind> {
    check_counts(a.int(1), a.int(2))?;
    let (buf, body, enc) = active(s, ctx)?;
    let v = unpack(bufs(s)?, buf, (&body, enc), a.int(1) as usize).map_err(pvm_err)?;
    store((a.addr(0), a.int(2)), size, &v, mem, write)?;
    int(0)
}

/// The active receive buffer's data and encoding.
fn active(s: &mut PvmState, ctx: &RankCtx<'_>) -> Result<(i32, Vec<u8>, i32), ErrorKind> {
    let buf = bufs(s)?.active.ok_or_else(|| {
        ErrorKind::Pvm("no receive buffer (PvmNoBuf): call pvm_recv or pvm_nrecv first".into())
    })?;
    let a = ctx
        .pvm_buffer(buf)
        .ok_or_else(|| ErrorKind::Pvm(format!("receive buffer {buf} was freed (PvmNoSuchBuf)")))?;
    Ok((buf, a.body, a.encoding))
}

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::pvm(
        "pvm_mytid",
        "This task's id (the first task on the first host is t40001: host 1, local 1); enrolls the task in PVM.",
        &[],
        |s, _, _, ctx| {
            bufs(s)?;
            int(i64::from(ctx.pvm_mytid().map_err(refused)?.0))
        },
    ),
    MpiFunction::pvm(
        "pvm_parent",
        "The id of the task that spawned this one — every rank but 0 was started by rank 0's pvm_spawn — or PvmNoParent (-23) in rank 0.",
        &[],
        |s, _, _, ctx| {
            bufs(s)?;
            let parent = ctx.pvm_parent().map_err(refused)?;
            int(parent.map_or(i64::from(codes::PVM_NO_PARENT), |t| i64::from(t.0)))
        },
    ),
    MpiFunction::pvm(
        "pvm_spawn",
        "Static here: every copy of the program starts with the run, so rank 0's pvm_spawn of `ntask` copies hands out the ids of ranks 1, 2, … (`task`, `argv`, `flag` and `where` are not used); it returns how many, or fails if the run has too few ranks.",
        &[
            p("task", K::Buffer),
            p("argv", K::Buffer),
            p("flag", K::Int),
            p("where", K::Buffer),
            p("ntask", K::Int),
            p("tids", INTP),
        ],
        |s, a, mem, ctx| {
            let (rank, size) = (ctx.rank(), ctx.size());
            let b = bufs(s)?;
            if rank != 0 {
                return Err(ErrorKind::Pvm(format!(
                    "rank {rank} calls pvm_spawn: in the playground every copy starts with the run, and rank 0 (the first task) spawns them"
                )));
            }
            let n = a.int(4);
            let left = i64::from(size - 1 - b.spawned.min(size - 1));
            if n < 1 || n > left {
                return Err(ErrorKind::Pvm(format!(
                    "pvm_spawn asks for {n} copies but {left} ranks are left to start: run with -n {} (every copy is a rank of the run)",
                    i64::from(size) + n.max(1) - left
                )));
            }
            let first = 1 + b.spawned;
            b.spawned += n as u32;
            let mut tids = Vec::new();
            for r in first..first + n as u32 {
                tids.push(ctx.pvm_tid_of(r).map_err(refused)?.0 as i32);
            }
            store((a.addr(5), 1), 4, &tids, mem, |m, at, v| m.write_i32(at, v))?;
            int(n)
        },
    ),
    MpiFunction::pvm(
        "pvm_exit",
        "Leaves PVM: later PVM calls of this task are refused; the task goes on running.",
        &[],
        |s, _, _, _| {
            bufs(s)?.exited = true;
            int(0)
        },
    ),
    MpiFunction::pvm(
        "pvm_initsend",
        "Clears the send buffer and sets its encoding (PvmDataDefault: XDR; PvmDataRaw: the PC's own); returns its buffer id.",
        &[p("encoding", K::Int)],
        |s, a, _, _| {
            let id = bufs(s)?
                .initsend(a.int(0) as i32)
                .map_err(pvm_err)?;
            int(i64::from(id))
        },
    ),
    MpiFunction::pvm(
        "pvm_pkint",
        "Packs `nitem` ints, `stride` apart, into the send buffer (XDR: 4 bytes each, big-endian).",
        &[p("ip", INTP), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, _| pack_items(s, a, mem, (4, Memory::read_i32), PvmBuffers::pack_ints),
    ),
    MpiFunction::pvm(
        "pvm_pkdouble",
        "Packs `nitem` doubles, `stride` apart, into the send buffer (XDR: 8 bytes each, big-endian).",
        &[p("dp", DOUBLEP), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, _| pack_items(s, a, mem, (8, Memory::read_f64), PvmBuffers::pack_doubles),
    ),
    MpiFunction::pvm(
        "pvm_pkbyte",
        "Packs `nitem` bytes, `stride` apart, into the send buffer (XDR pads each call's bytes to 4).",
        &[p("cp", K::Buffer), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, _| pack_items(s, a, mem, (1, Memory::read_u8), PvmBuffers::pack_bytes),
    ),
    MpiFunction::pvm(
        "pvm_pkstr",
        "Packs a NUL-terminated string: its length + 1 as an int, then its bytes and NUL (XDR: padded to 4).",
        &[p("cp", K::Buffer)],
        |s, a, mem, _| {
            let text = c_string(mem, a.addr(0))?;
            bufs(s)?.pack_str(&text).map_err(pvm_err)?;
            int(0)
        },
    ),
    MpiFunction::pvm(
        "pvm_send",
        "Sends the send buffer to task `tid` with `msgtag`: its fragments go to this host's pvmd (or, on the direct route, to the task); returns once the last has left this task.",
        &[p("tid", K::Int), p("msgtag", K::Int)],
        |s, a, _, ctx| {
            let b = bufs(s)?;
            let send = b.send.as_ref().ok_or_else(|| {
                ErrorKind::Pvm("no send buffer (PvmNoBuf): call pvm_initsend first".into())
            })?;
            let req = ctx
                .pvm_send(a.int(0) as i32, a.int(1) as i32, send.encoding, send.data.clone())
                .map_err(refused)?;
            Ok(Started::Wait(Pending::Then {
                reqs: vec![req],
                value: 0,
            }))
        },
    ),
    MpiFunction::pvm(
        "pvm_mcast",
        "Sends the send buffer to each of the `ntask` tasks in `tids` with `msgtag`, one after another (PVM 3 sends once to its pvmd, which copies per host; here the task sends each).",
        &[p("tids", INTP), p("ntask", K::Int), p("msgtag", K::Int)],
        |s, a, mem, ctx| {
            let tids = items((a.addr(0), a.int(1), 1), 4, mem, |m, at| m.read_i32(at))?;
            let me = ctx.pvm_mytid().map_err(refused)?.0 as i32;
            let tids: Vec<i32> = tids.into_iter().filter(|&t| t != me).collect();
            let b = bufs(s)?;
            let send = b.send.as_ref().ok_or_else(|| {
                ErrorKind::Pvm("no send buffer (PvmNoBuf): call pvm_initsend first".into())
            })?;
            let req = ctx
                .pvm_mcast(&tids, a.int(2) as i32, send.encoding, send.data.clone())
                .map_err(refused)?;
            Ok(Started::Wait(Pending::Then {
                reqs: vec![req],
                value: 0,
            }))
        },
    ),
    MpiFunction::pvm(
        "pvm_recv",
        "Waits for a message from `tid` with `msgtag` (-1: any) and makes it the active receive buffer; returns its buffer id.",
        &[p("tid", K::Int), p("msgtag", K::Int)],
        |s, a, _, ctx| {
            let b = bufs(s)?;
            let id = b.new_id();
            b.active = Some(id);
            let req = ctx
                .pvm_recv(a.int(0) as i32, a.int(1) as i32, id)
                .map_err(refused)?;
            Ok(Started::Wait(Pending::Then {
                reqs: vec![req],
                value: i64::from(id),
            }))
        },
    ),
    MpiFunction::pvm(
        "pvm_nrecv",
        "Like pvm_recv but does not wait: the new buffer's id if a matching message has arrived, else 0 (after a short poll, so a loop lets time pass).",
        &[p("tid", K::Int), p("msgtag", K::Int)],
        |s, a, _, ctx| {
            let b = bufs(s)?;
            let id = b.new_id();
            if ctx
                .pvm_nrecv(a.int(0) as i32, a.int(1) as i32, id)
                .map_err(refused)?
            {
                bufs(s)?.active = Some(id);
                int(i64::from(id))
            } else {
                Ok(Started::Wait(Pending::Poll { polled: false }))
            }
        },
    ),
    MpiFunction::pvm(
        "pvm_bufinfo",
        "A received buffer's data length in bytes, tag and sender's id.",
        &[
            p("bufid", K::Int),
            p("bytes", INTP),
            p("msgtag", INTP),
            p("tid", INTP),
        ],
        |s, a, mem, ctx| {
            bufs(s)?;
            let buf = a.int(0) as i32;
            let m = ctx.pvm_buffer(buf).ok_or_else(|| {
                ErrorKind::Pvm(format!(
                    "buffer {buf} is not a received message (PvmNoSuchBuf): pass what pvm_recv or pvm_nrecv returned"
                ))
            })?;
            let w = |mem: &mut Memory, at: Addr, v: i32| {
                mem.write_i32(at, v).map_err(mem_err("writing the answer"))
            };
            w(mem, a.addr(1), m.body.len() as i32)?;
            w(mem, a.addr(2), m.tag)?;
            w(mem, a.addr(3), m.src.0 as i32)?;
            int(0)
        },
    ),
    MpiFunction::pvm(
        "pvm_freebuf",
        "Frees a message buffer (the send buffer, or a received one).",
        &[p("bufid", K::Int)],
        |s, a, _, ctx| {
            let buf = a.int(0) as i32;
            let b = bufs(s)?;
            if b.send.as_ref().is_some_and(|x| x.id == buf) {
                b.send = None;
                return int(0);
            }
            if !ctx.pvm_free_buffer(buf) {
                return Err(ErrorKind::Pvm(format!(
                    "buffer {buf} does not exist (PvmNoSuchBuf)"
                )));
            }
            bufs(s)?.forget(buf);
            int(0)
        },
    ),
    MpiFunction::pvm(
        "pvm_upkint",
        "Unpacks `nitem` ints, `stride` apart, from the active receive buffer.",
        &[p("ip", INTP), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, ctx| {
            unpack_items((s, ctx), a, mem, (4, Memory::write_i32), PvmBuffers::unpack_ints)
        },
    ),
    MpiFunction::pvm(
        "pvm_upkdouble",
        "Unpacks `nitem` doubles, `stride` apart, from the active receive buffer.",
        &[p("dp", DOUBLEP), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, ctx| {
            unpack_items((s, ctx), a, mem, (8, Memory::write_f64), PvmBuffers::unpack_doubles)
        },
    ),
    MpiFunction::pvm(
        "pvm_upkbyte",
        "Unpacks `nitem` bytes, `stride` apart, from the active receive buffer.",
        &[p("cp", K::Buffer), p("nitem", K::Int), p("stride", K::Int)],
        |s, a, mem, ctx| {
            unpack_items((s, ctx), a, mem, (1, Memory::write_u8), PvmBuffers::unpack_bytes)
        },
    ),
    MpiFunction::pvm(
        "pvm_upkstr",
        "Unpacks a string (with its NUL) from the active receive buffer into `cp`, which must hold it.",
        &[p("cp", K::Buffer)],
        |s, _a, mem, ctx| {
            let (buf, body, enc) = active(s, ctx)?;
            let v = bufs(s)?.unpack_str(buf, (&body, enc)).map_err(pvm_err)?;
            mem.write(_a.addr(0), &v)
                .map_err(mem_err("writing the string"))?;
            int(0)
        },
    ),
];
