//! The schedules page's address (`#schedule=gather&n=16&step=5`, an edge list packed into
//! `&edges=…`): what it shows, so a link opens the same pattern at the same turn of Algorithm 1.
//! Pure: parsed and written here, read by the route and written back by the page.

/// What the schedules page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduleQuery {
    /// A named pattern of core's (`gather`, `sf-2`, `random:0.3`…) or `edges`.
    pub pattern: String,
    /// Number of PEs.
    pub n: u32,
    /// The edge list when `pattern` is `edges` (one `p q` per line).
    pub edges: String,
    /// How many turns of Algorithm 1 are shown (`None`: all of them).
    pub step: Option<usize>,
    /// The delay slot δ of a run on the switch, in µs.
    pub delta_us: u32,
}

/// The largest n the page draws (its grids have n rows and about n columns).
pub const MAX_N: u32 = 64;

/// The largest delay slot the page runs, in µs.
pub const MAX_DELTA_US: u32 = 10_000;

impl Default for ScheduleQuery {
    fn default() -> Self {
        ScheduleQuery {
            pattern: "gather".into(),
            n: 8,
            edges: "1 0\n2 0\n3 0\n0 1\n2 1\n".into(),
            step: None,
            delta_us: 400,
        }
    }
}

impl ScheduleQuery {
    /// The query a fragment names, if it is the schedules page's (`#schedule…`).
    pub fn of(fragment: &str) -> Option<ScheduleQuery> {
        let mut parts = fragment.trim_start_matches('#').split('&');
        let head = parts.next()?;
        let mut q = ScheduleQuery::default();
        match head.split_once('=') {
            Some(("schedule", p)) if !p.is_empty() => {
                q.pattern = crate::url::percent_decode(p).ok()?
            }
            None if head == "schedule" => {}
            _ => return None,
        }
        for part in parts {
            match part.split_once('=') {
                Some(("n", v)) => {
                    if let Ok(n) = v.parse::<u32>() {
                        q.n = n.clamp(2, MAX_N);
                    }
                }
                Some(("step", v)) => q.step = v.parse().ok(),
                Some(("delta", v)) => {
                    if let Ok(d) = v.parse::<u32>() {
                        q.delta_us = d.min(MAX_DELTA_US);
                    }
                }
                Some(("edges", v)) => {
                    if let Ok(text) = crate::url::unpack_text(v) {
                        q.edges = text;
                    }
                }
                _ => {}
            }
        }
        Some(q)
    }

    /// The fragment for it (without `#`).
    pub fn to_fragment(&self) -> String {
        let mut f = format!(
            "schedule={}&n={}",
            crate::url::percent_encode(&self.pattern),
            self.n
        );
        if self.pattern == "edges" {
            f.push_str("&edges=");
            f.push_str(&crate::url::pack_text(&self.edges));
        }
        if let Some(s) = self.step {
            f.push_str(&format!("&step={s}"));
        }
        if self.delta_us != ScheduleQuery::default().delta_us {
            f.push_str(&format!("&delta={}", self.delta_us));
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_survives_its_fragment() {
        for q in [
            ScheduleQuery::default(),
            ScheduleQuery {
                pattern: "sf-2".into(),
                n: 64,
                step: Some(17),
                delta_us: 250,
                ..ScheduleQuery::default()
            },
            ScheduleQuery {
                pattern: "edges".into(),
                n: 5,
                edges: "# mine\n1 0\n4 0\n".into(),
                step: None,
                delta_us: 400,
            },
        ] {
            assert_eq!(ScheduleQuery::of(&format!("#{}", q.to_fragment())), Some(q));
        }
        assert_eq!(
            ScheduleQuery::of("#schedule"),
            Some(ScheduleQuery::default())
        );
        assert_eq!(
            ScheduleQuery::of("#schedule=gather&n=999").unwrap().n,
            MAX_N
        );
        assert_eq!(ScheduleQuery::of("#lessons"), None);
        assert_eq!(ScheduleQuery::of("#paper=002"), None);
    }
}
