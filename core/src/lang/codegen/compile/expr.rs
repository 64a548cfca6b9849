//! Expressions: lvalues and addresses, members, loads, the expression walk, calls through pointers,
//! literal types.

use super::*;

impl Compiler {
    /// Pushes the address of an lvalue; returns the type of the object there.
    pub(super) fn lvalue(&mut self, e: &Expr) -> R<Ty> {
        let span = &e.span;
        match &e.kind {
            ExprKind::Ident(name) => match self.var(e) {
                Some(Var::Local(off, ty)) if ty.is_variable() => {
                    // A variable-length array: its slot holds the address of its elements.
                    self.emit(Op::AddrLocal(off), span);
                    self.emit(Op::Load(Scalar::I64), span);
                    Ok(ty)
                }
                Some(Var::Local(off, ty)) => {
                    self.emit(Op::AddrLocal(off), span);
                    Ok(ty)
                }
                Some(Var::Global(addr, ty)) => {
                    self.emit(Op::PushInt(i64::from(addr)), span);
                    Ok(ty)
                }
                None => err(format!("`{name}` is not a variable"), span),
            },
            ExprKind::Index(base, index) => {
                let bt = self.expr_as_address(base)?;
                let it = self.rvalue(index)?;
                if !it.is_integer() {
                    return err(
                        format!(
                            "an array index must be an integer, not a `{}`",
                            self.name(&it)
                        ),
                        &index.span,
                    );
                }
                match bt {
                    Ty::Array(elem, n) => {
                        self.emit(Op::CheckIndex(n), span);
                        self.emit_offset(&elem, span)?;
                        Ok(*elem)
                    }
                    Ty::Vla(elem, id) => {
                        self.convert(&it, &Ty::LONG, span)?;
                        let Some(&slot) = self.vla_lens.get(&id) else {
                            return err(
                                "internal: a variable-length array without its length",
                                span,
                            );
                        };
                        self.emit(Op::AddrLocal(slot), span);
                        self.emit(Op::Load(Scalar::I64), span);
                        self.emit(Op::CheckIndexLen, span);
                        self.emit_offset(&elem, span)?;
                        Ok(*elem)
                    }
                    Ty::Ptr(elem) => {
                        self.emit_offset(&elem, span)?;
                        Ok(*elem)
                    }
                    t => err(format!("cannot index a `{}`", self.name(&t)), &base.span),
                }
            }
            ExprKind::Unary(UnaryOp::Deref, inner) => self.deref(inner),
            ExprKind::Field(base, field) => {
                let t = self.lvalue(base)?;
                self.member(t, field, span)
            }
            ExprKind::Arrow(base, field) => {
                let t = self.rvalue(base)?;
                match t {
                    Ty::Ptr(inner) => self.member(*inner, field, span),
                    t => err(
                        format!(
                            "`->` needs a pointer to a struct, not a `{}`",
                            self.name(&t)
                        ),
                        &base.span,
                    ),
                }
            }
            ExprKind::Comma(a, b) => {
                let t = self.expr(a)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, span);
                }
                self.lvalue(b)
            }
            ExprKind::Call { .. } if matches!(self.typed.ty(e), Some(Ty::Record(_))) => {
                // A returned struct lives in the caller's slot: its address.
                self.expr(e)
            }
            _ => err(
                "this expression cannot be assigned to or have its address taken",
                span,
            ),
        }
    }

    /// Pushes the address `*inner` designates; returns the type of the object there.
    pub(super) fn deref(&mut self, inner: &Expr) -> R<Ty> {
        let t = self.rvalue(inner)?;
        match t {
            Ty::Ptr(elem) => Ok(*elem),
            t => err(
                format!("cannot dereference a `{}`", self.name(&t)),
                &inner.span,
            ),
        }
    }

    /// Pushes the value of a variable; returns its type.
    pub(super) fn var_value(&mut self, var: Var, span: &Span) -> Ty {
        match var {
            Var::Local(off, t) if t == Ty::INT || matches!(t, Ty::Handle(_)) => {
                self.emit(Op::LoadLocalInt(off), span);
                t
            }
            Var::Local(off, Ty::Double) => {
                self.emit(Op::LoadLocalDouble(off), span);
                Ty::Double
            }
            Var::Local(off, t) if t.is_variable() => {
                self.emit(Op::AddrLocal(off), span);
                self.emit(Op::Load(Scalar::I64), span);
                t
            }
            Var::Local(off, t) => {
                self.emit(Op::AddrLocal(off), span);
                self.load(&t, span);
                t
            }
            Var::Global(addr, t) => {
                self.emit(Op::PushInt(i64::from(addr)), span);
                self.load(&t, span);
                t
            }
        }
    }

    /// With a record's (or status's) address on the stack, moves to member `field`.
    pub(super) fn member(&mut self, t: Ty, field: &str, span: &Span) -> R<Ty> {
        match t {
            Ty::Status => {
                let off = match field {
                    "MPI_SOURCE" => STATUS_SOURCE,
                    "MPI_TAG" => STATUS_TAG,
                    "MPI_ERROR" => STATUS_ERROR,
                    other => return err(format!("`MPI_Status` has no field `{other}`: use MPI_SOURCE, MPI_TAG or MPI_ERROR"), span),
                };
                self.emit(Op::PushInt(i64::from(off)), span);
                self.emit(Op::AddrOffset(1), span);
                Ok(Ty::INT)
            }
            Ty::Record(id) => match self.layouts.field(id, field).cloned() {
                Some(f) => {
                    if f.offset != 0 {
                        self.emit(Op::PushInt(i64::from(f.offset)), span);
                        self.emit(Op::AddrOffset(1), span);
                    }
                    Ok(f.ty)
                }
                None => err(
                    format!("`{}` has no member `{field}`", self.name(&Ty::Record(id))),
                    span,
                ),
            },
            t => err(
                format!("only a struct has members; this is a `{}`", self.name(&t)),
                span,
            ),
        }
    }

    /// For indexing: pushes the address of an array (or the value of a pointer) and returns the
    /// array or pointer type.
    pub(super) fn expr_as_address(&mut self, e: &Expr) -> R<Ty> {
        let t = self.expr(e)?;
        match t {
            Ty::Array(..) | Ty::Vla(..) | Ty::Ptr(_) => Ok(t),
            t => err(format!("cannot index a `{}`", self.name(&t)), &e.span),
        }
    }

    /// With an address on the stack, loads the value of type `ty` (aggregates stay addresses).
    pub(super) fn load(&mut self, ty: &Ty, span: &Span) {
        match ty.scalar() {
            Some(Scalar::I32) => {
                self.emit(Op::LoadInt, span);
            }
            Some(Scalar::F64) => {
                self.emit(Op::LoadDouble, span);
            }
            Some(sc) => {
                self.emit(Op::Load(sc), span);
            }
            None => {}
        }
    }

    /// Pushes the value of `e` and returns its type after array decay.
    pub(super) fn rvalue(&mut self, e: &Expr) -> R<Ty> {
        Ok(self.expr(e)?.decay())
    }

    /// Pushes the value of `e`; returns its type (arrays, structs and statuses push their
    /// address). In debug builds (every test), the type the code was emitted for must be the
    /// checker's: the two never drift apart unseen.
    pub(super) fn expr(&mut self, e: &Expr) -> R<Ty> {
        let t = self.expr_code(e)?;
        if cfg!(debug_assertions) {
            let checked = self.ty(e)?;
            if checked != t {
                return err(
                    format!("internal: the checker typed this `{checked}`, the compiler `{t}`"),
                    &e.span,
                );
            }
        }
        Ok(t)
    }

    fn expr_code(&mut self, e: &Expr) -> R<Ty> {
        let span = &e.span;
        match &e.kind {
            ExprKind::Int(v) => {
                self.emit(Op::PushInt(*v), span);
                Ok(Ty::of_int_literal(*v))
            }
            ExprKind::Float(v) => {
                self.emit(Op::PushDouble(*v), span);
                Ok(Ty::Double)
            }
            ExprKind::Char(c) => {
                self.emit(Op::PushInt(i64::from(*c as i8)), span);
                Ok(Ty::INT)
            }
            ExprKind::Str(s) => {
                let a = self.string(s);
                self.emit(Op::PushInt(i64::from(a)), span);
                Ok(Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1))
            }
            ExprKind::Ident(name) => match self.typed.binding(e).cloned() {
                Some(Binding::Var(_)) => match self.var(e) {
                    Some(var) => Ok(self.var_value(var, span)),
                    None => err(format!("`{name}` is used before its declaration"), span),
                },
                Some(Binding::Constant(v)) => {
                    // A built-in constant or a stream: its value, of the checker's type.
                    self.emit(Op::PushInt(v), span);
                    self.ty(e)
                }
                Some(Binding::Function(idx)) => {
                    // A function used as a value: a pointer to it.
                    self.emit(Op::PushInt(FN_TAG | i64::from(idx)), span);
                    Ok(Ty::Ptr(Box::new(Ty::Func(self.user_fn_base + idx))))
                }
                None => err(format!("unknown identifier `{name}`"), span),
            },
            ExprKind::Unary(op, inner) => self.unary(*op, inner, span),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span),
            ExprKind::Assign { op, target, value } => {
                let tt = self.lvalue(target)?;
                match op {
                    None => {
                        let vt = self.expr(value)?;
                        self.store(&vt, &tt, span)?;
                    }
                    Some(bop) => {
                        if !tt.is_arithmetic() && !matches!(tt, Ty::Ptr(_)) {
                            return err(
                                format!("cannot use `{}=` on a `{}`", bop.symbol(), self.name(&tt)),
                                span,
                            );
                        }
                        self.emit(Op::Dup, span);
                        self.load(&tt, span);
                        let rt = self.rvalue(value)?;
                        let result = self.arith(*bop, &tt, &rt, span)?;
                        self.store(&result, &tt, span)?;
                    }
                }
                Ok(tt)
            }
            ExprKind::Ternary(c, a, b) => {
                self.cond(c)?;
                let jz = self.emit(Op::JumpIfZero(0), span);
                let result = self.ty(e)?;
                let at = self.rvalue(a)?;
                self.convert(&at, &result, &a.span)?;
                let j = self.emit(Op::Jump(0), span);
                let else_at = self.here();
                self.patch(jz, else_at);
                let bt = self.rvalue(b)?;
                self.convert(&bt, &result, &b.span)?;
                let end = self.here();
                self.patch(j, end);
                Ok(result)
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(e, name, name_span, args),
            ExprKind::CallPtr(callee, args) => {
                // `(*f)(x)` is `f(x)`.
                let mut callee: &Expr = callee;
                while let ExprKind::Unary(UnaryOp::Deref, inner) = &callee.kind {
                    callee = inner;
                }
                self.call_indirect(callee, args, span)
            }
            ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => {
                let t = self.lvalue(e)?;
                self.load(&t, span);
                Ok(t)
            }
            ExprKind::Cast(ty, inner) => {
                let to = Ty::from_decl(ty);
                let from = self.rvalue(inner)?;
                if to == Ty::Void {
                    if from != Ty::Void {
                        self.emit(Op::Pop, span);
                    }
                    return Ok(Ty::Void);
                }
                self.convert(&from, &to, span)?;
                Ok(to)
            }
            ExprKind::SizeOf(ty) => {
                let size = self.size(&Ty::from_decl(ty));
                self.emit(Op::PushInt(i64::from(size)), span);
                Ok(Ty::ULONG)
            }
            ExprKind::SizeOfExpr(inner) => {
                let t = self.ty(inner)?;
                if t.is_variable() {
                    // C99: `sizeof` of a variable-length array is computed at run time.
                    self.emit_size(&t, span)?;
                    return Ok(Ty::ULONG);
                }
                let size = self.size(&t);
                self.emit(Op::PushInt(i64::from(size)), span);
                Ok(Ty::ULONG)
            }
            ExprKind::Comma(a, b) => {
                let t = self.expr(a)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, span);
                }
                self.expr(b)
            }
        }
    }
}

impl Compiler {
    /// A call through a function pointer: the pointer, then the arguments converted to its
    /// parameter types.
    pub(super) fn call_indirect(&mut self, callee: &Expr, args: &[Expr], span: &Span) -> R<Ty> {
        let t = self.rvalue(callee)?;
        self.call_pointer(&t, &callee.span, args, span)
    }

    /// A call through the function pointer of type `t` on the stack (the callee at `at`).
    pub(super) fn call_pointer(&mut self, t: &Ty, at: &Span, args: &[Expr], span: &Span) -> R<Ty> {
        let Ty::Ptr(inner) = t else {
            return err(
                format!("only a function can be called, not a `{}`", self.name(t)),
                at,
            );
        };
        let Ty::Func(id) = **inner else {
            return err(
                format!("only a function can be called, not a `{}`", self.name(t)),
                at,
            );
        };
        let (ret, params) = self.fn_types[id as usize].clone();
        if matches!(ret, Ty::Record(_)) {
            return err(
                "calling a function that returns a struct through a pointer is not supported by Rankscope's C",
                span,
            );
        }
        if args.len() != params.len() {
            return err(
                format!(
                    "this function pointer takes {} arguments but {} were given",
                    params.len(),
                    args.len()
                ),
                span,
            );
        }
        for (a, p) in args.iter().zip(&params) {
            let t = self.rvalue(a)?;
            self.convert(&t, p, &a.span)?;
        }
        self.emit(
            Op::CallIndirect {
                args: args.len() as u32,
            },
            span,
        );
        Ok(ret)
    }
}

pub(super) fn is_char(t: &Ty) -> bool {
    matches!(t, Ty::Int(i) if i.bytes == 1)
}
