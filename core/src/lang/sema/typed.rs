//! The typed program: the one front end's answer to "what is this name, what is this
//! expression's type", which the compiler reads instead of resolving and typing again.
//!
//! The parser gives every expression an [`ExprId`] and every variable or parameter declaration a
//! [`DeclId`]. The checker ([`crate::lang::sema::check`]) walks the tree once with its scopes and
//! records, for every expression it checks, its type (the front end's one [`Ty`]), and for every
//! name it resolves (an identifier, or the name of a call through a function pointer variable),
//! a [`Binding`]. The compiler has no scopes of its own: a declaration it compiles gets a frame
//! slot or a global address, keyed by its [`DeclId`], and a name finds its storage through its
//! binding; where it needs a type without emitting code (a `?:`'s result, `sizeof expr`, whether
//! a call returns a struct) it reads the table.
//!
//! C's typing rules are written once, in [`crate::lang::sema::types`] (promotions, the usual
//! arithmetic conversions, decay, literal and parameter types); the checker applies them to give
//! each expression its type (`check/expr.rs`), and the compiler emits the code of a conversion.
//! While it picks an operator's operation the compiler follows its operands' types, and in debug
//! builds (every test) the type it emitted code for must be the checker's, or compiling fails
//! with an internal error: the two cannot drift apart unseen. The checker's own kinds
//! ([`Ty::Null`], [`Ty::StatusIgnore`], [`Ty::StatusesIgnore`]) are `int`s at run time, and the
//! compiler reads them so ([`Typed::ty`] lowers them).

use crate::lang::sema::types::Ty;
use crate::lang::syntax::ast::{DeclId, Expr, ExprId, Unit};

/// What a name in an expression stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// A variable or a parameter the program declares.
    Var(DeclId),
    /// One of the program's functions, used as a value (an index among the program's functions
    /// in order of definition, as the compiled program numbers them).
    Function(u32),
    /// A built-in constant (`MPI_COMM_WORLD`, `NULL`, …) or a C stream (`stdout`): its value.
    Constant(i64),
}

/// The checker's table: a type per checked expression, a binding per resolved name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Typed {
    types: Vec<Option<Ty>>,
    bindings: Vec<Option<Binding>>,
}

impl Typed {
    /// The type the checker gave `e` as C sees it at run time: `NULL` and the status-ignore
    /// constants are `int`s. `None` for an expression the checker did not type.
    pub fn ty(&self, e: &Expr) -> Option<Ty> {
        let t = self.types.get(e.id as usize)?.as_ref()?;
        Some(match t {
            Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore => Ty::INT,
            t => t.clone(),
        })
    }

    /// What the name in `e` (an identifier, or a call by name) stands for.
    pub fn binding(&self, e: &Expr) -> Option<&Binding> {
        self.bindings.get(e.id as usize)?.as_ref()
    }

    pub(crate) fn set_ty(&mut self, id: ExprId, ty: Ty) {
        let i = id as usize;
        if self.types.len() <= i {
            self.types.resize(i + 1, None);
        }
        self.types[i] = Some(ty);
    }

    pub(crate) fn bind(&mut self, id: ExprId, binding: Binding) {
        let i = id as usize;
        if self.bindings.len() <= i {
            self.bindings.resize(i + 1, None);
        }
        self.bindings[i] = Some(binding);
    }
}

/// A program that passed the front end: its tree and the checker's table for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The syntax tree.
    pub unit: Unit,
    /// Types and bindings, keyed by the tree's ids.
    pub typed: Typed,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::sema::check::front_end;
    use crate::lang::syntax::ast::{ExprKind, Init, Item, Stmt, StmtKind};

    fn program(src: &str) -> Program {
        front_end(src).unwrap_or_else(|d| panic!("{d:?}"))
    }

    /// Every expression of the program, in tree order.
    fn exprs(unit: &Unit) -> Vec<&Expr> {
        fn expr<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
            out.push(e);
            match &e.kind {
                ExprKind::Unary(_, a)
                | ExprKind::Field(a, _)
                | ExprKind::Arrow(a, _)
                | ExprKind::Cast(_, a)
                | ExprKind::SizeOfExpr(a) => expr(a, out),
                ExprKind::Binary(_, a, b)
                | ExprKind::Index(a, b)
                | ExprKind::Comma(a, b)
                | ExprKind::Assign {
                    target: a,
                    value: b,
                    ..
                } => {
                    expr(a, out);
                    expr(b, out);
                }
                ExprKind::Ternary(a, b, c) => {
                    expr(a, out);
                    expr(b, out);
                    expr(c, out);
                }
                ExprKind::Call { args, .. } => args.iter().for_each(|a| expr(a, out)),
                ExprKind::CallPtr(f, args) => {
                    expr(f, out);
                    args.iter().for_each(|a| expr(a, out));
                }
                _ => {}
            }
        }
        fn init<'a>(i: &'a Init, out: &mut Vec<&'a Expr>) {
            match i {
                Init::Expr(e) => expr(e, out),
                Init::List(items, _) => items.iter().for_each(|i| init(i, out)),
            }
        }
        fn stmt<'a>(s: &'a Stmt, out: &mut Vec<&'a Expr>) {
            match &s.kind {
                StmtKind::Decl(ds) => ds.iter().flat_map(|d| &d.init).for_each(|i| init(i, out)),
                StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, out),
                StmtKind::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    expr(cond, out);
                    stmt(then, out);
                    otherwise.iter().for_each(|o| stmt(o, out));
                }
                StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                    expr(cond, out);
                    stmt(body, out);
                }
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                } => {
                    init.iter().for_each(|i| stmt(i, out));
                    cond.iter().chain(step).for_each(|e| expr(e, out));
                    stmt(body, out);
                }
                StmtKind::Block(b) => b.stmts.iter().for_each(|s| stmt(s, out)),
                StmtKind::Switch { value, body } => {
                    expr(value, out);
                    stmt(body, out);
                }
                StmtKind::Case { body, .. }
                | StmtKind::Default(body)
                | StmtKind::Label { body, .. } => stmt(body, out),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for item in &unit.items {
            match item {
                Item::Globals(ds) => ds
                    .iter()
                    .flat_map(|d| &d.init)
                    .for_each(|i| init(i, &mut out)),
                Item::Function(f) => f.body.stmts.iter().for_each(|s| stmt(s, &mut out)),
            }
        }
        out
    }

    /// The type of the first expression whose source text is `text`.
    fn type_of(src: &str, p: &Program, text: &str) -> Ty {
        let e = exprs(&p.unit)
            .into_iter()
            .find(|e| &src[e.span.clone()] == text)
            .unwrap_or_else(|| panic!("no expression `{text}`"));
        p.typed
            .ty(e)
            .unwrap_or_else(|| panic!("`{text}` has no type"))
    }

    const SRC: &str = "#include <mpi.h>\n#include <stdio.h>\nint n = 3;\nint twice(int v) { return 2 * v; }\n\
        int sum(int a[], int k) { return sizeof a + k; }\n\
        int main(int argc, char **argv) {\n  char c = 'a';\n  int n = 4, m[2][3];\n  \
        int *p = &m[1][0], *q = &m[0][0];\n  int (*f)(int) = twice;\n  \
        { int n = 5; n = n + 1; }\n  printf(\"%d %ld %d\\n\", f(n), p - q, ~c);\n  \
        MPI_Comm w = argc ? MPI_COMM_WORLD : MPI_COMM_WORLD;\n  \
        long big = 3000000000;\n  return sum(p, 1) + (int)sizeof \"abc\" + (w == MPI_COMM_WORLD);\n}\n";

    #[test]
    fn every_expression_the_compiler_reads_has_a_type() {
        let p = program(SRC);
        let all = exprs(&p.unit);
        assert!(all.len() > 40, "{}", all.len());
        for e in all {
            assert!(p.typed.ty(e).is_some(), "{:?}", &SRC[e.span.clone()]);
        }
    }

    #[test]
    fn expressions_have_c_types() {
        let p = program(SRC);
        let t = |text: &str| type_of(SRC, &p, text);
        assert_eq!(t("'a'"), Ty::INT, "a character constant is an int");
        assert_eq!(t("3000000000"), Ty::LONG);
        assert_eq!(t("\"abc\""), Ty::Array(Box::new(Ty::CHAR), 4));
        assert_eq!(t("p - q"), Ty::LONG, "ptrdiff_t");
        assert_eq!(t("~c"), Ty::INT);
        assert_eq!(t("&m[1][0]"), Ty::Ptr(Box::new(Ty::INT)));
        assert_eq!(t("m[1]"), Ty::Array(Box::new(Ty::INT), 3));
        assert_eq!(t("sizeof a"), Ty::ULONG);
        assert_eq!(t("a"), Ty::Ptr(Box::new(Ty::INT)), "an array parameter");
        assert_eq!(
            t("argc ? MPI_COMM_WORLD : MPI_COMM_WORLD"),
            Ty::Handle(crate::lang::syntax::ast::BaseType::Handle(
                crate::libs::handles::HandleKind::COMM
            ))
        );
        assert_eq!(t("(w == MPI_COMM_WORLD)"), Ty::INT);
    }

    #[test]
    fn names_bind_to_their_declarations_through_scopes() {
        let p = program(SRC);
        let all = exprs(&p.unit);
        let bindings: Vec<(&str, Option<&Binding>)> = all
            .iter()
            .filter(|e| matches!(e.kind, ExprKind::Ident(_) | ExprKind::Call { .. }))
            .map(|e| (&SRC[e.span.clone()], p.typed.binding(e)))
            .collect();
        let of = |text: &str| -> Vec<Option<&Binding>> {
            bindings
                .iter()
                .filter(|(t, _)| *t == text)
                .map(|(_, b)| *b)
                .collect()
        };
        // `n` in `{ int n = 5; n = n + 1; }` is the block's; `f(n)` reads main's.
        let ns = of("n");
        assert_eq!(ns.len(), 3, "{ns:?}");
        assert_eq!(ns[0], ns[1]);
        assert_ne!(ns[1], ns[2]);
        assert!(matches!(ns[2], Some(Binding::Var(_))));
        assert!(matches!(of("twice")[0], Some(Binding::Function(0))));
        assert!(
            matches!(of("f(n)")[0], Some(Binding::Var(_))),
            "a call through a variable"
        );
        assert_eq!(of("printf(\"%d %ld %d\\n\", f(n), p - q, ~c)"), vec![None]);
        let world = crate::lang::vm::mpi_table::constant("MPI_COMM_WORLD");
        assert_eq!(
            of("MPI_COMM_WORLD")[0],
            world.map(Binding::Constant).as_ref()
        );
    }

    #[test]
    fn the_compiler_runs_on_the_table_and_a_wrong_type_is_caught() {
        let compile = |p: &Program| crate::lang::codegen::compile::compile(p, SRC, "t.c");
        let mut p = program(SRC);
        assert!(compile(&p).is_ok());
        if cfg!(debug_assertions) {
            let id = exprs(&p.unit)
                .into_iter()
                .find(|e| &SRC[e.span.clone()] == "3000000000")
                .map(|e| e.id)
                .expect("the literal");
            p.typed.set_ty(id, Ty::INT);
            let Err(diags) = compile(&p) else {
                panic!("a disagreement must not compile")
            };
            assert_eq!(
                diags[0].message,
                "internal: the checker typed this `int`, the compiler `long`"
            );
        }
    }
}
