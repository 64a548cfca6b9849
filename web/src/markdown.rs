//! The few Markdown marks core's paper texts use, for the page: paragraphs separated by blank
//! lines and `code` in backticks. Pure: text in, paragraphs of spans out (the view renders them).

/// A run of text in a paragraph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    /// Plain text.
    Text(&'a str),
    /// Code (between backticks).
    Code(&'a str),
}

/// `text`'s paragraphs, each a list of spans (an unclosed backtick is plain text).
pub fn paragraphs(text: &str) -> Vec<Vec<Span<'_>>> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(spans)
        .collect()
}

fn spans(paragraph: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut rest = paragraph;
    while let Some(open) = rest.find('`') {
        let Some(close) = rest[open + 1..].find('`') else {
            break;
        };
        if open > 0 {
            out.push(Span::Text(&rest[..open]));
        }
        out.push(Span::Code(&rest[open + 1..open + 1 + close]));
        rest = &rest[open + close + 2..];
    }
    if !rest.is_empty() {
        out.push(Span::Text(rest));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_and_code() {
        let p = paragraphs("One `a.c` two.\n\nThree `x` `y`\n\n\n`half");
        assert_eq!(
            p,
            vec![
                vec![Span::Text("One "), Span::Code("a.c"), Span::Text(" two.")],
                vec![
                    Span::Text("Three "),
                    Span::Code("x"),
                    Span::Text(" "),
                    Span::Code("y")
                ],
                vec![Span::Text("`half")],
            ]
        );
        assert!(paragraphs("").is_empty());
    }
}
