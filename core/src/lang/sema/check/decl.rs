//! Declarations: names declarable in a scope, functions and their signatures, variables,
//! initializers (lists, strings, constants for globals).

use super::*;

impl<'a> Checker<'a> {
    /// Reports a name that may not be declared (a built-in); returns false then.
    pub(super) fn declarable(&mut self, name: &str, span: &Span) -> bool {
        if builtin(name).is_some() {
            self.error_note(
                format!("`{name}` is a built-in function and cannot be redeclared"),
                span.clone(),
                "choose another name",
                format!(
                    "the built-in is `{}`",
                    builtin(name).map_or(String::new(), |b| b.signature())
                ),
            );
            return false;
        }
        if constant(name).is_some() {
            self.error(
                format!("`{name}` is a built-in constant and cannot be redeclared"),
                span.clone(),
                "choose another name",
            );
            return false;
        }
        true
    }

    pub(super) fn declare_function(&mut self, f: &Function) {
        if !self.declarable(&f.name, &f.name_span) {
            return;
        }
        if let Some(first) = self.functions.get(&f.name) {
            let at = self.where_(&first.name_span);
            self.error_note(
                format!("the function `{}` is defined twice", f.name),
                f.name_span.clone(),
                "defined again here",
                format!("the first definition is{at}"),
            );
            return;
        }
        if f.name == "main" {
            if f.ret.base != BaseType::Int || f.ret.pointers != 0 {
                self.error_note(
                    "`main` must return `int`",
                    f.name_span.clone(),
                    format!("declared to return `{}`", type_text(&f.ret)),
                    "write `int main(int argc, char **argv)`",
                );
            }
            let ok = match f.params.as_slice() {
                [] => true,
                [argc, argv] => {
                    argc.ty
                        == Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        }
                        && argv.ty.base == BaseType::Char
                        && argv.ty.pointers == 2
                }
                _ => false,
            };
            if !ok {
                let span = match (f.params.first(), f.params.last()) {
                    (Some(a), Some(b)) => a.span.start..b.span.end,
                    _ => f.name_span.clone(),
                };
                self.error_note(
                    "`main` takes either no parameters or `(int argc, char **argv)`",
                    span,
                    "unexpected parameters",
                    "write `int main(void)` or `int main(int argc, char **argv)`",
                );
            }
        }
        self.functions.insert(
            f.name.clone(),
            FnSig {
                ret: f.ret.clone(),
                params: f
                    .params
                    .iter()
                    .map(|p| (p.name.clone(), p.ty.clone()))
                    .collect(),
                variadic: f.variadic,
                name_span: f.name_span.clone(),
            },
        );
    }

    /// Adds a variable to the innermost scope, reporting a duplicate.
    pub(super) fn declare_var(&mut self, name: &str, ty: Ty, span: &Span, id: DeclId) {
        if !self.declarable(name, span) {
            return;
        }
        let global = self.scopes.len() == 1;
        let scope = self
            .scopes
            .last()
            .map(|s| s.get(name).map(|v| v.span.clone()));
        let earlier = match scope.flatten() {
            Some(first) => Some(first),
            None if global => self.functions.get(name).map(|f| f.name_span.clone()),
            None => None,
        };
        if let Some(first) = earlier {
            let at = self.where_(&first);
            let what = if global && self.functions.contains_key(name) {
                "a function"
            } else {
                "a variable"
            };
            self.error_note(
                format!("`{name}` is already declared in this scope"),
                span.clone(),
                "declared again here",
                format!("{what} `{name}` is declared earlier{at}"),
            );
            return;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(
                name.to_string(),
                Var {
                    ty,
                    span: span.clone(),
                    id,
                },
            );
        }
    }

    pub(super) fn var_decl(&mut self, d: &VarDecl, global: bool) {
        let ty = &d.ty;
        if ty.base == BaseType::Void && ty.pointers == 0 {
            self.error(
                format!("the variable `{}` cannot have type `void`", d.name),
                d.name_span.clone(),
                "`void` has no values",
            );
        } else if self.layouts.checked_size(ty).is_none() {
            if ty.pointers == 0 && matches!(ty.base, BaseType::Record(_)) {
                self.error(
                    format!(
                        "`{}` is a `{}`, which is declared but never defined",
                        d.name,
                        self.record_name(ty.base)
                    ),
                    d.name_span.clone(),
                    "incomplete type",
                );
            } else {
                self.error(
                    format!("the array `{}` is too large", d.name),
                    d.span.clone(),
                    "more than 4 GiB",
                );
            }
        }
        self.vla_sizes(&d.name, &d.vla);
        if let Some(init) = &d.init {
            self.init(d, init, global);
        }
        self.declare_var(&d.name, Ty::from_decl_vla(ty, &d.vla), &d.name_span, d.id);
    }

    /// A variable-length array's sizes: integers.
    pub(super) fn vla_sizes(&mut self, name: &str, vla: &[(usize, Expr)]) {
        for (_, e) in vla {
            let t = self.value(e);
            if !(t.is_whole_number() || t == Ty::Unknown) {
                self.error(
                    format!(
                        "the size of array `{name}` must be an integer, not {}",
                        t.describe()
                    ),
                    e.span.clone(),
                    "not an integer",
                );
            }
        }
    }

    /// `struct point` for a record base type.
    pub(super) fn record_name(&self, b: BaseType) -> String {
        match b {
            BaseType::Record(id) => self
                .records
                .get(id as usize)
                .map_or_else(|| "struct".into(), RecordDecl::keyword_name),
            b => base_type_name(b).to_string(),
        }
    }

    /// Checks every value in an initializer of a struct, a union, a string-initialized `char`
    /// array or an array of more than two dimensions (the compiler checks the shape).
    pub(super) fn init_values(&mut self, init: &Init, global: bool) {
        match init {
            Init::Expr(e) => {
                self.value(e);
                if global && !is_constant(e) {
                    self.error_note(
                        "the initial value of a global variable must be a constant",
                        e.span.clone(),
                        "not a constant",
                        "assign it at the start of `main` instead",
                    );
                }
            }
            Init::List(items, _) => {
                for i in items {
                    self.init_values(i, global);
                }
            }
        }
    }

    pub(super) fn init(&mut self, d: &VarDecl, init: &Init, global: bool) {
        let string_init = matches!(
            init,
            Init::Expr(Expr {
                kind: ExprKind::Str(_),
                ..
            })
        ) && d.ty.pointers == 0
            && matches!(d.ty.base, BaseType::Char | BaseType::UChar)
            && d.ty.dims.len() == 1;
        if string_init
            || (d.ty.pointers == 0 && matches!(d.ty.base, BaseType::Record(_)))
            || d.ty.dims.len() > 2
        {
            self.init_values(init, global);
            return;
        }
        let elem = Type {
            base: d.ty.base,
            pointers: d.ty.pointers,
            dims: Vec::new(),
        };
        match (init, d.ty.dims.as_slice()) {
            (Init::Expr(e), []) => self.init_value(&elem, e, global),
            (Init::Expr(e), _) => {
                self.expr(e);
                self.error_note(
                    format!("the array `{}` must be initialized with a list", d.name),
                    e.span.clone(),
                    "not a list",
                    "write `= { 1, 2, 3 }`",
                );
            }
            (Init::List(_, span), []) => self.error_note(
                format!("`{}` is not an array, so it takes a single value", d.name),
                span.clone(),
                "braces are for arrays",
                "write `= value`",
            ),
            (Init::List(items, span), dims) => {
                let flat = items.iter().all(|i| matches!(i, Init::Expr(_)));
                let capacity = if flat {
                    dims.iter().map(|&n| u64::from(n)).product::<u64>()
                } else {
                    u64::from(dims[0])
                };
                if items.len() as u64 > capacity {
                    self.error(
                        format!(
                            "too many values for `{}`: it holds {} but {} are given",
                            d.name,
                            capacity,
                            items.len()
                        ),
                        span.clone(),
                        "too many values",
                    );
                }
                for item in items {
                    match item {
                        Init::Expr(e) => self.init_value(&elem, e, global),
                        Init::List(inner, inner_span) => {
                            if dims.len() < 2 {
                                self.error(
                                    format!(
                                        "`{}` has one dimension, so its values are not lists",
                                        d.name
                                    ),
                                    inner_span.clone(),
                                    "unexpected braces",
                                );
                                continue;
                            }
                            if inner.len() as u64 > u64::from(dims[1]) {
                                self.error(
                                    format!(
                                        "too many values in a row of `{}`: a row holds {} but {} are given",
                                        d.name,
                                        dims[1],
                                        inner.len()
                                    ),
                                    inner_span.clone(),
                                    "too many values",
                                );
                            }
                            for x in inner {
                                match x {
                                    Init::Expr(e) => self.init_value(&elem, e, global),
                                    Init::List(_, s) => self.error(
                                        "arrays have at most 2 dimensions, so lists nest at most twice",
                                        s.clone(),
                                        "unexpected braces",
                                    ),
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    pub(super) fn init_value(&mut self, target: &Type, e: &Expr, global: bool) {
        let t = self.value(e);
        if global && !is_constant(e) {
            self.error_note(
                "the initial value of a global variable must be a constant",
                e.span.clone(),
                "not a constant",
                "assign it at the start of `main` instead",
            );
        }
        self.assignable(&Ty::from_decl(target), &t, e);
    }
}
