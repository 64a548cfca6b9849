//! Operators: unary operators, binary operators with the usual arithmetic conversions, pointer
//! arithmetic.

use super::*;

impl Compiler {
    pub(super) fn unary(&mut self, op: UnaryOp, inner: &Expr, span: &Span) -> R<Ty> {
        match op {
            UnaryOp::AddrOf => {
                if let Some(Binding::Function(_)) = self.typed.binding(inner) {
                    return self.expr(inner);
                }
                let t = self.lvalue(inner)?;
                Ok(Ty::Ptr(Box::new(t)))
            }
            UnaryOp::Deref => {
                let t = self.deref(inner)?;
                self.load(&t, span);
                Ok(t)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let t = self.lvalue(inner)?;
                let delta = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    1
                } else {
                    -1
                };
                let post = matches!(op, UnaryOp::PostInc | UnaryOp::PostDec);
                match &t {
                    Ty::Double => self.emit(Op::IncDouble { delta, post }, span),
                    t if *t == Ty::INT => self.emit(Op::IncInt { delta, post }, span),
                    Ty::Ptr(elem) if elem.is_variable() => {
                        return err(
                            "`++` and `--` on a pointer to variable-length rows are not supported by Rankscope's C",
                            span,
                        )
                        .map_err(|d| d.with_note("index the rows instead: `a[i]`"));
                    }
                    Ty::Ptr(elem) => {
                        let stride = i32::try_from(self.size(elem)).unwrap_or(i32::MAX);
                        self.emit(
                            Op::IncScalar {
                                scalar: Scalar::I64,
                                delta: delta * stride,
                                post,
                            },
                            span,
                        )
                    }
                    t if t.is_arithmetic() && !matches!(t, Ty::Handle(_)) => {
                        let scalar = t.scalar().unwrap_or(Scalar::I32);
                        self.emit(
                            Op::IncScalar {
                                scalar,
                                delta,
                                post,
                            },
                            span,
                        )
                    }
                    t => return err(format!("cannot increment a `{}`", self.name(t)), span),
                };
                Ok(t)
            }
            UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot => {
                let t = self.rvalue(inner)?;
                if t.is_floating() {
                    if op == UnaryOp::BitNot {
                        return err(
                            format!("`~` needs an integer, not a `{}`", self.name(&t)),
                            span,
                        );
                    }
                    if op == UnaryOp::Neg {
                        self.emit(Op::NegDouble, span);
                    }
                    return Ok(t);
                }
                let Some(pt) = t.promoted() else {
                    let what = if op == UnaryOp::BitNot {
                        "`~` needs an integer"
                    } else {
                        "only a number can be negated"
                    };
                    return err(format!("{what}, not a `{}`", self.name(&t)), span);
                };
                self.narrow(&t, &Ty::Int(pt), span);
                match (op, mode(pt)) {
                    (UnaryOp::Neg, None) => {
                        self.emit(Op::NegInt, span);
                    }
                    (UnaryOp::BitNot, None) => {
                        self.emit(Op::BitNotInt, span);
                    }
                    (UnaryOp::Neg, Some(m)) => {
                        self.emit(Op::PushInt(-1), span);
                        self.emit(Op::Wide(IntOp::Mul, m), span);
                    }
                    (UnaryOp::BitNot, Some(m)) => {
                        self.emit(Op::PushInt(-1), span);
                        self.emit(Op::Wide(IntOp::Xor, m), span);
                    }
                    _ => {}
                }
                Ok(Ty::Int(pt))
            }
            UnaryOp::Not => {
                self.cond(inner)?;
                self.emit(Op::NotInt, span);
                Ok(Ty::INT)
            }
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: &Span) -> R<Ty> {
        match op {
            BinOp::And | BinOp::Or => {
                self.cond(a)?;
                self.emit(Op::Dup, span);
                let jump = if op == BinOp::And {
                    self.emit(Op::JumpIfZero(0), span)
                } else {
                    self.emit(Op::JumpIfNotZero(0), span)
                };
                self.emit(Op::Pop, span);
                self.cond(b)?;
                let end = self.here();
                self.patch(jump, end);
                // Normalize to 0/1.
                self.emit(Op::NotInt, span);
                self.emit(Op::NotInt, span);
                Ok(Ty::INT)
            }
            _ => {
                let at = self.rvalue(a)?;
                let bt = self.rvalue(b)?;
                self.arith(op, &at, &bt, span)
            }
        }
    }

    /// Converts the value under the top of the stack (a left operand, with the right one
    /// pushed after it).
    pub(super) fn convert_under(&mut self, from: &Ty, to: &Ty, span: &Span) -> R<()> {
        let mark = self.code.len();
        self.emit(Op::Swap, span);
        let before = self.code.len();
        self.convert(from, to, span)?;
        if self.code.len() == before {
            // Nothing to convert: drop the swap.
            self.code.truncate(mark);
            self.spans.truncate(mark);
        } else {
            self.emit(Op::Swap, span);
        }
        Ok(())
    }

    /// With both operands on the stack (unconverted), applies C's conversions, emits the
    /// operation and returns the result's type.
    pub(super) fn arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        let (at, bt) = (at.decay(), bt.decay());
        if matches!(at, Ty::Ptr(_)) || matches!(bt, Ty::Ptr(_)) {
            return self.pointer_arith(op, &at, &bt, span);
        }
        if !at.is_arithmetic() || !bt.is_arithmetic() {
            return err(
                format!(
                    "`{}` needs numbers, not `{}` and `{}`",
                    op.symbol(),
                    self.name(&at),
                    self.name(&bt)
                ),
                span,
            );
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let (Some(pa), Some(pb)) = (at.promoted(), bt.promoted()) else {
                return err(format!("`{}` needs integers", op.symbol()), span);
            };
            self.convert_under(&at, &Ty::Int(pa), span)?;
            self.convert(&bt, &Ty::Int(pb), span)?;
            let iop = int_op(op).unwrap_or(IntOp::Shl);
            self.emit(
                match mode(pa) {
                    None => Op::Int(iop),
                    Some(m) => Op::Wide(iop, m),
                },
                span,
            );
            return Ok(Ty::Int(pa));
        }
        let ct = common(&at, &bt);
        self.convert_under(&at, &ct, span)?;
        self.convert(&bt, &ct, span)?;
        if ct.is_floating() {
            let dop = match op {
                BinOp::Add => DoubleOp::Add,
                BinOp::Sub => DoubleOp::Sub,
                BinOp::Mul => DoubleOp::Mul,
                BinOp::Div => DoubleOp::Div,
                BinOp::Lt => DoubleOp::Lt,
                BinOp::Le => DoubleOp::Le,
                BinOp::Gt => DoubleOp::Gt,
                BinOp::Ge => DoubleOp::Ge,
                BinOp::Eq => DoubleOp::Eq,
                BinOp::Ne => DoubleOp::Ne,
                _ => {
                    return err(
                        format!("`{}` needs integers, not `{}`", op.symbol(), self.name(&ct)),
                        span,
                    )
                }
            };
            self.emit(Op::Double(dop), span);
            if is_comparison(op) {
                return Ok(Ty::INT);
            }
            if ct == Ty::Float {
                self.emit(Op::RoundFloat, span);
            }
            return Ok(ct);
        }
        let pt = match ct {
            Ty::Int(i) => common_int(i, i),
            _ => IntTy::INT,
        };
        let iop = int_op(op).ok_or_else(|| {
            Diagnostic::error("internal: logical operator in arith", span.clone())
        })?;
        self.emit(
            match mode(pt) {
                None => Op::Int(iop),
                Some(m) => Op::Wide(iop, m),
            },
            span,
        );
        Ok(if is_comparison(op) {
            Ty::INT
        } else {
            Ty::Int(pt)
        })
    }

    pub(super) fn pointer_arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        match (op, at, bt) {
            (BinOp::Add | BinOp::Sub, Ty::Ptr(elem), i) if i.is_integer() => {
                self.convert(i, &Ty::LONG, span)?;
                if op == BinOp::Sub {
                    self.emit(Op::PushInt(-1), span);
                    self.emit(Op::Wide(IntOp::Mul, IntMode::I64), span);
                }
                self.emit_offset(elem, span)?;
                Ok(at.clone())
            }
            (BinOp::Add, i, Ty::Ptr(elem)) if i.is_integer() => {
                self.emit(Op::Swap, span);
                self.convert(i, &Ty::LONG, span)?;
                self.emit_offset(elem, span)?;
                Ok(bt.clone())
            }
            (BinOp::Sub, Ty::Ptr(e1), Ty::Ptr(_)) if e1.is_variable() => {
                self.emit(Op::Wide(IntOp::Sub, IntMode::I64), span);
                self.emit_size(e1, span)?;
                self.emit(Op::Wide(IntOp::Div, IntMode::I64), span);
                Ok(Ty::LONG)
            }
            (BinOp::Sub, Ty::Ptr(e1), Ty::Ptr(_)) => {
                self.emit(Op::AddrDiff(self.size(e1).max(1)), span);
                Ok(Ty::LONG)
            }
            (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b)
                if (matches!(a, Ty::Ptr(_)) || a.is_integer())
                    && (matches!(b, Ty::Ptr(_)) || b.is_integer()) =>
            {
                let iop = int_op(op).unwrap_or(IntOp::Eq);
                self.emit(Op::Wide(iop, IntMode::I64), span);
                Ok(Ty::INT)
            }
            _ => err(
                format!(
                    "`{}` cannot combine a `{}` and a `{}`",
                    op.symbol(),
                    self.name(at),
                    self.name(bt)
                ),
                span,
            ),
        }
    }
}
