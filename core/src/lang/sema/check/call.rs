//! Calls: the user's functions, the C library's and the built-ins' signatures, MPI's argument
//! kinds, the argument count.

use super::*;
use crate::libs::handles::HandleKind;

impl<'a> Checker<'a> {
    pub(super) fn call(&mut self, name: &str, name_span: &Span, args: &[Expr], e: &Expr) -> Ty {
        if let Some(v) = self.lookup(name) {
            let (t, id) = (v.ty.clone(), v.id);
            self.typed.bind(e.id, Binding::Var(id));
            if t.func_ptr().is_some() {
                return self.pointer_call(&t, args, e, name_span);
            }
            for a in args {
                self.expr(a);
            }
            self.error(
                format!("`{name}` is a variable, not a function"),
                name_span.clone(),
                "not a function",
            );
            return Ty::Unknown;
        }
        if let Some(sig) = self.functions.get(name) {
            let ret = sig.ret.clone();
            let params = sig.params.clone();
            let variadic = sig.variadic;
            self.user_call(name, &ret, &params, variadic, args, e);
            return Ty::from_decl(&ret);
        }
        if name == VA_AREA {
            return self.va_start(args, e, name_span);
        }
        if name == ERRNO_LOCATION && args.is_empty() {
            return Ty::Ptr(Box::new(Ty::INT));
        }
        if let Some(t) = self.printf_family(name, args, e) {
            return t;
        }
        let own_form = builtin(name).is_some_and(|b| b.params.len() == args.len());
        if name == "assert" {
            return self.assert_call(args, e);
        }
        if let Some((_, f)) = crate::lang::libc::lookup(name).filter(|_| !own_form) {
            return self.library_call(f, args, e);
        }
        if let Some(b) = builtin(name) {
            self.builtin_call(b, args, e);
            return Ty::from_decl(&b.result_type());
        }
        for a in args {
            self.expr(a);
        }
        let mut candidates: Vec<&str> = self.functions.keys().map(String::as_str).collect();
        candidates.extend(BUILTINS.iter().map(|b| b.name));
        candidates.extend(crate::lang::libc::LIBC.iter().map(|f| f.name));
        candidates.extend(PRINTF_RELATIVES.iter().map(|r| r.name));
        if let Some(reason) = crate::lang::libc::unsupported(name) {
            self.error_note(
                format!("`{name}` is not supported by Rankscope's C"),
                name_span.clone(),
                "not available",
                reason,
            );
            return Ty::Unknown;
        }
        let mut d = Diagnostic::error(format!("undeclared function `{name}`"), name_span.clone())
            .with_label("no function by this name");
        if let Some(s) = suggest(name, candidates) {
            d = d.with_note(format!("did you mean `{s}`?"));
        } else if name.starts_with("MPI_") {
            d = d.with_note(
                "MPI has no function by this name (MPICH 4.0.2's `mpi.h` declares none)",
            );
        }
        self.diags.push(d);
        Ty::Unknown
    }

    /// `fprintf(stream, format, …)`, `sprintf(buffer, format, …)`, `snprintf(buffer, size,
    /// format, …)`: the leading arguments, then the format as `printf`'s.
    pub(super) fn printf_family(&mut self, name: &str, args: &[Expr], e: &Expr) -> Option<Ty> {
        let relative = PRINTF_RELATIVES.iter().find(|r| r.name == name)?;
        let lead = relative.lead.len();
        let what: Vec<&str> = relative.lead.iter().map(|l| l.what).collect();
        if args.len() < lead + 1 {
            for a in args {
                self.expr(a);
            }
            self.count_error(
                name,
                format!("at least {}", plural(lead + 1, "argument", "arguments")),
                args.len(),
                e,
                format!("the call is `{name}({}, format, …)`", what.join(", ")),
            );
            return Some(Ty::INT);
        }
        for (i, a) in args[..lead].iter().enumerate() {
            let t = self.value(a);
            let ok = if i == 0 {
                t.is_pointerish()
            } else {
                t.is_number()
            };
            if !ok && t != Ty::Unknown {
                self.error(
                    format!(
                        "argument {} of `{name}` must be {}, not {}",
                        i + 1,
                        what[i],
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                );
            }
        }
        let rest = &args[lead..];
        let types: Vec<Ty> = rest.iter().map(|a| self.expr(a)).collect();
        if !matches!(rest[0].kind, ExprKind::Str(_)) {
            self.error(
                format!("the format of `{name}` must be a string literal"),
                rest[0].span.clone(),
                "expected a string literal",
            );
        } else {
            self.printf(rest, &types, e);
        }
        Some(Ty::INT)
    }

    /// `assert(condition)`: one scalar condition.
    fn assert_call(&mut self, args: &[Expr], e: &Expr) -> Ty {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        if args.len() != 1 {
            self.count_error(
                "assert",
                "one condition".into(),
                args.len(),
                e,
                "the macro is `assert(condition)`".into(),
            );
        } else if !(types[0].is_number() || types[0].is_pointerish() || types[0] == Ty::Unknown) {
            self.error(
                format!("`assert` needs a condition, not {}", types[0].describe()),
                args[0].span.clone(),
                "not a number or a pointer",
            );
        }
        Ty::Void
    }

    /// A call to a C library function: argument count, then numbers where numbers belong and
    /// pointers where pointers do.
    pub(super) fn library_call(
        &mut self,
        f: &crate::lang::libc::LibFn,
        args: &[Expr],
        e: &Expr,
    ) -> Ty {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        let ret = f.ret.ty();
        if f.variadic && args.len() >= f.params.len() {
            for (i, (a, t)) in args.iter().zip(&types).enumerate().skip(f.params.len()) {
                if !(t.is_pointerish() || *t == Ty::Unknown) {
                    self.error_note(
                        format!(
                            "argument {} of `{}` must be a pointer to store a conversion, not {}",
                            i + 1,
                            f.name,
                            t.describe()
                        ),
                        a.span.clone(),
                        "pass its address: `&x`",
                        format!("the function is `{}`", f.signature()),
                    );
                }
            }
        }
        if args.len() != f.params.len() && !(f.variadic && args.len() > f.params.len()) {
            self.count_error(
                f.name,
                plural(f.params.len(), "argument", "arguments"),
                args.len(),
                e,
                format!("the function is `{}`", f.signature()),
            );
            return ret;
        }
        if f.variadic {
            for (i, (a, t)) in args.iter().zip(&types).enumerate().skip(f.params.len()) {
                if *t != Ty::Unknown && !t.is_pointerish() {
                    self.error_note(
                        format!(
                            "argument {} of `{}` must be an address where the value goes, not {}",
                            i + 1,
                            f.name,
                            t.describe()
                        ),
                        a.span.clone(),
                        "write `&` before the variable",
                        format!(
                            "the function is `{}, …)`",
                            f.signature().trim_end_matches(')')
                        ),
                    );
                }
            }
        }
        for (i, ((p, a), t)) in f.params.iter().zip(args).zip(&types).enumerate() {
            let ok = *t == Ty::Unknown
                || if p.is_pointer() {
                    t.is_pointerish() || is_zero(a)
                } else {
                    t.is_number() || (t.is_handle() && *p == crate::lang::libc::C::Int)
                };
            if !ok {
                self.error_note(
                    format!(
                        "argument {} of `{}` must be {}, not {}",
                        i + 1,
                        f.name,
                        if p.is_pointer() {
                            format!("a pointer (`{}`)", p.text())
                        } else {
                            format!("a number (`{}`)", p.text())
                        },
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                    format!("the function is `{}`", f.signature()),
                );
            }
        }
        ret
    }

    pub(super) fn count_error(
        &mut self,
        name: &str,
        expected: String,
        given: usize,
        e: &Expr,
        note: String,
    ) {
        let were = if given == 1 { "was" } else { "were" };
        self.error_note(
            format!("`{name}` takes {expected} but {given} {were} given"),
            e.span.clone(),
            format!("expected {expected}"),
            note,
        );
    }

    pub(super) fn user_call(
        &mut self,
        name: &str,
        ret: &Type,
        params: &[(String, Type)],
        variadic: bool,
        args: &[Expr],
        e: &Expr,
    ) {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        if variadic && args.len() >= params.len() {
            // The further arguments pass with the default argument promotions, as numbers
            // and addresses (8 bytes each, read back with `va_arg`).
            for (a, t) in args[params.len()..].iter().zip(&types[params.len()..]) {
                if !(t.is_number() || t.is_pointerish() || t.is_handle() || *t == Ty::Unknown) {
                    self.error_note(
                        format!(
                            "a `{}` cannot be passed through `...` to `{name}`",
                            self.layouts.name(t)
                        ),
                        a.span.clone(),
                        "passed through `...`",
                        "Rankscope's C passes numbers and addresses through `...`: pass its address",
                    );
                }
            }
        } else if args.len() != params.len() {
            let list: Vec<String> = params.iter().map(|(n, t)| decl_text(t, n)).collect();
            let note = format!(
                "`{name}` is defined as `{} {name}({})`",
                type_text(ret),
                list.join(", ")
            );
            self.count_error(
                name,
                plural(params.len(), "argument", "arguments"),
                args.len(),
                e,
                note,
            );
            return;
        }
        for (i, ((pname, pty), (a, t))) in params.iter().zip(args.iter().zip(&types)).enumerate() {
            if pty.dims.contains(&0) {
                continue; // a variable-length array parameter: any array of its element type
            }
            let target = Ty::from_decl(pty);
            let ok = match (&target, t) {
                (_, Ty::Unknown) | (Ty::Unknown, _) => true,
                (Ty::Ptr(_), t) => match (target.as_pointer(), t.as_pointer()) {
                    (Some((pb, pn)), Some((b, n))) => {
                        pb == BaseType::Void
                            || (b == BaseType::Void && n == 1)
                            || (c_base(b) == c_base(pb) && n == pn)
                    }
                    (None, Some(_)) => true,
                    (_, None) => t.is_pointerish() || is_zero(a),
                },
                (Ty::Status, t) => *t == Ty::Status,
                (Ty::Record(r), t) => *t == Ty::Record(*r),
                (p, t) if p.is_number() => t.is_number() || t.is_handle(),
                (Ty::Handle(_) | Ty::Func(_), t) => {
                    t.is_handle() || t.is_whole_number() || *t == Ty::Null
                }
                _ => true,
            };
            if !ok {
                self.error_note(
                    format!(
                        "argument {} (`{pname}`) of `{name}` must be {}, not {}",
                        i + 1,
                        with_article(&format!("`{}`", type_text(pty))),
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                    address_hint(a, t, &target),
                );
            }
        }
    }

    pub(super) fn builtin_call(
        &mut self,
        b: &'static crate::lang::sema::builtins::Builtin,
        args: &[Expr],
        e: &Expr,
    ) {
        let types: Vec<Ty> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                if b.variadic && i >= b.params.len()
                    || b.params.get(i).is_some_and(|p| p.kind == ParamKind::Format)
                {
                    let t = self.expr(a);
                    if t == Ty::Void {
                        return self.value(a);
                    }
                    t
                } else {
                    self.value(a)
                }
            })
            .collect();
        let n = b.params.len();
        let wrong_count = if b.variadic {
            args.len() < n
        } else {
            args.len() != n
        };
        if wrong_count {
            let expected = if b.variadic {
                format!("at least {}", plural(n, "argument", "arguments"))
            } else {
                plural(n, "argument", "arguments")
            };
            self.count_error(
                b.name,
                expected,
                args.len(),
                e,
                format!("the call is `{}`", b.signature()),
            );
            return;
        }
        for (i, (p, (a, t))) in b.params.iter().zip(args.iter().zip(&types)).enumerate() {
            if let Some(problem) = self.arg_problem(p.kind, a, t) {
                let mut d = Diagnostic::error(
                    format!(
                        "argument {} (`{}`) of `{}` must be {}, not {}",
                        i + 1,
                        p.name,
                        b.name,
                        p.kind.describe(),
                        t.describe()
                    ),
                    a.span.clone(),
                )
                .with_label(problem);
                let hint = address_hint(a, t, &Ty::Ptr(Box::new(Ty::Void)));
                if p.kind.is_address() && !hint.is_empty() && !t.is_pointerish() {
                    d = d.with_note(hint);
                }
                self.diags.push(d);
            }
        }
        if b.name == "printf" {
            self.printf(args, &types, e);
        }
    }

    /// Why `a` (of type `t`) does not fit a parameter of `kind`; `None` when it does.
    pub(super) fn arg_problem(&self, kind: ParamKind, a: &Expr, t: &Ty) -> Option<&'static str> {
        if *t == Ty::Unknown {
            return None;
        }
        let null = matches!(t, Ty::Null) || is_zero(a);
        let ok = match kind {
            ParamKind::Int | ParamKind::Double | ParamKind::Word(_) => t.is_number(),
            // An `int` holding a handle compiles, as against MPICH's `mpi.h` where handles are
            // `int`s; the call checks its value at run time (MPICH's "Invalid datatype", …). A
            // handle of another kind stays an error here: it is always a mistake.
            ParamKind::Handle(kind) => {
                *t == Ty::of_base(BaseType::Handle(kind)) || t.is_whole_number()
            }
            ParamKind::BaseOut => {
                if null {
                    return Some("an address is needed here, not a null pointer");
                }
                t.as_pointer().is_some_and(|(_, levels)| levels >= 2)
            }
            ParamKind::Buffer => matches!(t, Ty::Ptr(..) | Ty::Array(..) | Ty::Vla(..)) || null,
            // `NULL` compiles, as against MPICH's `mpi.h` (programs pass it for arrays of
            // zero length, `MPI_Dims_create(n, 0, NULL)`); a call that uses it stops the rank
            // at run time, naming the argument.
            ParamKind::Ptr(base) => {
                if matches!(t, Ty::StatusIgnore | Ty::StatusesIgnore) {
                    return Some("an address is needed here, not a null pointer");
                }
                null || t
                    .as_pointer()
                    .is_some_and(|(b, n)| n == 1 && c_base(b) == c_base(base))
            }
            // MPICH defines `MPI_STATUS_IGNORE` and `MPI_STATUSES_IGNORE` as the same pointer,
            // so either compiles where the other belongs, as with `mpicc`.
            ParamKind::StatusOut | ParamKind::StatusesOut => {
                null || matches!(t, Ty::StatusIgnore | Ty::StatusesIgnore)
                    || t.as_pointer() == Some((BaseType::Handle(HandleKind::STATUS), 1))
            }
            ParamKind::ArgcPtr => null || t.as_pointer() == Some((BaseType::Int, 1)),
            ParamKind::ArgvPtr => null || t.as_pointer() == Some((BaseType::Char, 3)),
            ParamKind::Format => matches!(a.kind, ExprKind::Str(_)),
            ParamKind::Function => t.func_ptr().is_some() || *t == Ty::Ptr(Box::new(Ty::Void)),
            ParamKind::Unchecked(_) => true,
        };
        if ok {
            return None;
        }
        Some(match kind {
            ParamKind::Int | ParamKind::Double | ParamKind::Word(_) => "expected a number",
            ParamKind::Handle(kind) => kind.get().expected.unwrap_or("expected an address"),
            ParamKind::Format => "expected a string literal",
            ParamKind::Function => "expected the name of a function",
            _ => "expected an address",
        })
    }
}

/// The name `va_start(ap, last)` expands to (`<stdarg.h>`): `ap = __builtin_va_area(last)`, the
/// address of a variadic function's further arguments.
pub const VA_AREA: &str = "__builtin_va_area";

/// The name `errno` expands to (`<errno.h>`): `(*__errno_location ())`, the address of the
/// rank's `errno`, as glibc.
pub const ERRNO_LOCATION: &str = "__errno_location";

impl Checker<'_> {
    /// `va_start(ap, last)`: only in a function that takes `...`, with its last named
    /// parameter; the further arguments' address, a `char *` (`va_list`).
    fn va_start(&mut self, args: &[Expr], e: &Expr, span: &Span) -> Ty {
        for a in args {
            self.expr(a);
        }
        let Some((fname, _)) = self.current.clone() else {
            return Ty::Unknown;
        };
        let Some(sig) = self.functions.get(&fname) else {
            return Ty::Unknown;
        };
        if !sig.variadic {
            self.error_note(
                format!("`va_start` is used in `{fname}`, which does not take `...`"),
                e.span.start.min(span.start)..e.span.end,
                "not in a variadic function",
                format!("declare it with `...` last, like `int {fname}(int n, ...)`"),
            );
            return Ty::Unknown;
        }
        let last = sig
            .params
            .last()
            .map(|(n, _)| n.clone())
            .unwrap_or_default();
        match args.first().map(|a| &a.kind) {
            Some(ExprKind::Ident(n)) if *n == last => {}
            _ => {
                let at = args.first().map_or(e.span.clone(), |a| a.span.clone());
                self.error_note(
                    format!("the second argument of `va_start` must be `{last}`, the last parameter before `...`"),
                    at,
                    format!("write `{last}` here"),
                    "C finds the further arguments after it",
                );
                return Ty::Unknown;
            }
        }
        Ty::Ptr(Box::new(Ty::CHAR))
    }
}
