//! UDP and TCP as a protocol layer: the run's ranks as processes on their nodes' hosts, each
//! call a request the rank waits on, carried out by the [`SocketEngine`].

use super::engine::{SocketEngine, SocketError, SocketEvent};
use super::records::Transport;
use crate::engine::{Delivery, Io, Layer, LayerFailure, Lift, Pending, Rank, ReqId};

/// UDP and TCP among the run's ranks.
#[derive(Clone, Debug, Default)]
pub struct Sockets {
    engine: SocketEngine,
}

impl Sockets {
    /// The layer.
    pub fn new() -> Sockets {
        Sockets {
            engine: SocketEngine::new(Lift::default()),
        }
    }

    /// The engine.
    pub fn engine(&self) -> &SocketEngine {
        &self.engine
    }

    fn setup(&mut self, io: &mut Io<'_>) {
        if !self.engine.is_set_up() {
            let procs: Vec<(u32, u32)> = (0..io.size())
                .map(|r| (io.machine_ref().node_of(r), r))
                .collect();
            self.engine.setup(&procs);
        }
    }

    /// A send by `rank` to `dst`: a request completed when its last packet is handed to the
    /// adapter.
    pub fn send(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        dst: i64,
        transport: Transport,
        bytes: u64,
        data: Option<Vec<u8>>,
    ) -> Result<ReqId, SocketError> {
        self.setup(io);
        let req = io.new_request(rank);
        self.engine
            .send(io, (rank, u64::from(req.0)), dst, transport, bytes, data)
            .map(|()| req)
    }

    /// A receive by `rank` of the next message from anyone: a request completed with its data.
    pub fn recv(
        &mut self,
        io: &mut Io<'_>,
        rank: Rank,
        transport: Transport,
    ) -> Result<ReqId, SocketError> {
        self.setup(io);
        let req = io.new_request(rank);
        self.engine
            .recv(io, (rank, u64::from(req.0)), None, transport)
            .map(|()| req)
    }
}

impl Layer for Sockets {
    type Event = SocketEvent;

    fn on_event(&mut self, event: SocketEvent, io: &mut Io<'_>) -> Result<(), LayerFailure> {
        match self.engine.on_event(io, event) {
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
            Err(message) => Err(LayerFailure { rank: 0, message }),
        }
    }

    /// A message reaching another rank: the network may land racing ones in another order.
    fn delivery(&self, event: SocketEvent) -> Option<Delivery> {
        self.engine
            .delivery(event)
            .map(|(from, to)| Delivery { from, to })
    }

    fn describe_delivery(&self, event: SocketEvent) -> String {
        self.engine.describe_delivery(event)
    }

    fn pending(&self, req: ReqId) -> Option<Pending> {
        let what = self.engine.describe(u64::from(req.0))?;
        Some(Pending {
            what: format!("{req}: {}", what.replace("process", "rank")),
            on: None,
        })
    }

    fn heap_bytes(&self) -> usize {
        self.engine.heap_bytes()
    }

    fn record_kinds(&self) -> &'static [&'static str] {
        <super::records::SocketRecord as crate::trace::RecordCodec>::KINDS
    }
}
