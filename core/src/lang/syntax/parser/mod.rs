//! The parser: tokens → the spanned syntax tree ([`Unit`]), by recursive descent with
//! precedence climbing for binary operators (C's precedence and associativity).
//!
//! It recovers from errors and reports every syntax error in one pass: a broken statement is
//! skipped up to its `;` (or a balanced `{ … }`, or a statement keyword that starts a line), a
//! missing `;` at the end of a line is reported and assumed, a missing `)` before a `{` likewise.
//! It never panics and always terminates: every loop consumes a token or stops, nesting
//! (blocks, statements, parentheses, operators, initializer lists, and chains like `a + b + …`)
//! is limited to [`MAX_DEPTH`] levels, and after [`MAX_ERRORS`] diagnostics it stops. So every
//! tree it returns is at most about [`MAX_DEPTH`] levels tall and later passes may walk it
//! recursively.
//!
//! Function prototypes (`int f(int x);`, at any scope) are accepted and dropped: functions may be
//! used before their definition anyway.
//!
//! Declarations are resolved here, since C cannot be parsed without knowing which names are
//! types: `typedef` names become the types they stand for, `struct`/`union` tags index
//! [`Unit::records`], and `enum` constants become integer literals. Simplifications: tags and
//! `typedef` names have one program-wide scope (across a program's files too, [`parse_files`]:
//! a header's `struct` included by two files is one type; two files defining the same tag with
//! different members is an error, where C would let them be two types); bit-fields and function pointers are not
//! supported (each says so at its line).
//!
//! By grammar area: `decl` (specifiers, records, enums), `declarator` (declarators, parameters,
//! array sizes, items), `stmt`, `expr` (and integer constant expressions); the cursor, the
//! error recovery and the translation unit here; the headers' typedefs and structs it starts
//! with come from [`headers`].

mod decl;
mod declarator;
mod expr;
mod stmt;
#[cfg(test)]
mod tests;

pub use expr::const_int;

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::diagnostic::Diagnostic;
use crate::lang::sema::types::{Layouts, Ty};
use crate::lang::sources::{FileKind, FileMap};
use crate::lang::syntax::ast::{
    BaseType, BinOp, Block, Expr, ExprKind, FieldDecl, FnSig, Function, Init, Item, Param,
    RecordDecl, Span, Stmt, StmtKind, Type, UnaryOp, Unit, VarDecl,
};
use crate::lang::syntax::headers;
use crate::lang::syntax::lexer::lex;
use crate::lang::syntax::token::{base_type_name, Punct, Token, TokenKind};

/// How deeply blocks, statements, parentheses, operators and initializer lists may nest. Every
/// tree the parser returns is at most about this tall (a chain `a + b + …` of n operands counts
/// n − 1 levels), so later passes may walk it recursively: C guarantees only 127 levels of
/// blocks and 63 of parentheses.
pub const MAX_DEPTH: usize = 128;

/// After this many diagnostics, parsing stops.
pub const MAX_ERRORS: usize = 100;

/// Arrays have at most this many dimensions.
pub const MAX_DIMS: usize = 8;

/// Parses a whole program. Returns the tree when there is no error, and every diagnostic (lexical
/// and syntactic) in source order.
pub fn parse(source: &str) -> (Option<Unit>, Vec<Diagnostic>) {
    let (unit, diags) = parse_recovering(source);
    if diags.is_empty() {
        (Some(unit), diags)
    } else {
        (None, diags)
    }
}

/// Parses a whole program, returning the tree recovered despite errors (broken statements and
/// items left out) with every diagnostic in source order. Useful for an outline of a program
/// being edited; only an error-free tree may be checked or compiled.
pub fn parse_recovering(source: &str) -> (Unit, Vec<Diagnostic>) {
    let (tokens, lex_diags) = lex(source);
    parse_tokens(source, tokens, lex_diags, Vec::new())
}

/// Parses a program of several files: each `.c` file of `map` is preprocessed as a translation
/// unit of its own (its macros and `static` names are its own), and the units are parsed one
/// after the other into one tree. `struct`/`union` tags, `typedef` names and `enum` constants have
/// one program-wide scope: a header's declarations included by several files are the same ones
/// (an identical redefinition in another file is the same type; a different one is an error).
/// Spans are offsets in [`FileMap::text`].
pub fn parse_files(map: &FileMap) -> (Option<Unit>, Vec<Diagnostic>) {
    let mut tokens = Vec::new();
    let mut diags = Vec::new();
    let mut starts = Vec::new();
    for (i, f) in map.files.iter().enumerate() {
        if f.kind != FileKind::Source {
            continue;
        }
        let (toks, ds) = crate::lang::syntax::preprocess::run_unit(map, i);
        if !tokens.is_empty() {
            tokens.pop(); // the previous unit's end
        }
        starts.push(tokens.len());
        tokens.extend(toks);
        diags.extend(ds);
    }
    let (unit, diags) = parse_tokens(&map.text, tokens, diags, starts);
    if diags.is_empty() {
        (Some(unit), diags)
    } else {
        (None, diags)
    }
}

/// Parses preprocessed tokens (ending with `Eof`) of `source`; `units` are the indices of the
/// tokens where the translation units start (empty for one).
fn parse_tokens(
    source: &str,
    tokens: Vec<Token>,
    lex_diags: Vec<Diagnostic>,
    units: Vec<usize>,
) -> (Unit, Vec<Diagnostic>) {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(source.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |at: usize| line_starts.partition_point(|&s| s <= at);
    let broken_lines = lex_diags.iter().map(|d| line_of(d.span.start)).collect();
    let mut parser = Parser {
        src: source,
        line_starts: &line_starts,
        broken_lines,
        toks: tokens,
        pos: 0,
        diags: Vec::new(),
        budget: MAX_ERRORS.saturating_sub(lex_diags.len()),
        depth: 0,
        variadic: false,
        reported_depth: false,
        reported_unclosed: false,
        next_id: 0,
        stopped: false,
        typedefs: headers::typedefs(),
        records: headers::records(),
        tags: headers::records()
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name.clone(), i as u32))
            .collect(),
        enums: BTreeMap::new(),
        signatures: Vec::new(),
        new_externs: Vec::new(),
        units,
        unit_index: 0,
        static_protos: BTreeSet::new(),
        enum_units: BTreeMap::new(),
        record_units: BTreeMap::new(),
    };
    let unit = parser.unit();
    let lex_overflow = lex_diags.len() > MAX_ERRORS;
    let mut diags = lex_diags;
    diags.truncate(MAX_ERRORS);
    diags.extend(parser.diags);
    diags.sort_by_key(|d| d.span.start);
    // A macro argument used twice is parsed twice: its error once.
    diags.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    if parser.stopped || lex_overflow || diags.len() > MAX_ERRORS {
        diags.truncate(MAX_ERRORS);
        let at = diags.last().map_or(0..0, |d| d.span.clone());
        diags.push(
            Diagnostic::error("too many errors; stopping here", at)
                .with_note(format!("only the first {MAX_ERRORS} errors are shown")),
        );
    }
    (unit, diags)
}

/// The error has been reported; the caller recovers.
struct Fail;

type PResult<T> = Result<T, Fail>;

type PExpr = PResult<Box<Expr>>;

struct Parser<'a> {
    src: &'a str,
    /// Byte offset of the start of each line.
    line_starts: &'a [usize],
    /// Lines with a lexical error: syntax errors there (or just after) are not reported, since
    /// they are most likely the same mistake.
    broken_lines: BTreeSet<usize>,
    /// Always ends with `Eof`.
    toks: Vec<Token>,
    pos: usize,
    diags: Vec<Diagnostic>,
    /// Diagnostics still allowed.
    budget: usize,
    depth: usize,
    /// Whether the parameter list read last ended with `...`.
    variadic: bool,
    reported_depth: bool,
    reported_unclosed: bool,
    /// The next node id (an expression's or a declaration's): every expression and declaration gets its own.
    next_id: u32,
    stopped: bool,
    /// `typedef` names and the types they stand for (with the standard headers' own).
    typedefs: BTreeMap<String, Type>,
    /// Every `struct` and `union` so far.
    records: Vec<RecordDecl>,
    /// `struct`/`union` tags → index in `records`.
    tags: BTreeMap<String, u32>,
    /// `enum` constants and their values.
    enums: BTreeMap<String, i64>,
    /// Function types of declared function pointers.
    signatures: Vec<FnSig>,
    /// Globals declared `extern` by the last item (names and spans).
    new_externs: Vec<(String, Span)>,
    /// The token where each translation unit starts (empty: one unit).
    units: Vec<usize>,
    /// The unit in which each record got its members.
    record_units: BTreeMap<u32, usize>,
    /// The translation unit being parsed.
    unit_index: usize,
    /// Functions of this unit declared `static` by a prototype.
    static_protos: BTreeSet<String>,
    /// The unit that declared each `enum` constant (a header's, declared again by another file's
    /// include, is the same constant).
    enum_units: BTreeMap<String, usize>,
}

/// What the declaration specifiers before a declarator say: the type and the storage class.
struct Spec {
    ty: Type,
    is_typedef: bool,
    is_static: bool,
    is_extern: bool,
}

/// Qualifiers and storage words that only annotate a declaration here.
fn quiet_word(word: &str) -> bool {
    matches!(
        word,
        "const" | "volatile" | "register" | "auto" | "inline" | "restrict" | "__restrict"
    )
}

/// Words that begin declaration specifiers.
fn specifier_word(word: &str) -> bool {
    quiet_word(word)
        || matches!(
            word,
            "static"
                | "extern"
                | "typedef"
                | "signed"
                | "unsigned"
                | "short"
                | "long"
                | "float"
                | "_Bool"
                | "struct"
                | "union"
                | "enum"
        )
}

/// C words this language does not have, with advice.
fn unsupported_word(word: &str) -> Option<&'static str> {
    Some(match word {
        "_Complex" | "_Imaginary" => "use two `double`s",
        "setjmp" | "longjmp" => "use return values and loops instead",
        _ => return None,
    })
}

/// How tall an expression tree is (called only on trees already bounded by the parser).
fn height(e: &Expr) -> usize {
    let child = match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Char(_)
        | ExprKind::Str(_)
        | ExprKind::Ident(_)
        | ExprKind::SizeOf(_) => 0,
        ExprKind::Unary(_, a)
        | ExprKind::Field(a, _)
        | ExprKind::Arrow(a, _)
        | ExprKind::SizeOfExpr(a)
        | ExprKind::Cast(_, a) => height(a),
        ExprKind::Binary(_, a, b)
        | ExprKind::Comma(a, b)
        | ExprKind::Index(a, b)
        | ExprKind::Assign {
            target: a,
            value: b,
            ..
        } => height(a).max(height(b)),
        ExprKind::Ternary(a, b, c) => height(a).max(height(b)).max(height(c)),
        ExprKind::Call { args, .. } => args.iter().map(height).max().unwrap_or(0),
        ExprKind::CallPtr(f, args) => args.iter().map(height).max().unwrap_or(0).max(height(f)),
    };
    child + 1
}

/// Which statement a `;` is missing after.
#[derive(Copy, Clone)]
enum SemiAfter {
    Expr,
    Decl,
    Return,
    Break,
    Continue,
    DoWhile,
}

impl SemiAfter {
    fn text(self) -> &'static str {
        match self {
            SemiAfter::Expr => "after the expression",
            SemiAfter::Decl => "after the declaration",
            SemiAfter::Return => "after the `return` statement",
            SemiAfter::Break => "after `break`",
            SemiAfter::Continue => "after `continue`",
            SemiAfter::DoWhile => "after `do … while (…)`",
        }
    }
}

impl Parser<'_> {
    // ---- token access -------------------------------------------------------------------

    fn tok(&self) -> &Token {
        let last = self.toks.len() - 1;
        &self.toks[self.pos.min(last)]
    }

    fn peek(&self) -> &TokenKind {
        &self.tok().kind
    }

    fn peek_at(&self, ahead: usize) -> &TokenKind {
        let last = self.toks.len() - 1;
        &self.toks[(self.pos + ahead).min(last)].kind
    }

    fn span(&self) -> Span {
        self.tok().span.clone()
    }

    /// A fresh node id.
    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id - 1
    }

    fn start(&self) -> usize {
        self.tok().span.start
    }

    /// End of the previous token.
    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[(self.pos - 1).min(self.toks.len() - 1)].span.end
        }
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek(), TokenKind::Eof)
    }

    fn bump(&mut self) -> Token {
        let tok = self.tok().clone();
        if !self.at_eof() {
            self.pos += 1;
        }
        tok
    }

    fn at(&self, p: Punct) -> bool {
        *self.peek() == TokenKind::Punct(p)
    }

    fn eat(&mut self, p: Punct) -> bool {
        if self.at(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Whether the current token is the first on its line.
    fn starts_line(&self) -> bool {
        let start = self.start();
        let prev = self.prev_end();
        self.pos == 0
            || (prev <= start && self.src.get(prev..start).is_some_and(|s| s.contains('\n')))
    }

    // ---- diagnostics ----------------------------------------------------------------------

    fn line_of(&self, at: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= at)
    }

    fn report(&mut self, diag: Diagnostic) {
        if self.stopped {
            return;
        }
        if !self.broken_lines.is_empty()
            && (self.broken_lines.contains(&self.line_of(diag.span.start))
                || self.broken_lines.contains(&self.line_of(self.prev_end())))
        {
            return;
        }
        if self.budget == 0 {
            self.stopped = true;
            self.pos = self.toks.len() - 1;
            return;
        }
        self.budget -= 1;
        self.diags.push(diag);
    }

    fn error_here(&mut self, message: String, label: &str) -> Fail {
        let span = self.span();
        self.report(Diagnostic::error(message, span).with_label(label.to_string()));
        Fail
    }

    /// Expects punctuation `p`; the message says where (`context`).
    fn expect(&mut self, p: Punct, context: &str) -> PResult<Span> {
        if self.at(p) {
            return Ok(self.bump().span);
        }
        let found = self.peek().describe();
        Err(self.error_here(
            format!("expected `{p}` {context}, found {found}"),
            &format!("expected `{p}` here"),
        ))
    }

    /// Expects `)` closing a condition or a `for` header; a `{` instead is reported and the `)`
    /// assumed.
    fn expect_close_before_body(&mut self, context: &str) -> PResult<()> {
        if self.at(Punct::LBrace) {
            let at = self.prev_end();
            self.report(
                Diagnostic::error(format!("expected `)` {context}"), at..at)
                    .with_label("add `)` here"),
            );
            return Ok(());
        }
        self.expect(Punct::RParen, context).map(|_| ())
    }

    /// Expects the `;` ending a statement. When it is missing at the end of a line (or before
    /// `}`), reports it and carries on as if it were there.
    fn expect_semi(&mut self, after: SemiAfter) -> PResult<()> {
        if self.eat(Punct::Semi) {
            return Ok(());
        }
        let at = self.prev_end();
        let found = self.peek().describe();
        let assumed = self.starts_line() || self.at(Punct::RBrace) || self.at_eof();
        let message = if assumed {
            format!("expected `;` {}", after.text())
        } else {
            format!("expected `;` {}, found {found}", after.text())
        };
        self.report(Diagnostic::error(message, at..at).with_label("add `;` here"));
        if assumed {
            Ok(())
        } else {
            Err(Fail)
        }
    }

    /// Runs `f` one nesting level deeper; past [`MAX_DEPTH`] reports (once) and fails.
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            self.too_deep(self.span());
            return Err(Fail);
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    fn too_deep(&mut self, span: Span) {
        if !self.reported_depth {
            self.reported_depth = true;
            self.report(
                Diagnostic::error("the program is nested too deeply here", span)
                    .with_label("too deep")
                    .with_note(format!(
                        "at most {MAX_DEPTH} levels of blocks, statements, parentheses and operators"
                    )),
            );
        }
    }

    // ---- recovery -------------------------------------------------------------------------

    /// How many `{` consumed since token `from` are still open.
    fn open_braces_since(&self, from: usize) -> usize {
        let end = self.pos.min(self.toks.len());
        self.toks[from.min(end)..end]
            .iter()
            .fold(0usize, |open, t| match t.kind {
                TokenKind::Punct(Punct::LBrace) => open + 1,
                TokenKind::Punct(Punct::RBrace) => open.saturating_sub(1),
                _ => open,
            })
    }

    /// Skips a broken statement (which started at token `from`): up to and including a `;`,
    /// over balanced braces (counting those opened since `from`), stopping before a `}` that
    /// closes the enclosing block or before a statement keyword that starts a line.
    fn sync_stmt(&mut self, from: usize) {
        let mut braces = self.open_braces_since(from);
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) => {
                    self.bump();
                    if braces == 0 {
                        return;
                    }
                }
                TokenKind::Punct(Punct::LBrace) => {
                    self.bump();
                    braces += 1;
                }
                TokenKind::Punct(Punct::RBrace) => {
                    if braces == 0 {
                        return;
                    }
                    self.bump();
                    braces -= 1;
                    if braces == 0 {
                        return;
                    }
                }
                TokenKind::If
                | TokenKind::While
                | TokenKind::Do
                | TokenKind::For
                | TokenKind::Return
                | TokenKind::Break
                | TokenKind::Continue
                | TokenKind::Type(_)
                    if braces == 0 && self.starts_line() =>
                {
                    return
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Skips a broken top-level item (which started at token `from`): up to a `;` or a
    /// balanced `{ … }` (counting braces opened since `from`), or before a type that starts a
    /// line.
    fn sync_top(&mut self, from: usize) {
        let mut braces = self.open_braces_since(from);
        loop {
            match self.peek() {
                TokenKind::Eof => return,
                TokenKind::Punct(Punct::Semi) => {
                    self.bump();
                    if braces == 0 {
                        return;
                    }
                }
                TokenKind::Punct(Punct::LBrace) => {
                    self.bump();
                    braces += 1;
                }
                TokenKind::Punct(Punct::RBrace) => {
                    self.bump();
                    braces = braces.saturating_sub(1);
                    if braces == 0 {
                        return;
                    }
                }
                TokenKind::Type(_) if braces == 0 && self.starts_line() => return,
                _ => {
                    self.bump();
                }
            }
        }
    }

    // ---- items ----------------------------------------------------------------------------

    fn unit(&mut self) -> Unit {
        let mut items = Vec::new();
        let mut externs: Vec<(String, Span, usize)> = Vec::new();
        let mut item_units = Vec::new();
        while !self.at_eof() {
            let start = self.pos;
            if self.eat(Punct::Semi) {
                continue;
            }
            let unit = self.current_unit();
            if unit != self.unit_index {
                self.unit_index = unit;
                self.static_protos.clear();
            }
            match self.item() {
                Ok(Some(item)) => {
                    items.push(item);
                    item_units.push(unit as u32);
                }
                Ok(None) => {}
                Err(Fail) => self.sync_top(start),
            }
            for (name, span) in std::mem::take(&mut self.new_externs) {
                externs.push((name, span, items.len()));
            }
            if self.pos == start {
                self.bump();
            }
        }
        self.hoist_extern_definitions(&mut items, &mut item_units, externs);
        if self.units.len() < 2 {
            item_units.clear();
        }
        Unit {
            items,
            records: std::mem::take(&mut self.records),
            signatures: std::mem::take(&mut self.signatures),
            item_units,
        }
    }

    /// The translation unit being read.
    fn current_unit(&self) -> usize {
        self.units
            .partition_point(|&s| s <= self.pos)
            .saturating_sub(1)
    }

    /// `extern int x;` declares a global defined elsewhere (in this file or another):
    /// a definition after the declaration moves up to it, so code between them sees the
    /// variable as C allows; an `extern` never defined is an error.
    fn hoist_extern_definitions(
        &mut self,
        items: &mut Vec<Item>,
        item_units: &mut Vec<u32>,
        externs: Vec<(String, Span, usize)>,
    ) {
        for (name, span, at) in externs.into_iter().rev() {
            let defined = |item: &Item| matches!(item, Item::Globals(ds) if ds.iter().any(|d| d.name == name));
            if items[..at].iter().any(defined) {
                continue;
            }
            let Some(later) = items[at..].iter().position(defined).map(|i| i + at) else {
                self.report(
                    Diagnostic::error(
                        format!("`{name}` is declared `extern` but never defined"),
                        span,
                    )
                    .with_label("no file defines it")
                    .with_note(
                        "define it in one of the program's files, without `extern`: `int x;`",
                    ),
                );
                continue;
            };
            let Item::Globals(decls) = &mut items[later] else {
                continue;
            };
            let Some(k) = decls.iter().position(|d| d.name == name) else {
                continue;
            };
            let decl = decls.remove(k);
            let unit = item_units[later];
            if decls.is_empty() {
                items.remove(later);
                item_units.remove(later);
            }
            items.insert(at, Item::Globals(vec![decl]));
            item_units.insert(at, unit);
        }
    }
}
