//! Communication patterns (paper 002 §3.1, §6): who sends one message to whom. The paper's
//! regular and irregular patterns, Barabási–Albert scale-free neighbour exchange (Table 4),
//! random patterns of a given density, and any edge list a user writes, with errors naming
//! the line.

use std::fmt;

use crate::engine::Rank;
use crate::rng::SplitMix64;

/// The most PEs a pattern may have (the schedulers keep an `n × n` bit table).
pub const MAX_PES: u32 = 8192;

/// A simple digraph on `n` PEs: `targets[p]` are the PEs `p` sends one message to, ascending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Its name ("gather", "sf-2", "edges from FILE").
    pub name: String,
    /// Number of PEs.
    pub n: u32,
    /// Each PE's targets, ascending, without repeats or itself.
    pub targets: Vec<Vec<Rank>>,
}

/// Why a pattern could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    /// The 1-based line of an edge list, if the error is on one.
    pub line: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for PatternError {}

fn plain(message: impl Into<String>) -> PatternError {
    PatternError {
        line: None,
        message: message.into(),
    }
}

/// Table 4's scale-free patterns at n = 64: `(name, m0 = m)`.
pub const SCALE_FREE: [(&str, u32); 5] = [
    ("sf-1", 4),
    ("sf-2", 7),
    ("sf-3", 12),
    ("sf-4", 17),
    ("sf-5", 28),
];

/// The seed of the scale-free and random patterns (paper 002 gives none; any seed gives the
/// densities of eq. 19, which depend only on `n`, `m0` and `m`).
pub const SEED: u64 = 2002;

/// The named patterns, for help texts.
pub const NAMES: &[&str] = &[
    "scatter",
    "gather",
    "alltoall",
    "triangle",
    "sf-1",
    "sf-2",
    "sf-3",
    "sf-4",
    "sf-5",
    "random:D (density D between 0 and 1)",
];

impl Pattern {
    fn check_n(n: u32) -> Result<(), PatternError> {
        if n < 2 {
            return Err(plain(format!("a pattern needs at least 2 PEs, not {n}")));
        }
        if n > MAX_PES {
            return Err(plain(format!("at most {MAX_PES} PEs, not {n}")));
        }
        Ok(())
    }

    fn from_fn(
        name: &str,
        n: u32,
        f: impl Fn(Rank, Rank) -> bool,
    ) -> Result<Pattern, PatternError> {
        Self::check_n(n)?;
        Ok(Pattern {
            name: name.to_string(),
            n,
            targets: (0..n)
                .map(|p| (0..n).filter(|&q| q != p && f(p, q)).collect())
                .collect(),
        })
    }

    /// A pattern by name: `scatter` (PE 0 to all), `gather` (all to PE 0), `alltoall`,
    /// `triangle` (each PE to every lower rank), `sf-1`…`sf-5` (Table 4's scale-free
    /// neighbour exchange), `random:D` (density `D`).
    pub fn named(name: &str, n: u32) -> Result<Pattern, PatternError> {
        match name {
            "scatter" => Self::from_fn(name, n, |p, _| p == 0),
            "gather" => Self::from_fn(name, n, |_, q| q == 0),
            "alltoall" => Self::from_fn(name, n, |_, _| true),
            "triangle" => Self::from_fn(name, n, |p, q| q < p),
            _ => {
                if let Some((_, m)) = SCALE_FREE.iter().find(|(s, _)| *s == name) {
                    return Self::scale_free(name, n, *m, *m, SEED);
                }
                if let Some(d) = name.strip_prefix("random:") {
                    let density: f64 = d.parse().map_err(|_| {
                        plain(format!(
                            "random:D takes a density D between 0 and 1, not \"{d}\""
                        ))
                    })?;
                    return Self::random(n, density, SEED);
                }
                Err(plain(format!(
                    "unknown pattern \"{name}\"; the patterns are {}, or --edges FILE",
                    NAMES.join(", ")
                )))
            }
        }
    }

    /// Barabási–Albert neighbour exchange as paper 002 builds it (§6.3): `m0` initial vertices
    /// with no edges, then each new vertex links to `m` distinct existing vertices chosen with
    /// probability proportional to their degree (the first new vertex, when every degree is
    /// still 0, uniformly); linked PEs send to each other. Its density is eq. 19,
    /// `2·(n − m0)·m / (n·(n − 1))`.
    pub fn scale_free(
        name: &str,
        n: u32,
        m0: u32,
        m: u32,
        seed: u64,
    ) -> Result<Pattern, PatternError> {
        Self::check_n(n)?;
        if m == 0 || m > m0 || m0 >= n {
            return Err(plain(format!(
                "a scale-free pattern needs 1 ≤ m ≤ m0 < n (m = {m}, m0 = {m0}, n = {n})"
            )));
        }
        let mut rng = SplitMix64::new(seed);
        let mut links: Vec<Vec<Rank>> = vec![Vec::new(); n as usize];
        // Every edge's two ends: a uniform pick from it is a pick proportional to degree.
        let mut ends: Vec<Rank> = Vec::new();
        for v in m0..n {
            let mut picked: Vec<Rank> = Vec::with_capacity(m as usize);
            while picked.len() < m as usize {
                let u = if ends.is_empty() {
                    rng.below(u64::from(v)) as Rank
                } else {
                    ends[rng.below(ends.len() as u64) as usize]
                };
                if !picked.contains(&u) {
                    picked.push(u);
                }
            }
            for u in picked {
                links[v as usize].push(u);
                links[u as usize].push(v);
                ends.extend([u, v]);
            }
        }
        for l in &mut links {
            l.sort_unstable();
        }
        Ok(Pattern {
            name: name.to_string(),
            n,
            targets: links,
        })
    }

    /// `round(D·n·(n − 1))` sends drawn without repeats from all ordered pairs (seeded).
    pub fn random(n: u32, density: f64, seed: u64) -> Result<Pattern, PatternError> {
        Self::check_n(n)?;
        if !(0.0..=1.0).contains(&density) {
            return Err(plain(format!(
                "a density is between 0 and 1, not {density}"
            )));
        }
        let pairs = u64::from(n) * u64::from(n - 1);
        let want = (density * pairs as f64).round() as u64;
        let mut rng = SplitMix64::new(seed);
        // A partial Fisher–Yates shuffle of the pair indices.
        let mut index: Vec<u64> = (0..pairs).collect();
        for i in 0..want as usize {
            let j = i + rng.below(pairs - i as u64) as usize;
            index.swap(i, j);
        }
        let mut targets: Vec<Vec<Rank>> = vec![Vec::new(); n as usize];
        for &k in &index[..want as usize] {
            let p = (k / u64::from(n - 1)) as Rank;
            let r = (k % u64::from(n - 1)) as Rank;
            targets[p as usize].push(if r >= p { r + 1 } else { r });
        }
        for t in &mut targets {
            t.sort_unstable();
        }
        Ok(Pattern {
            name: format!("random:{density}"),
            n,
            targets,
        })
    }

    /// An edge list: one `p q` per line (PE `p` sends once to PE `q`); blank lines and `#`
    /// comments are skipped. `n`: the number of PEs, or (`None`) one more than the largest rank.
    pub fn from_edges(name: &str, text: &str, n: Option<u32>) -> Result<Pattern, PatternError> {
        let at = |line: usize, message: String| PatternError {
            line: Some(line),
            message,
        };
        let mut edges: Vec<(Rank, Rank, usize)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or_default().trim();
            if body.is_empty() {
                continue;
            }
            let words: Vec<&str> = body.split_whitespace().collect();
            let [p, q] = words[..] else {
                return Err(at(
                    line,
                    format!(
                        "\"{body}\" is not an edge: write two ranks, \"p q\" (p sends once to q)"
                    ),
                ));
            };
            let rank = |w: &str| {
                w.parse::<Rank>().map_err(|_| {
                    at(
                        line,
                        format!("\"{w}\" is not a rank (a whole number from 0)"),
                    )
                })
            };
            let (p, q) = (rank(p)?, rank(q)?);
            if p == q {
                return Err(at(
                    line,
                    format!("{p} {q} is a self-edge: a PE does not send to itself"),
                ));
            }
            if let Some(n) = n {
                if p >= n || q >= n {
                    return Err(at(line, format!("rank {} is not below n = {n}", p.max(q))));
                }
            }
            if let Some(&(_, _, first)) = edges.iter().find(|&&(a, b, _)| (a, b) == (p, q)) {
                return Err(at(
                    line,
                    format!("{p} {q} repeats line {first}: p sends to q once"),
                ));
            }
            edges.push((p, q, line));
        }
        if edges.is_empty() {
            return Err(plain("the edge list has no edges"));
        }
        let n = n.unwrap_or_else(|| edges.iter().map(|&(p, q, _)| p.max(q)).max().unwrap_or(0) + 1);
        Self::check_n(n)?;
        let mut targets: Vec<Vec<Rank>> = vec![Vec::new(); n as usize];
        for (p, q, _) in edges {
            targets[p as usize].push(q);
        }
        for t in &mut targets {
            t.sort_unstable();
        }
        Ok(Pattern {
            name: name.to_string(),
            n,
            targets,
        })
    }

    /// Number of sends `|A|`.
    pub fn sends(&self) -> usize {
        self.targets.iter().map(Vec::len).sum()
    }

    /// Density `|A| / (n·(n − 1))` (eq. 18).
    pub fn density(&self) -> f64 {
        self.sends() as f64 / (f64::from(self.n) * f64::from(self.n - 1))
    }

    /// Whether every PE sends and receives the same number of messages (eq. 2).
    pub fn is_regular(&self) -> bool {
        let mut inn = vec![0usize; self.n as usize];
        for t in &self.targets {
            for &q in t {
                inn[q as usize] += 1;
            }
        }
        let k = self.targets[0].len();
        self.targets.iter().all(|t| t.len() == k) && inn.iter().all(|&d| d == k)
    }

    /// Whether `p` sends to `q`.
    pub fn has(&self, p: Rank, q: Rank) -> bool {
        self.targets[p as usize].binary_search(&q).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_patterns_have_their_sends_and_table_4s_densities() {
        let n = 64;
        assert_eq!(Pattern::named("gather", n).unwrap().sends(), 63);
        assert_eq!(Pattern::named("scatter", n).unwrap().sends(), 63);
        assert_eq!(Pattern::named("alltoall", n).unwrap().sends(), 64 * 63);
        assert_eq!(Pattern::named("triangle", n).unwrap().sends(), 64 * 63 / 2);
        assert!(Pattern::named("alltoall", n).unwrap().is_regular());
        assert!(!Pattern::named("gather", n).unwrap().is_regular());
        // Table 4: D = 0.12, 0.20, 0.31, 0.40, 0.50 (eq. 19).
        let densities: Vec<f64> = SCALE_FREE
            .iter()
            .map(|(s, _)| (Pattern::named(s, n).unwrap().density() * 100.0).round() / 100.0)
            .collect();
        assert_eq!(densities, [0.12, 0.20, 0.31, 0.40, 0.50]);
        let sf = Pattern::named("sf-2", n).unwrap();
        for p in 0..n {
            for &q in &sf.targets[p as usize] {
                assert!(sf.has(q, p), "neighbours exchange both ways");
            }
        }
        assert!((Pattern::named("random:0.25", n).unwrap().density() - 0.25).abs() < 0.001);
    }

    #[test]
    fn a_bad_edge_list_names_its_line() {
        let e = |text: &str, n| Pattern::from_edges("t", text, n).unwrap_err().to_string();
        assert_eq!(
            e("0 1\n2 2\n", None),
            "line 2: 2 2 is a self-edge: a PE does not send to itself"
        );
        assert_eq!(
            e("0 1\n# c\n0 9\n", Some(4)),
            "line 3: rank 9 is not below n = 4"
        );
        assert_eq!(
            e("0 1\n1 x\n", None),
            "line 2: \"x\" is not a rank (a whole number from 0)"
        );
        assert_eq!(
            e("0 1 2\n", None),
            "line 1: \"0 1 2\" is not an edge: write two ranks, \"p q\" (p sends once to q)"
        );
        assert_eq!(
            e("0 1\n\n0 1\n", None),
            "line 3: 0 1 repeats line 1: p sends to q once"
        );
        let p = Pattern::from_edges("t", "# incast\n1 0\n2 0 # two into one\n", None).unwrap();
        assert_eq!((p.n, p.sends()), (3, 2));
    }
}
