//! One rank's ACP state: its registration table and starter memory, its cache of other ranks'
//! tables, its command queue (handles `head..tail`, completed in handle order), the commands
//! other ranks wrote into its remote command receive buffer, its communication thread, the peers
//! it has a queue pair with, and the ranks waiting in `acp_complete`.
//!
//! Queue semantics, as `acpbl_ib.c`'s communication thread: handles count from 1
//! (`ACP_HANDLE_NULL` is 0); `head` is the oldest command not yet complete, `tail` the next
//! handle; a command finishes on its own but `head` moves only over finished commands, so
//! handle `h` is complete when `h < head` — it and every earlier access are done. The thread
//! scans the queue from `head` and takes the first command not yet taken whose order handle is
//! complete; a command held by its order is skipped, not waited for.

use std::collections::{BTreeMap, BTreeSet};

use super::command::{Command, Gma, Path, Stage, HANDLE_ALL, HANDLE_CONT, HANDLE_NULL};
use super::ga::{Ga, STARTER_TAG};
use super::registrations::{RegError, Registration, Registrations};
use super::table_cache::TableCache;
use crate::engine::{Rank, ReqId};
use crate::machine::hw::CommThread;

/// A command another rank wrote into this rank's remote command receive buffer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RemoteCommand {
    /// Who issued it.
    pub issuer: Rank,
    /// Its handle there.
    pub handle: u64,
    /// What it does.
    pub gma: Gma,
    /// Whether it moves bytes.
    pub data: bool,
    /// Where it is (never `Finished`: it leaves the buffer when taken).
    pub stage: Stage,
    /// A completion command: the source rank reports that this rank's command `handle` is done.
    pub completion: bool,
}

/// A rank's ACP state (see the module documentation).
#[derive(Clone, Debug)]
pub struct Endpoint {
    /// Its registrations.
    pub regs: Registrations,
    /// Its starter memory (`acp_query_starter_ga`), once `acp_init` made one.
    pub starter: Option<Registration>,
    /// Its copies of other ranks' tables.
    pub cache: TableCache,
    /// The table it is reading now (the library reads one at a time).
    pub fetching: Option<Rank>,
    /// Live commands by handle, `head..tail`.
    pub queue: BTreeMap<u64, Command>,
    /// The oldest incomplete handle.
    pub head: u64,
    /// The next handle.
    pub tail: u64,
    /// Commands other ranks wrote into its remote command receive buffer, not yet taken.
    pub remote: Vec<RemoteCommand>,
    /// Its communication thread's time.
    pub thread: CommThread,
    /// Whether a scan of the thread is scheduled.
    pub scan_due: bool,
    /// Ranks it has a queue pair with (it sent to them or read from them).
    pub peers: BTreeSet<Rank>,
    /// `acp_complete` requests: each completes once its handle is below `head`.
    pub waiters: Vec<(ReqId, u64)>,
    /// The request of a registration waiting for holders to acknowledge invalidations, and how
    /// many acknowledgements are still due.
    pub invalidating: Option<(ReqId, u32)>,
    /// Owners this rank told it holds their table (the library's "have" flags): told again
    /// only after an invalidation.
    pub flagged: BTreeSet<Rank>,
}

impl Endpoint {
    /// `rank`'s empty state.
    pub fn new(rank: Rank) -> Endpoint {
        Endpoint {
            regs: Registrations::new(rank),
            starter: None,
            cache: TableCache::default(),
            fetching: None,
            queue: BTreeMap::new(),
            head: 1,
            tail: 1,
            remote: Vec::new(),
            thread: CommThread::new(),
            scan_due: false,
            peers: BTreeSet::new(),
            waiters: Vec::new(),
            invalidating: None,
            flagged: BTreeSet::new(),
        }
    }

    /// The handle an order or `acp_complete` argument means for a command issued as `next`:
    /// `ACP_HANDLE_ALL`/`CONT` are the one before it, `ACP_HANDLE_NULL` is none (0).
    pub fn resolve_handle(raw: u64, next: u64) -> u64 {
        match raw {
            HANDLE_ALL | HANDLE_CONT => next - 1,
            HANDLE_NULL => 0,
            h => h,
        }
    }

    /// Whether handle `h` is complete (or names nothing outstanding).
    pub fn is_complete(&self, h: u64) -> bool {
        h < self.head || h >= self.tail
    }

    /// Enqueues a command: its handle.
    pub fn enqueue(&mut self, gma: Gma, order: u64, data: bool) -> u64 {
        let handle = self.tail;
        self.tail += 1;
        self.queue.insert(
            handle,
            Command {
                handle,
                gma,
                order,
                data,
                stage: Stage::Unissued,
            },
        );
        handle
    }

    /// Marks `handle` finished and moves `head` over every finished command: whether `head`
    /// moved.
    pub fn finish(&mut self, handle: u64) -> bool {
        if let Some(c) = self.queue.get_mut(&handle) {
            c.stage = Stage::Finished;
        }
        let before = self.head;
        while self
            .queue
            .get(&self.head)
            .is_some_and(|c| c.stage == Stage::Finished)
        {
            self.queue.remove(&self.head);
            self.head += 1;
        }
        self.head != before
    }

    /// The `acp_complete` requests now satisfied (removed from the waiters).
    pub fn satisfied_waiters(&mut self) -> Vec<ReqId> {
        let head = self.head;
        let (done, wait): (Vec<_>, Vec<_>) = self.waiters.iter().partition(|(_, h)| *h < head);
        self.waiters = wait;
        done.into_iter().map(|(r, _)| r).collect()
    }

    /// The first command the thread may take (`me` is this rank): not taken yet (or waiting
    /// for a table that has arrived), its order complete, and, if it needs another rank's table,
    /// no table read under way (the library reads one at a time and skips such commands).
    pub fn next_command(&self, me: Rank) -> Option<Command> {
        self.queue
            .values()
            .find(|c| {
                matches!(c.stage, Stage::Unissued | Stage::WaitTable(_))
                    && c.order < self.head
                    && (self.fetching.is_none() || self.table_for(me, c.gma).is_none())
            })
            .copied()
    }

    /// The first remote command the thread may take (as [`Endpoint::next_command`]).
    pub fn next_remote(&self, me: Rank) -> Option<usize> {
        self.remote.iter().position(|c| {
            c.completion || self.fetching.is_none() || self.remote_table_for(me, c.gma).is_none()
        })
    }

    /// The rank whose table this rank (the issuer) needs for `gma`, if it is not cached: a
    /// put's destination, a get's source. Remote and local commands need none here.
    pub fn table_for(&self, me: Rank, gma: Gma) -> Option<Rank> {
        let far = match gma.path(me) {
            Path::Put => gma.dst(),
            Path::Get => gma.src(),
            Path::Local | Path::Remote => return None,
        };
        self.needs_table(far).then_some(far.rank)
    }

    /// The rank whose table this rank needs to carry out another rank's command as its source:
    /// where the data (or an atomic's old value) goes, unless that is here.
    pub fn remote_table_for(&self, me: Rank, gma: Gma) -> Option<Rank> {
        let dst = gma.dst();
        (dst.rank != me && self.needs_table(dst)).then_some(dst.rank)
    }

    /// Where `len` bytes at `ga` (this rank's) start: checked against its registration or
    /// starter memory.
    pub fn resolve(&self, ga: Ga, len: u64) -> Result<u64, RegError> {
        if ga.tag != STARTER_TAG {
            return self.regs.resolve(ga, len);
        }
        self.starter
            .ok_or(RegError::NotRegistered(STARTER_TAG))?
            .locate(ga.offset, len)
    }

    /// Whether reaching `ga` (another rank's) needs that rank's registration table here: not
    /// for its starter memory (known to all from `acp_init`) nor for a cached table.
    pub fn needs_table(&self, ga: Ga) -> bool {
        ga.tag != STARTER_TAG && !self.cache.contains(ga.rank)
    }

    /// Whether any live command (queued, issued, or in the remote buffer) touches `rank`'s
    /// registration `tag`.
    pub fn touches(&self, rank: Rank, tag: u8) -> bool {
        let hit = |g: Ga| g.rank == rank && g.tag == tag;
        self.queue
            .values()
            .filter(|c| c.stage != Stage::Finished)
            .any(|c| hit(c.gma.src()) || hit(c.gma.dst()))
            || self
                .remote
                .iter()
                .any(|c| hit(c.gma.src()) || hit(c.gma.dst()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy() -> Gma {
        Gma::Copy {
            dst: Ga::starter(1, 0),
            src: Ga::starter(0, 0),
            size: 8,
        }
    }

    #[test]
    fn handles_complete_in_order_whatever_order_commands_finish_in() {
        let mut e = Endpoint::new(0);
        let (a, b, c) = (
            e.enqueue(copy(), 0, false),
            e.enqueue(copy(), 0, false),
            e.enqueue(copy(), 0, false),
        );
        assert_eq!((a, b, c), (1, 2, 3));
        e.waiters.push((ReqId(7), 2));
        assert!(!e.finish(b));
        assert!(!e.is_complete(b) && e.satisfied_waiters().is_empty());
        assert!(e.finish(a));
        assert_eq!(e.head, 3);
        assert!(e.is_complete(a) && e.is_complete(b) && !e.is_complete(c));
        assert_eq!(e.satisfied_waiters(), [ReqId(7)]);
        assert!(e.is_complete(99), "a handle not issued is not outstanding");
    }

    #[test]
    fn the_thread_skips_a_command_held_by_its_order() {
        let mut e = Endpoint::new(0);
        let a = e.enqueue(copy(), 0, false);
        let b = e.enqueue(copy(), a, false);
        let c = e.enqueue(copy(), 0, false);
        assert_eq!(e.next_command(0).map(|x| x.handle), Some(a));
        e.queue.get_mut(&a).unwrap().stage = Stage::Issued;
        // b waits for a; c does not wait for anything, so the thread takes c first.
        assert_eq!(e.next_command(0).map(|x| x.handle), Some(c));
        e.queue.get_mut(&c).unwrap().stage = Stage::Issued;
        assert_eq!(e.next_command(0), None);
        e.finish(a);
        assert_eq!(e.next_command(0).map(|x| x.handle), Some(b));
        assert_eq!(Endpoint::resolve_handle(HANDLE_ALL, 4), 3);
        assert_eq!(Endpoint::resolve_handle(HANDLE_CONT, 4), 3);
        assert_eq!(Endpoint::resolve_handle(HANDLE_NULL, 4), 0);
    }
}
