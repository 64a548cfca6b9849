//! Linking a program of several files, as a C linker would, on the parsed tree of all its
//! translation units ([`crate::lang::syntax::parser::parse_files`]):
//!
//! - a `static` function or global is private to its file: its name, and every use of that name
//!   in its file, becomes `name@k` (`k` the file's unit; `@` cannot be in a C name, so it never
//!   meets another file's name), so two files may each have their own `static int count;`;
//!   [`display`] takes the `@k` out of every text a user sees;
//! - an external name (a function or global not `static`) has exactly one definition: a second
//!   one in another file is an error at it naming both files, as `ld`'s "multiple definition"
//!   (two `int x;` count as two, as with gcc's default `-fno-common`);
//! - `extern` declarations and prototypes refer to the one definition (the parser already moves
//!   a global's definition up to its first `extern`), and a call to a function no file defines is
//!   the checker's "undeclared function" at the call, in its file.

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::diagnostic::Diagnostic;
use crate::lang::sources::{FileKind, FileMap};
use crate::lang::syntax::ast::{
    Block, Expr, ExprKind, Init, Item, Span, Stmt, StmtKind, Unit, VarDecl,
};

/// Links `unit` (parsed from the `.c` files of `map`): checks the one-definition rule and makes
/// `static` names private to their file. Errors in source order; the names are made private
/// even then, so the checker can still run and report its own errors beside them.
pub fn link(unit: &mut Unit, map: &FileMap) -> Result<(), Vec<Diagnostic>> {
    let names: Vec<&str> = (map.files.iter())
        .filter(|f| f.kind == FileKind::Source)
        .map(|f| &*f.name)
        .collect();
    if names.len() < 2 {
        return Ok(());
    }
    let units = unit.item_units.clone();
    let unit_of = |i: usize| units.get(i).copied().unwrap_or(0) as usize;
    // One definition per external name.
    let mut first: BTreeMap<&str, (usize, Span)> = BTreeMap::new();
    let mut diags = Vec::new();
    for (i, item) in unit.items.iter().enumerate() {
        let defined: Vec<(&str, &Span, &str)> = match item {
            Item::Function(f) if !f.is_static => vec![(&f.name, &f.name_span, "the function")],
            Item::Function(_) => Vec::new(),
            Item::Globals(ds) => (ds.iter().filter(|d| !d.is_static))
                .map(|d| (d.name.as_str(), &d.name_span, "the variable"))
                .collect(),
        };
        for (name, span, what) in defined {
            let file = unit_of(i);
            match first.get(name) {
                Some((other, at)) if *other != file => {
                    let (at_file, pos) = map.locate(at.start);
                    diags.push(
                        Diagnostic::error(
                            format!(
                                "multiple definition of `{name}`: {what} is defined in both {} and {}",
                                names[*other], names[file]
                            ),
                            span.clone(),
                        )
                        .with_label("defined again here")
                        .with_note(format!(
                            "first defined at {at_file}:{}:{}; keep one definition and declare it in a header (`extern` for a variable), or make each `static` to its file",
                            pos.line, pos.column
                        )),
                    );
                }
                Some(_) => {}
                None => {
                    first.insert(name, (file, span.clone()));
                }
            }
        }
    }
    // Private names: per file, the `static` functions and globals.
    let mut statics: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    for (i, item) in unit.items.iter().enumerate() {
        let private: Vec<&str> = match item {
            Item::Function(f) if f.is_static => vec![&f.name],
            Item::Function(_) => Vec::new(),
            Item::Globals(ds) => (ds.iter().filter(|d| d.is_static))
                .map(|d| d.name.as_str())
                .collect(),
        };
        for n in private {
            statics.entry(unit_of(i)).or_default().insert(n.to_string());
        }
    }
    for (i, item) in unit.items.iter_mut().enumerate() {
        let file = unit_of(i);
        let Some(names) = statics.get(&file) else {
            continue;
        };
        let r = Renamer { names, file };
        match item {
            Item::Function(f) => {
                r.name(&mut f.name);
                for p in &mut f.params {
                    r.name(&mut p.name);
                }
                r.block(&mut f.body);
            }
            Item::Globals(ds) => ds.iter_mut().for_each(|d| r.decl(d)),
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        diags.sort_by_key(|d| d.span.start);
        Err(diags)
    }
}

/// `text` with the file marks of private names taken out (`count@1` → `count`).
pub fn display(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if b[i] == b'@'
            && i > 0
            && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
            && b.get(i + 1).is_some_and(u8::is_ascii_digit)
        {
            i += 1;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            continue;
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// [`display`] over every text of a diagnostic.
pub fn display_diag(mut d: Diagnostic) -> Diagnostic {
    if d.message.contains('@') || d.label.contains('@') || d.notes.iter().any(|n| n.contains('@')) {
        d.message = display(&d.message);
        d.label = display(&d.label);
        d.notes = d.notes.iter().map(|n| display(n)).collect();
    }
    d
}

/// The names private to a file (`static` functions and globals), with that file's name.
pub fn private_names(unit: &Unit, map: &FileMap) -> Vec<(String, String)> {
    let names: Vec<&str> = (map.files.iter())
        .filter(|f| f.kind == FileKind::Source)
        .map(|f| &*f.name)
        .collect();
    let mut out = Vec::new();
    let mut add = |name: &str| {
        if let Some((plain, k)) = name.split_once('@') {
            if let Some(file) = k.parse::<usize>().ok().and_then(|k| names.get(k)) {
                out.push((plain.to_string(), file.to_string()));
            }
        }
    };
    for item in &unit.items {
        match item {
            Item::Function(f) => add(&f.name),
            Item::Globals(ds) => ds.iter().for_each(|d| add(&d.name)),
        }
    }
    out
}

/// A name another file keeps `static` was used: the diagnostic says so instead of suggesting
/// the name itself.
pub fn explain_private(mut d: Diagnostic, private: &[(String, String)]) -> Diagnostic {
    for (name, file) in private {
        let quoted = format!("`{name}`");
        if d.message.ends_with(&quoted) && d.notes.iter().any(|n| n.contains(&quoted)) {
            d.notes = vec![format!(
                "`{name}` is `static` in {file}: only {file} can use it; remove `static` there (and declare it in a header) to share it"
            )];
        }
    }
    d
}

/// Renames every ordinary identifier in `names` (variables, functions, parameters; not members
/// or labels) to its file's private name. Renaming a name everywhere in one file keeps its
/// meaning: a local that shadows it is renamed along with its uses.
struct Renamer<'a> {
    names: &'a BTreeSet<String>,
    file: usize,
}

impl Renamer<'_> {
    fn name(&self, n: &mut String) {
        if self.names.contains(n.as_str()) {
            *n = format!("{n}@{}", self.file);
        }
    }

    fn decl(&self, d: &mut VarDecl) {
        self.name(&mut d.name);
        if let Some(init) = &mut d.init {
            self.init(init);
        }
    }

    fn init(&self, init: &mut Init) {
        match init {
            Init::Expr(e) => self.expr(e),
            Init::List(items, _) => items.iter_mut().for_each(|i| self.init(i)),
        }
    }

    fn block(&self, b: &mut Block) {
        b.stmts.iter_mut().for_each(|s| self.stmt(s));
    }

    fn stmt(&self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Decl(ds) => ds.iter_mut().for_each(|d| self.decl(d)),
            StmtKind::Expr(e) | StmtKind::Return(Some(e)) => self.expr(e),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond);
                self.stmt(then);
                if let Some(o) = otherwise {
                    self.stmt(o);
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(cond);
                self.stmt(body);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                for e in [cond, step].into_iter().flatten() {
                    self.expr(e);
                }
                self.stmt(body);
            }
            StmtKind::Block(b) => self.block(b),
            StmtKind::Switch { value, body } | StmtKind::Case { value, body } => {
                self.expr(value);
                self.stmt(body);
            }
            StmtKind::Default(body) | StmtKind::Label { body, .. } => self.stmt(body),
            StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Return(None)
            | StmtKind::Empty
            | StmtKind::Goto(_) => {}
        }
    }

    fn expr(&self, e: &mut Expr) {
        match &mut e.kind {
            ExprKind::Ident(n) => self.name(n),
            ExprKind::Call { name, args, .. } => {
                self.name(name);
                args.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::CallPtr(f, args) => {
                self.expr(f);
                args.iter_mut().for_each(|a| self.expr(a));
            }
            ExprKind::Unary(_, a)
            | ExprKind::Field(a, _)
            | ExprKind::Arrow(a, _)
            | ExprKind::Cast(_, a)
            | ExprKind::SizeOfExpr(a) => self.expr(a),
            ExprKind::Binary(_, a, b)
            | ExprKind::Index(a, b)
            | ExprKind::Comma(a, b)
            | ExprKind::Assign {
                target: a,
                value: b,
                ..
            } => {
                self.expr(a);
                self.expr(b);
            }
            ExprKind::Ternary(a, b, c) => {
                self.expr(a);
                self.expr(b);
                self.expr(c);
            }
            ExprKind::Int(_)
            | ExprKind::Float(_)
            | ExprKind::Char(_)
            | ExprKind::Str(_)
            | ExprKind::SizeOf(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_takes_out_file_marks_only() {
        assert_eq!(display("`count@1` and `f@12`()"), "`count` and `f`()");
        assert_eq!(display("a @1 b@x me@"), "a @1 b@x me@");
    }
}
