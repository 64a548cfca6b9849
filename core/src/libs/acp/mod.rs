//! ACP's basic layer in C (paper 001), with the public library's signatures (`acp.h`):
//! `acp_init`, `acp_finalize`, `acp_rank`, `acp_procs`, `acp_sync`, memory registration and
//! global addresses, `acp_copy`, the atomics, `acp_complete` and `acp_inquire`. Each call runs
//! on `proto::acp` (the layer models the command queue, the communication thread and every
//! network operation); these entries decode the arguments and check the program's side: ACP
//! started, memory that is the program's, a starter memory sized as the library's
//! `--acp-size-smem` option says.

use crate::engine::RankCtx;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{Args, MpiFunction, Started};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::functions::params::{p, K};
use crate::libs::mpi::pending::Pending;
use crate::libs::mpi::state::Value;
use crate::proto::acp::{ops::starter_ga, AcpError, AcpOps, Atomic, AtomicOp, Ga};

/// The starter memory's size unless `--acp-size-smem` says otherwise: the library's default
/// for that option (`src/bl/common/acpbl_input.c`, 10240 bytes).
pub const STARTER_BYTES: u64 = 10240;

const GA: K = K::Word("acp_ga_t");
const ATKEY: K = K::Word("acp_atkey_t");
const HANDLE: K = K::Word("acp_handle_t");
const SIZE: K = K::Word("size_t");
const U32: K = K::Word("uint32_t");
const U64: K = K::Word("uint64_t");

/// The parameters of the atomics with one operand (`acp_swap4`, `acp_add8`, …).
const ATOMIC4: &[crate::lang::sema::builtins::Param] = &[
    p("dst", GA),
    p("src", GA),
    p("value", U32),
    p("order", HANDLE),
];
const ATOMIC8: &[crate::lang::sema::builtins::Param] = &[
    p("dst", GA),
    p("src", GA),
    p("value", U64),
    p("order", HANDLE),
];

/// Where a rank is in ACP's life, apart from MPI's.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Life {
    /// Before `acp_init`.
    #[default]
    Before,
    /// Between `acp_init` and `acp_finalize`.
    Running,
    /// After `acp_finalize`.
    Finalized,
}

/// One rank's ACP library: where it is in ACP's life (`acp_init` … `acp_finalize`). The layer
/// (`proto::acp`) keeps the rest: registrations, handles, the command queue.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AcpState {
    life: Life,
}

fn started(s: &AcpState) -> Result<(), ErrorKind> {
    match s.life {
        Life::Running => Ok(()),
        Life::Before => Err(ErrorKind::Acp("called before acp_init".into())),
        Life::Finalized => Err(ErrorKind::Acp("called after acp_finalize".into())),
    }
}

fn refused(e: AcpError) -> ErrorKind {
    ErrorKind::Acp(e.to_string())
}

fn word(v: u64) -> Result<Started, ErrorKind> {
    Ok(Started::Return(Value::Word(v as i64)))
}

fn int(v: i64) -> Result<Started, ErrorKind> {
    Ok(Started::Return(Value::Int(
        i32::try_from(v).unwrap_or(i32::MAX),
    )))
}

/// Waits for `req` (if any), then returns `value`.
fn then(req: Option<crate::engine::ReqId>, value: u64) -> Result<Started, ErrorKind> {
    match req {
        Some(req) => Ok(Started::Wait(Pending::Then {
            reqs: vec![req],
            value: value as i64,
        })),
        None => word(value),
    }
}

/// The value of `--acp-size-smem N` among the program's arguments, if given.
fn starter_option(mem: &Memory, argc: Addr, argv: Addr) -> Result<Option<u64>, ErrorKind> {
    if argc == 0 || argv == 0 {
        return Ok(None);
    }
    let bad = |e: crate::lang::vm::memory::MemError| ErrorKind::Acp(format!("reading argv: {e}"));
    let n = mem.read_i32(argc).map_err(bad)?;
    let array = mem
        .read_scalar(argv, crate::lang::codegen::bytecode::Scalar::I64)
        .map_err(bad)?;
    let mut words = Vec::new();
    for i in 0..i64::from(n.max(0)) {
        let at =
            Addr::try_from(array + 8 * i).map_err(|_| ErrorKind::Acp("argv is broken".into()))?;
        let ptr = mem
            .read_scalar(at, crate::lang::codegen::bytecode::Scalar::I64)
            .map_err(bad)?;
        let mut text = Vec::new();
        let mut at = Addr::try_from(ptr).map_err(|_| ErrorKind::Acp("argv is broken".into()))?;
        loop {
            let b = mem.read_u8(at).map_err(bad)?;
            if b == 0 {
                break;
            }
            text.push(b);
            at += 1;
        }
        words.push(String::from_utf8_lossy(&text).into_owned());
    }
    let Some(i) = words.iter().position(|w| w == "--acp-size-smem") else {
        return Ok(None);
    };
    let value = words
        .get(i + 1)
        .and_then(|v| v.parse::<u64>().ok())
        .filter(|&v| v <= u64::from(u32::MAX / 2));
    value.map(Some).ok_or_else(|| {
        ErrorKind::Acp("--acp-size-smem needs a size in bytes after it (the starter memory)".into())
    })
}

fn atomic(
    s: &AcpState,
    a: &Args<'_>,
    ctx: &mut RankCtx<'_>,
    op: AtomicOp,
    width: u8,
    order_arg: usize,
) -> Result<Started, ErrorKind> {
    started(s)?;
    let h = ctx
        .acp_atomic(
            a.int(0) as u64,
            a.int(1) as u64,
            Atomic { op, width },
            a.int(order_arg) as u64,
            true,
        )
        .map_err(refused)?;
    word(h)
}

/// Masks an operand to the atomic's width (`uint32_t` arguments arrive sign-extended).
fn w4(v: i64) -> u64 {
    (v as u64) & u64::from(u32::MAX)
}

/// The family's functions.
pub(super) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::acp(
        "acp_init",
        "Starts ACP: a starter memory of 10240 bytes (`--acp-size-smem N` among the arguments sets it) that every rank can reach from the start; local.",
        &[p("argc", K::ArgcPtr), p("argv", K::ArgvPtr)],
        |s, a, mem, ctx| {
            if s.life != Life::Before {
                return Err(ErrorKind::Acp("acp_init was already called".into()));
            }
            let size = starter_option(mem, a.addr(0), a.addr(1))?.unwrap_or(STARTER_BYTES);
            let base = mem
                .alloc_heap(size as u32, 16)
                .map_err(|e| ErrorKind::Acp(format!("no room for the starter memory: {e}")))?;
            ctx.acp_init(u64::from(base), size);
            s.life = Life::Running;
            int(0)
        },
    ),
    MpiFunction::acp(
        "acp_finalize",
        "Ends ACP after a barrier with every rank (the library's internal sync before its FIN command).",
        &[],
        |s, _, _, ctx| {
            started(s)?;
            s.life = Life::Finalized;
            then(Some(ctx.acp_sync()), 0)
        },
    ),
    MpiFunction::acp("acp_rank", "This rank's number; local.", &[], |s, _, _, ctx| {
        started(s)?;
        int(i64::from(ctx.rank()))
    }),
    MpiFunction::acp("acp_procs", "The number of ranks; local.", &[], |s, _, _, ctx| {
        started(s)?;
        int(i64::from(ctx.size()))
    }),
    MpiFunction::acp(
        "acp_sync",
        "A barrier of every rank (a dissemination barrier of 8-byte RDMA writes); it does not complete outstanding copies.",
        &[],
        |s, _, _, ctx| {
            started(s)?;
            then(Some(ctx.acp_sync()), 0)
        },
    ),
    MpiFunction::acp(
        "acp_register_memory",
        "Registers `size` bytes at `addr` in this rank's table (255 slots) and returns its key; local, unless the slot held an earlier registration: then every rank holding a copy of the table is told to drop it, and the call waits for their acknowledgements.",
        &[p("addr", K::Buffer), p("size", SIZE), p("color", K::Int)],
        |s, a, mem, ctx| {
            started(s)?;
            let (addr, size) = (a.addr(0), a.int(1) as u64);
            let len = u32::try_from(size).map_err(|_| {
                ErrorKind::Acp(format!("cannot register {size} bytes: more than this rank's memory"))
            })?;
            mem.read(addr, len).map_err(|e| {
                ErrorKind::Acp(format!(
                    "the {size} bytes at {addr:#x} are not all this program's memory ({e})"
                ))
            })?;
            let color = u8::try_from(a.int(2)).map_err(|_| {
                ErrorKind::Acp(format!("color {} is not 0 or 1", a.int(2)))
            })?;
            let (atkey, wait) = ctx
                .acp_register(u64::from(addr), size, color)
                .map_err(refused)?;
            then(wait, atkey)
        },
    )
    .returns(BaseType::ULong, 0, "acp_atkey_t"),
    MpiFunction::acp(
        "acp_unregister_memory",
        "Frees the key's slot; refused while any rank has an access to that memory in flight.",
        &[p("atkey", ATKEY)],
        |s, a, _, ctx| {
            started(s)?;
            ctx.acp_unregister(a.int(0) as u64).map_err(refused)?;
            int(0)
        },
    ),
    MpiFunction::acp(
        "acp_query_ga",
        "The global address of `addr` inside the registration `atkey` names; local.",
        &[p("atkey", ATKEY), p("addr", K::Buffer)],
        |s, a, _, ctx| {
            started(s)?;
            let ga = ctx
                .acp_query_ga(a.int(0) as u64, u64::from(a.addr(1)))
                .map_err(refused)?;
            word(ga)
        },
    )
    .returns(BaseType::ULong, 0, "acp_ga_t"),
    MpiFunction::acp(
        "acp_query_starter_ga",
        "The global address of `rank`'s starter memory (tag 255, offset 0); local.",
        &[p("rank", K::Int)],
        |s, a, _, ctx| {
            started(s)?;
            let rank = a.int(0);
            let size = ctx.size();
            let rank = u32::try_from(rank).ok().filter(|&r| r < size).ok_or(
                ErrorKind::Engine(crate::engine::OpError::InvalidRank { rank, size }),
            )?;
            word(starter_ga(rank))
        },
    )
    .returns(BaseType::ULong, 0, "acp_ga_t"),
    MpiFunction::acp(
        "acp_query_address",
        "The address a global address of this rank's memory names, or `NULL` for another rank's; local.",
        &[p("ga", GA)],
        |s, a, _, ctx| {
            started(s)?;
            word(ctx.acp_query_address(a.int(0) as u64).unwrap_or(0))
        },
    )
    .returns(BaseType::Void, 1, "void *"),
    MpiFunction::acp(
        "acp_query_rank",
        "The rank a global address belongs to (-1 for `ACP_GA_NULL`); local.",
        &[p("ga", GA)],
        |s, a, _, _| {
            started(s)?;
            int(Ga::unpack(a.int(0) as u64).map_or(-1, |g| i64::from(g.rank)))
        },
    ),
    MpiFunction::acp(
        "acp_query_color",
        "The color a global address carries (-1 for `ACP_GA_NULL`); local.",
        &[p("ga", GA)],
        |s, a, _, _| {
            started(s)?;
            int(Ga::unpack(a.int(0) as u64).map_or(-1, |g| i64::from(g.color)))
        },
    ),
    MpiFunction::acp(
        "acp_copy",
        "Enqueues a copy of `size` bytes and returns its handle at once; the communication thread does it (an RDMA write, an RDMA read, a local copy, or — both ends remote — a command to the source rank, which copies and writes the completion back), after `order` completes.",
        &[p("dst", GA), p("src", GA), p("size", SIZE), p("order", HANDLE)],
        |s, a, _, ctx| {
            started(s)?;
            let h = ctx
                .acp_copy(
                    a.int(0) as u64,
                    a.int(1) as u64,
                    a.int(2) as u64,
                    a.int(3) as u64,
                    true,
                )
                .map_err(refused)?;
            word(h)
        },
    )
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp(
        "acp_cas4",
        "Atomic compare-and-swap of the 4-byte word at `src`, carried out by `src`'s rank; the old value goes to `dst` (this rank's).",
        &[p("dst", GA), p("src", GA), p("oldval", U32), p("newval", U32), p("order", HANDLE)],
        |s, a, _, ctx| {
            let op = AtomicOp::Cas { compare: w4(a.int(2)), swap: w4(a.int(3)) };
            atomic(s, a, ctx, op, 4, 4)
        },
    )
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp(
        "acp_cas8",
        "Atomic compare-and-swap of the 8-byte word at `src`, carried out by `src`'s rank; the old value goes to `dst` (this rank's).",
        &[p("dst", GA), p("src", GA), p("oldval", U64), p("newval", U64), p("order", HANDLE)],
        |s, a, _, ctx| {
            let op = AtomicOp::Cas { compare: a.int(2) as u64, swap: a.int(3) as u64 };
            atomic(s, a, ctx, op, 8, 4)
        },
    )
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_swap4", "Atomic swap of a 4-byte word; the old value to `dst`.", ATOMIC4, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Swap(w4(a.int(2))), 4, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_swap8", "Atomic swap of an 8-byte word; the old value to `dst`.", ATOMIC8, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Swap(a.int(2) as u64), 8, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_add4", "Atomic add to a 4-byte word (wrapping); the old value to `dst`.", ATOMIC4, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Add(w4(a.int(2))), 4, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_add8", "Atomic add to an 8-byte word (wrapping); the old value to `dst`.", ATOMIC8, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Add(a.int(2) as u64), 8, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_xor4", "Atomic exclusive or of a 4-byte word; the old value to `dst`.", ATOMIC4, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Xor(w4(a.int(2))), 4, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_xor8", "Atomic exclusive or of an 8-byte word; the old value to `dst`.", ATOMIC8, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Xor(a.int(2) as u64), 8, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_or4", "Atomic or of a 4-byte word; the old value to `dst`.", ATOMIC4, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Or(w4(a.int(2))), 4, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_or8", "Atomic or of an 8-byte word; the old value to `dst`.", ATOMIC8, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::Or(a.int(2) as u64), 8, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_and4", "Atomic and of a 4-byte word; the old value to `dst`.", ATOMIC4, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::And(w4(a.int(2))), 4, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp("acp_and8", "Atomic and of an 8-byte word; the old value to `dst`.", ATOMIC8, |s, a, _, ctx| {
        atomic(s, a, ctx, AtomicOp::And(a.int(2) as u64), 8, 3)
    })
    .returns(BaseType::Long, 0, "acp_handle_t"),
    MpiFunction::acp(
        "acp_complete",
        "Waits until the access with this handle and every earlier one are complete (`ACP_HANDLE_ALL`: all issued; a completed, unissued or null handle returns at once).",
        &[p("handle", HANDLE)],
        |s, a, _, ctx| {
            started(s)?;
            then(ctx.acp_complete(a.int(0) as u64), 0)
        },
    )
    .returns(BaseType::Void, 0, "void"),
    MpiFunction::acp(
        "acp_inquire",
        "1 if the access with this handle or an earlier one is still incomplete, else 0; local.",
        &[p("handle", HANDLE)],
        |s, a, _, ctx| {
            started(s)?;
            int(i64::from(ctx.acp_inquire(a.int(0) as u64)))
        },
    ),
];
