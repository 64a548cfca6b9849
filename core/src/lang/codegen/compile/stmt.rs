//! Locals and statements: locals' frame slots, function bodies, loops, `switch`, local
//! declarations and their initializers.

use super::*;

impl Compiler {
    /// A frame slot for a local of type `ty` named `name` (for the largest-local report).
    pub(super) fn alloc_local(&mut self, name: &str, ty: Ty, span: &Span) -> R<u32> {
        let align = self.layouts.align(&ty).max(1);
        let off = self.frame_size.div_ceil(align) * align;
        self.frame_size = off.checked_add(self.size(&ty)).ok_or_else(|| {
            Diagnostic::error("this function's variables are too large", span.clone())
        })?;
        let bytes = self.size(&ty);
        if !name.starts_with(' ') {
            let largest = &mut self.functions[self.current].largest_local;
            if largest.as_ref().is_none_or(|(_, b, _)| bytes > *b) {
                *largest = Some((name.to_string(), bytes, span.clone()));
            }
        }
        Ok(off)
    }

    /// A frame slot no source name can reach (a `switch` value).
    pub(super) fn hidden_local(&mut self, ty: Ty, span: &Span) -> R<u32> {
        self.hidden += 1;
        let name = format!(" hidden{}", self.hidden);
        self.alloc_local(&name, ty, span)
    }

    pub(super) fn function(&mut self, f: &Function) {
        let idx = self.func_index[&f.name] as usize;
        self.current = idx;
        self.functions[idx].entry = self.here();
        self.ret = self.signatures[idx].0.clone();
        self.frame_size = self.functions[idx].frame_size;
        self.labels.clear();
        self.gotos.clear();
        self.vla_lens.clear();
        self.vla_marks.clear();
        self.va_area = self.va_params.get(&(idx as u32)).copied();
        let hidden = usize::from(matches!(self.ret, Ty::Record(_)));
        for (p, (off, _)) in f
            .params
            .iter()
            .zip(self.functions[idx].params.clone().into_iter().skip(hidden))
        {
            self.vars
                .insert(p.id, Var::Local(off, Ty::of_param_vla(&p.ty, &p.vla)));
        }
        // A variable-length array parameter's inner lengths (`int a[n][m]`: `m`), computed as
        // the function starts.
        for p in &f.params {
            for (_, e) in &p.vla {
                if let Err(d) = self.vla_length(e) {
                    self.errors.push(d);
                }
            }
        }
        self.block(&f.body);
        // Falling off the end returns (0 for a non-void function, as a C compiler would warn).
        let end = f.body.span.end.saturating_sub(1)..f.body.span.end;
        if self.ret == Ty::Void {
            self.emit(Op::Return { value: false }, &end);
        } else {
            if self.ret.is_floating() {
                self.emit(Op::PushDouble(0.0), &end);
            } else {
                self.emit(Op::PushInt(0), &end);
            }
            self.emit(Op::Return { value: true }, &end);
        }
        for (name, at, span) in std::mem::take(&mut self.gotos) {
            match self.labels.get(&name) {
                Some(&target) => self.patch(at, target),
                None => self.errors.push(
                    Diagnostic::error(format!("no label `{name}` in this function"), span)
                        .with_label("`goto` to an unknown label"),
                ),
            }
        }
        self.functions[idx].frame_size = self.frame_size;
    }

    pub(super) fn block(&mut self, b: &Block) {
        self.vla_marks.push(None);
        for s in &b.stmts {
            self.stmt(s);
        }
        // The block's variable-length arrays end with it: the stack goes back to before the
        // first one.
        if let Some(Some(mark)) = self.vla_marks.pop() {
            let end = b.span.end.saturating_sub(1)..b.span.end;
            self.emit(Op::AddrLocal(mark), &end);
            self.emit(Op::Load(Scalar::I64), &end);
            self.emit(Op::StackRelease, &end);
        }
    }

    /// Evaluates a variable-length array's length into a frame slot (a `long`) that its type's
    /// id finds.
    pub(super) fn vla_length(&mut self, e: &Expr) -> R<()> {
        let slot = self.hidden_local(Ty::LONG, &e.span)?;
        self.emit(Op::AddrLocal(slot), &e.span);
        let t = self.rvalue(e)?;
        self.convert(&t, &Ty::LONG, &e.span)?;
        self.emit(Op::Store(Scalar::I64), &e.span);
        self.emit(Op::Pop, &e.span);
        self.vla_lens.insert(e.id, slot);
        Ok(())
    }

    /// A local variable-length array (`double v[n];`): its lengths, then its elements on top of
    /// the rank's stack, zeroed. Running the declaration again (the next pass of a loop, a
    /// `goto` back) first releases what it allocated last time, so a loop does not grow the
    /// stack; the end of the block releases it too.
    pub(super) fn vla_local(&mut self, d: &VarDecl, ty: Ty) -> R<()> {
        let span = &d.span;
        for (_, e) in &d.vla {
            self.vla_length(e)?;
        }
        let mark = self.hidden_local(Ty::LONG, span)?;
        if let Some(first) = self.vla_marks.last_mut() {
            first.get_or_insert(mark);
        }
        // Back to the stack top of the last time through here (nothing when first run).
        self.emit(Op::AddrLocal(mark), span);
        self.emit(Op::Load(Scalar::I64), span);
        self.emit(Op::StackRelease, span);
        self.emit(Op::AddrLocal(mark), span);
        self.emit(Op::Load(Scalar::I64), span);
        let set = self.emit(Op::JumpIfNotZero(0), span);
        self.emit(Op::AddrLocal(mark), span);
        self.emit(Op::StackTop, span);
        self.emit(Op::Store(Scalar::I64), span);
        self.emit(Op::Pop, span);
        let here = self.here();
        self.patch(set, here);
        let off = self.alloc_local(&d.name, Ty::Ptr(Box::new(Ty::Void)), &d.name_span)?;
        self.emit(Op::AddrLocal(off), span);
        self.emit_size(&ty, span)?;
        self.emit(Op::StackAlloc, span);
        self.emit(Op::Store(Scalar::I64), span);
        self.emit(Op::Pop, span);
        self.vars.insert(d.id, Var::Local(off, ty));
        Ok(())
    }

    pub(super) fn stmt(&mut self, s: &Stmt) {
        if let Err(e) = self.stmt_inner(s) {
            self.errors.push(e);
        }
    }

    pub(super) fn stmt_inner(&mut self, s: &Stmt) -> R<()> {
        let span = &s.span;
        match &s.kind {
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.local(d)?;
                }
            }
            StmtKind::Expr(e) => {
                let t = self.expr(e)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, span);
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.cond(cond)?;
                let jz = self.emit(Op::JumpIfZero(0), span);
                self.stmt(then);
                if let Some(o) = otherwise {
                    let j = self.emit(Op::Jump(0), span);
                    let at = self.here();
                    self.patch(jz, at);
                    self.stmt(o);
                    let end = self.here();
                    self.patch(j, end);
                } else {
                    let end = self.here();
                    self.patch(jz, end);
                }
            }
            StmtKind::While { cond, body } => {
                let top = self.here();
                self.cond(cond)?;
                let jz = self.emit(Op::JumpIfZero(0), span);
                self.loops.push(LoopCtx::default());
                self.stmt(body);
                self.emit(Op::Jump(top), span);
                let end = self.here();
                self.patch(jz, end);
                self.close_loop(top, end);
            }
            StmtKind::DoWhile { body, cond } => {
                let top = self.here();
                self.loops.push(LoopCtx::default());
                self.stmt(body);
                let check = self.here();
                self.cond(cond)?;
                self.emit(Op::JumpIfNotZero(top), span);
                let end = self.here();
                self.close_loop(check, end);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                let top = self.here();
                let jz = match cond {
                    Some(c) => {
                        self.cond(c)?;
                        Some(self.emit(Op::JumpIfZero(0), span))
                    }
                    None => None,
                };
                self.loops.push(LoopCtx::default());
                self.stmt(body);
                let cont = self.here();
                if let Some(st) = step {
                    let t = self.expr(st)?;
                    if t != Ty::Void {
                        self.emit(Op::Pop, &st.span);
                    }
                }
                self.emit(Op::Jump(top), span);
                let end = self.here();
                if let Some(jz) = jz {
                    self.patch(jz, end);
                }
                self.close_loop(cont, end);
            }
            StmtKind::Break => {
                let j = self.emit(Op::Jump(0), span);
                match self.loops.last_mut() {
                    Some(l) => l.breaks.push(j),
                    None => return err("`break` outside a loop or `switch`", span),
                }
            }
            StmtKind::Continue => {
                let j = self.emit(Op::Jump(0), span);
                match self.loops.iter_mut().rev().find(|l| !l.switch) {
                    Some(l) => l.continues.push(j),
                    None => return err("`continue` outside a loop", span),
                }
            }
            StmtKind::Return(value) => match value {
                Some(e) => {
                    if self.ret == Ty::Void {
                        return err(
                            "this function returns `void`: `return` takes no value",
                            &e.span,
                        );
                    }
                    let target = self.ret.clone();
                    if matches!(target, Ty::Record(_)) {
                        // Copy the value to the caller's result slot; return the slot.
                        self.emit(Op::AddrLocal(0), span);
                        self.emit(Op::Load(Scalar::I64), span);
                        let t = self.expr(e)?;
                        self.store(&t, &target, &e.span)?;
                        self.emit(Op::Return { value: true }, span);
                        return Ok(());
                    }
                    let t = self.expr(e)?;
                    self.convert(&t, &target, &e.span)?;
                    self.emit(Op::Return { value: true }, span);
                }
                None => {
                    if self.ret != Ty::Void {
                        self.emit(Op::PushInt(0), span);
                        self.emit(Op::Return { value: true }, span);
                    } else {
                        self.emit(Op::Return { value: false }, span);
                    }
                }
            },
            StmtKind::Block(b) => self.block(b),
            StmtKind::Empty => {}
            StmtKind::Switch { value, body } => self.switch(value, body, span)?,
            StmtKind::Case { value, body } => {
                let v = const_int(value, &self.unit_records).ok_or_else(|| {
                    Diagnostic::error(
                        "a `case` label must be a constant integer",
                        value.span.clone(),
                    )
                })?;
                let at = self.here();
                let Some(sw) = self.switches.last_mut() else {
                    return err("`case` outside a `switch`", span);
                };
                let v = match sw.ty {
                    Some(t) => t.scalar().narrow(v),
                    None => v,
                };
                if let Some((_, _, first)) = sw.cases.iter().find(|c| c.0 == v) {
                    let first = first.clone();
                    return Err(Diagnostic::error(
                        format!("the value {v} has two `case` labels in this `switch`"),
                        value.span.clone(),
                    )
                    .with_label("a second label")
                    .with_note(format!("the first is at byte {}", first.start)));
                }
                sw.cases.push((v, at, value.span.clone()));
                self.stmt(body);
            }
            StmtKind::Default(body) => {
                let at = self.here();
                let Some(sw) = self.switches.last_mut() else {
                    return err("`default` outside a `switch`", span);
                };
                if sw.default.is_some() {
                    return err("a `switch` has at most one `default`", span);
                }
                sw.default = Some(at);
                self.stmt(body);
            }
            StmtKind::Label { name, body } => {
                let at = self.here();
                if self.labels.insert(name.clone(), at).is_some() {
                    return err(format!("the label `{name}` is defined twice"), span);
                }
                self.stmt(body);
            }
            StmtKind::Goto(name) => {
                let j = self.emit(Op::Jump(0), span);
                self.gotos.push((name.clone(), j, span.clone()));
            }
        }
        Ok(())
    }

    /// `switch`: the value is kept in a hidden local; the body is compiled in place, then a
    /// dispatch compares the value with each `case` and jumps.
    pub(super) fn switch(&mut self, value: &Expr, body: &Stmt, span: &Span) -> R<()> {
        let t = self.rvalue(value)?;
        let Some(pt) = t.promoted() else {
            return err(
                format!(
                    "a `switch` needs an integer value, not a `{}`",
                    self.name(&t)
                ),
                &value.span,
            );
        };
        self.convert(&t, &Ty::Int(pt), &value.span)?;
        let tmp = self.hidden_local(Ty::LONG, span)?;
        self.emit(Op::AddrLocal(tmp), span);
        self.emit(Op::Swap, span);
        self.emit(Op::Store(Scalar::I64), span);
        self.emit(Op::Pop, span);
        let to_dispatch = self.emit(Op::Jump(0), span);
        self.switches.push(SwitchCtx {
            ty: Some(pt),
            ..SwitchCtx::default()
        });
        self.loops.push(LoopCtx {
            switch: true,
            ..LoopCtx::default()
        });
        self.stmt(body);
        let out = self.emit(Op::Jump(0), span);
        let dispatch = self.here();
        self.patch(to_dispatch, dispatch);
        let sw = self.switches.pop().unwrap_or_default();
        for (v, at, case_span) in &sw.cases {
            self.emit(Op::AddrLocal(tmp), case_span);
            self.emit(Op::Load(Scalar::I64), case_span);
            self.emit(Op::PushInt(*v), case_span);
            self.emit(Op::Wide(IntOp::Eq, IntMode::I64), case_span);
            self.emit(Op::JumpIfNotZero(*at), case_span);
        }
        let fallback = self.emit(Op::Jump(0), span);
        let end = self.here();
        self.patch(out, end);
        self.patch(fallback, sw.default.unwrap_or(end));
        self.close_loop(end, end);
        Ok(())
    }

    pub(super) fn close_loop(&mut self, cont: u32, end: u32) {
        let l = self.loops.pop().expect("loop context pushed");
        for b in l.breaks {
            self.patch(b, end);
        }
        for c in l.continues {
            self.patch(c, cont);
        }
    }

    pub(super) fn local(&mut self, d: &VarDecl) -> R<()> {
        let ty = Ty::from_decl_vla(&d.ty, &d.vla);
        if ty.is_variable() && !d.is_static {
            return self.vla_local(d, ty);
        }
        if ty == Ty::Void {
            return err(
                format!("`{}` cannot have type `void`", d.name),
                &d.name_span,
            );
        }
        if !self.layouts.is_complete(&ty) {
            return err(
                format!("`{}` has an incomplete type `{}`", d.name, self.name(&ty)),
                &d.name_span,
            );
        }
        if d.is_static {
            // A static local: one object for the whole run, initialized once like a global.
            let addr = self.alloc_global(&ty);
            self.vars.insert(d.id, Var::Global(addr, ty.clone()));
            if let Some(init) = &d.init {
                self.const_init(addr, &ty, init)?;
            }
            return Ok(());
        }
        let off = self.alloc_local(&d.name, ty.clone(), &d.name_span)?;
        self.vars.insert(d.id, Var::Local(off, ty.clone()));
        // Locals start zeroed each time their declaration runs (simpler to reason about than
        // C's indeterminate values, and deterministic). Large arrays are zeroed when the frame
        // is created only (re-zeroing them on every pass through a loop would cost more than
        // it explains).
        let size = self.size(&ty);
        if size <= 64 || !matches!(ty, Ty::Array(..)) {
            if ty == Ty::INT || matches!(ty, Ty::Handle(_)) {
                self.emit(Op::PushInt(0), &d.span);
                self.emit(Op::StoreLocalInt(off), &d.span);
                self.emit(Op::Pop, &d.span);
            } else {
                self.emit(Op::AddrLocal(off), &d.span);
                self.emit(Op::Zero(size), &d.span);
            }
        }
        if let Some(init) = &d.init {
            self.init_at(off, &ty, init)?;
        }
        Ok(())
    }

    pub(super) fn init_at(&mut self, off: u32, ty: &Ty, init: &Init) -> R<()> {
        self.each_initializer(off, ty, init, &mut |c, off, t, e| {
            let span = e.span.clone();
            c.emit(Op::AddrLocal(off), &span);
            if let (Ty::Array(_, n), ExprKind::Str(text)) = (t, &e.kind) {
                let a = c.string(text);
                c.emit(Op::PushInt(i64::from(a)), &span);
                let len = (text.len() as u32 + 1).min(*n);
                c.emit(Op::Copy(len), &span);
                c.emit(Op::Pop, &span);
                return Ok(());
            }
            let vt = c.expr(e)?;
            c.store(&vt, t, &span)?;
            c.emit(Op::Pop, &span);
            Ok(())
        })
    }
}
