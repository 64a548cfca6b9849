//! [`Members`]: an MPI group — an ordered list of world ranks, where a rank's position is its rank
//! in the group — and the comparisons and translations MPI defines on groups
//! (`MPI_Group_translate_ranks`, `MPI_Comm_compare`'s congruent/similar).
//!
//! All of `MPI_COMM_WORLD` (and a duplicate of it) is held as its size alone, so a program with
//! many ranks pays no per-rank list for it; any other group is a shared list.

use std::sync::Arc;

use crate::engine::Rank;

/// An ordered set of world ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Members {
    /// World ranks `0..n`, in order.
    World(u32),
    /// These world ranks, in group-rank order (no repeats).
    List(Arc<[Rank]>),
}

/// How two groups relate (`MPI_Comm_compare`'s and `MPI_Group_compare`'s answers but
/// `MPI_IDENT` for the same communicator).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Likeness {
    /// The same ranks in the same order.
    Same,
    /// The same ranks in another order.
    Reordered,
    /// Different ranks.
    Different,
}

impl Members {
    /// The group of `ranks` (world ranks in order), held as `World` when it is all of a world of
    /// `world` ranks in order.
    pub(super) fn of(ranks: Vec<Rank>, world: u32) -> Members {
        let identity = ranks.len() == world as usize
            && ranks.iter().enumerate().all(|(i, &r)| r as usize == i);
        if identity {
            Members::World(world)
        } else {
            Members::List(ranks.into())
        }
    }

    /// The empty group (`MPI_GROUP_EMPTY`).
    pub(super) fn empty() -> Members {
        Members::List(Arc::from(Vec::new()))
    }

    /// Number of ranks.
    pub(super) fn size(&self) -> u32 {
        match self {
            Members::World(n) => *n,
            Members::List(list) => list.len() as u32,
        }
    }

    /// The world rank of group rank `rank`.
    pub(super) fn world(&self, rank: Rank) -> Option<Rank> {
        match self {
            Members::World(n) => (rank < *n).then_some(rank),
            Members::List(list) => list.get(rank as usize).copied(),
        }
    }

    /// The group rank of world rank `world`, if it is a member.
    pub(super) fn rank_of(&self, world: Rank) -> Option<Rank> {
        match self {
            Members::World(n) => (world < *n).then_some(world),
            Members::List(list) => list.iter().position(|&r| r == world).map(|p| p as Rank),
        }
    }

    /// The world ranks in group order.
    pub(super) fn ranks(&self) -> Vec<Rank> {
        (0..self.size()).filter_map(|r| self.world(r)).collect()
    }

    /// How this group relates to `other`.
    pub(super) fn likeness(&self, other: &Members) -> Likeness {
        let (a, b) = (self.ranks(), other.ranks());
        if a == b {
            return Likeness::Same;
        }
        let (mut sa, mut sb) = (a, b);
        sa.sort_unstable();
        sb.sort_unstable();
        if sa == sb {
            Likeness::Reordered
        } else {
            Likeness::Different
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_world_in_order_is_held_by_its_size() {
        assert_eq!(Members::of(vec![0, 1, 2], 3), Members::World(3));
        let odd = Members::of(vec![3, 1], 4);
        assert_eq!(odd.size(), 2);
        assert_eq!((odd.world(0), odd.world(2)), (Some(3), None));
        assert_eq!((odd.rank_of(1), odd.rank_of(0)), (Some(1), None));
        assert_eq!(Members::empty().size(), 0);
    }

    #[test]
    fn groups_compare_as_mpi_says() {
        let w = Members::World(3);
        assert_eq!(w.likeness(&Members::of(vec![0, 1, 2], 4)), Likeness::Same);
        assert_eq!(
            w.likeness(&Members::of(vec![2, 1, 0], 3)),
            Likeness::Reordered
        );
        assert_eq!(w.likeness(&Members::of(vec![0, 1], 3)), Likeness::Different);
    }
}
