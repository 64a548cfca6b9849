//! Globals and constants: global storage, string literals, initializers written into memory before
//! the run, and the compile-time evaluation of constant expressions.

use super::*;

impl Compiler {
    pub(super) fn alloc_global(&mut self, ty: &Ty) -> Addr {
        let align = self.layouts.align(ty).max(1) as usize;
        let base = NULL_GUARD as usize;
        let mut off = self.global_bytes.len();
        off = (base + off).div_ceil(align) * align - base;
        self.global_bytes.resize(off + self.size(ty) as usize, 0);
        (base + off) as Addr
    }

    pub(super) fn string(&mut self, s: &str) -> Addr {
        if let Some(&a) = self.strings.get(s) {
            return a;
        }
        let addr = self.alloc_global(&Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1));
        let off = (addr - NULL_GUARD) as usize;
        self.global_bytes[off..off + s.len()].copy_from_slice(s.as_bytes());
        self.strings.insert(s.to_string(), addr);
        addr
    }

    pub(super) fn global(&mut self, d: &VarDecl) {
        let ty = Ty::from_decl(&d.ty);
        let addr = self.alloc_global(&ty);
        self.vars.insert(d.id, Var::Global(addr, ty.clone()));
        if let Some(init) = &d.init {
            if let Err(e) = self.const_init(addr, &ty, init) {
                self.errors.push(e);
            }
        }
    }

    pub(super) fn const_init(&mut self, addr: Addr, ty: &Ty, init: &Init) -> R<()> {
        self.each_initializer(addr, ty, init, &mut |c, addr, ty, e| {
            c.const_scalar(addr, ty, e)
        })
    }

    /// Walks a (possibly nested) initializer, calling `leaf` with the address offset, type and
    /// expression of every scalar (or string-initialized `char` array) it initializes; checks
    /// list lengths and shapes. Braces may be left out, as C allows (`int m[2][2] = {1,2,3,4}`).
    pub(super) fn each_initializer(
        &mut self,
        at: u32,
        ty: &Ty,
        init: &Init,
        leaf: &mut dyn FnMut(&mut Self, u32, &Ty, &Expr) -> R<()>,
    ) -> R<()> {
        match init {
            Init::List(items, _) => {
                let mut iter = items.iter().peekable();
                self.fill(at, ty, &mut iter, leaf)?;
                if let Some(extra) = iter.next() {
                    let at = match extra {
                        Init::Expr(e) => e.span.clone(),
                        Init::List(_, s) => s.clone(),
                    };
                    return err(
                        format!("too many values to initialize a `{}`", self.name(ty)),
                        &at,
                    );
                }
                Ok(())
            }
            Init::Expr(e) => match ty {
                Ty::Array(elem, _) if is_char(elem) && matches!(e.kind, ExprKind::Str(_)) => {
                    leaf(self, at, ty, e)
                }
                Ty::Array(..) => err("the array must be initialized with a list `{ … }`", &e.span),
                _ => leaf(self, at, ty, e),
            },
        }
    }

    /// Fills one object of type `ty` from the front of an initializer list (brace elision).
    pub(super) fn fill<'i>(
        &mut self,
        at: u32,
        ty: &Ty,
        items: &mut std::iter::Peekable<std::slice::Iter<'i, Init>>,
        leaf: &mut dyn FnMut(&mut Self, u32, &Ty, &Expr) -> R<()>,
    ) -> R<()> {
        match ty {
            Ty::Array(elem, n) => {
                if is_char(elem) {
                    if let Some(Init::Expr(
                        e @ Expr {
                            kind: ExprKind::Str(_),
                            ..
                        },
                    )) = items.peek()
                    {
                        items.next();
                        return leaf(self, at, ty, e);
                    }
                }
                let stride = self.size(elem);
                for i in 0..*n {
                    match items.peek() {
                        None => break,
                        Some(Init::List(inner, s)) => {
                            items.next();
                            let (inner, s) = (inner.clone(), s.clone());
                            self.each_initializer(
                                at + i * stride,
                                elem,
                                &Init::List(inner, s),
                                leaf,
                            )?;
                        }
                        Some(Init::Expr(_)) => self.fill(at + i * stride, elem, items, leaf)?,
                    }
                }
                Ok(())
            }
            Ty::Record(id) => {
                let fields = self
                    .layouts
                    .record(*id)
                    .and_then(|r| r.fields.clone())
                    .unwrap_or_default();
                let union = self.unit_records.get(*id as usize).is_some_and(|r| r.union);
                for f in fields.iter().take(if union { 1 } else { usize::MAX }) {
                    match items.peek() {
                        None => break,
                        Some(Init::List(inner, s)) => {
                            items.next();
                            let (inner, s) = (inner.clone(), s.clone());
                            self.each_initializer(
                                at + f.offset,
                                &f.ty,
                                &Init::List(inner, s),
                                leaf,
                            )?;
                        }
                        Some(Init::Expr(_)) => self.fill(at + f.offset, &f.ty, items, leaf)?,
                    }
                }
                Ok(())
            }
            _ => match items.next() {
                Some(Init::Expr(e)) => leaf(self, at, ty, e),
                Some(Init::List(inner, s)) => {
                    let (inner, s) = (inner.clone(), s.clone());
                    self.each_initializer(at, ty, &Init::List(inner, s), leaf)
                }
                None => Ok(()),
            },
        }
    }

    pub(super) fn const_scalar(&mut self, addr: Addr, ty: &Ty, e: &Expr) -> R<()> {
        let off = (addr - NULL_GUARD) as usize;
        if let (Ty::Array(_, n), ExprKind::Str(text)) = (ty, &e.kind) {
            let mut bytes = text.as_bytes().to_vec();
            bytes.resize(*n as usize, 0);
            self.global_bytes[off..off + bytes.len()].copy_from_slice(&bytes);
            return Ok(());
        }
        let value: i64 = match (ty, &e.kind) {
            (Ty::Ptr(_), ExprKind::Str(text)) => i64::from(self.string(text)),
            (Ty::Ptr(_), ExprKind::Unary(UnaryOp::AddrOf, inner)) => {
                let ExprKind::Ident(name) = &inner.kind else {
                    return err(
                        "a global pointer's initial value must be a constant address",
                        &e.span,
                    );
                };
                match self.var(inner) {
                    Some(Var::Global(a, _)) => i64::from(a),
                    _ => {
                        return err(
                            format!("`{name}` is not a global variable declared before this"),
                            &e.span,
                        )
                    }
                }
            }
            (Ty::Ptr(_), ExprKind::Ident(_)) if matches!(self.var(e), Some(Var::Global(..))) => {
                match self.var(e) {
                    Some(Var::Global(a, Ty::Array(..))) => i64::from(a),
                    _ => {
                        return err(
                            "a global pointer's initial value must be a constant address",
                            &e.span,
                        )
                    }
                }
            }
            _ => {
                let v = const_eval(e, &self.layouts).ok_or_else(|| {
                    Diagnostic::error(
                        "a global variable's initializer must be a constant",
                        e.span.clone(),
                    )
                })?;
                match ty {
                    Ty::Double => v.as_f64().to_bits() as i64,
                    Ty::Float => f64::from(v.as_f64() as f32).to_bits() as i64,
                    t if t.is_integer() || matches!(t, Ty::Ptr(_)) => {
                        let sc = t.scalar().unwrap_or(Scalar::I64);
                        sc.narrow(v.as_i64())
                    }
                    _ => {
                        return err(
                            format!("cannot initialize a `{}` with a constant", self.name(ty)),
                            &e.span,
                        )
                    }
                }
            }
        };
        let sc = ty.scalar().unwrap_or(Scalar::I64);
        let bytes: Vec<u8> = match sc {
            Scalar::F32 => (f64::from_bits(value as u64) as f32).to_le_bytes().to_vec(),
            _ => value.to_le_bytes()[..sc.bytes() as usize].to_vec(),
        };
        self.global_bytes[off..off + bytes.len()].copy_from_slice(&bytes);
        Ok(())
    }
}

/// A compile-time constant.
#[derive(Copy, Clone)]
pub(super) enum Const {
    Int(i64),
    Double(f64),
}

impl Const {
    pub(super) fn as_i64(self) -> i64 {
        match self {
            Const::Int(i) => i,
            Const::Double(d) => d as i64,
        }
    }
    pub(super) fn as_f64(self) -> f64 {
        match self {
            Const::Int(i) => i as f64,
            Const::Double(d) => d,
        }
    }
}

pub(super) fn const_eval(e: &Expr, layouts: &Layouts) -> Option<Const> {
    let eval = |e: &Expr| const_eval(e, layouts);
    Some(match &e.kind {
        ExprKind::Int(v) => Const::Int(*v),
        ExprKind::Char(c) => Const::Int(i64::from(*c as i8)),
        ExprKind::Float(v) => Const::Double(*v),
        ExprKind::Ident(name) => Const::Int(mpi_table::constant(name)?),
        ExprKind::SizeOf(t) => Const::Int(i64::from(layouts.checked_size(t)?)),
        ExprKind::Unary(UnaryOp::Neg, inner) => match eval(inner)? {
            Const::Int(i) => Const::Int(i.wrapping_neg()),
            Const::Double(d) => Const::Double(-d),
        },
        ExprKind::Unary(UnaryOp::Plus, inner) => eval(inner)?,
        ExprKind::Unary(UnaryOp::Not, inner) => Const::Int(i64::from(eval(inner)?.as_f64() == 0.0)),
        ExprKind::Unary(UnaryOp::BitNot, inner) => match eval(inner)? {
            Const::Int(i) => Const::Int(!i),
            Const::Double(_) => return None,
        },
        ExprKind::Ternary(c, a, b) => {
            if eval(c)?.as_f64() != 0.0 {
                eval(a)?
            } else {
                eval(b)?
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (eval(a)?, eval(b)?);
            let cmp = |x: f64, y: f64| -> Option<bool> {
                Some(match op {
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    BinOp::Ge => x >= y,
                    BinOp::Eq => x == y,
                    BinOp::Ne => x != y,
                    BinOp::And => x != 0.0 && y != 0.0,
                    BinOp::Or => x != 0.0 || y != 0.0,
                    _ => return None,
                })
            };
            if let Some(truth) = cmp(a.as_f64(), b.as_f64()) {
                return Some(Const::Int(i64::from(truth)));
            }
            match (a, b) {
                (Const::Int(x), Const::Int(y)) => Const::Int(match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div if y != 0 => x.wrapping_div(y),
                    BinOp::Rem if y != 0 => x.wrapping_rem(y),
                    BinOp::Shl => x.wrapping_shl(y as u32),
                    BinOp::Shr => x.wrapping_shr(y as u32),
                    BinOp::BitAnd => x & y,
                    BinOp::BitOr => x | y,
                    BinOp::BitXor => x ^ y,
                    _ => return None,
                }),
                (x, y) => Const::Double(match op {
                    BinOp::Add => x.as_f64() + y.as_f64(),
                    BinOp::Sub => x.as_f64() - y.as_f64(),
                    BinOp::Mul => x.as_f64() * y.as_f64(),
                    BinOp::Div => x.as_f64() / y.as_f64(),
                    _ => return None,
                }),
            }
        }
        ExprKind::Cast(t, inner) => {
            let v = eval(inner)?;
            let to = Ty::from_decl(t);
            if to.is_floating() {
                Const::Double(v.as_f64())
            } else {
                Const::Int(to.scalar().map_or(v.as_i64(), |sc| sc.narrow(v.as_i64())))
            }
        }
        _ => return None,
    })
}
