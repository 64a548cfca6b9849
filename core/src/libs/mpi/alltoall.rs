//! `MPI_Alltoall` and `MPI_Alltoallv`: every rank posts all its receives, then sends to
//! `rank + 1`, `rank + 2`, … (mod size) in that order — so not every rank hits the same
//! destination at once — and waits for everything; its own block is copied locally.
//!
//! `MPI_Alltoall` is the special case of `MPI_Alltoallv` with equal counts and displacements
//! `i × count`; both are described as one block per peer. Blocks of any datatype travel packed;
//! displacements count elements of the datatype's extent.

use super::buffers::read_ints;
use super::collective::{Collective, Round, Wait};
use super::comm_ctx::CommCtx;
use super::derived::{Shape, Types};
use super::error::ErrorKind;
use super::gather::displaced;
use crate::engine::{Rank, Step};
use crate::lang::vm::memory::{Addr, Memory};

/// Where the block for one peer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Slot {
    /// Peer rank.
    peer: Rank,
    /// Receive address.
    addr: Addr,
    /// Its elements.
    shape: Shape,
}

/// One rank's all-to-all exchange in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Alltoall {
    tag: i32,
    /// The block for each peer, indexed by rank (taken when sent).
    sends: Vec<Vec<u8>>,
    /// The receive slot of each rank, indexed by rank.
    slots: Vec<Slot>,
    /// Peers in the order their receives were posted.
    posted: Vec<Rank>,
    round: Option<Round>,
}

impl Alltoall {
    /// `MPI_Alltoall`: equal blocks of `sendcount` and `recvcount` elements.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn uniform(
        tag: i32,
        sendbuf: Addr,
        sendcount: i64,
        sendtype: i64,
        recvbuf: Addr,
        recvcount: i64,
        recvtype: i64,
        (mem, types): (&Memory, &mut Types),
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Alltoall, ErrorKind> {
        let stype = sendtype;
        let rtype = recvtype;
        types.shape(sendtype, sendcount, "sendcount")?;
        types.shape(recvtype, recvcount, "recvcount")?;
        let n = ctx.size();
        let displs = |count: i64| (0..n).map(|i| i64::from(i) * count).collect::<Vec<_>>();
        Alltoall::build(
            tag,
            (
                sendbuf,
                &vec![sendcount; n as usize],
                &displs(sendcount),
                stype,
            ),
            (
                recvbuf,
                &vec![recvcount; n as usize],
                &displs(recvcount),
                rtype,
            ),
            (mem, types),
            ctx,
        )
    }

    /// `MPI_Alltoallv`: per-peer counts and displacements read from the program's `int` arrays.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn varying(
        tag: i32,
        sendbuf: Addr,
        sendcounts: Addr,
        sdispls: Addr,
        sendtype: i64,
        recvbuf: Addr,
        recvcounts: Addr,
        rdispls: Addr,
        recvtype: i64,
        (mem, types): (&Memory, &mut Types),
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Alltoall, ErrorKind> {
        let (stype, rtype) = (sendtype, recvtype);
        let n = ctx.size();
        let scounts = read_ints(mem, sendcounts, n, "the sendcounts array")?;
        let sdispls = read_ints(mem, sdispls, n, "the sdispls array")?;
        let rcounts = read_ints(mem, recvcounts, n, "the recvcounts array")?;
        let rdispls = read_ints(mem, rdispls, n, "the rdispls array")?;
        Alltoall::build(
            tag,
            (sendbuf, &scounts, &sdispls, stype),
            (recvbuf, &rcounts, &rdispls, rtype),
            (mem, types),
            ctx,
        )
    }

    /// An exchange of blocks already read (`sends[i]` for rank `i`) into checked receive blocks
    /// (`recvs[i]` from rank `i`): `MPI_Alltoallw`, whose blocks each have their own datatype.
    pub(super) fn of_blocks(
        tag: i32,
        sends: Vec<Vec<u8>>,
        recvs: Vec<(Addr, Shape)>,
        me: Rank,
    ) -> Result<Alltoall, ErrorKind> {
        if let (Some(own), Some((_, shape))) = (sends.get(me as usize), recvs.get(me as usize)) {
            if own.len() as u64 > u64::from(shape.bytes()) {
                return Err(ErrorKind::Truncated {
                    arrived: own.len() as u64,
                    capacity: u64::from(shape.bytes()),
                });
            }
        }
        let slots = recvs
            .into_iter()
            .enumerate()
            .map(|(peer, (addr, shape))| Slot {
                peer: peer as Rank,
                addr,
                shape,
            })
            .collect();
        Ok(Alltoall {
            tag,
            sends,
            slots,
            posted: Vec::new(),
            round: None,
        })
    }

    /// Reads every send block and checks every receive block.
    fn build(
        tag: i32,
        send: (Addr, &[i64], &[i64], i64),
        recv: (Addr, &[i64], &[i64], i64),
        (mem, types): (&Memory, &mut Types),
        ctx: &CommCtx<'_, '_>,
    ) -> Result<Alltoall, ErrorKind> {
        let (sbuf, scounts, sdispls, stype) = send;
        let (rbuf, rcounts, rdispls, rtype) = recv;
        let sextent = types.map(stype)?.extent();
        let rextent = types.map(rtype)?.extent();
        let mut sends = Vec::with_capacity(scounts.len());
        let mut slots = Vec::with_capacity(rcounts.len());
        for (peer, ((sc, sd), (rc, rd))) in scounts
            .iter()
            .zip(sdispls)
            .zip(rcounts.iter().zip(rdispls))
            .enumerate()
        {
            let peer = peer as Rank;
            let sshape = types.shape(stype, *sc, &format!("sendcounts[{peer}]"))?;
            let at = displaced(mem, sbuf, *sd, sextent, "the send buffer")?;
            sends.push(sshape.read(mem, at, "the send buffer")?);
            let shape = types.shape(rtype, *rc, &format!("recvcounts[{peer}]"))?;
            let addr = displaced(mem, rbuf, *rd, rextent, "the receive buffer")?;
            shape.check(mem, addr, "the receive buffer")?;
            slots.push(Slot { peer, addr, shape });
        }
        let me = ctx.rank() as usize;
        if let (Some(own), Some(slot)) = (sends.get(me), slots.get(me)) {
            if own.len() as u64 > u64::from(slot.shape.bytes()) {
                return Err(ErrorKind::Truncated {
                    arrived: own.len() as u64,
                    capacity: u64::from(slot.shape.bytes()),
                });
            }
        }
        Ok(Alltoall {
            tag,
            sends,
            slots,
            posted: Vec::new(),
            round: None,
        })
    }

    /// Advances; `None` once every block arrived and every send completed.
    pub(super) fn step(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Step>, ErrorKind> {
        let n = u64::from(ctx.size());
        let me = u64::from(ctx.rank());
        if self.round.is_none() {
            let mut round = Round::default();
            for i in 1..n {
                let src = ((me + n - i) % n) as usize;
                if let Some(slot) = self.slots.get(src) {
                    round.recv(ctx, slot.peer, self.tag, slot.shape.bytes())?;
                    self.posted.push(slot.peer);
                }
            }
            for i in 1..n {
                let dst = ((me + i) % n) as usize;
                if let Some(data) = self.sends.get_mut(dst).map(std::mem::take) {
                    round.send(ctx, dst as Rank, self.tag, data)?;
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
        let own = self
            .sends
            .get_mut(me as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        let mine = std::iter::once((me as Rank, own));
        for (peer, data) in mine.chain(self.posted.drain(..).zip(blocks)) {
            if let Some(slot) = self.slots.get(peer as usize) {
                slot.shape
                    .write(mem, slot.addr, &data, "the receive buffer")?;
            }
        }
        Ok(None)
    }
}

impl Collective for Alltoall {
    fn advance(
        &mut self,
        mem: &mut Memory,
        ctx: &mut CommCtx<'_, '_>,
    ) -> Result<Option<Wait>, ErrorKind> {
        Ok(self.step(mem, ctx)?.map(Wait::Engine))
    }
}
