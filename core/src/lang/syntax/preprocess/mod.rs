//! The C preprocessor: drives the [scanner](crate::lang::syntax::lexer) over the source, obeys the directives
//! and expands macros, producing the tokens the parser reads.
//!
//! - `#define` object-like and function-like macros (with `...` and `__VA_ARGS__`), `#` and `##`,
//!   `#undef`; expansion follows C99 6.10.3: arguments are expanded before substitution (except
//!   next to `#` or `##`), the result is rescanned, and a macro is never expanded inside its own
//!   expansion (Prosser's hide sets).
//! - `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif` with `defined` and C's integer
//!   constant expressions in `intmax_t`/`uintmax_t` (unknown names are 0).
//! - `#include <…>` of a [known header](crate::lang::syntax::headers) defines that header's macros; any other
//!   include is an error, since Rankscope runs one file. `#error` reports its text, `#pragma` and
//!   `#warning` are ignored, `#line` is rejected.
//! - `__FILE__`, `__LINE__`, `__STDC__`, `__STDC_VERSION__` (`199901L`), `__STDC_HOSTED__`,
//!   `__linux__`, `__unix__`, `__LP64__`.
//!
//! Diagnostics point at the user's source: a token from a macro's body carries the span of the
//! macro's use (`N`, or `MAX(a, b)` from the name to the `)`), a token from an argument keeps its
//! own. Every error is a spanned diagnostic and processing goes on; the work is bounded
//! ([`MAX_EXPANSION_STEPS`], [`MAX_MACRO_DEPTH`]) so no input can make it hang or exhaust memory.

use std::collections::HashMap;
use std::rc::Rc;

use crate::lang::diagnostic::Diagnostic;
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

/// Preprocesses and lexes `source`, a file called `file` (for `__FILE__`). The tokens always end
/// with one [`TokenKind::Eof`]; the diagnostics are in source order.
pub fn run(source: &str, file: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut pp = Pp {
        sc: Scanner::new(source),
        file,
        macros: HashMap::new(),
        conds: Vec::new(),
        diags: Vec::new(),
        steps: 0,
        overflowed: false,
        too_deep: false,
        line_starts: std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect(),
    };
    for line in PREDEFINED {
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
    tokens.push(Token::new(TokenKind::Eof, source.len()..source.len()));
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
    file: &'a str,
    macros: HashMap<Rc<str>, Rc<Macro>>,
    conds: Vec<Cond>,
    diags: Vec<Diagnostic>,
    steps: usize,
    overflowed: bool,
    too_deep: bool,
    line_starts: Vec<usize>,
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

/// Parses the rest of a `#define` line after the directive name: the macro, or the error.
fn parse_define(sc: &mut Scanner<'_>, hash: usize) -> Result<Macro, Diagnostic> {
    sc.skip_trivia(true);
    let Some((name, name_span)) = sc.ident() else {
        let at = sc.pos;
        let end = at + usize::from(!sc.at_line_end());
        return Err(
            Diagnostic::error("expected a macro name after `#define`", at..end)
                .with_label("write `#define NAME value`"),
        );
    };
    if name == "defined" {
        return Err(
            Diagnostic::error("`defined` cannot be a macro name", name_span)
                .with_label("the preprocessor's operator"),
        );
    }
    let mut kind = MacroKind::Object;
    if sc.peek() == Some(b'(') {
        sc.pos += 1;
        let mut params: Vec<Rc<str>> = Vec::new();
        let mut variadic = false;
        let open = sc.pos - 1;
        loop {
            sc.skip_trivia(true);
            if params.is_empty() && sc.peek() == Some(b')') {
                sc.pos += 1;
                break;
            }
            let at = sc.pos;
            if sc.src[at..].starts_with("...") {
                sc.pos += 3;
                variadic = true;
                params.push("__VA_ARGS__".into());
            } else if let Some((p, span)) = sc.ident() {
                if params.iter().any(|q| **q == *p) {
                    return Err(Diagnostic::error(
                        format!("the parameter `{p}` appears twice in macro `{name}`"),
                        span,
                    )
                    .with_label("a second parameter of this name"));
                }
                params.push(p.into());
            } else {
                return Err(Diagnostic::error(
                    format!("expected a parameter name in macro `{name}`"),
                    open..at.max(open + 1),
                )
                .with_label("parameters are names separated by commas"));
            }
            sc.skip_trivia(true);
            match sc.peek() {
                Some(b')') => {
                    sc.pos += 1;
                    break;
                }
                Some(b',') if !variadic => sc.pos += 1,
                _ => {
                    let label = if variadic {
                        "`...` must be the last parameter"
                    } else {
                        "expected `,` or `)`"
                    };
                    return Err(Diagnostic::error(
                        format!("the parameter list of macro `{name}` is not closed"),
                        hash..sc.pos.max(hash + 1),
                    )
                    .with_label(label));
                }
            }
        }
        kind = MacroKind::Function { params, variadic };
    }
    let toks = line_tokens(sc);
    let params: &[Rc<str>] = match &kind {
        MacroKind::Function { params, .. } => params,
        _ => &[],
    };
    let body: Vec<BodyTok> = toks
        .into_iter()
        .map(|tok| {
            let param = tok
                .word()
                .and_then(|w| params.iter().position(|p| **p == *w));
            BodyTok { tok, param }
        })
        .collect();
    for (i, b) in body.iter().enumerate() {
        let is_fn = matches!(kind, MacroKind::Function { .. });
        if is_fn && b.tok.kind == PpKind::Hash && body.get(i + 1).is_none_or(|n| n.param.is_none())
        {
            return Err(Diagnostic::error(
                format!("`#` in macro `{name}` must be followed by a parameter name"),
                b.tok.span.clone(),
            )
            .with_label("`#x` makes a string of the argument `x`"));
        }
        if b.tok.kind == PpKind::HashHash && (i == 0 || i + 1 == body.len()) {
            return Err(Diagnostic::error(
                format!("`##` cannot be at either end of macro `{name}`"),
                b.tok.span.clone(),
            )
            .with_label("`##` joins the tokens on its two sides"));
        }
    }
    Ok(Macro {
        name: name.into(),
        kind,
        body,
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
            let c = self.sc.peek()?;
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

    /// The replacement of the use of `m` at `t`, or `None` when `t` is not a use after all (a
    /// function-like macro's name without `(`).
    fn invoke(
        &mut self,
        t: &PpTok,
        m: &Rc<Macro>,
        input: &mut Input,
        depth: usize,
    ) -> Option<Vec<PpTok>> {
        let special = |kind, text: String| {
            Some(vec![PpTok {
                kind: PpKind::C(kind),
                literal: LiteralForm {
                    decimal: true,
                    ..LiteralForm::default()
                },
                span: t.span.clone(),
                text: text.into(),
                space: t.space,
                hide: None,
            }])
        };
        let (params, variadic) = match &m.kind {
            MacroKind::Object => {
                let hide = hide_meet_with(&t.hide, &t.hide, &m.name);
                return Some(self.substitute(m, &[], t.span.clone(), t.space, &hide, depth));
            }
            MacroKind::Line => {
                let line = self.line_starts.partition_point(|&s| s <= t.span.start);
                return special(TokenKind::Int(line as i64), line.to_string());
            }
            MacroKind::File => {
                let quoted = format!("\"{}\"", escape(self.file));
                return special(TokenKind::Str(self.file.to_string()), quoted);
            }
            MacroKind::Function { params, variadic } => (params, *variadic),
        };
        match self.next(input) {
            Some(open) if open.is_punct(Punct::LParen) => {}
            other => {
                input.stack.extend(other);
                return None;
            }
        }
        let mut args: Vec<Vec<PpTok>> = vec![Vec::new()];
        let mut level = 0usize;
        let close = loop {
            let Some(a) = self.next(input) else {
                self.diags.push(
                    Diagnostic::error(
                        format!("the arguments of macro `{}` are never closed", m.name),
                        t.span.clone(),
                    )
                    .with_label("this macro's `(` has no matching `)`"),
                );
                return Some(Vec::new());
            };
            if a.is_punct(Punct::LParen) {
                level += 1;
            } else if a.is_punct(Punct::RParen) {
                if level == 0 {
                    break a;
                }
                level -= 1;
            } else if level == 0
                && a.is_punct(Punct::Comma)
                && !(variadic && args.len() == params.len())
            {
                args.push(Vec::new());
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(a);
            }
        };
        let span = t.span.start.min(close.span.start)..t.span.end.max(close.span.end);
        if params.is_empty() && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if variadic && args.len() + 1 == params.len() {
            args.push(Vec::new());
        }
        if args.len() != params.len() {
            let named = params.len() - usize::from(variadic);
            let wanted = match (named, variadic) {
                (1, false) => "1 argument".to_string(),
                (n, false) => format!("{n} arguments"),
                (n, true) => format!("at least {n} argument{}", if n == 1 { "" } else { "s" }),
            };
            let given = match args.len() {
                1 => "1 was given".to_string(),
                n => format!("{n} were given"),
            };
            self.diags.push(
                Diagnostic::error(
                    format!("macro `{}` takes {wanted}, but {given}", m.name),
                    span,
                )
                .with_label(format!(
                    "`{}({})`",
                    m.name,
                    params
                        .iter()
                        .map(|p| if &**p == "__VA_ARGS__" { "..." } else { p })
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
            return Some(Vec::new());
        }
        let hide = hide_meet_with(&t.hide, &close.hide, &m.name);
        Some(self.substitute(m, &args, span, t.space, &hide, depth))
    }

    /// The body of `m` with `args` substituted, `#` and `##` applied, every token hidden from
    /// `hide`; body tokens get `span`.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<PpTok>],
        span: Span,
        space: bool,
        hide: &HideSet,
        depth: usize,
    ) -> Vec<PpTok> {
        let mut expanded: Vec<Option<Vec<PpTok>>> = vec![None; args.len()];
        let mut out: Vec<PpTok> = Vec::new();
        let mut last_len = 0usize;
        let mut paste = false;
        let is_fn = matches!(m.kind, MacroKind::Function { .. });
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            let mut operand: Vec<PpTok> = if is_fn && b.tok.kind == PpKind::Hash {
                let p = body.get(i + 1).and_then(|n| n.param).unwrap_or(0);
                i += 2;
                let s = self.stringize(args.get(p).map_or(&[][..], |a| a), &span, b.tok.space);
                vec![s]
            } else if b.tok.kind == PpKind::HashHash {
                paste = true;
                i += 1;
                continue;
            } else if let Some(p) = b.param {
                let raw = paste
                    || body
                        .get(i + 1)
                        .is_some_and(|n| n.tok.kind == PpKind::HashHash);
                i += 1;
                let arg = args.get(p).cloned().unwrap_or_default();
                if raw {
                    arg
                } else {
                    match &expanded[p] {
                        Some(e) => e.clone(),
                        None => {
                            let e = self.expand_list(arg, depth + 1);
                            expanded[p] = Some(e.clone());
                            e
                        }
                    }
                }
            } else {
                i += 1;
                let mut tok = b.tok.clone();
                tok.span = span.clone();
                vec![tok]
            };
            if let Some(first) = operand.first_mut() {
                first.space = b.tok.space;
            }
            if paste {
                paste = false;
                if operand.is_empty() {
                    continue;
                }
                if last_len > 0 {
                    if let Some(left) = out.pop() {
                        let right = operand.remove(0);
                        let joined = self.paste(left, right, &span);
                        out.extend(joined);
                    }
                }
            }
            last_len = operand.len();
            out.extend(operand);
        }
        if let Some(first) = out.first_mut() {
            first.space = space;
        }
        for tok in &mut out {
            tok.hide = hide_union(&tok.hide, hide);
        }
        if !self.spend(1 + out.len(), &span) {
            return Vec::new();
        }
        out
    }

    /// `#arg`: the argument's spelling as a string literal.
    fn stringize(&mut self, arg: &[PpTok], span: &Span, space: bool) -> PpTok {
        let mut value = String::new();
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.space {
                value.push(' ');
            }
            value.push_str(&t.text);
        }
        self.spend(value.len(), span);
        let text = format!("\"{}\"", escape(&value));
        PpTok {
            kind: PpKind::C(TokenKind::Str(value)),
            literal: LiteralForm::default(),
            span: span.clone(),
            text: text.into(),
            space,
            hide: None,
        }
    }

    /// `left ## right`: one token spelled as both together, or both unchanged after an error.
    fn paste(&mut self, left: PpTok, right: PpTok, span: &Span) -> Vec<PpTok> {
        let text = format!("{}{}", left.text, right.text);
        self.spend(text.len(), span);
        let kind = match text.as_str() {
            "#" => Some((PpKind::Hash, LiteralForm::default())),
            "##" => Some((PpKind::HashHash, LiteralForm::default())),
            _ => {
                let mut sc = Scanner::new(&text);
                let tok = sc.token();
                match tok {
                    Some(tok) if sc.pos == text.len() && sc.diags.is_empty() => {
                        Some((PpKind::C(tok.kind), tok.literal))
                    }
                    _ => None,
                }
            }
        };
        match kind {
            Some((kind, literal)) => vec![PpTok {
                kind,
                literal,
                span: span.clone(),
                text: text.into(),
                space: left.space,
                hide: None,
            }],
            None => {
                self.error(
                    format!(
                        "pasting `{}` and `{}` does not give a valid token",
                        left.text, right.text
                    ),
                    span.clone(),
                    "in this macro's `##`",
                );
                vec![left, right]
            }
        }
    }

    /// A `#` directive at the start of a line. Leaves the scanner at the end of the line.
    fn directive(&mut self) {
        let hash = self.sc.pos;
        self.sc.pos += 1;
        self.sc.skip_trivia(true);
        let Some((name, name_span)) = self.sc.ident() else {
            if !self.sc.at_line_end() && !self.skipping() {
                let at = self.sc.pos;
                self.error(
                    "expected a preprocessor directive after `#`",
                    hash..at + 1,
                    "like `#include`, `#define` or `#if`",
                );
            }
            self.sc.skip_inactive_line();
            return;
        };
        let directive = hash..name_span.end;
        if self.skipping() {
            match name.as_str() {
                "if" | "ifdef" | "ifndef" => self.conds.push(Cond {
                    name: "if",
                    span: directive,
                    taking: false,
                    done: true,
                    seen_else: false,
                }),
                "elif" | "else" | "endif" => self.chain(&name, directive),
                _ => {}
            }
            self.sc.skip_inactive_line();
            return;
        }
        match name.as_str() {
            "define" => match parse_define(&mut self.sc, hash) {
                Ok(m) => {
                    self.macros.insert(Rc::clone(&m.name), Rc::new(m));
                }
                Err(d) => self.diags.push(d),
            },
            "undef" => {
                let toks = line_tokens(&mut self.sc);
                match toks.as_slice() {
                    [t] if t.word().is_some() => {
                        self.macros.remove(&*t.text);
                    }
                    _ => self.error(
                        "expected a macro name after `#undef`",
                        hash..self.sc.pos,
                        "write `#undef NAME`",
                    ),
                }
            }
            "include" => self.include(hash),
            "if" | "ifdef" | "ifndef" => {
                let taking = match name.as_str() {
                    "if" => self.condition(&directive),
                    _ => {
                        let defined = self.defined_name(&name, &directive);
                        defined == (name == "ifdef")
                    }
                };
                self.conds.push(Cond {
                    name: if name == "if" {
                        "if"
                    } else if name == "ifdef" {
                        "ifdef"
                    } else {
                        "ifndef"
                    },
                    span: directive,
                    taking,
                    done: taking,
                    seen_else: false,
                });
            }
            "elif" | "else" | "endif" => self.chain(&name, directive),
            "error" => {
                let start = self.sc.pos;
                self.sc.skip_inactive_line();
                let text = self.sc.src[start..self.sc.pos].trim().to_string();
                self.error(
                    format!("#error {text}"),
                    hash..self.sc.pos,
                    "the program stops the compiler here",
                );
            }
            "pragma" | "warning" | "ident" => {}
            "line" => self.error(
                "`#line` is not supported by Rankscope's C",
                directive,
                "diagnostics always show the real line",
            ),
            _ => self.error(
                format!("unknown preprocessor directive `#{name}`"),
                directive,
                "not a C directive",
            ),
        }
        self.sc.skip_inactive_line();
    }

    /// `#elif`, `#else` or `#endif` (also inside a skipped group).
    fn chain(&mut self, name: &str, directive: Span) {
        let outer_skipping = self.conds.len() >= 2 && !self.conds[self.conds.len() - 2].taking;
        let Some(top) = self.conds.last() else {
            self.error(
                format!("`#{name}` without `#if`"),
                directive,
                "no `#if`, `#ifdef` or `#ifndef` is open here",
            );
            return;
        };
        if top.seen_else && name != "endif" {
            self.error(
                format!("`#{name}` after `#else`"),
                directive,
                "`#else` must be the last group",
            );
            return;
        }
        match name {
            "endif" => {
                self.conds.pop();
            }
            "else" => {
                if let Some(top) = self.conds.last_mut() {
                    top.taking = !top.done && !outer_skipping;
                    top.done = true;
                    top.seen_else = true;
                }
            }
            _ => {
                let done = top.done || outer_skipping;
                let taking = !done && self.condition(&directive);
                if let Some(top) = self.conds.last_mut() {
                    top.taking = taking;
                    top.done = done || taking;
                }
            }
        }
    }

    /// `#ifdef NAME` / `#ifndef NAME`: whether NAME is defined.
    fn defined_name(&mut self, directive_name: &str, directive: &Span) -> bool {
        let toks = line_tokens(&mut self.sc);
        match toks.first().and_then(|t| t.word()) {
            Some(w) => self.macros.contains_key(w),
            None => {
                self.error(
                    format!("expected a macro name after `#{directive_name}`"),
                    directive.start..self.sc.pos,
                    "write it like `#ifdef DEBUG`",
                );
                false
            }
        }
    }

    /// Reads and evaluates the expression of `#if`/`#elif`; an error counts as false.
    fn condition(&mut self, directive: &Span) -> bool {
        let toks = line_tokens(&mut self.sc);
        // `defined X` and `defined(X)` first, then macros, then other names are 0.
        let mut replaced = Vec::with_capacity(toks.len());
        let mut i = 0;
        while i < toks.len() {
            let t = &toks[i];
            if t.word() != Some("defined") {
                replaced.push(t.clone());
                i += 1;
                continue;
            }
            let parens = toks.get(i + 1).is_some_and(|n| n.is_punct(Punct::LParen));
            let at = i + 1 + usize::from(parens);
            let name = toks.get(at).and_then(|n| n.word());
            let closed = !parens || toks.get(at + 1).is_some_and(|n| n.is_punct(Punct::RParen));
            let Some(name) = name.filter(|_| closed) else {
                self.error(
                    "`defined` needs a macro name",
                    t.span.clone(),
                    "write `defined(NAME)` or `defined NAME`",
                );
                return false;
            };
            let value = i64::from(self.macros.contains_key(name));
            let mut one = t.clone();
            one.kind = PpKind::C(TokenKind::Int(value));
            one.text = value.to_string().into();
            replaced.push(one);
            i = at + 1 + usize::from(parens);
        }
        let toks = self.expand_list(replaced, 0);
        if toks.is_empty() {
            self.error(
                "this `#if` has no condition",
                directive.clone(),
                "write a constant expression like `#if N > 2`",
            );
            return false;
        }
        let mut eval = IfExpr {
            toks: &toks,
            pos: 0,
            depth: 0,
            end: self.sc.pos,
        };
        match eval.ternary(true) {
            Ok(v) if eval.pos == toks.len() => v.value != 0,
            Ok(_) => {
                let t = &toks[eval.pos];
                self.error(
                    format!("unexpected `{}` in `#if`", t.text),
                    t.span.clone(),
                    "expected an operator or the end of the line",
                );
                false
            }
            Err((message, span)) => {
                self.error(message, span, "in this `#if` expression");
                false
            }
        }
    }

    /// `#include <name>` or `#include "name"`.
    fn include(&mut self, hash: usize) {
        self.sc.skip_trivia(true);
        let (close, quoted) = match self.sc.peek() {
            Some(b'<') => (b'>', false),
            Some(b'"') => (b'"', true),
            _ => {
                self.sc.skip_inactive_line();
                self.error(
                    "`#include` expects a header name",
                    hash..self.sc.pos,
                    "write `#include <stdio.h>`",
                );
                return;
            }
        };
        let start = self.sc.pos + 1;
        let rest = &self.sc.src[start..];
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        let Some(len) = line.find(char::from(close)) else {
            self.sc.skip_inactive_line();
            self.error(
                "this header name is never closed",
                hash..self.sc.pos,
                if quoted {
                    "missing `\"`"
                } else {
                    "missing `>`"
                },
            );
            return;
        };
        let name = line[..len].trim().to_string();
        self.sc.pos = start + len + 1;
        let span = hash..self.sc.pos;
        match header(&name) {
            Some(h) => {
                for line in h.defines {
                    self.define_builtin(line);
                }
                if name == "inttypes.h" {
                    for line in inttypes_defines() {
                        self.define_builtin(&line);
                    }
                }
                if name == "assert.h" {
                    if self.macros.contains_key("NDEBUG") {
                        self.define_builtin("assert(expr) ((void) 0)");
                    } else {
                        self.macros.remove("assert");
                    }
                }
            }
            None if quoted => self.diags.push(
                Diagnostic::error(
                    format!("Rankscope runs one file: paste the contents of `{name}` here"),
                    span,
                )
                .with_label("a file Rankscope does not have"),
            ),
            None => {
                let known: Vec<&str> = HEADERS.iter().map(|h| h.name).collect();
                self.diags.push(
                    Diagnostic::error(
                        format!("`<{name}>` is not a header Rankscope's C provides"),
                        span,
                    )
                    .with_label("unknown header")
                    .with_note(format!("the known headers: {}", known.join(", "))),
                );
            }
        }
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

/// A value in an `#if` expression: `intmax_t`, or `uintmax_t` when `unsigned`.
#[derive(Copy, Clone, Debug)]
struct IfValue {
    value: i64,
    unsigned: bool,
}

type IfResult = Result<IfValue, (String, Span)>;

/// Evaluates an `#if` expression (already macro-expanded) by recursive descent.
struct IfExpr<'t> {
    toks: &'t [PpTok],
    pos: usize,
    depth: usize,
    /// Where the line ends, for "expected a value" at the end.
    end: usize,
}

impl IfExpr<'_> {
    fn peek_punct(&self) -> Option<Punct> {
        match self.toks.get(self.pos).map(|t| &t.kind) {
            Some(PpKind::C(TokenKind::Punct(p))) => Some(*p),
            _ => None,
        }
    }

    fn here(&self) -> Span {
        self.toks
            .get(self.pos)
            .map_or(self.end..self.end, |t| t.span.clone())
    }

    /// `cond ? a : b`; `live` is false in an operand C does not evaluate.
    fn ternary(&mut self, live: bool) -> IfResult {
        let cond = self.binary(0, live)?;
        if self.peek_punct() != Some(Punct::Question) {
            return Ok(cond);
        }
        self.pos += 1;
        let take = cond.value != 0;
        let a = self.ternary(live && take)?;
        if self.peek_punct() != Some(Punct::Colon) {
            return Err(("expected `:` in `#if`".into(), self.here()));
        }
        self.pos += 1;
        let b = self.ternary(live && !take)?;
        let unsigned = a.unsigned || b.unsigned;
        Ok(IfValue {
            value: if take { a.value } else { b.value },
            unsigned,
        })
    }

    /// Binary operators at or above precedence `min` (precedence climbing; `||` is 0).
    fn binary(&mut self, min: usize, live: bool) -> IfResult {
        let mut lhs = self.unary(live)?;
        while let Some((op, prec)) = self
            .peek_punct()
            .and_then(|p| precedence(p).map(|prec| (p, prec)))
            .filter(|&(_, prec)| prec >= min)
        {
            let op_span = self.here();
            self.pos += 1;
            let rhs_live = match op {
                Punct::OrOr => live && lhs.value == 0,
                Punct::AndAnd => live && lhs.value != 0,
                _ => live,
            };
            let rhs = self.binary(prec + 1, rhs_live)?;
            lhs = apply(op, lhs, rhs, rhs_live).map_err(|m| (m, op_span))?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, live: bool) -> IfResult {
        self.depth += 1;
        if self.depth > MAX_IF_NESTING {
            return Err((
                "this `#if` expression is nested too deeply".into(),
                self.here(),
            ));
        }
        let result = self.unary_inner(live);
        self.depth -= 1;
        result
    }

    fn unary_inner(&mut self, live: bool) -> IfResult {
        let Some(t) = self.toks.get(self.pos) else {
            return Err((
                "expected a value at the end of this `#if`".into(),
                self.here(),
            ));
        };
        self.pos += 1;
        let v = match &t.kind {
            PpKind::C(TokenKind::Punct(
                p @ (Punct::Minus | Punct::Plus | Punct::Tilde | Punct::Bang),
            )) => {
                let v = self.unary(live)?;
                return Ok(match p {
                    Punct::Minus => IfValue {
                        value: v.value.wrapping_neg(),
                        ..v
                    },
                    Punct::Plus => v,
                    Punct::Tilde => IfValue {
                        value: !v.value,
                        ..v
                    },
                    _ => IfValue {
                        value: i64::from(v.value == 0),
                        unsigned: false,
                    },
                });
            }
            PpKind::C(TokenKind::Punct(Punct::LParen)) => {
                let v = self.ternary(live)?;
                if self.peek_punct() != Some(Punct::RParen) {
                    return Err(("expected `)` in `#if`".into(), self.here()));
                }
                self.pos += 1;
                return Ok(v);
            }
            PpKind::C(TokenKind::Int(v)) => IfValue {
                value: *v,
                unsigned: t.literal.unsigned || *v < 0,
            },
            PpKind::C(TokenKind::Char(c)) => IfValue {
                value: i64::from(*c as i8),
                unsigned: false,
            },
            PpKind::C(TokenKind::Float(_)) => {
                return Err((
                    "floating-point numbers are not allowed in `#if`".into(),
                    t.span.clone(),
                ))
            }
            PpKind::C(TokenKind::Str(_)) => {
                return Err(("strings are not allowed in `#if`".into(), t.span.clone()))
            }
            _ if t.word().is_some() => {
                // A name that is not a macro (after expansion) is 0, keywords included.
                if self.peek_punct() == Some(Punct::LParen) {
                    return Err((
                        format!("`{}` is not a function-like macro here", t.text),
                        t.span.clone(),
                    ));
                }
                IfValue {
                    value: 0,
                    unsigned: false,
                }
            }
            _ => {
                return Err((
                    format!("expected a value in `#if`, found `{}`", t.text),
                    t.span.clone(),
                ))
            }
        };
        Ok(v)
    }
}

/// The precedence of a binary operator in `#if` (`||` lowest, 0), if it is one.
fn precedence(p: Punct) -> Option<usize> {
    Some(match p {
        Punct::OrOr => 0,
        Punct::AndAnd => 1,
        Punct::Pipe => 2,
        Punct::Caret => 3,
        Punct::Amp => 4,
        Punct::EqEq | Punct::Ne => 5,
        Punct::Lt | Punct::Gt | Punct::Le | Punct::Ge => 6,
        Punct::Shl | Punct::Shr => 7,
        Punct::Plus | Punct::Minus => 8,
        Punct::Star | Punct::Slash | Punct::Percent => 9,
        _ => return None,
    })
}

/// `lhs op rhs` with C's usual arithmetic conversions on `intmax_t`/`uintmax_t`.
fn apply(op: Punct, lhs: IfValue, rhs: IfValue, live: bool) -> Result<IfValue, String> {
    let unsigned = lhs.unsigned || rhs.unsigned;
    let (a, b) = (lhs.value, rhs.value);
    let (ua, ub) = (a as u64, b as u64);
    let cmp = |r: bool| i64::from(r);
    let value = match op {
        Punct::OrOr => return Ok(int(cmp(a != 0 || b != 0))),
        Punct::AndAnd => return Ok(int(cmp(a != 0 && b != 0))),
        Punct::Pipe => a | b,
        Punct::Caret => a ^ b,
        Punct::Amp => a & b,
        Punct::EqEq => return Ok(int(cmp(a == b))),
        Punct::Ne => return Ok(int(cmp(a != b))),
        Punct::Lt => return Ok(int(cmp(if unsigned { ua < ub } else { a < b }))),
        Punct::Gt => return Ok(int(cmp(if unsigned { ua > ub } else { a > b }))),
        Punct::Le => return Ok(int(cmp(if unsigned { ua <= ub } else { a <= b }))),
        Punct::Ge => return Ok(int(cmp(if unsigned { ua >= ub } else { a >= b }))),
        Punct::Shl | Punct::Shr => {
            // The result has the left operand's type; out-of-range counts give 0 (or the sign).
            let left = Punct::Shl == op;
            let count = if rhs.unsigned || b >= 0 { ub } else { u64::MAX };
            let v = match (left, count < 64, lhs.unsigned) {
                (true, true, _) => a << count,
                (true, false, _) => 0,
                (false, true, true) => (ua >> count) as i64,
                (false, true, false) => a >> count,
                (false, false, true) => 0,
                (false, false, false) => a >> 63,
            };
            return Ok(IfValue {
                value: v,
                unsigned: lhs.unsigned,
            });
        }
        Punct::Plus => a.wrapping_add(b),
        Punct::Minus => a.wrapping_sub(b),
        Punct::Star => a.wrapping_mul(b),
        Punct::Slash | Punct::Percent => {
            if b == 0 {
                if !live {
                    return Ok(IfValue { value: 0, unsigned });
                }
                return Err("division by zero in `#if`".into());
            }
            match (op == Punct::Slash, unsigned) {
                (true, true) => (ua / ub) as i64,
                (true, false) => a.wrapping_div(b),
                (false, true) => (ua % ub) as i64,
                (false, false) => a.wrapping_rem(b),
            }
        }
        _ => 0,
    };
    Ok(IfValue { value, unsigned })
}

fn int(value: i64) -> IfValue {
    IfValue {
        value,
        unsigned: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::syntax::token::base_type_name;

    /// The tokens of `src` after preprocessing, spelled out and joined by spaces.
    fn spelled(src: &str) -> String {
        let (toks, diags) = run(src, "t.c");
        assert!(diags.is_empty(), "{src}: {diags:?}");
        toks.iter()
            .filter_map(|t| spell(&t.kind))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn spell(kind: &TokenKind) -> Option<String> {
        Some(match kind {
            TokenKind::Int(v) => v.to_string(),
            TokenKind::Float(v) => format!("{v:?}"),
            TokenKind::Char(c) => format!("'{}'", char::from(*c).escape_default()),
            TokenKind::Str(s) => format!("{s:?}"),
            TokenKind::Ident(n) => n.clone(),
            TokenKind::Type(b) => base_type_name(*b).to_string(),
            TokenKind::Punct(p) => p.text().to_string(),
            TokenKind::Eof => return None,
            other => other
                .describe()
                .trim_start_matches("keyword ")
                .trim_matches('`')
                .to_string(),
        })
    }

    fn errors(src: &str) -> Vec<String> {
        run(src, "t.c").1.into_iter().map(|d| d.message).collect()
    }

    fn rendered(src: &str) -> String {
        run(src, "t.c")
            .1
            .iter()
            .map(|d| d.render("t.c", src))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn function_like_macros_with_nested_arguments() {
        assert_eq!(
            spelled("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(f(1, 2), x[3])"),
            "( ( f ( 1 , 2 ) ) > ( x [ 3 ] ) ? ( f ( 1 , 2 ) ) : ( x [ 3 ] ) )"
        );
        assert_eq!(
            spelled("#define F() 7\n#define G(x) [x]\nF() G() G( )"),
            "7 [ ] [ ]"
        );
        // A function-like macro's name without `(` is just a name.
        assert_eq!(spelled("#define F(x) x\nint F; F\n(1)"), "int F ; 1");
        // Arguments may span lines; `(`…`)` nest.
        assert_eq!(spelled("#define ID(x) x\nID((a,\nb))"), "( a , b )");
    }

    #[test]
    fn the_c99_standard_examples_expand_as_it_says() {
        // C99 6.10.3.5 example 3.
        let src = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n\
                   #define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n\
                   #define t(a) a\n#define p() int\n#define q(x) x\n#define r(x,y) x ## y\n\
                   #define str(x) # x\n\
                   f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n\
                   g(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n\
                   p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n\
                   char c[2][6] = { str(hello), str() };\n";
        let want = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\n\
                    f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\n\
                    int i[] = { 1, 23, 4, 5, };\n\
                    char c[2][6] = { \"hello\", \"\" };\n";
        assert_eq!(spelled(src), spelled(want));
        // Example 4: `#` and `##`.
        let src = "#define str(s) # s\n#define xstr(s) str(s)\n\
                   #define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", \\\n x ## s, x ## t)\n\
                   #define INCFILE(n) vers ## n\n#define glue(a, b) a ## b\n\
                   #define xglue(a, b) glue(a, b)\n#define HIGHLOW \"hello\"\n\
                   #define LOW LOW \", world\"\n\
                   debug(1, 2);\n\
                   fputs(str(strncmp(\"abc\\0d\", \"abc\", '\\4') // this goes away\n== 0), s);\n\
                   xstr(INCFILE(2).h)\nglue(HIGH, LOW);\nxglue(HIGH, LOW)\n";
        let want = "printf(\"x\" \"1\" \"= %d, x\" \"2\" \"= %s\", x1, x2);\n\
                    fputs(\"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\", s);\n\
                    \"vers2.h\"\n\"hello\";\n\"hello\" \", world\"\n";
        assert_eq!(spelled(src), spelled(want));
    }

    #[test]
    fn no_macro_expands_inside_itself() {
        assert_eq!(
            spelled("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)"),
            "2 * 9 * g"
        );
        assert_eq!(spelled("#define foo foo a\nfoo"), "foo a");
        assert_eq!(spelled("#define A B\n#define B A\nA B"), "A B");
        assert_eq!(spelled("#define f(x) x f\nf(1)(2)"), "1 f ( 2 )");
    }

    #[test]
    fn variadic_macros_and_pasting() {
        let src = "#define LOG(fmt, ...) printf(fmt, __VA_ARGS__)\n\
                   #define ALL(...) f(__VA_ARGS__)\n\
                   LOG(\"%d %d\", a, (b, c)); ALL(); ALL(1, 2)";
        assert_eq!(
            spelled(src),
            "printf ( \"%d %d\" , a , ( b , c ) ) ; f ( ) ; f ( 1 , 2 )"
        );
        let src = "#include <stdint.h>\n#define CAT(a, b) a ## b\n#define N 1\n\
                   INT64_C(5) CAT(x, N) CAT(N, 0) CAT(+, =) CAT(, y) CAT(un, signed)";
        let (toks, diags) = run(src, "t.c");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(toks[0].kind, TokenKind::Int(5));
        assert_eq!(toks[0].literal.longs, 1);
        assert_eq!(spelled(src), "5 xN N0 += y unsigned");
    }

    #[test]
    fn conditional_groups() {
        let src = "#define A 2\n#if A > 1 && defined(A) && !defined B\nyes1\n#else\nno\n#endif\n\
                   #ifdef B\nno\n#elif A == 2\nyes2\n#elif 1\nno\n#else\nno\n#endif\n\
                   #ifndef B\nyes3\n#endif\n\
                   #if 0\n#if 1\nno\n#else\nno\n#endif\n#elif UNKNOWN_NAME + 1\nyes4\n#endif\n\
                   #if (-1 > 0u) && (0x7fffffffffffffff + 1 < 0) && (3 / 2 == 1) && (-7 % 3 == -1)\nyes5\n#endif\n\
                   #if 0 && (1 / 0)\nno\n#elif 1 ? 2 : (1 / 0)\nyes6\n#endif\n\
                   #if 'a' == 97 && (1 << 3) == 8 && (~0 == -1) && (5 - 7 < 0)\nyes7\n#endif\n\
                   #if __STDC_VERSION__ >= 199901L && __STDC__\nyes8\n#endif";
        assert_eq!(spelled(src), "yes1 yes2 yes3 yes4 yes5 yes6 yes7 yes8");
        // Skipped groups are not C: their text is never an error.
        assert_eq!(
            spelled("#if 0\ndon't @ \"open\n#bogus directive\n#endif\nok"),
            "ok"
        );
        // A comment may hide a directive.
        assert_eq!(spelled("#if 0 /*\n#endif */\nno\n#endif\nok"), "ok");
    }

    #[test]
    fn line_file_and_predefined_names() {
        assert_eq!(
            spelled("#define L __LINE__\nL\n__LINE__ __FILE__ __STDC_VERSION__"),
            "2 3 \"t.c\" 199901"
        );
        let (toks, _) = run("__STDC_VERSION__", "t.c");
        assert_eq!(toks[0].literal.longs, 1);
        assert_eq!(spelled("#ifdef NULL\nNULL\n#endif"), "NULL");
    }

    #[test]
    fn headers_define_their_macros() {
        let src = "#include <stdlib.h>\n#include \"limits.h\"\n#include <math.h>\n\
                   #include <mpi.h>\n#include <stdbool.h>\n#include <float.h>\n\
                   RAND_MAX INT_MAX INT_MIN UINT_MAX LONG_MIN M_PI MPI_MAX_PROCESSOR_NAME bool true DBL_EPSILON";
        assert_eq!(
            spelled(src),
            "2147483647 2147483647 ( - 2147483647 - 1 ) 4294967295 ( - 9223372036854775807 - 1 ) \
             3.141592653589793 128 _Bool 1 2.220446049250313e-16"
        );
        // Not without the include.
        assert_eq!(spelled("INT_MAX"), "INT_MAX");
        assert_eq!(
            spelled("#define NDEBUG\n#include <assert.h>\nassert(x)"),
            "( ( void ) 0 )"
        );
        assert_eq!(
            spelled("#include <inttypes.h>\nPRId64 PRIu32"),
            "\"ld\" \"u\""
        );
    }

    #[test]
    fn expanded_tokens_point_at_the_use() {
        let src = "#define SQ(x) ((x) * (x))\nint y = SQ(a + 1);";
        let (toks, _) = run(src, "t.c");
        let use_at = src.rfind("SQ").unwrap();
        let call = use_at..src.rfind(')').unwrap() + 1;
        assert_eq!(&src[call.clone()], "SQ(a + 1)");
        // `(` from the body: the whole use; `a` from the argument: its own span.
        assert_eq!(toks[3].span, call);
        let a = src.rfind('a').unwrap();
        assert_eq!(toks[5].span, a..a + 1);
        for t in &toks {
            assert!(t.span.start <= t.span.end && t.span.end <= src.len());
        }
    }

    #[test]
    fn expansion_is_bounded() {
        let mut src = String::from("#define F0(x) x x\n");
        for i in 1..40 {
            src.push_str(&format!("#define F{i}(x) F{}(F{}(x))\n", i - 1, i - 1));
        }
        src.push_str("F39(1)\n");
        let errs = errors(&src);
        assert!(
            errs == ["macro expansion produces too much code"]
                || errs == ["macros are nested too deeply"],
            "{errs:?}"
        );
        let mut src = String::from("#define P0(x) x ## x\n");
        for i in 1..40 {
            src.push_str(&format!("#define P{i}(x) P{}(P{}(x))\n", i - 1, i - 1));
        }
        src.push_str("P39(a)\n");
        assert!(!errors(&src).is_empty());
        let deep = format!("#define I(x) x\n{}1{}", "I(".repeat(500), ")".repeat(500));
        assert_eq!(errors(&deep), vec!["macros are nested too deeply"]);
        let deep = format!("#if {}1{}\n#endif", "(".repeat(5000), ")".repeat(5000));
        assert_eq!(
            errors(&deep),
            vec!["this `#if` expression is nested too deeply"]
        );
    }

    #[test]
    fn preprocessor_errors_read_as_plain_english() {
        let src = "#include \"util.h\"\n#include <pthread.h>\n#include stdio.h\n\
                   #define SQ(x) ((x) * (x))\n#define STR(x) #y\n#define CAT(a) ## a\n\
                   #define BAD(a, a) a\n#define (x)\n\
                   int a = SQ(1, 2) + SQ;\n#if 1 +\n#endif\n#if 1 / 0\n#endif\n#if 1.5\n#endif\n\
                   #else\n#endif\n#bogus\n#line 7\n#ifdef\n#endif\n\
                   #if 1\n#else\n#elif 1\n#endif\n#error \"stop here\"\n\
                   #define P(a, b) a ## b\nP(+, -)\n#ifndef X\nint b = SQ(2\n";
        insta::assert_snapshot!(rendered(src));
    }
}
