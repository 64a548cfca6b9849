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
//!
//! A rank's process memory ([`process`]) adds what the verbs library and the HCA's driver
//! allocate behind the objects the layer creates ([`super::verbs`]): at `acp_init` one
//! completion queue of `MAX_CQ_SIZE` 2048 entries, a protection domain, a reliable-connected
//! queue pair per rank (`MAX_WR_SIZE` 1 send work request, no receive work request, one
//! scatter entry) and the starter memory's region; `acp_init`'s barrier (`iacp_init_rcdbsync`)
//! registers one more; and `acp_register_memory` a region per registration.

use super::command::cmd_bytes;
use super::endpoint::Endpoint;
use super::registrations::{entry_bytes, table_bytes, MAX_REGISTRATIONS};
use super::table_cache::CAPACITY;
use super::verbs::{self, Hca, Objects, QpCaps};

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

/// Entries ACP asks of its completion queue (`MAX_CQ_SIZE`).
pub const CQ_ENTRIES: u64 = 2048;
/// ACP's queue pairs' capabilities (`iacp_init`'s `qp_init_attr.cap`: `MAX_WR_SIZE` send work
/// requests, "use only first post recv").
pub const QP_CAPS: QpCaps = QpCaps {
    max_send_wr: 1,
    max_recv_wr: 0,
    max_send_sge: 1,
    max_recv_sge: 0,
};
/// Regions `acp_init` registers: the starter memory (`sysmem`) and the barrier's
/// (`iacp_init_rcdbsync`'s `acp_register_memory`).
pub const INIT_REGIONS: u64 = 2;

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

/// The verbs objects ACP's InfiniBand layer holds for a rank of `ranks` ranks with
/// `registrations` registrations of its own in use.
pub fn objects(ranks: u64, registrations: u64) -> Objects {
    Objects {
        qps: ranks,
        caps: QP_CAPS,
        cqs: vec![CQ_ENTRIES],
        mrs: INIT_REGIONS + registrations,
        pds: 1,
    }
}

/// A rank's process memory: [`components`] and the verbs memory behind [`objects`], each verbs
/// part a component that paper 001's Table 2 does not list.
pub fn process(ranks: u64, cached: u64, registrations: u64, hca: Hca) -> Vec<Component> {
    let mut all = components(ranks, cached);
    all.extend(
        verbs::parts(&objects(ranks, registrations), hca)
            .into_iter()
            .map(|p| Component {
                name: p.name,
                bytes: p.bytes,
                how: p.how,
                in_table2: false,
            }),
    );
    all
}

/// A running rank's process memory (`ranks` in the run).
pub fn process_of(endpoint: &Endpoint, ranks: u32, hca: Hca) -> Vec<Component> {
    process(
        u64::from(ranks),
        endpoint.cache.len() as u64,
        endpoint.regs.in_use().count() as u64,
        hca,
    )
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

    const HCA: Hca = Hca {
        page_bytes: 4096,
        cqe_bytes: 32,
        qp_number_bits: 17,
    };

    #[test]
    fn process_memory_is_the_library_s_and_the_verbs_behind_it() {
        let own = total(&components(16, 15));
        let all = process(16, 15, 1, HCA);
        let verbs = total(&all) - own;
        assert_eq!(verbs, verbs::total(&verbs::parts(&objects(16, 1), HCA)));
        // Three regions: the starter memory, the barrier's, the user's one.
        assert_eq!(objects(16, 1).mrs, 3);
        // Each more rank costs a queue pair's work queues, ids and provider struct besides
        // the library's own per-rank bytes.
        let per_rank = total(&process(17, 16, 1, HCA)) - total(&all);
        let own_per_rank = total(&components(17, 16)) - own;
        assert_eq!(per_rank - own_per_rank, 8192 + 520 + 128);
        // At a million ranks the verbs work queues are the largest part of the process.
        let huge = process(1 << 20, CAPACITY as u64, 1, HCA);
        let largest = huge.iter().max_by_key(|c| c.bytes).unwrap();
        assert_eq!(largest.name, "queue-pair work queues");
        assert!(!largest.in_table2);
    }
}
