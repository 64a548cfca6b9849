//! Syntax classes for an editor: source text → contiguous [`Highlight`] spans covering every byte.
//!
//! The tokens come from the real [lexer](crate::lang::syntax::lexer), so the colours agree with what the
//! compiler reads: a word the lexer treats as a macro use is shown as a [`HighlightClass::Macro`],
//! `MPI_Status` is a type because the lexer says so, a malformed literal keeps the extent the lexer
//! gave it. The lexer skips comments, whitespace and preprocessor lines and reports bad characters
//! without a token; those gaps between tokens are classified here by a small scanner that follows
//! the lexer's rules (`//` and `/* */` comments, `#` directives at the start of a line with
//! backslash continuations). Tokens a macro expands to carry the span of the macro's name; they
//! are counted once.
//!
//! [`highlight`] is total: for any input (unterminated strings or comments, bytes that are not
//! C, non-ASCII text) it returns non-empty spans on character boundaries, in order, with no gaps
//! or overlaps, from 0 to `source.len()`.

use crate::lang::sema::builtins::{builtin, constant};
use crate::lang::syntax::ast::Span;
use crate::lang::syntax::lexer::lex;
use crate::lang::syntax::token::{keyword, Punct, TokenKind};

/// What a piece of source text is, for colouring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HighlightClass {
    /// Whitespace, variable names and anything else without a colour of its own.
    Plain,
    /// `if`, `else`, `while`, `do`, `for`, `break`, `continue`, `return`, `sizeof`.
    Keyword,
    /// A type name: `int`, `double`, `char`, `void`, `MPI_Status`, `MPI_Request`, …
    Type,
    /// An integer or floating-point literal.
    Number,
    /// A string literal (to the end of the line when it is never closed).
    String,
    /// A character literal.
    Char,
    /// A `//` or `/* */` comment.
    Comment,
    /// A preprocessor line (`#include`, `#define`, …), except the comments on it.
    Preprocessor,
    /// An identifier starting with `MPI_`: MPI functions and constants.
    MpiName,
    /// A built-in function or constant that is not MPI's (`printf`, `abs`, `NULL`).
    Builtin,
    /// The name of a function being called or defined (an identifier followed by `(`).
    Function,
    /// The use of a `#define`d macro.
    Macro,
    /// Operators and punctuation.
    Punct,
}

impl HighlightClass {
    /// Every class, in declaration order.
    pub const ALL: [HighlightClass; 13] = [
        HighlightClass::Plain,
        HighlightClass::Keyword,
        HighlightClass::Type,
        HighlightClass::Number,
        HighlightClass::String,
        HighlightClass::Char,
        HighlightClass::Comment,
        HighlightClass::Preprocessor,
        HighlightClass::MpiName,
        HighlightClass::Builtin,
        HighlightClass::Function,
        HighlightClass::Macro,
        HighlightClass::Punct,
    ];

    /// A short lowercase name (`"keyword"`, `"mpi"`, …), e.g. for CSS classes.
    pub fn name(self) -> &'static str {
        match self {
            HighlightClass::Plain => "plain",
            HighlightClass::Keyword => "keyword",
            HighlightClass::Type => "type",
            HighlightClass::Number => "number",
            HighlightClass::String => "string",
            HighlightClass::Char => "char",
            HighlightClass::Comment => "comment",
            HighlightClass::Preprocessor => "preproc",
            HighlightClass::MpiName => "mpi",
            HighlightClass::Builtin => "builtin",
            HighlightClass::Function => "function",
            HighlightClass::Macro => "macro",
            HighlightClass::Punct => "punct",
        }
    }
}

/// One classified piece of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Byte range in the source (never empty; on character boundaries).
    pub span: Span,
    /// What it is.
    pub class: HighlightClass,
}

/// Classifies every byte of `source`. The spans are non-empty, in order, contiguous, and cover
/// `0..source.len()` exactly (no spans for an empty source); adjacent spans have different
/// classes.
pub fn highlight(source: &str) -> Vec<Highlight> {
    let (tokens, _) = lex(source);
    // The lexer's tokens in source order, each span once (a macro's expansion shares the span
    // of the macro's name), skipping anything out of order or off a character boundary.
    let mut toks: Vec<(Span, &TokenKind, bool)> = Vec::with_capacity(tokens.len());
    for tok in &tokens {
        let span = &tok.span;
        if matches!(tok.kind, TokenKind::Eof) || span.start >= span.end {
            continue;
        }
        if let Some((last, _, expanded)) = toks.last_mut() {
            if *last == *span {
                *expanded = true;
                continue;
            }
            if span.start < last.end {
                continue;
            }
        }
        if source.get(span.clone()).is_none() {
            continue;
        }
        toks.push((span.clone(), &tok.kind, false));
    }

    let mut out = Out::default();
    let mut gaps = GapScanner {
        src: source,
        line_start: true,
    };
    let mut at = 0;
    for (i, (span, kind, expanded)) in toks.iter().enumerate() {
        if at < span.start {
            gaps.scan(at, span.start, &mut out);
        }
        let next_is_call = matches!(
            toks.get(i + 1),
            Some((_, TokenKind::Punct(Punct::LParen), false))
        );
        let text = &source[span.clone()];
        out.push(span.clone(), classify(text, kind, *expanded, next_is_call));
        gaps.line_start = false;
        at = span.end;
    }
    if at < source.len() {
        gaps.scan(at, source.len(), &mut out);
    }
    out.spans
}

/// The class of one token whose source text is `text`.
fn classify(text: &str, kind: &TokenKind, expanded: bool, next_is_call: bool) -> HighlightClass {
    let word = text.as_bytes().first().is_some_and(|&c| is_ident_start(c));
    // A word whose token is not that word came from a macro.
    let is_macro = expanded
        || (word
            && match kind {
                TokenKind::Ident(name) => name != text,
                _ => keyword(text).as_ref() != Some(kind),
            });
    if is_macro {
        return HighlightClass::Macro;
    }
    match kind {
        TokenKind::Int(_) | TokenKind::Float(_) => HighlightClass::Number,
        TokenKind::Char(_) => HighlightClass::Char,
        TokenKind::Str(_) => HighlightClass::String,
        TokenKind::Type(_) => HighlightClass::Type,
        TokenKind::Punct(_) => HighlightClass::Punct,
        TokenKind::Ident(name) => {
            if name.starts_with("MPI_") {
                HighlightClass::MpiName
            } else if builtin(name).is_some()
                || constant(name).is_some()
                || (next_is_call && crate::lang::libc::lookup(name).is_some())
            {
                HighlightClass::Builtin
            } else if next_is_call {
                HighlightClass::Function
            } else {
                HighlightClass::Plain
            }
        }
        TokenKind::If
        | TokenKind::Else
        | TokenKind::While
        | TokenKind::Do
        | TokenKind::For
        | TokenKind::Break
        | TokenKind::Continue
        | TokenKind::Return
        | TokenKind::Sizeof => HighlightClass::Keyword,
        TokenKind::Eof => HighlightClass::Plain,
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The spans so far, merging neighbours of the same class.
#[derive(Default)]
struct Out {
    spans: Vec<Highlight>,
}

impl Out {
    fn push(&mut self, span: Span, class: HighlightClass) {
        if span.is_empty() {
            return;
        }
        if let Some(last) = self.spans.last_mut() {
            if last.class == class && last.span.end == span.start {
                last.span.end = span.end;
                return;
            }
        }
        self.spans.push(Highlight { span, class });
    }
}

/// Classifies the text between tokens: what the lexer skipped or could not read.
struct GapScanner<'a> {
    src: &'a str,
    /// Nothing but whitespace and comments so far on this line (a `#` starts a directive).
    line_start: bool,
}

impl GapScanner<'_> {
    /// Classifies `start..end` (both on character boundaries) into `out`.
    fn scan(&mut self, start: usize, end: usize, out: &mut Out) {
        let bytes = self.src.as_bytes();
        let mut pos = start;
        while pos < end {
            let c = bytes[pos];
            let from = pos;
            match c {
                b'\n' => {
                    self.line_start = true;
                    pos += 1;
                    out.push(from..pos, HighlightClass::Plain);
                }
                b'/' if bytes.get(pos + 1) == Some(&b'/') && pos + 1 < end => {
                    pos = line_end(bytes, pos, end);
                    out.push(from..pos, HighlightClass::Comment);
                }
                b'/' if bytes.get(pos + 1) == Some(&b'*') && pos + 1 < end => {
                    pos = block_comment_end(bytes, pos, end);
                    out.push(from..pos, HighlightClass::Comment);
                    if bytes[from..pos].contains(&b'\n') {
                        self.line_start = true;
                    }
                }
                b'#' if self.line_start => {
                    pos = self.directive(pos, end, out);
                }
                _ if c.is_ascii_whitespace() => {
                    pos += 1;
                    out.push(from..pos, HighlightClass::Plain);
                }
                _ if is_ident_start(c) => {
                    // Only a macro that expands to nothing leaves a word between tokens.
                    while pos < end && is_ident_char(bytes[pos]) {
                        pos += 1;
                    }
                    self.line_start = false;
                    out.push(from..pos, HighlightClass::Macro);
                }
                _ => {
                    pos += char_len(self.src, pos).min(end - pos);
                    self.line_start = false;
                    out.push(from..pos, HighlightClass::Plain);
                }
            }
        }
    }

    /// A directive line from the `#` at `start`: preprocessor text with its comments as comments,
    /// continued over escaped newlines, up to (not including) the newline. Returns where it ends.
    fn directive(&mut self, start: usize, end: usize, out: &mut Out) -> usize {
        let bytes = self.src.as_bytes();
        let mut pos = start;
        let mut run = start;
        while pos < end {
            match bytes[pos] {
                b'\n' => break,
                b'\\' if bytes.get(pos + 1) == Some(&b'\n') && pos + 1 < end => pos += 2,
                b'/' if bytes.get(pos + 1) == Some(&b'/') && pos + 1 < end => {
                    out.push(run..pos, HighlightClass::Preprocessor);
                    let to = line_end(bytes, pos, end);
                    out.push(pos..to, HighlightClass::Comment);
                    pos = to;
                    run = to;
                }
                b'/' if bytes.get(pos + 1) == Some(&b'*') && pos + 1 < end => {
                    out.push(run..pos, HighlightClass::Preprocessor);
                    let to = block_comment_end(bytes, pos, end);
                    out.push(pos..to, HighlightClass::Comment);
                    pos = to;
                    run = to;
                }
                _ => pos += char_len(self.src, pos).min(end - pos),
            }
        }
        out.push(run..pos, HighlightClass::Preprocessor);
        self.line_start = false;
        pos
    }
}

/// The end of the line starting at or after `pos` (the newline's index), at most `end`.
fn line_end(bytes: &[u8], pos: usize, end: usize) -> usize {
    bytes[pos..end]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(end, |i| pos + i)
}

/// Just after the `*/` closing the comment opened at `pos`, or `end` if it is never closed.
fn block_comment_end(bytes: &[u8], pos: usize, end: usize) -> usize {
    let body = pos + 2;
    bytes[body.min(end)..end]
        .windows(2)
        .position(|w| w == b"*/")
        .map_or(end, |i| body + i + 2)
}

/// The length in bytes of the character starting at `pos` (1 if `pos` is not on a boundary).
fn char_len(src: &str, pos: usize) -> usize {
    src.get(pos..)
        .and_then(|rest| rest.chars().next())
        .map_or(1, char::len_utf8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use HighlightClass as H;

    /// Checks the covering invariants; returns the spans.
    fn checked(source: &str) -> Vec<Highlight> {
        let spans = highlight(source);
        let mut at = 0;
        for (i, h) in spans.iter().enumerate() {
            assert_eq!(h.span.start, at, "contiguous at span {i} of {spans:?}");
            assert!(h.span.start < h.span.end, "non-empty span {i}: {h:?}");
            assert!(source.is_char_boundary(h.span.end), "char boundary: {h:?}");
            if i > 0 {
                assert_ne!(spans[i - 1].class, h.class, "merged neighbours: {h:?}");
            }
            at = h.span.end;
        }
        assert_eq!(at, source.len(), "covers the whole source");
        spans
    }

    /// `(text, class)` for every span that is not just whitespace, the text trimmed.
    fn classes(source: &str) -> Vec<(&str, HighlightClass)> {
        checked(source)
            .into_iter()
            .map(|h| (source[h.span.clone()].trim(), h.class))
            .filter(|(text, _)| !text.is_empty())
            .collect()
    }

    fn class_of(source: &str, needle: &str) -> HighlightClass {
        let at = source.find(needle).expect("needle in source");
        checked(source)
            .into_iter()
            .find(|h| h.span.contains(&at))
            .map(|h| h.class)
            .expect("covered")
    }

    #[test]
    fn tokens_get_their_classes() {
        let src = "int main(void) { double x = 1.5; char c = 'a'; \
                   if (x > 0) return printf(\"%d\\n\", abs(-2)); }";
        assert_eq!(class_of(src, "int"), H::Type);
        assert_eq!(class_of(src, "main"), H::Function);
        assert_eq!(class_of(src, "void"), H::Type);
        assert_eq!(class_of(src, "double"), H::Type);
        assert_eq!(class_of(src, "x ="), H::Plain);
        assert_eq!(class_of(src, "1.5"), H::Number);
        assert_eq!(class_of(src, "'a'"), H::Char);
        assert_eq!(class_of(src, "if"), H::Keyword);
        assert_eq!(class_of(src, "return"), H::Keyword);
        assert_eq!(class_of(src, "printf"), H::Builtin);
        assert_eq!(class_of(src, "abs"), H::Builtin);
        assert_eq!(class_of(src, "\"%d"), H::String);
        assert_eq!(class_of(src, "{"), H::Punct);
    }

    #[test]
    fn mpi_names_types_and_constants() {
        let src =
            "MPI_Status st; MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st); \
                   p = NULL; MPI_Bogus_thing = 1;";
        assert_eq!(class_of(src, "MPI_Status"), H::Type);
        assert_eq!(class_of(src, "MPI_Recv"), H::MpiName);
        assert_eq!(class_of(src, "MPI_INT"), H::MpiName);
        assert_eq!(class_of(src, "MPI_ANY_SOURCE"), H::MpiName);
        assert_eq!(class_of(src, "MPI_Bogus"), H::MpiName);
        assert_eq!(class_of(src, "NULL"), H::Builtin);
    }

    #[test]
    fn comments_and_directives_between_tokens() {
        let src = "#include <mpi.h>\n#define N 10 /* size */ // more\n  # define M \\\n  (N*2)\n\
                   int a = N; /* multi\nline */ int b; // end";
        assert_eq!(
            classes(src),
            vec![
                ("#include <mpi.h>", H::Preprocessor),
                ("#define N 10", H::Preprocessor),
                ("/* size */", H::Comment),
                ("// more", H::Comment),
                ("# define M \\\n  (N*2)", H::Preprocessor),
                ("int", H::Type),
                ("a", H::Plain),
                ("=", H::Punct),
                ("N", H::Macro),
                (";", H::Punct),
                ("/* multi\nline */", H::Comment),
                ("int", H::Type),
                ("b", H::Plain),
                (";", H::Punct),
                ("// end", H::Comment),
            ]
        );
    }

    #[test]
    fn macro_expansions_are_one_span_at_the_use() {
        // `M` expands to five tokens with M's span; `E` to none; `K` to a keyword.
        let src = "#define M (N*2)\n#define N 3\n#define E\n#define K return\nint f() { E K M; }";
        assert_eq!(class_of(src, "M;"), H::Macro);
        assert_eq!(class_of(src, "E K"), H::Macro);
        assert_eq!(class_of(src, "K M"), H::Macro);
        assert_eq!(class_of(src, "f()"), H::Function);
    }

    #[test]
    fn broken_input_still_covers_everything() {
        for src in [
            "\"never closed\nint x;",
            "'a",
            "'ab' x",
            "/* never closed\nint x;",
            "int x = 08 @@ $ ` 1e+;",
            "a # b\n#\n#if X\n#define F(x) x\n",
            "héllo → 世界 \"ü\" 'é' /* ß */",
            "\\\n#define A 1 \\",
            "/",
            "#define X /* open",
            "\r\n\t\x0b\x0c\0",
        ] {
            checked(src);
        }
        assert_eq!(
            classes("x = \"open\ny;"),
            vec![
                ("x", H::Plain),
                ("=", H::Punct),
                ("\"open", H::String),
                ("y", H::Plain),
                (";", H::Punct),
            ]
        );
        assert_eq!(class_of("int a; /* open", "/*"), H::Comment);
        assert!(highlight("").is_empty());
    }

    #[test]
    fn every_token_boundary_is_a_span_boundary() {
        let src = include_str!("../../../../examples/collectives.c");
        let spans = checked(src);
        let starts: std::collections::BTreeSet<usize> =
            spans.iter().map(|h| h.span.start).collect();
        let (tokens, diags) = lex(src);
        assert!(diags.is_empty());
        for tok in tokens.iter().filter(|t| !t.span.is_empty()) {
            let at = spans
                .iter()
                .find(|h| h.span.contains(&tok.span.start))
                .expect("covered");
            // Either the token starts a span, or it continues one of its own class (`)` `;`).
            assert!(
                starts.contains(&tok.span.start) || at.class == H::Punct || at.class == H::Plain,
                "{tok:?} inside {at:?}"
            );
        }
    }

    #[test]
    fn example_classes_snapshot() {
        let src = include_str!("../../../../examples/pingpong_naive.c");
        let text: String = checked(src)
            .iter()
            .filter(|h| !src[h.span.clone()].trim().is_empty())
            .map(|h| format!("{:<8} {:?}\n", h.class.name(), src[h.span.clone()].trim()))
            .collect();
        insta::assert_snapshot!(text);
    }

    #[test]
    fn class_names_are_distinct() {
        let names: std::collections::BTreeSet<&str> =
            HighlightClass::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(names.len(), HighlightClass::ALL.len());
    }

    /// C-like fragments, so the generated text hits literals, comments and directives often.
    fn c_like() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("#".to_string()),
            Just("#define N 4\n".to_string()),
            Just("#define E\n".to_string()),
            Just("N".to_string()),
            Just("E".to_string()),
            Just("/*".to_string()),
            Just("*/".to_string()),
            Just("//".to_string()),
            Just("\\\n".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just("\\".to_string()),
            Just("\n".to_string()),
            Just(" ".to_string()),
            Just("MPI_Send(".to_string()),
            Just("printf".to_string()),
            Just("int".to_string()),
            Just("0x".to_string()),
            Just("1e".to_string()),
            Just("é".to_string()),
            "[a-z_0-9]{1,4}",
            "[-+*/%<>=!&|^~?:;,.(){}\\[\\]]{1,3}",
            any::<char>().prop_map(String::from),
        ];
        prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn any_text_is_covered_exactly(src in any::<String>()) {
            checked(&src);
        }

        #[test]
        fn any_c_like_text_is_covered_exactly(src in c_like()) {
            checked(&src);
        }
    }
}
