//! The one event enum the scheduler processes, matched exhaustively: the engine's own events and
//! a layer's (opaque to the engine, handed back to the layer that scheduled it).
//!
//! The enum is closed — `Start`, `Resume` and `Layer { layer, code, a, b }` (12 bytes) — so a new
//! protocol adds no arm here: the layer packs and unpacks its own `LayerEvent`.

use super::ids::Rank;
use super::layer::{LayerEvent, LayerId};

/// Something that happens at a point in simulated time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A rank begins its program.
    Start(Rank),
    /// A rank continues after computing or after what it waited for completed.
    Resume(Rank),
    /// One of a protocol layer's events (fields flattened so the event stays 12 bytes).
    Layer {
        /// Which layer.
        layer: LayerId,
        /// The layer's event kind.
        code: u8,
        /// First operand.
        a: u32,
        /// Second operand.
        b: u32,
    },
}

impl Event {
    /// Layer `layer`'s event `e`.
    pub(crate) fn layer(layer: LayerId, e: LayerEvent) -> Event {
        Event::Layer {
            layer,
            code: e.code,
            a: e.a,
            b: e.b,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_event_is_twelve_bytes() {
        assert_eq!(std::mem::size_of::<super::Event>(), 12);
    }
}
