//! Which rows the timeline draws for many ranks: the ranks a filter keeps, ranks collapsed into
//! blocks (a group row summarising its ranks, expandable one block at a time) and the row height
//! with the vertical zoom. Pure; the canvas asks it where a rank is drawn and what a row is.
//!
//! A group row draws its kept ranks' spans on top of each other; arrows inside one row are left
//! out. Core's `Timeline::nearest_arrow_on_rows` hit-tests arrows on these rows. The rows live in
//! the timeline's view state; a change is reported (`TimelineProps::on_rows`,
//! `Action::SetTimelineRows`) as a [`crate::playground::rows_link::RowsShare`] for links and the autosave.

use std::collections::BTreeSet;

use crate::playground::rank_filter::RankFilter;

/// One row of the diagram.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// One rank.
    Rank(u32),
    /// The kept ranks of block `first..=last` (block `first / size` of the grouping), drawn on
    /// top of each other.
    Group {
        /// First rank of the block.
        first: u32,
        /// Last rank of the block.
        last: u32,
    },
}

impl Row {
    /// The label drawn on the left ("rank 5", "ranks 8–15").
    pub fn label(&self) -> String {
        match *self {
            Row::Rank(r) => crate::ui_lang::current().trf("rank {0}", &[&r]),
            Row::Group { first, last } => format!("▸ {first}–{last}"),
        }
    }

    /// A short name for tests (`5`, `8-15`).
    pub fn key(&self) -> String {
        match *self {
            Row::Rank(r) => r.to_string(),
            Row::Group { first, last } => format!("{first}-{last}"),
        }
    }
}

/// How ranks become rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowsSpec {
    /// Only these ranks (none: all).
    pub filter: Option<RankFilter>,
    /// Ranks per group (0 or 1: no groups).
    pub group: u32,
    /// First ranks of the blocks shown expanded.
    pub expanded: BTreeSet<u32>,
    /// Vertical zoom: the row height is multiplied by `2^zoom`.
    pub zoom: i32,
}

/// Smallest and largest vertical zoom steps.
pub const ZOOM_RANGE: (i32, i32) = (-2, 5);

/// The rows of one frame and where each rank is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    /// Top to bottom.
    pub rows: Vec<Row>,
    /// Row of each rank (`None`: not drawn).
    row_of: Vec<Option<u32>>,
}

impl Rows {
    /// The rows for a run of `ranks` ranks.
    pub fn new(ranks: u32, spec: &RowsSpec) -> Rows {
        let mut rows = Vec::new();
        let mut row_of = vec![None; ranks as usize];
        let kept: Vec<u32> = match &spec.filter {
            Some(f) => f.ranks().iter().copied().filter(|&r| r < ranks).collect(),
            None => (0..ranks).collect(),
        };
        let size = spec.group.max(1);
        let mut i = 0;
        while i < kept.len() {
            let block = kept[i] / size;
            let mut j = i;
            while j < kept.len() && kept[j] / size == block {
                j += 1;
            }
            let first = block * size;
            let members = &kept[i..j];
            if size > 1 && members.len() > 1 && !spec.expanded.contains(&first) {
                let last = (first + size - 1).min(ranks.saturating_sub(1));
                for &r in members {
                    row_of[r as usize] = Some(rows.len() as u32);
                }
                rows.push(Row::Group { first, last });
            } else {
                for &r in members {
                    row_of[r as usize] = Some(rows.len() as u32);
                    rows.push(Row::Rank(r));
                }
            }
            i = j;
        }
        Rows { rows, row_of }
    }

    /// How many rows.
    pub fn len(&self) -> u32 {
        self.rows.len() as u32
    }

    /// Whether nothing is drawn.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The row `rank` is drawn on.
    pub fn row_of(&self, rank: u32) -> Option<u32> {
        self.row_of.get(rank as usize).copied().flatten()
    }

    /// The ranks drawn on `row` (one, or a group's kept members).
    pub fn members(&self, row: u32) -> impl Iterator<Item = u32> + '_ {
        let range = match self.rows.get(row as usize) {
            Some(Row::Rank(r)) => *r..*r + 1,
            Some(Row::Group { first, last }) => *first..*last + 1,
            None => 0..0,
        };
        range.filter(move |&r| self.row_of(r) == Some(row))
    }
}

/// The row height (CSS px) for `rows` rows at vertical zoom `zoom` (`base` gives the unzoomed
/// height for a number of rows: the timeline's usual sizing).
pub fn row_height(rows: u32, zoom: i32, base: impl Fn(u32) -> f64) -> f64 {
    let zoom = zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    (base(rows.max(1)) * 2f64.powi(zoom)).clamp(0.25, 160.0)
}

/// The first rank of the group block containing `rank`.
pub fn block_of(rank: u32, group: u32) -> u32 {
    let size = group.max(1);
    rank / size * size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playground::rank_filter::parse;

    fn keys(rows: &Rows) -> Vec<String> {
        rows.rows.iter().map(Row::key).collect()
    }

    #[test]
    fn every_rank_by_default() {
        let rows = Rows::new(4, &RowsSpec::default());
        assert_eq!(keys(&rows), ["0", "1", "2", "3"]);
        assert_eq!(rows.row_of(2), Some(2));
        assert_eq!(rows.row_of(9), None);
    }

    #[test]
    fn a_filter_keeps_its_ranks_only() {
        let spec = RowsSpec {
            filter: parse("0-2, 12", 64).unwrap(),
            ..RowsSpec::default()
        };
        let rows = Rows::new(64, &spec);
        assert_eq!(keys(&rows), ["0", "1", "2", "12"]);
        assert_eq!(rows.row_of(12), Some(3));
        assert_eq!(rows.row_of(5), None);
        // A filter naming ranks past the run (it had more before) keeps the ones there are.
        assert_eq!(keys(&Rows::new(2, &spec)), ["0", "1"]);
    }

    #[test]
    fn groups_collapse_blocks_and_expand_one() {
        let mut spec = RowsSpec {
            group: 8,
            ..RowsSpec::default()
        };
        let rows = Rows::new(20, &spec);
        assert_eq!(keys(&rows), ["0-7", "8-15", "16-19"]);
        assert_eq!(rows.row_of(9), Some(1));
        assert_eq!(
            rows.members(1).collect::<Vec<_>>(),
            (8..16).collect::<Vec<_>>()
        );
        spec.expanded.insert(8);
        let rows = Rows::new(20, &spec);
        assert_eq!(rows.len(), 1 + 8 + 1);
        assert_eq!(rows.rows[1], Row::Rank(8));
        assert_eq!(rows.row_of(16), Some(9));
        // Filtered and grouped: a block with one kept rank is that rank's row.
        spec.filter = parse("0-3, 9, 17-18", 20).unwrap();
        spec.expanded.clear();
        let rows = Rows::new(20, &spec);
        assert_eq!(keys(&rows), ["0-7", "9", "16-19"]);
        assert_eq!(rows.members(2).collect::<Vec<_>>(), [17, 18]);
        assert_eq!(block_of(13, 8), 8);
        assert_eq!(Row::Group { first: 8, last: 15 }.label(), "▸ 8–15");
    }

    #[test]
    fn vertical_zoom_doubles_rows_within_bounds() {
        let base = |_| 6.0;
        assert_eq!(row_height(64, 0, base), 6.0);
        assert_eq!(row_height(64, 2, base), 24.0);
        assert_eq!(row_height(64, 99, base), 160.0);
        assert_eq!(row_height(64, -9, base), 1.5);
    }
}
