//! `MPI_Gather(v)` and `MPI_Scatter(v)`, linear at the root as MPICH's `MPIR_Gatherv_allcomm_linear`
//! and `MPIR_Scatterv_allcomm_linear`: the root posts one receive (or send) per other rank, in
//! rank order starting after itself, and copies its own block locally (not at all with
//! `MPI_IN_PLACE`). Arguments that MPI calls "significant only at the root" are checked only
//! there. The `v` forms, as MPICH's, move no message for a block of 0 elements.
//!
//! Blocks of any datatype travel packed (a derived datatype's data bytes, as in point-to-point);
//! block `i` of a buffer starts `displ × extent` bytes in (`MPI_Type_create_resized` sets the
//! extent, e.g. to scatter a matrix's columns).

use super::buffers::{read_ints, IN_PLACE};
use super::collective::{absolute, Collective, Round, Wait};
use super::comm_ctx::CommCtx;
use super::derived::{Shape, Types};
use super::error::ErrorKind;
use crate::engine::{Rank, Step};
use crate::lang::vm::memory::{Addr, Memory};

/// Checks that `data` fits a block of `capacity` bytes (the root's own block).
fn fits(data: &[u8], capacity: u32) -> Result<(), ErrorKind> {
    if data.len() as u64 > u64::from(capacity) {
        return Err(ErrorKind::Truncated {
            arrived: data.len() as u64,
            capacity: u64::from(capacity),
        });
    }
    Ok(())
}

/// A buffer of `count` elements of `dtype` at `addr` (the arguments of one side of a call).
#[derive(Copy, Clone, Debug)]
pub(super) struct Side {
    /// The buffer (may be `MPI_IN_PLACE`).
    pub addr: Addr,
    /// Elements.
    pub count: i64,
    /// Datatype handle.
    pub dtype: i64,
}

/// The root's buffer of per-rank blocks: uniform (`MPI_Gather`) or with counts and displacements
/// (`MPI_Gatherv`).
#[derive(Copy, Clone, Debug)]
pub(super) enum Blocks {
    /// `count` elements per rank, rank `i`'s at `i × count`.
    Uniform(Side),
    /// `counts[i]` elements at displacement `displs[i]` (two `int` arrays).
    Varying {
        /// The buffer.
        addr: Addr,
        /// The `int` array of counts.
        counts: Addr,
        /// The `int` array of displacements.
        displs: Addr,
        /// Datatype handle.
        dtype: i64,
    },
}

impl Blocks {
    /// The buffer's address.
    fn addr(self) -> Addr {
        match self {
            Blocks::Uniform(side) => side.addr,
            Blocks::Varying { addr, .. } => addr,
        }
    }

    /// Every rank's block (address, elements), checked to lie in memory; `what` names the buffer
    /// and `count` its count argument (`"recvcount"`; the arrays are `recvcounts`, `displs`).
    pub(super) fn slots(
        self,
        mem: &Memory,
        types: &mut Types,
        size: u32,
        what: &'static str,
        count: &'static str,
    ) -> Result<Vec<(Addr, Shape)>, ErrorKind> {
        let (dtype, counts, displs) = match self {
            Blocks::Uniform(side) => {
                let n = (0..i64::from(size)).map(|_| side.count).collect::<Vec<_>>();
                let d = (0..i64::from(size)).map(|i| i * side.count).collect();
                (side.dtype, n, d)
            }
            Blocks::Varying {
                counts,
                displs,
                dtype,
                ..
            } => (
                dtype,
                read_ints(mem, counts, size, "the counts array")?,
                read_ints(mem, displs, size, "the displs array")?,
            ),
        };
        let extent = types.map(dtype)?.extent();
        let mut slots = Vec::with_capacity(counts.len());
        for (i, (n, displ)) in counts.iter().zip(&displs).enumerate() {
            let shape = match self {
                Blocks::Uniform(_) => types.shape(dtype, *n, count)?,
                Blocks::Varying { .. } => types.shape(dtype, *n, &format!("{count}s[{i}]"))?,
            };
            let at = displaced(mem, self.addr(), *displ, extent, what)?;
            shape.check(mem, at, what)?;
            slots.push((at, shape));
        }
        Ok(slots)
    }

    /// Whether blocks of 0 bytes move no message (the `v` forms).
    fn skips_empty(self) -> bool {
        matches!(self, Blocks::Varying { .. })
    }
}

/// The address `index` elements of `extent` bytes from `base` (an element of a buffer).
pub(super) fn displaced(
    mem: &Memory,
    base: Addr,
    index: i64,
    extent: i64,
    what: &'static str,
) -> Result<Addr, ErrorKind> {
    index
        .checked_mul(extent)
        .and_then(|off| i64::from(base).checked_add(off))
        .and_then(|a| Addr::try_from(a).ok())
        .ok_or(ErrorKind::Memory {
            what,
            error: crate::lang::vm::memory::MemError::OutOfBounds {
                addr: base,
                len: 0,
                top: mem.top(),
            },
        })
}

/// One rank's gather in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Gather {
    tag: i32,
    root: Rank,
    /// At the root: each rank's block in the receive buffer.
    slots: Vec<(Addr, Shape)>,
    /// Whether empty blocks move no message.
    skip_empty: bool,
    /// This rank's block (`None` at a root gathering in place).
    own: Option<Vec<u8>>,
    /// The ranks received from, in posting order (root only).
    from: Vec<Rank>,
    round: Option<Round>,
}

impl Gather {
    /// Checks the arguments and reads this rank's block.
    pub(super) fn new(
        tag: i32,
        root: Rank,
        send: Side,
        recv: Blocks,
        mem: &Memory,
        types: &mut Types,
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Gather, ErrorKind> {
        let is_root = ctx.rank() == root;
        let own = if is_root && send.addr == IN_PLACE {
            None
        } else {
            let shape = types.shape(send.dtype, send.count, "sendcount")?;
            Some(shape.read(mem, send.addr, "the send buffer")?)
        };
        let mut slots = Vec::new();
        if is_root {
            slots = recv.slots(mem, types, ctx.size(), "the receive buffer", "recvcount")?;
            if let (Some(own), Some(slot)) = (&own, slots.get(root as usize)) {
                fits(own, slot.1.bytes())?;
            }
        }
        Ok(Gather {
            tag,
            root,
            slots,
            skip_empty: recv.skips_empty(),
            own,
            from: Vec::new(),
            round: None,
        })
    }

    /// The root of an intercommunicator's gather (`MPI_ROOT`), as rank 0 of a view whose ranks
    /// `1..=remote` are the remote group: it receives block `i` of `recv` from view rank `i + 1`
    /// and sends nothing itself (MPICH's `MPIR_Gather_inter_linear`).
    pub(super) fn outside_root(
        tag: i32,
        recv: Blocks,
        remote: u32,
        mem: &Memory,
        types: &mut Types,
    ) -> Result<Gather, ErrorKind> {
        let mut slots = vec![(0, Shape::Contiguous(0))];
        slots.extend(recv.slots(mem, types, remote, "the receive buffer", "recvcount")?);
        Ok(Gather {
            tag,
            root: 0,
            slots,
            skip_empty: recv.skips_empty(),
            own: None,
            from: Vec::new(),
            round: None,
        })
    }

    /// Advances; `None` once this rank's block is delivered (at the root: all blocks written).
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let n = ctx.size();
        let is_root = ctx.rank() == self.root;
        if self.round.is_none() {
            let mut round = Round::default();
            if is_root {
                for i in 1..u64::from(n) {
                    let src = absolute(i, self.root, n);
                    let capacity = self.slots.get(src as usize).map_or(0, |s| s.1.bytes());
                    if capacity > 0 || !self.skip_empty {
                        round.recv(ctx, src, self.tag, capacity)?;
                        self.from.push(src);
                    }
                }
            } else {
                let own = self.own.take().unwrap_or_default();
                if !own.is_empty() || !self.skip_empty {
                    round.send(ctx, self.root, self.tag, own)?;
                }
            }
            self.round = Some(round);
        }
        let Some(round) = &mut self.round else {
            return Ok(None);
        };
        if let Some(wait) = round.waiting(ctx)? {
            return Ok(Some(wait));
        }
        let blocks = round.finish(ctx)?;
        if is_root {
            let own = self.own.take().map(|own| (self.root, own));
            for (src, data) in own.into_iter().chain(self.from.drain(..).zip(blocks)) {
                if let Some((at, shape)) = self.slots.get(src as usize) {
                    shape.write(mem, *at, &data, "the receive buffer")?;
                }
            }
        }
        Ok(None)
    }
}

/// One rank's scatter in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scatter {
    tag: i32,
    root: Rank,
    /// This rank's receive buffer (`None` at a root scattering in place).
    recvbuf: Option<Addr>,
    /// Its elements.
    rshape: Shape,
    /// Whether empty blocks move no message.
    skip_empty: bool,
    /// At the root: every rank's block, in rank order.
    blocks: Vec<Vec<u8>>,
    round: Option<Round>,
}

impl Scatter {
    /// Checks the arguments; the root reads every block.
    pub(super) fn new(
        tag: i32,
        root: Rank,
        send: Blocks,
        recv: Side,
        mem: &Memory,
        types: &mut Types,
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Scatter, ErrorKind> {
        let is_root = ctx.rank() == root;
        let recvbuf = (!(is_root && recv.addr == IN_PLACE)).then_some(recv.addr);
        let mut rshape = Shape::Contiguous(0);
        if let Some(addr) = recvbuf {
            rshape = types.shape(recv.dtype, recv.count, "recvcount")?;
            rshape.check(mem, addr, "the receive buffer")?;
        }
        let mut blocks = Vec::new();
        if is_root {
            let slots = send.slots(mem, types, ctx.size(), "the send buffer", "sendcount")?;
            for (at, shape) in slots {
                blocks.push(shape.read(mem, at, "the send buffer")?);
            }
            if let (Some(own), Some(_)) = (blocks.get(root as usize), recvbuf) {
                fits(own, rshape.bytes())?;
            }
        }
        Ok(Scatter {
            tag,
            root,
            recvbuf,
            rshape,
            skip_empty: send.skips_empty(),
            blocks,
            round: None,
        })
    }

    /// The root of an intercommunicator's scatter (`MPI_ROOT`), as rank 0 of a view whose ranks
    /// `1..=remote` are the remote group: it sends block `i` of `send` to view rank `i + 1` and
    /// receives nothing itself (MPICH's `MPIR_Scatter_inter_linear`).
    pub(super) fn outside_root(
        tag: i32,
        send: Blocks,
        remote: u32,
        mem: &Memory,
        types: &mut Types,
    ) -> Result<Scatter, ErrorKind> {
        let mut blocks = vec![Vec::new()];
        for (at, shape) in send.slots(mem, types, remote, "the send buffer", "sendcount")? {
            blocks.push(shape.read(mem, at, "the send buffer")?);
        }
        Ok(Scatter {
            tag,
            root: 0,
            recvbuf: None,
            rshape: Shape::Contiguous(0),
            skip_empty: send.skips_empty(),
            blocks,
            round: None,
        })
    }

    /// Advances; `None` once this rank has its block (at the root: every block is sent).
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let n = ctx.size();
        let is_root = ctx.rank() == self.root;
        if self.round.is_none() {
            let mut round = Round::default();
            if is_root {
                for i in 1..u64::from(n) {
                    let dst = absolute(i, self.root, n);
                    let data = self
                        .blocks
                        .get_mut(dst as usize)
                        .map(std::mem::take)
                        .unwrap_or_default();
                    if !data.is_empty() || !self.skip_empty {
                        round.send(ctx, dst, self.tag, data)?;
                    }
                }
            } else if self.rshape.bytes() > 0 || !self.skip_empty {
                round.recv(ctx, self.root, self.tag, self.rshape.bytes())?;
            }
            self.round = Some(round);
        }
        let Some(round) = &mut self.round else {
            return Ok(None);
        };
        if let Some(wait) = round.waiting(ctx)? {
            return Ok(Some(wait));
        }
        let mut received = round.finish(ctx)?;
        let mine = if is_root {
            self.blocks
                .get_mut(self.root as usize)
                .map(std::mem::take)
                .unwrap_or_default()
        } else {
            received.pop().unwrap_or_default()
        };
        if let Some(addr) = self.recvbuf {
            self.rshape.write(mem, addr, &mine, "the receive buffer")?;
        }
        Ok(None)
    }
}

impl Collective for Gather {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Ok(self.step(mem, ctx)?.map(Wait::Engine))
    }
}

impl Collective for Scatter {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Ok(self.step(mem, ctx)?.map(Wait::Engine))
    }
}
