//! Said, not silently changed: when more ranks are asked for than the selected machine holds
//! (64 on the 16-node InfiniBand cluster), the count becomes the machine's capacity and the page
//! says why — the machine's nodes × ranks per node — and offers the smallest machine that holds
//! them. Pure; the reducer keeps the note, the controls show it with a button.
//!
//! `SetRanks` and `SelectProfile` keep the [`RoomNote`]; the rank count's note offers the machine
//! (`Action::UseMachine`).

use rankscope_core::machine::Profile;

/// How many ranks a profile holds (nodes × ranks per node).
pub fn capacity(p: &Profile) -> u32 {
    p.machine
        .nodes
        .value
        .saturating_mul(p.machine.ranks_per_node.value)
}

/// A machine that holds the ranks asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fits {
    /// Its profile id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How many ranks it holds.
    pub capacity: u32,
}

/// Ranks asked for beyond the selected machine's room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomNote {
    /// The ranks asked for.
    pub asked: u32,
    /// The selected machine's name.
    pub machine: String,
    /// Its nodes and ranks per node.
    pub nodes: u32,
    /// Ranks per node.
    pub per_node: u32,
    /// The smallest other machine that holds `asked` ranks, if any.
    pub fits: Option<Fits>,
}

impl RoomNote {
    /// The note when `asked` ranks do not fit `selected` (`None` when they do, or when the
    /// machine is unknown).
    pub fn of(profiles: &[Profile], selected: &str, asked: u32) -> Option<RoomNote> {
        let here = profiles.iter().find(|p| p.machine.id == selected)?;
        if asked <= capacity(here) {
            return None;
        }
        let fits = profiles
            .iter()
            .filter(|p| capacity(p) >= asked)
            .min_by_key(|p| capacity(p))
            .map(|p| Fits {
                id: p.machine.id.clone(),
                name: p.machine.name.clone(),
                capacity: capacity(p),
            });
        Some(RoomNote {
            asked,
            machine: here.machine.name.clone(),
            nodes: here.machine.nodes.value,
            per_node: here.machine.ranks_per_node.value,
            fits,
        })
    }

    /// How many ranks the selected machine holds.
    pub fn capacity(&self) -> u32 {
        self.nodes.saturating_mul(self.per_node)
    }

    /// "You asked for 64 ranks; InfiniBand QDR cluster holds 16 (16 nodes × 1 rank per node),
    /// so the run has 16."
    pub fn sentence(&self) -> String {
        let per = if self.per_node == 1 { "rank" } else { "ranks" };
        let nodes = if self.nodes == 1 { "node" } else { "nodes" };
        format!(
            "You asked for {} ranks; {} holds {} ({} {nodes} × {} {per} per node), so the run has {}.",
            self.asked,
            self.machine,
            self.capacity(),
            self.nodes,
            self.per_node,
            self.capacity()
        )
    }

    /// [`RoomNote::sentence`] in `lang`.
    pub fn sentence_in(&self, lang: crate::i18n::Lang) -> String {
        use crate::i18n::{Lang, Text};
        match lang {
            Lang::En => self.sentence(),
            _ => lang.f(
                Text::RoomNote,
                &[
                    &self.asked,
                    &self.machine,
                    &self.capacity(),
                    &self.nodes,
                    &self.per_node,
                ],
            ),
        }
    }

    /// [`RoomNote::offer`] in `lang`.
    pub fn offer_in(&self, lang: crate::i18n::Lang) -> Option<String> {
        use crate::i18n::{Lang, Text};
        match lang {
            Lang::En => self.offer(),
            _ => self
                .fits
                .as_ref()
                .map(|f| lang.f(Text::RoomOffer, &[&f.name, &self.asked, &f.capacity])),
        }
    }

    /// The button's label: "Use Gigabit Ethernet, 64 nodes with 64 ranks".
    pub fn offer(&self) -> Option<String> {
        self.fits.as_ref().map(|f| {
            format!(
                "Use {} with {} ranks (it holds {})",
                f.name, self.asked, f.capacity
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::machine::builtin_profiles;

    #[test]
    fn sixty_four_ranks_on_infiniband_are_said_and_a_machine_that_holds_them_is_offered() {
        let profiles = builtin_profiles().unwrap();
        let note = RoomNote::of(&profiles, "ib-qdr", 64).unwrap();
        assert_eq!(
            note.sentence(),
            "You asked for 64 ranks; InfiniBand QDR cluster holds 16 (16 nodes × 1 rank per node), so the run has 16."
        );
        let fits = note.fits.clone().unwrap();
        assert!(fits.capacity >= 64);
        // The smallest that holds them.
        assert!(profiles
            .iter()
            .filter(|p| capacity(p) >= 64)
            .all(|p| capacity(p) >= fits.capacity));
        assert!(note.offer().unwrap().contains("with 64 ranks"));
        assert_eq!(RoomNote::of(&profiles, "ib-qdr", 16), None);
        assert_eq!(RoomNote::of(&profiles, "nowhere", 64), None);
        // More than any machine holds: said, nothing offered.
        let huge = RoomNote::of(&profiles, "ib-qdr", 10_000_000).unwrap();
        assert_eq!(huge.fits, None);
        assert_eq!(huge.offer(), None);
        let ja = note.sentence_in(crate::i18n::Lang::Ja);
        assert!(ja.contains("64 ランク") && ja.contains("16 ランク"), "{ja}");
        assert!(note
            .offer_in(crate::i18n::Lang::Ja)
            .unwrap()
            .contains("64 ランク"));
        assert_eq!(note.sentence_in(crate::i18n::Lang::En), note.sentence());
    }
}
