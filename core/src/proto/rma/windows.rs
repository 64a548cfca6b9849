//! MPI one-sided communication on windows of the programs' own memory: what a remote access does
//! to the target's bytes ([`RemoteAccess`]), the registry of who exposes which window, and the
//! one-sided layer's part that times an access like any one-sided operation and applies it at
//! the target.
//!
//! Model. A window's memory stays in the target's program (a C array, or a block the library
//! allocated); the engine never copies it. An access (put, get, accumulate, fetch-and-op,
//! compare-and-swap) is timed by the machine as the RDMA operation the library chose for it (a
//! put or get of its bytes, or an RDMA atomic) and *takes effect at the target* when the machine
//! says so (`Transfer::arrival`, or when the target's software executes it): then the layer
//! borrows the bytes from the target's program (`Program::with_window`, lent by the engine
//! through `Io::with_window`), applies it and keeps the result (a get's bytes, an atomic's old value). The
//! result is the origin's when the operation completes there. Operations that no NIC executes
//! (an accumulate of many elements, `MPI_PROD` on doubles…) go to the target's software: a request
//! message, the target's receive overhead, a reply. Each access applies at one instant, so it is
//! atomic per operation (stronger than MPI's per-element atomicity).
//!
//! Creation exchanges the parts' sizes (the registry stands in for MPI's allgather at
//! `MPI_Win_create`), so an origin checks an access against the target's window before issuing
//! it. A ledger of the one-sided collective calls (creation, fence, free) in each rank's order,
//! kept per group of ranks (a window's communicator's members), lets a rank that calls a
//! different one than the others be told so; the creation's entry also gives the window its
//! number, the same on every member: windows are numbered across the run in the order their
//! creations are first reached (on `MPI_COMM_WORLD` alone, simply creation order).

use std::collections::BTreeMap;

use super::{OneSided, RdmaReq};
use crate::engine::{Io, LayerFailure, Rank, ReqId};
use crate::machine::RdmaOp;

/// The element type an accumulate combines.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Element {
    /// 4-byte little-endian two's complement (`MPI_INT`), wrapping.
    Int,
    /// 8-byte IEEE 754 (`MPI_DOUBLE`).
    Double,
    /// Any other C integer of `bytes` bytes, wrapping (`MPI_CHAR`, `MPI_SHORT`, `MPI_LONG`,
    /// the unsigned ones, `MPI_AINT`, …).
    Integer {
        /// Two's complement (else unsigned).
        signed: bool,
        /// Its size: 1, 2, 4 or 8.
        bytes: u8,
    },
    /// 4-byte IEEE 754 (`MPI_FLOAT`).
    Float,
    /// `_Bool` (`MPI_C_BOOL`): logical operations give 0 or 1.
    Bool,
    /// An uninterpreted byte (`MPI_BYTE`): bitwise operations only.
    Byte,
    /// A value and an `int` index at `index_at` (`MPI_2INT`, `MPI_DOUBLE_INT`, …), `size` bytes
    /// in all with padding, for `MPI_MAXLOC`/`MPI_MINLOC`.
    Pair {
        /// The value's type (`Int`, `Double`, `Integer` or `Float`).
        value: PairValue,
        /// Offset of the index.
        index_at: u8,
        /// Bytes of one pair (its extent).
        size: u8,
    },
}

/// The value of a value-index pair.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PairValue {
    /// A signed C integer of this many bytes.
    Integer(u8),
    /// `float`.
    Float,
    /// `double`.
    Double,
}

impl Element {
    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            Element::Int | Element::Float => 4,
            Element::Double => 8,
            Element::Integer { bytes, .. } => usize::from(bytes),
            Element::Bool | Element::Byte => 1,
            Element::Pair { size, .. } => usize::from(size),
        }
    }
}

/// How an accumulate combines the origin's value `o` with the target's `t`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Combine {
    /// `t + o`.
    Sum,
    /// `t * o`.
    Prod,
    /// `max(t, o)`.
    Max,
    /// `min(t, o)`.
    Min,
    /// `o` (`MPI_REPLACE`).
    Replace,
    /// `t` (`MPI_NO_OP`: an atomic read).
    NoOp,
    /// `t && o` (0 or 1).
    Land,
    /// `t || o`.
    Lor,
    /// `t != o` as truth values.
    Lxor,
    /// `t & o`.
    Band,
    /// `t | o`.
    Bor,
    /// `t ^ o`.
    Bxor,
    /// The pair with the larger value (the lower index on a tie).
    Maxloc,
    /// The pair with the smaller value (the lower index on a tie).
    Minloc,
}

impl Combine {
    fn int(self, t: i32, o: i32) -> i32 {
        // Wide integer arithmetic truncated to 32 bits is C's wrapping arithmetic.
        self.wide(i128::from(t), i128::from(o)) as i32
    }

    /// Integer arithmetic on sign- or zero-extended values; the caller keeps the low bytes.
    fn wide(self, t: i128, o: i128) -> i128 {
        match self {
            Combine::Sum => t.wrapping_add(o),
            Combine::Prod => t.wrapping_mul(o),
            Combine::Max => t.max(o),
            Combine::Min => t.min(o),
            Combine::Replace => o,
            Combine::Land => i128::from(t != 0 && o != 0),
            Combine::Lor => i128::from(t != 0 || o != 0),
            Combine::Lxor => i128::from((t != 0) != (o != 0)),
            Combine::Band => t & o,
            Combine::Bor => t | o,
            Combine::Bxor => t ^ o,
            Combine::NoOp | Combine::Maxloc | Combine::Minloc => t,
        }
    }

    fn double(self, t: f64, o: f64) -> f64 {
        match self {
            Combine::Sum => t + o,
            Combine::Prod => t * o,
            Combine::Max => t.max(o),
            Combine::Min => t.min(o),
            Combine::Replace => o,
            _ => t,
        }
    }

    /// Single precision through [`Self::double`]: a sum or product rounded once from double is
    /// single precision's own correctly rounded result (double has more than twice the bits).
    fn float(self, t: f32, o: f32) -> f32 {
        self.double(f64::from(t), f64::from(o)) as f32
    }

    /// `t = t op o` for one element.
    fn element(self, element: Element, t: &mut [u8], o: &[u8]) {
        if self == Combine::Replace {
            t.copy_from_slice(o);
            return;
        }
        match element {
            Element::Int => {
                let a = i32::from_le_bytes([t[0], t[1], t[2], t[3]]);
                let b = i32::from_le_bytes([o[0], o[1], o[2], o[3]]);
                t.copy_from_slice(&self.int(a, b).to_le_bytes());
            }
            Element::Double => {
                let a = f64::from_le_bytes(t.try_into().expect("8-byte chunk"));
                let b = f64::from_le_bytes(o.try_into().expect("8-byte chunk"));
                t.copy_from_slice(&self.double(a, b).to_le_bytes());
            }
            Element::Float => {
                let a = f32::from_le_bytes(t.try_into().expect("4-byte chunk"));
                let b = f32::from_le_bytes(o.try_into().expect("4-byte chunk"));
                t.copy_from_slice(&self.float(a, b).to_le_bytes());
            }
            Element::Integer { signed, .. } => {
                let r = self.wide(extend(t, signed), extend(o, signed));
                let n = t.len();
                t.copy_from_slice(&r.to_le_bytes()[..n]);
            }
            Element::Bool | Element::Byte => {
                let r = self.wide(i128::from(t[0]), i128::from(o[0]));
                t[0] = r as u8;
            }
            Element::Pair {
                value, index_at, ..
            } => self.pair(value, usize::from(index_at), t, o),
        }
    }

    /// `MPI_MAXLOC`/`MPI_MINLOC` on one pair: the larger (smaller) value with its index; on
    /// equal values the lower index; incomparable values (NaN) keep the target's.
    fn pair(self, value: PairValue, index_at: usize, t: &mut [u8], o: &[u8]) {
        let w = match value {
            PairValue::Integer(b) => usize::from(b),
            PairValue::Float => 4,
            PairValue::Double => 8,
        };
        let order = match value {
            PairValue::Integer(_) => Some(extend(&t[..w], true).cmp(&extend(&o[..w], true))),
            PairValue::Float => {
                let a = f32::from_le_bytes(t[..4].try_into().expect("4 bytes"));
                let b = f32::from_le_bytes(o[..4].try_into().expect("4 bytes"));
                a.partial_cmp(&b)
            }
            PairValue::Double => {
                let a = f64::from_le_bytes(t[..8].try_into().expect("8 bytes"));
                let b = f64::from_le_bytes(o[..8].try_into().expect("8 bytes"));
                a.partial_cmp(&b)
            }
        };
        let index =
            |b: &[u8]| i32::from_le_bytes(b[index_at..index_at + 4].try_into().expect("4 bytes"));
        let (it, io) = (index(t), index(o));
        let take = match (self, order) {
            (_, Some(std::cmp::Ordering::Equal)) => {
                t[index_at..index_at + 4].copy_from_slice(&it.min(io).to_le_bytes());
                false
            }
            (Combine::Maxloc, Some(std::cmp::Ordering::Less)) => true,
            (Combine::Minloc, Some(std::cmp::Ordering::Greater)) => true,
            _ => false,
        };
        if take {
            t[..w].copy_from_slice(&o[..w]);
            t[index_at..index_at + 4].copy_from_slice(&io.to_le_bytes());
        }
    }
}

/// A little-endian C integer, sign- or zero-extended.
fn extend(bytes: &[u8], signed: bool) -> i128 {
    let mut wide = [0u8; 16];
    wide[..bytes.len()].copy_from_slice(bytes);
    let negative = signed && bytes.last().is_some_and(|b| b & 0x80 != 0);
    if negative {
        wide[bytes.len()..].fill(0xff);
    }
    i128::from_le_bytes(wide)
}

/// What a one-sided operation does to the bytes of the target's window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteAccess {
    /// Write these bytes (`MPI_Put`).
    Put(Vec<u8>),
    /// Read this many bytes (`MPI_Get`).
    Get(u32),
    /// Combine element by element (`MPI_Accumulate`, `MPI_Fetch_and_op`); with `fetch`, the
    /// result is the target's bytes before.
    Accumulate {
        /// The operation.
        combine: Combine,
        /// The element type.
        element: Element,
        /// The origin's elements.
        operand: Vec<u8>,
        /// Return the old contents.
        fetch: bool,
    },
    /// Replace one element by `swap` if it equals `compare`; the result is the old element
    /// (`MPI_Compare_and_swap`).
    CompareAndSwap {
        /// The element type.
        element: Element,
        /// The value expected.
        compare: Vec<u8>,
        /// The new value.
        swap: Vec<u8>,
    },
}

impl RemoteAccess {
    /// Bytes of the target's window it touches.
    pub fn len(&self) -> u32 {
        let n = match self {
            RemoteAccess::Put(data) => data.len(),
            RemoteAccess::Get(n) => *n as usize,
            RemoteAccess::Accumulate { operand, .. } => operand.len(),
            RemoteAccess::CompareAndSwap { swap, .. } => swap.len(),
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Whether it touches no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Applies it to `target` (exactly [`RemoteAccess::len`] bytes of the window); returns the
    /// result: a get's bytes, the old bytes of a fetching accumulate or a compare-and-swap, else
    /// nothing.
    pub fn apply(&self, target: &mut [u8]) -> Vec<u8> {
        match self {
            RemoteAccess::Put(data) => {
                target.copy_from_slice(data);
                Vec::new()
            }
            RemoteAccess::Get(_) => target.to_vec(),
            RemoteAccess::Accumulate {
                combine,
                element,
                operand,
                fetch,
            } => {
                let old = if *fetch { target.to_vec() } else { Vec::new() };
                let size = element.size();
                for (t, o) in target
                    .chunks_exact_mut(size)
                    .zip(operand.chunks_exact(size))
                {
                    combine.element(*element, t, o);
                }
                old
            }
            RemoteAccess::CompareAndSwap { compare, swap, .. } => {
                let old = target.to_vec();
                if old == *compare {
                    target.copy_from_slice(swap);
                }
                old
            }
        }
    }
}

/// One rank's part of a window as the others see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WindowPart {
    /// Bytes exposed.
    pub size: u64,
    /// Bytes per displacement unit.
    pub disp_unit: u32,
    /// A dynamic window's part (`MPI_Win_create_dynamic`): displacements are addresses, and
    /// an access must fall in memory the rank attached.
    pub dynamic: bool,
}

/// An access in flight to a window of another rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WindowAccess {
    /// The window.
    pub window: u32,
    /// Byte offset in the target's part.
    pub offset: u64,
    /// What it does.
    pub access: RemoteAccess,
    /// Why the target's software executes it, if the library chose software (no NIC operation
    /// for it); `None` when it is an RDMA operation (which the machine may still emulate).
    pub software: Option<String>,
    /// The order of an accumulate-class access: (origin, target, window).
    pub order: Option<(Rank, Rank, u32)>,
}

/// A one-sided collective call as the first rank to reach it recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LedgerEntry {
    call: &'static str,
    window: u32,
    first: Rank,
    arrived: u32,
}

/// A rank whose one-sided collective call differs from the one another rank made at the same
/// point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectiveMismatch {
    /// The rank that got there first.
    pub rank: Rank,
    /// What it called.
    pub call: &'static str,
    /// On which window.
    pub window: u32,
}

/// The windows' state: accesses in flight, exposed parts, the collective ledger (by group
/// and position in it), the number the next created window gets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct WindowTable {
    accesses: BTreeMap<ReqId, WindowAccess>,
    parts: BTreeMap<(u32, Rank), WindowPart>,
    ledger: BTreeMap<(Vec<Rank>, u64), LedgerEntry>,
    next_window: u32,
    /// The memory each rank attached to each dynamic window: (address, bytes).
    attached: BTreeMap<(u32, Rank), Vec<(u64, u64)>>,
    /// Accumulate-class accesses (accumulates, fetches, compare-and-swaps) not yet applied, in
    /// issue order per origin, target and window: MPI orders them (the default
    /// `accumulate_ordering`), so one that reaches its target before an earlier one waits.
    ordered: BTreeMap<(Rank, Rank, u32), std::collections::VecDeque<ReqId>>,
    /// Accesses that reached their target before an earlier one of their order.
    waiting: std::collections::BTreeSet<ReqId>,
}

impl WindowTable {
    /// Estimated heap bytes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.accesses
            .values()
            .map(|a| 96 + a.access.len() as usize)
            .sum::<usize>()
            + self.parts.len() * 48
            + self
                .attached
                .values()
                .map(|v| 48 + 16 * v.len())
                .sum::<usize>()
            + self
                .ledger
                .keys()
                .map(|(g, _)| 64 + 4 * g.len())
                .sum::<usize>()
    }
}

impl OneSided {
    /// `rank` exposes its part of `window`.
    pub fn expose_window(&mut self, rank: Rank, window: u32, part: WindowPart) {
        self.windows.parts.insert((window, rank), part);
    }

    /// `rank` withdraws its part of `window` (freed).
    pub fn withdraw_window(&mut self, rank: Rank, window: u32) {
        self.windows.parts.remove(&(window, rank));
        self.windows.attached.remove(&(window, rank));
    }

    /// `rank` attaches `bytes` bytes at `address` to its part of dynamic window `window`.
    pub fn attach_memory(&mut self, rank: Rank, window: u32, address: u64, bytes: u64) {
        let list = self.windows.attached.entry((window, rank)).or_default();
        list.push((address, bytes));
    }

    /// `rank` detaches the memory it attached at `address` to `window`; whether it had.
    pub fn detach_memory(&mut self, rank: Rank, window: u32, address: u64) -> bool {
        let Some(list) = self.windows.attached.get_mut(&(window, rank)) else {
            return false;
        };
        match list.iter().position(|(a, _)| *a == address) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        }
    }

    /// Whether `bytes` bytes at `address` lie in memory `rank` attached to `window` (regions
    /// attached side by side cover an access across them, as in MPICH).
    pub fn attached_covers(&self, rank: Rank, window: u32, address: u64, bytes: u64) -> bool {
        let Some(list) = self.windows.attached.get(&(window, rank)) else {
            return false;
        };
        let mut regions = list.clone();
        regions.sort_unstable();
        let (mut at, end) = (address, address.saturating_add(bytes));
        for (a, n) in regions {
            if a <= at && at < a.saturating_add(n) {
                at = a.saturating_add(n);
            }
            if at >= end {
                return true;
            }
        }
        bytes == 0 && list.iter().any(|(a, n)| address >= *a && address <= a + n)
    }

    /// `rank`'s part of `window`, if exposed.
    pub fn window_part(&self, rank: Rank, window: u32) -> Option<WindowPart> {
        self.windows.parts.get(&(window, rank)).copied()
    }

    /// Records that `rank`, a member of `group` (world ranks, in the window's order), makes its
    /// `seq`-th one-sided collective call among that group: `call` on `window`, or (`None`) the
    /// creation of a new window. Returns the window's number — for a creation, the one the first
    /// member to reach it took — or an error if another member made a different call there.
    pub fn one_sided_collective(
        &mut self,
        group: &[Rank],
        rank: Rank,
        seq: u64,
        call: &'static str,
        window: Option<u32>,
    ) -> Result<u32, CollectiveMismatch> {
        let key = (group.to_vec(), seq);
        let next = &mut self.windows.next_window;
        let entry = self.windows.ledger.entry(key.clone()).or_insert_with(|| {
            let window = window.unwrap_or_else(|| {
                let n = *next;
                *next = next.saturating_add(1);
                n
            });
            LedgerEntry {
                call,
                window,
                first: rank,
                arrived: 0,
            }
        });
        if entry.call != call || window.is_some_and(|w| w != entry.window) {
            return Err(CollectiveMismatch {
                rank: entry.first,
                call: entry.call,
                window: entry.window,
            });
        }
        entry.arrived += 1;
        let number = entry.window;
        if entry.arrived as usize >= group.len() {
            self.windows.ledger.remove(&key);
        }
        Ok(number)
    }

    /// `origin` starts `access` at `offset` of `target`'s part of `window`, timed as `op`; with
    /// `software`, the target's software executes it (the reason in words), else the machine's
    /// RDMA engines do where it has them.
    #[allow(clippy::too_many_arguments)]
    pub fn window_access(
        &mut self,
        io: &mut Io<'_>,
        origin: Rank,
        target: Rank,
        window: u32,
        offset: u64,
        access: RemoteAccess,
        op: RdmaOp,
        software: Option<String>,
    ) -> ReqId {
        let req = self.new_request(
            io,
            origin,
            RdmaReq {
                target,
                op,
                mem: None,
                flight: None,
            },
        );
        let forced = software.is_some();
        let order = matches!(
            access,
            RemoteAccess::Accumulate { .. } | RemoteAccess::CompareAndSwap { .. }
        )
        .then_some((origin, target, window));
        if let Some(key) = order {
            self.windows.ordered.entry(key).or_default().push_back(req);
        }
        self.windows.accesses.insert(
            req,
            WindowAccess {
                window,
                offset,
                access,
                software,
                order,
            },
        );
        self.issue(io, req, origin, target, op, forced);
        req
    }

    /// Whether the access `req` must wait for an earlier accumulate of its origin to the same
    /// target and window (it reached the target first); if so it is noted as waiting.
    pub(crate) fn must_wait(&mut self, req: ReqId) -> bool {
        let Some(key) = self.order_key(req) else {
            return false;
        };
        let first = self.windows.ordered.get(&key).and_then(|q| q.front()) == Some(&req);
        if !first {
            self.windows.waiting.insert(req);
        }
        !first
    }

    /// Whether `req` reached its target and waits behind an earlier accumulate.
    pub(crate) fn is_waiting(&self, req: ReqId) -> bool {
        self.windows.waiting.contains(&req)
    }

    /// The access `req` was applied: it leaves its order; the next one, if it waits, is
    /// returned (to apply now).
    pub(crate) fn applied(&mut self, req: ReqId) -> Option<ReqId> {
        let key = self.order_key(req)?;
        let queue = self.windows.ordered.get_mut(&key)?;
        if queue.front() == Some(&req) {
            queue.pop_front();
        }
        let next = queue.front().copied();
        if queue.is_empty() {
            self.windows.ordered.remove(&key);
        }
        let next = next?;
        self.windows.waiting.remove(&next).then_some(next)
    }

    /// The order an accumulate-class access belongs to (origin, target, window).
    fn order_key(&self, req: ReqId) -> Option<(Rank, Rank, u32)> {
        self.windows.accesses.get(&req)?.order
    }

    /// Whether `req` is an access to a window (applied in the target's program).
    pub(crate) fn is_window_access(&self, req: ReqId) -> bool {
        self.windows.accesses.contains_key(&req)
    }

    /// Why the library sent `req` to the target's software, if it did.
    pub(crate) fn window_software_reason(&self, req: ReqId) -> Option<&str> {
        self.windows.accesses.get(&req)?.software.as_deref()
    }

    /// The access `req` takes effect in its target's window: the target's program lends the
    /// bytes, the access is applied and its result kept for the origin. A failure there (an
    /// access the origin's checks let through) stops the run as the origin's error.
    pub(crate) fn apply_window_access(
        &mut self,
        io: &mut Io<'_>,
        req: ReqId,
    ) -> Result<(), LayerFailure> {
        let Some(a) = self.windows.accesses.remove(&req) else {
            return Ok(());
        };
        let (Some(origin), Some(target)) = (io.owner(req), self.kinds.get(req.0).map(|k| k.target))
        else {
            return Ok(());
        };
        let mut result = Vec::new();
        io.with_window(target, a.window, a.offset, a.access.len(), &mut |bytes| {
            result = a.access.apply(bytes);
        })
        .map_err(|message| LayerFailure {
            rank: origin,
            message: format!("a one-sided access to rank {target} failed there: {message}"),
        })?;
        io.set_data(req, result);
        io.hardware(
            target,
            None,
            format!("a one-sided access ({req}) takes effect in rank {target}'s window"),
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(v: &[i32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn doubles(v: &[f64]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn accumulate_combines_element_by_element_and_fetches_the_old_values() {
        let mut t = ints(&[1, 5, -3]);
        let acc = |combine, fetch| RemoteAccess::Accumulate {
            combine,
            element: Element::Int,
            operand: ints(&[2, 2, 2]),
            fetch,
        };
        assert!(acc(Combine::Sum, false).apply(&mut t).is_empty());
        assert_eq!(t, ints(&[3, 7, -1]));
        assert_eq!(acc(Combine::Prod, true).apply(&mut t), ints(&[3, 7, -1]));
        assert_eq!(t, ints(&[6, 14, -2]));
        acc(Combine::Min, false).apply(&mut t);
        assert_eq!(t, ints(&[2, 2, -2]));
        acc(Combine::Max, false).apply(&mut t);
        assert_eq!(t, ints(&[2, 2, 2]));
        let mut big = ints(&[i32::MAX]);
        RemoteAccess::Accumulate {
            combine: Combine::Sum,
            element: Element::Int,
            operand: ints(&[1]),
            fetch: false,
        }
        .apply(&mut big);
        assert_eq!(big, ints(&[i32::MIN]), "ints wrap like C's");

        let mut d = doubles(&[1.5, -2.0]);
        let r = RemoteAccess::Accumulate {
            combine: Combine::Replace,
            element: Element::Double,
            operand: doubles(&[4.0, 8.0]),
            fetch: true,
        }
        .apply(&mut d);
        assert_eq!(
            (r, d.clone()),
            (doubles(&[1.5, -2.0]), doubles(&[4.0, 8.0]))
        );
        let r = RemoteAccess::Accumulate {
            combine: Combine::NoOp,
            element: Element::Double,
            operand: doubles(&[9.0, 9.0]),
            fetch: true,
        }
        .apply(&mut d);
        assert_eq!((r, d), (doubles(&[4.0, 8.0]), doubles(&[4.0, 8.0])));
    }

    #[test]
    fn compare_and_swap_swaps_only_on_equality() {
        let mut t = ints(&[7]);
        let cas = |c, s| RemoteAccess::CompareAndSwap {
            element: Element::Int,
            compare: ints(&[c]),
            swap: ints(&[s]),
        };
        assert_eq!(cas(3, 9).apply(&mut t), ints(&[7]));
        assert_eq!(t, ints(&[7]));
        assert_eq!(cas(7, 9).apply(&mut t), ints(&[7]));
        assert_eq!(t, ints(&[9]));
    }

    #[test]
    fn put_and_get_move_bytes() {
        let mut t = vec![0u8; 4];
        assert!(RemoteAccess::Put(vec![1, 2, 3, 4]).apply(&mut t).is_empty());
        assert_eq!(RemoteAccess::Get(4).apply(&mut t), vec![1, 2, 3, 4]);
        assert_eq!(RemoteAccess::Get(4).len(), 4);
    }
}
