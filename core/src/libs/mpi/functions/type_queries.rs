//! Datatype queries and the constructors that build on them: `MPI_Type_get_envelope`,
//! `MPI_Type_get_contents` (every derived type remembers its constructor's call, `derived::Recipe`),
//! names of datatypes and windows, `MPI_Type_dup`, `MPI_Type_get_true_extent`; the block-indexed,
//! hindexed, subarray and darray constructors; and the MPI-1 names MPICH still accepts
//! (`MPI_Type_extent`, `MPI_Type_lb`, `MPI_Type_ub`, `MPI_Type_struct`, `MPI_Type_hindexed`,
//! `MPI_Address`).

use crate::libs::handles::HandleKind;

use super::datatypes::{create, create_struct, read_aint, read_lengths, write_aint};
use super::params::{p, INTP, K};
use crate::lang::sema::builtins::Param;
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::mpi::attrs::ObjKind;
use crate::libs::mpi::buffers::{element, read_bytes, read_ints, write_bytes, write_int};
use crate::libs::mpi::datatype::Datatype;
use crate::libs::mpi::derived::{is_derived, Recipe, TypeMap};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::state::{length, MpiState};
use crate::libs::mpi::type_consts::{self as tc, Dim};

/// `MPI_Aint *`.
const AINTP: K = K::Ptr(BaseType::Long);
/// `MPI_Datatype *`.
const TYPEP: K = K::Ptr(BaseType::Handle(HandleKind::DATATYPE));
/// `MPI_Datatype`.
const TYPE: K = K::Handle(HandleKind::DATATYPE);
/// `MPI_MAX_OBJECT_NAME`.
const MAX_NAME: u32 = 128;

/// `(datatype, name)`.
const SET_NAME: &[Param] = &[p("datatype", TYPE), p("type_name", K::Buffer)];
/// `(datatype, name, resultlen)`.
const GET_NAME: &[Param] = &[
    p("datatype", TYPE),
    p("type_name", K::Buffer),
    p("resultlen", INTP),
];
/// `MPI_Type_create_hindexed(count, blocklengths, displacements, oldtype, newtype)`.
const HINDEXED: &[Param] = &[
    p("count", K::Int),
    p("array_of_blocklengths", INTP),
    p("array_of_displacements", AINTP),
    p("oldtype", TYPE),
    p("newtype", TYPEP),
];
/// `MPI_Type_create_struct`'s parameters (for `MPI_Type_struct`).
const STRUCT: &[Param] = &[
    p("count", K::Int),
    p("array_of_blocklengths", INTP),
    p("array_of_displacements", AINTP),
    p("array_of_types", TYPEP),
    p("newtype", TYPEP),
];
/// `(datatype, MPI_Aint *)`.
const TYPE_AINT: &[Param] = &[p("datatype", TYPE), p("displacement", AINTP)];

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Type_get_envelope", "Local: how the datatype was made: its combiner (`MPI_COMBINER_NAMED` for a predefined one) and how many integers, addresses and datatypes its constructor took.",
        &[
            p("datatype", TYPE),
            p("num_integers", INTP),
            p("num_addresses", INTP),
            p("num_datatypes", INTP),
            p("combiner", INTP),
        ],
        |s, a, mem, _| {
            let map = s.types().map(a.int(0))?;
            let (c, ni, na, nd) = match map.recipe() {
                None => (tc::MPI_COMBINER_NAMED, 0, 0, 0),
                Some(r) => (r.combiner, r.ints.len(), r.aints.len(), r.types.len()),
            };
            for (i, v) in [ni, na, nd].into_iter().enumerate() {
                write_int(mem, a.addr(i + 1), v as i32, "the count variable")?;
            }
            write_int(mem, a.addr(4), c, "the combiner variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_get_contents", "Local: the constructor's integer, address and datatype arguments (a derived datatype among them comes back as its handle, to be freed once more, as MPICH counts references).",
        &[
            p("datatype", TYPE),
            p("max_integers", K::Int),
            p("max_addresses", K::Int),
            p("max_datatypes", K::Int),
            p("array_of_integers", K::Buffer),
            p("array_of_addresses", K::Buffer),
            p("array_of_datatypes", K::Buffer),
        ],
        |s, a, mem, _| {
            let map = s.types().map(a.int(0))?;
            let Some(r) = map.recipe() else {
                return Err(ErrorKind::Datatype(format!(
                    "datatype {} is predefined (MPI_COMBINER_NAMED): it has no contents",
                    a.int(0)
                )));
            };
            let lens = [r.ints.len(), r.aints.len(), r.types.len()];
            for (i, (n, name)) in lens.iter().zip(["max_integers", "max_addresses", "max_datatypes"]).enumerate() {
                if a.int(i + 1) < *n as i64 {
                    return Err(ErrorKind::Datatype(format!(
                        "{name} is {}, but the constructor took {n}: ask MPI_Type_get_envelope first",
                        a.int(i + 1)
                    )));
                }
            }
            for (i, v) in r.ints.iter().enumerate() {
                let at = element(mem, a.addr(4), i as i64, 4, "the integers array")?;
                write_int(mem, at, *v, "the integers array")?;
            }
            for (i, v) in r.aints.iter().enumerate() {
                let at = element(mem, a.addr(5), i as i64, 8, "the addresses array")?;
                write_aint(mem, at, *v, "the addresses array")?;
            }
            let types = r.types.clone();
            for (i, h) in types.into_iter().enumerate() {
                // A derived datatype comes back as the same handle, which now takes one more
                // MPI_Type_free to go (MPICH's reference count).
                s.types().share(i64::from(h))?;
                let at = element(mem, a.addr(6), i as i64, 4, "the datatypes array")?;
                write_int(mem, at, h, "the datatypes array")?;
            }
            done()
        },
    ),
    MpiFunction::new("MPI_Type_set_name", "Local: names the datatype (predefined ones too), up to `MPI_MAX_OBJECT_NAME` − 1 characters.", SET_NAME, |s, a, mem, _| {
        s.types().map(a.int(0))?;
        let name = read_name(mem, a.addr(1))?;
        s.attrs().set_name(ObjKind::Type, a.int(0), name);
        done()
    }),
    MpiFunction::new("MPI_Type_get_name", "Local: the datatype's name: MPICH's for a predefined one (`MPI_INT`, `MPI_LONG_LONG_INT`), empty for a derived one until set.", GET_NAME, |s, a, mem, _| {
        s.types().map(a.int(0))?;
        let name = match s.attrs().name(ObjKind::Type, a.int(0)) {
            Some(n) => n.to_vec(),
            None if is_derived(a.int(0)) => Vec::new(),
            None => match Datatype::from_handle(a.int(0))? {
                Datatype::LongLong => b"MPI_LONG_LONG_INT".to_vec(),
                d => d.name().as_bytes().to_vec(),
            },
        };
        write_name(mem, a.addr(1), a.addr(2), &name)
    }),
    MpiFunction::new(
        "MPI_Win_set_name", "Local: names the window.",
        &[p("win", K::Handle(HandleKind::WIN)), p("win_name", K::Buffer)],
        |s, a, mem, _| {
            live_window(s, a.int(0))?;
            let name = read_name(mem, a.addr(1))?;
            s.attrs().set_name(ObjKind::Win, a.int(0), name);
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Win_get_name", "Local: the window's name (empty until set, as MPICH).",
        &[p("win", K::Handle(HandleKind::WIN)), p("win_name", K::Buffer), p("resultlen", INTP)],
        |s, a, mem, _| {
            live_window(s, a.int(0))?;
            let name = s.attrs().name(ObjKind::Win, a.int(0)).map(<[u8]>::to_vec).unwrap_or_default();
            write_name(mem, a.addr(1), a.addr(2), &name)
        },
    ),
    MpiFunction::new(
        "MPI_Type_dup", "Local: a new handle of the same type map and commit state (`MPI_COMBINER_DUP`); the attributes' copy callbacks run.",
        &[p("oldtype", TYPE), p("newtype", TYPEP)],
        |s, a, mem, _| {
            let old = s.types().map(a.int(0))?;
            let map = old.duplicate(a.int(0) as i32);
            let handle = s.types().insert(map)?;
            write_int(mem, a.addr(1), handle, "the new datatype variable")?;
            let work = s.attrs().dup_type(a.int(0), i64::from(handle), a.addr(1));
            Ok(work.started())
        },
    ),
    MpiFunction::new(
        "MPI_Type_get_true_extent", "Local: the lowest data byte and the span of the data bytes (padding and resized bounds left out).",
        &[p("datatype", TYPE), p("true_lb", AINTP), p("true_extent", AINTP)],
        |s, a, mem, _| {
            let (lb, extent) = s.types().map(a.int(0))?.true_extent();
            write_aint(mem, a.addr(1), lb, "the true_lb variable")?;
            write_aint(mem, a.addr(2), extent, "the true_extent variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_create_indexed_block", "Local: blocks of one length at element displacements.",
        &[
            p("count", K::Int),
            p("blocklength", K::Int),
            p("array_of_displacements", INTP),
            p("oldtype", TYPE),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let n = length(a.int(0))?;
            let block = i64::from(length(a.int(1))?);
            let old = s.types().map(a.int(3))?;
            let elems = read_ints(mem, a.addr(2), n, "the displacements array")?;
            let displs: Vec<i64> = elems.iter().map(|d| d.saturating_mul(old.extent())).collect();
            let ints = [i64::from(n), block].into_iter().chain(elems);
            let map = TypeMap::blocks(&vec![block; n as usize], &displs, &[&old], false).made_by(Recipe {
                combiner: tc::MPI_COMBINER_INDEXED_BLOCK,
                ints: ints.map(|v| v as i32).collect(),
                aints: vec![],
                types: vec![a.int(3) as i32],
            });
            create(s, map, a.addr(4), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Type_create_hindexed_block", "Local: blocks of one length at byte displacements.",
        &[
            p("count", K::Int),
            p("blocklength", K::Int),
            p("array_of_displacements", AINTP),
            p("oldtype", TYPE),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let n = length(a.int(0))?;
            let block = i64::from(length(a.int(1))?);
            let old = s.types().map(a.int(3))?;
            let displs = read_aints(mem, a.addr(2), n)?;
            let map = TypeMap::blocks(&vec![block; n as usize], &displs, &[&old], false).made_by(Recipe {
                combiner: tc::MPI_COMBINER_HINDEXED_BLOCK,
                ints: vec![n as i32, block as i32],
                aints: displs,
                types: vec![a.int(3) as i32],
            });
            create(s, map, a.addr(4), mem)
        },
    ),
    MpiFunction::new("MPI_Type_create_hindexed", "Local: blocks at byte displacements.", HINDEXED, hindexed),
    MpiFunction::new("MPI_Type_hindexed", "The MPI-1 name of `MPI_Type_create_hindexed`.", HINDEXED, hindexed),
    MpiFunction::new("MPI_Type_struct", "The MPI-1 name of `MPI_Type_create_struct`.", STRUCT, create_struct),
    MpiFunction::new("MPI_Type_extent", "MPI-1: the extent (`MPI_Type_get_extent`'s).", TYPE_AINT, |s, a, mem, _| {
        let map = s.types().map(a.int(0))?;
        write_aint(mem, a.addr(1), map.extent(), "the extent variable")?;
        done()
    }),
    MpiFunction::new("MPI_Type_lb", "MPI-1: the lower bound (`MPI_Type_get_extent`'s).", TYPE_AINT, |s, a, mem, _| {
        let map = s.types().map(a.int(0))?;
        write_aint(mem, a.addr(1), map.lb(), "the displacement variable")?;
        done()
    }),
    MpiFunction::new("MPI_Type_ub", "MPI-1: the upper bound, lower bound plus extent.", TYPE_AINT, |s, a, mem, _| {
        let map = s.types().map(a.int(0))?;
        write_aint(mem, a.addr(1), map.lb() + map.extent(), "the displacement variable")?;
        done()
    }),
    MpiFunction::new(
        "MPI_Address", "The MPI-1 name of `MPI_Get_address`.",
        &[p("location", K::Buffer), p("address", AINTP)],
        |_, a, mem, _| {
            write_aint(mem, a.addr(1), i64::from(a.addr(0)), "the address variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_create_subarray", "Local: a block of an n-dimensional array (C or Fortran order); lower bound 0, the whole array's extent, as the MPI standard defines it.",
        &[
            p("ndims", K::Int),
            p("array_of_sizes", INTP),
            p("array_of_subsizes", INTP),
            p("array_of_starts", INTP),
            p("order", K::Int),
            p("oldtype", TYPE),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let n = dims(a.int(0))?;
            let sizes = read_ints(mem, a.addr(1), n, "the sizes array")?;
            let subsizes = read_ints(mem, a.addr(2), n, "the subsizes array")?;
            let starts = read_ints(mem, a.addr(3), n, "the starts array")?;
            let old = s.types().map(a.int(5))?;
            let map = tc::subarray(&sizes, &subsizes, &starts, a.int(4) as i32, &old)?;
            let ints = std::iter::once(i64::from(n))
                .chain(sizes)
                .chain(subsizes)
                .chain(starts)
                .chain(std::iter::once(a.int(4)));
            let map = map.made_by(Recipe {
                combiner: tc::MPI_COMBINER_SUBARRAY,
                ints: ints.map(|v| v as i32).collect(),
                aints: vec![],
                types: vec![a.int(5) as i32],
            });
            create(s, map, a.addr(6), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Type_create_darray", "Local: this process's part of an n-dimensional array distributed block, cyclic or not over a row-major process grid; lower bound 0, the whole array's extent.",
        &[
            p("size", K::Int),
            p("rank", K::Int),
            p("ndims", K::Int),
            p("array_of_gsizes", INTP),
            p("array_of_distribs", INTP),
            p("array_of_dargs", INTP),
            p("array_of_psizes", INTP),
            p("order", K::Int),
            p("oldtype", TYPE),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let n = dims(a.int(2))?;
            let gsizes = read_ints(mem, a.addr(3), n, "the gsizes array")?;
            let distribs = read_ints(mem, a.addr(4), n, "the distribs array")?;
            let dargs = read_ints(mem, a.addr(5), n, "the dargs array")?;
            let psizes = read_ints(mem, a.addr(6), n, "the psizes array")?;
            let dims: Vec<Dim> = (0..n as usize)
                .map(|d| Dim {
                    gsize: gsizes[d],
                    distrib: distribs[d] as i32,
                    darg: dargs[d],
                    psize: psizes[d],
                })
                .collect();
            let old = s.types().map(a.int(8))?;
            let map = tc::darray(a.int(0), a.int(1), &dims, a.int(7) as i32, &old)?;
            let ints = [a.int(0), a.int(1), i64::from(n)]
                .into_iter()
                .chain(gsizes)
                .chain(distribs)
                .chain(dargs)
                .chain(psizes)
                .chain(std::iter::once(a.int(7)));
            let map = map.made_by(Recipe {
                combiner: tc::MPI_COMBINER_DARRAY,
                ints: ints.map(|v| v as i32).collect(),
                aints: vec![],
                types: vec![a.int(8) as i32],
            });
            create(s, map, a.addr(9), mem)
        },
    ),
];

/// `MPI_Type_create_hindexed` and `MPI_Type_hindexed`.
fn hindexed(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    _: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let n = length(a.int(0))?;
    let lens = read_lengths(mem, a.addr(1), n)?;
    let displs = read_aints(mem, a.addr(2), n)?;
    let old = s.types().map(a.int(3))?;
    let ints = std::iter::once(i64::from(n)).chain(lens.iter().copied());
    let map = TypeMap::blocks(&lens, &displs, &[&old], false).made_by(Recipe {
        combiner: tc::MPI_COMBINER_HINDEXED,
        ints: ints.map(|v| v as i32).collect(),
        aints: displs,
        types: vec![a.int(3) as i32],
    });
    create(s, map, a.addr(4), mem)
}

/// A number of dimensions (1 or more).
fn dims(ndims: i64) -> Result<u32, ErrorKind> {
    match u32::try_from(ndims) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(ErrorKind::Datatype(format!(
            "ndims {ndims}: at least 1 dimension is needed"
        ))),
    }
}

/// Reads `n` `MPI_Aint`s.
fn read_aints(mem: &Memory, at: Addr, n: u32) -> Result<Vec<i64>, ErrorKind> {
    (0..n)
        .map(|i| {
            let e = element(mem, at, i64::from(i), 8, "the displacements array")?;
            read_aint(mem, e, "the displacements array")
        })
        .collect()
}

/// Checks that `handle` is a live window.
fn live_window(s: &MpiState, handle: i64) -> Result<(), ErrorKind> {
    let windows = s
        .windows
        .as_deref()
        .ok_or(crate::libs::mpi::RmaError::InvalidWindow(handle))?;
    windows.number(handle)?;
    Ok(())
}

/// A name from the program: its bytes up to the NUL, at most `MPI_MAX_OBJECT_NAME` − 1 (MPICH
/// keeps that many).
fn read_name(mem: &Memory, at: Addr) -> Result<Vec<u8>, ErrorKind> {
    let mut name = Vec::new();
    for i in 0..MAX_NAME - 1 {
        let b = read_bytes(mem, at + i, 1, "the name")?[0];
        if b == 0 {
            break;
        }
        name.push(b);
    }
    Ok(name)
}

/// Writes a name and its NUL, and its length.
fn write_name(mem: &mut Memory, at: Addr, len: Addr, name: &[u8]) -> Result<Started, ErrorKind> {
    let mut bytes = name.to_vec();
    bytes.push(0);
    write_bytes(mem, at, &bytes, "the name buffer")?;
    write_int(mem, len, name.len() as i32, "the resultlen variable")?;
    done()
}
