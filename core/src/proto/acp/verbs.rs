//! The process memory behind InfiniBand verbs objects: what the verbs library and the HCA's
//! user-space driver allocate in the process for each queue pair, completion queue, memory
//! region and protection domain a program creates (paper 001 measured rank 0's *process*
//! memory with DMATP, Sec. 5.1, so these allocations are in its Table 3, not only ACP's own
//! structures).
//!
//! Source: the mlx4 provider (libmlx4 1.0.1 as Red Hat Enterprise Linux 6 ships it, with its
//! patch that maps queue buffers with `mmap`; the same rules are in rdma-core's
//! `providers/mlx4`), for the ConnectX HCAs of QDR clusters, and libibverbs 1.1's structures on
//! LP64 glibc (`pthread_mutex_t` 40 bytes, `pthread_cond_t` 48):
//! - a queue pair is `calloc`'d as `struct mlx4_qp` (the 160-byte `struct ibv_qp` — the
//!   paper's "1QP のデータサイズが 160B" — and the provider's 128 bytes after it); its send
//!   queue holds `max_send_wr` plus 2 KB + 1 of spare WQEs for the HCA's prefetch, rounded up
//!   to a power of two, each WQE a power of two of at least 64 bytes (an RC WQE: control,
//!   remote-address and atomic segments and the scatter entries); its receive queue at least
//!   one 16-byte WQE; both share one buffer rounded up to the page (`mlx4_alloc_qp_buf`); a
//!   `malloc`'d 8-byte work-request id per WQE of each queue; a 4-byte doorbell record from a
//!   shared page; a slot in the provider's QP table (`mlx4_store_qp`);
//! - a completion queue: `struct mlx4_cq` (200 bytes), `cqe + 1` entries rounded up to a power
//!   of two, page-rounded (`mlx4_create_cq`), an 8-byte doorbell record from a shared page;
//! - a memory region: the 48-byte `struct ibv_mr` (`mlx4_reg_mr`); the registered pages are the
//!   program's own memory, and the HCA's translation entries are kernel memory, not the
//!   process's;
//! - a protection domain: `struct mlx4_pd`, 24 bytes.
//!
//! The machine's numbers (page size, CQE size, QP-number bits) are the profile's `[verbs]`.
//! Not counted: the device context (`struct mlx4_context`, its UAR and BlueFlame mappings, once
//! per process) and the allocator's per-chunk overhead.

/// Bytes of libibverbs' `struct ibv_qp` (context, QP context, PD, send and receive CQ and SRQ
/// pointers; handle, QP number, state, type; mutex; condition; events completed, padded).
pub const IBV_QP_BYTES: u64 = 160;
/// The fields of libmlx4's `struct mlx4_qp` after its `struct ibv_qp`, with their bytes on
/// LP64 (the buffer's pointer and length, five ints, the send queue's `struct mlx4_wq` of a
/// pointer and seven 4-byte fields, the doorbell pointer, the receive queue's `mlx4_wq`).
pub const MLX4_QP_FIELDS: &[(&str, u64)] = &[
    ("buf", 16),
    (
        "max_inline_data, buf_size, doorbell_qpn, sq_signal_bits, sq_spare_wqes",
        20,
    ),
    ("(padding)", 4),
    ("sq", 40),
    ("db", 8),
    ("rq", 40),
];
/// Bytes of libibverbs' `struct ibv_cq` (three pointers, handle, entries, mutex, condition,
/// two event counters).
pub const IBV_CQ_BYTES: u64 = 128;
/// Bytes of libmlx4's `struct mlx4_cq` after its `struct ibv_cq` (buffer and resize buffer,
/// lock, CQ number, consumer index, two doorbell pointers, arm sequence, padded).
pub const MLX4_CQ_EXTRA_BYTES: u64 = 72;
/// Bytes of `struct ibv_mr` (context, PD, address, length, handle, lkey, rkey, padded).
pub const IBV_MR_BYTES: u64 = 48;
/// Bytes of `struct mlx4_pd` (`struct ibv_pd`'s context and handle, the PD number).
pub const MLX4_PD_BYTES: u64 = 24;
/// The smallest send WQE (`sq.wqe_shift` starts at 6).
pub const MIN_SEND_WQE_BYTES: u64 = 64;
/// The smallest receive WQE (`rq.wqe_shift` starts at 4).
pub const MIN_RECV_WQE_BYTES: u64 = 16;
/// A WQE segment: control, remote address, atomic and data segments are 16 bytes each.
pub const SEGMENT_BYTES: u64 = 16;
/// The bind segment every send WQE must have room for.
pub const BIND_SEGMENT_BYTES: u64 = 32;
/// Send-queue headroom the HCA prefetches: 2 KB of WQEs, plus one.
pub const PREFETCH_BYTES: u64 = 2048;
/// A receive queue's doorbell record.
pub const RQ_DOORBELL_BYTES: u64 = 4;
/// A completion queue's doorbell record (consumer index and arm).
pub const CQ_DOORBELL_BYTES: u64 = 8;
/// `struct mlx4_db_page` before its free bitmap (two list pointers, a buffer, two counts).
pub const DB_PAGE_HEADER_BYTES: u64 = 40;
/// The provider's QP table has 2^8 chunks (`MLX4_QP_TABLE_BITS`).
pub const QP_TABLE_CHUNK_BITS: u32 = 8;

/// The machine's numbers (profile `[verbs]`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hca {
    /// The page queue buffers and doorbell pages are rounded to.
    pub page_bytes: u64,
    /// Bytes of one completion-queue entry.
    pub cqe_bytes: u64,
    /// log2 of the HCA's queue-pair numbers.
    pub qp_number_bits: u32,
}

/// The capabilities a queue pair is created with (`ibv_qp_init_attr.cap`), reliable connected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct QpCaps {
    /// Send work requests outstanding at once.
    pub max_send_wr: u64,
    /// Receive work requests outstanding at once.
    pub max_recv_wr: u64,
    /// Scatter entries per send.
    pub max_send_sge: u64,
    /// Scatter entries per receive.
    pub max_recv_sge: u64,
}

/// The verbs objects a process holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objects {
    /// Queue pairs, all created with `caps`.
    pub qps: u64,
    /// Their capabilities.
    pub caps: QpCaps,
    /// Completion queues, by the entries each was asked for.
    pub cqs: Vec<u64>,
    /// Memory regions.
    pub mrs: u64,
    /// Protection domains.
    pub pds: u64,
}

/// One part of the verbs memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What it is.
    pub name: &'static str,
    /// Bytes.
    pub bytes: u64,
    /// How they are counted, in words.
    pub how: String,
}

/// Bytes of `struct mlx4_qp`: `struct ibv_qp` and the provider's fields.
pub fn qp_struct_bytes() -> u64 {
    IBV_QP_BYTES + MLX4_QP_FIELDS.iter().map(|f| f.1).sum::<u64>()
}

/// Bytes of one send WQE of a reliable-connected QP (`mlx4_calc_sq_wqe_size`): the scatter
/// entries and the remote-address segment, at least room for an atomic (atomic, remote address,
/// one entry) and for a bind, then the control segment, rounded up to a power of two ≥ 64.
pub fn send_wqe_bytes(caps: QpCaps) -> u64 {
    let body = (caps.max_send_sge * SEGMENT_BYTES + SEGMENT_BYTES)
        .max(3 * SEGMENT_BYTES)
        .max(BIND_SEGMENT_BYTES);
    (body + SEGMENT_BYTES)
        .next_power_of_two()
        .max(MIN_SEND_WQE_BYTES)
}

/// Bytes of one receive WQE: a data segment per scatter entry (at least one), a power of two
/// ≥ 16.
pub fn recv_wqe_bytes(caps: QpCaps) -> u64 {
    (caps.max_recv_sge.max(1) * SEGMENT_BYTES)
        .next_power_of_two()
        .max(MIN_RECV_WQE_BYTES)
}

/// Send WQEs: the requested ones and the prefetch headroom (2 KB of WQEs + 1), rounded up to a
/// power of two.
pub fn send_wqes(caps: QpCaps) -> u64 {
    let spare = PREFETCH_BYTES / send_wqe_bytes(caps) + 1;
    (caps.max_send_wr + spare).next_power_of_two()
}

/// Receive WQEs: the requested ones rounded up to a power of two, at least one.
pub fn recv_wqes(caps: QpCaps) -> u64 {
    caps.max_recv_wr.max(1).next_power_of_two()
}

fn round_up(bytes: u64, to: u64) -> u64 {
    bytes.div_ceil(to) * to
}

/// Bytes of one QP's work-queue buffer: both queues, rounded up to the page.
pub fn qp_buffer_bytes(caps: QpCaps, hca: Hca) -> u64 {
    let bytes = send_wqes(caps) * send_wqe_bytes(caps) + recv_wqes(caps) * recv_wqe_bytes(caps);
    round_up(bytes, hca.page_bytes)
}

/// Bytes of one QP's work-request ids: 8 per WQE of each queue.
pub fn qp_wrid_bytes(caps: QpCaps) -> u64 {
    8 * (send_wqes(caps) + recv_wqes(caps))
}

/// Bytes of the pages `records` doorbell records of `record_bytes` each take: whole pages, and
/// each page's `struct mlx4_db_page` with its free bitmap.
pub fn doorbell_bytes(records: u64, record_bytes: u64, hca: Hca) -> u64 {
    let per_page = hca.page_bytes / record_bytes;
    let pages = records.div_ceil(per_page);
    pages * (hca.page_bytes + DB_PAGE_HEADER_BYTES + per_page / 8)
}

/// Bytes of the provider's QP table for `qps` queue pairs: a chunk of 2^(bits − 8) pointers
/// for each chunk their QP numbers fall in (numbered consecutively, an assumption: the HCA
/// hands out numbers from one bitmap for all processes).
pub fn qp_table_bytes(qps: u64, hca: Hca) -> u64 {
    let chunk = 1u64 << hca.qp_number_bits.saturating_sub(QP_TABLE_CHUNK_BITS);
    let chunks = qps.div_ceil(chunk).min(1 << QP_TABLE_CHUNK_BITS);
    chunks * chunk * 8
}

/// Entries of a completion queue asked for `cqe` (`cqe + 1` rounded up to a power of two).
pub fn cq_entries(cqe: u64) -> u64 {
    (cqe + 1).next_power_of_two()
}

/// Bytes of one completion queue's buffer, rounded up to the page.
pub fn cq_buffer_bytes(cqe: u64, hca: Hca) -> u64 {
    round_up(cq_entries(cqe) * hca.cqe_bytes, hca.page_bytes)
}

/// The verbs memory of `objects`, part by part.
pub fn parts(objects: &Objects, hca: Hca) -> Vec<Part> {
    let (qps, caps) = (objects.qps, objects.caps);
    let ncq = objects.cqs.len() as u64;
    vec![
        Part {
            name: "queue-pair structures",
            bytes: qps * (qp_struct_bytes() - IBV_QP_BYTES),
            how: format!(
                "{qps} × {} B: libmlx4's struct mlx4_qp after the {IBV_QP_BYTES}-byte ibv_qp \
                 (counted with the queue pairs)",
                qp_struct_bytes() - IBV_QP_BYTES
            ),
        },
        Part {
            name: "queue-pair work queues",
            bytes: qps * qp_buffer_bytes(caps, hca),
            how: format!(
                "{qps} × {} B: {} send WQEs × {} B ({} asked for, and 2 KB of prefetch \
                 headroom) and {} receive WQE × {} B, rounded up to a {} B page",
                qp_buffer_bytes(caps, hca),
                send_wqes(caps),
                send_wqe_bytes(caps),
                caps.max_send_wr,
                recv_wqes(caps),
                recv_wqe_bytes(caps),
                hca.page_bytes
            ),
        },
        Part {
            name: "queue-pair work-request ids",
            bytes: qps * qp_wrid_bytes(caps),
            how: format!("{qps} × {} B: 8 B per WQE", qp_wrid_bytes(caps)),
        },
        Part {
            name: "queue-pair doorbells and table",
            bytes: doorbell_bytes(qps, RQ_DOORBELL_BYTES, hca) + qp_table_bytes(qps, hca),
            how: format!(
                "{qps} doorbell records of {RQ_DOORBELL_BYTES} B in whole pages ({} B), and \
                 the provider's QP table in chunks of {} pointers ({} B)",
                doorbell_bytes(qps, RQ_DOORBELL_BYTES, hca),
                1u64 << hca.qp_number_bits.saturating_sub(QP_TABLE_CHUNK_BITS),
                qp_table_bytes(qps, hca)
            ),
        },
        Part {
            name: "completion queues",
            bytes: objects
                .cqs
                .iter()
                .map(|&c| IBV_CQ_BYTES + MLX4_CQ_EXTRA_BYTES + cq_buffer_bytes(c, hca))
                .sum::<u64>()
                + doorbell_bytes(ncq, CQ_DOORBELL_BYTES, hca),
            how: objects
                .cqs
                .iter()
                .map(|&c| {
                    format!(
                        "{} entries × {} B ({c} asked for) and a {} B struct",
                        cq_entries(c),
                        hca.cqe_bytes,
                        IBV_CQ_BYTES + MLX4_CQ_EXTRA_BYTES
                    )
                })
                .chain([format!(
                    "{ncq} doorbell records of {CQ_DOORBELL_BYTES} B in whole pages"
                )])
                .collect::<Vec<_>>()
                .join("; "),
        },
        Part {
            name: "memory regions and protection domain",
            bytes: objects.mrs * IBV_MR_BYTES + objects.pds * MLX4_PD_BYTES,
            how: format!(
                "{} regions × {IBV_MR_BYTES} B (struct ibv_mr), {} domain × {MLX4_PD_BYTES} B",
                objects.mrs, objects.pds
            ),
        },
    ]
}

/// The total of `parts`.
pub fn total(parts: &[Part]) -> u64 {
    parts.iter().map(|p| p.bytes).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HCA: Hca = Hca {
        page_bytes: 4096,
        cqe_bytes: 32,
        qp_number_bits: 17,
    };

    /// ACP's queue pair (`acpbl_ib.c`: one send WR, no receive WR, one send entry).
    const ACP: QpCaps = QpCaps {
        max_send_wr: 1,
        max_recv_wr: 0,
        max_send_sge: 1,
        max_recv_sge: 0,
    };

    #[test]
    fn an_acp_queue_pair_takes_two_pages_of_work_queue() {
        // An RC WQE: control + max(one entry + remote address, atomic + remote address +
        // entry) = 16 + 48 = 64 B; 1 + 2048/64 + 1 = 34 WQEs, rounded to 64 = 4096 B; one
        // 16-byte receive WQE tips it over a page.
        assert_eq!(send_wqe_bytes(ACP), 64);
        assert_eq!(send_wqes(ACP), 64);
        assert_eq!(recv_wqes(ACP), 1);
        assert_eq!(recv_wqe_bytes(ACP), 16);
        assert_eq!(qp_buffer_bytes(ACP, HCA), 8192);
        assert_eq!(qp_wrid_bytes(ACP), 520);
        assert_eq!(qp_struct_bytes(), 288);
    }

    #[test]
    fn larger_sends_take_larger_wqes_and_more_of_them_a_larger_queue() {
        let wide = QpCaps {
            max_send_sge: 4,
            ..ACP
        };
        // 4 entries + remote address = 80, + control = 96 → 128 B.
        assert_eq!(send_wqe_bytes(wide), 128);
        let deep = QpCaps {
            max_send_wr: 256,
            ..ACP
        };
        assert_eq!(send_wqes(deep), 512);
        assert_eq!(qp_buffer_bytes(deep, HCA), 512 * 64 + 4096);
    }

    #[test]
    fn acp_s_completion_queue_of_2048_entries_holds_4096() {
        assert_eq!(cq_entries(2048), 4096);
        assert_eq!(cq_buffer_bytes(2048, HCA), 131072);
        assert_eq!(cq_buffer_bytes(1, HCA), 4096, "rounded up to a page");
    }

    #[test]
    fn doorbells_and_the_qp_table_come_in_pages_and_chunks() {
        // 1024 four-byte records to a page.
        assert_eq!(doorbell_bytes(1, 4, HCA), 4096 + 40 + 128);
        assert_eq!(doorbell_bytes(1024, 4, HCA), doorbell_bytes(1, 4, HCA));
        assert_eq!(doorbell_bytes(1025, 4, HCA), 2 * doorbell_bytes(1, 4, HCA));
        // 2^17 QP numbers: chunks of 512 pointers.
        assert_eq!(qp_table_bytes(16, HCA), 4096);
        assert_eq!(qp_table_bytes(513, HCA), 8192);
        assert_eq!(
            qp_table_bytes(1 << 20, HCA),
            256 * 4096,
            "every chunk, at most"
        );
    }

    #[test]
    fn queue_pairs_are_the_part_that_grows_with_them() {
        let at = |qps| Objects {
            qps,
            caps: ACP,
            cqs: vec![2048],
            mrs: 2,
            pds: 1,
        };
        let (a, b) = (total(&parts(&at(2), HCA)), total(&parts(&at(16), HCA)));
        // 14 more queue pairs: 14 × (8192 + 520 + 128) B, the shared pages and chunk unchanged.
        assert_eq!(b - a, 14 * (8192 + 520 + 128));
        let p = parts(&at(2), HCA);
        let cq = p.iter().find(|p| p.name == "completion queues").unwrap();
        assert_eq!(cq.bytes, 131072 + 200 + 4096 + 40 + 64);
    }
}
