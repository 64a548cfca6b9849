//! Which point-to-point protocol a run uses: the default eager protocol, or one of MPI-EMX's six
//! matching engines (paper 000): matching on the receiver only or on both sides, each with the
//! `sync`, `get` or `buffered` protocol. The protocols themselves are in [`super::eager`] and
//! [`super::emx`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How a receiver-side match moves the data (paper 000 Sec. 3, Figs. 2–5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// The receiver pulls the data by remote read once the receive is posted; the send completes
    /// only then (synchronous mode, Figs. 2–3).
    Sync,
    /// Like sync when the receive is posted; otherwise the receiver pulls the data into a
    /// temporary buffer at once, so the send completes early (Fig. 5, MPICH's get protocol).
    Get,
    /// The sender first writes the data into a temporary buffer at the receiver, then sends the
    /// request; the receiver copies it out when the receive matches (Fig. 4).
    Buffered,
}

/// The point-to-point engine of a run.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Matching {
    /// Data travels at once; the receiver matches arrivals (any machine's default).
    #[default]
    Eager,
    /// Send requests matched at the receiver only (paper 000 Sec. 3).
    ReceiverOnly(Protocol),
    /// Receive requests also go to the sender's associative memory, so a sender that finds one
    /// sends the data one-sidedly by remote write (paper 000 Sec. 4).
    BothSides(Protocol),
}

/// Every engine, in the order of paper 000's tables (both sides, then receiver only; buffered,
/// get, sync), after the eager default.
pub const ENGINES: [Matching; 7] = [
    Matching::Eager,
    Matching::BothSides(Protocol::Buffered),
    Matching::BothSides(Protocol::Get),
    Matching::BothSides(Protocol::Sync),
    Matching::ReceiverOnly(Protocol::Buffered),
    Matching::ReceiverOnly(Protocol::Get),
    Matching::ReceiverOnly(Protocol::Sync),
];

impl Matching {
    /// The protocol of a request-based engine (`None` for eager).
    pub fn protocol(self) -> Option<Protocol> {
        match self {
            Matching::Eager => None,
            Matching::ReceiverOnly(p) | Matching::BothSides(p) => Some(p),
        }
    }

    /// Whether receive requests go to the sender (one-sided send possible).
    pub fn both_sides(self) -> bool {
        matches!(self, Matching::BothSides(_))
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Sync => "sync",
            Protocol::Get => "get",
            Protocol::Buffered => "buffered",
        })
    }
}

impl fmt::Display for Matching {
    /// `eager`, `receiver-only:sync`, `both-sides:buffered`, … (what [`Matching::from_str`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Matching::Eager => f.write_str("eager"),
            Matching::ReceiverOnly(p) => write!(f, "receiver-only:{p}"),
            Matching::BothSides(p) => write!(f, "both-sides:{p}"),
        }
    }
}

impl FromStr for Matching {
    type Err = String;
    fn from_str(s: &str) -> Result<Matching, String> {
        ENGINES
            .into_iter()
            .find(|m| m.to_string() == s.trim())
            .ok_or_else(|| {
                let names: Vec<String> = ENGINES.iter().map(ToString::to_string).collect();
                format!(
                    "unknown matching engine {s:?}; choose one of: {}",
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for m in ENGINES {
            assert_eq!(m.to_string().parse::<Matching>(), Ok(m));
        }
        let e = "both-sides:fast".parse::<Matching>().unwrap_err();
        assert!(e.contains("receiver-only:get"), "{e}");
    }
}
