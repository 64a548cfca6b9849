//! Graph topologies (MPI-1) and the topology-mapping calls: `MPI_Graph_create`,
//! `MPI_Graphdims_get`, `MPI_Graph_get`, `MPI_Graph_neighbors_count`, `MPI_Graph_neighbors`,
//! `MPI_Graph_map`, `MPI_Cart_map`. As MPICH without a device mapping (`MPIR_Graph_create`,
//! `MPIR_Graph_map_impl`, `MPIR_Cart_map_impl`): `reorder` keeps every rank's rank, ranks
//! `0..nnodes` get the graph and the others `MPI_COMM_NULL`, and a map gives a rank its own rank
//! if the topology has room for it, else `MPI_UNDEFINED`. `MPI_Topo_test` says `MPI_GRAPH`.
//! Distributed graphs (`MPI_Dist_graph_create`, `MPI_UNWEIGHTED`) are not run yet.

use std::sync::Arc;

use super::communicators::{create, COMMP};
use super::params::{p, INTP, K};
use super::topologies::grid_dims;
use crate::libs::function::{done, MpiFunction};
use crate::libs::handles::HandleKind;
use crate::libs::mpi::buffers::{read_ints, write_int, write_ints};
use crate::libs::mpi::cart::Cart;
use crate::libs::mpi::comm::Comm;
use crate::libs::mpi::comm_error::CommError;
use crate::libs::mpi::constants::MPI_UNDEFINED;
use crate::libs::mpi::error::{ErrorKind, RankRole};
use crate::libs::mpi::graph::Graph;
use crate::libs::mpi::state::length;

/// `MPI_Comm`.
const COMM: K = K::Handle(HandleKind::COMM);

/// The graph topology of `comm`.
fn graph(comm: &Comm) -> Result<&Graph, ErrorKind> {
    comm.cart
        .as_deref()
        .and_then(|c| c.graph.as_deref())
        .ok_or(CommError::NoGraph.into())
}

/// Checks and reads a graph of `nnodes` nodes from the `index` and `edges` arrays.
fn read_graph(
    mem: &crate::lang::vm::memory::Memory,
    nnodes: i64,
    index: crate::lang::vm::memory::Addr,
    edges: crate::lang::vm::memory::Addr,
) -> Result<Graph, ErrorKind> {
    let n = u32::try_from(nnodes).map_err(|_| CommError::GraphArg {
        what: "nnodes".to_string(),
        value: nnodes,
        must: "it must be 0 or more".to_string(),
    })?;
    let index = read_ints(mem, index, n, "the index array")?;
    let mut last = 0;
    for (i, &v) in index.iter().enumerate() {
        if v < last {
            return Err(CommError::GraphArg {
                what: format!("index[{i}]"),
                value: v,
                must: format!("index holds cumulative neighbour counts, so it must be at least index[{}] ({last})", i.saturating_sub(1)),
            }
            .into());
        }
        last = v;
    }
    let nedges = u32::try_from(last).unwrap_or(0);
    let edges = read_ints(mem, edges, nedges, "the edges array")?;
    for (i, &e) in edges.iter().enumerate() {
        if !(0..nnodes).contains(&e) {
            return Err(CommError::GraphArg {
                what: format!("edges[{i}]"),
                value: e,
                must: format!("it must be a node of the graph, 0 to {}", nnodes - 1),
            }
            .into());
        }
    }
    Ok(Graph {
        index: index.into_iter().map(|v| v as i32).collect(),
        edges: edges.into_iter().map(|v| v as i32).collect(),
    })
}

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Graph_create", "Collective: a split of the parent that keeps every rank's rank; ranks from nnodes on get `MPI_COMM_NULL` (`reorder` accepted, as MPICH without a device mapping).",
        &[
            p("comm_old", COMM),
            p("nnodes", K::Int),
            p("index", INTP),
            p("edges", INTP),
            p("reorder", K::Int),
            p("comm_graph", COMMP),
        ],
        |s, a, mem, ctx| {
            let parent = s.comm(a.int(0), ctx)?;
            if parent.is_inter() {
                return Err(CommError::NeedsIntra("MPI_Graph_create").into());
            }
            let nnodes = a.int(1);
            if nnodes > i64::from(parent.size()) {
                return Err(CommError::GridTooLarge {
                    points: u64::try_from(nnodes).unwrap_or(0),
                    size: parent.size(),
                }
                .into());
            }
            let graph = read_graph(mem, nnodes, a.addr(2), a.addr(3))?;
            let topo = Cart {
                dims: Vec::new(),
                periods: Vec::new(),
                graph: Some(Arc::new(graph)),
            };
            let rank = parent.rank;
            let color = if i64::from(rank) < nnodes {
                0
            } else {
                MPI_UNDEFINED
            };
            create(s, parent, color, i64::from(rank), Some(topo), a.addr(5), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Graphdims_get", "Local: the number of nodes and of edges.",
        &[p("comm", COMM), p("nnodes", INTP), p("nedges", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let g = graph(&comm)?;
            write_int(mem, a.addr(1), g.index.len() as i32, "nnodes")?;
            write_int(mem, a.addr(2), g.edges.len() as i32, "nedges")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Graph_get", "Local: the index and edges arrays (maxindex and maxedges must hold them, as MPICH checks).",
        &[
            p("comm", COMM),
            p("maxindex", K::Int),
            p("maxedges", K::Int),
            p("index", INTP),
            p("edges", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let g = graph(&comm)?;
            // As MPICH: the arrays must hold the whole graph.
            for (what, max, need) in [
                ("maxindex", a.int(1), g.index.len()),
                ("maxedges", a.int(2), g.edges.len()),
            ] {
                if max < need as i64 {
                    return Err(CommError::GraphArg {
                        what: what.to_string(),
                        value: max,
                        must: format!("it must be at least {need}, to hold the whole graph"),
                    }
                    .into());
                }
            }
            write_ints(mem, a.addr(3), &g.index, "the index array")?;
            write_ints(mem, a.addr(4), &g.edges, "the edges array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Graph_neighbors_count", "Local: how many neighbours a rank has (duplicate edges count).",
        &[p("comm", COMM), p("rank", K::Int), p("nneighbors", INTP)],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let rank = comm.check_rank(a.int(1), RankRole::Peer)?;
            let n = graph(&comm)?.neighbors(rank).len() as i32;
            write_int(mem, a.addr(2), n, "nneighbors")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Graph_neighbors", "Local: a rank's neighbours in the order its edges were given, at most maxneighbors.",
        &[
            p("comm", COMM),
            p("rank", K::Int),
            p("maxneighbors", K::Int),
            p("neighbors", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let rank = comm.check_rank(a.int(1), RankRole::Peer)?;
            let max = length(a.int(2))? as usize;
            let n: Vec<i32> = graph(&comm)?
                .neighbors(rank)
                .iter()
                .take(max)
                .copied()
                .collect();
            write_ints(mem, a.addr(3), &n, "the neighbors array")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Graph_map", "Local: this rank's own rank if it is below nnodes, else `MPI_UNDEFINED` (MPICH's mapping without a device one).",
        &[
            p("comm", COMM),
            p("nnodes", K::Int),
            p("index", INTP),
            p("edges", INTP),
            p("newrank", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let nnodes = a.int(1);
            if nnodes < 1 || nnodes > i64::from(comm.size()) {
                return Err(CommError::GridTooLarge {
                    points: u64::try_from(nnodes).unwrap_or(0),
                    size: comm.size(),
                }
                .into());
            }
            let newrank = if i64::from(comm.rank) < nnodes {
                comm.rank as i32
            } else {
                MPI_UNDEFINED
            };
            write_int(mem, a.addr(4), newrank, "newrank")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Cart_map", "Local: this rank's own rank if it is inside the grid, else `MPI_UNDEFINED` (MPICH's mapping without a device one).",
        &[
            p("comm", COMM),
            p("ndims", K::Int),
            p("dims", INTP),
            p("periods", INTP),
            p("newrank", INTP),
        ],
        |s, a, mem, ctx| {
            let comm = s.comm(a.int(0), ctx)?;
            let n = length(a.int(1))?;
            let dims = grid_dims(mem, a.addr(2), n, comm.size())?;
            let points: u64 = dims.iter().map(|&d| u64::from(d)).product();
            let newrank = if u64::from(comm.rank) < points {
                comm.rank as i32
            } else {
                MPI_UNDEFINED
            };
            write_int(mem, a.addr(4), newrank, "newrank")?;
            done()
        },
    ),
];
