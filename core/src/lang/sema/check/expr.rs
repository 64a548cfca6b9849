//! Expressions: names, lvalues and assignment, members, unary and binary operators with C's
//! conversions, calls through pointers.

use super::*;

impl<'a> Checker<'a> {
    /// An expression used as a value: not `void`, not a string literal.
    pub(super) fn value(&mut self, e: &Expr) -> Ty {
        let t = self.expr(e);
        match t {
            Ty::Void => {
                let what = match &e.kind {
                    ExprKind::Call { name, .. } => format!("`{name}` returns nothing"),
                    _ => "this has no value".to_string(),
                };
                self.error(
                    format!("{what}, so its result cannot be used"),
                    e.span.clone(),
                    "no value",
                );
                Ty::Unknown
            }
            t => t,
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Var> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// A name used as a value: its type, and its binding recorded for `e`.
    pub(super) fn ident(&mut self, name: &str, e: &Expr) -> Ty {
        let span = &e.span;
        if let Some(v) = self.lookup(name) {
            let (t, id) = (v.ty.clone(), v.id);
            self.typed.bind(e.id, Binding::Var(id));
            return t;
        }
        if let Some(c) = constant(name) {
            self.typed.bind(e.id, Binding::Constant(c.value));
            return match c.kind {
                ConstKind::Int => Ty::INT,
                ConstKind::Handle(b) => Ty::of_base(b),
                ConstKind::Null => Ty::Null,
                ConstKind::StatusIgnore => Ty::StatusIgnore,
                ConstKind::StatusesIgnore => Ty::StatusesIgnore,
                ConstKind::InPlace => Ty::Ptr(Box::new(Ty::Void)),
            };
        }
        if let Some(v) = crate::lang::libc::stream(name) {
            self.typed.bind(e.id, Binding::Constant(v));
            return Ty::Ptr(Box::new(Ty::Void));
        }
        if let Some(&id) = self.fn_ids.get(name) {
            if self.functions.contains_key(name) {
                self.typed
                    .bind(e.id, Binding::Function(id - self.user_fn_base));
                return Ty::Ptr(Box::new(Ty::Func(id)));
            }
        }
        if crate::lang::libc::lookup(name).is_some() {
            self.error_note(
                format!("`{name}` is a library function: its address cannot be taken here"),
                span.clone(),
                "a library function, not a value",
                format!(
                    "call it with `{name}(…)`, or wrap it in a function of your own to pass it"
                ),
            );
            return Ty::Unknown;
        }
        if self.functions.contains_key(name) || builtin(name).is_some() {
            self.error(
                format!("`{name}` is a function; call it with `{name}(…)`"),
                span.clone(),
                "a function, not a value",
            );
            return Ty::Unknown;
        }
        if self.reported.insert(name.to_string()) {
            let mut candidates: Vec<&str> = self
                .scopes
                .iter()
                .flat_map(|s| s.keys().map(String::as_str))
                .collect();
            candidates.extend(CONSTANTS.iter().map(|c| c.name));
            let mut d = Diagnostic::error(format!("unknown identifier `{name}`"), span.clone())
                .with_label("not declared");
            if let Some(s) = suggest(name, candidates) {
                d = d.with_note(format!("did you mean `{s}`?"));
            }
            self.diags.push(d);
        }
        Ty::Unknown
    }

    /// Whether `e` names something that can be assigned or have its address taken.
    pub(super) fn is_lvalue(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(name) => self.lookup(name).is_some(),
            ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => true,
            ExprKind::Unary(UnaryOp::Deref, _) => true,
            _ => false,
        }
    }

    pub(super) fn not_assignable(&mut self, target: &Expr, what: &str) {
        let message = match &target.kind {
            ExprKind::Ident(name) if constant(name).is_some() => {
                format!("cannot {what} the built-in constant `{name}`")
            }
            _ => format!("cannot {what} this expression"),
        };
        self.error(message, target.span.clone(), "not a variable");
    }

    /// Checks that a value of type `value` may be stored in `target`'s type.
    pub(super) fn assignable(&mut self, target: &Ty, value: &Ty, e: &Expr) {
        let ok = match (target, value) {
            (Ty::Unknown, _) | (_, Ty::Unknown) => true,
            (t, v) if t.is_number() => v.is_number() || v.is_handle(),
            (Ty::Handle(_), v) => v.is_int_like() || *v == Ty::Null,
            (Ty::Status, v) => *v == Ty::Status,
            (Ty::Ptr(..), v) => v.is_pointerish() || is_zero(e),
            _ => true,
        };
        if !ok {
            self.error(
                format!("cannot store {} in {}", value.describe(), target.describe()),
                e.span.clone(),
                "wrong kind of value",
            );
        }
    }

    /// Checks `e` and gives its type (recorded in the typed table).
    pub(super) fn expr(&mut self, e: &Expr) -> Ty {
        let t = self.expr_kind(e);
        self.typed.set_ty(e.id, t.clone());
        t
    }

    fn expr_kind(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(v) => Ty::of_int_literal(*v),
            ExprKind::Float(_) => Ty::Double,
            // A character constant is an `int` in C.
            ExprKind::Char(_) => Ty::INT,
            ExprKind::Str(s) => Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1),
            ExprKind::Ident(name) => self.ident(name, e),
            ExprKind::Unary(op, a) => self.unary(*op, a, e),
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.value(a), self.value(b));
                self.binary(*op, &ta, &tb, a, b)
            }
            ExprKind::Assign { op, target, value } => {
                let tt = self.expr(target);
                let tv = self.value(value);
                if matches!(tt, Ty::Array(..) | Ty::Vla(..)) {
                    self.error_note(
                        "an array cannot be assigned as a whole",
                        target.span.clone(),
                        "an array",
                        "assign its elements one by one",
                    );
                    return Ty::Unknown;
                }
                if tt != Ty::Unknown && !self.is_lvalue(target) {
                    self.not_assignable(target, "assign to");
                    return Ty::Unknown;
                }
                match op {
                    None => self.assignable(&tt, &tv, value),
                    Some(op) => {
                        let result = self.binary(*op, &tt, &tv, target, value);
                        self.assignable(&tt, &result, value);
                    }
                }
                tt
            }
            ExprKind::Ternary(c, a, b) => {
                self.cond(c);
                let (ta, tb) = (self.value(a), self.value(b));
                conditional(ta, tb)
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, name_span, args, e),
            ExprKind::Index(base, index) => {
                let tb = self.value(base);
                let ti = self.value(index);
                if !(ti.is_whole_number() || ti == Ty::Unknown) {
                    self.error(
                        format!("an array index must be an integer, not {}", ti.describe()),
                        index.span.clone(),
                        "not an integer",
                    );
                }
                match tb.element() {
                    Some(t) => t,
                    None => {
                        self.error(
                            format!(
                                "only arrays and pointers can be indexed, not {}",
                                tb.describe()
                            ),
                            base.span.clone(),
                            "not an array",
                        );
                        Ty::Unknown
                    }
                }
            }
            ExprKind::Field(base, field) => {
                let tb = self.value(base);
                self.member(&tb, field, e, ".")
            }
            ExprKind::Arrow(base, field) => {
                let tb = self.value(base);
                match tb {
                    Ty::Unknown => Ty::Unknown,
                    Ty::Ptr(b) if !matches!(*b, Ty::Ptr(_)) => self.member(&b, field, e, "->"),
                    t => {
                        self.error_note(
                            format!("`->` needs a pointer to a struct, not {}", t.describe()),
                            base.span.clone(),
                            "not a pointer to a struct",
                            "use `.` on a struct variable",
                        );
                        Ty::Unknown
                    }
                }
            }
            ExprKind::Comma(a, b) => {
                self.expr(a);
                self.expr(b)
            }
            ExprKind::CallPtr(callee, args) => {
                let mut c: &Expr = callee;
                while let ExprKind::Unary(UnaryOp::Deref, inner) = &c.kind {
                    c = inner;
                }
                let t = self.value(c);
                self.pointer_call(&t, args, e, &callee.span)
            }
            ExprKind::SizeOfExpr(a) => {
                self.expr(a);
                Ty::ULONG
            }
            ExprKind::Cast(ty, a) => {
                let ta = self.value(a);
                let target = Ty::from_decl(ty);
                let ok = match (&target, &ta) {
                    (_, Ty::Unknown) => true,
                    (Ty::Void, _) => true,
                    (Ty::Status, _) | (_, Ty::Status) => false,
                    (s, t) if s.is_base_value() => {
                        t.is_number() || t.is_handle() || t.is_pointerish()
                    }
                    (Ty::Ptr(..), t) => t.is_pointerish() || t.is_whole_number(),
                    _ => false,
                };
                if !ok {
                    self.error(
                        format!("cannot convert {} to `{}`", ta.describe(), type_text(ty)),
                        e.span.clone(),
                        "invalid cast",
                    );
                    return Ty::Unknown;
                }
                target
            }
            ExprKind::SizeOf(ty) => {
                if self.layouts.checked_size(ty).is_none() {
                    self.error(
                        format!("`{}` has no size", type_text(ty)),
                        e.span.clone(),
                        "no size",
                    );
                }
                Ty::ULONG
            }
        }
    }

    /// The type of member `field` of `t` (a struct, union or `MPI_Status`), reporting a
    /// missing one with a suggestion.
    pub(super) fn member(&mut self, t: &Ty, field: &str, e: &Expr, via: &str) -> Ty {
        let fields: Vec<(String, Type)> = match t {
            Ty::Unknown => return Ty::Unknown,
            Ty::Status => ["MPI_SOURCE", "MPI_TAG", "MPI_ERROR"]
                .iter()
                .map(|f| {
                    (
                        f.to_string(),
                        Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        },
                    )
                })
                .collect(),
            Ty::Record(id) => {
                match self
                    .records
                    .get(*id as usize)
                    .and_then(|r| r.fields.clone())
                {
                    Some(f) => f.into_iter().map(|f| (f.name, f.ty)).collect(),
                    None => {
                        self.error(
                            format!(
                                "`{}` is declared but never defined, so it has no members",
                                self.record_name(BaseType::Record(*id))
                            ),
                            e.span.clone(),
                            "incomplete type",
                        );
                        return Ty::Unknown;
                    }
                }
            }
            t => {
                let hint = if via == "." && matches!(t, Ty::Ptr(r) if matches!(**r, Ty::Record(_)))
                {
                    format!("this is a pointer: write `->{field}`")
                } else {
                    format!("`{via}{field}` reads a member of a struct")
                };
                self.error_note(
                    format!(
                        "only a struct, a union or an `MPI_Status` has fields, not {}",
                        t.describe()
                    ),
                    e.span.clone(),
                    "no such member",
                    hint,
                );
                return Ty::Unknown;
            }
        };
        if let Some((_, ty)) = fields.iter().find(|(n, _)| n == field) {
            return Ty::from_decl(ty);
        }
        let owner = t
            .base()
            .map_or_else(|| "this".into(), |b| self.record_name(b));
        let owner = if owner == "MPI_Status" {
            "`MPI_Status`".to_string()
        } else {
            format!("`{owner}`")
        };
        let mut d = Diagnostic::error(format!("{owner} has no field `{field}`"), e.span.clone())
            .with_label("unknown field");
        let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
        d = match suggest(field, names.iter().copied()) {
            Some(s) => d.with_note(format!("did you mean `{s}`?")),
            None => {
                let mut list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                let last = list.pop().unwrap_or_default();
                if list.is_empty() {
                    d.with_note(format!("its only field is {last}"))
                } else {
                    d.with_note(format!("its fields are {} and {last}", list.join(", ")))
                }
            }
        };
        self.diags.push(d);
        Ty::Unknown
    }

    pub(super) fn unary(&mut self, op: UnaryOp, a: &Expr, e: &Expr) -> Ty {
        match op {
            UnaryOp::AddrOf => {
                if let ExprKind::Ident(name) = &a.kind {
                    if self.lookup(name).is_none() && self.functions.contains_key(name) {
                        // `&f` is `f`: a pointer to the function.
                        return self.value(a);
                    }
                }
                let t = self.value(a);
                if t == Ty::Unknown {
                    return t;
                }
                if !self.is_lvalue(a) {
                    self.not_assignable(a, "take the address of");
                    return Ty::Unknown;
                }
                match t {
                    Ty::Void | Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore => Ty::Unknown,
                    t => Ty::Ptr(Box::new(t)),
                }
            }
            UnaryOp::Deref => {
                let t = self.value(a);
                match t.element() {
                    Some(t) => t,
                    None => {
                        self.error(
                            format!(
                                "only a pointer can be dereferenced with `*`, not {}",
                                t.describe()
                            ),
                            a.span.clone(),
                            "not a pointer",
                        );
                        Ty::Unknown
                    }
                }
            }
            UnaryOp::Neg | UnaryOp::Plus => {
                let t = self.value(a);
                if t.is_number() || t == Ty::Unknown {
                    if t.is_number() {
                        common(&t, &Ty::INT)
                    } else {
                        t
                    }
                } else {
                    self.operand_error(
                        if op == UnaryOp::Neg { "-" } else { "+" },
                        "a number",
                        &t,
                        a,
                    );
                    Ty::Unknown
                }
            }
            UnaryOp::Not => {
                let t = self.value(a);
                if !t.is_testable() {
                    self.operand_error("!", "a number or a pointer", &t, a);
                }
                Ty::INT
            }
            UnaryOp::BitNot => {
                let t = self.value(a);
                if t.is_whole_number() {
                    return common(&t, &Ty::INT);
                }
                if t != Ty::Unknown {
                    self.operand_error("~", "an integer", &t, a);
                }
                Ty::INT
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let t = self.value(a);
                if t == Ty::Unknown {
                    return t;
                }
                let sym = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    "++"
                } else {
                    "--"
                };
                if !(t.is_number() || matches!(t, Ty::Ptr(..))) {
                    self.operand_error(sym, "a number or a pointer", &t, a);
                    return Ty::Unknown;
                }
                if !self.is_lvalue(a) {
                    self.not_assignable(a, &format!("apply `{sym}` to"));
                    return Ty::Unknown;
                }
                let _ = e;
                t
            }
        }
    }

    pub(super) fn operand_error(&mut self, op: &str, needs: &str, found: &Ty, at: &Expr) {
        self.error(
            format!("`{op}` needs {needs}, not {}", found.describe()),
            at.span.clone(),
            "wrong kind of operand",
        );
    }

    pub(super) fn binary(&mut self, op: BinOp, ta: &Ty, tb: &Ty, a: &Expr, b: &Expr) -> Ty {
        if *ta == Ty::Unknown || *tb == Ty::Unknown {
            return match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => Ty::Unknown,
                _ => Ty::INT,
            };
        }
        let sym = op.symbol();
        let arith_result = || {
            if ta.is_number() && tb.is_number() {
                common(ta, tb)
            } else {
                Ty::INT
            }
        };
        match op {
            BinOp::Add | BinOp::Sub => {
                if ta.is_number() && tb.is_number() {
                    return arith_result();
                }
                if ta.as_pointer().is_some() && tb.is_whole_number() {
                    return ta.decay();
                }
                if op == BinOp::Add && ta.is_whole_number() && tb.as_pointer().is_some() {
                    return tb.decay();
                }
                if op == BinOp::Sub && ta.as_pointer().is_some() && tb.as_pointer().is_some() {
                    // The difference of two pointers is a `ptrdiff_t`.
                    return Ty::LONG;
                }
                self.pair_error(sym, "numbers", ta, tb, a, b);
                Ty::Unknown
            }
            BinOp::Mul | BinOp::Div => {
                if ta.is_number() && tb.is_number() {
                    return arith_result();
                }
                self.pair_error(sym, "numbers", ta, tb, a, b);
                Ty::Unknown
            }
            BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                if !(ta.is_whole_number() && tb.is_whole_number()) {
                    self.pair_error(sym, "integers", ta, tb, a, b);
                    return Ty::INT;
                }
                if matches!(op, BinOp::Shl | BinOp::Shr) {
                    return common(ta, &Ty::INT);
                }
                arith_result()
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                let comparable = |t: &Ty| t.is_testable() || t.is_handle();
                if !(comparable(ta) && comparable(tb)) {
                    self.pair_error(sym, "numbers, handles or pointers", ta, tb, a, b);
                }
                Ty::INT
            }
            BinOp::And | BinOp::Or => {
                if !(ta.is_testable() && tb.is_testable()) {
                    self.pair_error(sym, "numbers or pointers", ta, tb, a, b);
                }
                Ty::INT
            }
        }
    }

    pub(super) fn pair_error(
        &mut self,
        op: &str,
        needs: &str,
        ta: &Ty,
        tb: &Ty,
        a: &Expr,
        b: &Expr,
    ) {
        self.error(
            format!(
                "`{op}` needs {needs}, but the left side is {} and the right side is {}",
                ta.describe(),
                tb.describe()
            ),
            a.span.start..b.span.end,
            "wrong kinds of operands",
        );
    }

    // ---- calls ----------------------------------------------------------------------------

    /// A call through a function pointer of type `t`: the argument count and kinds.
    pub(super) fn pointer_call(&mut self, t: &Ty, args: &[Expr], e: &Expr, at: &Span) -> Ty {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        let id = match (t, t.func_ptr()) {
            (Ty::Unknown, _) => return Ty::Unknown,
            (_, Some(id)) => id,
            (t, None) => {
                self.error(
                    format!("only a function can be called, not {}", t.describe()),
                    at.clone(),
                    "not a function",
                );
                return Ty::Unknown;
            }
        };
        let Some((ret, params)) = self.fn_types.get(id as usize).cloned() else {
            return Ty::Unknown;
        };
        if args.len() != params.len() {
            self.count_error(
                "this function pointer",
                plural(params.len(), "argument", "arguments"),
                args.len(),
                e,
                "as its type says".to_string(),
            );
        } else {
            for (a, (p, t)) in args.iter().zip(params.iter().zip(&types)) {
                let target = Ty::from_decl(p);
                self.assignable(&target, t, a);
            }
        }
        Ty::from_decl(&ret)
    }
}

/// The type of `c ? a : b` from its branches' (C99 6.5.15): one type on both sides that is not
/// a number stays (a handle, `NULL`, a pointer, a struct); otherwise the usual arithmetic
/// conversions when both are numbers (a handle, `NULL` and the status-ignore constants are the
/// `int`s they are at run time); otherwise the pointer side, after decay.
pub(super) fn conditional(ta: Ty, tb: Ty) -> Ty {
    let (x, y) = (ta.decay(), tb.decay());
    if x == Ty::Unknown {
        return y;
    }
    if y == Ty::Unknown {
        return x;
    }
    if !x.is_number() && x == y {
        return x;
    }
    let int = |t: &Ty| match t {
        Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore => Ty::INT,
        t => t.clone(),
    };
    let (ix, iy) = (int(&x), int(&y));
    if ix.is_arithmetic() && iy.is_arithmetic() {
        return common(&ix, &iy);
    }
    if matches!(x, Ty::Ptr(_)) {
        x
    } else {
        y
    }
}

/// The literal `0` (a null pointer in C).
pub(super) fn is_zero(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Int(0))
}

/// "write `&x` to pass the address of `x`" when a variable's value was passed where its address
/// belongs; empty otherwise.
pub(super) fn address_hint(a: &Expr, t: &Ty, target: &Ty) -> String {
    if !matches!(target, Ty::Ptr(..)) || !t.is_base_value() {
        return String::new();
    }
    match &a.kind {
        ExprKind::Ident(name) => format!("write `&{name}` to pass the address of `{name}`"),
        ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => {
            "write `&` before it to pass its address".to_string()
        }
        _ => String::new(),
    }
}

/// Whether a global initializer is a constant expression.
pub(super) fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Char(_)
        | ExprKind::Str(_)
        | ExprKind::SizeOf(_) => true,
        ExprKind::Unary(UnaryOp::AddrOf, a) => matches!(a.kind, ExprKind::Ident(_)),
        ExprKind::Ident(name) => constant(name).is_some(),
        ExprKind::Unary(op, a) => {
            matches!(
                op,
                UnaryOp::Neg | UnaryOp::Plus | UnaryOp::Not | UnaryOp::BitNot
            ) && is_constant(a)
        }
        ExprKind::Binary(_, a, b) => is_constant(a) && is_constant(b),
        ExprKind::Ternary(a, b, c) => is_constant(a) && is_constant(b) && is_constant(c),
        ExprKind::Cast(_, a) => is_constant(a),
        _ => false,
    }
}
