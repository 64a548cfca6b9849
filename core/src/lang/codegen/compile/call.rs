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
            let variadic = self.va_params.contains_key(&idx);
            if args.len() != params.len() && !(variadic && args.len() > params.len()) {
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
            if variadic {
                self.further_args(&args[params.len()..], span)?;
            }
            self.emit(
                Op::Call {
                    function: idx,
                    args: params.len() as u32 + u32::from(hidden) + u32::from(variadic),
                },
                span,
            );
            return Ok(ret);
        }
        if name == crate::lang::sema::check::ERRNO_LOCATION && args.is_empty() {
            // `errno`: one `int` of the rank's globals, added when the program first names it.
            let at = match self.errno {
                Some(at) => at,
                None => {
                    let at = self.alloc_global(&Ty::INT);
                    self.errno = Some(at);
                    at
                }
            };
            self.emit(Op::PushInt(i64::from(at)), span);
            return Ok(Ty::Ptr(Box::new(Ty::INT)));
        }
        if name == crate::lang::sema::check::VA_AREA {
            // `va_start(ap, last)`: the address of the further arguments.
            let Some(slot) = self.va_area else {
                return err("`va_start` outside a function that takes `...`", span);
            };
            self.emit(Op::AddrLocal(slot), span);
            self.emit(Op::Load(Scalar::I64), span);
            return Ok(Ty::Ptr(Box::new(Ty::CHAR)));
        }
        match name {
            "printf" => return self.printf(args, span, PrintTo::Console),
            "fprintf" => {
                // The stream (`stdout` or `stderr`) stays on the stack below the format.
                let Some(stream) = args.first() else {
                    return err("`fprintf` needs a stream and a format", span);
                };
                self.rvalue(stream)?;
                return self.printf(&args[1..], span, PrintTo::Stream);
            }
            "assert" if libc::lookup(name).is_some() => {
                // `assert(cond)`: when the condition is 0, the library's failure at the
                // condition (whose text it prints).
                let [cond] = args else {
                    return err("`assert` takes one condition", span);
                };
                self.cond(cond)?;
                let skip = self.emit(Op::JumpIfNotZero(0), span);
                let (index, _) = libc::lookup(name).expect("checked above");
                self.emit(
                    Op::Lib {
                        index: index as u16,
                        args: 0,
                    },
                    &cond.span,
                );
                let end = self.here();
                self.patch(skip, end);
                return Ok(Ty::Void);
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
                if !t.is_pointer() && !t.is_integer() {
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
            let count_ok = if f.variadic {
                args.len() >= f.params.len()
            } else {
                args.len() == f.params.len()
            };
            if !count_ok {
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
            let hidden = f.ret.is_record();
            if hidden {
                // `div`'s family: the caller's slot for the returned struct, first.
                let slot = self.hidden_local(f.ret.ty(), span)?;
                self.emit(Op::AddrLocal(slot), span);
            }
            for (a, p) in args.iter().zip(f.params) {
                let t = self.rvalue(a)?;
                self.convert(&t, &p.ty(), &a.span)?;
            }
            for a in &args[f.params.len()..] {
                // `...`: the default argument promotions.
                let t = self.rvalue(a)?;
                if t == Ty::Float {
                    self.convert(&t, &Ty::Double, &a.span)?;
                }
            }
            self.emit(
                Op::Lib {
                    index: index as u16,
                    args: args.len() as u16 + u16::from(hidden),
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

impl Compiler {
    /// The arguments after a variadic function's named ones, with C's default argument
    /// promotions (`float` to `double`, small integers to `int`), each in an 8-byte slot of a
    /// block in the caller's frame (integers and addresses as 64-bit words, `double`s as
    /// themselves), as `va_arg` reads them; pushes the block's address (the hidden last
    /// argument).
    fn further_args(&mut self, args: &[Expr], span: &Span) -> R<()> {
        let n = u32::try_from(args.len().max(1)).unwrap_or(u32::MAX);
        let block = self.hidden_local(Ty::Array(Box::new(Ty::LONG), n), span)?;
        for (k, a) in args.iter().enumerate() {
            let at = block + 8 * k as u32;
            self.emit(Op::AddrLocal(at), &a.span);
            let t = self.rvalue(a)?;
            if t.is_floating() {
                self.convert(&t, &Ty::Double, &a.span)?;
                self.emit(Op::Store(Scalar::F64), &a.span);
            } else if let Some(p) = t.promoted() {
                self.convert(&t, &Ty::Int(p), &a.span)?;
                self.emit(Op::Store(Scalar::I64), &a.span);
            } else if t.is_pointer() {
                self.emit(Op::Store(Scalar::I64), &a.span);
            } else {
                return err(
                    format!("a `{}` cannot be passed through `...`", self.name(&t)),
                    &a.span,
                );
            }
            self.emit(Op::Pop, &a.span);
        }
        self.emit(Op::AddrLocal(block), span);
        Ok(())
    }
}
