//! ACP's global address (`acp_ga_t`) as the InfiniBand basic layer packs it into 64 bits, from
//! the most significant bit down: the owner's rank **plus one** (21 bits), the color (1 bit),
//! the registration tag (8 bits: the slot in the owner's registration table, 255 for the starter
//! memory) and the byte offset into that registration (34 bits). Zero is `ACP_GA_NULL` (`acp.h`),
//! which no GA can be: its rank field is at least 1. An address-translation key (`acp_atkey_t`) has the same
//! layout with offset 0. Source: the ACP library's `src/bl/ib/acpbl_ib.c` (`RANK_BITS 21`,
//! `COLOR_BITS 1`, `GMTAG_BITS 8`, `OFFSET_BITS 34`, `TAG_SM 0xff`, `acp_query_starter_ga`).

use std::fmt;

/// Bits of the rank field (which holds rank + 1).
pub const RANK_BITS: u32 = 21;
/// Bits of the color field.
pub const COLOR_BITS: u32 = 1;
/// Bits of the registration tag.
pub const TAG_BITS: u32 = 8;
/// Bits of the byte offset.
pub const OFFSET_BITS: u32 = 34;
/// `ACP_GA_NULL` (and `ACP_ATKEY_NULL`): 0, as the library's `acp.h` defines them.
pub const GA_NULL: u64 = 0;
/// The tag of the starter memory (`TAG_SM`).
pub const STARTER_TAG: u8 = 0xff;
/// The largest rank a GA can name: rank + 1 must fit in [`RANK_BITS`] (kept one below all ones,
/// so a rank field never reaches the field's mask).
pub const MAX_RANK: u32 = (1 << RANK_BITS) - 2;
/// The largest offset (a registration of up to 16 GiB).
pub const MAX_OFFSET: u64 = (1 << OFFSET_BITS) - 1;

/// A global address, unpacked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ga {
    /// The rank that owns the memory.
    pub rank: u32,
    /// The color (0 or 1): which device path the basic layer uses.
    pub color: u8,
    /// The slot in the owner's registration table ([`STARTER_TAG`] for the starter memory).
    pub tag: u8,
    /// Bytes from the start of the registration.
    pub offset: u64,
}

/// Why 64 bits are not a GA, or a GA cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GaError {
    /// `ACP_GA_NULL`.
    Null,
    /// The rank field is 0, which names no rank.
    NoRank(u64),
    /// A rank above [`MAX_RANK`].
    RankTooLarge(u32),
    /// A color other than 0 or 1.
    BadColor(u8),
    /// An offset above [`MAX_OFFSET`] (also: an address moved past it).
    OffsetTooLarge(u64),
}

impl fmt::Display for GaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GaError::Null => write!(f, "the global address is ACP_GA_NULL"),
            GaError::NoRank(raw) => write!(
                f,
                "{raw:#018x} is not a global address: its rank field is 0 (a GA holds rank + 1)"
            ),
            GaError::RankTooLarge(r) => write!(
                f,
                "rank {r} does not fit in a global address (at most {MAX_RANK})"
            ),
            GaError::BadColor(c) => write!(f, "color {c} is not 0 or 1"),
            GaError::OffsetTooLarge(o) => write!(
                f,
                "offset {o} does not fit in a global address (at most {MAX_OFFSET} bytes, 16 GiB)"
            ),
        }
    }
}

impl std::error::Error for GaError {}

impl Ga {
    /// The GA of `rank`'s starter memory at `offset` (`acp_query_starter_ga` is offset 0).
    pub fn starter(rank: u32, offset: u64) -> Ga {
        Ga {
            rank,
            color: 0,
            tag: STARTER_TAG,
            offset,
        }
    }

    /// The start of `rank`'s registration in slot `tag` (color 0), packed: what
    /// `acp_query_ga` gives for its first byte (workloads without memory name it directly).
    pub fn slot(rank: u32, tag: u8) -> u64 {
        Ga {
            rank,
            color: 0,
            tag,
            offset: 0,
        }
        .pack()
        .unwrap_or(GA_NULL)
    }

    /// The 64 bits.
    pub fn pack(self) -> Result<u64, GaError> {
        if self.rank > MAX_RANK {
            return Err(GaError::RankTooLarge(self.rank));
        }
        if self.color > 1 {
            return Err(GaError::BadColor(self.color));
        }
        if self.offset > MAX_OFFSET {
            return Err(GaError::OffsetTooLarge(self.offset));
        }
        Ok(
            (u64::from(self.rank) + 1) << (COLOR_BITS + TAG_BITS + OFFSET_BITS)
                | u64::from(self.color) << (TAG_BITS + OFFSET_BITS)
                | u64::from(self.tag) << OFFSET_BITS
                | self.offset,
        )
    }

    /// The GA in 64 bits.
    pub fn unpack(raw: u64) -> Result<Ga, GaError> {
        if raw == GA_NULL {
            return Err(GaError::Null);
        }
        let field = raw >> (COLOR_BITS + TAG_BITS + OFFSET_BITS);
        if field == 0 {
            return Err(GaError::NoRank(raw));
        }
        Ok(Ga {
            rank: (field - 1) as u32,
            color: ((raw >> (TAG_BITS + OFFSET_BITS)) & 1) as u8,
            tag: ((raw >> OFFSET_BITS) & 0xff) as u8,
            offset: raw & MAX_OFFSET,
        })
    }

    /// The same registration `bytes` further on (C's `ga + bytes`, which the library allows
    /// within the offset field).
    pub fn plus(self, bytes: u64) -> Result<Ga, GaError> {
        let offset = self
            .offset
            .checked_add(bytes)
            .filter(|&o| o <= MAX_OFFSET)
            .ok_or(GaError::OffsetTooLarge(self.offset.saturating_add(bytes)))?;
        Ok(Ga { offset, ..self })
    }
}

impl fmt::Display for Ga {
    /// "rank 3, tag 0, offset 64 (color 0)"; the starter memory by name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tag == STARTER_TAG {
            write!(
                f,
                "rank {}'s starter memory, offset {}",
                self.rank, self.offset
            )
        } else {
            write!(
                f,
                "rank {}, registration {}, offset {} (color {})",
                self.rank, self.tag, self.offset, self.color
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_fields_sit_where_the_ib_basic_layer_puts_them() {
        // acp_query_starter_ga(0): rank field 1, color 0, tag 0xff, offset 0.
        assert_eq!(Ga::starter(0, 0).pack(), Ok(0x0000_0bfc_0000_0000));
        assert_eq!(
            Ga {
                rank: 2,
                color: 1,
                tag: 3,
                offset: 0x10
            }
            .pack(),
            Ok(3 << 43 | 1 << 42 | 3 << 34 | 0x10)
        );
        assert_eq!(Ga::unpack(0x0000_0bfc_0000_0040), Ok(Ga::starter(0, 0x40)));
    }

    #[test]
    fn null_and_rankless_words_are_not_addresses_and_fields_that_do_not_fit_are_refused() {
        assert_eq!(Ga::unpack(GA_NULL), Err(GaError::Null));
        assert_eq!(Ga::unpack(0x1234), Err(GaError::NoRank(0x1234)));
        assert_eq!(
            Ga::unpack(0x1234).unwrap_err().to_string(),
            "0x0000000000001234 is not a global address: its rank field is 0 (a GA holds rank + 1)"
        );
        let g = Ga::starter(MAX_RANK + 1, 0);
        assert_eq!(g.pack(), Err(GaError::RankTooLarge(MAX_RANK + 1)));
        assert!(Ga::starter(MAX_RANK, MAX_OFFSET).pack().unwrap() != GA_NULL);
        assert_eq!(
            Ga {
                color: 2,
                ..Ga::starter(0, 0)
            }
            .pack(),
            Err(GaError::BadColor(2))
        );
        assert_eq!(
            Ga::starter(1, MAX_OFFSET).plus(1),
            Err(GaError::OffsetTooLarge(MAX_OFFSET + 1))
        );
        assert_eq!(Ga::starter(1, 8).plus(8), Ok(Ga::starter(1, 16)));
    }

    proptest! {
        #[test]
        fn packing_round_trips(rank in 0..=MAX_RANK, color in 0u8..2, tag: u8, offset in 0..=MAX_OFFSET) {
            let g = Ga { rank, color, tag, offset };
            let raw = g.pack().unwrap();
            prop_assert_ne!(raw, GA_NULL);
            prop_assert_eq!(Ga::unpack(raw), Ok(g));
        }
    }
}
