//! Expressions by precedence climbing: comma, assignment, `?:`, the binary operators' table, casts,
//! `sizeof`, unary and postfix operators, literals and calls; and the value of an integer constant
//! expression.

use super::*;

/// Binary operator of a token, with its precedence (higher binds tighter).
pub(super) fn binop(kind: &TokenKind) -> Option<(BinOp, u8)> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::OrOr => (BinOp::Or, 1),
        Punct::AndAnd => (BinOp::And, 2),
        Punct::Pipe => (BinOp::BitOr, 3),
        Punct::Caret => (BinOp::BitXor, 4),
        Punct::Amp => (BinOp::BitAnd, 5),
        Punct::EqEq => (BinOp::Eq, 6),
        Punct::Ne => (BinOp::Ne, 6),
        Punct::Lt => (BinOp::Lt, 7),
        Punct::Le => (BinOp::Le, 7),
        Punct::Gt => (BinOp::Gt, 7),
        Punct::Ge => (BinOp::Ge, 7),
        Punct::Shl => (BinOp::Shl, 8),
        Punct::Shr => (BinOp::Shr, 8),
        Punct::Plus => (BinOp::Add, 9),
        Punct::Minus => (BinOp::Sub, 9),
        Punct::Star => (BinOp::Mul, 10),
        Punct::Slash => (BinOp::Div, 10),
        Punct::Percent => (BinOp::Rem, 10),
        _ => return None,
    })
}

/// Assignment operator of a token: `Some(None)` for `=`, `Some(Some(op))` for `op=`.
pub(super) fn assign_op(kind: &TokenKind) -> Option<Option<BinOp>> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::Assign => None,
        Punct::AddAssign => Some(BinOp::Add),
        Punct::SubAssign => Some(BinOp::Sub),
        Punct::MulAssign => Some(BinOp::Mul),
        Punct::DivAssign => Some(BinOp::Div),
        Punct::RemAssign => Some(BinOp::Rem),
        Punct::ShlAssign => Some(BinOp::Shl),
        Punct::ShrAssign => Some(BinOp::Shr),
        Punct::AndAssign => Some(BinOp::BitAnd),
        Punct::OrAssign => Some(BinOp::BitOr),
        Punct::XorAssign => Some(BinOp::BitXor),
        _ => return None,
    })
}

/// Evaluates a constant integer expression (array sizes, `case` labels, `enum` values);
/// `records` gives `sizeof` of a `struct`.
pub fn const_int(e: &Expr, records: &[RecordDecl]) -> Option<i64> {
    let const_int = |e: &Expr| const_int(e, records);
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Char(c) => Some(i64::from(*c as i8)),
        ExprKind::Ident(name) => crate::lang::sema::builtins::constant(name)
            .filter(|c| c.kind == crate::lang::sema::builtins::ConstKind::Int)
            .map(|c| c.value),
        ExprKind::SizeOf(ty) => Layouts::new(records).checked_size(ty).map(i64::from),
        ExprKind::Cast(ty, a) if ty.pointers == 0 && ty.dims.is_empty() => {
            let v = const_int(a)?;
            match Ty::from_decl(ty).scalar() {
                Some(sc) if Ty::from_decl(ty).is_integer() => Some(sc.narrow(v)),
                _ => None,
            }
        }
        ExprKind::Unary(op, a) => {
            let a = const_int(a)?;
            match op {
                UnaryOp::Neg => a.checked_neg(),
                UnaryOp::Plus => Some(a),
                UnaryOp::Not => Some(i64::from(a == 0)),
                UnaryOp::BitNot => Some(!a),
                _ => None,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_int(a)?, const_int(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                BinOp::Div => a.checked_div(b),
                BinOp::Rem => a.checked_rem(b),
                BinOp::Shl => u32::try_from(b).ok().and_then(|b| a.checked_shl(b)),
                BinOp::Shr => u32::try_from(b).ok().and_then(|b| a.checked_shr(b)),
                BinOp::BitAnd => Some(a & b),
                BinOp::BitOr => Some(a | b),
                BinOp::BitXor => Some(a ^ b),
                BinOp::Lt => Some(i64::from(a < b)),
                BinOp::Le => Some(i64::from(a <= b)),
                BinOp::Gt => Some(i64::from(a > b)),
                BinOp::Ge => Some(i64::from(a >= b)),
                BinOp::Eq => Some(i64::from(a == b)),
                BinOp::Ne => Some(i64::from(a != b)),
                BinOp::And => Some(i64::from(a != 0 && b != 0)),
                BinOp::Or => Some(i64::from(a != 0 || b != 0)),
            }
        }
        ExprKind::Ternary(c, a, b) => {
            if const_int(c)? != 0 {
                const_int(a)
            } else {
                const_int(b)
            }
        }
        _ => None,
    }
}

impl Parser<'_> {
    /// An assignment expression, unboxed (initializers, array sizes).
    pub(super) fn full_expr(&mut self) -> PResult<Expr> {
        Ok(*self.expr()?)
    }

    /// An expression with the comma operator (`a = 1, b = 2`): statements, conditions, `for`.
    pub(super) fn comma_expr(&mut self) -> PResult<Expr> {
        let mut e = self.expr()?;
        while self.eat(Punct::Comma) {
            let rhs = self.expr()?;
            if height(&e) + self.depth > MAX_DEPTH {
                self.too_deep(e.span.start..rhs.span.end);
                return Err(Fail);
            }
            let span = e.span.start..rhs.span.end;
            e = self.node(ExprKind::Comma(e, rhs), span);
        }
        Ok(*e)
    }

    /// An expression (boxed, which keeps the recursive parser's stack frames small).
    pub(super) fn expr(&mut self) -> PExpr {
        self.nested(Parser::assign)
    }

    pub(super) fn assign(&mut self) -> PExpr {
        let target = self.ternary()?;
        let Some(op) = assign_op(self.peek()) else {
            return Ok(target);
        };
        self.bump();
        let value = self.expr()?;
        let span = target.span.start..value.span.end;
        Ok(self.node(ExprKind::Assign { op, target, value }, span))
    }

    pub(super) fn ternary(&mut self) -> PExpr {
        let cond = self.binary(0)?;
        if !self.eat(Punct::Question) {
            return Ok(cond);
        }
        let then = self.expr()?;
        self.expect(Punct::Colon, "in the `? :` expression")?;
        let otherwise = self.nested(Parser::ternary)?;
        let span = cond.span.start..otherwise.span.end;
        Ok(self.node(ExprKind::Ternary(cond, then, otherwise), span))
    }

    /// Precedence climbing: operators binding at least as tight as `min`, left-associative.
    pub(super) fn binary(&mut self, min: u8) -> PExpr {
        let mut lhs = self.unary()?;
        let mut tall = 0;
        while let Some((op, prec)) = binop(self.peek()) {
            if prec < min {
                break;
            }
            self.bump();
            let rhs = self.nested(|p| p.binary(prec + 1))?;
            if tall == 0 {
                tall = height(&lhs);
            }
            tall = tall.max(height(&rhs)) + 1;
            if tall + self.depth > MAX_DEPTH {
                self.too_deep(lhs.span.start..rhs.span.end);
                return Err(Fail);
            }
            let span = lhs.span.start..rhs.span.end;
            lhs = self.node(ExprKind::Binary(op, lhs, rhs), span);
        }
        Ok(lhs)
    }

    pub(super) fn type_name(&mut self) -> PResult<Type> {
        let start = self.start();
        let Some(spec) = self.specifiers()? else {
            return Err(self.expected_here("a type", "expected a type"));
        };
        let pointers = self.stars();
        let dims = self.dims("")?;
        self.combine(&spec.ty, pointers, dims, &(start..self.prev_end()))
    }

    pub(super) fn unary(&mut self) -> PExpr {
        let start = self.start();
        let op = match self.peek() {
            TokenKind::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            TokenKind::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            TokenKind::Punct(Punct::Bang) => Some(UnaryOp::Not),
            TokenKind::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Amp) => Some(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::Star) => Some(UnaryOp::Deref),
            TokenKind::Punct(Punct::PlusPlus) => Some(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => Some(UnaryOp::PreDec),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let operand = self.nested(Parser::unary)?;
            let span = start..operand.span.end;
            return Ok(self.node(ExprKind::Unary(op, operand), span));
        }
        if self.at(Punct::LParen) && self.peek_at_type(1) {
            self.bump();
            let ty = self.type_name()?;
            self.expect(Punct::RParen, "after the type of the cast")?;
            if self.at(Punct::LBrace) {
                return Err(self.error_here(
                    "compound literals (`(type){ … }`) are not supported by Rankscope's C yet"
                        .to_string(),
                    "declare a variable with this initializer instead",
                ));
            }
            let operand = self.nested(Parser::unary)?;
            let span = start..operand.span.end;
            return Ok(self.node(ExprKind::Cast(ty, operand), span));
        }
        if matches!(self.peek(), TokenKind::Sizeof) {
            return self.sizeof(start);
        }
        self.postfix()
    }

    pub(super) fn sizeof(&mut self, start: usize) -> PExpr {
        self.bump();
        if self.at(Punct::LParen) && self.peek_at_type(1) {
            self.bump();
            let ty = self.type_name()?;
            self.expect(Punct::RParen, "after the type in `sizeof`")?;
            return Ok(self.node(ExprKind::SizeOf(ty), start..self.prev_end()));
        }
        let operand = self.nested(Parser::unary)?;
        let span = start..operand.span.end;
        Ok(self.node(ExprKind::SizeOfExpr(operand), span))
    }

    /// Whether the token `ahead` starts a type name (possibly after `const`).
    pub(super) fn peek_at_type(&self, ahead: usize) -> bool {
        match self.peek_at(ahead) {
            TokenKind::Type(_) => true,
            TokenKind::Ident(w) => specifier_word(w) || self.is_type_name(w),
            _ => false,
        }
    }

    pub(super) fn postfix(&mut self) -> PExpr {
        let mut e = self.primary()?;
        let mut tall: Option<usize> = None;
        loop {
            let start = e.span.start;
            let kind = match self.peek() {
                TokenKind::Punct(Punct::LBracket) => {
                    let below = tall.unwrap_or_else(|| height(&e));
                    self.bump();
                    let index = self.expr()?;
                    self.expect(Punct::RBracket, "after the array index")?;
                    tall = Some(below.max(height(&index)) + 1);
                    ExprKind::Index(e, index)
                }
                TokenKind::Punct(Punct::Dot) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let (field, _) = self.name("a field name after `.`")?;
                    ExprKind::Field(e, field)
                }
                TokenKind::Punct(Punct::PlusPlus) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    ExprKind::Unary(UnaryOp::PostInc, e)
                }
                TokenKind::Punct(Punct::MinusMinus) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    ExprKind::Unary(UnaryOp::PostDec, e)
                }
                TokenKind::Punct(Punct::Arrow) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let (field, _) = self.name("a member name after `->`")?;
                    ExprKind::Arrow(e, field)
                }
                TokenKind::Punct(Punct::LParen) => {
                    tall = Some(tall.unwrap_or_else(|| height(&e)) + 1);
                    self.bump();
                    let mut args = Vec::new();
                    if !self.eat(Punct::RParen) {
                        loop {
                            args.push(*self.expr()?);
                            if self.eat(Punct::Comma) {
                                continue;
                            }
                            self.expect(Punct::RParen, "after the arguments")?;
                            break;
                        }
                    }
                    ExprKind::CallPtr(e, args)
                }
                _ => return Ok(e),
            };
            if tall.unwrap_or(0) + self.depth > MAX_DEPTH {
                self.too_deep(start..self.prev_end());
                return Err(Fail);
            }
            e = self.node(kind, start..self.prev_end());
        }
    }

    pub(super) fn primary(&mut self) -> PExpr {
        let start = self.start();
        let kind = match self.peek() {
            TokenKind::Int(_) | TokenKind::Float(_) => return Ok(self.number()),
            TokenKind::Char(c) => ExprKind::Char(*c),
            TokenKind::Str(_) => return Ok(self.string()),
            TokenKind::Ident(name) => {
                let name = name.clone();
                let name_span = self.bump().span;
                if self.at(Punct::LParen) {
                    match name.as_str() {
                        "__builtin_offsetof" => return self.offsetof(name_span),
                        "__builtin_va_arg" => return self.va_arg(name_span),
                        _ => return self.call(name, name_span),
                    }
                }
                if let Some(&v) = self.enums.get(&name) {
                    return Ok(self.node(ExprKind::Int(v), name_span));
                }
                return Ok(self.node(ExprKind::Ident(name), name_span));
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let mut inner = Box::new(self.comma_expr()?);
                self.expect(Punct::RParen, "to close the parenthesis")?;
                inner.span = start..self.prev_end();
                return Ok(inner);
            }
            _ => return Err(self.expected_here("an expression", "expected an expression here")),
        };
        let span = self.bump().span;
        Ok(self.node(kind, span))
    }

    /// `offsetof(type, member.member…)` (`<stddef.h>`): the member's byte offset, a constant
    /// `size_t` from the record's layout.
    fn offsetof(&mut self, name_span: Span) -> PExpr {
        let start = name_span.start;
        self.expect(Punct::LParen, "")?;
        let ty = self.type_name()?;
        self.expect(
            Punct::Comma,
            "between the type and the member in `offsetof`",
        )?;
        let layouts = Layouts::new(&self.records);
        let mut current = Ty::from_decl(&ty);
        let mut offset = 0u32;
        loop {
            let (member, span) = self.name("a member name")?;
            let found = match current {
                Ty::Record(id) => layouts.field(id, &member).cloned(),
                _ => None,
            };
            let Some(field) = found else {
                let what = match current {
                    Ty::Record(_) => {
                        format!("`{}` has no member `{member}`", layouts.name(&current))
                    }
                    _ => format!(
                        "`offsetof` needs a struct, not `{}`",
                        layouts.name(&current)
                    ),
                };
                self.report(Diagnostic::error(what, span).with_label("not a member of the struct"));
                return Err(Fail);
            };
            offset = offset.saturating_add(field.offset);
            current = field.ty;
            if !self.eat(Punct::Dot) {
                break;
            }
        }
        self.expect(Punct::RParen, "to close `offsetof`")?;
        let span = start..self.prev_end();
        let value = self.node(ExprKind::Int(i64::from(offset)), span.clone());
        let size_t = Type {
            base: BaseType::ULong,
            pointers: 0,
            dims: Vec::new(),
        };
        Ok(self.node(ExprKind::Cast(size_t, value), span))
    }

    /// `va_arg(ap, type)` (`<stdarg.h>`): the next of a variadic function's further arguments,
    /// each in an 8-byte slot where `ap` points (see the compiler's calls). Read as
    /// `*(type *)((ap += 8) - 8)`. A type the default argument promotions never pass (`char`,
    /// `short`, `float`, `_Bool`) or a struct is an error, with the type to use.
    fn va_arg(&mut self, name_span: Span) -> PExpr {
        let start = name_span.start;
        self.expect(Punct::LParen, "")?;
        let ap = self.expr()?;
        self.expect(
            Punct::Comma,
            "between the `va_list` and the type in `va_arg`",
        )?;
        let ty_start = self.start();
        let ty = self.type_name()?;
        let ty_span = ty_start..self.prev_end();
        self.expect(Punct::RParen, "to close `va_arg`")?;
        let span = start..self.prev_end();
        if ty.pointers == 0 && ty.dims.is_empty() {
            let promoted = match ty.base {
                BaseType::Float => Some("double"),
                BaseType::Char
                | BaseType::UChar
                | BaseType::Short
                | BaseType::UShort
                | BaseType::Bool => Some("int"),
                _ => None,
            };
            if let Some(to) = promoted {
                self.report(
                    Diagnostic::error(
                        format!(
                            "`va_arg` cannot read a `{}`: such an argument arrives as {} `{to}`",
                            base_type_name(ty.base),
                            if to == "int" { "an" } else { "a" }
                        ),
                        ty_span,
                    )
                    .with_label(format!("write `{to}` here"))
                    .with_note("the arguments after `...` are promoted: `char`, `short` and `_Bool` to `int`, `float` to `double`"),
                );
                return Err(Fail);
            }
            if matches!(
                ty.base,
                BaseType::Record(_) | BaseType::Void | BaseType::Handle(_)
            ) && !matches!(ty.base, BaseType::Handle(h) if h != crate::libs::handles::HandleKind::STATUS)
            {
                self.report(
                    Diagnostic::error(
                        format!(
                            "`va_arg` of a `{}` is not supported by Rankscope's C",
                            base_type_name(ty.base)
                        ),
                        ty_span,
                    )
                    .with_label("numbers and pointers only")
                    .with_note("pass a pointer to it instead"),
                );
                return Err(Fail);
            }
        }
        if !ty.dims.is_empty() {
            self.report(
                Diagnostic::error("`va_arg` cannot read an array", ty_span)
                    .with_label("an array argument arrives as a pointer")
                    .with_note("write the pointer type, like `int *`"),
            );
            return Err(Fail);
        }
        // *(type *)((ap += 8) - 8)
        let eight = self.node(ExprKind::Int(8), span.clone());
        let step = self.node(
            ExprKind::Assign {
                op: Some(BinOp::Add),
                target: ap,
                value: eight,
            },
            span.clone(),
        );
        let eight = self.node(ExprKind::Int(8), span.clone());
        let back = self.node(ExprKind::Binary(BinOp::Sub, step, eight), span.clone());
        let mut ptr = ty;
        ptr.pointers += 1;
        let cast = self.node(ExprKind::Cast(ptr, back), span.clone());
        Ok(self.node(ExprKind::Unary(UnaryOp::Deref, cast), span))
    }

    /// A new expression node with a fresh id (not inlined: the recursive descent's frames stay
    /// small).
    #[inline(never)]
    pub(super) fn node(&mut self, kind: ExprKind, span: Span) -> Box<Expr> {
        Box::new(Expr {
            id: self.id(),
            kind,
            span,
        })
    }

    /// A number literal with its C type (C99 6.4.4): a literal whose type is not the one its
    /// value alone gives (`int`, else `long`; `double`) is wrapped in a cast to its type, so
    /// `10u`, `0xFFFFFFFF`, `1UL << 40` and `1.5f` have C's types.
    pub(super) fn number(&mut self) -> Box<Expr> {
        let tok = self.bump();
        let form = tok.literal;
        let (kind, base) = match tok.kind {
            TokenKind::Float(v) => (ExprKind::Float(v), form.float.then_some(BaseType::Float)),
            TokenKind::Int(v) => {
                let u = v as u64;
                let (int, uint, long) = (
                    u <= i32::MAX as u64,
                    u <= u64::from(u32::MAX),
                    u <= i64::MAX as u64,
                );
                let octal_hex = !form.decimal;
                let base = if form.unsigned {
                    if uint && form.longs == 0 {
                        BaseType::UInt
                    } else {
                        BaseType::ULong
                    }
                } else if form.longs > 0 {
                    if long {
                        BaseType::Long
                    } else {
                        BaseType::ULong
                    }
                } else if int {
                    BaseType::Int
                } else if uint && octal_hex {
                    BaseType::UInt
                } else if long {
                    BaseType::Long
                } else {
                    BaseType::ULong
                };
                let plain = if int { BaseType::Int } else { BaseType::Long };
                (ExprKind::Int(v), (base != plain).then_some(base))
            }
            _ => (ExprKind::Int(0), None),
        };
        let lit = self.node(kind, tok.span.clone());
        match base {
            None => lit,
            Some(base) => self.node(
                ExprKind::Cast(
                    Type {
                        base,
                        pointers: 0,
                        dims: Vec::new(),
                    },
                    lit,
                ),
                tok.span,
            ),
        }
    }

    /// A string literal; adjacent literals are one string, as in C.
    pub(super) fn string(&mut self) -> Box<Expr> {
        let start = self.start();
        let mut text = String::new();
        while let TokenKind::Str(more) = self.peek() {
            text.push_str(more);
            self.bump();
        }
        self.node(ExprKind::Str(text), start..self.prev_end())
    }

    /// Reports "expected {what}, found …" at the current token.
    pub(super) fn expected_here(&mut self, what: &str, label: &str) -> Fail {
        let found = self.peek().describe();
        self.error_here(format!("expected {what}, found {found}"), label)
    }

    pub(super) fn call(&mut self, name: String, name_span: Span) -> PExpr {
        self.bump(); // `(`
        let mut args = Vec::new();
        if !self.eat(Punct::RParen) {
            loop {
                args.push(*self.expr()?);
                if self.eat(Punct::Comma) {
                    continue;
                }
                if self.eat(Punct::RParen) {
                    break;
                }
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected `,` or `)` in the call to `{name}`, found {found}"),
                    "expected `,` or `)` here",
                ));
            }
        }
        let span = name_span.start..self.prev_end();
        Ok(self.node(
            ExprKind::Call {
                name,
                name_span,
                args,
            },
            span,
        ))
    }
}
