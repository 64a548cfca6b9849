//! How the MPI library maps passive-target synchronization (`MPI_Win_lock`, `MPI_Win_lock_all`)
//! onto a lock algorithm — the choice paper 003 is about, selectable per run
//! (`SimConfig::lock_scheme`):
//!
//! | scheme | locks | `MPI_Win_lock(t)` | `MPI_Win_lock_all` |
//! |---|---|---|---|
//! | `mcs-rw` (paper 003, the default) | one global MCS-RW lock on rank 0 | ReaderLock / WriterLock | ReaderLock |
//! | `fompi` (Gerstenberger et al.) | global + local words on rank 0 | shared: global; exclusive: both | global only |
//! | `test-and-set` | one lock word on rank 0 | compare-and-swap until it succeeds (shared too) | the same |
//! | `li` (Li et al.) | one lock per target, in its own words | the target's lock | a shared lock on every rank in turn |
//!
//! Simplifications: the global schemes keep one lock for every window and target (paper 003's
//! implementation has one global lock too, so writers to different targets serialize). `li`
//! gives each target foMPI's counting lock words (readers counted, writers announced, polled
//! with backoff), the shape of an RDMA-atomic per-target lock; Li et al.'s point is the
//! lock_all, which takes all `n` of them one after the other.

use std::fmt;
use std::str::FromStr;

use super::{fompi, mcs_rw, test_and_set, Algorithm, Word};

/// How `MPI_Win_lock` and `MPI_Win_lock_all` take locks.
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum LockScheme {
    /// Paper 003: one global MCS readers/writer lock with reader preference on rank 0.
    #[default]
    McsRw,
    /// foMPI: a global lock word (lock_all, announced writers) and a local one per target,
    /// both on rank 0 here; remote polling with backoff.
    Fompi,
    /// A centralized test-and-set lock on rank 0 (shared requests serialize too).
    TestAndSet,
    /// Li et al.: each target's own lock; lock_all takes a shared lock on every rank.
    #[serde(rename = "li")]
    LiEtAl,
}

impl LockScheme {
    /// Every scheme, the paper's first.
    pub const ALL: [LockScheme; 4] = [
        LockScheme::McsRw,
        LockScheme::Fompi,
        LockScheme::TestAndSet,
        LockScheme::LiEtAl,
    ];

    /// The algorithm of each lock.
    pub fn algorithm(self) -> Algorithm {
        match self {
            LockScheme::McsRw => Algorithm::McsRw,
            LockScheme::Fompi | LockScheme::LiEtAl => Algorithm::Fompi,
            LockScheme::TestAndSet => Algorithm::TestAndSet,
        }
    }

    /// Whether each target has its own lock (else one global lock lives on rank 0).
    pub fn per_target(self) -> bool {
        self == LockScheme::LiEtAl
    }

    /// The rank whose words hold the lock that `MPI_Win_lock` of `target` takes.
    pub fn home(self, target: u32) -> u32 {
        if self.per_target() {
            target
        } else {
            0
        }
    }

    /// The homes of the locks `MPI_Win_lock_all` takes, in order, among `ranks` ranks.
    pub fn lock_all_homes(self, ranks: u32) -> Vec<u32> {
        if self.per_target() {
            (0..ranks).collect()
        } else {
            vec![0]
        }
    }

    /// Words of one-sided memory each rank needs.
    pub const fn words(self) -> u32 {
        match self {
            LockScheme::McsRw => mcs_rw::WORDS,
            LockScheme::Fompi | LockScheme::LiEtAl => fompi::WORDS,
            LockScheme::TestAndSet => test_and_set::WORDS,
        }
    }

    /// The most words any scheme needs.
    pub const MAX_WORDS: u32 = max_words();

    /// What it does, in a sentence (for the CLI's help and the playground).
    pub fn describe(self) -> &'static str {
        match self {
            LockScheme::McsRw => "paper 003: one global MCS readers/writer lock (reader preference) on rank 0; lock_all is a ReaderLock",
            LockScheme::Fompi => "foMPI: a global lock word counting lock_all holders and announced writers, and a local word an exclusive locker takes; remote polling with backoff",
            LockScheme::TestAndSet => "one lock word on rank 0 taken by compare-and-swap, retried until it succeeds; shared locks serialize too",
            LockScheme::LiEtAl => "Li et al.: every target has its own lock; lock_all takes a shared lock on every rank, one after the other",
        }
    }

    /// The lock's words on its home rank `home`, each with its name (the queue nodes of MCS-RW
    /// are each rank's own and not listed).
    pub fn lock_words(self, home: u32) -> Vec<(Word, &'static str)> {
        let at = |index| Word { rank: home, index };
        match self.algorithm() {
            Algorithm::McsRw => [mcs_rw::RCNT, mcs_rw::R_HD, mcs_rw::W_TAIL, mcs_rw::W_HD]
                .into_iter()
                .map(|i| (at(i), mcs_rw::word_name(i)))
                .collect(),
            Algorithm::Fompi => vec![
                (at(fompi::GLOBAL), "global word"),
                (at(fompi::LOCAL), "local word"),
            ],
            Algorithm::TestAndSet => vec![(at(test_and_set::LOCK), "lock word")],
        }
    }

    /// A value of the lock word `index` in words.
    pub fn describe_word(self, index: u32, value: u64) -> String {
        match self.algorithm() {
            Algorithm::McsRw => mcs_rw::describe_value(index, value),
            Algorithm::Fompi if index == fompi::GLOBAL => {
                let (readers, writers) = (value % fompi::WRITER, value / fompi::WRITER);
                let s = |n: u64| if n == 1 { "" } else { "s" };
                format!(
                    "{readers} reader{}, {writers} writer{} announced",
                    s(readers),
                    s(writers)
                )
            }
            Algorithm::Fompi | Algorithm::TestAndSet => {
                if value == 0 {
                    "free".to_string()
                } else {
                    "taken".to_string()
                }
            }
        }
    }
}

const fn max_words() -> u32 {
    let mut most = 0;
    let mut i = 0;
    while i < LockScheme::ALL.len() {
        let w = LockScheme::ALL[i].words();
        if w > most {
            most = w;
        }
        i += 1;
    }
    most
}

impl fmt::Display for LockScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LockScheme::McsRw => "mcs-rw",
            LockScheme::Fompi => "fompi",
            LockScheme::TestAndSet => "test-and-set",
            LockScheme::LiEtAl => "li",
        })
    }
}

/// A lock scheme name that is not one of [`LockScheme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLockScheme(pub String);

impl fmt::Display for UnknownLockScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = LockScheme::ALL.iter().map(|s| s.to_string()).collect();
        write!(
            f,
            "unknown lock scheme '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownLockScheme {}

impl FromStr for LockScheme {
    type Err = UnknownLockScheme;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        LockScheme::ALL
            .into_iter()
            .find(|scheme| scheme.to_string() == s)
            .ok_or_else(|| UnknownLockScheme(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_bad_names_list_the_choices() {
        for s in LockScheme::ALL {
            assert_eq!(s.to_string().parse::<LockScheme>(), Ok(s));
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(json, format!("\"{s}\""));
            assert_eq!(serde_json::from_str::<LockScheme>(&json).unwrap(), s);
        }
        let e = "mcs".parse::<LockScheme>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown lock scheme 'mcs': expected one of mcs-rw, fompi, test-and-set, li"
        );
    }

    #[test]
    fn global_schemes_keep_one_lock_on_rank_0_and_li_one_per_target() {
        assert_eq!(LockScheme::McsRw.home(5), 0);
        assert_eq!(LockScheme::McsRw.lock_all_homes(4), vec![0]);
        assert_eq!(LockScheme::LiEtAl.home(5), 5);
        assert_eq!(LockScheme::LiEtAl.lock_all_homes(3), vec![0, 1, 2]);
        assert!(LockScheme::ALL
            .iter()
            .all(|s| s.words() <= LockScheme::MAX_WORDS));
        assert_eq!(
            LockScheme::Fompi.describe_word(fompi::GLOBAL, fompi::WRITER + 1),
            "1 reader, 1 writer announced"
        );
        assert_eq!(LockScheme::LiEtAl.describe_word(fompi::LOCAL, 0), "free");
    }
}
