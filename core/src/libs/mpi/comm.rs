//! Communicators: [`Comm`], what a rank knows of one (its context id, its members as world
//! ranks, the rank's own rank in it, its Cartesian topology), and [`Comms`], the rank's table of
//! the communicators and groups it created, with the handles a program holds.
//!
//! Handles are MPICH's: `MPI_COMM_WORLD` (context 0), `MPI_COMM_SELF` (context 1) and
//! `MPI_COMM_NULL` are fixed; a created communicator is `0x84000000 + n` and a group
//! `0x88000000 + n`, `n` counting up on the rank and never reused, so a stale handle is reported
//! as freed. Context ids (2048, as MPICH's) are taken from 128-bit masks per rank, agreed on
//! collectively at creation (`comm_create`, one window of 128 ids at a time) and given back by
//! `MPI_Comm_free`. Each communicator counts its own
//! collectives (the sequence number in their tags): `MPI_COMM_WORLD` keeps the library's original
//! counter, so programs without communicators keep their tags and traces.

use std::sync::Arc;

use super::cart::Cart;
use super::collective::{tag, Kind};
use super::comm_error::CommError;
use super::constants::{
    MPI_COMM_NULL, MPI_COMM_SELF, MPI_COMM_WORLD, MPI_GROUP_EMPTY, MPI_GROUP_NULL,
};
use super::error::{ErrorKind, RankRole};
use super::group::Members;
use super::state::MpiState;
use crate::engine::{Rank, RankCtx};
use crate::proto::p2p::{Context, WORLD};

/// The first handle of a created communicator.
const COMM_BASE: i32 = 0x8400_0000_u32 as i32;
/// The first handle of a created group.
const GROUP_BASE: i32 = 0x8800_0000_u32 as i32;
/// Context ids in one window of [`Comms::used`] (a 128-bit mask): a creation agrees on a context
/// id one window at a time.
pub(super) const WINDOW: u32 = 128;
/// Windows of context ids: 2048 ids in all, as MPICH has (its mask of 64 32-bit words).
pub(super) const WINDOWS: u32 = 16;
/// Context ids a rank can have in use at once.
pub(super) const CONTEXTS: u32 = WINDOW * WINDOWS;
/// `MPI_COMM_SELF`'s context.
const SELF_CONTEXT: Context = 1;

/// A communicator as one of its ranks sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Comm {
    /// Its handle.
    pub(super) handle: i32,
    /// Its context id (in every message's envelope).
    pub(super) context: Context,
    /// Its ranks, as world ranks in communicator-rank order.
    pub(super) members: Members,
    /// This rank's rank in it.
    pub(super) rank: Rank,
    /// Its Cartesian topology, if any.
    pub(super) cart: Option<Arc<Cart>>,
    /// An intercommunicator's remote group (`None` for an intracommunicator): `members` is
    /// then the local group, and point-to-point ranks name ranks of this group.
    pub(super) remote: Option<Members>,
}

impl Comm {
    /// `MPI_COMM_WORLD` as `ctx`'s rank sees it.
    pub(super) fn world(ctx: &RankCtx<'_>) -> Comm {
        Comm {
            handle: MPI_COMM_WORLD,
            context: WORLD,
            members: Members::World(ctx.size()),
            rank: ctx.rank(),
            cart: None,
            remote: None,
        }
    }

    /// Whether this is an intercommunicator.
    pub(super) fn is_inter(&self) -> bool {
        self.remote.is_some()
    }

    /// The group point-to-point ranks name: the remote group of an intercommunicator, else the
    /// communicator's own.
    pub(super) fn peers(&self) -> &Members {
        self.remote.as_ref().unwrap_or(&self.members)
    }

    /// Checks a destination or source rank (a rank of [`Comm::peers`]).
    pub(super) fn check_peer(&self, rank: i64, role: RankRole) -> Result<Rank, ErrorKind> {
        let size = self.peers().size();
        match u32::try_from(rank) {
            Ok(r) if r < size => Ok(r),
            _ => Err(ErrorKind::InvalidRank { rank, size, role }),
        }
    }

    /// The world rank of peer rank `rank` (itself if out of range: callers check).
    pub(super) fn peer_world(&self, rank: Rank) -> Rank {
        self.peers().world(rank).unwrap_or(rank)
    }

    /// Whether this rank's group comes first in an intercommunicator's merged order: its rank 0
    /// has the lower world rank (MPICH's `is_low_group`, which orders an `MPI_Intercomm_merge`
    /// whose two groups passed the same `high`).
    pub(super) fn is_low_group(&self) -> bool {
        let remote0 = self.remote.as_ref().and_then(|r| r.world(0));
        match (self.members.world(0), remote0) {
            (Some(local), Some(remote)) => local < remote,
            _ => true,
        }
    }

    /// An intercommunicator seen as one intracommunicator of both groups, the low group first
    /// (same handle, same context): what the library's own collective work on an
    /// intercommunicator runs on (creating communicators from it, merging it, its barrier).
    /// An intracommunicator is itself.
    pub(super) fn union_view(&self) -> Comm {
        let Some(remote) = &self.remote else {
            return self.clone();
        };
        let (local, other) = (self.members.ranks(), remote.ranks());
        let low = self.is_low_group();
        let (first, second) = if low {
            (&local, &other)
        } else {
            (&other, &local)
        };
        let rank = if low {
            self.rank
        } else {
            other.len() as Rank + self.rank
        };
        let all: Vec<Rank> = first.iter().chain(second.iter()).copied().collect();
        let world = all.iter().max().map_or(0, |m| m + 1);
        Comm {
            handle: self.handle,
            context: self.context,
            members: Members::of(all, world),
            rank,
            cart: None,
            remote: None,
        }
    }

    /// Number of ranks.
    pub(super) fn size(&self) -> u32 {
        self.members.size()
    }

    /// The world rank of communicator rank `rank` (itself if out of range: callers check).
    pub(super) fn world_rank(&self, rank: Rank) -> Rank {
        self.members.world(rank).unwrap_or(rank)
    }

    /// Checks a rank of this communicator (a peer or a root).
    pub(super) fn check_rank(&self, rank: i64, role: RankRole) -> Result<Rank, ErrorKind> {
        match u32::try_from(rank) {
            Ok(r) if r < self.size() => Ok(r),
            _ => Err(ErrorKind::InvalidRank {
                rank,
                size: self.size(),
                role,
            }),
        }
    }

    /// Its Cartesian topology.
    pub(super) fn cart(&self) -> Result<&Cart, ErrorKind> {
        self.cart
            .as_deref()
            .filter(|c| c.graph.is_none())
            .ok_or(CommError::NoCart.into())
    }
}

/// A created communicator's slot.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Slot {
    /// `None` once freed.
    comm: Option<Comm>,
    /// Collectives started on it.
    seq: u32,
}

/// The communicators and groups a rank created.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Comms {
    slots: Vec<Slot>,
    /// Groups by number (`None` once freed).
    groups: Vec<Option<Members>>,
    /// Context ids in use on this rank besides `MPI_COMM_WORLD`'s and `MPI_COMM_SELF`'s, by
    /// window of [`WINDOW`] ids.
    used: Vec<u128>,
    /// Collectives started on `MPI_COMM_SELF`.
    self_seq: u32,
    /// Names given by `MPI_Comm_set_name`, by handle.
    names: std::collections::BTreeMap<i32, Vec<u8>>,
}

impl Comms {
    /// Context ids free on this rank, as a mask (bit `i` = context `i`).
    pub(super) fn free_contexts(&self) -> u128 {
        self.free_window(0)
    }

    /// Context ids of window `w` free on this rank (bit `i` = context `w * WINDOW + i`).
    pub(super) fn free_window(&self, w: u32) -> u128 {
        let used = self.used.get(w as usize).copied().unwrap_or(0);
        let reserved = if w == 0 { 0b11 } else { 0 };
        !(used | reserved)
    }

    /// Adds `comm` (its handle is assigned here and returned).
    pub(super) fn add(&mut self, mut comm: Comm) -> i32 {
        let handle = COMM_BASE.wrapping_add(self.slots.len() as i32);
        comm.handle = handle;
        if comm.context < CONTEXTS {
            let w = (comm.context / WINDOW) as usize;
            if self.used.len() <= w {
                self.used.resize(w + 1, 0);
            }
            self.used[w] |= 1u128 << (comm.context % WINDOW);
        }
        self.slots.push(Slot {
            comm: Some(comm),
            seq: 0,
        });
        handle
    }

    /// Names communicator `handle` (`MPI_Comm_set_name`).
    pub(super) fn set_name(&mut self, handle: i32, name: Vec<u8>) {
        self.names.insert(handle, name);
    }

    /// Adds a group; returns its handle.
    pub(super) fn add_group(&mut self, members: Members) -> i32 {
        let handle = GROUP_BASE.wrapping_add(self.groups.len() as i32);
        self.groups.push(Some(members));
        handle
    }

    fn slot(&self, handle: i64) -> Option<usize> {
        let n = i32::try_from(handle).ok()?.wrapping_sub(COMM_BASE);
        usize::try_from(n).ok().filter(|&i| i < self.slots.len())
    }

    fn group_slot(&self, handle: i64) -> Option<usize> {
        let n = i32::try_from(handle).ok()?.wrapping_sub(GROUP_BASE);
        usize::try_from(n).ok().filter(|&i| i < self.groups.len())
    }
}

impl MpiState {
    /// The communicator with handle `handle`.
    pub(super) fn comm(&self, handle: i64, ctx: &RankCtx<'_>) -> Result<Comm, ErrorKind> {
        match i32::try_from(handle) {
            Ok(MPI_COMM_WORLD) => return Ok(Comm::world(ctx)),
            Ok(MPI_COMM_SELF) => {
                return Ok(Comm {
                    handle: MPI_COMM_SELF,
                    context: SELF_CONTEXT,
                    members: Members::List(Arc::from(vec![ctx.rank()])),
                    rank: 0,
                    cart: None,
                    remote: None,
                })
            }
            Ok(MPI_COMM_NULL) => return Err(CommError::NullComm.into()),
            _ => {}
        }
        let comms = self.comms.as_deref();
        let slot = comms.and_then(|c| Some(&c.slots[c.slot(handle)?]));
        match slot {
            Some(Slot {
                comm: Some(comm), ..
            }) => Ok(comm.clone()),
            Some(_) => Err(CommError::FreedComm(handle).into()),
            None => Err(CommError::UnknownComm(handle).into()),
        }
    }

    /// Communicator `handle`'s name: the one set, else MPICH's (`MPI_COMM_WORLD`,
    /// `MPI_COMM_SELF`, empty for the others).
    pub(super) fn comm_name(&self, handle: i32) -> Vec<u8> {
        if let Some(name) = self.comms.as_deref().and_then(|c| c.names.get(&handle)) {
            return name.clone();
        }
        match handle {
            MPI_COMM_WORLD => b"MPI_COMM_WORLD".to_vec(),
            MPI_COMM_SELF => b"MPI_COMM_SELF".to_vec(),
            _ => Vec::new(),
        }
    }

    /// The rank's communicator table (created on first use).
    pub(super) fn comms(&mut self) -> &mut Comms {
        self.comms.get_or_insert_with(Box::default)
    }

    /// The tag of the next collective of `kind` on `comm` (counting it).
    pub(super) fn next_tag(&mut self, comm: &Comm, kind: Kind) -> i32 {
        tag(kind, self.next_seq(comm))
    }

    /// The sequence number of the next collective on `comm` (counting it).
    pub(super) fn next_seq(&mut self, comm: &Comm) -> u32 {
        let counter = self.seq_counter(comm);
        let seq = *counter;
        *counter = counter.wrapping_add(1);
        seq
    }

    /// How many collectives this rank started on `comm`.
    pub(super) fn seq_count(&mut self, comm: &Comm) -> u32 {
        *self.seq_counter(comm)
    }

    /// The counter of collectives on `comm`.
    pub(super) fn seq_counter(&mut self, comm: &Comm) -> &mut u32 {
        match comm.handle {
            MPI_COMM_WORLD => &mut self.collectives,
            MPI_COMM_SELF => &mut self.comms().self_seq,
            handle => {
                let comms = self.comms();
                match comms.slot(i64::from(handle)) {
                    Some(i) => &mut comms.slots[i].seq,
                    None => &mut comms.self_seq,
                }
            }
        }
    }

    /// `MPI_Comm_free`: forgets the communicator and gives its context id back.
    pub(super) fn free_comm(&mut self, handle: i64, ctx: &RankCtx<'_>) -> Result<(), ErrorKind> {
        let comm = self.comm(handle, ctx)?;
        match comm.handle {
            MPI_COMM_WORLD => return Err(CommError::FreeBuiltin("MPI_COMM_WORLD").into()),
            MPI_COMM_SELF => return Err(CommError::FreeBuiltin("MPI_COMM_SELF").into()),
            _ => {}
        }
        let comms = self.comms();
        if let Some(i) = comms.slot(handle) {
            comms.slots[i].comm = None;
        }
        if let Some(used) = comms.used.get_mut((comm.context / WINDOW) as usize) {
            *used &= !(1u128 << (comm.context % WINDOW));
        }
        Ok(())
    }

    /// The group with handle `handle`.
    pub(super) fn group(&self, handle: i64) -> Result<Members, ErrorKind> {
        match i32::try_from(handle) {
            Ok(MPI_GROUP_EMPTY) => return Ok(Members::empty()),
            Ok(MPI_GROUP_NULL) => return Err(CommError::NullGroup.into()),
            _ => {}
        }
        let comms = self.comms.as_deref();
        match comms.and_then(|c| c.groups.get(c.group_slot(handle)?)) {
            Some(Some(members)) => Ok(members.clone()),
            Some(None) => Err(CommError::FreedGroup(handle).into()),
            None => Err(CommError::UnknownGroup(handle).into()),
        }
    }

    /// `MPI_Group_free`.
    pub(super) fn free_group(&mut self, handle: i64) -> Result<(), ErrorKind> {
        self.group(handle)?;
        let comms = self.comms();
        if let Some(i) = comms.group_slot(handle) {
            comms.groups[i] = None;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_count_up_and_contexts_come_back_when_freed() {
        let mut comms = Comms::default();
        assert_eq!(comms.free_contexts() & 0b111, 0b100);
        let comm = Comm {
            handle: 0,
            context: 2,
            members: Members::World(4),
            rank: 0,
            cart: None,
            remote: None,
        };
        let h = comms.add(comm.clone());
        assert_eq!(h, COMM_BASE);
        assert_eq!(comms.add(comm), COMM_BASE + 1);
        assert_eq!(comms.free_contexts() & 0b111, 0);
        assert_eq!(comms.slot(i64::from(h)), Some(0));
        assert_eq!(comms.slot(i64::from(MPI_COMM_WORLD)), None);
        assert_eq!(comms.add_group(Members::empty()), GROUP_BASE);
    }
}
