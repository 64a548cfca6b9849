//! Calls: the user's functions, the C library, the built-ins, MPI through the call table, and
//! `printf`'s family.

use super::*;

impl Compiler {
    /// A call by name, `e`: through a function pointer variable of that name, or to a function.
    pub(super) fn call(&mut self, e: &Expr, name: &str, name_span: &Span, args: &[Expr]) -> R<Ty> {
        let span = &e.span;
        if let Some(var) = self.var(e) {
            let t = self.var_value(var, name_span).decay();
            return self.call_pointer(&t, name_span, args, span);
        }
        if let Some(&idx) = self.func_index.get(name) {
            let (ret, params) = self.signatures[idx as usize].clone();
            if args.len() != params.len() {
                return err(
                    format!(
                        "`{name}` takes {} arguments but {} were given",
                        params.len(),
                        args.len()
                    ),
                    span,
                );
            }
            let hidden = matches!(ret, Ty::Record(_));
            if hidden {
                // The caller's slot for the returned struct.
                let slot = self.hidden_local(ret.clone(), span)?;
                self.emit(Op::AddrLocal(slot), span);
            }
            for (a, p) in args.iter().zip(&params) {
                let t = self.rvalue(a)?;
                self.convert(&t, p, &a.span)?;
            }
            self.emit(
                Op::Call {
                    function: idx,
                    args: args.len() as u32 + u32::from(hidden),
                },
                span,
            );
            return Ok(ret);
        }
        match name {
            "printf" => return self.printf(args, span, PrintTo::Console),
            "fprintf" => {
                // The stream: `stdout` or `stderr` go to the rank's console, a data file's
                // `FILE *` to the rank's copy of the file (the VM reads it under the format).
                let Some(stream) = args.first() else {
                    return err("`fprintf` needs a stream and a format", span);
                };
                let t = self.rvalue(stream)?;
                let console =
                    matches!(&stream.kind, ExprKind::Ident(n) if libc::stream(n).is_some());
                if console || t == Ty::Void {
                    if t != Ty::Void {
                        self.emit(Op::Pop, &stream.span);
                    }
                    return self.printf(&args[1..], span, PrintTo::Console);
                }
                return self.printf(&args[1..], span, PrintTo::Stream);
            }
            "sprintf" | "snprintf" => {
                let bounded = name == "snprintf";
                let fixed = if bounded { 2 } else { 1 };
                if args.len() < fixed + 1 {
                    return err(
                        format!(
                            "`{name}` needs a buffer{} and a format",
                            if bounded { ", a size" } else { "" }
                        ),
                        span,
                    );
                }
                let t = self.rvalue(&args[0])?;
                if !t.is_pointer() {
                    return err(
                        format!("the first argument of `{name}` must be a `char` buffer"),
                        &args[0].span,
                    );
                }
                if bounded {
                    let t = self.rvalue(&args[1])?;
                    self.convert(&t, &Ty::ULONG, &args[1].span)?;
                }
                let to = if bounded {
                    PrintTo::BoundedBuffer
                } else {
                    PrintTo::Buffer
                };
                return self.printf(&args[fixed..], span, to);
            }
            _ => {}
        }
        // `nanosleep(ns)`, Rankscope's own form, beside C's `nanosleep(&ts, NULL)`.
        let own_form = builtin_signature(name).is_some_and(|b| b.1 == args.len());
        if let Some((index, f)) = libc::lookup(name).filter(|_| !own_form) {
            if args.len() != f.params.len() && !(f.variadic && args.len() > f.params.len()) {
                return err(
                    format!(
                        "`{name}` takes {} argument{} but {} were given",
                        f.params.len(),
                        if f.params.len() == 1 { "" } else { "s" },
                        args.len()
                    ),
                    span,
                );
            }
            for (a, p) in args.iter().zip(f.params) {
                let t = self.rvalue(a)?;
                self.convert(&t, &p.ty(), &a.span)?;
            }
            for a in args.iter().skip(f.params.len()) {
                let t = self.rvalue(a)?;
                self.convert(&t, &libc::C::VoidPtr.ty(), &a.span)?;
            }
            self.emit(
                Op::Lib {
                    index: index as u16,
                    args: args.len() as u16,
                },
                span,
            );
            return Ok(f.ret.ty());
        }
        if let Some((b, arity, param, ret)) = builtin_signature(name) {
            if args.len() != arity {
                return err(
                    format!(
                        "`{name}` takes {arity} argument{} but {} were given",
                        if arity == 1 { "" } else { "s" },
                        args.len()
                    ),
                    span,
                );
            }
            for a in args {
                let t = self.rvalue(a)?;
                self.convert(&t, &param, &a.span)?;
            }
            self.emit(Op::Builtin(b, arity as u32), span);
            return Ok(ret);
        }
        if let Some((index, f)) = mpi_table::lookup(name) {
            if args.len() != f.arity as usize {
                return err(
                    format!(
                        "`{name}` takes {} arguments but {} were given",
                        f.arity,
                        args.len()
                    ),
                    span,
                );
            }
            for (a, param) in args.iter().zip(f.params) {
                let t = self.rvalue(a)?;
                match t {
                    t if t.is_floating() => {
                        let to = match param.kind {
                            crate::lang::sema::builtins::ParamKind::Word(_) => Scalar::I64,
                            _ => Scalar::I32,
                        };
                        self.emit(Op::DoubleTo(to), &a.span);
                    }
                    Ty::Status | Ty::Record(_) => {
                        return err("pass the address of the value: `&x`", &a.span)
                    }
                    _ => {}
                }
            }
            self.emit(
                Op::Mpi {
                    function: index as u16,
                    args: f.arity as u16,
                },
                span,
            );
            return Ok(Ty::from_decl(&f.result));
        }
        err(format!("unknown function `{name}`"), name_span)
    }

    pub(super) fn printf(&mut self, args: &[Expr], span: &Span, to: PrintTo) -> R<Ty> {
        let Some(first) = args.first() else {
            return err("`printf` needs a format string", span);
        };
        let ft = self.rvalue(first)?;
        if !ft.is_pointer() {
            return err(
                "the first argument of `printf` must be a format string",
                &first.span,
            );
        }
        let mut kinds = Vec::new();
        for a in &args[1..] {
            let t = self.rvalue(a)?;
            kinds.push(match t {
                Ty::Float => ArgKind::Double,
                Ty::Void | Ty::Status | Ty::Record(_) => {
                    return err(format!("cannot print a `{}`", self.name(&t)), &a.span)
                }
                t => arg_kind(&t),
            });
        }
        self.printf_kinds.push(kinds);
        let idx = (self.printf_kinds.len() - 1) as u32;
        self.emit(Op::Printf { kinds: idx, to }, span);
        Ok(Ty::INT)
    }
}

/// The VM built-ins: operation, arity, parameter type, result type.
pub(super) fn builtin_signature(name: &str) -> Option<(Builtin, usize, Ty, Ty)> {
    Some(match name {
        "compute" => (Builtin::Compute, 1, Ty::Double, Ty::Void),
        "flops" => (Builtin::Flops, 1, Ty::Double, Ty::Void),
        "yield" => (Builtin::Yield, 0, Ty::Void, Ty::Void),
        "usleep" => (Builtin::Usleep, 1, Ty::Double, Ty::INT),
        "nanosleep" => (Builtin::Nanosleep, 1, Ty::Double, Ty::INT),
        _ => return None,
    })
}
