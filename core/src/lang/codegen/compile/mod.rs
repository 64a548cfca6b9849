//! The compiler: a checked syntax tree → [`Compiled`] bytecode.
//!
//! Every variable lives in the rank's byte memory (globals and `static` locals in a global area,
//! locals in a stack frame), so `&x` is a real address an MPI call can read from or write to.
//! Expressions are compiled with their static [`Ty`] and C's semantics: LP64 sizes, the integer
//! promotions and usual arithmetic conversions (a conversion of the left operand is done under
//! the right one with [`Op::Swap`]), wrapping unsigned arithmetic, `float` rounded to single
//! precision after each operation. Array indexing is bounds-checked when the array's length is
//! known, and every operation records the span of the source it came from so runtime errors
//! point at the right place.
//!
//! Simplifications: global initializers must be constant expressions; locals start zeroed (C
//! leaves them indeterminate); a `struct` is passed to a function by value but not returned by
//! value.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::lang::codegen::bytecode::{
    ArgKind, Builtin, Compiled, DoubleOp, FunctionInfo, IntMode, IntOp, Op, Pass, PrintTo, Scalar,
    FN_TAG,
};
use crate::lang::diagnostic::Diagnostic;
use crate::lang::libc;
use crate::lang::sema::types::{common, common_int, IntTy, Layouts, Ty};
use crate::lang::syntax::ast::{
    BinOp, Block, Expr, ExprKind, Function, Init, Item, Span, Stmt, StmtKind, Type, UnaryOp, Unit,
    VarDecl,
};
use crate::lang::syntax::parser::const_int;
use crate::lang::vm::memory::{Addr, NULL_GUARD, STATUS_ERROR, STATUS_SOURCE, STATUS_TAG};
use crate::lang::vm::mpi_table;

/// Compiles a unit that passed the checker. Errors the checker cannot see (types that do not
/// fit, non-constant global initializers…) come back as diagnostics.
pub fn compile(unit: &Unit, source: &str, file: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let mut c = Compiler {
        layouts: Layouts::new(&unit.records),
        unit_records: unit.records.clone(),
        fn_types: unit
            .signatures
            .iter()
            .map(|s| {
                (
                    Ty::from_decl(&s.ret),
                    s.params.iter().map(param_ty).collect(),
                )
            })
            .collect(),
        ..Compiler::default()
    };
    c.user_fn_base = c.fn_types.len() as u32;
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
    // Entry stub: call main (with argc and argv when it takes them), then halt.
    let nparams = c.functions[main as usize].params.len() as u32;
    let span = c.functions[main as usize].span.clone();
    if nparams == 2 {
        c.emit(Op::Args, &span);
    } else {
        for _ in 0..nparams {
            c.emit(Op::PushInt(0), &span);
        }
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
    let mut compiled = Compiled {
        code: c.code,
        spans: c.spans,
        functions: c.functions,
        main,
        globals: c.global_bytes,
        globals_base: NULL_GUARD,
        printf_kinds: c.printf_kinds,
        line_starts: Compiled::line_starts(source),
        source: Rc::from(source),
        file: Rc::from(file),
    };
    crate::lang::codegen::peephole::run(&mut compiled);
    Ok(compiled)
}

/// A loop or `switch` being compiled: where its `break`s (and a loop's `continue`s) jump.
#[derive(Default)]
struct LoopCtx {
    breaks: Vec<usize>,
    continues: Vec<usize>,
    /// A `switch`: `continue` belongs to the loop around it.
    switch: bool,
}

/// A `switch` being compiled: its labels' values and positions.
#[derive(Default)]
struct SwitchCtx {
    cases: Vec<(i64, u32, Span)>,
    default: Option<u32>,
    /// The promoted type of the switch value (case labels convert to it).
    ty: Option<IntTy>,
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
    scopes: Vec<BTreeMap<String, Var>>,
    frame_size: u32,
    /// The function being compiled (index into `functions`).
    current: usize,
    loops: Vec<LoopCtx>,
    switches: Vec<SwitchCtx>,
    labels: BTreeMap<String, u32>,
    gotos: Vec<(String, usize, Span)>,
    hidden: u32,
    printf_kinds: Vec<Vec<ArgKind>>,
    errors: Vec<Diagnostic>,
    ret: Ty,
    layouts: Layouts,
    unit_records: Vec<crate::lang::syntax::ast::RecordDecl>,
    /// Function types: the declared function pointers' (`Ty::Func(id)` indexes it), then each
    /// user function's.
    fn_types: Vec<(Ty, Vec<Ty>)>,
    /// Where the user functions' types start in `fn_types`.
    user_fn_base: u32,
}

type R<T> = Result<T, Diagnostic>;

fn err<T>(message: impl Into<String>, span: &Span) -> R<T> {
    Err(Diagnostic::error(message, span.clone()))
}

fn arg_kind(t: &Ty) -> ArgKind {
    match t {
        Ty::Double | Ty::Float => ArgKind::Double,
        t if t.is_pointer() || *t == Ty::Status => ArgKind::Addr,
        _ => ArgKind::Int,
    }
}

/// The VM mode for integer arithmetic in a promoted type (`None` for `int`).
fn mode(t: IntTy) -> Option<IntMode> {
    match (t.bytes, t.signed) {
        (8, true) => Some(IntMode::I64),
        (8, false) => Some(IntMode::U64),
        (_, false) => Some(IntMode::U32),
        _ => None,
    }
}

fn int_op(op: BinOp) -> Option<IntOp> {
    Some(match op {
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
        BinOp::And | BinOp::Or => return None,
    })
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
    )
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

    fn size(&self, t: &Ty) -> u32 {
        self.layouts.size(t)
    }

    fn name(&self, t: &Ty) -> String {
        self.layouts.name(t)
    }

    /// How an argument of type `t` is passed.
    fn pass(&self, t: &Ty) -> Pass {
        match t.scalar() {
            Some(sc) => Pass::Scalar(sc),
            None => Pass::Copy(self.size(t)),
        }
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
            // Parameters occupy the start of the frame; a function returning a struct first
            // gets a hidden pointer to where its caller wants the result (as the x86-64 ABI).
            let mut off = 0u32;
            let mut slots = Vec::new();
            if matches!(ret, Ty::Record(_)) {
                slots.push((0, Pass::Scalar(Scalar::I64)));
                off = 8;
            }
            for t in &params {
                let align = self.layouts.align(t).max(1);
                off = off.div_ceil(align) * align;
                slots.push((off, self.pass(t)));
                off += self.size(t);
            }
            self.functions.push(FunctionInfo {
                name: f.name.clone(),
                entry: 0,
                frame_size: off,
                params: slots,
                returns_value: ret != Ty::Void,
                returns_double: ret.is_floating(),
                span: f.span.clone(),
                largest_local: None,
            });
            self.fn_types.push((ret.clone(), params.clone()));
            self.signatures.push((ret, params));
        }
    }

    fn alloc_global(&mut self, ty: &Ty) -> Addr {
        let align = self.layouts.align(ty).max(1) as usize;
        let base = NULL_GUARD as usize;
        let mut off = self.global_bytes.len();
        off = (base + off).div_ceil(align) * align - base;
        self.global_bytes.resize(off + self.size(ty) as usize, 0);
        (base + off) as Addr
    }

    fn string(&mut self, s: &str) -> Addr {
        if let Some(&a) = self.strings.get(s) {
            return a;
        }
        let addr = self.alloc_global(&Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1));
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
    /// expression of every scalar (or string-initialized `char` array) it initializes; checks
    /// list lengths and shapes. Braces may be left out, as C allows (`int m[2][2] = {1,2,3,4}`).
    fn each_initializer(
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
    fn fill<'i>(
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

    fn const_scalar(&mut self, addr: Addr, ty: &Ty, e: &Expr) -> R<()> {
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
                match self.globals.get(name) {
                    Some((a, _)) => i64::from(*a),
                    None => {
                        return err(
                            format!("`{name}` is not a global variable declared before this"),
                            &e.span,
                        )
                    }
                }
            }
            (Ty::Ptr(_), ExprKind::Ident(name)) if self.globals.contains_key(name) => {
                match &self.globals[name] {
                    (a, Ty::Array(..)) => i64::from(*a),
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

    fn lookup(&self, name: &str) -> Option<Var> {
        for scope in self.scopes.iter().rev() {
            if let Some(v) = scope.get(name) {
                return Some(v.clone());
            }
        }
        self.globals
            .get(name)
            .map(|(a, t)| Var::Global(*a, t.clone()))
    }

    fn alloc_local(&mut self, name: &str, ty: Ty, span: &Span) -> R<u32> {
        let align = self.layouts.align(&ty).max(1);
        let off = self.frame_size.div_ceil(align) * align;
        self.frame_size = off.checked_add(self.size(&ty)).ok_or_else(|| {
            Diagnostic::error("this function's variables are too large", span.clone())
        })?;
        let scope = self.scopes.last_mut().expect("inside a function");
        if scope.contains_key(name) {
            return err(format!("`{name}` is already declared in this block"), span);
        }
        let bytes = self.size(&ty);
        if !name.starts_with(' ') {
            let largest = &mut self.functions[self.current].largest_local;
            if largest.as_ref().is_none_or(|(_, b, _)| bytes > *b) {
                *largest = Some((name.to_string(), bytes, span.clone()));
            }
        }
        let scope = self.scopes.last_mut().expect("inside a function");
        scope.insert(name.to_string(), Var::Local(off, ty));
        Ok(off)
    }

    /// A frame slot no source name can reach (a `switch` value).
    fn hidden_local(&mut self, ty: Ty, span: &Span) -> R<u32> {
        self.hidden += 1;
        let name = format!(" hidden{}", self.hidden);
        self.alloc_local(&name, ty, span)
    }

    fn function(&mut self, f: &Function) {
        let idx = self.func_index[&f.name] as usize;
        self.current = idx;
        self.functions[idx].entry = self.here();
        self.ret = self.signatures[idx].0.clone();
        self.frame_size = self.functions[idx].frame_size;
        self.labels.clear();
        self.gotos.clear();
        let mut params = BTreeMap::new();
        let hidden = usize::from(matches!(self.ret, Ty::Record(_)));
        for (p, (off, _)) in f
            .params
            .iter()
            .zip(self.functions[idx].params.clone().into_iter().skip(hidden))
        {
            params.insert(p.name.clone(), Var::Local(off, param_ty(&p.ty)));
        }
        self.scopes = vec![params];
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
    fn switch(&mut self, value: &Expr, body: &Stmt, span: &Span) -> R<()> {
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
        if !self.layouts.is_complete(&ty) {
            return err(
                format!("`{}` has an incomplete type `{}`", d.name, self.name(&ty)),
                &d.name_span,
            );
        }
        if d.is_static {
            // A static local: one object for the whole run, initialized once like a global.
            let addr = self.alloc_global(&ty);
            let scope = self.scopes.last_mut().expect("inside a function");
            if scope.contains_key(&d.name) {
                return err(
                    format!("`{}` is already declared in this block", d.name),
                    &d.name_span,
                );
            }
            scope.insert(d.name.clone(), Var::Global(addr, ty.clone()));
            if let Some(init) = &d.init {
                self.const_init(addr, &ty, init)?;
            }
            return Ok(());
        }
        let off = self.alloc_local(&d.name, ty.clone(), &d.name_span)?;
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

    fn init_at(&mut self, off: u32, ty: &Ty, init: &Init) -> R<()> {
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

    /// With [address, value] on the stack, converts the value to `target` and stores it;
    /// leaves the stored value (or the address, for an aggregate).
    fn store(&mut self, value: &Ty, target: &Ty, span: &Span) -> R<()> {
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
            Ty::Array(..) => {
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
    fn convert(&mut self, from: &Ty, to: &Ty, span: &Span) -> R<()> {
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
    fn narrow(&mut self, from: &Ty, to: &Ty, span: &Span) {
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

    fn cond(&mut self, e: &Expr) -> R<()> {
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
                let it = self.rvalue(index)?;
                if !it.is_integer() {
                    return err(
                        format!(
                            "an array index must be an integer, not a `{}`",
                            self.name(&it)
                        ),
                        &index.span,
                    );
                }
                match bt {
                    Ty::Array(elem, n) => {
                        self.emit(Op::CheckIndex(n), span);
                        self.emit(Op::AddrOffset(self.size(&elem)), span);
                        Ok(*elem)
                    }
                    Ty::Ptr(elem) => {
                        self.emit(Op::AddrOffset(self.size(&elem)), span);
                        Ok(*elem)
                    }
                    t => err(format!("cannot index a `{}`", self.name(&t)), &base.span),
                }
            }
            ExprKind::Unary(UnaryOp::Deref, inner) => {
                let t = self.rvalue(inner)?;
                match t {
                    Ty::Ptr(elem) => Ok(*elem),
                    t => err(
                        format!("cannot dereference a `{}`", self.name(&t)),
                        &inner.span,
                    ),
                }
            }
            ExprKind::Field(base, field) => {
                let t = self.lvalue(base)?;
                self.member(t, field, span)
            }
            ExprKind::Arrow(base, field) => {
                let t = self.rvalue(base)?;
                match t {
                    Ty::Ptr(inner) => self.member(*inner, field, span),
                    t => err(
                        format!(
                            "`->` needs a pointer to a struct, not a `{}`",
                            self.name(&t)
                        ),
                        &base.span,
                    ),
                }
            }
            ExprKind::Comma(a, b) => {
                let t = self.expr(a)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, span);
                }
                self.lvalue(b)
            }
            ExprKind::Call { .. } if matches!(self.infer(e), Ty::Record(_)) => {
                // A returned struct lives in the caller's slot: its address.
                self.expr(e)
            }
            _ => err(
                "this expression cannot be assigned to or have its address taken",
                span,
            ),
        }
    }

    /// With a record's (or status's) address on the stack, moves to member `field`.
    fn member(&mut self, t: Ty, field: &str, span: &Span) -> R<Ty> {
        match t {
            Ty::Status => {
                let off = match field {
                    "MPI_SOURCE" => STATUS_SOURCE,
                    "MPI_TAG" => STATUS_TAG,
                    "MPI_ERROR" => STATUS_ERROR,
                    other => return err(format!("`MPI_Status` has no field `{other}`: use MPI_SOURCE, MPI_TAG or MPI_ERROR"), span),
                };
                self.emit(Op::PushInt(i64::from(off)), span);
                self.emit(Op::AddrOffset(1), span);
                Ok(Ty::INT)
            }
            Ty::Record(id) => match self.layouts.field(id, field).cloned() {
                Some(f) => {
                    if f.offset != 0 {
                        self.emit(Op::PushInt(i64::from(f.offset)), span);
                        self.emit(Op::AddrOffset(1), span);
                    }
                    Ok(f.ty)
                }
                None => err(
                    format!("`{}` has no member `{field}`", self.name(&Ty::Record(id))),
                    span,
                ),
            },
            t => err(
                format!("only a struct has members; this is a `{}`", self.name(&t)),
                span,
            ),
        }
    }

    /// For indexing: pushes the address of an array (or the value of a pointer) and returns the
    /// array or pointer type.
    fn expr_as_address(&mut self, e: &Expr) -> R<Ty> {
        let t = self.expr(e)?;
        match t {
            Ty::Array(..) | Ty::Ptr(_) => Ok(t),
            t => err(format!("cannot index a `{}`", self.name(&t)), &e.span),
        }
    }

    /// With an address on the stack, loads the value of type `ty` (aggregates stay addresses).
    fn load(&mut self, ty: &Ty, span: &Span) {
        match ty.scalar() {
            Some(Scalar::I32) => {
                self.emit(Op::LoadInt, span);
            }
            Some(Scalar::F64) => {
                self.emit(Op::LoadDouble, span);
            }
            Some(sc) => {
                self.emit(Op::Load(sc), span);
            }
            None => {}
        }
    }

    /// Pushes the value of `e` and returns its type after array decay.
    fn rvalue(&mut self, e: &Expr) -> R<Ty> {
        Ok(self.expr(e)?.decay())
    }

    /// Pushes the value of `e`; returns its type (arrays, structs and statuses push their
    /// address).
    fn expr(&mut self, e: &Expr) -> R<Ty> {
        let span = &e.span;
        match &e.kind {
            ExprKind::Int(v) => {
                self.emit(Op::PushInt(*v), span);
                Ok(literal_type(*v))
            }
            ExprKind::Float(v) => {
                self.emit(Op::PushDouble(*v), span);
                Ok(Ty::Double)
            }
            ExprKind::Char(c) => {
                self.emit(Op::PushInt(i64::from(*c as i8)), span);
                Ok(Ty::INT)
            }
            ExprKind::Str(s) => {
                let a = self.string(s);
                self.emit(Op::PushInt(i64::from(a)), span);
                Ok(Ty::Array(Box::new(Ty::CHAR), s.len() as u32 + 1))
            }
            ExprKind::Ident(name) => {
                if let Some(var) = self.lookup(name) {
                    match var {
                        Var::Local(off, t) if t == Ty::INT || matches!(t, Ty::Handle(_)) => {
                            self.emit(Op::LoadLocalInt(off), span);
                            return Ok(t);
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
                    return Ok(Ty::INT);
                }
                if let Some(v) = libc::stream(name) {
                    self.emit(Op::PushInt(v), span);
                    return Ok(Ty::Ptr(Box::new(Ty::Void)));
                }
                if let Some(&idx) = self.func_index.get(name) {
                    // A function used as a value: a pointer to it.
                    self.emit(Op::PushInt(FN_TAG | i64::from(idx)), span);
                    return Ok(Ty::Ptr(Box::new(Ty::Func(self.user_fn_base + idx))));
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
                        if !tt.is_arithmetic() && !matches!(tt, Ty::Ptr(_)) {
                            return err(
                                format!("cannot use `{}=` on a `{}`", bop.symbol(), self.name(&tt)),
                                span,
                            );
                        }
                        self.emit(Op::Dup, span);
                        self.load(&tt, span);
                        let rt = self.rvalue(value)?;
                        let result = self.arith(*bop, &tt, &rt, span)?;
                        self.store(&result, &tt, span)?;
                    }
                }
                Ok(tt)
            }
            ExprKind::Ternary(c, a, b) => {
                self.cond(c)?;
                let jz = self.emit(Op::JumpIfZero(0), span);
                let (ia, ib) = (self.infer(a).decay(), self.infer(b).decay());
                let result = if ia.is_arithmetic() && ib.is_arithmetic() {
                    common(&ia, &ib)
                } else if matches!(ia, Ty::Ptr(_)) {
                    ia
                } else {
                    ib
                };
                let at = self.rvalue(a)?;
                self.convert(&at, &result, &a.span)?;
                let j = self.emit(Op::Jump(0), span);
                let else_at = self.here();
                self.patch(jz, else_at);
                let bt = self.rvalue(b)?;
                self.convert(&bt, &result, &b.span)?;
                let end = self.here();
                self.patch(j, end);
                Ok(result)
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, name_span, args, span),
            ExprKind::CallPtr(callee, args) => {
                // `(*f)(x)` is `f(x)`.
                let mut callee: &Expr = callee;
                while let ExprKind::Unary(UnaryOp::Deref, inner) = &callee.kind {
                    callee = inner;
                }
                self.call_indirect(callee, args, span)
            }
            ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => {
                let t = self.lvalue(e)?;
                self.load(&t, span);
                Ok(t)
            }
            ExprKind::Cast(ty, inner) => {
                let to = Ty::from_decl(ty);
                let from = self.rvalue(inner)?;
                if to == Ty::Void {
                    if from != Ty::Void {
                        self.emit(Op::Pop, span);
                    }
                    return Ok(Ty::Void);
                }
                self.convert(&from, &to, span)?;
                Ok(to)
            }
            ExprKind::SizeOf(ty) => {
                let size = self.size(&Ty::from_decl(ty));
                self.emit(Op::PushInt(i64::from(size)), span);
                Ok(Ty::ULONG)
            }
            ExprKind::SizeOfExpr(inner) => {
                let t = self.infer(inner);
                let size = self.size(&t);
                self.emit(Op::PushInt(i64::from(size)), span);
                Ok(Ty::ULONG)
            }
            ExprKind::Comma(a, b) => {
                let t = self.expr(a)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, span);
                }
                self.expr(b)
            }
        }
    }

    /// The static type of `e` (what [`Self::expr`] returns), without emitting code.
    fn infer(&self, e: &Expr) -> Ty {
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

    /// A call through a function pointer: the pointer, then the arguments converted to its
    /// parameter types.
    fn call_indirect(&mut self, callee: &Expr, args: &[Expr], span: &Span) -> R<Ty> {
        let t = self.rvalue(callee)?;
        let Ty::Ptr(inner) = &t else {
            return err(
                format!("only a function can be called, not a `{}`", self.name(&t)),
                &callee.span,
            );
        };
        let Ty::Func(id) = **inner else {
            return err(
                format!("only a function can be called, not a `{}`", self.name(&t)),
                &callee.span,
            );
        };
        let (ret, params) = self.fn_types[id as usize].clone();
        if matches!(ret, Ty::Record(_)) {
            return err(
                "calling a function that returns a struct through a pointer is not supported by Rankscope's C",
                span,
            );
        }
        if args.len() != params.len() {
            return err(
                format!(
                    "this function pointer takes {} arguments but {} were given",
                    params.len(),
                    args.len()
                ),
                span,
            );
        }
        for (a, p) in args.iter().zip(&params) {
            let t = self.rvalue(a)?;
            self.convert(&t, p, &a.span)?;
        }
        self.emit(
            Op::CallIndirect {
                args: args.len() as u32,
            },
            span,
        );
        Ok(ret)
    }

    fn member_type(&self, t: Ty, field: &str) -> Ty {
        match t {
            Ty::Record(id) => self
                .layouts
                .field(id, field)
                .map_or(Ty::INT, |f| f.ty.clone()),
            _ => Ty::INT,
        }
    }

    fn unary(&mut self, op: UnaryOp, inner: &Expr, span: &Span) -> R<Ty> {
        match op {
            UnaryOp::AddrOf => {
                if let ExprKind::Ident(name) = &inner.kind {
                    if self.lookup(name).is_none() && self.func_index.contains_key(name) {
                        return self.expr(inner);
                    }
                }
                let t = self.lvalue(inner)?;
                Ok(Ty::Ptr(Box::new(t)))
            }
            UnaryOp::Deref => {
                let t = self.lvalue(&Expr {
                    kind: ExprKind::Unary(UnaryOp::Deref, Box::new(inner.clone())),
                    span: span.clone(),
                })?;
                self.load(&t, span);
                Ok(t)
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
                    t if *t == Ty::INT => self.emit(Op::IncInt { delta, post }, span),
                    Ty::Ptr(elem) => {
                        let stride = i32::try_from(self.size(elem)).unwrap_or(i32::MAX);
                        self.emit(
                            Op::IncScalar {
                                scalar: Scalar::I64,
                                delta: delta * stride,
                                post,
                            },
                            span,
                        )
                    }
                    t if t.is_arithmetic() && !matches!(t, Ty::Handle(_)) => {
                        let scalar = t.scalar().unwrap_or(Scalar::I32);
                        self.emit(
                            Op::IncScalar {
                                scalar,
                                delta,
                                post,
                            },
                            span,
                        )
                    }
                    t => return err(format!("cannot increment a `{}`", self.name(t)), span),
                };
                Ok(t)
            }
            UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot => {
                let t = self.rvalue(inner)?;
                if t.is_floating() {
                    if op == UnaryOp::BitNot {
                        return err(
                            format!("`~` needs an integer, not a `{}`", self.name(&t)),
                            span,
                        );
                    }
                    if op == UnaryOp::Neg {
                        self.emit(Op::NegDouble, span);
                    }
                    return Ok(t);
                }
                let Some(pt) = t.promoted() else {
                    let what = if op == UnaryOp::BitNot {
                        "`~` needs an integer"
                    } else {
                        "only a number can be negated"
                    };
                    return err(format!("{what}, not a `{}`", self.name(&t)), span);
                };
                self.narrow(&t, &Ty::Int(pt), span);
                match (op, mode(pt)) {
                    (UnaryOp::Neg, None) => {
                        self.emit(Op::NegInt, span);
                    }
                    (UnaryOp::BitNot, None) => {
                        self.emit(Op::BitNotInt, span);
                    }
                    (UnaryOp::Neg, Some(m)) => {
                        self.emit(Op::PushInt(-1), span);
                        self.emit(Op::Wide(IntOp::Mul, m), span);
                    }
                    (UnaryOp::BitNot, Some(m)) => {
                        self.emit(Op::PushInt(-1), span);
                        self.emit(Op::Wide(IntOp::Xor, m), span);
                    }
                    _ => {}
                }
                Ok(Ty::Int(pt))
            }
            UnaryOp::Not => {
                self.cond(inner)?;
                self.emit(Op::NotInt, span);
                Ok(Ty::INT)
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
                Ok(Ty::INT)
            }
            _ => {
                let at = self.rvalue(a)?;
                let bt = self.rvalue(b)?;
                self.arith(op, &at, &bt, span)
            }
        }
    }

    /// Converts the value under the top of the stack (a left operand, with the right one
    /// pushed after it).
    fn convert_under(&mut self, from: &Ty, to: &Ty, span: &Span) -> R<()> {
        let mark = self.code.len();
        self.emit(Op::Swap, span);
        let before = self.code.len();
        self.convert(from, to, span)?;
        if self.code.len() == before {
            // Nothing to convert: drop the swap.
            self.code.truncate(mark);
            self.spans.truncate(mark);
        } else {
            self.emit(Op::Swap, span);
        }
        Ok(())
    }

    /// With both operands on the stack (unconverted), applies C's conversions, emits the
    /// operation and returns the result's type.
    fn arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        let (at, bt) = (at.decay(), bt.decay());
        if matches!(at, Ty::Ptr(_)) || matches!(bt, Ty::Ptr(_)) {
            return self.pointer_arith(op, &at, &bt, span);
        }
        if !at.is_arithmetic() || !bt.is_arithmetic() {
            return err(
                format!(
                    "`{}` needs numbers, not `{}` and `{}`",
                    op.symbol(),
                    self.name(&at),
                    self.name(&bt)
                ),
                span,
            );
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let (Some(pa), Some(pb)) = (at.promoted(), bt.promoted()) else {
                return err(format!("`{}` needs integers", op.symbol()), span);
            };
            self.convert_under(&at, &Ty::Int(pa), span)?;
            self.convert(&bt, &Ty::Int(pb), span)?;
            let iop = int_op(op).unwrap_or(IntOp::Shl);
            self.emit(
                match mode(pa) {
                    None => Op::Int(iop),
                    Some(m) => Op::Wide(iop, m),
                },
                span,
            );
            return Ok(Ty::Int(pa));
        }
        let ct = common(&at, &bt);
        self.convert_under(&at, &ct, span)?;
        self.convert(&bt, &ct, span)?;
        if ct.is_floating() {
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
                        format!("`{}` needs integers, not `{}`", op.symbol(), self.name(&ct)),
                        span,
                    )
                }
            };
            self.emit(Op::Double(dop), span);
            if is_comparison(op) {
                return Ok(Ty::INT);
            }
            if ct == Ty::Float {
                self.emit(Op::RoundFloat, span);
            }
            return Ok(ct);
        }
        let pt = match ct {
            Ty::Int(i) => common_int(i, i),
            _ => IntTy::INT,
        };
        let iop = int_op(op).ok_or_else(|| {
            Diagnostic::error("internal: logical operator in arith", span.clone())
        })?;
        self.emit(
            match mode(pt) {
                None => Op::Int(iop),
                Some(m) => Op::Wide(iop, m),
            },
            span,
        );
        Ok(if is_comparison(op) {
            Ty::INT
        } else {
            Ty::Int(pt)
        })
    }

    fn pointer_arith(&mut self, op: BinOp, at: &Ty, bt: &Ty, span: &Span) -> R<Ty> {
        match (op, at, bt) {
            (BinOp::Add | BinOp::Sub, Ty::Ptr(elem), i) if i.is_integer() => {
                self.convert(i, &Ty::LONG, span)?;
                if op == BinOp::Sub {
                    self.emit(Op::PushInt(-1), span);
                    self.emit(Op::Wide(IntOp::Mul, IntMode::I64), span);
                }
                self.emit(Op::AddrOffset(self.size(elem)), span);
                Ok(at.clone())
            }
            (BinOp::Add, i, Ty::Ptr(elem)) if i.is_integer() => {
                self.emit(Op::Swap, span);
                self.convert(i, &Ty::LONG, span)?;
                self.emit(Op::AddrOffset(self.size(elem)), span);
                Ok(bt.clone())
            }
            (BinOp::Sub, Ty::Ptr(e1), Ty::Ptr(_)) => {
                self.emit(Op::AddrDiff(self.size(e1).max(1)), span);
                Ok(Ty::LONG)
            }
            (BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge, a, b)
                if (matches!(a, Ty::Ptr(_)) || a.is_integer())
                    && (matches!(b, Ty::Ptr(_)) || b.is_integer()) =>
            {
                let iop = int_op(op).unwrap_or(IntOp::Eq);
                self.emit(Op::Wide(iop, IntMode::I64), span);
                Ok(Ty::INT)
            }
            _ => err(
                format!(
                    "`{}` cannot combine a `{}` and a `{}`",
                    op.symbol(),
                    self.name(at),
                    self.name(bt)
                ),
                span,
            ),
        }
    }

    fn call(&mut self, name: &str, name_span: &Span, args: &[Expr], span: &Span) -> R<Ty> {
        if self.lookup(name).is_some() {
            let callee = Expr {
                kind: ExprKind::Ident(name.to_string()),
                span: name_span.clone(),
            };
            return self.call_indirect(&callee, args, span);
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
                // The stream (`stdout` or `stderr`): both go to the rank's console.
                let Some(stream) = args.first() else {
                    return err("`fprintf` needs a stream and a format", span);
                };
                let t = self.rvalue(stream)?;
                if t != Ty::Void {
                    self.emit(Op::Pop, &stream.span);
                }
                return self.printf(&args[1..], span, PrintTo::Console);
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
            if args.len() != f.params.len() {
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

    fn printf(&mut self, args: &[Expr], span: &Span, to: PrintTo) -> R<Ty> {
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
fn builtin_signature(name: &str) -> Option<(Builtin, usize, Ty, Ty)> {
    Some(match name {
        "compute" => (Builtin::Compute, 1, Ty::Double, Ty::Void),
        "flops" => (Builtin::Flops, 1, Ty::Double, Ty::Void),
        "yield" => (Builtin::Yield, 0, Ty::Void, Ty::Void),
        "usleep" => (Builtin::Usleep, 1, Ty::Double, Ty::INT),
        "nanosleep" => (Builtin::Nanosleep, 1, Ty::Double, Ty::INT),
        _ => return None,
    })
}

/// An integer literal's type: `int` when it fits, else `long` (C99 6.4.4.1, decimal without a
/// suffix).
fn literal_type(v: i64) -> Ty {
    if i32::try_from(v).is_ok() {
        Ty::INT
    } else {
        Ty::LONG
    }
}

fn is_char(t: &Ty) -> bool {
    matches!(t, Ty::Int(i) if i.bytes == 1)
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

fn const_eval(e: &Expr, layouts: &Layouts) -> Option<Const> {
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
