//! The C preprocessor: drives the [scanner](crate::lang::syntax::lexer) over the source, obeys the directives
//! and expands macros, producing the tokens the parser reads.
//!
//! - `#define` object-like and function-like macros (with `...` and `__VA_ARGS__`), `#` and `##`,
//!   `#undef`; expansion follows C99 6.10.3: arguments are expanded before substitution (except
//!   next to `#` or `##`), the result is rescanned, and a macro is never expanded inside its own
//!   expansion (Prosser's hide sets).
//! - `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif` with `defined` and C's integer
//!   constant expressions in `intmax_t`/`uintmax_t` (unknown names are 0).
//! - `#include <…>` of a [known header](crate::lang::syntax::headers) defines that header's macros;
//!   `#include "x.h"` reads `x.h` from the program's files ([`FileMap`]), nested at most
//!   [`MAX_INCLUDE_DEPTH`] deep; any other include is an error naming the program's headers. `#error` reports its text, `#pragma` and
//!   `#warning` are ignored, `#line` is rejected.
//! - Macros the program's file set defines for every unit ([`FileMap::defines`]: the compiler's
//!   `-D NAME=VALUE`).
//! - `__FILE__`, `__LINE__`, `__STDC__`, `__STDC_VERSION__` (`199901L`), `__STDC_HOSTED__`,
//!   `__linux__`, `__unix__`, `__LP64__`.
//!
//! Diagnostics point at the user's source: a token from a macro's body carries the span of the
//! macro's use (`N`, or `MAX(a, b)` from the name to the `)`), a token from an argument keeps its
//! own. Every error is a spanned diagnostic and processing goes on; the work is bounded
//! ([`MAX_EXPANSION_STEPS`], [`MAX_MACRO_DEPTH`]) so no input can make it hang or exhaust memory.
//!
//! Here: the tokens, the expansion loop and its budget. By concern: `macros` (definitions,
//! invocation, `#` and `##`), `directive` (every `#` line), `if_expr` (`#if`'s expressions).

mod directive;
mod if_expr;
mod library_externs;
mod macros;
#[cfg(test)]
mod tests;

use if_expr::*;
use macros::*;

use std::collections::HashMap;
use std::rc::Rc;

use crate::lang::diagnostic::Diagnostic;
use crate::lang::sources::FileMap;
use crate::lang::syntax::ast::Span;
use crate::lang::syntax::headers::{header, inttypes_defines, HEADERS};
use crate::lang::syntax::lexer::{is_ident_start, Scanner};
use crate::lang::syntax::token::{LiteralForm, Punct, Token, TokenKind};

/// The file name `__FILE__` gives when the caller names none.
pub const DEFAULT_FILE: &str = "program.c";

/// How much macro expansion the whole input may do: tokens produced by substitution, plus the
/// bytes of tokens made by `#` and `##`.
pub const MAX_EXPANSION_STEPS: usize = 1 << 18;

/// How deeply macro arguments may contain macro calls whose arguments contain macro calls, ….
pub const MAX_MACRO_DEPTH: usize = 64;

/// How deeply `#if` expressions may nest (parentheses and unary operators).
pub const MAX_IF_NESTING: usize = 100;

/// Macros every program starts with (besides `__FILE__` and `__LINE__`).
const PREDEFINED: &[&str] = &[
    "__STDC__ 1",
    "__STDC_VERSION__ 199901L",
    "__STDC_HOSTED__ 1",
    "__linux__ 1",
    "__unix__ 1",
    "__LP64__ 1",
    // `NULL` is a built-in constant of the compiler; this only makes `#ifdef NULL` true.
    "NULL NULL",
];

/// How deeply `#include "x.h"` may nest (a header including itself without a guard stops here).
pub const MAX_INCLUDE_DEPTH: usize = 32;

/// Preprocesses and lexes `source`, a file called `file` (for `__FILE__`). The tokens always end
/// with one [`TokenKind::Eof`]; the diagnostics are in source order.
pub fn run(source: &str, file: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    run_unit(&FileMap::single(file, source), 0)
}

/// Preprocesses and lexes file `unit` of `map` as one translation unit: `#include "x.h"` reads
/// the header from the map. Spans are offsets in [`FileMap::text`]; the tokens end with one
/// [`TokenKind::Eof`] at the end of the file.
pub fn run_unit(map: &FileMap, unit: usize) -> (Vec<Token>, Vec<Diagnostic>) {
    let placed = &map.files[unit];
    let end = placed.base + placed.len;
    let mut sc = Scanner::new(&map.text[..end]);
    sc.pos = placed.base;
    let mut pp = Pp {
        sc,
        map,
        includes: Vec::new(),
        pending_include: None,
        macros: HashMap::new(),
        conds: Vec::new(),
        diags: Vec::new(),
        steps: 0,
        overflowed: false,
        too_deep: false,
    };
    for line in PREDEFINED
        .iter()
        .copied()
        .chain(map.defines.iter().map(String::as_str))
    {
        pp.define_builtin(line);
    }
    for (name, kind) in [("__LINE__", MacroKind::Line), ("__FILE__", MacroKind::File)] {
        let name: Rc<str> = name.into();
        let m = Macro {
            name: Rc::clone(&name),
            kind,
            body: Vec::new(),
        };
        pp.macros.insert(name, Rc::new(m));
    }
    let mut expanded = Vec::new();
    let mut input = Input {
        stack: Vec::new(),
        source: true,
    };
    pp.expand(&mut input, &mut expanded, 0);
    for cond in std::mem::take(&mut pp.conds) {
        pp.diags.push(
            Diagnostic::error(format!("this `#{}` is never closed", cond.name), cond.span)
                .with_label("add an `#endif` for it"),
        );
    }
    let mut tokens = Vec::with_capacity(expanded.len() + 1);
    for t in expanded {
        match t.kind {
            PpKind::C(kind) => tokens.push(Token {
                kind,
                span: t.span,
                literal: t.literal,
            }),
            PpKind::Hash | PpKind::HashHash => pp.diags.push(
                Diagnostic::error("unexpected `#` in the middle of a line", t.span)
                    .with_label("preprocessor directives start a line"),
            ),
        }
    }
    library_externs::drop_redeclarations(&mut tokens, &mut pp.diags);
    tokens.push(Token::new(TokenKind::Eof, end..end));
    let mut diags = pp.sc.diags;
    diags.extend(pp.diags);
    diags.sort_by_key(|d| d.span.start);
    (tokens, diags)
}

/// A preprocessing token: a C token, or `#`/`##` (operators in macro bodies).
#[derive(Clone, Debug, PartialEq)]
enum PpKind {
    C(TokenKind),
    Hash,
    HashHash,
}

/// The macros a token must not be expanded as (C's "painted blue" names), shared.
type HideSet = Option<Rc<Vec<Rc<str>>>>;

#[derive(Clone, Debug)]
struct PpTok {
    kind: PpKind,
    literal: LiteralForm,
    span: Span,
    /// How it is spelled (for `#`, `##` and macro names).
    text: Rc<str>,
    /// Whitespace before it (for `#`).
    space: bool,
    hide: HideSet,
}

impl PpTok {
    /// The identifier or keyword it is, if it is a word.
    fn word(&self) -> Option<&str> {
        match self.kind {
            PpKind::C(_)
                if self
                    .text
                    .as_bytes()
                    .first()
                    .is_some_and(|&c| is_ident_start(c)) =>
            {
                Some(&self.text)
            }
            _ => None,
        }
    }

    fn is_punct(&self, p: Punct) -> bool {
        self.kind == PpKind::C(TokenKind::Punct(p))
    }

    fn hidden(&self, name: &str) -> bool {
        self.hide
            .as_ref()
            .is_some_and(|h| h.iter().any(|n| &**n == name))
    }
}

/// `a ∪ b`.
fn hide_union(a: &HideSet, b: &HideSet) -> HideSet {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(a), Some(b)) => {
            let mut v: Vec<Rc<str>> = a.to_vec();
            for n in b.iter() {
                if !v.contains(n) {
                    v.push(Rc::clone(n));
                }
            }
            Some(Rc::new(v))
        }
    }
}

/// `a ∩ b`, with `name` added.
fn hide_meet_with(a: &HideSet, b: &HideSet, name: &Rc<str>) -> HideSet {
    let mut v: Vec<Rc<str>> = match (a, b) {
        (Some(a), Some(b)) => a.iter().filter(|n| b.contains(n)).cloned().collect(),
        _ => Vec::new(),
    };
    if !v.contains(name) {
        v.push(Rc::clone(name));
    }
    Some(Rc::new(v))
}

/// One token of a macro's replacement list.
#[derive(Clone, Debug)]
struct BodyTok {
    tok: PpTok,
    /// The parameter it names (function-like macros).
    param: Option<usize>,
}

#[derive(Debug)]
enum MacroKind {
    /// `#define N …`
    Object,
    /// `#define F(a, b, ...) …`: the parameters (`__VA_ARGS__` last when variadic).
    Function {
        params: Vec<Rc<str>>,
        variadic: bool,
    },
    /// `__LINE__`
    Line,
    /// `__FILE__`
    File,
}

#[derive(Debug)]
struct Macro {
    name: Rc<str>,
    kind: MacroKind,
    body: Vec<BodyTok>,
}

/// An open `#if` group.
struct Cond {
    /// `if`, `ifdef` or `ifndef`, for the message when it is never closed.
    name: &'static str,
    span: Span,
    /// Lines of this group are compiled.
    taking: bool,
    /// A group of this chain was taken already (or the whole chain is inside a skipped group).
    done: bool,
    seen_else: bool,
}

/// Where expansion reads from: pending tokens (a stack, next on top), then maybe the source.
struct Input {
    stack: Vec<PpTok>,
    source: bool,
}

struct Pp<'a> {
    sc: Scanner<'a>,
    /// The program's files (for `#include "x.h"`, `__FILE__` and `__LINE__`).
    map: &'a FileMap,
    /// The scanners of the files that include the one being read, innermost last.
    includes: Vec<Scanner<'a>>,
    /// The file an `#include` line just named, read once the line is consumed.
    pending_include: Option<usize>,
    macros: HashMap<Rc<str>, Rc<Macro>>,
    conds: Vec<Cond>,
    diags: Vec<Diagnostic>,
    steps: usize,
    overflowed: bool,
    too_deep: bool,
}

/// Scans the tokens of the rest of a directive line (the scanner stays before its newline).
fn line_tokens(sc: &mut Scanner<'_>) -> Vec<PpTok> {
    let mut out = Vec::new();
    loop {
        let space = sc.skip_trivia(true);
        if sc.at_line_end() {
            return out;
        }
        if let Some(t) = scan_one(sc, space) {
            out.push(t);
        }
    }
}

/// One token at the scanner's position (not trivia), `#` and `##` included.
fn scan_one(sc: &mut Scanner<'_>, space: bool) -> Option<PpTok> {
    let start = sc.pos;
    let (kind, literal) = if sc.peek() == Some(b'#') {
        let double = sc.peek_at(1) == Some(b'#');
        sc.pos += 1 + usize::from(double);
        let kind = if double {
            PpKind::HashHash
        } else {
            PpKind::Hash
        };
        (kind, LiteralForm::default())
    } else {
        let tok = sc.token()?;
        (PpKind::C(tok.kind), tok.literal)
    };
    Some(PpTok {
        kind,
        literal,
        span: start..sc.pos,
        text: sc.src[start..sc.pos].into(),
        space,
        hide: None,
    })
}

impl Pp<'_> {
    fn error(&mut self, message: impl Into<String>, span: Span, label: &str) {
        self.diags
            .push(Diagnostic::error(message, span).with_label(label.to_string()));
    }

    fn skipping(&self) -> bool {
        self.conds.last().is_some_and(|c| !c.taking)
    }

    /// Defines a macro from a `#define` line without the `#define` (a header's or a predefined
    /// one); such lines are known to be valid.
    fn define_builtin(&mut self, line: &str) {
        let mut sc = Scanner::new(line);
        if let Ok(m) = parse_define(&mut sc, 0) {
            self.macros.insert(Rc::clone(&m.name), Rc::new(m));
        }
    }

    /// The next token of the source after the directives and skipped groups before it.
    fn source_token(&mut self) -> Option<PpTok> {
        let mut space = false;
        loop {
            space |= self.sc.skip_trivia(false);
            let Some(c) = self.sc.peek() else {
                // The end of an included header: back to the file that included it.
                let outer = self.includes.pop()?;
                let inner = std::mem::replace(&mut self.sc, outer);
                self.diags.extend(inner.diags);
                continue;
            };
            if c == b'#' && self.sc.line_start {
                self.directive();
                continue;
            }
            if self.skipping() {
                self.sc.skip_inactive_line();
                self.sc.line_start = false;
                continue;
            }
            self.sc.line_start = false;
            if let Some(t) = scan_one(&mut self.sc, space) {
                return Some(t);
            }
        }
    }

    fn next(&mut self, input: &mut Input) -> Option<PpTok> {
        match input.stack.pop() {
            Some(t) => Some(t),
            None if input.source => self.source_token(),
            None => None,
        }
    }

    /// Expands `input` to its end into `out`.
    fn expand(&mut self, input: &mut Input, out: &mut Vec<PpTok>, depth: usize) {
        while let Some(t) = self.next(input) {
            let m = match t.word() {
                Some(w) if !self.overflowed && !t.hidden(w) => self.macros.get(w).cloned(),
                _ => None,
            };
            let Some(m) = m else {
                out.push(t);
                continue;
            };
            match self.invoke(&t, &m, input, depth) {
                Some(expansion) => input.stack.extend(expansion.into_iter().rev()),
                None => out.push(t),
            }
        }
    }

    /// Expands a list of tokens by itself (a macro argument, an `#if` line).
    fn expand_list(&mut self, toks: Vec<PpTok>, depth: usize) -> Vec<PpTok> {
        if depth > MAX_MACRO_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let span = toks.first().map_or(0..0, |t| t.span.clone());
                self.diags.push(
                    Diagnostic::error("macros are nested too deeply", span)
                        .with_label("expanding this macro")
                        .with_note(format!(
                            "at most {MAX_MACRO_DEPTH} macro arguments may hold macro calls inside each other"
                        )),
                );
            }
            return toks;
        }
        let mut input = Input {
            stack: toks.into_iter().rev().collect(),
            source: false,
        };
        let mut out = Vec::new();
        self.expand(&mut input, &mut out, depth);
        out
    }

    /// Counts expansion work; false (after one error) once over the budget.
    fn spend(&mut self, steps: usize, span: &Span) -> bool {
        self.steps = self.steps.saturating_add(steps);
        if self.steps > MAX_EXPANSION_STEPS && !self.overflowed {
            self.overflowed = true;
            self.diags.push(
                Diagnostic::error("macro expansion produces too much code", span.clone())
                    .with_label("expanding this macro exceeds the limit")
                    .with_note(format!(
                        "at most {MAX_EXPANSION_STEPS} tokens may come from macros"
                    )),
            );
        }
        !self.overflowed
    }
}

/// `s` with `\` and `"` escaped, as inside a string literal.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
