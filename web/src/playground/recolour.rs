//! Colours while typing: the editor highlights the whole text with core's lexer (the colours then
//! agree with the compiler), which in a 10,000-line program takes longer than a keystroke may.
//! So a keystroke shows the last highlight moved along with the edit ([`follow_edit`]: the
//! typed characters take the colour of the piece they were typed into), and the whole text is
//! highlighted again once typing pauses. Pure and tested natively.

use rankscope_core::lang::syntax::highlight::{Highlight, HighlightClass};

/// The common prefix and suffix of `old` and `new` in bytes, on character boundaries of both,
/// not overlapping (the changed region is `prefix..old.len() - suffix` in `old`).
pub fn common_ends(old: &str, new: &str) -> (usize, usize) {
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let mut prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    while !(old.is_char_boundary(prefix) && new.is_char_boundary(prefix)) {
        prefix -= 1;
    }
    let room = old.len().min(new.len()) - prefix;
    let mut suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    while !(old.is_char_boundary(old.len() - suffix) && new.is_char_boundary(new.len() - suffix)) {
        suffix -= 1;
    }
    (prefix, suffix)
}

/// The highlight of `old` (contiguous spans covering it) carried over to `new`: spans before the
/// change keep their place, spans after it move with it, those starting inside it are dropped,
/// so the changed text joins the piece it was typed into. The result covers `new` exactly, with
/// non-empty spans in order.
pub fn follow_edit(highlights: &[Highlight], old: &str, new: &str) -> Vec<Highlight> {
    if new.is_empty() {
        return Vec::new();
    }
    let (prefix, suffix) = common_ends(old, new);
    let changed_end = old.len() - suffix;
    let mut starts: Vec<(usize, _)> = Vec::with_capacity(highlights.len());
    for h in highlights {
        let at = if h.span.start < prefix {
            h.span.start
        } else if h.span.start >= changed_end {
            h.span.start + new.len() - old.len()
        } else {
            continue;
        };
        if at >= new.len() || starts.last().is_some_and(|&(last, _)| at <= last) {
            continue;
        }
        starts.push((at, h.class));
    }
    match starts.first_mut() {
        Some(first) => first.0 = 0,
        None => starts.push((0, HighlightClass::Plain)),
    }
    let ends = starts.iter().skip(1).map(|&(at, _)| at).chain([new.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&(start, class), end)| Highlight {
            span: start..end,
            class,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::lang::syntax::highlight::highlight;

    fn covers(hs: &[Highlight], text: &str) {
        let mut at = 0;
        for h in hs {
            assert_eq!(h.span.start, at, "{hs:?}");
            assert!(h.span.end > h.span.start);
            assert!(text.is_char_boundary(h.span.start) && text.is_char_boundary(h.span.end));
            at = h.span.end;
        }
        assert_eq!(at, text.len());
    }

    #[test]
    fn common_ends_stay_on_characters() {
        assert_eq!(common_ends("abc", "abXc"), (2, 1));
        assert_eq!(common_ends("aaa", "aaaa"), (3, 0));
        assert_eq!(common_ends("", "x"), (0, 0));
        // é and è share their first byte: the prefix stops before both.
        assert_eq!(common_ends("aé", "aè"), (1, 0));
    }

    #[test]
    fn typing_joins_the_piece_typed_into() {
        let old = "int x; /* note */\nint y;\n";
        let new = "int x; /* notes */\nint y;\n";
        let hs = follow_edit(&highlight(old), old, new);
        covers(&hs, new);
        assert_eq!(hs, highlight(new), "inside a comment the colours are exact");
        // At the end of a word, the letter joins the word.
        let new = "int xy; /* note */\nint y;\n";
        let hs = follow_edit(&highlight(old), old, new);
        covers(&hs, new);
        let y = hs.iter().find(|h| h.span.contains(&5)).unwrap();
        assert_eq!((y.span.end, y.class), (6, HighlightClass::Plain));
    }

    #[test]
    fn any_edit_keeps_a_cover() {
        let texts = [
            "",
            "x",
            "int main() { return 0; }\n",
            "/* é */ int é;",
            "a\n\nb",
            "é",
        ];
        for old in texts {
            for new in texts {
                covers(&follow_edit(&highlight(old), old, new), new);
            }
        }
        // Edits at every place of a text.
        let old = "int main(void) {\n    MPI_Init(0, 0); /* c */\n    return 0;\n}\n";
        for at in (0..=old.len()).filter(|&i| old.is_char_boundary(i)) {
            let inserted = format!("{}é{}", &old[..at], &old[at..]);
            covers(&follow_edit(&highlight(old), old, &inserted), &inserted);
            if let Some(c) = old[at..].chars().next() {
                let deleted = format!("{}{}", &old[..at], &old[at + c.len_utf8()..]);
                covers(&follow_edit(&highlight(old), old, &deleted), &deleted);
            }
        }
    }
}
