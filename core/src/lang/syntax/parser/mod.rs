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
//! `typedef` names have one program-wide scope; bit-fields and function pointers are not
//! supported (each says so at its line).

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::diagnostic::Diagnostic;
use crate::lang::sema::types::{Layouts, Ty};
use crate::lang::syntax::ast::{
    BaseType, BinOp, Block, Expr, ExprKind, FieldDecl, FnSig, Function, Init, Item, Param,
    RecordDecl, Span, Stmt, StmtKind, Type, UnaryOp, Unit, VarDecl,
};
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
        reported_depth: false,
        reported_unclosed: false,
        stopped: false,
        typedefs: builtin_typedefs(),
        records: builtin_records(),
        tags: builtin_records()
            .iter()
            .enumerate()
            .map(|(i, r)| (r.name.clone(), i as u32))
            .collect(),
        enums: BTreeMap::new(),
        signatures: Vec::new(),
        new_externs: Vec::new(),
    };
    let unit = parser.unit();
    let lex_overflow = lex_diags.len() > MAX_ERRORS;
    let mut diags = lex_diags;
    diags.truncate(MAX_ERRORS);
    diags.extend(parser.diags);
    diags.sort_by_key(|d| d.span.start);
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
    reported_depth: bool,
    reported_unclosed: bool,
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
}

/// What the declaration specifiers before a declarator say: the type and the storage class.
struct Spec {
    ty: Type,
    is_typedef: bool,
    is_static: bool,
    is_extern: bool,
}

/// The types the standard headers define with `typedef` (LP64 Linux).
fn builtin_typedefs() -> BTreeMap<String, Type> {
    let t = |base| Type {
        base,
        pointers: 0,
        dims: Vec::new(),
    };
    [
        ("size_t", BaseType::ULong),
        ("ssize_t", BaseType::Long),
        ("ptrdiff_t", BaseType::Long),
        ("intptr_t", BaseType::Long),
        ("uintptr_t", BaseType::ULong),
        ("int8_t", BaseType::Char),
        ("uint8_t", BaseType::UChar),
        ("int16_t", BaseType::Short),
        ("uint16_t", BaseType::UShort),
        ("int32_t", BaseType::Int),
        ("uint32_t", BaseType::UInt),
        ("int64_t", BaseType::Long),
        ("uint64_t", BaseType::ULong),
        ("time_t", BaseType::Long),
        ("clock_t", BaseType::Long),
        ("MPI_Aint", BaseType::Long),
        // ACP's basic layer (`acp.h`): 64-bit global addresses, keys and handles.
        ("acp_ga_t", BaseType::ULong),
        ("acp_atkey_t", BaseType::ULong),
        ("acp_handle_t", BaseType::Long),
        ("MPI_Offset", BaseType::Long),
        // `MPI_User_function *f` is a function pointer; as a `void *` (which MPI_Op_create
        // accepts) casts like `(MPI_User_function *) f` work.
        ("MPI_User_function", BaseType::Void),
    ]
    .into_iter()
    .map(|(name, base)| (name.to_string(), t(base)))
    .collect()
}

/// The structs the standard headers define: `struct timeval` (`<sys/time.h>`) and `struct
/// timespec` (`<time.h>`), as on LP64 Linux.
fn builtin_records() -> Vec<RecordDecl> {
    let long = |name: &str| FieldDecl {
        ty: Type {
            base: BaseType::Long,
            pointers: 0,
            dims: Vec::new(),
        },
        name: name.to_string(),
        span: 0..0,
    };
    [("timeval", "tv_usec"), ("timespec", "tv_nsec")]
        .into_iter()
        .map(|(name, fraction)| RecordDecl {
            name: name.to_string(),
            union: false,
            fields: Some(vec![long("tv_sec"), long(fraction)]),
            span: 0..0,
        })
        .collect()
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

/// Binary operator of a token, with its precedence (higher binds tighter).
fn binop(kind: &TokenKind) -> Option<(BinOp, u8)> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::OrOr => (BinOp::Or, 1),
        Punct::AndAnd => (BinOp::And, 2),
        Punct::Pipe => (BinOp::BitOr, 3),
        Punct::Caret => (BinOp::BitXor, 4),
        Punct::Amp => (BinOp::BitAnd, 5),
        Punct::EqEq => (BinOp::Eq, 6),
        Punct::Ne => (BinOp::Ne, 6),
        Punct::Lt => (BinOp::Lt, 7),
        Punct::Le => (BinOp::Le, 7),
        Punct::Gt => (BinOp::Gt, 7),
        Punct::Ge => (BinOp::Ge, 7),
        Punct::Shl => (BinOp::Shl, 8),
        Punct::Shr => (BinOp::Shr, 8),
        Punct::Plus => (BinOp::Add, 9),
        Punct::Minus => (BinOp::Sub, 9),
        Punct::Star => (BinOp::Mul, 10),
        Punct::Slash => (BinOp::Div, 10),
        Punct::Percent => (BinOp::Rem, 10),
        _ => return None,
    })
}

/// Assignment operator of a token: `Some(None)` for `=`, `Some(Some(op))` for `op=`.
fn assign_op(kind: &TokenKind) -> Option<Option<BinOp>> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::Assign => None,
        Punct::AddAssign => Some(BinOp::Add),
        Punct::SubAssign => Some(BinOp::Sub),
        Punct::MulAssign => Some(BinOp::Mul),
        Punct::DivAssign => Some(BinOp::Div),
        Punct::RemAssign => Some(BinOp::Rem),
        Punct::ShlAssign => Some(BinOp::Shl),
        Punct::ShrAssign => Some(BinOp::Shr),
        Punct::AndAssign => Some(BinOp::BitAnd),
        Punct::OrAssign => Some(BinOp::BitOr),
        Punct::XorAssign => Some(BinOp::BitXor),
        _ => return None,
    })
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

/// Evaluates a constant integer expression (array sizes, `case` labels, `enum` values);
/// `records` gives `sizeof` of a `struct`.
pub fn const_int(e: &Expr, records: &[RecordDecl]) -> Option<i64> {
    let const_int = |e: &Expr| const_int(e, records);
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Char(c) => Some(i64::from(*c as i8)),
        ExprKind::Ident(name) => crate::lang::sema::builtins::constant(name)
            .filter(|c| c.kind == crate::lang::sema::builtins::ConstKind::Int)
            .map(|c| c.value),
        ExprKind::SizeOf(ty) => Layouts::new(records).checked_size(ty).map(i64::from),
        ExprKind::Cast(ty, a) if ty.pointers == 0 && ty.dims.is_empty() => {
            let v = const_int(a)?;
            match Ty::from_decl(ty).scalar() {
                Some(sc) if Ty::from_decl(ty).is_integer() => Some(sc.narrow(v)),
                _ => None,
            }
        }
        ExprKind::Unary(op, a) => {
            let a = const_int(a)?;
            match op {
                UnaryOp::Neg => a.checked_neg(),
                UnaryOp::Plus => Some(a),
                UnaryOp::Not => Some(i64::from(a == 0)),
                UnaryOp::BitNot => Some(!a),
                _ => None,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_int(a)?, const_int(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                BinOp::Div => a.checked_div(b),
                BinOp::Rem => a.checked_rem(b),
                BinOp::Shl => u32::try_from(b).ok().and_then(|b| a.checked_shl(b)),
                BinOp::Shr => u32::try_from(b).ok().and_then(|b| a.checked_shr(b)),
                BinOp::BitAnd => Some(a & b),
                BinOp::BitOr => Some(a | b),
                BinOp::BitXor => Some(a ^ b),
                BinOp::Lt => Some(i64::from(a < b)),
                BinOp::Le => Some(i64::from(a <= b)),
                BinOp::Gt => Some(i64::from(a > b)),
                BinOp::Ge => Some(i64::from(a >= b)),
                BinOp::Eq => Some(i64::from(a == b)),
                BinOp::Ne => Some(i64::from(a != b)),
                BinOp::And => Some(i64::from(a != 0 && b != 0)),
                BinOp::Or => Some(i64::from(a != 0 || b != 0)),
            }
        }
        ExprKind::Ternary(c, a, b) => {
            if const_int(c)? != 0 {
                const_int(a)
            } else {
                const_int(b)
            }
        }
        _ => None,
    }
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
        while !self.at_eof() {
            let start = self.pos;
            if self.eat(Punct::Semi) {
                continue;
            }
            match self.item() {
                Ok(Some(item)) => items.push(item),
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
        self.hoist_extern_definitions(&mut items, externs);
        Unit {
            items,
            records: std::mem::take(&mut self.records),
            signatures: std::mem::take(&mut self.signatures),
        }
    }

    /// `extern int x;` declares a global defined elsewhere in the file (a program is one file):
    /// a definition after the declaration moves up to it, so code between them sees the
    /// variable as C allows; an `extern` never defined is an error.
    fn hoist_extern_definitions(
        &mut self,
        items: &mut Vec<Item>,
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
                    .with_label("no definition in this file")
                    .with_note(
                        "Rankscope runs one file: define the variable here, without `extern`",
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
            if decls.is_empty() {
                items.remove(later);
            }
            items.insert(at, Item::Globals(vec![decl]));
        }
    }

    /// Whether `word` names a type here (a `typedef` name).
    fn is_type_name(&self, word: &str) -> bool {
        self.typedefs.contains_key(word)
    }

    /// Declaration specifiers: storage words, qualifiers, and one type (`unsigned long`,
    /// `struct point`, a `typedef` name, …). `None` when no type starts here.
    fn specifiers(&mut self) -> PResult<Option<Spec>> {
        let start = self.start();
        let (mut is_typedef, mut is_static, mut is_extern) = (false, false, false);
        let (mut signed, mut unsigned, mut short, mut long) = (false, false, false, 0u8);
        let mut base: Option<BaseType> = None;
        let mut named: Option<Type> = None;
        let mut any = false;
        loop {
            match self.peek().clone() {
                TokenKind::Type(b) => {
                    if base.is_some() || named.is_some() {
                        return Err(self.error_here(
                            "two types in one declaration".to_string(),
                            "a second type",
                        ));
                    }
                    base = Some(b);
                    self.bump();
                }
                TokenKind::Ident(word) => match word.as_str() {
                    w if quiet_word(w) => {
                        self.bump();
                    }
                    "static" | "extern" | "typedef" | "signed" | "unsigned" | "short" | "long" => {
                        match word.as_str() {
                            "static" => is_static = true,
                            "extern" => is_extern = true,
                            "typedef" => is_typedef = true,
                            "signed" => signed = true,
                            "unsigned" => unsigned = true,
                            "short" => short = true,
                            _ => long = long.saturating_add(1),
                        }
                        self.bump();
                    }
                    "float" | "_Bool" if base.is_none() && named.is_none() => {
                        base = Some(if word == "float" {
                            BaseType::Float
                        } else {
                            BaseType::Bool
                        });
                        self.bump();
                    }
                    "struct" | "union" if base.is_none() && named.is_none() => {
                        base = Some(BaseType::Record(self.record_spec()?));
                    }
                    "enum" if base.is_none() && named.is_none() => {
                        self.enum_spec()?;
                        base = Some(BaseType::Int);
                    }
                    w if base.is_none()
                        && named.is_none()
                        && !signed
                        && !unsigned
                        && !short
                        && long == 0
                        && self.is_type_name(w) =>
                    {
                        named = self.typedefs.get(w).cloned();
                        self.bump();
                    }
                    _ => break,
                },
                _ => break,
            }
            any = true;
        }
        if !any {
            return Ok(None);
        }
        let span = start..self.prev_end();
        let plain = |base| Type {
            base,
            pointers: 0,
            dims: Vec::new(),
        };
        let modified = signed || unsigned || short || long > 0;
        let ty = match (named, base) {
            (Some(t), _) => t,
            (None, b) => {
                let b = match b {
                    None if !modified => {
                        let found = self.peek().describe();
                        self.report(
                            Diagnostic::error(format!("expected a type, found {found}"), span)
                                .with_label("no type here")
                                .with_note("C needs a type such as `int` in every declaration"),
                        );
                        return Err(Fail);
                    }
                    None | Some(BaseType::Int) => {
                        if short {
                            BaseType::Short
                        } else if long > 0 {
                            BaseType::Long
                        } else {
                            BaseType::Int
                        }
                    }
                    Some(BaseType::Char) if !short && long == 0 => BaseType::Char,
                    Some(BaseType::Double) if long > 0 && !signed && !unsigned && !short => {
                        self.report(
                            Diagnostic::error(
                                "`long double` is not supported by Rankscope's C",
                                span,
                            )
                            .with_label("use `double`"),
                        );
                        return Err(Fail);
                    }
                    Some(b) if !modified => b,
                    Some(b) => {
                        self.report(
                            Diagnostic::error(
                                format!(
                                    "`{}` cannot be `signed`, `unsigned`, `short` or `long`",
                                    base_type_name(b)
                                ),
                                span,
                            )
                            .with_label("not a valid combination"),
                        );
                        return Err(Fail);
                    }
                };
                if unsigned {
                    plain(match b {
                        BaseType::Char => BaseType::UChar,
                        BaseType::Short => BaseType::UShort,
                        BaseType::Long => BaseType::ULong,
                        _ => BaseType::UInt,
                    })
                } else {
                    plain(b)
                }
            }
        };
        Ok(Some(Spec {
            ty,
            is_typedef,
            is_static,
            is_extern,
        }))
    }

    /// `struct tag`, `struct tag { members }` or `struct { members }` (the keyword is next);
    /// returns the record's index.
    fn record_spec(&mut self) -> PResult<u32> {
        let kw = self.bump();
        let union = matches!(&kw.kind, TokenKind::Ident(w) if w == "union");
        let word = if union { "union" } else { "struct" };
        let tag = match self.peek().clone() {
            TokenKind::Ident(name) => {
                self.bump();
                Some(name)
            }
            _ => None,
        };
        if tag.is_none() && !self.at(Punct::LBrace) {
            return Err(self.expected_here(
                &format!("a name or `{{` after `{word}`"),
                "expected a tag or members",
            ));
        }
        let id = match tag.as_ref().and_then(|t| self.tags.get(t)) {
            Some(&id) => id,
            None => {
                let id = self.records.len() as u32;
                self.records.push(RecordDecl {
                    name: tag.clone().unwrap_or_else(|| "<anonymous>".into()),
                    union,
                    fields: None,
                    span: kw.span.start..self.prev_end(),
                });
                if let Some(t) = tag.clone() {
                    self.tags.insert(t, id);
                }
                id
            }
        };
        if self.records[id as usize].union != union {
            let other = if union { "struct" } else { "union" };
            return Err(self.error_here(
                format!(
                    "`{}` was declared as a {other}",
                    tag.clone().unwrap_or_default()
                ),
                "mixed struct and union",
            ));
        }
        if !self.at(Punct::LBrace) {
            return Ok(id);
        }
        let open = self.bump().span;
        if self.records[id as usize].fields.is_some() {
            let name = self.records[id as usize].keyword_name();
            self.report(
                Diagnostic::error(format!("`{name}` is defined twice"), open.clone())
                    .with_label("defined again here"),
            );
        }
        let mut fields: Vec<FieldDecl> = Vec::new();
        while !self.eat(Punct::RBrace) {
            if self.at_eof() {
                return Err(self.expected_here("`}` to close the members", "unclosed"));
            }
            let start = self.start();
            let Some(spec) = self.specifiers()? else {
                return Err(self.expected_here("a member type", "expected a type like `int`"));
            };
            loop {
                let pointers = self.stars();
                let (name, name_span, fixed) =
                    self.declarator_name(&spec.ty, pointers, "a member name")?;
                if self.at(Punct::Colon) {
                    return Err(self.error_here(
                        "bit-fields are not supported by Rankscope's C".to_string(),
                        "use a whole integer member",
                    ));
                }
                let ty = match fixed {
                    Some(t) => t,
                    None => {
                        let dims = self.dims(&name)?;
                        self.combine(&spec.ty, pointers, dims, &name_span)?
                    }
                };
                if fields.iter().any(|f| f.name == name) {
                    self.report(
                        Diagnostic::error(format!("two members are called `{name}`"), name_span)
                            .with_label("a second member by this name"),
                    );
                } else if ty.pointers == 0
                    && ty.dims.is_empty()
                    && matches!(ty.base, BaseType::Record(r) if r == id || self.records[r as usize].fields.is_none())
                {
                    self.report(
                        Diagnostic::error(
                            format!("the member `{name}` has an incomplete type"),
                            name_span,
                        )
                        .with_label("its struct is not defined yet")
                        .with_note("a struct can hold a pointer to itself, not itself"),
                    );
                } else {
                    fields.push(FieldDecl {
                        ty,
                        name,
                        span: start..self.prev_end(),
                    });
                }
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            self.expect(Punct::Semi, "after the member")?;
        }
        if fields.is_empty() {
            self.report(
                Diagnostic::error(format!("a {word} needs at least one member"), open)
                    .with_label("empty"),
            );
        }
        self.records[id as usize].fields = Some(fields);
        Ok(id)
    }

    /// `enum tag`, `enum tag { A, B = 2 }`: defines the constants (the keyword is next).
    fn enum_spec(&mut self) -> PResult<()> {
        self.bump();
        if let TokenKind::Ident(_) = self.peek() {
            self.bump();
        }
        if !self.eat(Punct::LBrace) {
            return Ok(());
        }
        let mut next = 0i64;
        while !self.eat(Punct::RBrace) {
            let (name, span) = self.name("an enumeration constant")?;
            if self.eat(Punct::Assign) {
                let e = self.expr()?;
                match const_int(&e, &self.records) {
                    Some(v) => next = v,
                    None => self.report(
                        Diagnostic::error(
                            format!("the value of `{name}` must be a constant integer"),
                            e.span.clone(),
                        )
                        .with_label("not a constant"),
                    ),
                }
            }
            if self.enums.insert(name.clone(), next).is_some() {
                self.report(
                    Diagnostic::error(format!("`{name}` is declared twice"), span)
                        .with_label("a second enumeration constant by this name"),
                );
            }
            next = next.wrapping_add(1);
            if !self.eat(Punct::Comma) {
                self.expect(Punct::RBrace, "to close the enumeration")?;
                break;
            }
        }
        Ok(())
    }

    /// The type of a declarator: the specifiers' type with `pointers` more levels and `dims`
    /// outside (a `typedef`'d array keeps its dimensions innermost).
    fn combine(&mut self, base: &Type, pointers: u8, dims: Vec<u32>, at: &Span) -> PResult<Type> {
        if !base.dims.is_empty() && pointers > 0 {
            self.report(
                Diagnostic::error(
                    "a pointer to an array type is not supported by Rankscope's C",
                    at.clone(),
                )
                .with_label("pointer to a typedef'd array"),
            );
            return Err(Fail);
        }
        let mut all = dims;
        all.extend(base.dims.iter().copied());
        if all.len() > MAX_DIMS {
            self.report(
                Diagnostic::error(
                    format!("arrays have at most {MAX_DIMS} dimensions"),
                    at.clone(),
                )
                .with_label("too many dimensions"),
            );
            all.truncate(MAX_DIMS);
        }
        Ok(Type {
            base: base.base,
            pointers: base.pointers.saturating_add(pointers),
            dims: all,
        })
    }

    /// Whether the current token starts a declaration.
    fn at_decl_start(&self) -> bool {
        match self.peek() {
            TokenKind::Type(_) => true,
            TokenKind::Ident(w) => {
                specifier_word(w)
                    || (self.is_type_name(w)
                        && !matches!(
                            self.peek_at(1),
                            TokenKind::Punct(
                                Punct::Assign | Punct::LParen | Punct::Dot | Punct::Arrow
                            )
                        ))
            }
            _ => false,
        }
    }

    fn stars(&mut self) -> u8 {
        let mut n: u8 = 0;
        while self.eat(Punct::Star) {
            n = n.saturating_add(1);
        }
        n
    }

    fn name(&mut self, what: &str) -> PResult<(String, Span)> {
        if let TokenKind::Ident(name) = self.peek().clone() {
            let span = self.bump().span;
            return Ok((name, span));
        }
        let found = self.peek().describe();
        Err(self.error_here(
            format!("expected {what}, found {found}"),
            "expected a name here",
        ))
    }

    fn item(&mut self) -> PResult<Option<Item>> {
        let start = self.start();
        if let TokenKind::Ident(w) = self.peek() {
            if let Some(advice) = unsupported_word(w) {
                return Err(
                    self.error_here(format!("`{w}` is not supported by Rankscope's C"), advice)
                );
            }
        }
        let spec = match self.specifiers()? {
            Some(spec) => spec,
            None => {
                if let (TokenKind::Ident(name), TokenKind::Punct(Punct::LParen)) =
                    (self.peek().clone(), self.peek_at(1))
                {
                    // A function without a result type: report, assume `int`, parse it.
                    let span = self.span();
                    self.report(
                        Diagnostic::error(
                            format!("expected a result type before the function `{name}`"),
                            span,
                        )
                        .with_label("add a type, like `int`")
                        .with_note(if name == "main" {
                            "write `int main(…)`".to_string()
                        } else {
                            format!("write `int {name}(…)` or `void {name}(…)`")
                        }),
                    );
                    Spec {
                        ty: Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        },
                        is_typedef: false,
                        is_static: false,
                        is_extern: false,
                    }
                } else if self.at(Punct::RBrace) {
                    return Err(self.error_here(
                        "unexpected `}` outside of any function".to_string(),
                        "nothing to close here",
                    ));
                } else {
                    let found = self.peek().describe();
                    return Err(self.error_here(
                        format!("expected a declaration or a function, found {found}"),
                        "expected a type like `int` here",
                    ));
                }
            }
        };
        if self.eat(Punct::Semi) {
            return Ok(None); // `struct s { … };` or `enum { … };`
        }
        let pointers = self.stars();
        let (name, name_span, fixed) =
            self.declarator_name(&spec.ty, pointers, "a name after the type")?;
        if fixed.is_none() && self.at(Punct::LParen) {
            let params = self.params(&name)?;
            if self.eat(Punct::Semi) || spec.is_typedef {
                return Ok(None); // a prototype
            }
            if !self.at(Punct::LBrace) {
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected `{{` to start the body of `{name}`, found {found}"),
                    "expected `{` here",
                ));
            }
            let ret = self.combine(&spec.ty, pointers, Vec::new(), &name_span)?;
            let body = self.block()?;
            let span = start..body.span.end;
            return Ok(Some(Item::Function(Function {
                ret,
                name,
                name_span,
                params,
                body,
                span,
            })));
        }
        let decls = self.declarators(&spec, start, pointers, (name, name_span, fixed))?;
        self.expect_semi(SemiAfter::Decl)?;
        if spec.is_typedef || decls.is_empty() {
            return Ok(None);
        }
        Ok(Some(Item::Globals(decls)))
    }

    /// A declarator's name, after its `*`s: `name`, or a function pointer `(*name[N])(params)`
    /// whose complete type is returned too (its result is `ret` with `pointers` more levels).
    fn declarator_name(
        &mut self,
        ret: &Type,
        pointers: u8,
        what: &str,
    ) -> PResult<(String, Span, Option<Type>)> {
        if !(self.at(Punct::LParen) && *self.peek_at(1) == TokenKind::Punct(Punct::Star)) {
            let (name, span) = self.name(what)?;
            return Ok((name, span, None));
        }
        self.bump();
        self.bump();
        if self.at(Punct::Star) {
            return Err(self.error_here(
                "pointers to function pointers are not supported by Rankscope's C".to_string(),
                "one `*` only",
            ));
        }
        let (name, span) = match self.peek().clone() {
            TokenKind::Ident(name) => {
                let span = self.bump().span;
                (name, span)
            }
            _ => (String::new(), self.span()),
        };
        let dims = self.dims(&name)?;
        self.expect(Punct::RParen, "to close the function pointer's name")?;
        let params = self.params(&name)?;
        let ret = self.combine(ret, pointers, Vec::new(), &span)?;
        let id = self.signatures.len() as u32;
        self.signatures.push(FnSig {
            ret,
            params: params.into_iter().map(|p| p.ty).collect(),
        });
        let ty = Type {
            base: BaseType::Func(id),
            pointers: 1,
            dims,
        };
        Ok((name, span, Some(ty)))
    }

    fn params(&mut self, func: &str) -> PResult<Vec<Param>> {
        self.expect(Punct::LParen, "")?;
        let mut params = Vec::new();
        if self.eat(Punct::RParen) {
            return Ok(params);
        }
        if *self.peek() == TokenKind::Type(BaseType::Void)
            && *self.peek_at(1) == TokenKind::Punct(Punct::RParen)
        {
            self.bump();
            self.bump();
            return Ok(params);
        }
        loop {
            let start = self.start();
            if self.at(Punct::Dot) && *self.peek_at(1) == TokenKind::Punct(Punct::Dot) {
                return Err(self.error_here(
                    "functions with a variable number of arguments are not supported by Rankscope's C".to_string(),
                    "`...`",
                ));
            }
            let Some(spec) = self.specifiers()? else {
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected a parameter type in `{func}`, found {found}"),
                    "expected a type like `int` here",
                ));
            };
            let mut pointers = self.stars();
            if self.at(Punct::LParen) && *self.peek_at(1) == TokenKind::Punct(Punct::Star) {
                let (name, _, fixed) = self.declarator_name(&spec.ty, pointers, "a name")?;
                params.push(Param {
                    ty: fixed.unwrap_or_else(|| spec.ty.clone()),
                    name,
                    span: start..self.prev_end(),
                });
                if self.eat(Punct::Comma) {
                    continue;
                }
                self.expect(Punct::RParen, &format!("after the parameters of `{func}`"))?;
                return Ok(params);
            }
            // A prototype may leave parameters unnamed (`int f(int, double *);`).
            let name = match self.peek().clone() {
                TokenKind::Ident(name) => {
                    self.bump();
                    name
                }
                _ => String::new(),
            };
            // `a[]` and `a[N]` are pointers; further dimensions stay (`double m[][4]`).
            let mut dims = Vec::new();
            let mut first = true;
            while self.at(Punct::LBracket) {
                let open = self.bump().span;
                let size = if self.at(Punct::RBracket) {
                    None
                } else {
                    Some(self.full_expr()?)
                };
                self.expect(Punct::RBracket, "to close the array parameter")?;
                if first {
                    pointers = pointers.saturating_add(1);
                    first = false;
                    continue;
                }
                match size.as_ref().and_then(|e| const_int(e, &self.records)) {
                    Some(v) if v > 0 && v <= i64::from(u32::MAX) => dims.push(v as u32),
                    _ => {
                        self.report(
                            Diagnostic::error(
                                "the inner sizes of an array parameter must be positive constants",
                                open.start..self.prev_end(),
                            )
                            .with_label("write a size here"),
                        );
                        return Err(Fail);
                    }
                }
            }
            let at = start..self.prev_end();
            let mut ty = self.combine(&spec.ty, 0, Vec::new(), &at)?;
            if dims.is_empty() {
                ty.pointers = ty.pointers.saturating_add(pointers);
            } else {
                // `double m[][4]` (or `m[3][4]`): a pointer to rows of 4, kept as the array
                // type whose first dimension decays (the compiler's `param_ty`).
                ty.pointers = ty.pointers.saturating_add(pointers - 1);
                ty.dims = std::iter::once(1).chain(dims).collect();
            }
            params.push(Param { ty, name, span: at });
            if self.eat(Punct::Comma) {
                continue;
            }
            self.expect(Punct::RParen, &format!("after the parameters of `{func}`"))?;
            return Ok(params);
        }
    }

    /// Array sizes after a declarator's name: `[N]` each, or `[]` (a size taken from the
    /// initializer, first dimension only).
    fn dim_sizes(&mut self, name: &str) -> PResult<Vec<(Option<u32>, Span)>> {
        let mut sizes = Vec::new();
        while self.at(Punct::LBracket) {
            let open = self.bump().span;
            if self.eat(Punct::RBracket) {
                sizes.push((None, open.start..self.prev_end()));
                continue;
            }
            let size = self.full_expr()?;
            self.expect(Punct::RBracket, "after the array size")?;
            let span = open.start..self.prev_end();
            let value = match const_int(&size, &self.records) {
                None => {
                    self.report(
                        Diagnostic::error(
                            format!("the size of array `{name}` must be a constant integer"),
                            size.span.clone(),
                        )
                        .with_label("not a constant")
                        .with_note("use a number or a `#define` constant"),
                    );
                    1
                }
                Some(v) if v <= 0 => {
                    self.report(
                        Diagnostic::error(
                            format!("the size of array `{name}` must be positive, not {v}"),
                            size.span.clone(),
                        )
                        .with_label("not positive"),
                    );
                    1
                }
                Some(v) => u32::try_from(v).unwrap_or_else(|_| {
                    self.report(
                        Diagnostic::error(
                            format!("array `{name}` is too large"),
                            size.span.clone(),
                        )
                        .with_label("too large"),
                    );
                    1
                }),
            };
            sizes.push((Some(value), span));
        }
        Ok(sizes)
    }

    /// Array sizes that must all be given (struct members).
    fn dims(&mut self, name: &str) -> PResult<Vec<u32>> {
        let sizes = self.dim_sizes(name)?;
        let mut dims = Vec::with_capacity(sizes.len());
        for (size, span) in sizes {
            match size {
                Some(v) => dims.push(v),
                None => {
                    self.report(
                        Diagnostic::error(format!("the array `{name}` needs a size"), span)
                            .with_label("write a size here"),
                    );
                    return Err(Fail);
                }
            }
        }
        Ok(dims)
    }

    /// Declarators after the specifiers, the first one's pointers and name already read;
    /// stops before the `;`. A `typedef` defines its names instead (and returns none).
    fn declarators(
        &mut self,
        spec: &Spec,
        start: usize,
        mut pointers: u8,
        first: (String, Span, Option<Type>),
    ) -> PResult<Vec<VarDecl>> {
        let (mut name, mut name_span, mut fixed) = first;
        let mut decls = Vec::new();
        let mut decl_start = start;
        loop {
            if fixed.is_none() && self.at(Punct::LParen) {
                // A prototype among declarations (`int f(int), x;`) or inside a block.
                self.params(&name)?;
            } else {
                let sizes = self.dim_sizes(&name)?;
                let init = if self.eat(Punct::Assign) {
                    if spec.is_typedef {
                        return Err(self.error_here(
                            "a `typedef` cannot have an initial value".to_string(),
                            "remove `= …`",
                        ));
                    }
                    Some(self.init()?)
                } else {
                    None
                };
                let mut dims = Vec::with_capacity(sizes.len());
                for (i, (size, span)) in sizes.iter().enumerate() {
                    let value = match size {
                        Some(v) => *v,
                        None if i == 0 => match &init {
                            Some(Init::List(items, _)) if !items.is_empty() => {
                                u32::try_from(items.len()).unwrap_or(u32::MAX)
                            }
                            Some(Init::Expr(Expr {
                                kind: ExprKind::Str(text),
                                ..
                            })) => u32::try_from(text.len() + 1).unwrap_or(u32::MAX),
                            _ => {
                                self.report(
                                    Diagnostic::error(
                                        format!("the array `{name}` needs a size"),
                                        span.clone(),
                                    )
                                    .with_label("write a size here")
                                    .with_note("or give its elements: `= { 1, 2, 3 }`"),
                                );
                                1
                            }
                        },
                        None => {
                            self.report(
                                Diagnostic::error(
                                    "only the first dimension of an array may be left out",
                                    span.clone(),
                                )
                                .with_label("write a size here"),
                            );
                            1
                        }
                    };
                    dims.push(value);
                }
                let ty = match fixed.take() {
                    Some(t) => t,
                    None => self.combine(&spec.ty, pointers, dims, &name_span)?,
                };
                if spec.is_typedef {
                    self.typedefs.insert(name.clone(), ty);
                } else if self.enums.contains_key(&name) {
                    self.report(
                        Diagnostic::error(
                            format!("`{name}` is already an enumeration constant"),
                            name_span.clone(),
                        )
                        .with_label("choose another name"),
                    );
                } else if spec.is_extern {
                    if self.depth == 0 {
                        self.new_externs.push((name, name_span));
                    }
                } else {
                    decls.push(VarDecl {
                        ty,
                        is_static: spec.is_static,
                        name,
                        name_span,
                        init,
                        span: decl_start..self.prev_end(),
                    });
                }
            }
            if !self.eat(Punct::Comma) {
                return Ok(decls);
            }
            decl_start = self.start();
            pointers = self.stars();
            (name, name_span, fixed) =
                self.declarator_name(&spec.ty, pointers, "a variable name after `,`")?;
        }
    }

    fn init(&mut self) -> PResult<Init> {
        if !self.at(Punct::LBrace) {
            return Ok(Init::Expr(self.full_expr()?));
        }
        self.nested(|p| {
            let open = p.bump().span;
            let mut items = Vec::new();
            loop {
                if p.eat(Punct::RBrace) {
                    break;
                }
                if p.at(Punct::Dot) || p.at(Punct::LBracket) {
                    return Err(p.error_here(
                        "designated initializers (`.x = …`, `[i] = …`) are not supported by Rankscope's C yet".to_string(),
                        "list the values in member order instead",
                    ));
                }
                items.push(p.init()?);
                if p.eat(Punct::Comma) {
                    continue;
                }
                p.expect(Punct::RBrace, "to close the initializer list")?;
                break;
            }
            Ok(Init::List(items, open.start..p.prev_end()))
        })
    }

    // ---- statements -----------------------------------------------------------------------

    /// A block. Its nesting is counted by the statement holding it.
    fn block(&mut self) -> PResult<Block> {
        let open = self.expect(Punct::LBrace, "to start a block")?;
        let mut stmts = Vec::new();
        loop {
            if self.eat(Punct::RBrace) {
                break;
            }
            if self.at_eof() {
                if !self.reported_unclosed && !self.stopped {
                    self.reported_unclosed = true;
                    self.report(
                        Diagnostic::error("this `{` is never closed", open.clone())
                            .with_label("unclosed")
                            .with_note("the file ends before its matching `}`"),
                    );
                }
                break;
            }
            let start = self.pos;
            match self.stmt() {
                Ok(s) => stmts.push(s),
                Err(Fail) => self.sync_stmt(start),
            }
            if self.pos == start {
                self.bump();
            }
        }
        Ok(Block {
            stmts,
            span: open.start..self.prev_end(),
        })
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.nested(|p| {
            let start = p.start();
            let kind = p.stmt_kind()?;
            Ok(Stmt {
                kind,
                span: start..p.prev_end().max(start),
            })
        })
    }

    /// Whether `word` starts a `switch`, `case`, `default`, `goto`, a label, or a word Rankscope's
    /// C rejects plainly.
    fn at_labelled_stmt(&self, word: &str) -> bool {
        matches!(word, "switch" | "case" | "goto")
            || unsupported_word(word).is_some()
            || (*self.peek_at(1) == TokenKind::Punct(Punct::Colon) && !self.is_type_name(word))
    }

    /// `switch`, `case`, `default:`, `goto`, `label:` (kept out of [`Self::stmt_kind`] so its
    /// stack frame stays small for deeply nested blocks).
    fn labelled_stmt(&mut self) -> PResult<StmtKind> {
        match self.peek().clone() {
            TokenKind::Ident(ref word) if word == "switch" => {
                self.bump();
                let value = self.paren_cond("switch")?;
                let body = Box::new(self.stmt()?);
                Ok(StmtKind::Switch { value, body })
            }
            TokenKind::Ident(ref word) if word == "case" => {
                self.bump();
                let value = self.full_expr()?;
                self.expect(Punct::Colon, "after the `case` value")?;
                let body = Box::new(self.labelled()?);
                Ok(StmtKind::Case { value, body })
            }
            TokenKind::Ident(word)
                if word == "default" && *self.peek_at(1) == TokenKind::Punct(Punct::Colon) =>
            {
                self.bump();
                self.bump();
                Ok(StmtKind::Default(Box::new(self.labelled()?)))
            }
            TokenKind::Ident(ref word) if word == "goto" => {
                self.bump();
                let (name, _) = self.name("a label after `goto`")?;
                self.expect_semi(SemiAfter::Expr)?;
                Ok(StmtKind::Goto(name))
            }
            TokenKind::Ident(word)
                if *self.peek_at(1) == TokenKind::Punct(Punct::Colon)
                    && !self.is_type_name(&word) =>
            {
                self.bump();
                self.bump();
                Ok(StmtKind::Label {
                    name: word.clone(),
                    body: Box::new(self.labelled()?),
                })
            }
            TokenKind::Ident(ref word) if unsupported_word(word).is_some() => {
                let advice = unsupported_word(word).unwrap_or_default();
                Err(self.error_here(
                    format!("`{word}` is not supported by Rankscope's C"),
                    advice,
                ))
            }
            _ => Err(self.expected_here("a statement", "expected a statement")),
        }
    }

    /// The statement after a label; a label right before `}` marks an empty statement.
    fn labelled(&mut self) -> PResult<Stmt> {
        if self.at(Punct::RBrace) {
            let at = self.start();
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span: at..at,
            });
        }
        self.stmt()
    }

    fn paren_cond(&mut self, keyword: &str) -> PResult<Expr> {
        self.expect(Punct::LParen, &format!("after `{keyword}`"))?;
        let cond = self.comma_expr()?;
        self.expect_close_before_body(&format!("after the condition of `{keyword}`"))?;
        Ok(cond)
    }

    fn stmt_kind(&mut self) -> PResult<StmtKind> {
        match self.peek().clone() {
            TokenKind::Punct(Punct::LBrace) => Ok(StmtKind::Block(self.block()?)),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                Ok(StmtKind::Empty)
            }
            TokenKind::If => {
                self.bump();
                let cond = self.paren_cond("if")?;
                let then = Box::new(self.stmt()?);
                let otherwise = if matches!(self.peek(), TokenKind::Else) {
                    self.bump();
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                Ok(StmtKind::If {
                    cond,
                    then,
                    otherwise,
                })
            }
            TokenKind::While => {
                self.bump();
                let cond = self.paren_cond("while")?;
                let body = Box::new(self.stmt()?);
                Ok(StmtKind::While { cond, body })
            }
            TokenKind::Do => {
                self.bump();
                let body = Box::new(self.stmt()?);
                if !matches!(self.peek(), TokenKind::While) {
                    let found = self.peek().describe();
                    return Err(self.error_here(
                        format!("expected `while` after the body of `do`, found {found}"),
                        "expected `while (…);` here",
                    ));
                }
                self.bump();
                self.expect(Punct::LParen, "after `while`")?;
                let cond = self.comma_expr()?;
                self.expect(Punct::RParen, "after the condition of `do … while`")?;
                self.expect_semi(SemiAfter::DoWhile)?;
                Ok(StmtKind::DoWhile { body, cond })
            }
            TokenKind::For => {
                self.bump();
                self.expect(Punct::LParen, "after `for`")?;
                let init = if self.eat(Punct::Semi) {
                    None
                } else {
                    let start = self.start();
                    let kind = if self.at_decl_start() {
                        self.decl_stmt()?
                    } else {
                        let e = self.comma_expr()?;
                        self.expect(Punct::Semi, "after the first part of `for`")?;
                        StmtKind::Expr(e)
                    };
                    Some(Box::new(Stmt {
                        kind,
                        span: start..self.prev_end(),
                    }))
                };
                let cond = if self.at(Punct::Semi) {
                    None
                } else {
                    Some(self.comma_expr()?)
                };
                self.expect(Punct::Semi, "after the condition of `for`")?;
                let step = if self.at(Punct::RParen) {
                    None
                } else {
                    Some(self.comma_expr()?)
                };
                self.expect_close_before_body("after the parts of `for`")?;
                let body = Box::new(self.stmt()?);
                Ok(StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                })
            }
            TokenKind::Break => {
                self.bump();
                self.expect_semi(SemiAfter::Break)?;
                Ok(StmtKind::Break)
            }
            TokenKind::Continue => {
                self.bump();
                self.expect_semi(SemiAfter::Continue)?;
                Ok(StmtKind::Continue)
            }
            TokenKind::Return => {
                self.bump();
                let value = if self.at(Punct::Semi) || self.at(Punct::RBrace) {
                    None
                } else {
                    Some(self.comma_expr()?)
                };
                self.expect_semi(SemiAfter::Return)?;
                Ok(StmtKind::Return(value))
            }
            TokenKind::Ident(word) if self.at_labelled_stmt(&word) => self.labelled_stmt(),
            TokenKind::Else => Err(self.error_here(
                "`else` without a matching `if`".to_string(),
                "no `if` before this",
            )),
            _ if self.at_decl_start() => {
                let kind = self.decl_stmt()?;
                Ok(kind)
            }
            _ => {
                let e = self.comma_expr()?;
                self.expect_semi(SemiAfter::Expr)?;
                Ok(StmtKind::Expr(e))
            }
        }
    }

    /// A local declaration, through its `;`.
    fn decl_stmt(&mut self) -> PResult<StmtKind> {
        let start = self.start();
        let Some(spec) = self.specifiers()? else {
            let found = self.peek().describe();
            return Err(
                self.error_here(format!("expected a type, found {found}"), "expected a type")
            );
        };
        if self.eat(Punct::Semi) {
            return Ok(StmtKind::Empty); // a struct or enum definition
        }
        let pointers = self.stars();
        let first = self.declarator_name(&spec.ty, pointers, "a variable name after the type")?;
        let decls = self.declarators(&spec, start, pointers, first)?;
        self.expect_semi(SemiAfter::Decl)?;
        Ok(StmtKind::Decl(decls))
    }

    // ---- expressions ----------------------------------------------------------------------

    /// An assignment expression, unboxed (initializers, array sizes).
    fn full_expr(&mut self) -> PResult<Expr> {
        Ok(*self.expr()?)
    }

    /// An expression with the comma operator (`a = 1, b = 2`): statements, conditions, `for`.
    fn comma_expr(&mut self) -> PResult<Expr> {
        let mut e = self.expr()?;
        while self.eat(Punct::Comma) {
            let rhs = self.expr()?;
            if height(&e) + self.depth > MAX_DEPTH {
                self.too_deep(e.span.start..rhs.span.end);
                return Err(Fail);
            }
            let span = e.span.start..rhs.span.end;
            e = Box::new(Expr {
                kind: ExprKind::Comma(e, rhs),
                span,
            });
        }
        Ok(*e)
    }

    /// An expression (boxed, which keeps the recursive parser's stack frames small).
    fn expr(&mut self) -> PExpr {
        self.nested(Parser::assign)
    }

    fn assign(&mut self) -> PExpr {
        let target = self.ternary()?;
        let Some(op) = assign_op(self.peek()) else {
            return Ok(target);
        };
        self.bump();
        let value = self.expr()?;
        let span = target.span.start..value.span.end;
        Ok(Box::new(Expr {
            kind: ExprKind::Assign { op, target, value },
            span,
        }))
    }

    fn ternary(&mut self) -> PExpr {
        let cond = self.binary(0)?;
        if !self.eat(Punct::Question) {
            return Ok(cond);
        }
        let then = self.expr()?;
        self.expect(Punct::Colon, "in the `? :` expression")?;
        let otherwise = self.nested(Parser::ternary)?;
        let span = cond.span.start..otherwise.span.end;
        Ok(Box::new(Expr {
            kind: ExprKind::Ternary(cond, then, otherwise),
            span,
        }))
    }

    /// Precedence climbing: operators binding at least as tight as `min`, left-associative.
    fn binary(&mut self, min: u8) -> PExpr {
        let mut lhs = self.unary()?;
        let mut tall = 0;
        while let Some((op, prec)) = binop(self.peek()) {
            if prec < min {
                break;
            }
            self.bump();
            let rhs = self.nested(|p| p.binary(prec + 1))?;
            if tall == 0 {
                tall = height(&lhs);
            }
            tall = tall.max(height(&rhs)) + 1;
            if tall + self.depth > MAX_DEPTH {
                self.too_deep(lhs.span.start..rhs.span.end);
                return Err(Fail);
            }
            let span = lhs.span.start..rhs.span.end;
            lhs = Box::new(Expr {
                kind: ExprKind::Binary(op, lhs, rhs),
                span,
            });
        }
        Ok(lhs)
    }

    fn type_name(&mut self) -> PResult<Type> {
        let start = self.start();
        let Some(spec) = self.specifiers()? else {
            return Err(self.expected_here("a type", "expected a type"));
        };
        let pointers = self.stars();
        let dims = self.dims("")?;
        self.combine(&spec.ty, pointers, dims, &(start..self.prev_end()))
    }

    fn unary(&mut self) -> PExpr {
        let start = self.start();
        let op = match self.peek() {
            TokenKind::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            TokenKind::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            TokenKind::Punct(Punct::Bang) => Some(UnaryOp::Not),
            TokenKind::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Amp) => Some(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::Star) => Some(UnaryOp::Deref),
            TokenKind::Punct(Punct::PlusPlus) => Some(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => Some(UnaryOp::PreDec),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let operand = self.nested(Parser::unary)?;
            let span = start..operand.span.end;
            return Ok(Box::new(Expr {
                kind: ExprKind::Unary(op, operand),
                span,
            }));
        }
        if self.at(Punct::LParen) && self.peek_at_type(1) {
            self.bump();
            let ty = self.type_name()?;
            self.expect(Punct::RParen, "after the type of the cast")?;
            if self.at(Punct::LBrace) {
                return Err(self.error_here(
                    "compound literals (`(type){ … }`) are not supported by Rankscope's C yet"
                        .to_string(),
                    "declare a variable with this initializer instead",
                ));
            }
            let operand = self.nested(Parser::unary)?;
            let span = start..operand.span.end;
            return Ok(Box::new(Expr {
                kind: ExprKind::Cast(ty, operand),
                span,
            }));
        }
        if matches!(self.peek(), TokenKind::Sizeof) {
            return self.sizeof(start);
        }
        self.postfix()
    }

    fn sizeof(&mut self, start: usize) -> PExpr {
        self.bump();
        if self.at(Punct::LParen) && self.peek_at_type(1) {
            self.bump();
            let ty = self.type_name()?;
            self.expect(Punct::RParen, "after the type in `sizeof`")?;
            return Ok(Box::new(Expr {
                kind: ExprKind::SizeOf(ty),
                span: start..self.prev_end(),
            }));
        }
        let operand = self.nested(Parser::unary)?;
        Ok(Box::new(Expr {
            span: start..operand.span.end,
            kind: ExprKind::SizeOfExpr(operand),
        }))
    }

    /// Whether the token `ahead` starts a type name (possibly after `const`).
    fn peek_at_type(&self, ahead: usize) -> bool {
        match self.peek_at(ahead) {
            TokenKind::Type(_) => true,
            TokenKind::Ident(w) => specifier_word(w) || self.is_type_name(w),
            _ => false,
        }
    }

    fn postfix(&mut self) -> PExpr {
        let mut e = self.primary()?;
        let mut tall: Option<usize> = None;
        loop {
            let start = e.span.start;
            let kind = match self.peek() {
                TokenKind::Punct(Punct::LBracket) => {
                    let below = tall.unwrap_or_else(|| height(&e));
                    self.bump();
                    let index = self.expr()?;
                    self.expect(Punct::RBracket, "after the array index")?;
                    tall = Some(below.max(height(&index)) + 1);
                    ExprKind::Index(e, index)
                }
                TokenKind::Punct(Punct::Dot) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let (field, _) = self.name("a field name after `.`")?;
                    ExprKind::Field(e, field)
                }
                TokenKind::Punct(Punct::PlusPlus) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    ExprKind::Unary(UnaryOp::PostInc, e)
                }
                TokenKind::Punct(Punct::MinusMinus) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    ExprKind::Unary(UnaryOp::PostDec, e)
                }
                TokenKind::Punct(Punct::Arrow) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let (field, _) = self.name("a member name after `->`")?;
                    ExprKind::Arrow(e, field)
                }
                TokenKind::Punct(Punct::LParen) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let mut args = Vec::new();
                    if !self.eat(Punct::RParen) {
                        loop {
                            args.push(*self.expr()?);
                            if self.eat(Punct::Comma) {
                                continue;
                            }
                            self.expect(Punct::RParen, "after the arguments")?;
                            break;
                        }
                    }
                    ExprKind::CallPtr(e, args)
                }
                _ => return Ok(e),
            };
            if tall.unwrap_or(0) + self.depth > MAX_DEPTH {
                self.too_deep(start..self.prev_end());
                return Err(Fail);
            }
            e = Box::new(Expr {
                kind,
                span: start..self.prev_end(),
            });
        }
    }

    fn primary(&mut self) -> PExpr {
        let start = self.start();
        let kind = match self.peek() {
            TokenKind::Int(_) | TokenKind::Float(_) => return Ok(self.number()),
            TokenKind::Char(c) => ExprKind::Char(*c),
            TokenKind::Str(_) => return Ok(self.string()),
            TokenKind::Ident(name) => {
                let name = name.clone();
                let name_span = self.bump().span;
                if self.at(Punct::LParen) {
                    return self.call(name, name_span);
                }
                if let Some(&v) = self.enums.get(&name) {
                    return Ok(Box::new(Expr {
                        kind: ExprKind::Int(v),
                        span: name_span,
                    }));
                }
                return Ok(Box::new(Expr {
                    kind: ExprKind::Ident(name),
                    span: name_span,
                }));
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let mut inner = Box::new(self.comma_expr()?);
                self.expect(Punct::RParen, "to close the parenthesis")?;
                inner.span = start..self.prev_end();
                return Ok(inner);
            }
            _ => return Err(self.expected_here("an expression", "expected an expression here")),
        };
        let span = self.bump().span;
        Ok(Box::new(Expr { kind, span }))
    }

    /// A number literal with its C type (C99 6.4.4): a literal whose type is not the one its
    /// value alone gives (`int`, else `long`; `double`) is wrapped in a cast to its type, so
    /// `10u`, `0xFFFFFFFF`, `1UL << 40` and `1.5f` have C's types.
    fn number(&mut self) -> Box<Expr> {
        let tok = self.bump();
        let form = tok.literal;
        let (kind, base) = match tok.kind {
            TokenKind::Float(v) => (ExprKind::Float(v), form.float.then_some(BaseType::Float)),
            TokenKind::Int(v) => {
                let u = v as u64;
                let (int, uint, long) = (
                    u <= i32::MAX as u64,
                    u <= u64::from(u32::MAX),
                    u <= i64::MAX as u64,
                );
                let octal_hex = !form.decimal;
                let base = if form.unsigned {
                    if uint && form.longs == 0 {
                        BaseType::UInt
                    } else {
                        BaseType::ULong
                    }
                } else if form.longs > 0 {
                    if long {
                        BaseType::Long
                    } else {
                        BaseType::ULong
                    }
                } else if int {
                    BaseType::Int
                } else if uint && octal_hex {
                    BaseType::UInt
                } else if long {
                    BaseType::Long
                } else {
                    BaseType::ULong
                };
                let plain = if int { BaseType::Int } else { BaseType::Long };
                (ExprKind::Int(v), (base != plain).then_some(base))
            }
            _ => (ExprKind::Int(0), None),
        };
        let lit = Box::new(Expr {
            kind,
            span: tok.span.clone(),
        });
        match base {
            None => lit,
            Some(base) => Box::new(Expr {
                kind: ExprKind::Cast(
                    Type {
                        base,
                        pointers: 0,
                        dims: Vec::new(),
                    },
                    lit,
                ),
                span: tok.span,
            }),
        }
    }

    /// A string literal; adjacent literals are one string, as in C.
    fn string(&mut self) -> Box<Expr> {
        let start = self.start();
        let mut text = String::new();
        while let TokenKind::Str(more) = self.peek() {
            text.push_str(more);
            self.bump();
        }
        Box::new(Expr {
            kind: ExprKind::Str(text),
            span: start..self.prev_end(),
        })
    }

    /// Reports "expected {what}, found …" at the current token.
    fn expected_here(&mut self, what: &str, label: &str) -> Fail {
        let found = self.peek().describe();
        self.error_here(format!("expected {what}, found {found}"), label)
    }

    fn call(&mut self, name: String, name_span: Span) -> PExpr {
        self.bump(); // `(`
        let mut args = Vec::new();
        if !self.eat(Punct::RParen) {
            loop {
                args.push(*self.expr()?);
                if self.eat(Punct::Comma) {
                    continue;
                }
                if self.eat(Punct::RParen) {
                    break;
                }
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected `,` or `)` in the call to `{name}`, found {found}"),
                    "expected `,` or `)` here",
                ));
            }
        }
        let span = name_span.start..self.prev_end();
        Ok(Box::new(Expr {
            kind: ExprKind::Call {
                name,
                name_span,
                args,
            },
            span,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renders an expression fully parenthesized.
    fn show(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Int(v) => v.to_string(),
            ExprKind::Float(v) => format!("{v:?}"),
            ExprKind::Char(c) => format!("'{}'", *c as char),
            ExprKind::Str(s) => format!("{s:?}"),
            ExprKind::Ident(n) => n.clone(),
            ExprKind::Unary(op, a) => format!("({op:?} {})", show(a)),
            ExprKind::Binary(op, a, b) => format!("({} {op:?} {})", show(a), show(b)),
            ExprKind::Assign { op, target, value } => {
                format!("({} ={op:?} {})", show(target), show(value))
            }
            ExprKind::Ternary(a, b, c) => format!("({} ? {} : {})", show(a), show(b), show(c)),
            ExprKind::Call { name, args, .. } => format!(
                "{name}({})",
                args.iter().map(show).collect::<Vec<_>>().join(", ")
            ),
            ExprKind::Index(a, i) => format!("{}[{}]", show(a), show(i)),
            ExprKind::Field(a, f) => format!("{}.{f}", show(a)),
            ExprKind::Cast(t, a) => format!(
                "(cast {:?}{} {})",
                t.base,
                "*".repeat(t.pointers.into()),
                show(a)
            ),
            ExprKind::SizeOf(t) => format!("sizeof({:?})", t.base),
            ExprKind::Arrow(a, f) => format!("{}->{f}", show(a)),
            ExprKind::SizeOfExpr(a) => format!("sizeof {}", show(a)),
            ExprKind::Comma(a, b) => format!("({}, {})", show(a), show(b)),
            ExprKind::CallPtr(f, args) => format!(
                "(*{})({})",
                show(f),
                args.iter().map(show).collect::<Vec<_>>().join(", ")
            ),
        }
    }

    fn expr(src: &str) -> String {
        let program = format!("int main() {{ {src}; }}");
        let (unit, diags) = parse(&program);
        assert!(diags.is_empty(), "{src}: {diags:?}");
        let Some(Item::Function(f)) = unit.and_then(|u| u.items.into_iter().next()) else {
            panic!("no function")
        };
        match &f.body.stmts[0].kind {
            StmtKind::Expr(e) => {
                assert_eq!(&program[e.span.clone()], src, "span of {src}");
                show(e)
            }
            other => panic!("{other:?}"),
        }
    }

    fn messages(src: &str) -> Vec<String> {
        parse(src).1.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn c_precedence_and_associativity() {
        assert_eq!(expr("a + b * c"), "(a Add (b Mul c))");
        assert_eq!(expr("a - b - c"), "((a Sub b) Sub c)");
        assert_eq!(expr("a = b = c"), "(a =None (b =None c))");
        assert_eq!(expr("a += b * 2"), "(a =Some(Add) (b Mul 2))");
        assert_eq!(
            expr("a || b && c | d ^ e & f == g < h << i + j * k"),
            "(a Or (b And (c BitOr (d BitXor (e BitAnd (f Eq (g Lt (h Shl (i Add (j Mul k))))))))))"
        );
        assert_eq!(expr("a ? b : c ? d : e"), "(a ? b : (c ? d : e))");
        assert_eq!(expr("x = a < b ? a : b"), "(x =None ((a Lt b) ? a : b))");
        assert_eq!(expr("-a++"), "(Neg (PostInc a))");
        assert_eq!(expr("!*p"), "(Not (Deref p))");
        assert_eq!(expr("&a[i][j]"), "(AddrOf a[i][j])");
        assert_eq!(expr("st.MPI_SOURCE == 1"), "(st.MPI_SOURCE Eq 1)");
        assert_eq!(expr("(double)x / 2"), "((cast Double x) Div 2)");
        assert_eq!(expr("sizeof(int) * n"), "(sizeof(Int) Mul n)");
        assert_eq!(expr("(a + b) * c"), "((a Add b) Mul c)");
        assert_eq!(expr("f(1, g(2), \"s\" \"t\")"), "f(1, g(2), \"st\")");
        assert_eq!(expr("x = -1 - -1"), "(x =None ((Neg 1) Sub (Neg 1)))");
        assert_eq!(expr("a != b >= c % d"), "(a Ne (b Ge (c Rem d)))");
        assert_eq!(expr("~a >> 2 | b"), "(((BitNot a) Shr 2) BitOr b)");
    }

    #[test]
    fn declarations_and_functions() {
        let src =
            "#define N 4\nint g = 1, a[N][2*N], *p;\nint f(int x, double v[], char **argv);\n\
                   int f(int x, double v[], char **argv) { int b[] = {1, 2, 3}; return x; }\n\
                   int main(void) { for (int i = 0; i < N; i++) { if (i) continue; else break; } \
                   do ; while (0); return 0; }";
        let (unit, diags) = parse(src);
        assert!(diags.is_empty(), "{diags:?}");
        let unit = unit.unwrap();
        assert_eq!(unit.items.len(), 3, "the prototype is dropped");
        let Item::Globals(globals) = &unit.items[0] else {
            panic!()
        };
        assert_eq!(globals[1].ty.dims, vec![4, 8]);
        assert_eq!(globals[2].ty.pointers, 1);
        assert_eq!(&src[globals[1].name_span.clone()], "a");
        let Item::Function(f) = &unit.items[1] else {
            panic!()
        };
        assert_eq!(f.params[1].ty.pointers, 1);
        assert_eq!(f.params[2].ty.pointers, 2);
        let StmtKind::Decl(d) = &f.body.stmts[0].kind else {
            panic!()
        };
        assert_eq!(d[0].ty.dims, vec![3]);
    }

    #[test]
    fn every_syntax_error_in_one_pass() {
        let src = "int main() {\n  int x = 1\n  x = (2 + ;\n  if (x { x = 3; }\n  y = 4 5;\n  return 0;\n}\n";
        assert_eq!(
            messages(src),
            vec![
                "expected `;` after the declaration",
                "expected an expression, found `;`",
                "expected `)` after the condition of `if`",
                "expected `;` after the expression, found number `5`",
            ]
        );
    }

    #[test]
    fn unclosed_block_and_stray_tokens() {
        assert_eq!(
            messages("int main() {\n  if (1) {\n    x = 1;\n"),
            vec!["this `{` is never closed"]
        );
        assert_eq!(
            messages("int main() { return 0; } }\nmain() { }"),
            vec![
                "unexpected `}` outside of any function",
                "expected a result type before the function `main`",
            ]
        );
        assert_eq!(
            messages(
                "int main() { else x; float y; a->b; (f)(1); sizeof(x);\n switch (x) { case 1: break; }\n goto end; \
                 long double z; setjmp(b); int (**fp)(int); }\nstruct s { int bits : 3; };\nunsigned float u;"
            ),
            vec![
                "`else` without a matching `if`",
                "`long double` is not supported by Rankscope's C",
                "`setjmp` is not supported by Rankscope's C",
                "pointers to function pointers are not supported by Rankscope's C",
                "bit-fields are not supported by Rankscope's C",
                "`float` cannot be `signed`, `unsigned`, `short` or `long`",
            ]
        );
    }

    #[test]
    fn array_size_errors() {
        assert_eq!(
            messages(
                "int n; int a[n], b[0], c[], d[2][], e[1][2][3], f[1][1][1][1][1][1][1][1][1];"
            ),
            vec![
                "the size of array `a` must be a constant integer",
                "the size of array `b` must be positive, not 0",
                "the array `c` needs a size",
                "only the first dimension of an array may be left out",
                "arrays have at most 8 dimensions",
            ]
        );
    }

    fn deep(open: &str, close: &str, n: usize) -> String {
        format!(
            "int main() {{ x = {}1{}; }}",
            open.repeat(n),
            close.repeat(n)
        )
    }

    #[test]
    fn deep_nesting_is_a_diagnostic_not_a_crash() {
        for src in [
            deep("(", ")", 20_000),
            deep("-", "", 20_000),
            deep("a[", "]", 10_000),
            format!("int main() {}{}", "{".repeat(20_000), "}".repeat(20_000)),
            format!("int main() {{ x = 1{}; }}", " + 1".repeat(20_000)),
            format!("int main() {{ x = a{}; }}", "[0]".repeat(20_000)),
            format!("int main() {{ x = {}1; }}", "y = ".repeat(20_000)),
            format!("int a[] = {}1{};", "{".repeat(20_000), "}".repeat(20_000)),
            format!("int main() {{ {} }}", "if (1) ".repeat(20_000)),
        ] {
            let msgs = messages(&src);
            assert_eq!(
                msgs,
                vec!["the program is nested too deeply here"],
                "{}",
                &src[..40]
            );
        }
        // Just under the limits parses.
        assert!(messages(&deep("(", ")", 100)).is_empty());
        assert!(messages(&format!("int main() {{ x = 1{}; }}", " + 1".repeat(100))).is_empty());
    }

    #[test]
    fn lexical_error_count_is_capped_too() {
        let msgs = messages(&"@ x ".repeat(150));
        assert_eq!(msgs.len(), MAX_ERRORS + 1);
        assert_eq!(
            msgs.last().map(String::as_str),
            Some("too many errors; stopping here")
        );
    }

    #[test]
    fn error_count_is_capped() {
        let src = format!("int main() {{ {} }}", "x = ;\n".repeat(500));
        let msgs = messages(&src);
        assert_eq!(msgs.len(), MAX_ERRORS + 1);
        assert_eq!(
            msgs.last().map(String::as_str),
            Some("too many errors; stopping here")
        );
    }
}
