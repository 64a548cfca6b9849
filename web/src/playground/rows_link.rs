//! The timeline's rows as a share link and the autosave carry them: the rank filter as typed,
//! the group size and the row height (vertical zoom). In a link they are readable parts after
//! the program (`&rows=0-7%2C%2012&group=8&rowzoom=1`, editable by hand); the autosave keeps
//! them in its JSON. A value a link cannot mean is said in a plain sentence and the link opens
//! with every rank shown. Pure, tested natively.
//!
//! A restored one comes back through `TimelineProps::rows`, applied when it differs from what the
//! timeline last reported. A part that cannot be read (`ShareState::rows_problem`) or a filter that
//! does not fit the run ([`RowsShare::check`]) is said in the link's error line.

use serde::{Deserialize, Serialize};

use crate::playground::rank_filter::{self, RankFilter};
use crate::playground::timeline_rows::{RowsSpec, ZOOM_RANGE};

/// The group sizes the timeline offers (0: no groups).
pub const GROUPS: [u32; 5] = [0, 4, 8, 16, 32];

/// The timeline's rows as remembered and shared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowsShare {
    /// The rank filter as typed ("0-7, 12"; empty: every rank).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub filter: String,
    /// Ranks per group row (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub group: u32,
    /// Vertical zoom step (row height × 2^zoom).
    #[serde(default, skip_serializing_if = "is_zero_i")]
    pub zoom: i32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_i(n: &i32) -> bool {
    *n == 0
}

impl RowsShare {
    /// What the timeline's current rows amount to.
    pub fn of(spec: &RowsSpec) -> RowsShare {
        RowsShare {
            filter: spec
                .filter
                .as_ref()
                .map(|f| f.text().to_string())
                .unwrap_or_default(),
            group: spec.group,
            zoom: spec.zoom,
        }
    }

    /// Whether these are the timeline's usual rows (nothing to carry).
    pub fn is_default(&self) -> bool {
        *self == RowsShare::default()
    }

    /// The filter read for a run of `ranks` ranks (`Ok(None)`: every rank), or why it cannot be.
    pub fn check(&self, ranks: u32) -> Result<Option<RankFilter>, String> {
        if !GROUPS.contains(&self.group) {
            return Err(format!(
                "group={} is not a group size the timeline offers (4, 8, 16 or 32)",
                self.group
            ));
        }
        if !(ZOOM_RANGE.0..=ZOOM_RANGE.1).contains(&self.zoom) {
            return Err(format!(
                "rowzoom={} is outside the row heights the timeline has ({} to {})",
                self.zoom, ZOOM_RANGE.0, ZOOM_RANGE.1
            ));
        }
        rank_filter::parse(&self.filter, ranks).map_err(|e| format!("rows={}: {e}", self.filter))
    }

    /// What a run of `ranks` ranks carries: these rows, or the usual ones when the timeline has
    /// no row tools for so few ranks (8 or fewer) or they do not fit the run.
    pub fn for_ranks(&self, ranks: u32) -> RowsShare {
        if ranks > 8 && self.check(ranks).is_ok() {
            self.clone()
        } else {
            RowsShare::default()
        }
    }

    /// The timeline's rows for a run of `ranks` ranks (a filter that does not fit: every rank).
    pub fn spec(&self, ranks: u32) -> RowsSpec {
        RowsSpec {
            filter: rank_filter::parse(&self.filter, ranks).ok().flatten(),
            group: if GROUPS.contains(&self.group) {
                self.group
            } else {
                0
            },
            zoom: self.zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1),
            ..RowsSpec::default()
        }
    }

    /// The link parts (each with its leading `&`; empty for the usual rows).
    pub fn parts(&self) -> String {
        let mut out = String::new();
        if !self.filter.is_empty() {
            out.push_str("&rows=");
            out.push_str(&crate::url::percent_encode(&self.filter));
        }
        if self.group != 0 {
            out.push_str(&format!("&group={}", self.group));
        }
        if self.zoom != 0 {
            out.push_str(&format!("&rowzoom={}", self.zoom));
        }
        out
    }

    /// The rows a link's parts (`rows=`, `group=`, `rowzoom=`; the others ignored) give, or why
    /// they cannot be read. Whether they fit the run is [`RowsShare::check`]'s question.
    pub fn from_parts<'a>(
        parts: impl Iterator<Item = &'a str> + Clone,
    ) -> Result<RowsShare, String> {
        let find = |name: &str| parts.clone().find_map(|p| p.strip_prefix(name));
        let mut rows = RowsShare::default();
        if let Some(text) = find("rows=") {
            rows.filter = crate::url::percent_decode(text)
                .map_err(|e| format!("rows={text}: {e}"))?
                .trim()
                .to_string();
        }
        if let Some(text) = find("group=") {
            rows.group = text.parse().map_err(|_| {
                format!("group={text} is not a group size the timeline offers (4, 8, 16 or 32)")
            })?;
        }
        if let Some(text) = find("rowzoom=") {
            rows.zoom = text.parse().map_err(|_| {
                format!(
                    "rowzoom={text} is not a whole number of row-height steps ({} to {})",
                    ZOOM_RANGE.0, ZOOM_RANGE.1
                )
            })?;
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(link: &str) -> Result<RowsShare, String> {
        RowsShare::from_parts(link.split('&'))
    }

    #[test]
    fn rows_round_trip_through_link_parts() {
        let rows = RowsShare {
            filter: "0-7, 12".into(),
            group: 8,
            zoom: 2,
        };
        assert_eq!(rows.parts(), "&rows=0-7%2C%2012&group=8&rowzoom=2");
        assert_eq!(parts(&format!("s=abc{}", rows.parts())), Ok(rows.clone()));
        assert_eq!(RowsShare::default().parts(), "");
        assert_eq!(parts("s=abc&args=1"), Ok(RowsShare::default()));
        // Hand-written, with ± and a space.
        assert_eq!(parts("rows=5±1").unwrap().filter, "5±1");
        assert_eq!(parts("rows=5%C2%B11").unwrap().filter, "5±1");
        // What the timeline draws for it.
        let spec = rows.spec(64);
        assert_eq!(spec.filter.as_ref().map(|f| f.ranks().len()), Some(9));
        assert_eq!((spec.group, spec.zoom), (8, 2));
        assert_eq!(RowsShare::of(&spec), rows);
    }

    #[test]
    fn bad_values_are_plain_messages() {
        assert!(parts("group=five").unwrap_err().contains("group=five"));
        assert!(parts("rowzoom=x").unwrap_err().contains("whole number"));
        assert!(parts("rows=%zz").unwrap_err().contains("hexadecimal"));
        let bad = |rows: RowsShare| rows.check(64).unwrap_err();
        assert!(bad(RowsShare {
            group: 5,
            ..RowsShare::default()
        })
        .contains("4, 8, 16 or 32"));
        assert!(bad(RowsShare {
            zoom: 9,
            ..RowsShare::default()
        })
        .contains("-2 to 5"));
        assert_eq!(
            bad(RowsShare {
                filter: "70".into(),
                ..RowsShare::default()
            }),
            "rows=70: rank 70 is not in this run (ranks 0–63)"
        );
        // A spec never takes a bad value.
        let spec = RowsShare {
            filter: "abc".into(),
            group: 5,
            zoom: 99,
        }
        .spec(64);
        assert_eq!(
            (spec.filter, spec.group, spec.zoom),
            (None, 0, ZOOM_RANGE.1)
        );
    }

    #[test]
    fn few_ranks_or_rows_that_do_not_fit_are_not_carried() {
        let rows = RowsShare {
            filter: "0-7".into(),
            ..RowsShare::default()
        };
        assert_eq!(rows.for_ranks(64), rows);
        assert!(rows.for_ranks(4).is_default(), "no row tools for 4 ranks");
        assert!(RowsShare {
            filter: "40".into(),
            ..RowsShare::default()
        }
        .for_ranks(16)
        .is_default());
        // The autosave's JSON leaves the usual rows out.
        assert_eq!(serde_json::to_string(&RowsShare::default()).unwrap(), "{}");
        let back: RowsShare = serde_json::from_str(&serde_json::to_string(&rows).unwrap()).unwrap();
        assert_eq!(back, rows);
    }

    #[test]
    fn a_link_with_rows_opens_filtered_and_a_bad_one_says_why() {
        use crate::state::{Action, State};
        let s = State::default()
            .reduce(Action::SelectProfile("fx100".into()))
            .reduce(Action::SetRanks(64))
            .reduce(Action::SetTimelineRows(RowsShare {
                filter: "0-7".into(),
                group: 0,
                zoom: 1,
            }));
        let link = crate::url::encode(&s.share_state());
        assert!(link.contains("&rows=0-7&rowzoom=1"), "{link}");
        let opened = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert_eq!(opened.timeline_rows, s.timeline_rows);
        assert_eq!(opened.link_error, None);
        // A rank past the run, or a part that is not a number: the link opens, every rank
        // shown, and the page says why.
        for (bad, says) in [
            (
                link.replace("rows=0-7", "rows=0-70"),
                "rank 70 is not in this run",
            ),
            (link.replace("rowzoom=1", "rowzoom=big"), "rowzoom=big"),
        ] {
            let opened = State::default().reduce(Action::Restore(crate::url::decode(&bad)));
            assert!(opened.timeline_rows.is_default());
            assert_eq!(opened.ranks, 64, "the rest of the link still opens");
            let e = opened.link_error.unwrap();
            assert!(e.contains(says) && e.contains("every rank"), "{e}");
        }
    }
}
