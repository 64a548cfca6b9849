//! Open MPI 1.10.1's `MPI_Put` on InfiniBand as the memory it holds: the buffers and requests
//! its one-sided component (`osc/pt2pt`), point-to-point engine (`pml/ob1`) and InfiniBand
//! transport (`btl/openib`) take from their free lists for each put — paper 001's Table 3
//! (`MPI_Put`'s share of rank 0's memory grows with targets and with calls).
//!
//! Model, read from the v1.10.1 sources (`open-mpi/ompi`, tag `v1.10.1`):
//! - **Every list grows and never shrinks.** Each is an `ompi_free_list_t` whose maximum is
//!   unlimited (`osc_pt2pt_component.c`: `ompi_free_list_init_new(frags, …, 8, 1, -1, 1)`;
//!   `btl_openib_mca.c`: `free_list_max` −1; ob1's send requests likewise); an item given
//!   back is kept for the next user. A list's memory is its high-water mark of items in use.
//! - **A put no larger than a fragment is coalesced** (`ompi_osc_pt2pt_put_w_req`,
//!   `osc_pt2pt_comm.c`): its 24-byte header (`ompi_osc_pt2pt_header_put_t`), the 8-byte
//!   description of a predefined datatype (`ompi_datatype_pack_description_length`: two
//!   ints) and the data, rounded up to 8 bytes, go into the target's active fragment, an
//!   8192-byte buffer (`buffer_size`, the component's default) behind a 16-byte fragment
//!   header. When the next put does not fit, the fragment is sent (`frag_send`: an
//!   `MPI_Isend` of it) and a new one taken (`ompi_osc_pt2pt_frag_alloc`, `osc_pt2pt_frag.h`).
//! - **A longer put** puts only its header in the fragment and sends its data by its own
//!   `MPI_Isend` (the "long" protocol).
//! - **Each isend** takes an ob1 send request and a send fragment of the openib transport:
//!   up to the eager limit (12 KB less ob1's 16-byte match header) the data is copied into a
//!   fragment of the smallest receive queue that holds it (`mca_pml_ob1_send_request_start_copy`);
//!   beyond it, with `leave_pinned` on (openib turns it on where the memory hooks exist,
//!   `btl_openib_component.c`), the user's buffer is registered and only a rendezvous-get
//!   header goes out (`mca_pml_ob1_send_request_start_rdma`) — a small control fragment.
//!   The queues are openib's defaults: 256, 2048, 12 288 and 65 536 bytes
//!   (`btl_openib_mca.c`: `P,128,256,…:S,<eager/4 rounded>,…:S,<eager>,…:S,<max send>,…`);
//!   a fragment's buffer adds openib's headers and footer and is aligned to 64 bytes.
//! - **Nothing completes before the flush.** One_put_all (IMB-RMA's `IMB_rma_put_all`) opens
//!   `MPI_Win_lock_all`, issues every put of one size to every target, then calls
//!   `MPI_Win_flush_all`. `MPI_Put` in `osc/pt2pt` makes no progress call, and openib reports
//!   send completions only when progress polls its completion queue, so every fragment and
//!   request a size's puts took is still in use when the flush starts; the flush sends the
//!   partly filled fragments and then returns everything to the lists.
//!
//! Simplifications: the ob1 send request's size is an estimate (see [`REQUEST_BYTES`]); the
//! descriptors beside each buffer, the registration cache's entries, and what the flush
//! itself allocates to move long messages' data are not counted; the rest of the library's
//! memory (its per-peer receive buffers, connections) is not modelled.

use std::collections::BTreeMap;

/// `osc/pt2pt`'s fragment buffer (`buffer_size`, default 8192: `osc_pt2pt_component.c`).
pub const BUFFER_SIZE: u64 = 8192;
/// The fragment header ahead of it (`ompi_osc_pt2pt_frag_header_t`: 2 + 2 + 4 + 4 + 4 bytes).
pub const FRAG_HEADER: u64 = 16;
/// A put's header (`ompi_osc_pt2pt_header_put_t`: 2 + 2 + 4 + 8 + 8 bytes).
pub const PUT_HEADER: u64 = 24;
/// A predefined datatype's packed description (two `int`s).
pub const DATATYPE_DESCRIPTION: u64 = 8;
/// openib's eager limit (12 KB, `btl_openib_mca.c`).
pub const EAGER_LIMIT: u64 = 12 * 1024;
/// ob1's match header, inside each eager send (`mca_pml_ob1_match_hdr_t`: 16 bytes).
pub const MATCH_HEADER: u64 = 16;
/// ob1's rendezvous-get header (`mca_pml_ob1_rget_hdr_t`: the 32-byte rendezvous header, a
/// segment count, a descriptor pointer) with one openib segment (24 bytes).
pub const RGET_HEADER: u64 = 48 + 24;
/// openib's default receive queues' sizes: the per-peer 256, then shared 2048 (the eager
/// limit ÷ 4, rounded to a power of two and halved), 12 288 (eager) and 65 536 (max send).
pub const QUEUES: [u64; 4] = [256, 2048, 12 * 1024, 64 * 1024];
/// openib's bytes around a send fragment's data: its header (4), coalesced header (12),
/// control header (1) and footer (4) (`btl_openib.c`, the send lists' `length`).
pub const OPENIB_FRAMING: u64 = 4 + 12 + 1 + 4;
/// openib's buffer alignment (`buffer_alignment`, default 64).
pub const OPENIB_ALIGNMENT: u64 = 64;
/// An ob1 send request: `sizeof(mca_pml_ob1_send_request_t)` plus 3 more RDMA slots
/// (`max_rdma_per_request` 4). Estimated from the structure's fields on a 64-bit machine (a
/// request, a convertor with its 5-entry stack, a mutex, a list, the slots), not compiled.
pub const REQUEST_BYTES: u64 = 832;

/// One free list: how many items are in use now and the most ever (what it holds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct FreeList {
    in_use: u64,
    allocated: u64,
}

impl FreeList {
    fn take(&mut self) {
        self.in_use += 1;
        self.allocated = self.allocated.max(self.in_use);
    }
}

/// One component of the memory: a free list, its items and their size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// What the items are.
    pub name: String,
    /// Items the list holds (its high-water mark).
    pub items: u64,
    /// Bytes of each.
    pub item_bytes: u64,
}

impl Component {
    /// The list's bytes.
    pub fn bytes(&self) -> u64 {
        self.items * self.item_bytes
    }
}

/// What one process's `MPI_Put` path holds (see the module documentation). Fed the puts a
/// program makes and its flushes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OmpiPutMemory {
    fragments: FreeList,
    requests: FreeList,
    /// openib's send lists, by queue size.
    sends: BTreeMap<u64, FreeList>,
    /// Each target's active fragment: the bytes left in it.
    active: BTreeMap<u32, u64>,
    puts: u64,
}

fn align(bytes: u64, to: u64) -> u64 {
    bytes.div_ceil(to) * to
}

impl OmpiPutMemory {
    /// Nothing put yet.
    pub fn new() -> OmpiPutMemory {
        OmpiPutMemory::default()
    }

    /// `MPI_Put` of `bytes` to `target` (another rank).
    pub fn put(&mut self, target: u32, bytes: u64) {
        self.puts += 1;
        if bytes == 0 {
            // `ompi_osc_pt2pt_put_w_req`'s short cut: nothing to move.
            return;
        }
        let header = PUT_HEADER + DATATYPE_DESCRIPTION;
        let whole = align(header + bytes, 8);
        if whole <= BUFFER_SIZE {
            self.coalesce(target, whole);
        } else {
            self.coalesce(target, align(header, 8));
            self.isend(bytes);
        }
    }

    /// `MPI_Win_flush_all`: the partly filled fragments are sent, then every send completes
    /// and its items go back to their lists (which keep them).
    pub fn flush_all(&mut self) {
        let targets: Vec<u32> = self.active.keys().copied().collect();
        for target in targets {
            self.start_fragment(target);
        }
        self.fragments.in_use = 0;
        self.requests.in_use = 0;
        for list in self.sends.values_mut() {
            list.in_use = 0;
        }
    }

    /// The puts made.
    pub fn puts(&self) -> u64 {
        self.puts
    }

    /// The memory by list.
    pub fn components(&self) -> Vec<Component> {
        let mut out = vec![
            Component {
                name: "osc/pt2pt fragments".into(),
                items: self.fragments.allocated,
                item_bytes: BUFFER_SIZE + FRAG_HEADER,
            },
            Component {
                name: "ob1 send requests".into(),
                items: self.requests.allocated,
                item_bytes: REQUEST_BYTES,
            },
        ];
        out.extend(self.sends.iter().map(|(&queue, list)| Component {
            name: format!("openib {queue}-byte send fragments"),
            items: list.allocated,
            item_bytes: align(queue + OPENIB_FRAMING, OPENIB_ALIGNMENT),
        }));
        out
    }

    /// All of it, in bytes.
    pub fn total(&self) -> u64 {
        self.components().iter().map(Component::bytes).sum()
    }

    /// `len` bytes (a header, perhaps data) into `target`'s active fragment.
    fn coalesce(&mut self, target: u32, len: u64) {
        match self.active.get(&target) {
            Some(&left) if left >= len => {}
            Some(_) => {
                self.start_fragment(target);
                self.new_fragment(target);
            }
            None => self.new_fragment(target),
        }
        if let Some(left) = self.active.get_mut(&target) {
            *left -= len;
        }
    }

    fn new_fragment(&mut self, target: u32) {
        self.fragments.take();
        self.active.insert(target, BUFFER_SIZE);
    }

    /// Sends `target`'s active fragment (its header and what was written into it).
    fn start_fragment(&mut self, target: u32) {
        if let Some(left) = self.active.remove(&target) {
            self.isend(FRAG_HEADER + BUFFER_SIZE - left);
        }
    }

    /// An `MPI_Isend` of `bytes` through ob1 and openib.
    fn isend(&mut self, bytes: u64) {
        self.requests.take();
        let carried = if bytes <= EAGER_LIMIT - MATCH_HEADER {
            bytes + MATCH_HEADER
        } else {
            RGET_HEADER
        };
        let queue = QUEUES
            .iter()
            .copied()
            .find(|&q| q >= carried)
            .unwrap_or(QUEUES[QUEUES.len() - 1]);
        self.sends.entry(queue).or_default().take();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(m: &OmpiPutMemory, name: &str) -> u64 {
        m.components()
            .iter()
            .find(|c| c.name == name)
            .map_or(0, |c| c.items)
    }

    #[test]
    fn small_puts_share_a_fragment_until_it_is_full() {
        let mut m = OmpiPutMemory::new();
        // 40 bytes each (24 + 8 + 8): 204 fit in 8192.
        for _ in 0..204 {
            m.put(1, 8);
        }
        assert_eq!(named(&m, "osc/pt2pt fragments"), 1);
        assert_eq!(named(&m, "ob1 send requests"), 0);
        m.put(1, 8);
        assert_eq!(named(&m, "osc/pt2pt fragments"), 2);
        // The full one went out: 16 + 204 × 40 bytes, copied into a 12 KB send fragment.
        assert_eq!(named(&m, "ob1 send requests"), 1);
        assert_eq!(named(&m, "openib 12288-byte send fragments"), 1);
    }

    #[test]
    fn each_target_has_its_own_fragment() {
        let mut m = OmpiPutMemory::new();
        for t in 1..=3 {
            m.put(t, 1);
        }
        assert_eq!(named(&m, "osc/pt2pt fragments"), 3);
    }

    #[test]
    fn long_puts_send_their_data_eagerly_or_by_rendezvous() {
        let mut m = OmpiPutMemory::new();
        m.put(1, 8192); // 8192 + 32 > 8192: long; 8192 + 16 ≤ 12 KB: eager copy
        m.put(1, 16384); // beyond the eager limit: a rendezvous-get header
        assert_eq!(named(&m, "ob1 send requests"), 2);
        assert_eq!(named(&m, "openib 12288-byte send fragments"), 1);
        assert_eq!(named(&m, "openib 256-byte send fragments"), 1);
        assert_eq!(
            named(&m, "osc/pt2pt fragments"),
            1,
            "both headers share one"
        );
    }

    #[test]
    fn lists_keep_their_high_water_mark_across_flushes() {
        let mut m = OmpiPutMemory::new();
        for _ in 0..10 {
            m.put(1, 4096);
        }
        m.flush_all();
        let after_first = m.total();
        // 10 fragments of one 4 KB put each (two do not fit), 10 requests, 10 send fragments.
        assert_eq!(named(&m, "osc/pt2pt fragments"), 10);
        assert_eq!(named(&m, "ob1 send requests"), 10);
        for _ in 0..5 {
            m.put(1, 4096);
        }
        m.flush_all();
        assert_eq!(m.total(), after_first, "fewer puts reuse the lists' items");
        for _ in 0..20 {
            m.put(1, 4096);
        }
        m.flush_all();
        assert!(m.total() > after_first, "more puts grow them");
    }

    #[test]
    fn zero_byte_puts_take_nothing() {
        let mut m = OmpiPutMemory::new();
        m.put(1, 0);
        m.flush_all();
        assert_eq!(m.total(), 0);
        assert_eq!(m.puts(), 1);
    }
}
