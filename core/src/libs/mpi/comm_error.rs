//! [`CommError`]: the errors of communicators, groups and Cartesian topologies, in plain English
//! (`MPI_Send: the communicator is MPI_COMM_NULL: …`).

use std::fmt;

/// Why a communicator, group or topology call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommError {
    /// `MPI_COMM_NULL` where a communicator is needed.
    NullComm,
    /// A communicator handle that `MPI_Comm_free` freed.
    FreedComm(i64),
    /// A number that is no communicator handle.
    UnknownComm(i64),
    /// `MPI_Comm_free` of `MPI_COMM_WORLD` or `MPI_COMM_SELF`.
    FreeBuiltin(&'static str),
    /// Every context id is taken.
    NoContext(u32),
    /// `MPI_Startall` given a persistent collective's request.
    StartallCollective(i32),
    /// A negative color other than `MPI_UNDEFINED`.
    InvalidColor(i64),
    /// `MPI_GROUP_NULL` where a group is needed.
    NullGroup,
    /// A group handle that `MPI_Group_free` freed.
    FreedGroup(i64),
    /// A number that is no group handle.
    UnknownGroup(i64),
    /// A rank outside a group (`MPI_Group_incl`/`excl`, `MPI_Group_translate_ranks`).
    GroupRank {
        /// The rank given.
        rank: i64,
        /// The group's size.
        size: u32,
    },
    /// The same rank twice in `MPI_Group_incl`/`excl`.
    RepeatedRank(i64),
    /// `MPI_Comm_create` with a group that has ranks outside the communicator.
    NotSubset(u32),
    /// A topology call on a communicator without a Cartesian topology.
    NoCart,
    /// A graph call on a communicator without a graph topology.
    NoGraph,
    /// A neighbourhood collective on a communicator without a topology.
    NoTopology,
    /// A graph topology's argument out of its range.
    GraphArg {
        /// Which argument.
        what: String,
        /// Its value.
        value: i64,
        /// What it must be.
        must: String,
    },
    /// `MPI_Cart_create` asks for more grid points than the communicator has ranks.
    GridTooLarge {
        /// Grid points.
        points: u64,
        /// Ranks.
        size: u32,
    },
    /// A dimension extent below 1 or a count of dimensions below 0.
    BadDims {
        /// Which argument.
        what: String,
        /// Its value.
        value: i64,
        /// The least it may be.
        least: i64,
    },
    /// A dimension index outside the grid (`MPI_Cart_shift`).
    NoSuchDim {
        /// The index given.
        dim: i64,
        /// Dimensions of the grid.
        ndims: usize,
    },
    /// A coordinate off a non-periodic dimension (`MPI_Cart_rank`).
    OffGrid {
        /// The dimension.
        dim: usize,
        /// The coordinate.
        coord: i64,
        /// The extent.
        extent: u32,
    },
    /// An intracommunicator's call given an intercommunicator.
    NeedsIntra(&'static str),
    /// An intercommunicator's call given an intracommunicator.
    NeedsInter(&'static str),
    /// `MPI_Scan` or `MPI_Exscan` on an intercommunicator (MPI defines them only on intracommunicators).
    InterCollective,
    /// `MPI_Intercomm_create`'s two groups share a rank.
    GroupsOverlap(u32),
    /// The leaders of `MPI_Intercomm_create` are one process.
    SameLeader(u32),
    /// `MPI_Comm_create_group` by a rank outside the group.
    NotInGroup,
    /// A triplet of `MPI_Group_range_incl`/`excl` that names no rank or a rank outside.
    BadRange {
        /// first, last, stride.
        triplet: [i64; 3],
        /// The group's size.
        size: u32,
    },
    /// A split type other than `MPI_COMM_TYPE_SHARED` or `MPI_UNDEFINED`.
    SplitType(i64),
    /// `MPI_Dims_create` cannot divide the ranks by the fixed entries.
    NotDivisible {
        /// Ranks.
        nnodes: i64,
        /// Product of the fixed entries.
        product: u64,
    },
}

impl fmt::Display for CommError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommError::NullComm => f.write_str(
                "the communicator is MPI_COMM_NULL (a rank that MPI_Comm_split gave MPI_UNDEFINED, or MPI_Comm_create left out, is in no new communicator; MPI_Comm_free also sets the variable to MPI_COMM_NULL)",
            ),
            CommError::FreedComm(h) => write!(
                f,
                "communicator {h} was freed by MPI_Comm_free and cannot be used any more"
            ),
            CommError::UnknownComm(h) => write!(
                f,
                "{h} is not a communicator: use MPI_COMM_WORLD, MPI_COMM_SELF or one made by MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create or MPI_Cart_create"
            ),
            CommError::FreeBuiltin(name) => write!(f, "{name} cannot be freed"),
            CommError::NoContext(n) => write!(
                f,
                "too many communicators at once (all {n} context ids are in use): free those no longer needed with MPI_Comm_free"
            ),
            CommError::InvalidColor(c) => write!(
                f,
                "invalid color {c}: colors must be 0 or more, or MPI_UNDEFINED"
            ),
            CommError::NullGroup => f.write_str("the group is MPI_GROUP_NULL"),
            CommError::FreedGroup(h) => write!(
                f,
                "group {h} was freed by MPI_Group_free and cannot be used any more"
            ),
            CommError::UnknownGroup(h) => write!(
                f,
                "{h} is not a group: use MPI_GROUP_EMPTY or one made by MPI_Comm_group, MPI_Group_incl or MPI_Group_excl"
            ),
            CommError::GroupRank { rank, size } => write!(
                f,
                "rank {rank} is not in the group: its ranks are 0 to {}",
                i64::from(*size) - 1
            ),
            CommError::RepeatedRank(r) => write!(f, "rank {r} appears more than once"),
            CommError::NotSubset(r) => write!(
                f,
                "the group holds world rank {r}, which is not in the communicator"
            ),
            CommError::NoGraph => f.write_str(
                "the communicator has no graph topology (make one with MPI_Graph_create)",
            ),
            CommError::GraphArg { what, value, must } => write!(f, "{what} is {value}: {must}"),
            CommError::NoTopology => f.write_str(
                "the communicator has no topology, so no neighbours (make one with MPI_Cart_create or MPI_Graph_create)",
            ),
            CommError::NoCart => {
                f.write_str("the communicator has no Cartesian topology (make one with MPI_Cart_create)")
            }
            CommError::GridTooLarge { points, size } => write!(
                f,
                "the grid has {points} points but the communicator only {size} ranks"
            ),
            CommError::BadDims { what, value, least } => {
                write!(f, "{what} is {value}: it must be {least} or more")
            }
            CommError::NoSuchDim { dim, ndims } => write!(
                f,
                "direction {dim} does not exist: the grid's dimensions are 0 to {}",
                *ndims as i64 - 1
            ),
            CommError::OffGrid { dim, coord, extent } => write!(
                f,
                "coordinate {coord} is off the grid in dimension {dim} (0 to {}, not periodic)",
                i64::from(*extent) - 1
            ),
            CommError::NeedsIntra(call) => write!(
                f,
                "{call} needs an intracommunicator, and this is an intercommunicator (merge it into one with MPI_Intercomm_merge)"
            ),
            CommError::NeedsInter(call) => write!(
                f,
                "{call} needs an intercommunicator (made by MPI_Intercomm_create), and this is an intracommunicator"
            ),
            CommError::InterCollective => f.write_str(
                "MPI_Scan and MPI_Exscan are not defined on an intercommunicator (MPI gives them only intracommunicators, and MPICH refuses them): merge the two groups with MPI_Intercomm_merge and call it on the intracommunicator",
            ),
            CommError::GroupsOverlap(r) => write!(
                f,
                "world rank {r} is in both groups: the local and remote groups of an intercommunicator must be disjoint"
            ),
            CommError::SameLeader(r) => write!(
                f,
                "the local and remote leaders are the same process (world rank {r}): remote_leader must be the other group's leader, as a rank of peer_comm"
            ),
            CommError::NotInGroup => f.write_str(
                "this rank is not in the group: only the group's members call MPI_Comm_create_group",
            ),
            CommError::BadRange { triplet, size } => write!(
                f,
                "the range (first {}, last {}, stride {}) is invalid for a group of {size} ranks: first and last must be ranks of the group, and the stride nonzero and pointing from first towards last",
                triplet[0], triplet[1], triplet[2]
            ),
            CommError::SplitType(t) => write!(
                f,
                "split type {t} is not supported: use MPI_COMM_TYPE_SHARED (the ranks of one node) or MPI_UNDEFINED"
            ),
            CommError::StartallCollective(h) => write!(
                f,
                "request {h} is a persistent collective's (MPI_Bcast_init, …): Rankscope starts those with MPI_Start only, one call per request"
            ),
            CommError::NotDivisible { nnodes, product } => write!(
                f,
                "{nnodes} ranks cannot be divided by the fixed dimensions, whose product is {product}"
            ),
        }
    }
}
