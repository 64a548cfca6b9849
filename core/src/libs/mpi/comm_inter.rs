//! `MPI_Intercomm_create`, modelled on MPICH's `MPIR_Intercomm_create_impl` and
//! `MPID_Intercomm_exchange`: the local group agrees on its free context ids (here: each rank
//! sends its 128-bit mask of free ids to the local leader), the two leaders exchange their
//! group's mask and members over the peer communicator under the program's tag (on the
//! collective side of its context, as MPICH shifts the tag into its collective tag space, so no
//! receive of the program matches it), and each leader sends the agreed context id and the
//! remote group to the ranks of its group. Both groups then hold the same context id: the lowest
//! free on every rank of both groups (MPICH gives each side its own receive context; one id free
//! everywhere serves both here, since the two groups' world ranks are disjoint).

use super::buffers::write_int;
use super::collective::Round;
use super::comm::{Comm, Comms, CONTEXTS};
use super::comm_ctx::CommCtx;
use super::comm_error::CommError;
use super::error::ErrorKind;
use super::group::Members;
use crate::engine::{Rank, RankCtx, Step};
use crate::lang::vm::memory::{Addr, Memory};

/// The context id a leader sends when there is none (every rank then reports it).
const NO_CONTEXT: u32 = u32::MAX;

/// An intercommunicator's creation in progress on one rank of a local group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IcCreate {
    /// The local communicator.
    local: Comm,
    /// The local leader's rank in it.
    leader: Rank,
    /// At the leader: the peer communicator, the remote leader's rank in it and the tag of
    /// the leaders' exchange.
    peer: Option<(Comm, Rank, i32)>,
    /// The local communicator's collective tag for this call.
    tag: i32,
    /// Stage: 0 masks to the leader, 1 the leaders' exchange, 2 the result to the group.
    stage: u8,
    /// The free contexts known so far (at the leader: the AND of its group's masks).
    free: u128,
    round: Option<Round>,
    /// The remote group, as world ranks.
    remote: Vec<Rank>,
    /// The agreed context id ([`NO_CONTEXT`] if none).
    context: u32,
    /// Where the new handle goes.
    out: Addr,
}

impl IcCreate {
    /// This rank's part: `local` with its leader `leader`; `peer` at the leader only; `tag` a
    /// collective tag of `local`; `free` this rank's free contexts.
    pub(super) fn new(
        local: Comm,
        leader: Rank,
        peer: Option<(Comm, Rank, i32)>,
        tag: i32,
        free: u128,
        out: Addr,
    ) -> IcCreate {
        IcCreate {
            local,
            leader,
            peer,
            tag,
            stage: 0,
            free,
            round: None,
            remote: Vec::new(),
            context: NO_CONTEXT,
            out,
        }
    }

    fn is_leader(&self) -> bool {
        self.local.rank == self.leader
    }

    /// Advances; `None` once the intercommunicator is in `comms` and its handle written.
    pub(super) fn step(
        &mut self,
        comms: &mut Comms,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Step>, ErrorKind> {
        while self.stage < 3 {
            let on_peer = self.stage == 1;
            let comm = match (&self.peer, on_peer) {
                (Some((peer, _, _)), true) => peer.clone(),
                _ => self.local.clone(),
            };
            let cx = &mut CommCtx::new(ctx, &comm);
            match &mut self.round {
                Some(round) => {
                    if let Some(wait) = round.waiting(cx)? {
                        return Ok(Some(wait));
                    }
                    let parts = round.finish(cx)?;
                    self.round = None;
                    self.arrived(parts)?;
                    self.stage += 1;
                }
                None => {
                    let mut round = Round::default();
                    self.post(&mut round, cx)?;
                    self.round = Some(round);
                }
            }
        }
        self.finish(comms, mem)
    }

    /// Posts the messages of the current stage.
    fn post(&self, round: &mut Round, cx: &mut CommCtx<'_, '_>) -> Result<(), ErrorKind> {
        let (n, leader, tag) = (self.local.size(), self.leader, self.tag);
        match self.stage {
            0 if self.is_leader() => {
                for r in (0..n).filter(|&r| r != leader) {
                    round.recv(cx, r, tag, 16)?;
                }
            }
            0 => round.send(cx, leader, tag, self.free.to_le_bytes().to_vec())?,
            1 => {
                if let Some((_, remote_leader, ptag)) = self.peer {
                    let mut data = self.free.to_le_bytes().to_vec();
                    for r in self.local.members.ranks() {
                        data.extend_from_slice(&r.to_le_bytes());
                    }
                    round.recv(cx, remote_leader, ptag, u32::MAX)?;
                    round.send(cx, remote_leader, ptag, data)?;
                }
            }
            _ if self.is_leader() => {
                let mut data = self.context.to_le_bytes().to_vec();
                for r in &self.remote {
                    data.extend_from_slice(&r.to_le_bytes());
                }
                for r in (0..n).filter(|&r| r != leader) {
                    round.send(cx, r, tag, data.clone())?;
                }
            }
            _ => round.recv(cx, leader, tag, u32::MAX)?,
        }
        Ok(())
    }

    /// Takes what the current stage received.
    fn arrived(&mut self, parts: Vec<Vec<u8>>) -> Result<(), ErrorKind> {
        let bad = || ErrorKind::Internal("a malformed message of MPI_Intercomm_create");
        let words = |b: &[u8]| -> Vec<u32> {
            b.chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect()
        };
        match self.stage {
            0 => {
                for part in parts {
                    let mask: [u8; 16] = part.as_slice().try_into().map_err(|_| bad())?;
                    self.free &= u128::from_le_bytes(mask);
                }
            }
            1 => {
                if let Some(part) = parts.first() {
                    if part.len() < 16 {
                        return Err(bad());
                    }
                    let mask: [u8; 16] = part[..16].try_into().map_err(|_| bad())?;
                    let free = self.free & u128::from_le_bytes(mask);
                    self.remote = words(&part[16..]);
                    self.context = if free == 0 {
                        NO_CONTEXT
                    } else {
                        free.trailing_zeros()
                    };
                }
            }
            _ => {
                if let Some(part) = parts.first() {
                    let all = words(part);
                    let (&context, remote) = all.split_first().ok_or_else(bad)?;
                    self.context = context;
                    self.remote = remote.to_vec();
                }
            }
        }
        Ok(())
    }

    /// Everything is here: the intercommunicator.
    fn finish(&mut self, comms: &mut Comms, mem: &mut Memory) -> Result<Option<Step>, ErrorKind> {
        if let Some(&both) = self
            .remote
            .iter()
            .find(|&&r| self.local.members.rank_of(r).is_some())
        {
            return Err(CommError::GroupsOverlap(both).into());
        }
        if self.context == NO_CONTEXT {
            return Err(CommError::NoContext(CONTEXTS).into());
        }
        let handle = comms.add(Comm {
            handle: 0,
            context: self.context,
            members: self.local.members.clone(),
            rank: self.local.rank,
            cart: None,
            remote: Some(Members::List(std::mem::take(&mut self.remote).into())),
        });
        write_int(mem, self.out, handle, "the new intercommunicator")?;
        Ok(None)
    }
}
