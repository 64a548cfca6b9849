//! The one list of papers with a check. Adding a paper: write its module (a [`Paper`] and its
//! parts, see `paper000.rs`) and add one line here; the CLI (`rankscope reproduce`), the page's
//! route, header and paper switch all read this list.

use super::paper::Paper;
use super::{paper000, paper001, paper002, paper003, paper004};

/// Every paper with a check, in order.
pub const PAPERS: [Paper; 5] = [
    paper000::PAPER,
    paper001::PAPER,
    paper002::PAPER,
    paper003::PAPER,
    paper004::PAPER,
];

/// The paper whose id is `id` (`"000"`), if it has a check.
pub fn find(id: &str) -> Option<Paper> {
    PAPERS.iter().copied().find(|p| p.id == id)
}

/// The ids of the papers with a check, joined: "000, 001, 002, 003, 004".
pub fn ids() -> String {
    PAPERS.iter().map(|p| p.id).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids are unique, every paper has parts with unique ids, and each part's page experiment
    /// and result can be made without running anything.
    #[test]
    fn the_registry_is_consistent() {
        for (i, p) in PAPERS.iter().enumerate() {
            assert!(PAPERS[..i].iter().all(|q| q.id != p.id), "{} twice", p.id);
            assert!(find(p.id).is_some());
            let parts = (p.parts)();
            assert!(!parts.is_empty(), "{} has no parts", p.id);
            for (j, part) in parts.iter().enumerate() {
                assert!(parts[..j].iter().all(|q| q.id != part.id), "{}", part.id);
                assert!(
                    !part.about.is_empty() && !part.unit.is_empty(),
                    "{}",
                    part.id
                );
            }
        }
        assert!(find("007").is_none());
        assert_eq!(ids().split(", ").count(), PAPERS.len());
    }
}
