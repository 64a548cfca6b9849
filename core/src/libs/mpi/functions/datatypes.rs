//! Datatypes: `MPI_Type_size` and `MPI_Type_get_extent` of any datatype (and their `_x`
//! forms, as `MPI_Count`s); derived datatypes
//! (`MPI_Type_contiguous`, `vector`, `hvector`/`create_hvector`, `indexed`, `create_struct`,
//! `create_resized`, `commit`, `free`); `MPI_Get_address`.

use crate::libs::handles::HandleKind;
use std::rc::Rc;

use super::params::{p, INTP, K};
use crate::lang::syntax::ast::BaseType;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{done, Args, MpiFunction, Started};
use crate::libs::mpi::buffers::{element, read_bytes, read_int, read_ints, write_bytes, write_int};
use crate::libs::mpi::constants as k;
use crate::libs::mpi::constants::MPI_DATATYPE_NULL;
use crate::libs::mpi::datatype::Datatype;
use crate::libs::mpi::derived::{is_derived, Recipe, TypeMap};
use crate::libs::mpi::error::ErrorKind;
use crate::libs::mpi::state::{length, MpiState, Value};
use crate::libs::mpi::type_consts as tc;

/// `MPI_Aint *`.
const AINTP: K = K::Ptr(BaseType::Long);
/// `MPI_Datatype *`.
const TYPEP: K = K::Ptr(BaseType::Handle(HandleKind::DATATYPE));

/// The family's functions.
pub(crate) const FUNCTIONS: &[MpiFunction] = &[
    MpiFunction::new(
        "MPI_Type_size", "Local: the data bytes of one element (LP64 sizes, MPICH's pair layouts).",
        &[p("datatype", K::Handle(HandleKind::DATATYPE)), p("size", INTP)],
        |s, a, mem, _| {
            let h = a.int(0);
            let size = if is_derived(h) {
                s.types().map(h)?.size()
            } else {
                u64::from(Datatype::from_handle(h)?.data_size())
            };
            write_int(mem, a.addr(1), clamp(size as i64), "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_get_extent", "Local: the lower bound and extent (padding included).",
        &[
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("lb", AINTP),
            p("extent", AINTP),
        ],
        |s, a, mem, _| {
            let map = s.types().map(a.int(0))?;
            write_aint(mem, a.addr(1), map.lb(), "the lb variable")?;
            write_aint(mem, a.addr(2), map.extent(), "the extent variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_size_x", "Local: `MPI_Type_size` as an `MPI_Count`.",
        &[p("datatype", K::Handle(HandleKind::DATATYPE)), p("size", AINTP)],
        |s, a, mem, _| {
            let h = a.int(0);
            let size = if is_derived(h) {
                s.types().map(h)?.size()
            } else {
                u64::from(Datatype::from_handle(h)?.data_size())
            };
            let size = i64::try_from(size).unwrap_or(i64::MAX);
            write_aint(mem, a.addr(1), size, "the size variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Type_get_extent_x", "Local: `MPI_Type_get_extent` as `MPI_Count`s.",
        &[
            p("datatype", K::Handle(HandleKind::DATATYPE)),
            p("lb", AINTP),
            p("extent", AINTP),
        ],
        |s, a, mem, _| {
            let map = s.types().map(a.int(0))?;
            write_aint(mem, a.addr(1), map.lb(), "the lb variable")?;
            write_aint(mem, a.addr(2), map.extent(), "the extent variable")?;
            done()
        },
    ),
    MpiFunction::new(
        "MPI_Aint_add", "Local: `base + disp` as an address (MPI-3.1), computed as MPICH does, in `MPI_Aint`.",
        &[p("base", K::Word("MPI_Aint")), p("disp", K::Word("MPI_Aint"))],
        |_, a, _, _| Ok(Started::Return(Value::Word(a.int(0).wrapping_add(a.int(1))))),
    )
    .returns(BaseType::Long, 0, "MPI_Aint"),
    MpiFunction::new(
        "MPI_Aint_diff", "Local: `addr1 - addr2` as a displacement (MPI-3.1), in `MPI_Aint`.",
        &[p("addr1", K::Word("MPI_Aint")), p("addr2", K::Word("MPI_Aint"))],
        |_, a, _, _| Ok(Started::Return(Value::Word(a.int(0).wrapping_sub(a.int(1))))),
    )
    .returns(BaseType::Long, 0, "MPI_Aint"),
    MpiFunction::new(
        "MPI_Type_contiguous", "Local: a type map of `count` copies; messages carry the data bytes packed.",
        &[
            p("count", K::Int),
            p("oldtype", K::Handle(HandleKind::DATATYPE)),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let count = i64::from(length(a.int(0))?);
            let old = s.types().map(a.int(1))?;
            let map = TypeMap::blocks(&[count], &[0], &[&old], false).made_by(Recipe {
                combiner: tc::MPI_COMBINER_CONTIGUOUS,
                ints: vec![a.int(0) as i32],
                aints: vec![],
                types: vec![a.int(1) as i32],
            });
            create(s, map, a.addr(2), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Type_vector", "Local: strided blocks, the stride in elements (a matrix column arrives packed).",
        &[
            p("count", K::Int),
            p("blocklength", K::Int),
            p("stride", K::Int),
            p("oldtype", K::Handle(HandleKind::DATATYPE)),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let old = s.types().map(a.int(3))?;
            let stride = a.int(2).saturating_mul(old.extent());
            vector(s, a, stride, &old, mem, false)
        },
    ),
    MpiFunction::new("MPI_Type_create_hvector", "Local: strided blocks, the stride in bytes.", HVECTOR, |s, a, mem, _| {
        let old = s.types().map(a.int(3))?;
        vector(s, a, a.int(2), &old, mem, true)
    }),
    MpiFunction::new("MPI_Type_hvector", "The old name of `MPI_Type_create_hvector`.", HVECTOR, |s, a, mem, _| {
        let old = s.types().map(a.int(3))?;
        vector(s, a, a.int(2), &old, mem, true)
    }),
    MpiFunction::new(
        "MPI_Type_indexed", "Local: blocks at element displacements.",
        &[
            p("count", K::Int),
            p("array_of_blocklengths", INTP),
            p("array_of_displacements", INTP),
            p("oldtype", K::Handle(HandleKind::DATATYPE)),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let n = length(a.int(0))?;
            let lens = read_lengths(mem, a.addr(1), n)?;
            let old = s.types().map(a.int(3))?;
            let elems = read_ints(mem, a.addr(2), n, "the displacements array")?;
            let displs = elems
                .iter()
                .map(|d| d.saturating_mul(old.extent()))
                .collect::<Vec<_>>();
            let ints = std::iter::once(i64::from(n)).chain(lens.iter().copied()).chain(elems);
            let map = TypeMap::blocks(&lens, &displs, &[&old], false).made_by(Recipe {
                combiner: tc::MPI_COMBINER_INDEXED,
                ints: ints.map(|v| v as i32).collect(),
                aints: vec![],
                types: vec![a.int(3) as i32],
            });
            create(s, map, a.addr(4), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Type_create_struct", "Local: blocks of several types at byte displacements; the extent rounded up to the largest alignment, as MPICH.",
        &[
            p("count", K::Int),
            p("array_of_blocklengths", INTP),
            p("array_of_displacements", AINTP),
            p("array_of_types", TYPEP),
            p("newtype", TYPEP),
        ],
        create_struct,
    ),
    MpiFunction::new(
        "MPI_Type_create_resized", "Local: the same type map with a new lower bound and extent (to scatter columns, say).",
        &[
            p("oldtype", K::Handle(HandleKind::DATATYPE)),
            p("lb", K::Int),
            p("extent", K::Int),
            p("newtype", TYPEP),
        ],
        |s, a, mem, _| {
            let old = s.types().map(a.int(0))?;
            let map = old.resized(a.int(1), a.int(2)).made_by(Recipe {
                combiner: tc::MPI_COMBINER_RESIZED,
                ints: vec![],
                aints: vec![a.int(1), a.int(2)],
                types: vec![a.int(0) as i32],
            });
            create(s, map, a.addr(3), mem)
        },
    ),
    MpiFunction::new(
        "MPI_Type_commit", "Local: makes a derived type usable in communication.",
        &[p("datatype", TYPEP)],
        |s, a, mem, _| {
            let h = read_int(mem, a.addr(0), "the datatype")?;
            s.types().commit(i64::from(h))?;
            done()
        },
    ),
    MpiFunction::new("MPI_Type_free", "Local: frees a derived type; the handle becomes `MPI_DATATYPE_NULL`.", &[p("datatype", TYPEP)], |s, a, mem, _| {
        let h = read_int(mem, a.addr(0), "the datatype")?;
        if is_derived(i64::from(h)) {
            s.types().map(i64::from(h))?;
            // Attribute caching (attrs.rs): delete callbacks first, then the free.
            if let Some(started) = s.free_after_attrs(crate::libs::mpi::attrs::ObjKind::Type, i64::from(h)) {
                write_int(mem, a.addr(0), MPI_DATATYPE_NULL, "the datatype")?;
                return Ok(started);
            }
        }
        s.types().free(i64::from(h))?;
        write_int(mem, a.addr(0), MPI_DATATYPE_NULL, "the datatype")?;
        s.attrs_freed(crate::libs::mpi::attrs::ObjKind::Type, i64::from(h))
    }),
    MpiFunction::new(
        "MPI_Get_address", "Local: the address of a location in the rank's memory (for struct displacements).",
        &[p("location", K::Buffer), p("address", AINTP)],
        |_, a, mem, _| {
            write_aint(mem, a.addr(1), i64::from(a.addr(0)), "the address variable")?;
            done()
        },
    )
    .anytime(),
];

/// `MPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype)` (stride in bytes).
const HVECTOR: &[crate::lang::sema::builtins::Param] = &[
    p("count", K::Int),
    p("blocklength", K::Int),
    p("stride", K::Int),
    p("oldtype", K::Handle(HandleKind::DATATYPE)),
    p("newtype", TYPEP),
];

/// A value for an `int` result, saturated.
fn clamp(v: i64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// `MPI_Type_create_struct(count, blocklengths, displacements, types, newtype)` (and MPI-1's
/// `MPI_Type_struct`).
pub(super) fn create_struct(
    s: &mut MpiState,
    a: &Args<'_>,
    mem: &mut Memory,
    _: &mut crate::engine::RankCtx<'_>,
) -> Result<Started, ErrorKind> {
    let n = length(a.int(0))?;
    let lens = read_lengths(mem, a.addr(1), n)?;
    let mut displs = Vec::with_capacity(n as usize);
    let mut types = Vec::with_capacity(n as usize);
    let mut handles = Vec::with_capacity(n as usize);
    for i in 0..n {
        let at = element(mem, a.addr(2), i64::from(i), 8, "the displacements array")?;
        displs.push(read_aint(mem, at, "the displacements array")?);
        let at = element(mem, a.addr(3), i64::from(i), 4, "the types array")?;
        let h = read_int(mem, at, "the types array")?;
        types.push(s.types().map(i64::from(h))?);
        handles.push(h);
    }
    // MPI-1's markers, as MPICH's `MPIR_Type_struct`: the struct is built from the other
    // blocks, then resized to the last `MPI_LB`'s and `MPI_UB`'s displacements.
    let (mut lb, mut ub) = (None, None);
    let (mut real_lens, mut real_displs, mut real_types) = (Vec::new(), Vec::new(), Vec::new());
    for (i, &h) in handles.iter().enumerate() {
        match h {
            k::MPI_LB => lb = Some(displs[i]),
            k::MPI_UB => ub = Some(displs[i]),
            _ => {
                real_lens.push(lens[i]);
                real_displs.push(displs[i]);
                real_types.push(Rc::clone(&types[i]));
            }
        }
    }
    if real_types.is_empty() {
        real_types.push(Rc::new(TypeMap::blocks(&[], &[], &[], true)));
    }
    let refs: Vec<&TypeMap> = real_types.iter().map(|t| &**t).collect();
    let mut built = TypeMap::blocks(&real_lens, &real_displs, &refs, true);
    if lb.is_some() || ub.is_some() {
        let lb = lb.unwrap_or(built.lb());
        let ub = ub.unwrap_or(built.lb() + built.extent());
        built = built.resized(lb, ub - lb);
    }
    let ints = std::iter::once(i64::from(n)).chain(lens.iter().copied());
    let map = built.made_by(Recipe {
        combiner: tc::MPI_COMBINER_STRUCT,
        ints: ints.map(|v| v as i32).collect(),
        aints: displs,
        types: handles,
    });
    create(s, map, a.addr(4), mem)
}

/// `count` blocks of `blocklength` elements of `old`, `stride` bytes apart (given in bytes when
/// `bytes`); the handle goes to argument 4.
fn vector(
    s: &mut MpiState,
    a: &Args<'_>,
    stride: i64,
    old: &TypeMap,
    mem: &mut Memory,
    bytes: bool,
) -> Result<Started, ErrorKind> {
    let count = length(a.int(0))?;
    let block = i64::from(length(a.int(1))?);
    let lens = vec![block; count as usize];
    let displs: Vec<i64> = (0..i64::from(count)).map(|i| i * stride).collect();
    let recipe = if bytes {
        Recipe {
            combiner: tc::MPI_COMBINER_HVECTOR,
            ints: vec![a.int(0) as i32, a.int(1) as i32],
            aints: vec![a.int(2)],
            types: vec![a.int(3) as i32],
        }
    } else {
        Recipe {
            combiner: tc::MPI_COMBINER_VECTOR,
            ints: vec![a.int(0) as i32, a.int(1) as i32, a.int(2) as i32],
            aints: vec![],
            types: vec![a.int(3) as i32],
        }
    };
    let map = TypeMap::blocks(&lens, &displs, &[old], false).made_by(recipe);
    create(s, map, a.addr(4), mem)
}

/// Stores `map` as a new (uncommitted) datatype and writes its handle to `out`.
pub(super) fn create(
    s: &mut MpiState,
    map: TypeMap,
    out: Addr,
    mem: &mut Memory,
) -> Result<Started, ErrorKind> {
    let handle = s.types().insert(map)?;
    write_int(mem, out, handle, "the new datatype variable")?;
    done()
}

/// Reads `n` block lengths (each 0 or more).
pub(super) fn read_lengths(mem: &Memory, at: Addr, n: u32) -> Result<Vec<i64>, ErrorKind> {
    let lens = read_ints(mem, at, n, "the blocklengths array")?;
    for l in &lens {
        length(*l)?;
    }
    Ok(lens)
}

/// Reads an `MPI_Aint`.
pub(super) fn read_aint(mem: &Memory, at: Addr, what: &'static str) -> Result<i64, ErrorKind> {
    let b = read_bytes(mem, at, 8, what)?;
    let mut w = [0u8; 8];
    w.copy_from_slice(&b);
    Ok(i64::from_le_bytes(w))
}

/// Writes an `MPI_Aint`.
pub(super) fn write_aint(
    mem: &mut Memory,
    at: Addr,
    v: i64,
    what: &'static str,
) -> Result<(), ErrorKind> {
    write_bytes(mem, at, &v.to_le_bytes(), what)
}
