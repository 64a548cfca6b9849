//! A tiny scripted program for engine tests: a list of operations run in order.

use rankscope_core::engine::{Program, RankCtx, ReqId, Step};
use rankscope_core::proto::p2p::PointToPoint;
use rankscope_core::proto::p2p::{Source, TagSel};
use rankscope_core::time::SimTime;

/// One scripted operation.
#[derive(Clone, Debug)]
pub enum Op {
    Send {
        dst: i64,
        tag: i32,
        bytes: u64,
    },
    Recv {
        src: Option<u32>,
        tag: Option<i32>,
        cap: u64,
    },
    WaitAll,
    Compute(u64),
    Fail(&'static str),
    WaitBogus,
}

/// A rank running a fixed list of operations; it records the statuses it received.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub ops: Vec<Op>,
    pub next: usize,
    pub pending: Vec<ReqId>,
    pub received: Vec<(u32, i32, u64)>,
}

impl Script {
    pub fn new(ops: Vec<Op>) -> Self {
        Script {
            ops,
            ..Default::default()
        }
    }
}

impl Program for Script {
    fn resume(&mut self, ctx: &mut RankCtx<'_>) -> Step {
        loop {
            let Some(op) = self.ops.get(self.next).cloned() else {
                return Step::Done;
            };
            self.next += 1;
            match op {
                Op::Send { dst, tag, bytes } => {
                    match ctx.isend(dst, tag, bytes, vec![7; bytes as usize]) {
                        Ok(r) => self.pending.push(r),
                        Err(e) => return Step::Fail(e.to_string()),
                    }
                }
                Op::Recv { src, tag, cap } => {
                    let src = src.map_or(Source::Any, Source::Rank);
                    let tag = tag.map_or(TagSel::Any, TagSel::Tag);
                    match ctx.irecv(src, tag, cap) {
                        Ok(r) => self.pending.push(r),
                        Err(e) => return Step::Fail(e.to_string()),
                    }
                }
                Op::WaitAll => {
                    let all: Vec<ReqId> = self.pending.clone();
                    if all.iter().all(|r| ctx.is_complete(*r).unwrap_or(true)) {
                        for r in std::mem::take(&mut self.pending) {
                            if let Ok(Some(c)) = ctx.take_received(r) {
                                if let Some(s) = c.status {
                                    self.received.push((s.source, s.tag, s.bytes));
                                }
                            }
                        }
                        continue;
                    }
                    self.next -= 1; // come back here once they completed
                    return Step::WaitAll(all);
                }
                Op::Compute(us) => return Step::Compute(SimTime::from_us(us)),
                Op::Fail(m) => return Step::Fail(m.to_string()),
                Op::WaitBogus => return Step::Wait(ReqId(9999)),
            }
        }
    }

    fn blocked_at(&self) -> Option<String> {
        Some(format!("script step {}", self.next + 1))
    }
}
