//! A rank's ACP memory by component (paper 001 Table 2), counted from the structures the
//! library allocates (`acpbl_ib.c`'s `iacp_init`: the `sysmem` block, the queue pairs, the
//! starter-memory information table, the remote tables it caches) with the sizes the layer
//! models: the 120-byte command record ([`cmd_bytes`]), the 48-byte registration entry
//! ([`entry_bytes`]), the tables a rank has cached ([`super::TableCache`]) and the number of
//! ranks. Nothing here is a typed-in total: change a structure and the table changes.
//!
//! Sources: `MAX_CMDQ_ENTRY` 1024, `MAX_RCMDB_SIZE` 2048, `MAX_RM_SIZE` 255,
//! `MAX_RKEY_CASH_SIZE` 1024 and the starter memories' default 10240 bytes each (user,
//! communication library, data library: `acpbl_input.c`) from the public library; one queue
//! pair per rank, each 160 bytes, from the paper (Sec. 4.2.3: Reliable Connection needs a QP
//! per target; "1QP のデータサイズが 160B"). The library connects every rank at `acp_init`, so
//! the queue pairs count every rank, not only those contacted (the endpoint's `peers` says
//! which were).

use super::command::cmd_bytes;
use super::endpoint::Endpoint;
use super::registrations::{entry_bytes, table_bytes, MAX_REGISTRATIONS};
use super::table_cache::CAPACITY;

/// Entries of the command queue (`MAX_CMDQ_ENTRY`).
pub const CMDQ_ENTRIES: u64 = 1024;
/// Entries of the remote command receive buffer (`MAX_RCMDB_SIZE`).
pub const RCMDB_ENTRIES: u64 = 2048;
/// Bytes of one queue pair (paper 001 Sec. 4.2.3).
pub const QP_BYTES: u64 = 160;
/// Bytes of each starter memory (user, communication library, data library), by default.
pub const STARTER_BYTES: u64 = 10240;
/// The fields of the starter-memory information kept per rank (`SMI`: address, rkey), padded to
/// 8 bytes as C lays the struct out.
pub const SMI_FIELDS: &[(&str, u64)] = &[("addr", 8), ("rkey", 4)];

/// One component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Its name, as paper 001's Table 2 calls it.
    pub name: &'static str,
    /// Bytes.
    pub bytes: u64,
    /// How the bytes are counted ("1024 entries × 120 B, twice").
    pub how: String,
    /// Whether the paper's Table 2 lists it (the starter memories it does not).
    pub in_table2: bool,
}

/// Bytes of the starter-memory information entry, rounded up to the struct's 8-byte alignment.
pub fn smi_bytes() -> u64 {
    SMI_FIELDS.iter().map(|f| f.1).sum::<u64>().div_ceil(8) * 8
}

/// The components for a rank of a run of `ranks` ranks holding `cached` remote tables.
pub fn components(ranks: u64, cached: u64) -> Vec<Component> {
    let cmd = cmd_bytes();
    let flags = (ranks * 4 + 1).div_ceil(8) * 8;
    vec![
        Component {
            name: "command queue",
            bytes: 2 * CMDQ_ENTRIES * cmd,
            how: format!(
                "{CMDQ_ENTRIES} commands × {cmd} B, and as many copies being written to other ranks"
            ),
            in_table2: true,
        },
        Component {
            name: "remote command receive buffer",
            bytes: RCMDB_ENTRIES * cmd,
            how: format!("{RCMDB_ENTRIES} commands × {cmd} B"),
            in_table2: true,
        },
        Component {
            name: "registration table",
            bytes: 2 * table_bytes(),
            how: format!(
                "{MAX_REGISTRATIONS} entries × {} B, and a buffer a remote table is read into",
                entry_bytes()
            ),
            in_table2: true,
        },
        Component {
            name: "table cache",
            bytes: cached * table_bytes() + CAPACITY as u64 * 8,
            how: format!(
                "{cached} cached tables × {} B (at most {CAPACITY}), and {CAPACITY} pointers",
                table_bytes()
            ),
            in_table2: true,
        },
        Component {
            name: "cache-update information",
            bytes: flags,
            how: format!("4 one-byte flags × {ranks} ranks (get, reset, acknowledge, have)"),
            in_table2: true,
        },
        Component {
            name: "queue pairs",
            bytes: ranks * (QP_BYTES + 8 + 3 * 4),
            how: format!(
                "{ranks} queue pairs × {QP_BYTES} B, a pointer and three 4-byte QP numbers each"
            ),
            in_table2: true,
        },
        Component {
            name: "initial-communication table",
            bytes: ranks * smi_bytes(),
            how: format!(
                "{ranks} ranks × {} B (a starter memory's address and rkey)",
                smi_bytes()
            ),
            in_table2: true,
        },
        Component {
            name: "starter memories",
            bytes: 3 * STARTER_BYTES,
            how: format!("3 × {STARTER_BYTES} B (user, communication library, data library)"),
            in_table2: false,
        },
    ]
}

/// The components of a running rank's ACP state (`ranks` in the run).
pub fn of(endpoint: &Endpoint, ranks: u32) -> Vec<Component> {
    components(u64::from(ranks), endpoint.cache.len() as u64)
}

/// The total of `components`.
pub fn total(components: &[Component]) -> u64 {
    components.iter().map(|c| c.bytes).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queue_pairs_grow_with_ranks_and_the_cache_stops_at_1024_tables() {
        let at = |ranks: u64| {
            let cached = (ranks - 1).min(CAPACITY as u64);
            components(ranks, cached)
        };
        let qp = |c: &[Component]| c.iter().find(|c| c.name == "queue pairs").unwrap().bytes;
        let cache = |c: &[Component]| c.iter().find(|c| c.name == "table cache").unwrap().bytes;
        let (small, big, huge) = (at(1 << 10), at(1 << 15), at(1 << 20));
        assert_eq!(qp(&big), 32 * qp(&small));
        assert_eq!(qp(&huge), 1024 * qp(&small));
        assert_eq!(cache(&big), cache(&huge), "capped at 1024 tables");
        // At a million ranks the queue pairs are the largest part (paper 001 Table 2).
        let largest = huge.iter().max_by_key(|c| c.bytes).unwrap();
        assert_eq!(largest.name, "queue pairs");
        assert_eq!(qp(&huge), (1 << 20) * 180);
        assert_eq!(smi_bytes(), 16);
    }
}
