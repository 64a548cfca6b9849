//! The compiler: a checked syntax tree → [`Compiled`] bytecode.
//!
//! Every variable lives in the rank's byte memory (globals in a global area, locals in a stack
//! frame), so `&x` is a real address an MPI call can read from or write to. Expressions are
//! compiled with their static [`Ty`]; arithmetic follows C's usual conversions (int → double when
//! mixed), array indexing is bounds-checked when the array's length is known, and every operation
//! records the span of the source it came from so runtime errors point at the right place.
//!
//! Simplifications: one communicator; global initializers must be constant expressions; no
//! structs other than `MPI_Status`; `char` is unsigned.

use std::collections::BTreeMap;
use std::rc::Rc;

use super::ast::{
    BaseType, BinOp, Block, Expr, ExprKind, Function, Init, Item, Span, Stmt, StmtKind, Type,
    UnaryOp, Unit, VarDecl,
};
use super::bytecode::{ArgKind, Builtin, Compiled, DoubleOp, FunctionInfo, IntOp, Op};
use super::diagnostic::Diagnostic;
use super::memory::{Addr, NULL_GUARD, STATUS_ERROR, STATUS_SOURCE, STATUS_TAG};
use super::mpi_table;
use super::types::Ty;

/// Compiles a unit that passed the checker. Errors the checker cannot see (types that do not
/// fit, non-constant global initializers…) come back as diagnostics.
pub fn compile(unit: &Unit, source: &str, file: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let mut c = Compiler::default();
    c.declare_functions(unit);
    for item in &unit.items {
        if let Item::Globals(decls) = item {
            for d in decls {
                c.global(d);
            }
        }
    }
    let Some(&main) = c.func_index.get("main") else {
        c.errors.push(
            Diagnostic::error("the program has no `main` function", 0..0)
                .with_label("add `int main(int argc, char **argv) { … }`"),
        );
        return Err(c.errors);
    };
    // Entry stub: call main with argc = 0 and argv = NULL, then halt.
    let nparams = c.functions[main as usize].params.len() as u32;
    let span = c.functions[main as usize].span.clone();
    for _ in 0..nparams {
        c.emit(Op::PushInt(0), &span);
    }
    c.emit(
        Op::Call {
            function: main,
            args: nparams,
        },
        &span,
    );
    c.emit(Op::Halt, &span);
    for item in &unit.items {
        if let Item::Function(f) = item {
            c.function(f);
        }
    }
    if !c.errors.is_empty() {
        return Err(c.errors);
    }
    Ok(Compiled {
        code: c.code,
        spans: c.spans,
        functions: c.functions,
        main,
        globals: c.global_bytes,
        globals_base: NULL_GUARD,
        printf_kinds: c.printf_kinds,
        source: Rc::from(source),
        file: Rc::from(file),
    })
}

#[derive(Default)]
struct LoopCtx {
    breaks: Vec<usize>,
    continues: Vec<usize>,
}

#[derive(Clone)]
enum Var {
    Local(u32, Ty),
    Global(Addr, Ty),
}

#[derive(Default)]
struct Compiler {
    code: Vec<Op>,
    spans: Vec<Span>,
    functions: Vec<FunctionInfo>,
    func_index: BTreeMap<String, u32>,
    signatures: Vec<(Ty, Vec<Ty>)>,
    globals: BTreeMap<String, (Addr, Ty)>,
    global_bytes: Vec<u8>,
    strings: BTreeMap<String, Addr>,
    scopes: Vec<BTreeMap<String, (u32, Ty)>>,
    frame_size: u32,
    loops: Vec<LoopCtx>,
    printf_kinds: Vec<Vec<ArgKind>>,
    errors: Vec<Diagnostic>,
    ret: Ty,
}

type R<T> = Result<T, Diagnostic>;

fn err<T>(message: impl Into<String>, span: &Span) -> R<T> {
    Err(Diagnostic::error(message, span.clone()))
}

fn arg_kind(t: &Ty) -> ArgKind {
    match t {
        Ty::Double => ArgKind::Double,
        t if t.is_pointer() || *t == Ty::Status => ArgKind::Addr,
        _ => ArgKind::Int,
    }
}

impl Compiler {
    fn emit(&mut self, op: Op, span: &Span) -> usize {
        self.code.push(op);
        self.spans.push(span.clone());
        self.code.len() - 1
    }

    fn here(&self) -> u32 {
        self.code.len() as u32
    }

    fn patch(&mut self, at: usize, target: u32) {
        self.code[at] = match self.code[at] {
            Op::Jump(_) => Op::Jump(target),
            Op::JumpIfZero(_) => Op::JumpIfZero(target),
            Op::JumpIfNotZero(_) => Op::JumpIfNotZero(target),
            other => other,
        };
    }

    fn declare_functions(&mut self, unit: &Unit) {
        for item in &unit.items {
            let Item::Function(f) = item else { continue };
            if self.func_index.contains_key(&f.name) {
                self.errors.push(Diagnostic::error(
                    format!("function `{}` is defined twice", f.name),
                    f.name_span.clone(),
                ));
                continue;
            }
            let idx = self.functions.len() as u32;
            self.func_index.insert(f.name.clone(), idx);
            let ret = Ty::from_decl(&f.ret);
            let params: Vec<Ty> = f.params.iter().map(|p| param_ty(&p.ty)).collect();
            // Parameters occupy the start of the frame.
            let mut off = 0u32;
            let mut slots = Vec::new();
            for t in &params {
                let align = t.align().max(1);
                off = off.div_ceil(align) * align;
                slots.push((off, arg_kind(t), t.size()));
                off += t.size();
            }
            self.functions.push(FunctionInfo {
                name: f.name.clone(),
                entry: 0,
                frame_size: off,
                params: slots,
                returns_value: ret != Ty::Void,
                returns_double: ret == Ty::Double,
                span: f.span.clone(),
            });
            self.signatures.push((ret, params));
        }
    }

    fn alloc_global(&mut self, ty: &Ty) -> Addr {
        let align = ty.align().max(1) as usize;
        let base = NULL_GUARD as usize;
        let mut off = self.global_bytes.len();
        off = (base + off).div_ceil(align) * align - base;
        self.global_bytes.resize(off + ty.size() as usize, 0);
        (base + off) as Addr
    }

    fn string(&mut self, s: &str) -> Addr {
        if let Some(&a) = self.strings.get(s) {
            return a;
        }
        let addr = self.alloc_global(&Ty::Array(Box::new(Ty::Char), s.len() as u32 + 1));
        let off = (addr - NULL_GUARD) as usize;
        self.global_bytes[off..off + s.len()].copy_from_slice(s.as_bytes());
        self.strings.insert(s.to_string(), addr);
        addr
    }

    fn global(&mut self, d: &VarDecl) {
        let ty = Ty::from_decl(&d.ty);
        if self.globals.contains_key(&d.name) {
            self.errors.push(Diagnostic::error(
                format!("`{}` is declared twice", d.name),
                d.name_span.clone(),
            ));
            return;
        }
        let addr = self.alloc_global(&ty);
        self.globals.insert(d.name.clone(), (addr, ty.clone()));
        if let Some(init) = &d.init {
            if let Err(e) = self.const_init(addr, &ty, init) {
                self.errors.push(e);
            }
        }
    }

    fn const_init(&mut self, addr: Addr, ty: &Ty, init: &Init) -> R<()> {
        self.each_initializer(addr, ty, init, &mut |c, addr, ty, e| {
            c.const_scalar(addr, ty, e)
        })
    }

    /// Walks a (possibly nested) initializer, calling `leaf` with the address offset, type and
    /// expression of every scalar it initializes; checks list lengths and shapes.
    fn each_initializer(
        &mut self,
        at: u32,
        ty: &Ty,
        init: &Init,
        leaf: &mut dyn FnMut(&mut Self, u32, &Ty, &Expr) -> R<()>,
    ) -> R<()> {
        match (ty, init) {
            (Ty::Array(elem, n), Init::List(items, span)) => {
                if items.len() > *n as usize {
                    return err(
                        format!("{} initializers for an array of {n}", items.len()),
                        span,
                    );
                }
                for (i, item) in items.iter().enumerate() {
                    self.each_initializer(at + i as u32 * elem.size(), elem, item, leaf)?;
                }
                Ok(())
            }
            (_, Init::List(_, span)) => err("a brace initializer needs an array", span),
            (t, Init::Expr(e)) => leaf(self, at, t, e),
        }
    }

    fn const_scalar(&mut self, addr: Addr, ty: &Ty, e: &Expr) -> R<()> {
        let v = const_eval(e).ok_or_else(|| {
            Diagnostic::error(
                "a global variable's initializer must be a constant",
                e.span.clone(),
            )
        })?;
        let bytes: Vec<u8> = match ty {
            Ty::Double => v.as_f64().to_le_bytes().to_vec(),
            Ty::Char => vec![v.as_i64() as u8],
            t if t.is_integer() => (v.as_i64() as i32).to_le_bytes().to_vec(),
            _ => {
                return err(
                    format!("cannot initialize a `{ty}` with a constant"),
                    &e.span,
                )
            }
        };
        let off = (addr - NULL_GUARD) as usize;
        self.global_bytes[off..off + bytes.len()].copy_from_slice(&bytes);
        Ok(())
    }

    fn lookup(&self, name: &str) -> Option<Var> {
        for scope in self.scopes.iter().rev() {
            if let Some((off, ty)) = scope.get(name) {
                return Some(Var::Local(*off, ty.clone()));
            }
        }
        self.globals
            .get(name)
            .map(|(a, t)| Var::Global(*a, t.clone()))
    }

    fn alloc_local(&mut self, name: &str, ty: Ty, span: &Span) -> R<u32> {
        let align = ty.align().max(1);
        let off = self.frame_size.div_ceil(align) * align;
        self.frame_size = off.checked_add(ty.size()).ok_or_else(|| {
            Diagnostic::error("this function's variables are too large", span.clone())
        })?;
        let scope = self.scopes.last_mut().expect("inside a function");
        if scope.contains_key(name) {
            return err(format!("`{name}` is already declared in this block"), span);
        }
        scope.insert(name.to_string(), (off, ty));
        Ok(off)
    }

    fn function(&mut self, f: &Function) {
        let idx = self.func_index[&f.name] as usize;
        self.functions[idx].entry = self.here();
        self.ret = self.signatures[idx].0.clone();
        self.frame_size = self.functions[idx].frame_size;
        let mut params = BTreeMap::new();
        for (p, (off, _, _)) in f.params.iter().zip(self.functions[idx].params.clone()) {
            params.insert(p.name.clone(), (off, param_ty(&p.ty)));
        }
        self.scopes = vec![params];
        self.block(&f.body);
        // Falling off the end returns (0 for a non-void function, as a C compiler would warn).
        let end = f.body.span.end.saturating_sub(1)..f.body.span.end;
        if self.ret == Ty::Void {
            self.emit(Op::Return { value: false }, &end);
        } else {
            if self.ret == Ty::Double {
                self.emit(Op::PushDouble(0.0), &end);
            } else {
                self.emit(Op::PushInt(0), &end);
            }
            self.emit(Op::Return { value: true }, &end);
        }
        self.functions[idx].frame_size = self.frame_size;
        self.scopes.clear();
    }

    fn block(&mut self, b: &Block) {
        self.scopes.push(BTreeMap::new());
        for s in &b.stmts {
            self.stmt(s);
        }
        self.scopes.pop();
    }

    fn stmt(&mut self, s: &Stmt) {
        if let Err(e) = self.stmt_inner(s) {
            self.errors.push(e);
        }
    }

    fn stmt_inner(&mut self, s: &Stmt) -> R<()> {
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
                self.scopes.push(BTreeMap::new());
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
                self.scopes.pop();
            }
            StmtKind::Break => {
                let j = self.emit(Op::Jump(0), span);
                match self.loops.last_mut() {
                    Some(l) => l.breaks.push(j),
                    None => return err("`break` outside a loop", span),
                }
            }
            StmtKind::Continue => {
                let j = self.emit(Op::Jump(0), span);
                match self.loops.last_mut() {
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
                    let t = self.expr(e)?;
                    let target = self.ret.clone();
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
        }
        Ok(())
    }

    fn close_loop(&mut self, cont: u32, end: u32) {
        let l = self.loops.pop().expect("loop context pushed");
        for b in l.breaks {
            self.patch(b, end);
        }
        for c in l.continues {
            self.patch(c, cont);
        }
    }

    fn local(&mut self, d: &VarDecl) -> R<()> {
        let ty = Ty::from_decl(&d.ty);
        if ty == Ty::Void {
            return err(
                format!("`{}` cannot have type `void`", d.name),
                &d.name_span,
            );
        }
        let off = self.alloc_local(&d.name, ty.clone(), &d.name_span)?;
        // Locals start zeroed each time their declaration runs (simpler to reason about than
        // C's indeterminate values, and deterministic).
        self.zero_local(off, &ty, &d.span);
        if let Some(init) = &d.init {
            self.init_at(off, &ty, init)?;
        }
        Ok(())
    }

    fn zero_local(&mut self, off: u32, ty: &Ty, span: &Span) {
        match ty {
            Ty::Array(elem, n) => {
                if ty.size() <= 64 {
                    for i in 0..*n {
                        self.zero_local(off + i * elem.size(), elem, span);
                    }
                } else {
                    // Large arrays: a loop would cost more code than it saves; memory from the
                    // frame allocator is zeroed when the frame is created, and re-zeroing on
                    // re-entry of the block is skipped (documented simplification).
                }
            }
            Ty::Double => {
                self.emit(Op::AddrLocal(off), span);
                self.emit(Op::PushDouble(0.0), span);
                self.emit(Op::StoreDouble, span);
                self.emit(Op::Pop, span);
            }
            Ty::Status => {
                for k in 0..4 {
                    self.emit(Op::AddrLocal(off + 4 * k), span);
                    self.emit(Op::PushInt(0), span);
                    self.emit(Op::StoreInt, span);
                    self.emit(Op::Pop, span);
                }
            }
            Ty::Char => {
                self.emit(Op::AddrLocal(off), span);
                self.emit(Op::PushInt(0), span);
                self.emit(Op::StoreChar, span);
                self.emit(Op::Pop, span);
            }
            _ => {
                self.emit(Op::PushInt(0), span);
                self.emit(Op::StoreLocalInt(off), span);
                self.emit(Op::Pop, span);
            }
        }
    }

    fn init_at(&mut self, off: u32, ty: &Ty, init: &Init) -> R<()> {
        self.each_initializer(off, ty, init, &mut |c, off, t, e| {
            let span = e.span.clone();
            c.emit(Op::AddrLocal(off), &span);
            let vt = c.expr(e)?;
            c.store(&vt, t, &span)?;
            c.emit(Op::Pop, &span);
            Ok(())
        })
    }

    /// With [address, value] on the stack, converts the value to `target` and stores it.
    fn store(&mut self, value: &Ty, target: &Ty, span: &Span) -> R<()> {
        match target {
            Ty::Status => {
                if *value != Ty::Status {
                    return err(
                        format!("cannot assign a `{value}` to an `MPI_Status`"),
                        span,
                    );
                }
                self.emit(Op::Copy(target.size()), span);
            }
            Ty::Array(..) => {
                return err(
                    format!("cannot assign to an array (`{target}`); assign its elements"),
                    span,
                )
            }
            _ => {
                self.convert(value, target, span)?;
                let op = match target {
                    Ty::Double => Op::StoreDouble,
                    Ty::Char => Op::StoreChar,
                    _ => Op::StoreInt,
                };
                self.emit(op, span);
            }
        }
        Ok(())
    }

    /// Converts the value on top of the stack from `from` to `to`.
    fn convert(&mut self, from: &Ty, to: &Ty, span: &Span) -> R<()> {
        let from = from.decay();
        match (&from, to) {
            (a, b) if a == b => {}
            (Ty::Double, t) if t.is_integer() => {
                self.emit(Op::DoubleToInt, span);
                if *t == Ty::Char {
                    self.emit(Op::IntToChar, span);
                }
            }
            (a, Ty::Double) if a.is_integer() => {
                self.emit(Op::IntToDouble, span);
            }
            (a, Ty::Char) if a.is_integer() => {
                self.emit(Op::IntToChar, span);
            }
            (a, b) if a.is_integer() && b.is_integer() => {}
            (Ty::Ptr(_), Ty::Ptr(_)) => {}
            (a, Ty::Ptr(_)) if a.is_integer() => {}
            (Ty::Ptr(_), b) if b.is_integer() => {}
            (a, b) => return err(format!("expected a `{b}` here, found a `{a}`"), span),
        }
        Ok(())
    }

    fn cond(&mut self, e: &Expr) -> R<()> {
        let t = self.expr(e)?;
        if t == Ty::Double {
            self.emit(Op::DoubleTruth, &e.span);
        } else if !t.is_integer() && !t.is_pointer() {
            return err(
                format!("a condition must be a number, not a `{t}`"),
                &e.span,
            );
        }
        Ok(())
    }

    /// Pushes the address of an lvalue; returns the type of the object there.
    fn lvalue(&mut self, e: &Expr) -> R<Ty> {
        let span = &e.span;
        match &e.kind {
            ExprKind::Ident(name) => match self.lookup(name) {
                Some(Var::Local(off, ty)) => {
                    self.emit(Op::AddrLocal(off), span);
                    Ok(ty)
                }
                Some(Var::Global(addr, ty)) => {
                    self.emit(Op::PushInt(i64::from(addr)), span);
                    Ok(ty)
                }
                None => err(format!("`{name}` is not a variable"), span),
            },
            ExprKind::Index(base, index) => {
                let bt = self.expr_as_address(base)?;
                let it = self.expr(index)?;
                if !it.is_integer() {
                    return err(
                        format!("an array index must be an integer, not a `{it}`"),
                        &index.span,
                    );
                }
                match bt {
                    Ty::Array(elem, n) => {
                        self.emit(Op::CheckIndex(n), span);
                        self.emit(Op::AddrOffset(elem.size()), span);
                        Ok(*elem)
                    }
                    Ty::Ptr(elem) => {
                        self.emit(Op::AddrOffset(elem.size()), span);
                        Ok(*elem)
                    }
                    t => err(format!("cannot index a `{t}`"), &base.span),
                }
            }
            ExprKind::Unary(UnaryOp::Deref, inner) => {
                let t = self.expr(inner)?;
                match t.decay() {
                    Ty::Ptr(elem) => Ok(*elem),
                    t => err(format!("cannot dereference a `{t}`"), &inner.span),
                }
            }
            ExprKind::Field(base, field) => {
                let t = self.lvalue(base)?;
                if t != Ty::Status {
                    return err(
                        format!("only an `MPI_Status` has fields; this is a `{t}`"),
                        &base.span,
                    );
                }
                let off = match field.as_str() {
                    "MPI_SOURCE" => STATUS_SOURCE,
                    "MPI_TAG" => STATUS_TAG,
                    "MPI_ERROR" => STATUS_ERROR,
                    other => return err(format!("`MPI_Status` has no field `{other}`: use MPI_SOURCE, MPI_TAG or MPI_ERROR"), span),
                };
                self.emit(Op::PushInt(i64::from(off)), span);
                self.emit(Op::AddrOffset(1), span);
                Ok(Ty::Int)
            }
            _ => err(
                "this expression cannot be assigned to or have its address taken",
                span,
            ),
        }
    }

    /// For indexing: pushes the address of an array (or the value of a pointer) and returns the
    /// array or pointer type.
    fn expr_as_address(&mut self, e: &Expr) -> R<Ty> {
        match &e.kind {
            ExprKind::Ident(_) | ExprKind::Index(..) => {
                let t = self.lvalue(e)?;
                match t {
                    Ty::Array(..) => Ok(t),
                    Ty::Ptr(_) => {
                        self.emit(Op::LoadInt, &e.span);
                        Ok(t)
                    }
                    t => err(format!("cannot index a `{t}`"), &e.span),
                }
            }
            _ => {
                let t = self.expr(e)?;
                Ok(t)
            }
        }
    }

    fn load(&mut self, ty: &Ty, span: &Span) {
        match ty {
            Ty::Double => {
                self.emit(Op::LoadDouble, span);
            }
            Ty::Char => {
                self.emit(Op::LoadChar, span);
            }
            Ty::Array(..) | Ty::Status | Ty::Void => {}
            _ => {
                self.emit(Op::LoadInt, span);
            }
        }
    }

    /// Pushes the value of `e`; returns its type (arrays stay arrays: their address is pushed).
    fn expr(&mut self, e: &Expr) -> R<Ty> {
        let span = &e.span;
        match &e.kind {
            ExprKind::Int(v) => {
                self.emit(Op::PushInt(*v), span);
                Ok(Ty::Int)
            }
            ExprKind::Float(v) => {
                self.emit(Op::PushDouble(*v), span);
                Ok(Ty::Double)
            }
            ExprKind::Char(c) => {
                self.emit(Op::PushInt(i64::from(*c)), span);
                Ok(Ty::Int)
            }
            ExprKind::Str(s) => {
                let a = self.string(s);
                self.emit(Op::PushInt(i64::from(a)), span);
                Ok(Ty::Ptr(Box::new(Ty::Char)))
            }
            ExprKind::Ident(name) => {
                if let Some(var) = self.lookup(name) {
                    match var {
                        Var::Local(off, Ty::Int) | Var::Local(off, Ty::Handle(_)) => {
                            self.emit(Op::LoadLocalInt(off), span);
                            return Ok(if let Var::Local(_, t) = var {
                                t
                            } else {
                                Ty::Int
                            });
                        }
                        Var::Local(off, Ty::Double) => {
                            self.emit(Op::LoadLocalDouble(off), span);
                            return Ok(Ty::Double);
                        }
                        _ => {}
                    }
                    let t = self.lvalue(e)?;
                    self.load(&t, span);
                    return Ok(t);
                }
                if let Some(v) = mpi_table::constant(name) {
                    self.emit(Op::PushInt(v), span);
                    return Ok(Ty::Int);
                }
                err(format!("unknown identifier `{name}`"), span)
            }
            ExprKind::Unary(op, inner) => self.unary(*op, inner, span),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span),
            ExprKind::Assign { op, target, value } => {
                let tt = self.lvalue(target)?;
                match op {
                    None => {
                        let vt = self.expr(value)?;
                        self.store(&vt, &tt, span)?;
                    }
                    Some(bop) => {
                        if !tt.is_arithmetic() && !tt.is_pointer() {
                            return err(
                                format!("cannot use `{}=` on a `{tt}`", bop.symbol()),
                                span,
                            );
                        }
                        self.emit(Op::Dup, span);
                        self.load(&tt, span);
                        let lt = tt.clone();
                        let rt = self.expr(value)?;
                        let result = self.arith(*bop, &lt, &rt, span)?;
                        self.store(&result, &tt, span)?;
                    }
                }
                Ok(if tt == Ty::Char { Ty::Int } else { tt })
            }
            ExprKind::Ternary(c, a, b) => {
                self.cond(c)?;
                let jz = self.emit(Op::JumpIfZero(0), span);
                let at = self.expr(a)?.decay();
                // Decide the result type from both arms' static types before emitting `b`.
                let double = at == Ty::Double || self.peek_type(b)? == Ty::Double;
                if double && at != Ty::Double {
                    self.convert(&at, &Ty::Double, &a.span)?;
                }
                let j = self.emit(Op::Jump(0), span);
                let else_at = self.here();
                self.patch(jz, else_at);
                let bt = self.expr(b)?.decay();
                if double && bt != Ty::Double {
                    self.convert(&bt, &Ty::Double, &b.span)?;
                }
                let end = self.here();
                self.patch(j, end);
                Ok(if double { Ty::Double } else { at })
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, name_span, args, span),
            ExprKind::Index(..) | ExprKind::Field(..) => {
                let t = self.lvalue(e)?;
                self.load(&t, span);
                Ok(if t == Ty::Char { Ty::Int } else { t })
            }
            ExprKind::Cast(ty, inner) => {
                let to = Ty::from_decl(ty);
                let from = self.expr(inner)?;
                self.convert(&from, &to, span)?;
                Ok(to)
            }
            ExprKind::SizeOf(ty) => {
                self.emit(Op::PushInt(i64::from(Ty::from_decl(ty).size())), span);
                Ok(Ty::Int)
            }
        }
    }

    /// The static type of `e` (after decay), without emitting code. Mirrors [`Self::expr`]'s
    /// typing; linear in the size of `e`.
    fn peek_type(&mut self, e: &Expr) -> R<Ty> {
        Ok(self.infer(e).decay())
    }

    fn infer(&self, e: &Expr) -> Ty {
        let promote = |t: Ty| if t == Ty::Char { Ty::Int } else { t };
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Char(_) | ExprKind::SizeOf(_) => Ty::Int,
            ExprKind::Float(_) => Ty::Double,
            ExprKind::Str(_) => Ty::Ptr(Box::new(Ty::Char)),
            ExprKind::Ident(name) => match self.lookup(name) {
                Some(Var::Local(_, t)) | Some(Var::Global(_, t)) => promote(t),
                None => Ty::Int,
            },
            ExprKind::Unary(op, inner) => match op {
                UnaryOp::AddrOf => Ty::Ptr(Box::new(match self.infer(inner) {
                    Ty::Array(elem, _) => *elem,
                    t => t,
                })),
                UnaryOp::Deref => match self.infer(inner).decay() {
                    Ty::Ptr(elem) => promote(*elem),
                    _ => Ty::Int,
                },
                UnaryOp::Not | UnaryOp::BitNot => Ty::Int,
                _ => promote(self.infer(inner)),
            },
            ExprKind::Binary(op, a, b) => match op {
                BinOp::Lt
                | BinOp::Le
                | BinOp::Gt
                | BinOp::Ge
                | BinOp::Eq
                | BinOp::Ne
                | BinOp::And
                | BinOp::Or => Ty::Int,
                _ => {
                    let (x, y) = (self.infer(a).decay(), self.infer(b).decay());
                    if x.is_pointer() && y.is_pointer() {
                        Ty::Int
                    } else if x.is_pointer() {
                        x
                    } else if y.is_pointer() {
                        y
                    } else if x == Ty::Double || y == Ty::Double {
                        Ty::Double
                    } else {
                        Ty::Int
                    }
                }
            },
            ExprKind::Assign { target, .. } => promote(self.infer(target)),
            ExprKind::Ternary(_, a, b) => {
                let (x, y) = (self.infer(a).decay(), self.infer(b).decay());
                if x == Ty::Double || y == Ty::Double {
                    Ty::Double
                } else {
                    x
                }
            }
            ExprKind::Call { name, .. } => {
                if let Some(&idx) = self.func_index.get(name) {
                    return self.signatures[idx as usize].0.clone();
                }
                // Built-ins: their result type is in the checker's table.
                match super::builtins::builtin(name).map(|b| b.result) {
                    Some(BaseType::Double) => Ty::Double,
                    Some(BaseType::Void) => Ty::Void,
                    _ => Ty::Int,
                }
            }
            ExprKind::Index(base, _) => match self.infer(base) {
                Ty::Array(elem, _) | Ty::Ptr(elem) => promote(*elem),
                _ => Ty::Int,
            },
            ExprKind::Field(..) => Ty::Int,
            ExprKind::Cast(t, _) => Ty::from_decl(t),
        }
    }

    fn unary(&mut self, op: UnaryOp, inner: &Expr, span: &Span) -> R<Ty> {
        match op {
            UnaryOp::AddrOf => {
                let t = self.lvalue(inner)?;
                Ok(Ty::Ptr(Box::new(match t {
                    Ty::Array(elem, _) => *elem,
                    t => t,
                })))
            }
            UnaryOp::Deref => {
                let t = self.lvalue(&Expr {
                    kind: ExprKind::Unary(UnaryOp::Deref, Box::new(inner.clone())),
                    span: span.clone(),
                })?;
                self.load(&t, span);
                Ok(if t == Ty::Char { Ty::Int } else { t })
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
                    Ty::Char => self.emit(Op::IncChar { delta, post }, span),
                    Ty::Ptr(elem) => {
                        let stride = i32::try_from(elem.size()).unwrap_or(i32::MAX);
                        self.emit(
                            Op::IncInt {
                                delta: delta * stride,
                                post,
                            },
                            span,
                        )
                    }
                    t if t.is_integer() => self.emit(Op::IncInt { delta, post }, span),
                    t => return err(format!("cannot increment a `{t}`"), span),
                };
                Ok(if t == Ty::Char { Ty::Int } else { t })
            }
            UnaryOp::Neg | UnaryOp::Plus => {
                let t = self.expr(inner)?;
                match t {
                    Ty::Double => {
                        if op == UnaryOp::Neg {
                            self.emit(Op::NegDouble, span);
                        }
                        Ok(Ty::Double)
                    }
                    t if t.is_integer() => {
                        if op == UnaryOp::Neg {
                            self.emit(Op::NegInt, span);
                        }
                        Ok(Ty::Int)
                    }
                    t => err(format!("cannot negate a `{t}`"), span),
                }
            }
            UnaryOp::Not => {
                self.cond(inner)?;
                self.emit(Op::NotInt, span);
                Ok(Ty::Int)
            }
            UnaryOp::BitNot => {
                let t = self.expr(inner)?;
                if !t.is_integer() {
                    return err(format!("`~` needs an integer, not a `{t}`"), span);
                }
                self.emit(Op::BitNotInt, span);
                Ok(Ty::Int)
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: &Span) -> R<Ty> {
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
                Ok(Ty::Int)
            }
            _ => {
                let at = self.expr(a)?.decay();
                // Peek b's type so `int + double` converts the int before b is pushed.
                let bt_peek = self.peek_type(b)?;
                if at.is_integer() && bt_peek == Ty::Double {
                    self.emit(Op::IntToDouble, &a.span);
                    let bt = self.expr(b)?;
                    return self.arith(op, &Ty::Double, &bt, span);
                }
                let bt = self.expr(b)?;
                self.arith(op, &at, &bt, span)
            }
        }
    }

    /// With both operands on the stack (the left one already converted when the right is a
    /// double), emits the operation and returns its type.
    fn arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        let (at, bt) = (at.decay(), bt.decay());
        if at.is_pointer() || bt.is_pointer() {
            return self.pointer_arith(op, &at, &bt, span);
        }
        if !at.is_arithmetic() || !bt.is_arithmetic() {
            return err(
                format!("`{}` needs numbers, not `{at}` and `{bt}`", op.symbol()),
                span,
            );
        }
        if at == Ty::Double || bt == Ty::Double {
            if bt != Ty::Double {
                self.emit(Op::IntToDouble, span);
            }
            if at != Ty::Double {
                return err("internal: left operand not converted", span);
            }
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
                        format!("`{}` needs integers, not doubles", op.symbol()),
                        span,
                    )
                }
            };
            self.emit(Op::Double(dop), span);
            return Ok(
                if matches!(
                    dop,
                    DoubleOp::Add | DoubleOp::Sub | DoubleOp::Mul | DoubleOp::Div
                ) {
                    Ty::Double
                } else {
                    Ty::Int
                },
            );
        }
        let iop = match op {
            BinOp::Add => IntOp::Add,
            BinOp::Sub => IntOp::Sub,
            BinOp::Mul => IntOp::Mul,
            BinOp::Div => IntOp::Div,
            BinOp::Rem => IntOp::Rem,
            BinOp::Shl => IntOp::Shl,
            BinOp::Shr => IntOp::Shr,
            BinOp::BitAnd => IntOp::And,
            BinOp::BitOr => IntOp::Or,
            BinOp::BitXor => IntOp::Xor,
            BinOp::Lt => IntOp::Lt,
            BinOp::Le => IntOp::Le,
            BinOp::Gt => IntOp::Gt,
            BinOp::Ge => IntOp::Ge,
            BinOp::Eq => IntOp::Eq,
            BinOp::Ne => IntOp::Ne,
            BinOp::And | BinOp::Or => return err("internal: logical operator in arith", span),
        };
        self.emit(Op::Int(iop), span);
        Ok(Ty::Int)
    }

    fn pointer_arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        match (op, at, bt) {
            (BinOp::Add | BinOp::Sub, Ty::Ptr(elem), i) if i.is_integer() => {
                if op == BinOp::Sub {
                    self.emit(Op::NegInt, span);
                }
                self.emit(Op::AddrOffset(elem.size()), span);
                Ok(at.clone())
            }
            (BinOp::Sub, Ty::Ptr(e1), Ty::Ptr(_)) => {
                self.emit(Op::AddrDiff(e1.size().max(1)), span);
                Ok(Ty::Int)
            }
            (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b)
                if (a.is_pointer() || a.is_integer()) && (b.is_pointer() || b.is_integer()) =>
            {
                let iop = match op {
                    BinOp::Eq => IntOp::Eq,
                    BinOp::Ne => IntOp::Ne,
                    BinOp::Lt => IntOp::Lt,
                    BinOp::Le => IntOp::Le,
                    BinOp::Gt => IntOp::Gt,
                    _ => IntOp::Ge,
                };
                self.emit(Op::Int(iop), span);
                Ok(Ty::Int)
            }
            _ => err(
                format!("`{}` cannot combine a `{at}` and a `{bt}`", op.symbol()),
                span,
            ),
        }
    }

    fn call(&mut self, name: &str, name_span: &Span, args: &[Expr], span: &Span) -> R<Ty> {
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
            for (a, p) in args.iter().zip(&params) {
                let t = self.expr(a)?;
                self.convert(&t, p, &a.span)?;
            }
            self.emit(
                Op::Call {
                    function: idx,
                    args: args.len() as u32,
                },
                span,
            );
            return Ok(ret);
        }
        let builtin = match name {
            "printf" => return self.printf(args, span),
            "compute" => Some((Builtin::Compute, 1, Ty::Double, Ty::Void)),
            "flops" => Some((Builtin::Flops, 1, Ty::Double, Ty::Void)),
            "yield" => Some((Builtin::Yield, 0, Ty::Void, Ty::Void)),
            "usleep" => Some((Builtin::Usleep, 1, Ty::Double, Ty::Int)),
            "nanosleep" => Some((Builtin::Nanosleep, 1, Ty::Double, Ty::Int)),
            "sqrt" => Some((Builtin::Sqrt, 1, Ty::Double, Ty::Double)),
            "fabs" => Some((Builtin::Fabs, 1, Ty::Double, Ty::Double)),
            "abs" => Some((Builtin::Abs, 1, Ty::Int, Ty::Int)),
            _ => None,
        };
        if let Some((b, arity, param, ret)) = builtin {
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
                let t = self.expr(a)?;
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
            for a in args {
                let t = self.expr(a)?.decay();
                match t {
                    Ty::Double => {
                        self.emit(Op::DoubleToInt, &a.span);
                    }
                    Ty::Status => return err("pass the address of the status: `&status`", &a.span),
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
            return Ok(if f.returns_double {
                Ty::Double
            } else {
                Ty::Int
            });
        }
        err(format!("unknown function `{name}`"), name_span)
    }

    fn printf(&mut self, args: &[Expr], span: &Span) -> R<Ty> {
        let Some(first) = args.first() else {
            return err("`printf` needs a format string", span);
        };
        let ft = self.expr(first)?.decay();
        if !ft.is_pointer() {
            return err(
                "the first argument of `printf` must be a format string",
                &first.span,
            );
        }
        let mut kinds = Vec::new();
        for a in &args[1..] {
            let t = self.expr(a)?.decay();
            kinds.push(match t {
                Ty::Double => ArgKind::Double,
                t if t.is_pointer() => ArgKind::Addr,
                Ty::Void | Ty::Status => return err(format!("cannot print a `{t}`"), &a.span),
                _ => ArgKind::Int,
            });
        }
        self.printf_kinds.push(kinds);
        let idx = (self.printf_kinds.len() - 1) as u32;
        self.emit(Op::Printf { kinds: idx }, span);
        Ok(Ty::Int)
    }
}

fn param_ty(t: &Type) -> Ty {
    // Array parameters (`int a[]`, `double m[10]`) are pointers.
    if t.dims.is_empty() {
        Ty::from_decl(t)
    } else {
        let inner = Type {
            base: t.base,
            pointers: t.pointers,
            dims: t.dims[1..].to_vec(),
        };
        Ty::Ptr(Box::new(Ty::from_decl(&inner)))
    }
}

/// A compile-time constant.
#[derive(Copy, Clone)]
enum Const {
    Int(i64),
    Double(f64),
}

impl Const {
    fn as_i64(self) -> i64 {
        match self {
            Const::Int(i) => i,
            Const::Double(d) => d as i64,
        }
    }
    fn as_f64(self) -> f64 {
        match self {
            Const::Int(i) => i as f64,
            Const::Double(d) => d,
        }
    }
}

fn const_eval(e: &Expr) -> Option<Const> {
    Some(match &e.kind {
        ExprKind::Int(v) => Const::Int(*v),
        ExprKind::Char(c) => Const::Int(i64::from(*c)),
        ExprKind::Float(v) => Const::Double(*v),
        ExprKind::Ident(name) => Const::Int(mpi_table::constant(name)?),
        ExprKind::SizeOf(t) => Const::Int(i64::from(Ty::from_decl(t).size())),
        ExprKind::Unary(UnaryOp::Neg, inner) => match const_eval(inner)? {
            Const::Int(i) => Const::Int(i.wrapping_neg()),
            Const::Double(d) => Const::Double(-d),
        },
        ExprKind::Unary(UnaryOp::Plus, inner) => const_eval(inner)?,
        ExprKind::Unary(UnaryOp::Not, inner) => {
            Const::Int(i64::from(const_eval(inner)?.as_f64() == 0.0))
        }
        ExprKind::Unary(UnaryOp::BitNot, inner) => match const_eval(inner)? {
            Const::Int(i) => Const::Int(!i),
            Const::Double(_) => return None,
        },
        ExprKind::Ternary(c, a, b) => {
            if const_eval(c)?.as_f64() != 0.0 {
                const_eval(a)?
            } else {
                const_eval(b)?
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (const_eval(a)?, const_eval(b)?);
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
            let v = const_eval(inner)?;
            if t.base == BaseType::Double && t.pointers == 0 {
                Const::Double(v.as_f64())
            } else {
                Const::Int(v.as_i64())
            }
        }
        _ => return None,
    })
}
