//! One-sided communication: windows (`MPI_Win_create`, `MPI_Win_allocate`, `MPI_Win_free`), their
//! synchronization (fence, lock, unlock, flush) and the transfers (`MPI_Put`, `MPI_Get`,
//! `MPI_Accumulate`, `MPI_Fetch_and_op`, `MPI_Compare_and_swap`). Each entry is the whole call:
//! it opens the rank's windows ([`one_sided::open`]), checks and decodes its arguments, and
//! either completes or blocks on the stages of its synchronization ([`one_sided::sync`]);
//! `mpi::one_sided` holds the parts they share.

use super::params::{p, K, RMA_TRANSFER, WINP};
use crate::engine::RankCtx;
use crate::lang::vm::memory::Memory;
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{check_bytes, read_bytes, read_int, write_bytes};
use crate::libs::mpi::constants::{
    MPI_LOCK_EXCLUSIVE, MPI_LOCK_SHARED, MPI_MODE_NOCHECK, MPI_MODE_NOPRECEDE, MPI_MODE_NOPUT,
    MPI_MODE_NOSTORE, MPI_MODE_NOSUCCEED,
};
use crate::libs::mpi::datatype::{Class, Datatype, Num};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::one_sided::{
    self, acquire, check_assert, check_creation, combine_of, create, element_of, ledger, release,
    sync, window_comm, RmaKind, RmaTransfer, Target,
};
use crate::libs::mpi::rma_error::RmaError;
use crate::libs::mpi::rma_sync::Stage;
use crate::libs::mpi::state::MpiState;
use crate::libs::mpi::window::Held;
use crate::locks::Mode;
use crate::machine::{AtomicKind, RdmaOp};
use crate::proto::rma::{Combine, Element, RemoteAccess};

/// The fence assertions accepted.
const FENCE_ASSERTS: i64 =
    (MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED) as i64;

/// `MPI_Put`/`MPI_Get`/`MPI_Accumulate`: the transfer whose window is the argument after `op_at`
/// (or argument 7), issued on the rank's windows.
fn put_get(
    s: &mut MpiState,
    a: &Args<'_>,
    kind: RmaKind,
    op_at: Option<usize>,
    mem: &mut Memory,
    ctx: &mut RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let rma = one_sided::open(s, mem, ctx)?;
    let t = RmaTransfer {
        kind,
        origin: a.addr(0),
        origin_count: a.int(1),
        origin_type: a.int(2),
        target: a.int(3),
        disp: a.int(4),
        target_count: a.int(5),
        target_type: a.int(6),
        win: a.int(op_at.map_or(7, |o| o + 1)),
    };
    one_sided::transfer(rma.windows, &t, mem, ctx)?;
    done()
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Win_create", "Collective on any intracommunicator (target ranks are its ranks): exposes the program's own memory; costs a barrier among its members (standing in for the exchange of window sizes).",
        &[
            p("base", K::Buffer),
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Handle(HandleKind::INFO)),
            p("comm", K::Handle(HandleKind::COMM)),
            p("win", WINP),
        ],
        |s, a, mem, ctx| {
            let comm = window_comm(s, a.int(4), a.name, ctx)?;
            let mut rma = one_sided::open(s, mem, ctx)?;
            let (size, disp_unit) = check_creation(a.int(1), a.int(2), a.int(3))?;
            check_bytes(mem, a.addr(0), size, "the window memory")?;
            let number = create(rma.windows, a.name, a.addr(0), size, disp_unit, a.addr(5), comm, mem, ctx)?;
            sync(vec![rma.barrier(number)?])
        },
    ),
    MpiFunction::new(
        "MPI_Win_allocate", "`MPI_Win_create` on a new block of the heap segment, whose address goes to `baseptr`.",
        &[
            p("size", K::Int),
            p("disp_unit", K::Int),
            p("info", K::Handle(HandleKind::INFO)),
            p("comm", K::Handle(HandleKind::COMM)),
            p("baseptr", K::BaseOut),
            p("win", WINP),
        ],
        |s, a, mem, ctx| {
            let comm = window_comm(s, a.int(3), a.name, ctx)?;
            let mut rma = one_sided::open(s, mem, ctx)?;
            let (size, disp_unit) = check_creation(a.int(0), a.int(1), a.int(2))?;
            let baseptr = a.addr(4);
            check_bytes(mem, baseptr, 8, "the base pointer variable")?;
            let base = mem.alloc_heap(size, 8).map_err(|error| ErrorKind::Memory {
                what: "the window memory",
                error,
            })?;
            let number = create(rma.windows, a.name, base, size, disp_unit, a.addr(5), comm, mem, ctx)?;
            write_bytes(
                mem,
                baseptr,
                &u64::from(base).to_le_bytes(),
                "the base pointer variable",
            )?;
            sync(vec![rma.barrier(number)?])
        },
    ),
    MpiFunction::new("MPI_Win_free", "Completes this rank's operations, a barrier, then frees the window.", &[p("win", WINP)], |s, a, mem, ctx| {
        let mut rma = one_sided::open(s, mem, ctx)?;
        let win = a.addr(0);
        let handle = read_int(mem, win, "the window handle")?;
        let number = rma.windows.number(i64::from(handle))?;
        if rma.windows.get(number)?.passive() {
            return Err(RmaError::PassiveEpochOpen(number).into());
        }
        ledger(rma.windows, a.name, number, ctx)?;
        let started = sync(vec![
            Stage::Complete {
                window: number,
                target: None,
                local: false,
            },
            rma.barrier(number)?,
            Stage::Free {
                window: number,
                handle: win,
            },
        ])?;
        // Attribute caching (attrs.rs): the delete callbacks run before the window goes.
        Ok(s.with_attr_deletes(crate::libs::mpi::attrs::ObjKind::Win, i64::from(handle), started))
    }),
    MpiFunction::new(
        "MPI_Win_fence", "Completes every outstanding operation (writing get results to the origin), then a barrier.",
        &[p("assert", K::Int), p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let mut rma = one_sided::open(s, mem, ctx)?;
            let assert = a.int(0);
            let number = rma.windows.number(a.int(1))?;
            check_assert(
                assert,
                FENCE_ASSERTS,
                "MPI_MODE_NOSTORE, MPI_MODE_NOPUT, MPI_MODE_NOPRECEDE or MPI_MODE_NOSUCCEED",
            )?;
            let window = rma.windows.get_mut(number)?;
            if window.passive() {
                return Err(RmaError::PassiveEpochOpen(number).into());
            }
            window.fence = assert & i64::from(MPI_MODE_NOSUCCEED) == 0;
            ledger(rma.windows, a.name, number, ctx)?;
            sync(vec![
                Stage::Complete {
                    window: number,
                    target: None,
                    local: false,
                },
                rma.barrier(number)?,
            ])
        },
    ),
    MpiFunction::new(
        "MPI_Win_lock", "Takes the lock as the run's lock scheme says (by default paper 003's MCS-RW on rank 0's words): each step a remote memory operation, each wait a spin; `MPI_MODE_NOCHECK` skips it.",
        &[
            p("lock_type", K::Int),
            p("rank", K::Int),
            p("assert", K::Int),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| {
            let rma = one_sided::open(s, mem, ctx)?;
            let (lock_type, windows) = (a.int(0), rma.windows);
            let number = windows.number(a.int(3))?;
            let mode = match i32::try_from(lock_type) {
                Ok(MPI_LOCK_SHARED) => Mode::Shared,
                Ok(MPI_LOCK_EXCLUSIVE) => Mode::Exclusive,
                _ => return Err(RmaError::LockType(lock_type).into()),
            };
            let target = windows.get(number)?.target(a.int(1))?;
            let nocheck = check_assert(a.int(2), i64::from(MPI_MODE_NOCHECK), "MPI_MODE_NOCHECK")?;
            let window = windows.get(number)?;
            let group = window.group();
            if window.locks.contains_key(&target) || window.lock_all.is_some() {
                return Err(RmaError::AlreadyLocked {
                    target: Some(target),
                    window: number,
                }
                .into());
            }
            let stages = acquire(windows, mode, Some(target), &group, nocheck, ctx)?;
            windows
                .get_mut(number)?
                .locks
                .insert(target, Held { mode, nocheck });
            sync(stages)
        },
    ),
    MpiFunction::new(
        "MPI_Win_unlock", "Completes the operations to that target, then releases the lock.",
        &[p("rank", K::Int), p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(1))?;
            let target = windows.get(number)?.target(a.int(0))?;
            let group = windows.get(number)?.group();
            let held = windows
                .get_mut(number)?
                .locks
                .remove(&target)
                .ok_or(RmaError::NotLocked {
                    target,
                    window: number,
                })?;
            let mut stages = vec![Stage::Complete {
                window: number,
                target: Some(target),
                local: false,
            }];
            stages.extend(release(windows, held, Some(target), &group, ctx)?);
            sync(stages)
        },
    ),
    MpiFunction::new(
        "MPI_Win_lock_all", "A shared lock on every target (under the `li` scheme, each rank's lock in turn).",
        &[p("assert", K::Int), p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(1))?;
            let nocheck = check_assert(a.int(0), i64::from(MPI_MODE_NOCHECK), "MPI_MODE_NOCHECK")?;
            if windows.get(number)?.passive() {
                return Err(RmaError::AlreadyLocked {
                    target: None,
                    window: number,
                }
                .into());
            }
            let group = windows.get(number)?.group();
            let stages = acquire(windows, Mode::Shared, None, &group, nocheck, ctx)?;
            windows.get_mut(number)?.lock_all = Some(nocheck);
            sync(stages)
        },
    ),
    MpiFunction::new(
        "MPI_Win_unlock_all", "Completes every outstanding operation, then releases.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(0))?;
            let group = windows.get(number)?.group();
            let nocheck = windows
                .get_mut(number)?
                .lock_all
                .take()
                .ok_or(RmaError::NotLockedAll(number))?;
            let mut stages = vec![Stage::Complete {
                window: number,
                target: None,
                local: false,
            }];
            let held = Held {
                mode: Mode::Shared,
                nocheck,
            };
            stages.extend(release(windows, held, None, &group, ctx)?);
            sync(stages)
        },
    ),
    MpiFunction::new(
        "MPI_Win_flush", "Completes the operations to one target; the lock stays held.",
        &[p("rank", K::Int), p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(1))?;
            let window = windows.get(number)?;
            let target = window.target(a.int(0))?;
            if window.lock_all.is_none() && !window.locks.contains_key(&target) {
                return Err(RmaError::NoPassiveEpoch {
                    window: number,
                    target: Some(target),
                }
                .into());
            }
            sync(vec![Stage::Complete {
                window: number,
                target: Some(target),
                local: false,
            }])
        },
    ),
    MpiFunction::new(
        "MPI_Win_flush_all", "Completes every outstanding operation; the locks stay held.",
        &[p("win", K::Handle(HandleKind::WIN))],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let number = windows.number(a.int(0))?;
            if !windows.get(number)?.passive() {
                return Err(RmaError::NoPassiveEpoch {
                    window: number,
                    target: None,
                }
                .into());
            }
            sync(vec![Stage::Complete {
                window: number,
                target: None,
                local: false,
            }])
        },
    ),
    MpiFunction::new("MPI_Put", "Reads the origin data at the call; one RDMA put on the target's NIC, without its processor. Needs an access epoch.", RMA_TRANSFER, |s, a, mem, ctx| {
        put_get(s, a, RmaKind::Put, None, mem, ctx)
    }),
    MpiFunction::new("MPI_Get", "One RDMA get on the target's NIC, without its processor; the bytes reach the origin buffer at the synchronization that completes it.", RMA_TRANSFER, |s, a, mem, ctx| {
        put_get(s, a, RmaKind::Get, None, mem, ctx)
    }),
    MpiFunction::new(
        "MPI_Accumulate", "One `int` with `MPI_SUM` is the NIC's fetch-and-add, `MPI_REPLACE` fetch-and-store (of many elements, a put); anything else is done by the target's software (a handler of `[cpu] handler_us`).",
        &[
            p("origin_addr", K::Buffer),
            p("origin_count", K::Int),
            p("origin_datatype", K::Handle(HandleKind::DATATYPE)),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("target_count", K::Int),
            p("target_datatype", K::Handle(HandleKind::DATATYPE)),
            p("op", K::Handle(HandleKind::OP)),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| put_get(s, a, RmaKind::Accumulate(a.int(7)), Some(7), mem, ctx),
    ),
    MpiFunction::new(
        "MPI_Fetch_and_op", "One `int` `MPI_SUM` is the NIC's fetch-and-add, `MPI_REPLACE` fetch-and-store, `MPI_NO_OP` a get; other operations run in the target's software.",
        &[
            p("origin_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("op", K::Handle(HandleKind::OP)),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let (origin, result) = (a.addr(0), a.addr(1));
            let (combine, op_name) = combine_of(a.int(5))?;
            let dtype = Datatype::from_handle(a.int(2))?;
            let element = element_of(dtype, combine)?;
            let bytes = dtype.size();
            let at = Target::check(windows, a.int(6), a.int(3), a.int(4), bytes, ctx)?;
            let operand = if combine == Combine::NoOp {
                vec![0; bytes as usize]
            } else {
                read_bytes(mem, origin, bytes, "the origin buffer")?
            };
            check_bytes(mem, result, bytes, "the result buffer")?;
            let (op, software) = match (combine, element) {
                (Combine::Sum, Element::Int) => (RdmaOp::Atomic(AtomicKind::FetchAndAdd), None),
                (Combine::Replace, _) if bytes <= 8 => {
                    (RdmaOp::Atomic(AtomicKind::FetchAndStore), None)
                }
                (Combine::NoOp, _) => (
                    RdmaOp::Get {
                        bytes: u64::from(bytes),
                    },
                    None,
                ),
                _ => (
                    RdmaOp::Atomic(AtomicKind::FetchAndAdd),
                    Some(format!(
                        "no NIC operation for MPI_Fetch_and_op with {op_name} on {dtype}"
                    )),
                ),
            };
            let access = RemoteAccess::Accumulate {
                combine,
                element,
                operand,
                fetch: true,
            };
            at.issue(windows, access, op, software, Some((result, bytes)), mem, ctx)?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Compare_and_swap", "The NIC's compare-and-swap; in the target's software where the machine has no such atomic (FX10).",
        &[
            p("origin_addr", K::Buffer),
            p("compare_addr", K::Buffer),
            p("result_addr", K::Buffer),
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("target_rank", K::Int),
            p("target_disp", K::Int),
            p("win", K::Handle(HandleKind::WIN)),
        ],
        |s, a, mem, ctx| {
            let windows = one_sided::open(s, mem, ctx)?.windows;
            let result = a.addr(2);
            let dtype = Datatype::from_handle(a.int(3))?;
            // MPI: C integers, logicals and bytes (`MPI_AINT` among them), as MPICH.
            let element = match dtype.class() {
                Class::Num(Num::Int { signed, bytes }) => match (signed, bytes) {
                    (true, 4) => Element::Int,
                    _ => Element::Integer { signed, bytes },
                },
                Class::Num(Num::Bool) => Element::Bool,
                Class::Num(Num::Byte) => Element::Byte,
                _ => return Err(RmaError::SwapType(dtype).into()),
            };
            let bytes = dtype.size();
            let at = Target::check(windows, a.int(6), a.int(4), a.int(5), bytes, ctx)?;
            let swap = read_bytes(mem, a.addr(0), bytes, "the origin buffer")?;
            let compare = read_bytes(mem, a.addr(1), bytes, "the compare buffer")?;
            check_bytes(mem, result, bytes, "the result buffer")?;
            let access = RemoteAccess::CompareAndSwap {
                element,
                compare,
                swap,
            };
            let op = RdmaOp::Atomic(AtomicKind::CompareAndSwap);
            at.issue(windows, access, op, None, Some((result, bytes)), mem, ctx)?;
            done()
        },
    ),
];
