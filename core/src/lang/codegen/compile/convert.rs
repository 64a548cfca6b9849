//! Conversions: storing a value into a type, C's conversions between arithmetic types and pointers,
//! narrowing, conditions.

use super::*;

impl Compiler {
    /// With [address, value] on the stack, converts the value to `target` and stores it;
    /// leaves the stored value (or the address, for an aggregate).
    pub(super) fn store(&mut self, value: &Ty, target: &Ty, span: &Span) -> R<()> {
        match target {
            Ty::Status | Ty::Record(_) => {
                if value != target {
                    return err(
                        format!(
                            "cannot assign a `{}` to a `{}`",
                            self.name(value),
                            self.name(target)
                        ),
                        span,
                    );
                }
                self.emit(Op::Copy(self.size(target)), span);
            }
            Ty::Array(..) | Ty::Vla(..) => {
                return err(
                    format!(
                        "cannot assign to an array (`{}`); assign its elements",
                        self.name(target)
                    ),
                    span,
                )
            }
            _ => {
                self.convert(value, target, span)?;
                let op = match target.scalar() {
                    Some(Scalar::I32) => Op::StoreInt,
                    Some(Scalar::F64) => Op::StoreDouble,
                    Some(sc) => Op::Store(sc),
                    None => return err(format!("cannot store a `{}`", self.name(target)), span),
                };
                self.emit(op, span);
            }
        }
        Ok(())
    }

    /// Converts the value on top of the stack from `from` to `to`, as C's conversion does.
    pub(super) fn convert(&mut self, from: &Ty, to: &Ty, span: &Span) -> R<()> {
        let from = from.decay();
        if from == *to {
            return Ok(());
        }
        match (&from, to) {
            (f, Ty::Bool) if f.is_floating() => {
                self.emit(Op::DoubleTo(Scalar::Bool), span);
            }
            (f, t) if f.is_floating() && t.is_integer() => {
                let sc = t.scalar().unwrap_or(Scalar::I32);
                self.emit(Op::DoubleTo(sc), span);
            }
            (Ty::Double, Ty::Float) => {
                self.emit(Op::RoundFloat, span);
            }
            (Ty::Float, Ty::Double) => {}
            (f, t) if (f.is_integer() || matches!(f, Ty::Ptr(_))) && t.is_floating() => {
                if from == Ty::ULONG {
                    self.emit(Op::U64ToDouble, span);
                } else {
                    self.emit(Op::IntToDouble, span);
                }
                if *t == Ty::Float {
                    self.emit(Op::RoundFloat, span);
                }
            }
            (f, t) if (f.is_integer() || matches!(f, Ty::Ptr(_))) && t.is_integer() => {
                self.narrow(&from, to, span);
            }
            (Ty::Ptr(_), Ty::Ptr(_)) => {}
            (a, Ty::Ptr(_)) if a.is_integer() => {}
            (Ty::Record(a), Ty::Record(b)) if a == b => {}
            (a, b) => {
                return err(
                    format!(
                        "expected a `{}` here, found a `{}`",
                        self.name(b),
                        self.name(a)
                    ),
                    span,
                )
            }
        }
        Ok(())
    }

    /// Integer → integer: narrows (or re-extends) when the value may not already be in the
    /// target's range.
    pub(super) fn narrow(&mut self, from: &Ty, to: &Ty, span: &Span) {
        let Some(sc) = to.scalar() else { return };
        let (fb, fs) = match from {
            Ty::Int(i) => (i.bytes, i.signed),
            Ty::Bool => (1, false),
            Ty::Handle(_) => (4, true),
            _ => (8, true),
        };
        let needed = match to {
            Ty::Bool => true,
            Ty::Int(t) => {
                t.bytes < 8
                    && (t.bytes < fb
                        || (t.bytes == fb && t.signed != fs)
                        || (t.bytes > fb && !t.signed && fs))
            }
            Ty::Handle(_) => fb > 4,
            _ => false,
        };
        if needed {
            self.emit(Op::Narrow(sc), span);
        }
    }

    pub(super) fn cond(&mut self, e: &Expr) -> R<()> {
        let t = self.rvalue(e)?;
        if t.is_floating() {
            self.emit(Op::DoubleTruth, &e.span);
        } else if !t.is_integer() && !t.is_pointer() {
            return err(
                format!("a condition must be a number, not a `{}`", self.name(&t)),
                &e.span,
            );
        }
        Ok(())
    }
}
