//! Directives: `#define`/`#undef`, the conditional groups (`#if`, `#ifdef`, `#elif`, `#else`,
//! `#endif`), `#include` of the known headers, `#error`, the ignored and the refused ones.

use super::*;
use crate::lang::sources::FileKind;

impl Pp<'_> {
    /// A `#` directive at the start of a line. Leaves the scanner at the end of the line.
    pub(super) fn directive(&mut self) {
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
        self.enter_pending_include();
    }

    /// `#elif`, `#else` or `#endif` (also inside a skipped group).
    pub(super) fn chain(&mut self, name: &str, directive: Span) {
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
    pub(super) fn defined_name(&mut self, directive_name: &str, directive: &Span) -> bool {
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
    pub(super) fn condition(&mut self, directive: &Span) -> bool {
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
    pub(super) fn include(&mut self, hash: usize) {
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
        // `"x.h"` looks in the program's files first; `<x.h>` finds a header Rankscope's C
        // provides, else one of the program's files, as gcc does with the program's directories
        // given by `-I` (MPICH's test suite includes `<mpitest.h>` so).
        let own = self.map.find(&name);
        if let Some(i) = own.filter(|_| quoted || header(&name).is_none()) {
            self.include_file(i, &name, span);
            return;
        }
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
            None if quoted => {
                let headers: Vec<&str> = (self.map.files.iter())
                    .filter(|f| f.kind == FileKind::Header)
                    .map(|f| &*f.name)
                    .collect();
                let note = if headers.is_empty() {
                    format!("the program has no header: add a file called `{name}` to it")
                } else {
                    format!(
                        "the program's headers: {}; add a file called `{name}` or fix the name",
                        headers.join(", ")
                    )
                };
                self.diags.push(
                    Diagnostic::error(format!("`{name}` is not one of the program's files"), span)
                        .with_label("no such file in the program")
                        .with_note(note),
                );
            }
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

impl<'a> Pp<'a> {
    /// `#include "x.h"` of file `i` of the program: its text is read next, then the rest of the
    /// including file's.
    fn include_file(&mut self, i: usize, name: &str, span: Span) {
        if self.includes.len() >= MAX_INCLUDE_DEPTH {
            self.diags.push(
                Diagnostic::error(format!("`{name}` is included too deeply"), span)
                    .with_label("including it again here")
                    .with_note(format!(
                        "at most {MAX_INCLUDE_DEPTH} files may include each other; guard the header with `#ifndef`/`#define`/`#endif`"
                    )),
            );
            return;
        }
        self.pending_include = Some(i);
    }

    /// Starts reading the header an `#include` line named, once that line is consumed.
    fn enter_pending_include(&mut self) {
        let Some(i) = self.pending_include.take() else {
            return;
        };
        let f = &self.map.files[i];
        let mut sc = Scanner::new(&self.map.text[..f.base + f.len]);
        sc.pos = f.base;
        let outer = std::mem::replace(&mut self.sc, sc);
        self.includes.push(outer);
    }
}
