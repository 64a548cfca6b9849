//! A rank's cache of other ranks' registration tables (paper 001 §4.3): a rank copies the
//! owner's table by RDMA read on its first access to that rank's memory and keeps it; the cache
//! holds at most [`CAPACITY`] tables (`MAX_RKEY_CASH_SIZE` in `acpbl_ib.c`) and drops the oldest
//! copy to make room; an invalidation from the owner drops its copy, fetched again on the next
//! access. Only which ranks are cached is kept here; the tables are the owners'.

use std::collections::BTreeMap;

/// Tables a rank caches at most.
pub const CAPACITY: usize = 1024;

/// What a lookup found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The table is cached.
    Hit,
    /// It must be fetched; caching it drops `evicted`'s copy, if the cache was full.
    Miss {
        /// The rank whose table makes room.
        evicted: Option<u32>,
    },
}

/// The cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableCache {
    capacity: usize,
    /// Owner → when its table was fetched (a counter).
    by_owner: BTreeMap<u32, u64>,
    /// When fetched → owner, oldest first.
    by_age: BTreeMap<u64, u32>,
    next: u64,
}

impl Default for TableCache {
    fn default() -> Self {
        TableCache::with_capacity(CAPACITY)
    }
}

impl TableCache {
    /// An empty cache of `capacity` tables (at least 1).
    pub fn with_capacity(capacity: usize) -> TableCache {
        TableCache {
            capacity: capacity.max(1),
            by_owner: BTreeMap::new(),
            by_age: BTreeMap::new(),
            next: 0,
        }
    }

    /// An access to `owner`'s memory: a hit, or a miss that caches its table now (the caller
    /// fetches it), dropping the oldest copy if the cache is full.
    pub fn access(&mut self, owner: u32) -> Lookup {
        if self.by_owner.contains_key(&owner) {
            return Lookup::Hit;
        }
        let evicted = if self.by_owner.len() >= self.capacity {
            self.by_age.pop_first().map(|(_, old)| {
                self.by_owner.remove(&old);
                old
            })
        } else {
            None
        };
        self.by_owner.insert(owner, self.next);
        self.by_age.insert(self.next, owner);
        self.next += 1;
        Lookup::Miss { evicted }
    }

    /// `owner` invalidated its table: the copy is dropped (whether or not it was cached).
    pub fn invalidate(&mut self, owner: u32) -> bool {
        match self.by_owner.remove(&owner) {
            Some(age) => {
                self.by_age.remove(&age);
                true
            }
            None => false,
        }
    }

    /// Whether `owner`'s table is cached.
    pub fn contains(&self, owner: u32) -> bool {
        self.by_owner.contains_key(&owner)
    }

    /// Tables cached now.
    pub fn len(&self) -> usize {
        self.by_owner.len()
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.by_owner.is_empty()
    }

    /// The owners cached, oldest copy first.
    pub fn owners(&self) -> impl Iterator<Item = u32> + '_ {
        self.by_age.values().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn first_access_fetches_later_ones_hit_and_the_oldest_makes_room() {
        let mut c = TableCache::with_capacity(2);
        assert_eq!(c.access(7), Lookup::Miss { evicted: None });
        assert_eq!(c.access(7), Lookup::Hit);
        assert_eq!(c.access(3), Lookup::Miss { evicted: None });
        // A hit does not refresh the age: the oldest fetched goes first.
        assert_eq!(c.access(7), Lookup::Hit);
        assert_eq!(c.access(9), Lookup::Miss { evicted: Some(7) });
        assert_eq!(c.owners().collect::<Vec<_>>(), [3, 9]);
        assert!(c.invalidate(3));
        assert!(!c.invalidate(3));
        assert_eq!(c.access(3), Lookup::Miss { evicted: None });
        assert_eq!(TableCache::default().capacity, CAPACITY);
    }

    proptest! {
        /// Against a naive list: never more than the capacity, a hit exactly when the owner
        /// is in the list, and the evicted owner the one fetched longest ago.
        #[test]
        fn behaves_as_a_fifo_of_fetched_tables(ops in proptest::collection::vec((0u32..12, any::<bool>()), 1..200)) {
            let mut c = TableCache::with_capacity(4);
            let mut naive: Vec<u32> = Vec::new();
            for (owner, invalidate) in ops {
                if invalidate {
                    let was = naive.iter().position(|&o| o == owner).map(|i| naive.remove(i)).is_some();
                    prop_assert_eq!(c.invalidate(owner), was);
                } else if naive.contains(&owner) {
                    prop_assert_eq!(c.access(owner), Lookup::Hit);
                } else {
                    let evicted = (naive.len() >= 4).then(|| naive.remove(0));
                    naive.push(owner);
                    prop_assert_eq!(c.access(owner), Lookup::Miss { evicted });
                }
                prop_assert!(c.len() <= 4);
                prop_assert_eq!(c.owners().collect::<Vec<_>>(), naive.clone());
            }
        }
    }
}
