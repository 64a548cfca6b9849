//! VCL and FCP as a protocol layer: the run's ranks are FCP processes (rank `r` on its node's
//! PE), each call a request the rank waits on, carried out by the [`FcpEngine`].

use super::engine::{Cost, FcpEngine, FcpError, FcpEvent};
use super::records::Side;
use super::variant::Variant;
use crate::engine::{Io, Layer, LayerFailure, Lift, Pending, Rank, ReqId};
use crate::time::SimTime;

/// VCL and FCP among the run's ranks.
#[derive(Clone, Debug, Default)]
pub struct Fcp {
    engine: FcpEngine,
}

impl Fcp {
    /// The layer, with `variant` for every FCP call.
    pub fn new(variant: Variant) -> Fcp {
        Fcp {
            engine: FcpEngine::new(variant, Lift::default()),
        }
    }

    /// The engine (its memories, placement, totals).
    pub fn engine(&self) -> &FcpEngine {
        &self.engine
    }

    /// Which FCP.
    pub fn variant(&self) -> Variant {
        self.engine.variant()
    }

    /// FCP transfers finished on `side`: how many, and their loads and stores in all.
    pub fn totals(&self, side: Side) -> (u64, u64, u64) {
        self.engine.totals(side)
    }

    /// Time the accesses took, by what they were for.
    pub fn spent(&self, cost: Cost) -> SimTime {
        self.engine.spent(cost)
    }

    fn setup(&mut self, io: &mut Io<'_>) -> Result<(), FcpError> {
        if self.engine.is_set_up() {
            return Ok(());
        }
        let procs: Vec<(u32, u32)> = (0..io.size())
            .map(|r| (io.machine_ref().node_of(r), r))
            .collect();
        self.engine.setup(io, &procs)
    }

    /// Sets up, makes `rank`'s request and starts the engine's call with it as the token.
    fn with_request(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        start: impl FnOnce(&mut FcpEngine, &mut Io<'_>, (Rank, u64)) -> Result<(), FcpError>,
    ) -> Result<ReqId, FcpError> {
        self.setup(io)?;
        let req = io.new_request(rank);
        start(&mut self.engine, io, (rank, u64::from(req.0))).map(|()| req)
    }

    /// `FCP_send(dst, data)` by `rank`: a request completed when the message is in `dst`'s
    /// buffer.
    pub fn send(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst: i64,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, FcpError> {
        self.with_request(io, rank, |e, io, who| e.send(io, who, dst, bytes, data))
    }

    /// `FCP_recv` by `rank`: a request completed with the next message's data (if
    /// `want_data`).
    pub fn recv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        want_data: bool,
    ) -> Result<ReqId, FcpError> {
        self.with_request(io, rank, |e, io, who| {
            e.recv(io, who, want_data);
            Ok(())
        })
    }

    /// VCL: `bytes` stored into `dst`'s mailbox, then its flag.
    pub fn vcl_send(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst: i64,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, FcpError> {
        self.with_request(io, rank, |e, io, who| e.vcl_send(io, who, dst, bytes, data))
    }

    /// VCL: spin on the mailbox's flag, then read `bytes` of it.
    pub fn vcl_recv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        bytes: u64,
        want_data: bool,
    ) -> Result<ReqId, FcpError> {
        self.with_request(io, rank, |e, io, who| e.vcl_recv(io, who, bytes, want_data))
    }
}

impl Layer for Fcp {
    type Event = FcpEvent;

    fn on_event(&mut self, event: FcpEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        let FcpEvent::Step(id) = event;
        match self.engine.step(io, id) {
            Ok(Some(done)) => {
                let req = ReqId(done.token as u32);
                if let Some(d) = done.data {
                    io.set_data(req, d);
                }
                let owner = io.complete(req);
                io.wake(owner);
                Ok(())
            }
            Ok(None) => Ok(()),
            Err((rank, message)) => Err(LayerFailure { rank, message }),
        }
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        let (what, on) = self.engine.describe(u64::from(req.0))?;
        Some(Pending {
            what: format!("{req}: {}", what.replace("process", "rank")),
            on,
        })
    }

    fn heap_bytes(&self) -> usize {
        self.engine.heap_bytes()
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <super::records::FcpRecord as crate::trace::RecordCodec>::KINDS
    }
}
