//! The timeline's rank filter as typed ("0–7", "0-7,12", "5±1", "5 and its neighbours", "all"):
//! parsed into the ranks to show, or a plain message saying what could not be read (shown under
//! the field). Pure; the timeline draws only the rows it keeps.

use std::collections::BTreeSet;

/// The ranks a filter keeps, in order (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankFilter {
    ranks: Vec<u32>,
    /// The text it was read from, trimmed (what a share link carries).
    text: String,
}

impl RankFilter {
    /// The text it was read from, trimmed ("0-7, 12").
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The kept ranks, ascending.
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }

    /// Whether `rank` is kept.
    pub fn keeps(&self, rank: u32) -> bool {
        self.ranks.binary_search(&rank).is_ok()
    }
}

/// What the field's text means for a run of `ranks` ranks: `Ok(None)` shows every rank (an empty
/// field or "all"), `Ok(Some(filter))` the ranks it names, `Err` a message for the field.
///
/// Parts are separated by commas (or spaces); each is a rank `5`, a range `0-7` (also `0–7`,
/// `0—7`, `0..7`, `0 to 7`), or a rank and its neighbours: `5±1`, `5+-2`, `5 and its neighbours`
/// (one on each side; "neighbors" too). Neighbours past the first or last rank are left out.
pub fn parse(text: &str, ranks: u32) -> Result<Option<RankFilter>, String> {
    let text = text.trim();
    if text.is_empty() || text.eq_ignore_ascii_case("all") {
        return Ok(None);
    }
    if ranks == 0 {
        return Err("the run has no ranks yet".into());
    }
    let last = ranks - 1;
    let normalized = text
        .to_lowercase()
        .replace(['–', '—', '−'], "-")
        .replace("+/-", "±")
        .replace("+-", "±")
        .replace("..", "-")
        .replace(" to ", "-")
        .replace("and its neighbours", "±1")
        .replace("and its neighbors", "±1")
        .replace("and neighbours", "±1")
        .replace("and neighbors", "±1")
        .replace("ranks", "")
        .replace("rank", "");
    let mut kept = BTreeSet::new();
    for part in normalized
        .split([',', ';'])
        .flat_map(|p| split_words(p.trim()))
    {
        let (lo, hi) = part_range(&part, last)?;
        kept.extend(lo..=hi);
    }
    if kept.is_empty() {
        return Err(format!(
            "\"{text}\" names no rank: write ranks like 0-7, 12 or 5±1"
        ));
    }
    Ok(Some(RankFilter {
        ranks: kept.into_iter().collect(),
        text: text.to_string(),
    }))
}

/// Splits a part at spaces between whole items ("0 3 5-7"), keeping "5 - 7" and "5 ± 1" together.
fn split_words(part: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut joining = false;
    for word in part.split_whitespace() {
        let starts_op = word.starts_with(['-', '±']);
        match out.last_mut() {
            Some(prev) if joining || starts_op => prev.push_str(word),
            _ => out.push(word.to_string()),
        }
        joining = word.ends_with(['-', '±']);
    }
    out
}

/// One part as an inclusive range of ranks within `0..=last`.
fn part_range(part: &str, last: u32) -> Result<(u32, u32), String> {
    let hint = "write ranks like 0-7, 12 or 5±1";
    let number = |s: &str| -> Result<u32, String> {
        let s = s.trim();
        s.parse::<u32>()
            .map_err(|_| format!("cannot read \"{s}\" as a rank: {hint}"))
    };
    let in_run = |r: u32| -> Result<u32, String> {
        if r > last {
            Err(format!("rank {r} is not in this run (ranks 0–{last})"))
        } else {
            Ok(r)
        }
    };
    if let Some((centre, width)) = part.split_once('±') {
        let centre = in_run(number(centre)?)?;
        let width = width
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("cannot read \"{}\" as a number of neighbours", width.trim()))?;
        return Ok((
            centre.saturating_sub(width),
            centre.saturating_add(width).min(last),
        ));
    }
    if let Some((a, b)) = part.split_once('-') {
        if a.trim().is_empty() {
            return Err(format!("\"{part}\": a range needs a first rank: {hint}"));
        }
        let (a, b) = (number(a)?, number(b)?);
        if b < a {
            return Err(format!("the range {a}-{b} goes backwards: write {b}-{a}"));
        }
        return Ok((in_run(a)?, in_run(b)?));
    }
    let r = in_run(number(part)?)?;
    Ok((r, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(text: &str, ranks: u32) -> Vec<u32> {
        parse(text, ranks)
            .expect("parses")
            .expect("a filter")
            .ranks()
            .to_vec()
    }

    #[test]
    fn ranges_lists_and_neighbours() {
        assert_eq!(kept("0-7", 64), (0..=7).collect::<Vec<_>>());
        assert_eq!(kept("0–7", 64), (0..=7).collect::<Vec<_>>());
        assert_eq!(kept("0 – 3, 12", 64), vec![0, 1, 2, 3, 12]);
        assert_eq!(kept("0-7,12", 64), vec![0, 1, 2, 3, 4, 5, 6, 7, 12]);
        assert_eq!(kept("5±1", 64), vec![4, 5, 6]);
        assert_eq!(kept("5 ± 2", 64), vec![3, 4, 5, 6, 7]);
        assert_eq!(kept("5+-1", 64), vec![4, 5, 6]);
        assert_eq!(kept("5 and its neighbours", 64), vec![4, 5, 6]);
        assert_eq!(kept("rank 5 and its neighbors", 64), vec![4, 5, 6]);
        assert_eq!(kept("0±1, 63±1", 64), vec![0, 1, 62, 63]);
        assert_eq!(kept("3 1 2 1", 8), vec![1, 2, 3]);
        assert_eq!(kept("2..4", 8), vec![2, 3, 4]);
        assert_eq!(kept("2 to 4", 8), vec![2, 3, 4]);
        assert!(parse("5", 8).unwrap().unwrap().keeps(5));
        assert!(!parse("5", 8).unwrap().unwrap().keeps(4));
        assert_eq!(parse(" 0-7, 12 ", 64).unwrap().unwrap().text(), "0-7, 12");
    }

    #[test]
    fn empty_or_all_shows_every_rank() {
        assert_eq!(parse("", 64), Ok(None));
        assert_eq!(parse("  ", 64), Ok(None));
        assert_eq!(parse("All", 64), Ok(None));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            parse("70", 64),
            Err("rank 70 is not in this run (ranks 0–63)".into())
        );
        assert_eq!(
            parse("0-70", 64),
            Err("rank 70 is not in this run (ranks 0–63)".into())
        );
        assert_eq!(
            parse("7-3", 64),
            Err("the range 7-3 goes backwards: write 3-7".into())
        );
        assert!(parse("abc", 64)
            .unwrap_err()
            .contains("cannot read \"abc\""));
        assert!(parse("5±x", 64).unwrap_err().contains("neighbours"));
        assert!(parse("-3", 64).unwrap_err().contains("first rank"));
        assert!(parse(",", 64).unwrap_err().contains("names no rank"));
        assert!(parse("1", 0).is_err());
    }
}
