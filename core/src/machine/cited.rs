//! A profile parameter together with where its value comes from.
//!
//! Every number in a machine profile is either taken from a paper (`source = "paper 000 Table 1"`)
//! or an assumption the papers do not give (`assume = "…why this value…"`). A parameter with
//! neither, or with both, is rejected when the profile is loaded, so no number enters a simulation
//! without its justification.

use serde::{Deserialize, Deserializer, Serialize};

/// Where a parameter's value comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Taken from a paper: the citation (paper, table or figure, section).
    Source(String),
    /// Not given by the papers: the reasoning behind the chosen value.
    Assume(String),
}

/// A value with its [`Basis`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cited<T> {
    /// The value used by the simulator.
    pub value: T,
    /// Where the value comes from.
    pub basis: Basis,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCited<T> {
    value: T,
    source: Option<String>,
    assume: Option<String>,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Cited<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawCited::<T>::deserialize(deserializer)?;
        let basis = match (raw.source, raw.assume) {
            (Some(s), None) if !s.trim().is_empty() => Basis::Source(s),
            (None, Some(a)) if !a.trim().is_empty() => Basis::Assume(a),
            (Some(_), Some(_)) => {
                return Err(serde::de::Error::custom(
                    "a parameter has either `source` (a paper citation) or `assume` (the reasoning), not both",
                ))
            }
            _ => {
                return Err(serde::de::Error::custom(
                    "every parameter needs a non-empty `source` (a paper citation) or `assume` (the reasoning for a value the papers do not give)",
                ))
            }
        };
        Ok(Cited {
            value: raw.value,
            basis,
        })
    }
}
