//! A rank's registration table: the memory it registered with `acp_register_memory`, one slot
//! per registration (at most [`MAX_REGISTRATIONS`], `MAX_RM_SIZE` in the ACP library), a GA's
//! tag being the slot. Registering takes the lowest free slot and returns the
//! address-translation key (the GA layout with offset 0); `acp_query_ga` turns a key and an
//! address inside the registration into a GA; resolving a GA checks that an access stays
//! inside the registration. The table also knows which ranks hold a copy of it (they fetched
//! it on first access): registering into a slot that held an earlier registration must
//! invalidate their copies, and the caller gets them back to send the invalidations.
//!
//! Simplifications: addresses are the playground's (a rank's byte addresses), colors are kept
//! but choose nothing yet; the starter memory is not a slot (its tag, 255, is never handed out).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::ga::{Ga, GaError, MAX_OFFSET, STARTER_TAG};

/// Registrations a rank may hold at once (`MAX_RM_SIZE` in `acpbl_ib.c`).
pub const MAX_REGISTRATIONS: usize = 255;

/// The fields of one entry of the table as the library lays it out (`RM` in `acpbl_ib.c`: rank,
/// address, InfiniBand rkey, size, lock and valid flags), with their bytes on LP64 including the
/// padding after the 4-byte fields.
pub const ENTRY_FIELDS: &[(&str, u64)] = &[
    ("rank", 4),
    ("(padding)", 4),
    ("addr", 8),
    ("rkey", 4),
    ("(padding)", 4),
    ("size", 8),
    ("lock", 8),
    ("valid", 8),
];

/// Bytes of one table entry: the sum of [`ENTRY_FIELDS`].
pub const fn entry_bytes() -> u64 {
    let mut sum = 0;
    let mut i = 0;
    while i < ENTRY_FIELDS.len() {
        sum += ENTRY_FIELDS[i].1;
        i += 1;
    }
    sum
}

/// Bytes of a whole table: what a rank reads by RDMA on its first access to the owner's memory
/// (`getlrm` reads `sizeof(RM) * MAX_RM_SIZE`).
pub const fn table_bytes() -> u64 {
    entry_bytes() * MAX_REGISTRATIONS as u64
}

/// One registered region.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    /// Its first byte's address on the owner.
    pub base: u64,
    /// Its size in bytes.
    pub size: u64,
    /// The color it was registered with.
    pub color: u8,
}

impl Registration {
    /// The address of `len` bytes at `offset` into the registration, if they lie inside it.
    pub fn locate(&self, offset: u64, len: u64) -> Result<u64, RegError> {
        if offset.checked_add(len).is_none_or(|end| end > self.size) {
            return Err(RegError::PastEnd {
                offset,
                len,
                size: self.size,
            });
        }
        Ok(self.base + offset)
    }
}

/// Why a registration call or a GA's resolution failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegError {
    /// All [`MAX_REGISTRATIONS`] slots are in use.
    Full,
    /// A size of 0, or larger than a GA's offset can reach.
    BadSize(u64),
    /// The key or GA is not this rank's.
    OtherRank {
        /// Whose it is.
        owner: u32,
        /// This rank.
        here: u32,
    },
    /// Nothing is registered in that slot.
    NotRegistered(u8),
    /// The address is outside the registration the key names.
    Outside {
        /// The address.
        addr: u64,
        /// The registration.
        reg: Registration,
    },
    /// An access of `len` bytes at `offset` runs past the registration's end.
    PastEnd {
        /// The access's start in the registration.
        offset: u64,
        /// Its length.
        len: u64,
        /// The registration's size.
        size: u64,
    },
    /// The key or GA is not one.
    Ga(GaError),
}

impl fmt::Display for RegError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegError::Full => write!(
                f,
                "this rank already has {MAX_REGISTRATIONS} registrations, all ACP allows: \
                 unregister one first"
            ),
            RegError::BadSize(s) => write!(
                f,
                "cannot register {s} bytes: a registration is 1 byte to {} bytes",
                MAX_OFFSET + 1
            ),
            RegError::OtherRank { owner, here } => write!(
                f,
                "this names rank {owner}'s memory, not this rank's ({here})"
            ),
            RegError::NotRegistered(tag) => {
                write!(
                    f,
                    "nothing is registered in slot {tag} of this rank's table"
                )
            }
            RegError::Outside { addr, reg } => write!(
                f,
                "address {addr:#x} is outside the registration it names ({:#x} to {:#x})",
                reg.base,
                reg.base + reg.size - 1
            ),
            RegError::PastEnd { offset, len, size } => write!(
                f,
                "{len} bytes at offset {offset} run past the registration's end ({size} bytes)"
            ),
            RegError::Ga(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RegError {}

impl From<GaError> for RegError {
    fn from(e: GaError) -> RegError {
        RegError::Ga(e)
    }
}

/// One rank's registration table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registrations {
    rank: u32,
    /// The slots in use (a map, so a rank that registers little holds little: paper 001's
    /// memory counts come from `memory`, not from this representation).
    slots: BTreeMap<u8, Registration>,
    /// Slots that have held a registration (a new one there must invalidate remote copies).
    used: BTreeSet<u8>,
    /// Ranks holding a copy of this table.
    holders: BTreeSet<u32>,
}

/// What `register` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registered {
    /// The address-translation key (`acp_atkey_t`).
    pub atkey: u64,
    /// The ranks whose copy of the table must be invalidated (the slot held an earlier
    /// registration and they hold a copy); they forget they hold one.
    pub invalidate: Vec<u32>,
}

impl Registrations {
    /// `rank`'s empty table.
    pub fn new(rank: u32) -> Registrations {
        Registrations {
            rank,
            slots: BTreeMap::new(),
            used: BTreeSet::new(),
            holders: BTreeSet::new(),
        }
    }

    /// `acp_register_memory(addr, size, color)`: the lowest free slot.
    pub fn register(&mut self, base: u64, size: u64, color: u8) -> Result<Registered, RegError> {
        if size == 0 || size > MAX_OFFSET + 1 {
            return Err(RegError::BadSize(size));
        }
        let tag = (0..MAX_REGISTRATIONS as u8)
            .find(|t| !self.slots.contains_key(t))
            .ok_or(RegError::Full)?;
        let atkey = Ga {
            rank: self.rank,
            color,
            tag,
            offset: 0,
        }
        .pack()?;
        self.slots.insert(tag, Registration { base, size, color });
        let invalidate = if self.used.insert(tag) {
            Vec::new()
        } else {
            std::mem::take(&mut self.holders).into_iter().collect()
        };
        Ok(Registered { atkey, invalidate })
    }

    /// `acp_unregister_memory(atkey)`: the registration it named.
    pub fn unregister(&mut self, atkey: u64) -> Result<Registration, RegError> {
        let tag = self.own_tag(atkey)?;
        self.slots.remove(&tag).ok_or(RegError::NotRegistered(tag))
    }

    /// `acp_query_ga(atkey, addr)`: the GA of `addr` inside the registration `atkey` names.
    pub fn query_ga(&self, atkey: u64, addr: u64) -> Result<Ga, RegError> {
        let tag = self.own_tag(atkey)?;
        let reg = self.get(tag)?;
        if addr < reg.base || addr - reg.base >= reg.size {
            return Err(RegError::Outside { addr, reg });
        }
        Ok(Ga {
            rank: self.rank,
            color: reg.color,
            tag,
            offset: addr - reg.base,
        })
    }

    /// The address `len` bytes at `ga` start at, checking that they lie inside its registration
    /// (the owner's view; a remote rank checks the same against its copy of the table).
    pub fn resolve(&self, ga: Ga, len: u64) -> Result<u64, RegError> {
        if ga.rank != self.rank {
            return Err(RegError::OtherRank {
                owner: ga.rank,
                here: self.rank,
            });
        }
        self.get(ga.tag)?.locate(ga.offset, len)
    }

    /// The registration in slot `tag`.
    pub fn get(&self, tag: u8) -> Result<Registration, RegError> {
        self.slots
            .get(&tag)
            .copied()
            .ok_or(RegError::NotRegistered(tag))
    }

    /// Registrations in use, by slot.
    pub fn in_use(&self) -> impl Iterator<Item = (u8, Registration)> + '_ {
        self.slots.iter().map(|(t, r)| (*t, *r))
    }

    /// `by` copied this table (its first access to this rank's memory).
    pub fn fetched_by(&mut self, by: u32) {
        self.holders.insert(by);
    }

    /// `by` dropped its copy (its cache evicted it).
    pub fn dropped_by(&mut self, by: u32) {
        self.holders.remove(&by);
    }

    /// The ranks holding a copy, ascending.
    pub fn holders(&self) -> impl Iterator<Item = u32> + '_ {
        self.holders.iter().copied()
    }

    fn own_tag(&self, atkey: u64) -> Result<u8, RegError> {
        let key = Ga::unpack(atkey)?;
        if key.rank != self.rank {
            return Err(RegError::OtherRank {
                owner: key.rank,
                here: self.rank,
            });
        }
        if key.tag == STARTER_TAG {
            return Err(RegError::NotRegistered(STARTER_TAG));
        }
        Ok(key.tag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_slots_and_gas_name_addresses_inside_them() {
        let mut t = Registrations::new(3);
        let a = t.register(0x1000, 256, 0).unwrap();
        let b = t.register(0x8000, 64, 1).unwrap();
        assert_eq!(Ga::unpack(a.atkey).unwrap().tag, 0);
        assert_eq!(Ga::unpack(b.atkey).unwrap().tag, 1);
        let ga = t.query_ga(a.atkey, 0x1010).unwrap();
        assert_eq!(
            ga,
            Ga {
                rank: 3,
                color: 0,
                tag: 0,
                offset: 0x10
            }
        );
        assert_eq!(t.resolve(ga, 240), Ok(0x1010));
        assert_eq!(
            t.resolve(ga, 241).unwrap_err().to_string(),
            "241 bytes at offset 16 run past the registration's end (256 bytes)"
        );
        assert_eq!(
            t.query_ga(a.atkey, 0x1100).unwrap_err().to_string(),
            "address 0x1100 is outside the registration it names (0x1000 to 0x10ff)"
        );
        assert_eq!(t.query_ga(b.atkey, 0x8000).unwrap().color, 1);
        let other = Registrations::new(4);
        assert_eq!(
            other.query_ga(a.atkey, 0x1010),
            Err(RegError::OtherRank { owner: 3, here: 4 })
        );
    }

    #[test]
    fn the_table_holds_255_and_a_freed_slot_is_reused_with_invalidations() {
        let mut t = Registrations::new(0);
        let keys: Vec<u64> = (0..MAX_REGISTRATIONS as u64)
            .map(|i| t.register(i * 4096, 4096, 0).unwrap().atkey)
            .collect();
        assert_eq!(t.register(0, 8, 0), Err(RegError::Full));
        assert_eq!(t.in_use().count(), 255);
        // Ranks 5 and 9 copied the table; slot 7 is freed and registered again.
        t.fetched_by(5);
        t.fetched_by(9);
        assert_eq!(t.unregister(keys[7]).unwrap().base, 7 * 4096);
        assert_eq!(t.unregister(keys[7]), Err(RegError::NotRegistered(7)));
        let again = t.register(0xa000, 16, 0).unwrap();
        assert_eq!(Ga::unpack(again.atkey).unwrap().tag, 7);
        assert_eq!(again.invalidate, [5, 9]);
        assert_eq!(t.holders().count(), 0);
        assert_eq!(t.register(0, 0, 0), Err(RegError::BadSize(0)));
    }

    #[test]
    fn a_first_use_of_a_slot_invalidates_nobody_and_the_starter_tag_is_no_key() {
        let mut t = Registrations::new(1);
        t.fetched_by(2);
        assert_eq!(t.register(0, 8, 0).unwrap().invalidate, Vec::<u32>::new());
        let starter = Ga::starter(1, 0).pack().unwrap();
        assert_eq!(t.query_ga(starter, 0), Err(RegError::NotRegistered(255)));
    }
}
