//! Creating a communicator — `MPI_Comm_split`, and `MPI_Comm_dup`, `MPI_Comm_create`,
//! `MPI_Cart_create` and `MPI_Cart_sub` as splits — collectively on its parent, modelled on MPICH.
//!
//! MPICH's `MPIR_Comm_split_impl` (`src/mpi/comm/comm_split.c`) gathers every rank's
//! `(color, key)` with `MPIR_Allgather`, then agrees on a context id with
//! `MPIR_Get_contextid_sparse` (`src/mpi/comm/contextid.c`), an `MPI_BAND` allreduce of each
//! rank's mask of free context ids; each rank then sorts the ranks of its color by key, ties by
//! old rank. Here one allgather carries both: each rank contributes a 24-byte record (color, key,
//! its 128-bit mask of free contexts), gathered by Bruck's algorithm — MPICH's
//! `MPIR_Allgather_intra_brucks`, its choice for short messages (recursive doubling on
//! power-of-two sizes has the same `⌈log2 n⌉` rounds) — in which round `k` sends the `2^k`
//! records held so far to `rank - 2^k` and receives as many from `rank + 2^k`. The new context is
//! the lowest id free on every rank of the parent, so split siblings share it, as in MPICH (their
//! members are disjoint). The messages are the parent's (its context, its collective tags), so
//! the creation shows on the timeline and in the event log like any collective. When no id of the
//! first 128 is free on every rank, the allgather runs again with the masks of the next 128
//! (MPICH's mask has all 2048 bits at once; a program with fewer than 128 communicators sends the
//! same bytes either way).

use std::sync::Arc;

use super::buffers::write_int;
use super::cart::Cart;
use super::collective::Round;
use super::comm::{Comm, Comms, CONTEXTS, WINDOW, WINDOWS};
use super::comm_ctx::CommCtx;
use super::comm_error::CommError;
use super::constants::{MPI_COMM_NULL, MPI_UNDEFINED};
use super::error::ErrorKind;
use super::group::Members;
use crate::engine::{RankCtx, Step};
use crate::lang::vm::memory::{Addr, Memory};

/// Bytes of one rank's record: color, key, free-context mask.
const RECORD: usize = 24;

/// One rank's record in the creation's allgather.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Record {
    color: i32,
    key: i32,
    free: u128,
}

impl Record {
    fn encode(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(RECORD);
        out.extend_from_slice(&self.color.to_le_bytes());
        out.extend_from_slice(&self.key.to_le_bytes());
        out.extend_from_slice(&self.free.to_le_bytes());
        out
    }

    fn decode(b: &[u8]) -> Record {
        let word = |at: usize| i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
        let mut free = [0u8; 16];
        free.copy_from_slice(&b[8..RECORD]);
        Record {
            color: word(0),
            key: word(4),
            free: u128::from_le_bytes(free),
        }
    }
}

/// A creation in progress on one rank of the parent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Create {
    parent: Comm,
    tag: i32,
    /// The records held, from this rank's on (record `i` is parent rank `rank + i`'s).
    held: Vec<u8>,
    /// Distance of the current round.
    dist: u32,
    /// The window of context ids the records' masks describe (`Comms::free_window`).
    window: u32,
    round: Option<Round>,
    /// The topology the new communicator gets.
    cart: Option<Arc<Cart>>,
    /// What the gathered records make.
    making: Making,
    /// Where the new handle goes.
    out: Addr,
}

/// What a creation makes of everyone's records.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Making {
    /// An intracommunicator of the parent ranks of this rank's color (a split).
    Split,
    /// An intercommunicator from one: the parent is its union view (`Comm::union_view`), whose
    /// ranks `0..low` are its low group. The local group is this rank's group's ranks of its
    /// color (by key), the remote group the other group's ranks of the same color; none there
    /// is `MPI_COMM_NULL` (`MPI_Comm_dup`, `MPI_Comm_split`, `MPI_Comm_create` on an
    /// intercommunicator, as MPICH).
    Inter {
        /// Size of the low group.
        low: u32,
    },
    /// `MPI_Intercomm_merge`: the parent is the intercommunicator's union view and each color
    /// is a rank's `high` (0 or 1). The group whose rank 0 passed `high` true comes second; if
    /// both leaders passed the same, the low group comes first (MPICH's `is_low_group`).
    Merge {
        /// Size of the low group.
        low: u32,
    },
}

/// Checks a color: 0 or more, or `MPI_UNDEFINED`.
pub(super) fn check_color(color: i64) -> Result<i32, ErrorKind> {
    match i32::try_from(color) {
        Ok(c) if c >= 0 || c == MPI_UNDEFINED => Ok(c),
        _ => Err(CommError::InvalidColor(color).into()),
    }
}

impl Create {
    /// This rank's part in splitting `parent` by `color` (checked) and `key` into a communicator
    /// with topology `cart`, its handle written to `out`; `tag` is one of the parent's collective
    /// tags. `free` is this rank's mask of free contexts.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        parent: Comm,
        tag: i32,
        color: i32,
        key: i64,
        free: u128,
        cart: Option<Arc<Cart>>,
        out: Addr,
    ) -> Create {
        let key = i32::try_from(key).unwrap_or(if key < 0 { i32::MIN } else { i32::MAX });
        Create {
            parent,
            tag,
            held: Record { color, key, free }.encode(),
            dist: 1,
            window: 0,
            round: None,
            cart,
            making: Making::Split,
            out,
        }
    }

    /// The same creation making `making` instead of a split.
    pub(super) fn making(mut self, making: Making) -> Create {
        self.making = making;
        self
    }

    /// Advances; `None` once the new communicator is in `comms` and its handle written.
    pub(super) fn step(
        &mut self,
        comms: &mut Comms,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        loop {
            if let Some(wait) = self.gather(ctx)? {
                return Ok(Some(wait));
            }
            if !self.next_window(comms) {
                break;
            }
        }
        self.finish(comms, mem, ctx)
    }

    /// Bruck's allgather of the records; `Some` while messages are outstanding.
    fn gather(&mut self, ctx: &mut RankCtx<'_>) -> Result<Option<Step>, ErrorKind> {
        let parent = self.parent.clone();
        let cx = &mut CommCtx::new(ctx, &parent);
        let n = cx.size();
        loop {
            if let Some(round) = &mut self.round {
                if let Some(wait) = round.waiting(cx)? {
                    return Ok(Some(wait));
                }
                for part in round.finish(cx)? {
                    self.held.extend_from_slice(&part);
                }
                self.round = None;
                self.dist = self.dist.saturating_mul(2);
            }
            let have = (self.held.len() / RECORD) as u32;
            if have >= n {
                break;
            }
            let count = have.min(n - have) as usize;
            let me = cx.rank();
            let mut round = Round::default();
            let (to, from) = ((me + n - self.dist % n) % n, (me + self.dist) % n);
            round.recv(cx, from, self.tag, (count * RECORD) as u32)?;
            round.send(cx, to, self.tag, self.held[..count * RECORD].to_vec())?;
            self.round = Some(round);
        }
        Ok(None)
    }

    /// No context id of the current window is free on every rank: start again with the next
    /// window's (every rank sees the same records, so all go on together); `false` if one is
    /// free, or there is no next window.
    fn next_window(&mut self, comms: &Comms) -> bool {
        let free = self
            .held
            .chunks_exact(RECORD)
            .fold(!0u128, |acc, r| acc & Record::decode(r).free);
        if free != 0 || self.window + 1 >= WINDOWS || self.held.len() < RECORD {
            return false;
        }
        self.window += 1;
        let mine = Record::decode(&self.held[..RECORD]);
        let free = comms.free_window(self.window);
        self.held = Record { free, ..mine }.encode();
        self.dist = 1;
        self.round = None;
        true
    }

    /// The context agreed on: the lowest free on every rank, in the current window.
    fn context(&self, table: &[Record]) -> Result<u32, ErrorKind> {
        let (context, _) = split(table, 0);
        let context = context.ok_or(CommError::NoContext(CONTEXTS))?;
        Ok(self.window * WINDOW + context)
    }

    /// Everyone's records are here: agree on the context, find this rank's new communicator.
    fn finish(
        &mut self,
        comms: &mut Comms,
        mem: &mut Memory,
        ctx: &RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let n = self.parent.size();
        let me = self.parent.rank;
        // Record i is parent rank (me + i) mod n's.
        let mut table = vec![None; n as usize];
        for (i, chunk) in self.held.chunks_exact(RECORD).enumerate() {
            table[((me as usize) + i) % n as usize] = Some(Record::decode(chunk));
        }
        let table: Vec<Record> = table.into_iter().flatten().collect();
        match self.making {
            Making::Split => {}
            Making::Inter { low } => return self.finish_inter(&table, low, comms, mem),
            Making::Merge { low } => return self.finish_merge(&table, low, comms, mem, ctx),
        }
        let (_, members) = split(&table, me as usize);
        let Some(members) = members else {
            write_int(mem, self.out, MPI_COMM_NULL, "the new communicator")?;
            return Ok(None);
        };
        let context = self.context(&table)?;
        let rank = members.iter().position(|&r| r == me as usize).unwrap_or(0) as u32;
        let world = members
            .iter()
            .map(|&r| self.parent.world_rank(r as u32))
            .collect();
        let handle = comms.add(Comm {
            handle: 0,
            context,
            members: Members::of(world, ctx.size()),
            rank,
            cart: self.cart.take(),
            remote: None,
        });
        write_int(mem, self.out, handle, "the new communicator")?;
        Ok(None)
    }

    /// An intercommunicator from an intercommunicator's union view (see [`Making::Inter`]).
    fn finish_inter(
        &mut self,
        table: &[Record],
        low: u32,
        comms: &mut Comms,
        mem: &mut Memory,
    ) -> Result<Option<Step>, ErrorKind> {
        let me = self.parent.rank as usize;
        let color = table.get(me).map_or(MPI_UNDEFINED, |r| r.color);
        let low = low as usize;
        let (mine, theirs) = if me < low {
            (0..low, low..table.len())
        } else {
            (low..table.len(), 0..low)
        };
        let of_color = |range: std::ops::Range<usize>| {
            let mut ranks: Vec<usize> = range.filter(|&r| table[r].color == color).collect();
            ranks.sort_by_key(|&r| (table[r].key, r));
            ranks
        };
        let (local, remote) = (of_color(mine), of_color(theirs));
        if color == MPI_UNDEFINED || remote.is_empty() {
            write_int(mem, self.out, MPI_COMM_NULL, "the new communicator")?;
            return Ok(None);
        }
        let context = self.context(table)?;
        let rank = local.iter().position(|&r| r == me).unwrap_or(0) as u32;
        let world = |ranks: &[usize]| -> Vec<u32> {
            ranks
                .iter()
                .map(|&r| self.parent.world_rank(r as u32))
                .collect()
        };
        let handle = comms.add(Comm {
            handle: 0,
            context,
            members: Members::List(world(&local).into()),
            rank,
            cart: None,
            remote: Some(Members::List(world(&remote).into())),
        });
        write_int(mem, self.out, handle, "the new communicator")?;
        Ok(None)
    }

    /// The intracommunicator of `MPI_Intercomm_merge` (see [`Making::Merge`]).
    fn finish_merge(
        &mut self,
        table: &[Record],
        low: u32,
        comms: &mut Comms,
        mem: &mut Memory,
        ctx: &RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let (n, low) = (table.len(), low as usize);
        let me = self.parent.rank as usize;
        let context = self.context(table)?;
        let high_of = |leader: usize| table.get(leader).is_some_and(|r| r.color != 0);
        // The low group goes second only if its leader said high and the other's did not.
        let low_second = high_of(0) && !high_of(low);
        let order: Vec<usize> = if low_second {
            (low..n).chain(0..low).collect()
        } else {
            (0..n).collect()
        };
        let rank = order.iter().position(|&r| r == me).unwrap_or(0) as u32;
        let world = order
            .iter()
            .map(|&r| self.parent.world_rank(r as u32))
            .collect();
        let handle = comms.add(Comm {
            handle: 0,
            context,
            members: Members::of(world, ctx.size()),
            rank,
            cart: None,
            remote: None,
        });
        write_int(mem, self.out, handle, "the new communicator")?;
        Ok(None)
    }
}

/// MPI's split of the parent ranks' records: the lowest context id free on every rank, and
/// the parent ranks of `me`'s color ordered by key, ties by parent rank (`None` if `me`'s color
/// is `MPI_UNDEFINED`).
fn split(table: &[Record], me: usize) -> (Option<u32>, Option<Vec<usize>>) {
    let free = table.iter().fold(!0u128, |acc, r| acc & r.free);
    let context = (free != 0).then(|| free.trailing_zeros());
    let color = table.get(me).map_or(MPI_UNDEFINED, |r| r.color);
    if color == MPI_UNDEFINED {
        return (context, None);
    }
    let mut members: Vec<usize> = (0..table.len())
        .filter(|&r| table[r].color == color)
        .collect();
    members.sort_by_key(|&r| (table[r].key, r));
    (context, Some(members))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(color: i32, key: i32, free: u128) -> Record {
        Record { color, key, free }
    }

    #[test]
    fn split_orders_by_key_then_old_rank_and_agrees_on_the_lowest_free_context() {
        let table = [
            rec(0, 5, 0b11100),
            rec(1, 0, 0b11000),
            rec(0, 1, 0b11100),
            rec(0, 1, 0b01100),
            rec(MPI_UNDEFINED, 0, 0b11100),
        ];
        let (context, members) = split(&table, 0);
        assert_eq!(context, Some(3));
        assert_eq!(members, Some(vec![2, 3, 0]));
        assert_eq!(split(&table, 1).1, Some(vec![1]));
        assert_eq!(split(&table, 4).1, None);
        assert_eq!(split(&[rec(0, 0, 0)], 0).0, None);
    }

    #[test]
    fn records_round_trip_and_colors_are_checked() {
        let r = rec(-32766, -7, u128::MAX - 3);
        assert_eq!(Record::decode(&r.encode()), r);
        assert_eq!(check_color(3), Ok(3));
        assert!(check_color(-1).is_err());
        assert_eq!(check_color(i64::from(MPI_UNDEFINED)), Ok(MPI_UNDEFINED));
    }
}
