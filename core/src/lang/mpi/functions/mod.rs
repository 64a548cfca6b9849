//! Every MPI function a program may call, one family per file; each entry is the whole function
//! (signature and code). Adding a function is adding one entry to its family's `FUNCTIONS` (and a
//! family is one line in [`FAMILIES`]).
//!
//! | file | family |
//! |---|---|
//! | `environment` | `MPI_Init`, `MPI_Finalize`, ranks, sizes, clocks, names, `MPI_Abort` |
//! | `point_to_point` | sends and receives, blocking, non-blocking and persistent |
//! | `completion` | waits, tests, probes, request handles, statuses |
//! | `collectives` | barriers, broadcasts, reductions, gathers, scatters, all-to-all |
//! | `one_sided` | windows, their synchronization, put/get/accumulate/atomics |
//! | `datatypes` | sizes and extents of datatypes |
//! | `communicators` | duplicating, splitting, creating, freeing and comparing communicators |
//! | `groups` | groups: sizes, ranks, subsets, translation, comparison |
//! | `topologies` | Cartesian topologies and `MPI_Dims_create` |

mod collectives;
mod communicators;
mod completion;
mod datatypes;
mod environment;
mod groups;
mod one_sided;
mod params;
mod point_to_point;
mod topologies;

use super::function::MpiFunction;

/// The families, in a fixed order: a function's index (which the bytecode stores) is its position
/// in the concatenation.
pub const FAMILIES: &[&[MpiFunction]] = &[
    environment::FUNCTIONS,
    point_to_point::FUNCTIONS,
    completion::FUNCTIONS,
    collectives::FUNCTIONS,
    one_sided::FUNCTIONS,
    datatypes::FUNCTIONS,
    communicators::FUNCTIONS,
    groups::FUNCTIONS,
    topologies::FUNCTIONS,
];

/// Every MPI function in index order.
pub fn all() -> impl Iterator<Item = &'static MpiFunction> {
    FAMILIES.iter().flat_map(|family| family.iter())
}

/// The index and definition of the MPI function called `name`.
pub fn find(name: &str) -> Option<(usize, &'static MpiFunction)> {
    all().enumerate().find(|(_, f)| f.sig.name == name)
}

/// The MPI function with index `index`.
pub fn get(index: usize) -> Option<&'static MpiFunction> {
    all().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_mpi() {
        for (i, f) in all().enumerate() {
            assert!(f.name().starts_with("MPI_"), "{}", f.name());
            assert_eq!(
                find(f.name()).map(|(index, _)| index),
                Some(i),
                "{}",
                f.name()
            );
            assert_eq!(get(i), Some(f));
        }
    }
}
