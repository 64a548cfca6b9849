//! The scanner: source text → C tokens, each with its span. The [preprocessor](crate::lang::syntax::preprocess)
//! drives it line by line (directives, macros, conditional groups); [`lex`] runs both.
//!
//! - `/* … */` and `//` comments are skipped; an unterminated block comment is an error.
//! - A bad character, literal or escape is a diagnostic; scanning always continues to the end.
//! - Number literals keep how they were written ([`LiteralForm`]: `10UL`, `0x1F`, `1.5f`), since a
//!   token from a macro carries the span of the macro's use, not of its spelling.

use crate::lang::diagnostic::Diagnostic;
use crate::lang::syntax::ast::Span;
use crate::lang::syntax::token::{keyword, LiteralForm, Punct, Token, TokenKind};

/// Lexes and preprocesses `source` (as a file called `program.c`, for `__FILE__`). The tokens
/// always end with one [`TokenKind::Eof`]; the diagnostics are in source order.
pub fn lex(source: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    crate::lang::syntax::preprocess::run(source, crate::lang::syntax::preprocess::DEFAULT_FILE)
}

/// Scans raw tokens; the preprocessor decides what the lines mean.
pub(super) struct Scanner<'a> {
    pub(super) src: &'a str,
    pub(super) pos: usize,
    /// No token yet on the current line (a `#` here starts a directive).
    pub(super) line_start: bool,
    pub(super) diags: Vec<Diagnostic>,
}

pub(super) fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

pub(super) fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl<'a> Scanner<'a> {
    pub(super) fn new(src: &'a str) -> Scanner<'a> {
        Scanner {
            src,
            pos: 0,
            line_start: true,
            diags: Vec::new(),
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    pub(super) fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + ahead).copied()
    }

    fn error(&mut self, message: impl Into<String>, span: Span, label: &str) {
        self.diags
            .push(Diagnostic::error(message, span).with_label(label.to_string()));
    }

    /// At the end of a directive line (or of the input).
    pub(super) fn at_line_end(&self) -> bool {
        matches!(self.peek(), None | Some(b'\n'))
    }

    /// Skips spaces, newlines and comments; says whether it skipped anything. In a directive
    /// (`in_directive`), stops before a newline that is not escaped by a backslash.
    pub(super) fn skip_trivia(&mut self, in_directive: bool) -> bool {
        let from = self.pos;
        while let Some(c) = self.peek() {
            match c {
                b'\n' => {
                    if in_directive {
                        break;
                    }
                    self.line_start = true;
                    self.pos += 1;
                }
                b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                b'\\' => match (self.peek_at(1), self.peek_at(2)) {
                    (Some(b'\n'), _) => self.pos += 2,
                    (Some(b'\r'), Some(b'\n')) => self.pos += 3,
                    _ => break,
                },
                b'/' if self.peek_at(1) == Some(b'/') => {
                    while let Some(c) = self.peek() {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                b'/' if self.peek_at(1) == Some(b'*') => {
                    let start = self.pos;
                    match self.src[self.pos + 2..].find("*/") {
                        Some(end) => {
                            let comment = &self.src[self.pos..self.pos + 2 + end];
                            if !in_directive && comment.contains('\n') {
                                self.line_start = true;
                            }
                            self.pos += 2 + end + 2;
                        }
                        None => {
                            self.error(
                                "this comment is never closed",
                                start..start + 2,
                                "the comment starts here",
                            );
                            self.pos = self.src.len();
                        }
                    }
                }
                _ => break,
            }
        }
        self.pos > from
    }

    /// Skips one line of a group that `#if` left out, up to (not including) its newline. Its
    /// text is not C: quotes and bad characters are not errors, but a block comment opened here
    /// runs on (possibly over later lines), as in C.
    pub(super) fn skip_inactive_line(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b'\n' => return,
                b'/' if self.peek_at(1) == Some(b'*') => {
                    match self.src[self.pos + 2..].find("*/") {
                        Some(end) => self.pos += 2 + end + 2,
                        None => self.pos = self.src.len(),
                    }
                }
                b'/' if self.peek_at(1) == Some(b'/') => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.pos += 1;
                    }
                }
                b'"' | b'\'' => {
                    self.pos += 1;
                    while let Some(d) = self.peek() {
                        match d {
                            b'\n' => break,
                            b'\\' => self.pos += 2,
                            _ if d == c => {
                                self.pos += 1;
                                break;
                            }
                            _ => self.pos += 1,
                        }
                    }
                    self.pos = self.pos.min(self.src.len());
                }
                b'\\' if self.peek_at(1) == Some(b'\n') => self.pos += 2,
                _ => self.pos += 1,
            }
        }
    }

    /// Reads an identifier at the current position, if there is one.
    pub(super) fn ident(&mut self) -> Option<(String, Span)> {
        let start = self.pos;
        if !self.peek().is_some_and(is_ident_start) {
            return None;
        }
        while self.peek().is_some_and(is_ident_char) {
            self.pos += 1;
        }
        Some((self.src[start..self.pos].to_string(), start..self.pos))
    }

    /// One token at the current position (which is not trivia nor `#`). Always advances; `None`
    /// after a diagnostic when nothing usable was found.
    pub(super) fn token(&mut self) -> Option<Token> {
        let start = self.pos;
        let c = self.peek()?;
        if is_ident_start(c) {
            let (name, span) = self.ident()?;
            let kind = keyword(&name).unwrap_or(TokenKind::Ident(name));
            return Some(Token::new(kind, span));
        }
        // A malformed literal still yields a token (after its diagnostic), so the parser does
        // not report the same mistake again.
        if c.is_ascii_digit() || (c == b'.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit()))
        {
            let tok = self.number();
            return tok.or(Some(Token::new(TokenKind::Int(0), start..self.pos)));
        }
        if c == b'\'' {
            let tok = self.char_literal();
            return tok.or(Some(Token::new(TokenKind::Char(0), start..self.pos)));
        }
        if c == b'"' {
            let tok = self.string_literal();
            return tok.or(Some(Token::new(
                TokenKind::Str(String::new()),
                start..self.pos,
            )));
        }
        let rest = &self.src[self.pos..];
        if let Some((text, p)) = Punct::ALL.iter().find(|(text, _)| rest.starts_with(text)) {
            self.pos += text.len();
            return Some(Token::new(TokenKind::Punct(*p), start..self.pos));
        }
        // A run of characters that cannot start a token: one diagnostic for the run.
        let mut end = self.pos;
        for (i, ch) in rest.char_indices() {
            let b = rest.as_bytes()[i];
            let starts_token = ch.is_ascii()
                && (b.is_ascii_alphanumeric()
                    || b.is_ascii_whitespace()
                    || b"_'\"#/".contains(&b)
                    || Punct::ALL.iter().any(|(t, _)| t.as_bytes()[0] == b));
            if i > 0 && starts_token {
                break;
            }
            end = self.pos + i + ch.len_utf8();
        }
        let text = &self.src[start..end];
        let shown: String = text.chars().take(8).collect();
        let message = if text.chars().count() == 1 {
            format!("unexpected character `{shown}`")
        } else {
            format!("unexpected characters `{shown}`")
        };
        self.error(message, start..end, "not part of the language");
        self.pos = end;
        None
    }

    fn number(&mut self) -> Option<Token> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut is_float = false;
        let hex = self.peek() == Some(b'0') && matches!(self.peek_at(1), Some(b'x' | b'X'));
        if hex {
            self.pos += 2;
            while self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
            }
        } else {
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            if self.peek() == Some(b'.') {
                is_float = true;
                self.pos += 1;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
            if matches!(self.peek(), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(self.peek_at(1), Some(b'+' | b'-')));
                if self.peek_at(1 + sign).is_some_and(|c| c.is_ascii_digit()) {
                    is_float = true;
                    self.pos += 1 + sign;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.pos += 1;
                    }
                } else {
                    self.pos += 1 + sign;
                    self.error(
                        "this exponent has no digits",
                        start..self.pos,
                        "write it like `1e-3`",
                    );
                    self.skip_suffix();
                    return None;
                }
            }
        }
        let digits_end = self.pos;
        self.skip_suffix();
        let suffix = &self.src[digits_end..self.pos];
        let span = start..self.pos;
        let text = &self.src[start..digits_end];
        let decimal = !hex && (is_float || !text.starts_with('0') || text == "0");
        let Some(form) = LiteralForm::parse(suffix, is_float, decimal) else {
            self.error(
                format!("invalid suffix `{suffix}` on a number"),
                span,
                "not a valid number",
            );
            return None;
        };
        if is_float {
            return match text.parse::<f64>() {
                Ok(v) if v.is_finite() => Some(Token {
                    kind: TokenKind::Float(v),
                    span,
                    literal: form,
                }),
                _ => {
                    self.error(
                        "this floating-point number is out of range",
                        span,
                        "too large for a `double`",
                    );
                    None
                }
            };
        }
        let (digits, radix) = if hex {
            (&text[2..], 16)
        } else if text.len() > 1 && bytes[start] == b'0' {
            (&text[1..], 8)
        } else {
            (text, 10)
        };
        if digits.is_empty() {
            self.error(
                "a hexadecimal number needs digits after `0x`",
                span,
                "no digits",
            );
            return None;
        }
        if radix == 8 {
            if let Some(bad) = digits.chars().find(|c| !('0'..='7').contains(c)) {
                self.error(
                    format!("invalid digit `{bad}` in an octal number"),
                    span,
                    "a leading `0` makes the number octal",
                );
                return None;
            }
        }
        // Up to `u64::MAX` (kept as its bit pattern) when C gives the literal an unsigned type:
        // hexadecimal and octal literals, or a `u` suffix.
        match u64::from_str_radix(digits, radix) {
            Ok(v) if v <= i64::MAX as u64 || form.unsigned || radix != 10 => Some(Token {
                kind: TokenKind::Int(v as i64),
                span,
                literal: form,
            }),
            _ => {
                self.error("this integer is too large", span, "does not fit");
                None
            }
        }
    }

    fn skip_suffix(&mut self) {
        while self.peek().is_some_and(|c| is_ident_char(c) || c == b'.') {
            self.pos += 1;
        }
    }

    /// A backslash at `self.pos` that ends its line splices the next line on (C's translation
    /// phase 2, also inside a string or character literal): steps over it and says so.
    fn splice(&mut self) -> bool {
        let len = match (self.peek_at(1), self.peek_at(2)) {
            (Some(b'\n'), _) => 2,
            (Some(b'\r'), Some(b'\n')) => 3,
            _ => return false,
        };
        self.pos += len;
        true
    }

    /// Decodes one escape sequence after a backslash at `self.pos`; advances past it.
    fn escape(&mut self) -> u8 {
        let start = self.pos;
        self.pos += 1;
        let Some(c) = self.peek() else {
            return b'\\';
        };
        self.pos += 1;
        match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'\\' => b'\\',
            b'\'' => b'\'',
            b'"' => b'"',
            b'?' => b'?',
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                u8::try_from(v).unwrap_or_else(|_| {
                    self.error(
                        "this octal escape is larger than a byte",
                        start..self.pos,
                        "at most `\\377`",
                    );
                    0
                })
            }
            b'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while let Some(d) = self.peek().and_then(|d| (d as char).to_digit(16)) {
                    v = v.saturating_mul(16).saturating_add(d);
                    n += 1;
                    self.pos += 1;
                }
                if n == 0 {
                    self.error(
                        "`\\x` needs hexadecimal digits",
                        start..self.pos,
                        "like `\\x41`",
                    );
                    return 0;
                }
                u8::try_from(v).unwrap_or_else(|_| {
                    self.error(
                        "this hexadecimal escape is larger than a byte",
                        start..self.pos,
                        "at most `\\xff`",
                    );
                    0
                })
            }
            _ => {
                // Step over the whole (possibly multi-byte) character.
                let ch = self.src[self.pos - 1..].chars().next().unwrap_or('?');
                self.pos += ch.len_utf8() - 1;
                self.error(
                    format!("unknown escape sequence `\\{ch}`"),
                    start..self.pos,
                    "known escapes: \\n \\t \\\\ \\\" \\' \\0",
                );
                c
            }
        }
    }

    fn char_literal(&mut self) -> Option<Token> {
        let start = self.pos;
        self.pos += 1;
        let mut values = Vec::new();
        let mut bad_char = false;
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    self.error(
                        "this character literal is never closed",
                        start..self.pos,
                        "missing `'`",
                    );
                    return None;
                }
                Some(b'\'') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if self.splice() => {}
                Some(b'\\') => values.push(self.escape()),
                Some(c) if c.is_ascii() => {
                    values.push(c);
                    self.pos += 1;
                }
                Some(_) => {
                    let ch = self.src[self.pos..].chars().next().unwrap_or('?');
                    self.pos += ch.len_utf8();
                    bad_char = true;
                    values.push(0);
                }
            }
        }
        let span = start..self.pos;
        if bad_char {
            self.error(
                "only ASCII characters fit in a character literal",
                span,
                "not ASCII",
            );
            return None;
        }
        match values.as_slice() {
            [v] => Some(Token::new(TokenKind::Char(*v), span)),
            [] => {
                self.error("empty character literal", span, "put one character here");
                None
            }
            _ => {
                self.error(
                    "a character literal holds one character",
                    span,
                    "use double quotes for a string",
                );
                None
            }
        }
    }

    fn string_literal(&mut self) -> Option<Token> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    self.error(
                        "this string is never closed",
                        start..self.pos,
                        "missing `\"` before the end of the line",
                    );
                    return None;
                }
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if self.splice() => {}
                Some(b'\\') => bytes.push(self.escape()),
                Some(c) => {
                    bytes.push(c);
                    self.pos += 1;
                }
            }
        }
        Some(Token::new(
            TokenKind::Str(String::from_utf8_lossy(&bytes).into_owned()),
            start..self.pos,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let (toks, diags) = lex(src);
        assert!(diags.is_empty(), "{diags:?}");
        toks.into_iter().map(|t| t.kind).collect()
    }

    fn errors(src: &str) -> Vec<String> {
        lex(src).1.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn numbers_in_all_forms() {
        use TokenKind::*;
        assert_eq!(
            kinds("42 0x1F 017 0 1.0 1e-3 .5 2.f 3L 7u"),
            vec![
                Int(42),
                Int(31),
                Int(15),
                Int(0),
                Float(1.0),
                Float(0.001),
                Float(0.5),
                Float(2.0),
                Int(3),
                Int(7),
                Eof
            ]
        );
    }

    #[test]
    fn chars_strings_and_escapes() {
        use TokenKind::*;
        assert_eq!(
            kinds(r#"'a' '\n' '\0' '\'' "x\ty\\\"z\n""#),
            vec![
                Char(b'a'),
                Char(b'\n'),
                Char(0),
                Char(b'\''),
                Str("x\ty\\\"z\n".into()),
                Eof
            ]
        );
    }

    /// A backslash ending a line inside a string or character literal splices the lines, as
    /// C's translation phase 2 (MPICH's `group/groupcreate.c` writes a message so).
    #[test]
    fn a_backslash_newline_splices_inside_literals() {
        use TokenKind::*;
        assert_eq!(
            kinds("\"one\\\ntwo\\n\\\r\nthree\" '\\\nx'"),
            vec![Str("onetwo\nthree".into()), Char(b'x'), Eof]
        );
    }

    #[test]
    fn punctuation_longest_match() {
        use Punct::*;
        let got = kinds("a<<=b>>c->d&&e||f++");
        let puncts: Vec<Punct> = got
            .iter()
            .filter_map(|k| match k {
                TokenKind::Punct(p) => Some(*p),
                _ => None,
            })
            .collect();
        assert_eq!(puncts, vec![ShlAssign, Shr, Arrow, AndAnd, OrOr, PlusPlus]);
    }

    #[test]
    fn comments_includes_and_macros() {
        use TokenKind::*;
        let src = "#include <mpi.h>\n#define N 10 /* size */\n#define M (N*2)\n// hi\nM N";
        assert_eq!(
            kinds(src),
            vec![
                Punct(super::Punct::LParen),
                Int(10),
                Punct(super::Punct::Star),
                Int(2),
                Punct(super::Punct::RParen),
                Int(10),
                Eof
            ]
        );
        // Expanded tokens point at the use.
        let (toks, _) = lex(src);
        let use_at = src.rfind('M').unwrap();
        assert_eq!(toks[0].span, use_at..use_at + 1);
    }

    #[test]
    fn macros_apply_after_definition_and_undef() {
        use TokenKind::*;
        assert_eq!(
            kinds("N\n#define N 1\nN\n#undef N\nN"),
            vec![Ident("N".into()), Int(1), Ident("N".into()), Eof]
        );
    }

    #[test]
    fn self_referential_and_exploding_macros_terminate() {
        assert_eq!(
            kinds("#define A A B\n#define B A\nA"),
            vec![
                TokenKind::Ident("A".into()),
                TokenKind::Ident("A".into()),
                TokenKind::Eof
            ]
        );
        let mut src = String::from("#define M0 x x\n");
        for i in 1..40 {
            src.push_str(&format!("#define M{i} M{} M{}\n", i - 1, i - 1));
        }
        src.push_str("M39\n");
        let errs = errors(&src);
        assert_eq!(errs, vec!["macro expansion produces too much code"]);
        // Empty macros used exponentially often still terminate.
        let mut src = String::from("#define E0\n");
        for i in 1..40 {
            src.push_str(&format!("#define E{i} E{} E{}\n", i - 1, i - 1));
        }
        src.push_str("E39\n");
        assert_eq!(errors(&src), vec!["macro expansion produces too much code"]);
    }

    #[test]
    fn lexical_errors_are_reported_and_lexing_continues() {
        let errs = errors("int @ x = 08; 'ab' \"open\n /* never");
        assert_eq!(
            errs,
            vec![
                "unexpected character `@`",
                "invalid digit `8` in an octal number",
                "a character literal holds one character",
                "this string is never closed",
                "this comment is never closed",
            ]
        );
        assert_eq!(
            errors("1e+ 0x 1.5u 9223372036854775808"),
            vec![
                "this exponent has no digits",
                "a hexadecimal number needs digits after `0x`",
                "invalid suffix `u` on a number",
                "this integer is too large",
            ]
        );
    }

    #[test]
    fn literals_keep_their_form() {
        let (toks, diags) =
            lex("10UL 0x1F 017 1.5f 2.0 0xFFFFFFFFFFFFFFFF 18446744073709551615u 0");
        assert!(diags.is_empty(), "{diags:?}");
        let forms: Vec<(bool, u8, bool, bool)> = toks
            .iter()
            .map(|t| {
                let f = t.literal;
                (f.unsigned, f.longs, f.float, f.decimal)
            })
            .collect();
        assert_eq!(
            forms[..8],
            [
                (true, 1, false, true),
                (false, 0, false, false),
                (false, 0, false, false),
                (false, 0, true, true),
                (false, 0, false, true),
                (false, 0, false, false),
                (true, 0, false, true),
                (false, 0, false, true),
            ]
        );
        assert_eq!(toks[5].kind, TokenKind::Int(-1));
        assert_eq!(toks[6].kind, TokenKind::Int(-1));
    }

    #[test]
    fn directive_continuation_lines() {
        use TokenKind::*;
        assert_eq!(
            kinds("#define N 1 + \\\n 2\nN"),
            vec![Int(1), Punct(super::Punct::Plus), Int(2), Eof]
        );
    }
}
