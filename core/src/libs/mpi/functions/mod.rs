//! Every MPI function a program may call, one family per file; each entry is the whole function
//! (signature and code). Adding a function is adding one entry to its family's `FUNCTIONS` (and a
//! family is one entry in [`crate::libs::table::FAMILIES`]).
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
//! | `type_queries` | datatype envelopes, contents, names, dups, true extents; block-indexed, hindexed, subarray, darray and MPI-1 constructors |
//! | `attributes` | keyvals and attributes on communicators, datatypes and windows |

pub(crate) mod attributes;
pub(crate) mod collectives;
pub(crate) mod communicators;
pub(crate) mod completion;
pub(crate) mod datatypes;
pub(crate) mod environment;
pub(crate) mod groups;
pub(crate) mod one_sided;
pub(crate) mod params;
pub(crate) mod point_to_point;
pub(crate) mod topologies;
pub(crate) mod type_queries;
