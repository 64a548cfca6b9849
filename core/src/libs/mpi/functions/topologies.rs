//! Cartesian topologies: `MPI_Dims_create`, `MPI_Cart_create`, `MPI_Cart_coords`,
//! `MPI_Cart_rank`, `MPI_Cart_shift`, `MPI_Cart_sub`, `MPI_Cartdim_get`, `MPI_Cart_get`,
//! `MPI_Topo_test`. `MPI_Cart_create` accepts `reorder` and keeps every rank's rank (MPICH does
//! the same unless the device offers a mapping); it and `MPI_Cart_sub` create communicators like
//! `MPI_Comm_split` (MPICH's `MPIR_Cart_create_impl` and `MPIR_Cart_sub_impl` split too).

use super::communicators::{create, COMMP};
use super::params::{p, INTP, K};
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, MpiFunction};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{read_ints, write_int, write_ints};
use crate::libs::mpi::cart::Cart;
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::{MPI_CART, MPI_UNDEFINED};
use crate::libs::mpi::dims::{dims_create, DimsError};
use crate::libs::mpi::error::{ErrorKind, RankRole};
use crate::libs::mpi::state::length;

/// A count of dimensions, at least `least`.
fn ndims(value: i64, least: u32) -> Result<u32, ErrorKind> {
    match u32::try_from(value) {
        Ok(n) if n >= least => Ok(n),
        _ => Err(CommError::BadDims {
            what: "ndims".to_string(),
            value,
            least: least.into(),
        }
        .into()),
    }
}

/// The `n` extents of a grid at `addr` (each 1 or more), checked to fit in a communicator of
/// `size` ranks (`MPI_Cart_create`, `MPI_Cart_map`).
pub(super) fn grid_dims(
    mem: &Memory,
    addr: Addr,
    n: u32,
    size: u32,
) -> Result<Vec<u32>, ErrorKind> {
    let mut dims = Vec::with_capacity(n as usize);
    for (i, d) in read_ints(mem, addr, n, "the dims array")?
        .into_iter()
        .enumerate()
    {
        match u32::try_from(d) {
            Ok(d) if d >= 1 => dims.push(d),
            _ => {
                return Err(CommError::BadDims {
                    what: format!("dims[{i}]"),
                    value: d,
                    least: 1,
                }
                .into())
            }
        }
    }
    let points: u64 = dims.iter().map(|&d| u64::from(d)).product();
    if points > u64::from(size) {
        return Err(CommError::GridTooLarge { points, size }.into());
    }
    Ok(dims)
}

/// The first `max` entries of `values` (at most all), as `int`s.
fn first(values: &[u32], max: i64) -> Result<Vec<i32>, ErrorKind> {
    let max = length(max)? as usize;
    Ok(values.iter().take(max).map(|&v| v as i32).collect())
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Dims_create", "Local: MPICH 4's balanced factorisation, answer for answer (0 dimensions: only 1 process, as MPICH).",
        &[p("nnodes", K::Int), p("ndims", K::Int), p("dims", INTP)],
        |_, a, mem, _| {
            // No dimensions: one process fits the empty grid, as MPICH decides (MPI Forum
            // issue 72); more do not.
            if a.int(1) == 0 && a.int(0) >= 0 {
                if a.int(0) == 1 {
                    return done();
                }
                return Err(CommError::NotDivisible {
                    nnodes: a.int(0),
                    product: 1,
                }
                .into());
            }
            let n = ndims(a.int(1), 1)?;
            let mut dims = read_ints(mem, a.addr(2), n, "the dims array")?;
            let nnodes = u64::try_from(a.int(0)).map_err(|_| CommError::BadDims {
                what: "nnodes".to_string(),
                value: a.int(0),
                least: 0,
            })?;
            dims_create(nnodes, &mut dims).map_err(|e| match e {
                DimsError::Negative { index, value } => CommError::BadDims {
                    what: format!("dims[{index}]"),
                    value,
                    least: 0,
                },
                DimsError::NotDivisible { nnodes, product } => {
                    CommError::NotDivisible { nnodes, product }
                }
            })?;
            let dims: Vec<i32> = dims.into_iter().map(|d| d as i32).collect();
            write_ints(mem, a.addr(2), &dims, "the dims array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_create", "Collective: a split of the parent that keeps every rank's rank (`reorder` accepted, as MPICH without a device mapping).",
        &[
            p("comm_old", K::Handle(HandleKind::COMM)),
            p("ndims", K::Int),
            p("dims", INTP),
            p("periods", INTP),
            p("reorder", K::Int),
            p("comm_cart", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            // No dimensions: a grid of one point, rank 0's alone (MPI 2.1; as MPICH).
            let n = ndims(a.int(1), 0)?;
            let dims = grid_dims(mem, a.addr(2), n, parent.size())?;
            let periods = read_ints(mem, a.addr(3), n, "the periods array")?;
            let cart = Cart {
                dims,
                periods: periods.into_iter().map(|v| v != 0).collect(),
                graph: None,
            };
            let rank = parent.rank;
            let color = if u64::from(rank) < cart.size() {
                0
            } else {
                MPI_UNDEFINED
            };
            create(
                s,
                parent,
                color,
                i64::from(rank),
                Some(cart),
                a.addr(5),
                mem,
            )
        },
    ),
    MpiFunction::new(
        "MPI_Cart_coords", "Local: a rank's coordinates, row-major (the last dimension fastest).",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("rank", K::Int),
            p("maxdims", K::Int),
            p("coords", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let cart = comm.cart()?;
            let rank = u32::try_from(a.int(1))
                .ok()
                .filter(|&r| u64::from(r) < cart.size())
                .ok_or(ErrorKind::InvalidRank {
                    rank: a.int(1),
                    size: cart.size() as u32,
                    role: RankRole::Peer,
                })?;
            let coords = first(&cart.coords(rank), a.int(2))?;
            write_ints(mem, a.addr(3), &coords, "the coords array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_rank", "Local: the rank at coordinates (periodic dimensions wrap).",
        &[p("comm", K::Handle(HandleKind::COMM)), p("coords", INTP), p("rank", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let cart = comm.cart()?;
            let coords = read_ints(mem, a.addr(1), cart.dims.len() as u32, "the coords array")?;
            let rank = cart.rank(&coords).map_err(|e| CommError::OffGrid {
                dim: e.dim,
                coord: e.coord,
                extent: e.extent,
            })?;
            write_int(mem, a.addr(2), rank as i32, "the rank variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_shift", "Local: source and destination of a shift (`MPI_PROC_NULL` off a non-periodic edge).",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("direction", K::Int),
            p("disp", K::Int),
            p("rank_source", INTP),
            p("rank_dest", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let cart = comm.cart()?;
            let dim = usize::try_from(a.int(1))
                .ok()
                .filter(|&d| d < cart.dims.len())
                .ok_or(CommError::NoSuchDim {
                    dim: a.int(1),
                    ndims: cart.dims.len(),
                })?;
            let (source, dest) = cart.shift(comm.rank, dim, a.int(2));
            write_int(mem, a.addr(3), source, "the source variable")?;
            write_int(mem, a.addr(4), dest, "the destination variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_sub", "Collective: a split keeping the chosen dimensions.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("remain_dims", INTP),
            p("newcomm", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            let cart = parent.cart()?;
            let keep = read_ints(
                mem,
                a.addr(1),
                cart.dims.len() as u32,
                "the remain_dims array",
            )?;
            let keep: Vec<bool> = keep.into_iter().map(|v| v != 0).collect();
            let (color, key, sub) = cart.sub(parent.rank, &keep);
            let color = if sub.dims.is_empty() {
                // No dimension kept: a grid of no dimensions, which is rank 0's alone; every
                // other rank gets `MPI_COMM_NULL` (MPICH's `MPIR_Cart_sub_impl`).
                if parent.rank == 0 {
                    0
                } else {
                    MPI_UNDEFINED
                }
            } else {
                i32::try_from(color).unwrap_or(i32::MAX)
            };
            create(s, parent, color, key, Some(sub), a.addr(2), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Cartdim_get", "Local: the number of dimensions.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("ndims", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let n = comm.cart()?.dims.len() as i32;
            write_int(mem, a.addr(1), n, "the ndims variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_get", "Local: the dimensions, periodicity and this rank's coordinates.",
        &[
            p("comm", K::Handle(HandleKind::COMM)),
            p("maxdims", K::Int),
            p("dims", INTP),
            p("periods", INTP),
            p("coords", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let cart = comm.cart()?;
            let periods: Vec<u32> = cart.periods.iter().map(|&p| u32::from(p)).collect();
            write_ints(
                mem,
                a.addr(2),
                &first(&cart.dims, a.int(1))?,
                "the dims array",
            )?;
            write_ints(
                mem,
                a.addr(3),
                &first(&periods, a.int(1))?,
                "the periods array",
            )?;
            let coords = first(&cart.coords(comm.rank), a.int(1))?;
            write_ints(mem, a.addr(4), &coords, "the coords array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Topo_test", "Local: `MPI_CART`, `MPI_GRAPH` or `MPI_UNDEFINED`.",
        &[p("comm", K::Handle(HandleKind::COMM)), p("status", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let status = if let Some(topo) = &comm.cart {
                if topo.graph.is_some() {
                    crate::libs::mpi::constants::MPI_GRAPH
                } else {
                    MPI_CART
                }
            } else {
                MPI_UNDEFINED
            };
            write_int(mem, a.addr(1), status, "the status variable")?;
            done()
        },
    ),
];
