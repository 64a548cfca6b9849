//! The constants of datatype queries and constructors as MPICH 4.0.2's `mpi.h` has them
//! (`MPI_COMBINER_*`, `MPI_ORDER_*`, `MPI_DISTRIBUTE_*`), and the type maps of
//! `MPI_Type_create_subarray` and `MPI_Type_create_darray` (the MPI standard's definitions: the
//! selected elements in the array's storage order, lower bound 0, extent the whole array's).

use super::derived::TypeMap;
use super::error::ErrorKind;

/// `MPI_COMBINER_NAMED`: a predefined datatype.
pub const MPI_COMBINER_NAMED: i32 = 1;
/// `MPI_COMBINER_DUP`.
pub const MPI_COMBINER_DUP: i32 = 2;
/// `MPI_COMBINER_CONTIGUOUS`.
pub const MPI_COMBINER_CONTIGUOUS: i32 = 3;
/// `MPI_COMBINER_VECTOR`.
pub const MPI_COMBINER_VECTOR: i32 = 4;
/// `MPI_COMBINER_HVECTOR_INTEGER` (Fortran's).
pub const MPI_COMBINER_HVECTOR_INTEGER: i32 = 5;
/// `MPI_COMBINER_HVECTOR`.
pub const MPI_COMBINER_HVECTOR: i32 = 6;
/// `MPI_COMBINER_INDEXED`.
pub const MPI_COMBINER_INDEXED: i32 = 7;
/// `MPI_COMBINER_HINDEXED_INTEGER` (Fortran's).
pub const MPI_COMBINER_HINDEXED_INTEGER: i32 = 8;
/// `MPI_COMBINER_HINDEXED`.
pub const MPI_COMBINER_HINDEXED: i32 = 9;
/// `MPI_COMBINER_INDEXED_BLOCK`.
pub const MPI_COMBINER_INDEXED_BLOCK: i32 = 10;
/// `MPI_COMBINER_STRUCT_INTEGER` (Fortran's).
pub const MPI_COMBINER_STRUCT_INTEGER: i32 = 11;
/// `MPI_COMBINER_STRUCT`.
pub const MPI_COMBINER_STRUCT: i32 = 12;
/// `MPI_COMBINER_SUBARRAY`.
pub const MPI_COMBINER_SUBARRAY: i32 = 13;
/// `MPI_COMBINER_DARRAY`.
pub const MPI_COMBINER_DARRAY: i32 = 14;
/// `MPI_COMBINER_F90_REAL`.
pub const MPI_COMBINER_F90_REAL: i32 = 15;
/// `MPI_COMBINER_F90_COMPLEX`.
pub const MPI_COMBINER_F90_COMPLEX: i32 = 16;
/// `MPI_COMBINER_F90_INTEGER`.
pub const MPI_COMBINER_F90_INTEGER: i32 = 17;
/// `MPI_COMBINER_RESIZED`.
pub const MPI_COMBINER_RESIZED: i32 = 18;
/// `MPI_COMBINER_HINDEXED_BLOCK`.
pub const MPI_COMBINER_HINDEXED_BLOCK: i32 = 19;
/// `MPI_ORDER_C`.
pub const MPI_ORDER_C: i32 = 56;
/// `MPI_ORDER_FORTRAN`.
pub const MPI_ORDER_FORTRAN: i32 = 57;
/// `MPI_DISTRIBUTE_BLOCK`.
pub const MPI_DISTRIBUTE_BLOCK: i32 = 121;
/// `MPI_DISTRIBUTE_CYCLIC`.
pub const MPI_DISTRIBUTE_CYCLIC: i32 = 122;
/// `MPI_DISTRIBUTE_NONE`.
pub const MPI_DISTRIBUTE_NONE: i32 = 123;
/// `MPI_DISTRIBUTE_DFLT_DARG`.
pub const MPI_DISTRIBUTE_DFLT_DARG: i32 = -49767;

/// At most this many elements of the old type in a subarray or darray type (its map is listed
/// element by element).
const MAX_ELEMENTS: u64 = 1 << 22;

/// A constructor's argument that MPI does not allow.
fn bad(what: String) -> ErrorKind {
    ErrorKind::Datatype(what)
}

/// The array's dimensions in storage order, fastest last: C order as given, Fortran's reversed.
fn storage_order(order: i32, n: usize) -> Result<Vec<usize>, ErrorKind> {
    match order {
        MPI_ORDER_C => Ok((0..n).collect()),
        MPI_ORDER_FORTRAN => Ok((0..n).rev().collect()),
        o => Err(bad(format!(
            "order {o} is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN"
        ))),
    }
}

/// The map of the elements at `indices[d]` of each dimension `d` of an array of `sizes`
/// elements of `old` stored in `order`: in storage order, lower bound 0, the whole array's
/// extent.
fn elements(
    sizes: &[i64],
    indices: &[Vec<i64>],
    order: i32,
    old: &TypeMap,
) -> Result<TypeMap, ErrorKind> {
    let dims = storage_order(order, sizes.len())?;
    let count: u64 = indices.iter().map(|i| i.len() as u64).product();
    if count > MAX_ELEMENTS {
        return Err(bad(format!(
            "{count} elements in one subarray or darray type (Rankscope lists at most {MAX_ELEMENTS})"
        )));
    }
    // Strides in elements, in storage order.
    let mut stride = vec![0i64; sizes.len()];
    let mut s = 1i64;
    for &d in dims.iter().rev() {
        stride[d] = s;
        s = s.saturating_mul(sizes[d]);
    }
    let total = s;
    let ext = old.extent();
    let mut displs = Vec::with_capacity(count as usize);
    if count > 0 {
        let mut at = vec![0usize; dims.len()];
        'outer: loop {
            let e: i64 = dims
                .iter()
                .zip(&at)
                .map(|(&d, &i)| indices[d][i] * stride[d])
                .sum();
            displs.push(e.saturating_mul(ext));
            for k in (0..dims.len()).rev() {
                at[k] += 1;
                if at[k] < indices[dims[k]].len() {
                    continue 'outer;
                }
                at[k] = 0;
            }
            break;
        }
    }
    let lens = vec![1i64; displs.len()];
    Ok(TypeMap::blocks(&lens, &displs, &[old], false).resized(0, total.saturating_mul(ext)))
}

/// `MPI_Type_create_subarray`'s map.
pub fn subarray(
    sizes: &[i64],
    subsizes: &[i64],
    starts: &[i64],
    order: i32,
    old: &TypeMap,
) -> Result<TypeMap, ErrorKind> {
    let mut indices = Vec::with_capacity(sizes.len());
    for d in 0..sizes.len() {
        let (n, sub, start) = (sizes[d], subsizes[d], starts[d]);
        if n < 1 || sub < 1 || start < 0 || sub > n || start > n - sub {
            return Err(bad(format!(
                "dimension {d}: size {n}, subsize {sub}, start {start}: MPI needs size ≥ 1, 1 ≤ subsize ≤ size and 0 ≤ start ≤ size − subsize"
            )));
        }
        indices.push((start..start + sub).collect());
    }
    elements(sizes, &indices, order, old)
}

/// One dimension of `MPI_Type_create_darray`.
#[derive(Copy, Clone, Debug)]
pub struct Dim {
    /// Global elements.
    pub gsize: i64,
    /// `MPI_DISTRIBUTE_*`.
    pub distrib: i32,
    /// Block size or `MPI_DISTRIBUTE_DFLT_DARG`.
    pub darg: i64,
    /// Processes along it.
    pub psize: i64,
}

/// `MPI_Type_create_darray`'s map for process `rank` of `size` (the process grid is row-major,
/// whatever the array's order).
pub fn darray(
    size: i64,
    rank: i64,
    dims: &[Dim],
    order: i32,
    old: &TypeMap,
) -> Result<TypeMap, ErrorKind> {
    let grid: i64 = dims.iter().map(|d| d.psize).product();
    if grid != size || !(0..size).contains(&rank) {
        return Err(bad(format!(
            "the process grid has {grid} processes for size {size} (rank {rank}): their product must be size, and 0 ≤ rank < size"
        )));
    }
    let mut coords = vec![0i64; dims.len()];
    let mut r = rank;
    for (d, dim) in dims.iter().enumerate().rev() {
        coords[d] = r % dim.psize;
        r /= dim.psize;
    }
    let mut indices = Vec::with_capacity(dims.len());
    for (d, dim) in dims.iter().enumerate() {
        let (n, p, c) = (dim.gsize, dim.psize, coords[d]);
        if n < 1 || p < 1 {
            return Err(bad(format!(
                "dimension {d}: gsize {n}, psize {p}: both must be at least 1"
            )));
        }
        let list: Vec<i64> = match dim.distrib {
            MPI_DISTRIBUTE_NONE => {
                if p != 1 {
                    return Err(bad(format!(
                        "dimension {d}: MPI_DISTRIBUTE_NONE needs psize 1, not {p}"
                    )));
                }
                (0..n).collect()
            }
            MPI_DISTRIBUTE_BLOCK => {
                let b = if dim.darg == i64::from(MPI_DISTRIBUTE_DFLT_DARG) {
                    (n + p - 1) / p
                } else {
                    dim.darg
                };
                if b < 1 || b.saturating_mul(p) < n {
                    return Err(bad(format!(
                        "dimension {d}: a block of {b} elements on {p} processes does not cover {n} elements"
                    )));
                }
                ((c * b).min(n)..((c + 1) * b).min(n)).collect()
            }
            MPI_DISTRIBUTE_CYCLIC => {
                let b = if dim.darg == i64::from(MPI_DISTRIBUTE_DFLT_DARG) {
                    1
                } else {
                    dim.darg
                };
                if b < 1 {
                    return Err(bad(format!(
                        "dimension {d}: a cyclic block of {b} elements"
                    )));
                }
                let mut v = Vec::new();
                let mut start = c * b;
                while start < n {
                    v.extend(start..(start + b).min(n));
                    start += p * b;
                }
                v
            }
            other => {
                return Err(bad(format!(
                    "dimension {d}: distribution {other} is none of MPI_DISTRIBUTE_BLOCK, _CYCLIC, _NONE"
                )))
            }
        };
        indices.push(list);
    }
    let sizes: Vec<i64> = dims.iter().map(|d| d.gsize).collect();
    elements(&sizes, &indices, order, old)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::libs::mpi::datatype::Datatype;

    #[test]
    fn subarrays_and_darrays_select_the_standards_elements() {
        let int = TypeMap::basic(Datatype::Int);
        // A 2×2 block at (1, 1) of a 4×4 int array, C order: elements 5, 6, 9, 10.
        let t = subarray(&[4, 4], &[2, 2], &[1, 1], MPI_ORDER_C, &int).unwrap();
        assert_eq!((t.lb(), t.extent(), t.size()), (0, 64, 16));
        assert_eq!(t.true_extent(), (20, 24));
        // Fortran order: the first index is fastest.
        let f = subarray(&[4, 2], &[1, 2], &[3, 0], MPI_ORDER_FORTRAN, &int).unwrap();
        assert_eq!(f.true_extent(), (12, 20));
        // 8 elements cyclic over 3 processes, rank 1: 1, 4, 7.
        let dim = Dim {
            gsize: 8,
            distrib: MPI_DISTRIBUTE_CYCLIC,
            darg: i64::from(MPI_DISTRIBUTE_DFLT_DARG),
            psize: 3,
        };
        let d = darray(3, 1, &[dim], MPI_ORDER_C, &int).unwrap();
        assert_eq!((d.size(), d.extent(), d.true_extent()), (12, 32, (4, 28)));
        let block = Dim {
            distrib: MPI_DISTRIBUTE_BLOCK,
            ..dim
        };
        let d = darray(3, 2, &[block], MPI_ORDER_C, &int).unwrap();
        assert_eq!((d.size(), d.true_extent()), (8, (24, 8)));
        assert!(subarray(&[4], &[2], &[3], MPI_ORDER_C, &int).is_err());
    }
}
