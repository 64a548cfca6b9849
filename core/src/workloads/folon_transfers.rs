//! Transfers on FOLON through VCL, FCP, UDP over its Ethernet or PVM (paper 004): the paper's measurement — a ping-pong
//! between two PEs, half its round trip the latency, its size over that the throughput
//! (Sec. 5.1) — and every other rank sending to rank 0 at once (contention on the bus and on
//! rank 0's buffer lock), each message numbered so rank 0 can check that nothing is lost and
//! each sender's messages arrive in order.

use std::sync::Arc;

use crate::engine::{RankCtx, ReqId, Step};
use crate::proto::fcp::FcpOps;
use crate::proto::pvm::PvmOps;
use crate::proto::sockets::{SocketOps, Transport};
use crate::time::SimTime;

/// Which library moves the bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// VCL: data and a flag stored into the receiver's mailbox.
    Vcl,
    /// FCP (the run's [`crate::proto::SimConfig::fcp`] design).
    Fcp,
    /// UDP over the PCs' Ethernet (the paper's comparison).
    Udp,
    /// PVM (the run's [`crate::proto::SimConfig::pvm`] route), tag 1.
    Pvm,
}

/// What the ranks do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Ranks 0 and 1 bounce a message `reps` times; the others do nothing.
    PingPong,
    /// Every rank but 0 sends `reps` numbered messages to rank 0, which receives them all.
    ToRoot,
}

/// The plan every rank follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The pattern.
    pub pattern: Pattern,
    /// The library.
    pub via: Via,
    /// Bytes per message (at least 8 for [`Pattern::ToRoot`]: the sender and the number).
    pub bytes: u64,
    /// Round trips, or messages per sender.
    pub reps: u32,
}

/// One rank's program (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolonTransfers {
    plan: Arc<Plan>,
    done: u32,
    /// Messages still to receive (rank 0, [`Pattern::ToRoot`]).
    left: u64,
    wait: Option<ReqId>,
    receiving: bool,
    started: Option<SimTime>,
    finished: Option<SimTime>,
    /// Rank 0, [`Pattern::ToRoot`]: each sender's messages in the order received.
    arrived: Vec<Vec<u32>>,
}

impl FolonTransfers {
    /// Every rank's program for `ranks` ranks.
    pub fn programs(ranks: u32, plan: Plan) -> Vec<FolonTransfers> {
        let plan = Arc::new(plan);
        (0..ranks)
            .map(|_| FolonTransfers {
                plan: plan.clone(),
                done: 0,
                left: u64::from(ranks.saturating_sub(1)) * u64::from(plan.reps),
                wait: None,
                receiving: false,
                started: None,
                finished: None,
                arrived: vec![Vec::new(); ranks as usize],
            })
            .collect()
    }

    /// Rank 0's one-way time per message (half a round trip) of a ping-pong.
    pub fn one_way(&self) -> Option<SimTime> {
        let (s, f) = (self.started?, self.finished?);
        let halves = u64::from(self.plan.reps) * 2;
        Some(SimTime::from_ps((f - s).as_ps() / halves.max(1)))
    }

    /// Rank 0's received message numbers by sender ([`Pattern::ToRoot`]).
    pub fn arrived(&self) -> &[Vec<u32>] {
        &self.arrived
    }

    fn send(
        &self,
        ctx: &mut RankCtx<'_>,
        dst: i64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, String> {
        let bytes = self.plan.bytes;
        match self.plan.via {
            Via::Vcl => ctx.vcl_send(dst, bytes, data).map_err(|e| e.to_string()),
            Via::Fcp => ctx.fcp_send(dst, bytes, data).map_err(|e| e.to_string()),
            Via::Udp => ctx
                .socket_send(dst, Transport::Udp, bytes, data)
                .map_err(|e| e.to_string()),
            Via::Pvm => {
                let tid = ctx.pvm_tid_of(dst as u32).map_err(|e| e.to_string())?;
                let body = data.unwrap_or_else(|| vec![0; bytes as usize]);
                ctx.pvm_send(tid.0 as i32, 1, 1, body)
                    .map_err(|e| e.to_string())
            }
        }
    }

    fn recv(&self, ctx: &mut RankCtx<'_>, want: bool) -> Result<ReqId, String> {
        match self.plan.via {
            Via::Vcl => ctx
                .vcl_recv(self.plan.bytes, want)
                .map_err(|e| e.to_string()),
            Via::Fcp => ctx.fcp_recv(want).map_err(|e| e.to_string()),
            Via::Udp => ctx.socket_recv(Transport::Udp).map_err(|e| e.to_string()),
            Via::Pvm => ctx.pvm_recv(-1, -1, 0).map_err(|e| e.to_string()),
        }
    }

    /// The next call of a rank, or `None` when it is done.
    fn next(&mut self, ctx: &mut RankCtx<'_>) -> Result<Option<ReqId>, String> {
        let me = ctx.rank();
        let reps = self.plan.reps;
        match self.plan.pattern {
            Pattern::PingPong if me > 1 || ctx.size() < 2 => Ok(None),
            Pattern::PingPong => {
                if self.done == reps {
                    return Ok(None);
                }
                // Rank 0 sends first; rank 1 receives first.
                let sending = (me == 0) != self.receiving;
                self.receiving = !self.receiving;
                if me == 0 && sending && self.started.is_none() {
                    self.started = Some(ctx.now());
                }
                let req = if sending {
                    self.send(ctx, i64::from(1 - me), None)?
                } else {
                    self.recv(ctx, false)?
                };
                // A round trip is done when both halves are.
                if !self.receiving {
                    self.done += 1;
                }
                Ok(Some(req))
            }
            Pattern::ToRoot if me == 0 => {
                if self.left == 0 {
                    return Ok(None);
                }
                self.left -= 1;
                self.receiving = true;
                self.recv(ctx, true).map(Some)
            }
            Pattern::ToRoot => {
                if self.done == reps {
                    return Ok(None);
                }
                let mut data = vec![0u8; self.plan.bytes.max(8) as usize];
                data[..4].copy_from_slice(&me.to_le_bytes());
                data[4..8].copy_from_slice(&self.done.to_le_bytes());
                data.truncate(self.plan.bytes as usize);
                self.done += 1;
                self.send(ctx, 0, Some(data)).map(Some)
            }
        }
    }

    /// Continues the program.
    pub fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        loop {
            if let Some(req) = self.wait {
                match ctx.take(req) {
                    Ok(Some(done)) => {
                        self.wait = None;
                        let data = done.data;
                        if self.plan.pattern == Pattern::ToRoot
                            && ctx.rank() == 0
                            && data.len() >= 8
                        {
                            let word = |i: usize| {
                                u32::from_le_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]])
                            };
                            if let Some(v) = self.arrived.get_mut(word(0) as usize) {
                                v.push(word(4));
                            }
                        }
                    }
                    Ok(None) => return Step::Wait(req),
                    Err(e) => return Step::Fail(e.to_string()),
                }
            }
            match self.next(ctx) {
                Ok(Some(req)) => self.wait = Some(req),
                Ok(None) => {
                    self.finished = Some(ctx.now());
                    return Step::Done;
                }
                Err(e) => return Step::Fail(e),
            }
        }
    }
}
