//! The playground's coarse steps: what the Step and Back buttons and keys move by (past
//! bookkeeping unless "every event" is on), and the jumps to the next MPI call, message or event
//! of the rank in focus — resolved here into core's [`Stride`] (pure; the search is core's
//! `engine::stride`).
//!
//! The reducer's `Action::Jump` resolves the button or key here and moves; `Action::Step`/`Back`
//! (lessons, the scrubber's tests) stay one event. Core's `stride::sentences` give the current
//! step's sentences (bookkeeping left out) for the caption (`components::jump_bar`, `aria-live`).

use rankscope_core::engine::stride::Stride;

/// What a move goes to, as the user asked for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Jump {
    /// The plain Step / Back: the next event that is more than bookkeeping (every event when
    /// "every event" is on).
    Plain,
    /// The next MPI call of any rank.
    MpiCall,
    /// The next message leaving or arriving.
    Message,
    /// The next event of the rank in focus.
    FocusedRank,
}

/// The jumps with their buttons: the jump, its label, its key (Shift+key goes back), its title.
pub const JUMPS: &[(Jump, &str, &str, &str)] = &[
    (
        Jump::MpiCall,
        "MPI call",
        "M",
        "the next MPI call of any rank (Shift+M: the previous one)",
    ),
    (
        Jump::Message,
        "message",
        "N",
        "the next message leaving or arriving (Shift+N: the previous one)",
    ),
    (
        Jump::FocusedRank,
        "rank",
        "R",
        "the next event of the rank in focus — click a rank in the Ranks view to focus it (Shift+R: the previous one)",
    ),
];

/// Core's stride for `jump`, with "every event" `every` and the rank in focus `focus`.
pub fn resolve(jump: Jump, every: bool, focus: u32) -> Stride {
    match jump {
        Jump::Plain if every => Stride::Event,
        Jump::Plain => Stride::Interesting,
        Jump::MpiCall => Stride::MpiCall,
        Jump::Message => Stride::Message,
        Jump::FocusedRank => Stride::Rank { rank: focus, every },
    }
}

/// The caption of a run at `position`: what its current event did, in core's sentences (in
/// `lang`: English sentences are joined by "; " and capitalised, Japanese ones by "。").
pub fn caption(
    trace: &rankscope_core::trace::Trace,
    position: u64,
    lang: crate::i18n::Lang,
) -> String {
    use crate::i18n::{Lang, Text};
    if position == 0 {
        return lang.t(Text::CaptionBefore).to_string();
    }
    let said = rankscope_core::engine::stride::sentences_in(trace, position, lang.core());
    if said.is_empty() {
        lang.f(Text::CaptionEvent, &[&position])
    } else if lang == Lang::Ja {
        said.join("。") + "。"
    } else {
        let mut text = said.join("; ");
        if let Some(first) = text.get(..1) {
            text = first.to_uppercase() + &text[1..];
        }
        text + "."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_steps_skip_bookkeeping_unless_every_event_is_on() {
        assert_eq!(resolve(Jump::Plain, false, 0), Stride::Interesting);
        assert_eq!(resolve(Jump::Plain, true, 0), Stride::Event);
        assert_eq!(resolve(Jump::MpiCall, true, 3), Stride::MpiCall);
        assert_eq!(resolve(Jump::Message, false, 3), Stride::Message);
        assert_eq!(
            resolve(Jump::FocusedRank, false, 3),
            Stride::Rank {
                rank: 3,
                every: false
            }
        );
    }

    #[test]
    fn every_jump_has_its_own_key() {
        let mut keys: Vec<&str> = JUMPS.iter().map(|j| j.2).collect();
        keys.dedup();
        assert_eq!(keys.len(), JUMPS.len());
    }

    #[test]
    fn the_caption_speaks_the_page_language() {
        use crate::i18n::Lang;
        use rankscope_core::machine::builtin_profiles;
        let profiles = builtin_profiles().unwrap();
        let ib = profiles.iter().find(|p| p.machine.id == "ib-qdr").unwrap();
        let source = include_str!("../../../examples/pingpong_naive.c");
        let cell = crate::playground::session::start(source, ib, 2, Default::default(), &[], None)
            .unwrap();
        let mut run = cell.0.borrow_mut();
        let _ = run.history.forward(u64::MAX);
        let trace = run.history.sim().trace();
        assert!(caption(trace, 0, Lang::Ja).contains("最初のイベントの前"));
        let mut japanese = 0;
        for k in 1..=trace.known_steps() {
            let (en, ja) = (caption(trace, k, Lang::En), caption(trace, k, Lang::Ja));
            assert!(en.ends_with('.'), "{en}");
            assert!(ja.ends_with('。'), "{ja}");
            if ja.contains("ランク") && !ja.contains("rank ") {
                japanese += 1;
            }
        }
        assert!(japanese > 5, "{japanese} Japanese captions");
    }
}
