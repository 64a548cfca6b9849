//! The static type of an expression without emitting code: the compiler's own copy of C's typing
//! rules beside the checker's, which issue 30's one typed front end is to replace.

use super::*;

impl Compiler {
    /// The static type of `e` (what [`Self::expr`] returns), without emitting code.
    pub(super) fn infer(&self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(v) => literal_type(*v),
            ExprKind::Char(_) => Ty::INT,
            ExprKind::SizeOf(_) | ExprKind::SizeOfExpr(_) => Ty::ULONG,
            ExprKind::Float(_) => Ty::Double,
            ExprKind::Str(s) => Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1),
            ExprKind::Ident(name) => match self.lookup(name) {
                Some(Var::Local(_, t)) | Some(Var::Global(_, t)) => t,
                None => Ty::INT,
            },
            ExprKind::Unary(op, inner) => match op {
                UnaryOp::AddrOf => Ty::Ptr(Box::new(self.infer(inner))),
                UnaryOp::Deref => match self.infer(inner).decay() {
                    Ty::Ptr(elem) => *elem,
                    _ => Ty::INT,
                },
                UnaryOp::Not => Ty::INT,
                UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot => {
                    let t = self.infer(inner);
                    match t.promoted() {
                        Some(i) => Ty::Int(i),
                        None => t,
                    }
                }
                _ => self.infer(inner),
            },
            ExprKind::Binary(op, a, b) => {
                if is_comparison(*op) || matches!(op, BinOp::And | BinOp::Or) {
                    return Ty::INT;
                }
                let (x, y) = (self.infer(a).decay(), self.infer(b).decay());
                if matches!(op, BinOp::Shl | BinOp::Shr) {
                    return Ty::Int(x.promoted().unwrap_or(IntTy::INT));
                }
                match (&x, &y) {
                    (Ty::Ptr(_), Ty::Ptr(_)) => Ty::LONG,
                    (Ty::Ptr(_), _) => x,
                    (_, Ty::Ptr(_)) => y,
                    _ => common(&x, &y),
                }
            }
            ExprKind::Assign { target, .. } => self.infer(target),
            ExprKind::Ternary(_, a, b) => {
                let (x, y) = (self.infer(a).decay(), self.infer(b).decay());
                if x.is_arithmetic() && y.is_arithmetic() {
                    common(&x, &y)
                } else if matches!(x, Ty::Ptr(_)) {
                    x
                } else {
                    y
                }
            }
            ExprKind::Call { name, .. } => {
                if let Some(&idx) = self.func_index.get(name) {
                    return self.signatures[idx as usize].0.clone();
                }
                if let Some((_, f)) = libc::lookup(name) {
                    return f.ret.ty();
                }
                builtin_signature(name).map_or_else(
                    || {
                        crate::lang::sema::builtins::builtin(name)
                            .map_or(Ty::INT, |b| Ty::from_decl(&b.result_type()))
                    },
                    |(_, _, _, ret)| ret,
                )
            }
            ExprKind::Index(base, _) => match self.infer(base).decay() {
                Ty::Ptr(elem) => *elem,
                _ => Ty::INT,
            },
            ExprKind::Field(base, field) => self.member_type(self.infer(base), field),
            ExprKind::Arrow(base, field) => match self.infer(base).decay() {
                Ty::Ptr(inner) => self.member_type(*inner, field),
                _ => Ty::INT,
            },
            ExprKind::Cast(t, _) => Ty::from_decl(t),
            ExprKind::Comma(_, b) => self.infer(b),
            ExprKind::CallPtr(callee, _) => {
                let mut t = self.infer(callee).decay();
                while let Ty::Ptr(inner) = t {
                    t = *inner;
                }
                match t {
                    Ty::Func(id) => self
                        .fn_types
                        .get(id as usize)
                        .map_or(Ty::INT, |f| f.0.clone()),
                    _ => Ty::INT,
                }
            }
        }
    }
}
