//! `MPI_Gather` and `MPI_Scatter`, linear at the root: the root posts one receive (or send) per
//! other rank, in rank order starting after itself, and copies its own block locally. Arguments
//! that MPI calls "significant only at the root" are checked only there.

use super::buffers::{check_bytes, element, read_bytes, write_bytes};
use super::collective::{absolute, Round};
use super::comm_ctx::CommCtx;
use super::datatype::Datatype;
use super::error::ErrorKind;
use crate::engine::{Rank, Step};
use crate::lang::memory::{Addr, Memory};

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

/// Checks that `count` blocks of `block` bytes exist from `base` on.
fn check_blocks(
    mem: &Memory,
    base: Addr,
    count: u32,
    block: u32,
    what: &'static str,
) -> Result<(), ErrorKind> {
    let total = u64::from(count) * u64::from(block);
    let total = u32::try_from(total).map_err(|_| ErrorKind::Memory {
        what,
        error: crate::lang::memory::MemError::OutOfBounds {
            addr: base,
            len: u32::MAX,
            top: mem.top(),
        },
    })?;
    check_bytes(mem, base, total, what)
}

/// One rank's gather in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Gather {
    tag: i32,
    root: Rank,
    /// The root's receive buffer and block size.
    recvbuf: Addr,
    block: u32,
    /// This rank's block.
    own: Vec<u8>,
    /// The ranks received from, in posting order (root only).
    from: Vec<Rank>,
    round: Option<Round>,
}

impl Gather {
    /// Checks the arguments and reads this rank's block.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        root: Rank,
        sendbuf: Addr,
        sendcount: i64,
        sendtype: i64,
        recvbuf: Addr,
        recvcount: i64,
        recvtype: i64,
        mem: &Memory,
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Gather, ErrorKind> {
        let sbytes = Datatype::from_handle(sendtype)?.bytes(sendcount, "sendcount")?;
        let own = read_bytes(mem, sendbuf, sbytes, "the send buffer")?;
        let mut block = 0;
        if ctx.rank() == root {
            block = Datatype::from_handle(recvtype)?.bytes(recvcount, "recvcount")?;
            fits(&own, block)?;
            check_blocks(mem, recvbuf, ctx.size(), block, "the receive buffer")?;
        }
        Ok(Gather {
            tag,
            root,
            recvbuf,
            block,
            own,
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
                    round.recv(ctx, src, self.tag, self.block)?;
                    self.from.push(src);
                }
            } else {
                round.send(ctx, self.root, self.tag, std::mem::take(&mut self.own))?;
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
            let own = std::mem::take(&mut self.own);
            for (src, data) in
                std::iter::once((self.root, own)).chain(self.from.drain(..).zip(blocks))
            {
                let at = element(
                    mem,
                    self.recvbuf,
                    i64::from(src),
                    self.block,
                    "the receive buffer",
                )?;
                write_bytes(mem, at, &data, "the receive buffer")?;
            }
        }
        Ok(None)
    }
}

/// One rank's scatter in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Scatter {
    tag: i32,
    root: Rank,
    recvbuf: Addr,
    rbytes: u32,
    /// At the root: every rank's block, in rank order.
    blocks: Vec<Vec<u8>>,
    round: Option<Round>,
}

impl Scatter {
    /// Checks the arguments; the root reads every block.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tag: i32,
        root: Rank,
        sendbuf: Addr,
        sendcount: i64,
        sendtype: i64,
        recvbuf: Addr,
        recvcount: i64,
        recvtype: i64,
        mem: &Memory,
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Scatter, ErrorKind> {
        let rbytes = Datatype::from_handle(recvtype)?.bytes(recvcount, "recvcount")?;
        check_bytes(mem, recvbuf, rbytes, "the receive buffer")?;
        let mut blocks = Vec::new();
        if ctx.rank() == root {
            let sbytes = Datatype::from_handle(sendtype)?.bytes(sendcount, "sendcount")?;
            for i in 0..ctx.size() {
                let at = element(mem, sendbuf, i64::from(i), sbytes, "the send buffer")?;
                blocks.push(read_bytes(mem, at, sbytes, "the send buffer")?);
            }
            if let Some(own) = blocks.get(root as usize) {
                fits(own, rbytes)?;
            }
        }
        Ok(Scatter {
            tag,
            root,
            recvbuf,
            rbytes,
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
                    round.send(ctx, dst, self.tag, data)?;
                }
            } else {
                round.recv(ctx, self.root, self.tag, self.rbytes)?;
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
        write_bytes(mem, self.recvbuf, &mine, "the receive buffer")?;
        Ok(None)
    }
}
