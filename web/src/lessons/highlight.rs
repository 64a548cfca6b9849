//! What a lesson step highlights on screen ("rank 2's posted receives", "the newest event"):
//! each highlight of core's vocabulary (`lessons::vocab::HIGHLIGHTS`) as the elements it names,
//! outlined by the class `lesson-hl` after every render. The mapping is pure (tested natively);
//! marking the elements is the effect. A rank's `line` is shown by putting the rank in focus
//! (the reducer does that), so its line carries the strong mark.
//!
//! Each outlined thing is scrolled into sight when a step is entered (once, not on every render).

use rankscope_core::lessons::Highlight;
use yew::prelude::*;

/// The CSS selectors of what `h` names.
pub fn selectors(h: &Highlight) -> Vec<String> {
    let rank = |r: Option<u32>, inner: &str| match r {
        Some(r) => format!(".queue-row[data-rank=\"{r}\"] {inner}"),
        None => format!(".queue-row {inner}"),
    };
    match h.what.as_str() {
        "rank" => vec![match h.rank {
            Some(r) => format!("[data-testid=\"focus-rank-{r}\"]"),
            None => "[data-testid=\"ranks\"]".into(),
        }],
        "line" => vec!["[data-testid=\"line-mark-focused\"]".into()],
        "posted" => vec![rank(h.rank, "[data-testid=\"posted\"]")],
        "unexpected" => vec![rank(h.rank, "[data-testid=\"unexpected\"]")],
        "console" => vec![".console".into()],
        "lock" => vec!["[data-testid=\"lock-view\"] .lock-summary".into()],
        "acp" => vec![match h.rank {
            Some(r) => format!("[data-testid=\"acp-rank\"][data-rank=\"{r}\"]"),
            None => "[data-testid=\"acp-fig5\"]".into(),
        }],
        "event" => vec![".event-log li.current".into()],
        "network" => vec![match h.rank {
            Some(r) => format!("[data-testid=\"network-bar\"] .choice-option[data-from=\"{r}\"]"),
            // The choice points it lists (the bar's heading is as tall again on a projector);
            // the whole bar while there are none.
            None => "[data-testid=\"network-bar\"] .choice-points, [data-testid=\"network-bar\"]:not(:has(.choice-points))".into(),
        }],
        // Its outcomes once explored, else its Explore button.
        "explore" => vec!["[data-testid=\"explore-panel\"] .outcomes, [data-testid=\"explore-panel\"]:not(:has(.outcomes)) [data-testid=\"explore-run\"]".into()],
        _ => Vec::new(),
    }
}

/// Outlines what `highlights` name after every render (and nothing once they are gone), and
/// when `shown` changes (a step was entered: its run's identity), scrolls each outlined thing
/// into view inside whatever panel holds it — an event log's newest line, a queue below the
/// fold — so the step shows what it talks about.
#[hook]
pub fn use_lesson_highlights(highlights: Vec<Highlight>, shown: Option<u64>) {
    let scrolled = use_mut_ref(|| None::<u64>);
    use_effect(move || {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        for el in elements(&document, ".lesson-hl") {
            el.class_list().remove_1("lesson-hl").ok();
        }
        let mut groups = Vec::new();
        for selector in highlights.iter().flat_map(selectors) {
            let found = elements(&document, &selector);
            for el in &found {
                el.class_list().add_1("lesson-hl").ok();
            }
            if !found.is_empty() {
                groups.push(found);
            }
        }
        let entered = shown.is_some() && *scrolled.borrow() != shown;
        if entered && !groups.is_empty() {
            *scrolled.borrow_mut() = shown;
            scroll_groups(&groups);
            // Once more when the page has settled (a web font's metrics, a panel sized by its
            // own effect can move the newest log line a few pixels off the bottom after this
            // render), unless another step was entered meanwhile.
            let (scrolled, wanted) = (scrolled.clone(), highlights.clone());
            gloo_timers::callback::Timeout::new(SETTLE_MS, move || {
                if *scrolled.borrow() == shown {
                    let groups: Vec<_> = wanted
                        .iter()
                        .flat_map(selectors)
                        .map(|selector| elements(&document, &selector))
                        .filter(|found| !found.is_empty())
                        .collect();
                    scroll_groups(&groups);
                }
            })
            .forget();
        }
    });
}

/// How long after entering a step its outlined things are scrolled into sight a second time.
const SETTLE_MS: u32 = 300;

/// The elements `selector` finds in `document`.
fn elements(document: &web_sys::Document, selector: &str) -> Vec<web_sys::Element> {
    let Ok(found) = document.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
        .collect()
}

/// Scrolls each group of outlined elements into sight.
fn scroll_groups(groups: &[Vec<web_sys::Element>]) {
    let screen = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(800.0);
    for group in groups {
        // One thing goes to the middle of its box, where a panel growing a line above it
        // cannot push it out; a group (an event's several log lines) its last, then its first,
        // so the whole group is in sight when it fits; a tall one shows its top.
        let (first, last) = (&group[0], &group[group.len() - 1]);
        let tall = first.get_bounding_client_rect().height() > 0.6 * screen;
        let block = if tall {
            web_sys::ScrollLogicalPosition::Start
        } else if group.len() == 1 {
            web_sys::ScrollLogicalPosition::Center
        } else {
            scroll_to(last, web_sys::ScrollLogicalPosition::Nearest);
            web_sys::ScrollLogicalPosition::Nearest
        };
        scroll_to(first, block);
    }
    // Several things in one column (the network's choice and the log lines it caused, on a
    // 768-px projector where the run column scrolls): when they fit on the screen together,
    // the column shows them together, from the topmost down.
    let mut columns: Vec<(web_sys::Element, Vec<&web_sys::Element>)> = Vec::new();
    for el in groups.iter().flatten() {
        let Ok(Some(col)) = el.closest(".col") else {
            continue;
        };
        match columns.iter_mut().find(|(c, _)| *c == col) {
            Some((_, members)) => members.push(el),
            None => columns.push((col, vec![el])),
        }
    }
    for (_, members) in columns.iter().filter(|(_, m)| m.len() > 1) {
        let rects: Vec<_> = members
            .iter()
            .map(|el| (el.get_bounding_client_rect(), *el))
            .collect();
        let top = rects.iter().map(|(r, _)| r.top()).fold(f64::MAX, f64::min);
        let bottom = rects
            .iter()
            .map(|(r, _)| r.bottom())
            .fold(f64::MIN, f64::max);
        let all_seen = top >= 0.0 && bottom <= screen;
        if !all_seen && bottom - top <= 0.9 * screen {
            if let Some((_, topmost)) = rects.iter().find(|(r, _)| r.top() == top) {
                scroll_to(topmost, web_sys::ScrollLogicalPosition::Start);
            }
        }
    }
}

/// Scrolls `el` into sight (vertically at `block`, horizontally as little as possible) in every
/// box that holds it.
fn scroll_to(el: &web_sys::Element, block: web_sys::ScrollLogicalPosition) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(block);
    options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
    el.scroll_into_view_with_scroll_into_view_options(&options);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_highlight_a_lesson_may_name_points_somewhere() {
        for (what, _) in rankscope_core::lessons::vocab::HIGHLIGHTS {
            for rank in [None, Some(2)] {
                let h = Highlight {
                    rank,
                    what: what.to_string(),
                };
                assert!(!selectors(&h).is_empty(), "{what}");
            }
        }
        let posted = Highlight {
            rank: Some(1),
            what: "posted".into(),
        };
        assert_eq!(
            selectors(&posted),
            vec![".queue-row[data-rank=\"1\"] [data-testid=\"posted\"]"]
        );
    }
}
