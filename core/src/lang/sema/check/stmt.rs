//! Function bodies and statements: scopes, conditions, labels and `switch`, loops, `return` against
//! the function's type.

use super::*;

impl<'a> Checker<'a> {
    pub(super) fn function(&mut self, f: &Function) {
        self.current = Some((f.name.clone(), f.ret.clone()));
        self.reported.clear();
        self.loops = 0;
        self.switches = 0;
        self.labels.clear();
        self.gotos.clear();
        self.scopes.push(BTreeMap::new());
        for p in &f.params {
            if p.ty.base == BaseType::Void && p.ty.pointers == 0 {
                self.error(
                    format!("the parameter `{}` cannot have type `void`", p.name),
                    p.span.clone(),
                    "`void` has no values",
                );
            }
            self.vla_sizes(&p.name, &p.vla);
            self.declare_var(&p.name, Ty::of_param_vla(&p.ty, &p.vla), &p.span, p.id);
        }
        // The body shares the parameters' scope, as in C.
        for s in &f.body.stmts {
            self.stmt(s);
        }
        for (name, span) in std::mem::take(&mut self.gotos) {
            if !self.labels.contains(&name) {
                self.error(
                    format!("`goto {name}`: there is no label `{name}` in this function"),
                    span,
                    "unknown label",
                );
            }
        }
        self.scopes.pop();
        self.current = None;
    }

    // ---- statements -----------------------------------------------------------------------

    pub(super) fn block(&mut self, b: &Block) {
        self.scopes.push(BTreeMap::new());
        for s in &b.stmts {
            self.stmt(s);
        }
        self.scopes.pop();
    }

    pub(super) fn cond(&mut self, e: &Expr) {
        let t = self.value(e);
        if !t.is_testable() {
            self.error(
                format!(
                    "a condition must be a number or a pointer, not {}",
                    t.describe()
                ),
                e.span.clone(),
                "cannot be tested",
            );
        }
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.var_decl(d, false);
                }
            }
            StmtKind::Expr(e) => {
                self.expr(e);
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.cond(cond);
                self.stmt(then);
                if let Some(o) = otherwise {
                    self.stmt(o);
                }
            }
            StmtKind::While { cond, body } => {
                self.cond(cond);
                self.loop_body(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_body(body);
                self.cond(cond);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push(BTreeMap::new());
                if let Some(init) = init {
                    self.stmt(init);
                }
                if let Some(c) = cond {
                    self.cond(c);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                self.loop_body(body);
                self.scopes.pop();
            }
            StmtKind::Break if self.switches > 0 => {}
            StmtKind::Break | StmtKind::Continue => {
                if self.loops == 0 {
                    let word = if s.kind == StmtKind::Break {
                        "break"
                    } else {
                        "continue"
                    };
                    self.error(
                        format!("`{word}` outside of a loop"),
                        s.span.clone(),
                        "not inside `for`, `while` or `do`",
                    );
                }
            }
            StmtKind::Return(value) => self.ret(value.as_ref(), &s.span),
            StmtKind::Block(b) => self.block(b),
            StmtKind::Empty => {}
            StmtKind::Switch { .. }
            | StmtKind::Case { .. }
            | StmtKind::Default(_)
            | StmtKind::Label { .. }
            | StmtKind::Goto(_) => self.labelled(s),
        }
    }

    /// `switch`, `case`, `default`, labels and `goto` (apart from [`Self::stmt`] to keep its stack
    /// frame small for deeply nested blocks).
    pub(super) fn labelled(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Switch { value, body } => {
                let t = self.value(value);
                if !(t.is_whole_number() || t == Ty::Unknown) {
                    self.error(
                        format!("a `switch` needs an integer value, not {}", t.describe()),
                        value.span.clone(),
                        "not an integer",
                    );
                }
                self.switches += 1;
                self.stmt(body);
                self.switches -= 1;
            }
            StmtKind::Case { value, body } => {
                if self.switches == 0 {
                    self.error(
                        "`case` outside of a `switch`",
                        s.span.clone(),
                        "not inside `switch`",
                    );
                }
                if crate::lang::syntax::parser::const_int(value, &self.records).is_none() {
                    self.error_note(
                        "a `case` label must be a constant integer",
                        value.span.clone(),
                        "not a constant",
                        "use a number, a character like 'a', an `enum` constant or a `#define`",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Default(body) => {
                if self.switches == 0 {
                    self.error(
                        "`default` outside of a `switch`",
                        s.span.clone(),
                        "not inside `switch`",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Label { name, body } => {
                if !self.labels.insert(name.clone()) {
                    self.error(
                        format!("the label `{name}` is defined twice in this function"),
                        s.span.clone(),
                        "defined again here",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Goto(name) => self.gotos.push((name.clone(), s.span.clone())),
            _ => {}
        }
    }

    pub(super) fn loop_body(&mut self, body: &Stmt) {
        self.loops += 1;
        self.stmt(body);
        self.loops -= 1;
    }

    pub(super) fn ret(&mut self, value: Option<&Expr>, span: &Span) {
        let Some((name, ret)) = self.current.clone() else {
            return;
        };
        let returns_void = ret.base == BaseType::Void && ret.pointers == 0;
        match value {
            Some(e) if returns_void => {
                self.expr(e);
                self.error(
                    format!("`{name}` returns `void`, so `return` cannot have a value"),
                    e.span.clone(),
                    "remove this value",
                );
            }
            Some(e) => {
                let t = self.value(e);
                self.assignable(&Ty::from_decl(&ret), &t, e);
            }
            None if !returns_void => self.error(
                format!("`{name}` must return a value of type `{}`", type_text(&ret)),
                span.clone(),
                "`return` without a value",
            ),
            None => {}
        }
    }

    // ---- expressions ----------------------------------------------------------------------
}
