//! The checker: finds the errors a C compiler would report before running anything — unknown
//! identifiers and functions, duplicate declarations, wrong argument counts, wrong argument kinds
//! to MPI calls and `printf` (an `int` where a buffer address is needed, a non-datatype where
//! `MPI_INT` belongs, `%d` given a `double`…), `break`/`continue` outside a loop, assignments to
//! things that are not variables, a missing `main` — each a [`Diagnostic`] with a span, a label and
//! a plain-English message, with a close name suggested for typos.
//!
//! Also the front end's entry point, [`front_end`]: parse, then check. The check is the one pass
//! that resolves names and types expressions: what it finds is the [`Program`]'s table
//! ([`crate::lang::sema::typed`]), which the compiler reads.
//!
//! The checker assumes a tree from [`parse`] (bounded depth) and walks it recursively.
//!
//! Here: the entry points, the scope stack and the error helpers. By concern: `ty` (what C's
//! rules say about a type, and how one is written), `decl`, `stmt`, `expr`, `call` (signatures and
//! MPI argument kinds), `format` (`printf` formats), `suggest` (close names for typos).

mod call;
mod decl;
mod expr;
mod format;
mod stmt;
mod suggest;
#[cfg(test)]
mod tests;
mod ty;

pub use call::{ERRNO_LOCATION, VA_AREA};
use expr::*;
use suggest::*;
pub use ty::type_text;
use ty::*;

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::diagnostic::{line_col, Diagnostic};
use crate::lang::sema::builtins::{
    builtin, constant, ConstKind, ParamKind, BUILTINS, CONSTANTS, PRINTF_RELATIVES,
};
use crate::lang::sema::typed::{Binding, Program, Typed};
use crate::lang::sema::types::{common, Layouts, Ty};
use crate::lang::sources::FileMap;
use crate::lang::syntax::ast::RecordDecl;
use crate::lang::syntax::ast::{
    BaseType, BinOp, Block, DeclId, Expr, ExprKind, Function, Init, Item, Span, Stmt, StmtKind,
    Type, UnaryOp, Unit, VarDecl,
};
use crate::lang::syntax::parser::{parse, parse_files};
use crate::lang::syntax::token::base_type_name;

/// Parses and checks `source`: the tree with its types and bindings. On failure, every
/// diagnostic in source order: the syntax errors if there are any (the tree is then not
/// checked), otherwise the checked errors.
pub fn front_end(source: &str) -> Result<Program, Vec<Diagnostic>> {
    let (unit, diags) = parse(source);
    let Some(unit) = unit else {
        return Err(diags);
    };
    let mut checker = Checker::new(Some(source));
    checker.run(&unit);
    if checker.diags.is_empty() {
        Ok(Program {
            unit,
            typed: checker.typed,
        })
    } else {
        Err(crate::lang::diagnostic::once_in_order(checker.diags))
    }
}

/// Parses, links and checks a program of several files ([`FileMap`]): each `.c` file a
/// translation unit, linked by [`crate::lang::link`]. Spans are offsets in [`FileMap::text`];
/// names private to a file carry its mark (`count@1`) in the tree, never in a diagnostic.
pub fn front_end_files(map: &FileMap) -> Result<Program, Vec<Diagnostic>> {
    let (unit, diags) = parse_files(map);
    let Some(mut unit) = unit else {
        return Err(diags);
    };
    // A link error does not stop the checker: its errors come with the link's, each once, in
    // source order (the checker's own word on a place the link already reported is dropped).
    let linked = crate::lang::link::link(&mut unit, map)
        .err()
        .unwrap_or_default();
    let mut checker = Checker::new(Some(&map.text));
    checker.map = Some(map);
    checker.run(&unit);
    let at: Vec<usize> = linked.iter().map(|d| d.span.start).collect();
    checker.diags.retain(|d| !at.contains(&d.span.start));
    checker.diags.extend(linked);
    checker.diags = crate::lang::diagnostic::once_in_order(std::mem::take(&mut checker.diags));
    if checker.diags.is_empty() {
        Ok(Program {
            unit,
            typed: checker.typed,
        })
    } else {
        let private = crate::lang::link::private_names(&unit, map);
        Err(checker
            .diags
            .into_iter()
            .map(|d| {
                crate::lang::link::explain_private(crate::lang::link::display_diag(d), &private)
            })
            .collect())
    }
}

/// Checks a parsed program; returns its errors in source order (a missing `main` last). Empty
/// means the program may be compiled.
pub fn check(unit: &Unit) -> Vec<Diagnostic> {
    let mut checker = Checker::new(None);
    checker.run(unit);
    checker.diags
}

/// A variable or parameter in scope: its type, where it is declared, its declaration's id.
struct Var {
    ty: Ty,
    span: Span,
    id: DeclId,
}

struct FnSig {
    ret: Type,
    params: Vec<(String, Type)>,
    /// Takes further arguments (`...`).
    variadic: bool,
    name_span: Span,
}

struct Checker<'a> {
    src: Option<&'a str>,
    /// The program's files, when it has several (positions are then `file:line`).
    map: Option<&'a FileMap>,
    diags: Vec<Diagnostic>,
    /// Scope 0 holds the globals.
    scopes: Vec<BTreeMap<String, Var>>,
    functions: BTreeMap<String, FnSig>,
    loops: usize,
    /// `switch`es around the current statement.
    switches: usize,
    /// Labels defined in the current function, and the `goto`s to check against them.
    labels: BTreeSet<String>,
    gotos: Vec<(String, Span)>,
    /// Function types: the declared function pointers', then each user function's (in the
    /// compiler's order), with the user functions' indices in it.
    fn_types: Vec<(Type, Vec<Type>)>,
    fn_ids: BTreeMap<String, u32>,
    /// Where the user functions start in `fn_types`.
    user_fn_base: u32,
    /// The program's records and their layouts.
    records: Vec<RecordDecl>,
    layouts: Layouts,
    /// The function being checked: name and result type.
    current: Option<(String, Type)>,
    /// Unknown names already reported in the current function.
    reported: BTreeSet<String>,
    /// What the check finds: every expression's type, every name's binding.
    typed: Typed,
}

impl<'a> Checker<'a> {
    fn new(src: Option<&'a str>) -> Self {
        Checker {
            src,
            map: None,
            diags: Vec::new(),
            scopes: vec![BTreeMap::new()],
            functions: BTreeMap::new(),
            loops: 0,
            switches: 0,
            labels: BTreeSet::new(),
            gotos: Vec::new(),
            records: Vec::new(),
            fn_types: Vec::new(),
            fn_ids: BTreeMap::new(),
            user_fn_base: 0,
            layouts: Layouts::default(),
            current: None,
            reported: BTreeSet::new(),
            typed: Typed::default(),
        }
    }

    fn run(&mut self, unit: &Unit) {
        self.records = unit.records.clone();
        self.layouts = Layouts::new(&unit.records);
        self.fn_types = unit
            .signatures
            .iter()
            .map(|s| (s.ret.clone(), s.params.clone()))
            .collect();
        self.user_fn_base = self.fn_types.len() as u32;
        for item in &unit.items {
            if let Item::Function(f) = item {
                if !self.fn_ids.contains_key(&f.name) {
                    self.fn_ids
                        .insert(f.name.clone(), self.fn_types.len() as u32);
                    self.fn_types.push((
                        f.ret.clone(),
                        f.params.iter().map(|p| p.ty.clone()).collect(),
                    ));
                }
            }
        }
        for item in &unit.items {
            if let Item::Function(f) = item {
                self.declare_function(f);
            }
        }
        for item in &unit.items {
            match item {
                Item::Globals(decls) => {
                    for d in decls {
                        self.var_decl(d, true);
                    }
                }
                Item::Function(f) => self.function(f),
            }
        }
        self.diags.sort_by_key(|d| d.span.start);
        if !self.functions.contains_key("main") {
            self.diags.push(
                Diagnostic::error("the program has no `main` function", 0..0)
                    .with_label("every program needs a `main`")
                    .with_note("add `int main(int argc, char **argv) { … }`"),
            );
        }
    }

    fn error(&mut self, message: impl Into<String>, span: Span, label: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(message, span).with_label(label));
    }

    fn error_note(
        &mut self,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
        note: impl Into<String>,
    ) {
        self.diags.push(
            Diagnostic::error(message, span)
                .with_label(label)
                .with_note(note),
        );
    }

    /// " at line 3" when the source is known.
    fn where_(&self, span: &Span) -> String {
        match (self.map, self.src) {
            (Some(map), _) if map.files.len() > 1 => format!(" at {}", map.line_text(span)),
            (_, Some(src)) => format!(" on line {}", line_col(src, span.start).line),
            (_, None) => String::new(),
        }
    }

    // ---- declarations ---------------------------------------------------------------------
}
