//! The integer constant expressions of `#if` and `#elif`: precedence climbing over C's operators,
//! with unevaluated branches that report no division by zero.

use super::*;

/// A value in an `#if` expression: `intmax_t`, or `uintmax_t` when `unsigned`.
#[derive(Copy, Clone, Debug)]
pub(super) struct IfValue {
    pub(super) value: i64,
    pub(super) unsigned: bool,
}

pub(super) type IfResult = Result<IfValue, (String, Span)>;

/// Evaluates an `#if` expression (already macro-expanded) by recursive descent.
pub(super) struct IfExpr<'t> {
    pub(super) toks: &'t [PpTok],
    pub(super) pos: usize,
    pub(super) depth: usize,
    /// Where the line ends, for "expected a value" at the end.
    pub(super) end: usize,
}

impl IfExpr<'_> {
    pub(super) fn peek_punct(&self) -> Option<Punct> {
        match self.toks.get(self.pos).map(|t| &t.kind) {
            Some(PpKind::C(TokenKind::Punct(p))) => Some(*p),
            _ => None,
        }
    }

    pub(super) fn here(&self) -> Span {
        self.toks
            .get(self.pos)
            .map_or(self.end..self.end, |t| t.span.clone())
    }

    /// `cond ? a : b`; `live` is false in an operand C does not evaluate.
    pub(super) fn ternary(&mut self, live: bool) -> IfResult {
        let cond = self.binary(0, live)?;
        if self.peek_punct() != Some(Punct::Question) {
            return Ok(cond);
        }
        self.pos += 1;
        let take = cond.value != 0;
        let a = self.ternary(live && take)?;
        if self.peek_punct() != Some(Punct::Colon) {
            return Err(("expected `:` in `#if`".into(), self.here()));
        }
        self.pos += 1;
        let b = self.ternary(live && !take)?;
        let unsigned = a.unsigned || b.unsigned;
        Ok(IfValue {
            value: if take { a.value } else { b.value },
            unsigned,
        })
    }

    /// Binary operators at or above precedence `min` (precedence climbing; `||` is 0).
    pub(super) fn binary(&mut self, min: usize, live: bool) -> IfResult {
        let mut lhs = self.unary(live)?;
        while let Some((op, prec)) = self
            .peek_punct()
            .and_then(|p| precedence(p).map(|prec| (p, prec)))
            .filter(|&(_, prec)| prec >= min)
        {
            let op_span = self.here();
            self.pos += 1;
            let rhs_live = match op {
                Punct::OrOr => live && lhs.value == 0,
                Punct::AndAnd => live && lhs.value != 0,
                _ => live,
            };
            let rhs = self.binary(prec + 1, rhs_live)?;
            lhs = apply(op, lhs, rhs, rhs_live).map_err(|m| (m, op_span))?;
        }
        Ok(lhs)
    }

    pub(super) fn unary(&mut self, live: bool) -> IfResult {
        self.depth += 1;
        if self.depth > MAX_IF_NESTING {
            return Err((
                "this `#if` expression is nested too deeply".into(),
                self.here(),
            ));
        }
        let result = self.unary_inner(live);
        self.depth -= 1;
        result
    }

    pub(super) fn unary_inner(&mut self, live: bool) -> IfResult {
        let Some(t) = self.toks.get(self.pos) else {
            return Err((
                "expected a value at the end of this `#if`".into(),
                self.here(),
            ));
        };
        self.pos += 1;
        let v = match &t.kind {
            PpKind::C(TokenKind::Punct(
                p @ (Punct::Minus | Punct::Plus | Punct::Tilde | Punct::Bang),
            )) => {
                let v = self.unary(live)?;
                return Ok(match p {
                    Punct::Minus => IfValue {
                        value: v.value.wrapping_neg(),
                        ..v
                    },
                    Punct::Plus => v,
                    Punct::Tilde => IfValue {
                        value: !v.value,
                        ..v
                    },
                    _ => IfValue {
                        value: i64::from(v.value == 0),
                        unsigned: false,
                    },
                });
            }
            PpKind::C(TokenKind::Punct(Punct::LParen)) => {
                let v = self.ternary(live)?;
                if self.peek_punct() != Some(Punct::RParen) {
                    return Err(("expected `)` in `#if`".into(), self.here()));
                }
                self.pos += 1;
                return Ok(v);
            }
            PpKind::C(TokenKind::Int(v)) => IfValue {
                value: *v,
                unsigned: t.literal.unsigned || *v < 0,
            },
            PpKind::C(TokenKind::Char(c)) => IfValue {
                value: i64::from(*c as i8),
                unsigned: false,
            },
            PpKind::C(TokenKind::Float(_)) => {
                return Err((
                    "floating-point numbers are not allowed in `#if`".into(),
                    t.span.clone(),
                ))
            }
            PpKind::C(TokenKind::Str(_)) => {
                return Err(("strings are not allowed in `#if`".into(), t.span.clone()))
            }
            _ if t.word().is_some() => {
                // A name that is not a macro (after expansion) is 0, keywords included.
                if self.peek_punct() == Some(Punct::LParen) {
                    return Err((
                        format!("`{}` is not a function-like macro here", t.text),
                        t.span.clone(),
                    ));
                }
                IfValue {
                    value: 0,
                    unsigned: false,
                }
            }
            _ => {
                return Err((
                    format!("expected a value in `#if`, found `{}`", t.text),
                    t.span.clone(),
                ))
            }
        };
        Ok(v)
    }
}

/// The precedence of a binary operator in `#if` (`||` lowest, 0), if it is one.
pub(super) fn precedence(p: Punct) -> Option<usize> {
    Some(match p {
        Punct::OrOr => 0,
        Punct::AndAnd => 1,
        Punct::Pipe => 2,
        Punct::Caret => 3,
        Punct::Amp => 4,
        Punct::EqEq | Punct::Ne => 5,
        Punct::Lt | Punct::Gt | Punct::Le | Punct::Ge => 6,
        Punct::Shl | Punct::Shr => 7,
        Punct::Plus | Punct::Minus => 8,
        Punct::Star | Punct::Slash | Punct::Percent => 9,
        _ => return None,
    })
}

/// `lhs op rhs` with C's usual arithmetic conversions on `intmax_t`/`uintmax_t`.
pub(super) fn apply(op: Punct, lhs: IfValue, rhs: IfValue, live: bool) -> Result<IfValue, String> {
    let unsigned = lhs.unsigned || rhs.unsigned;
    let (a, b) = (lhs.value, rhs.value);
    let (ua, ub) = (a as u64, b as u64);
    let cmp = |r: bool| i64::from(r);
    let value = match op {
        Punct::OrOr => return Ok(int(cmp(a != 0 || b != 0))),
        Punct::AndAnd => return Ok(int(cmp(a != 0 && b != 0))),
        Punct::Pipe => a | b,
        Punct::Caret => a ^ b,
        Punct::Amp => a & b,
        Punct::EqEq => return Ok(int(cmp(a == b))),
        Punct::Ne => return Ok(int(cmp(a != b))),
        Punct::Lt => return Ok(int(cmp(if unsigned { ua < ub } else { a < b }))),
        Punct::Gt => return Ok(int(cmp(if unsigned { ua > ub } else { a > b }))),
        Punct::Le => return Ok(int(cmp(if unsigned { ua <= ub } else { a <= b }))),
        Punct::Ge => return Ok(int(cmp(if unsigned { ua >= ub } else { a >= b }))),
        Punct::Shl | Punct::Shr => {
            // The result has the left operand's type; out-of-range counts give 0 (or the sign).
            let left = Punct::Shl == op;
            let count = if rhs.unsigned || b >= 0 { ub } else { u64::MAX };
            let v = match (left, count < 64, lhs.unsigned) {
                (true, true, _) => a << count,
                (true, false, _) => 0,
                (false, true, true) => (ua >> count) as i64,
                (false, true, false) => a >> count,
                (false, false, true) => 0,
                (false, false, false) => a >> 63,
            };
            return Ok(IfValue {
                value: v,
                unsigned: lhs.unsigned,
            });
        }
        Punct::Plus => a.wrapping_add(b),
        Punct::Minus => a.wrapping_sub(b),
        Punct::Star => a.wrapping_mul(b),
        Punct::Slash | Punct::Percent => {
            if b == 0 {
                if !live {
                    return Ok(IfValue { value: 0, unsigned });
                }
                return Err("division by zero in `#if`".into());
            }
            match (op == Punct::Slash, unsigned) {
                (true, true) => (ua / ub) as i64,
                (true, false) => a.wrapping_div(b),
                (false, true) => (ua % ub) as i64,
                (false, false) => a.wrapping_rem(b),
            }
        }
        _ => 0,
    };
    Ok(IfValue { value, unsigned })
}

pub(super) fn int(value: i64) -> IfValue {
    IfValue {
        value,
        unsigned: false,
    }
}
