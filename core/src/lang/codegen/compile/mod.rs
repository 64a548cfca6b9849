//! The compiler: a checked program ([`Program`]: the syntax tree and the checker's table) →
//! [`Compiled`] bytecode.
//!
//! The compiler neither resolves names nor types expressions on its own: a declaration gets a
//! frame slot or a global address keyed by its id, a name finds its storage through the
//! checker's binding, and where a type is needed before any code is emitted (a `?:`'s result,
//! `sizeof expr`, a call returning a struct) it is the checker's ([`Typed`]). Emitting an
//! operation, it follows its operands' types to pick the operation and the conversions, with
//! the one set of C's rules in [`crate::lang::sema::types`].
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
//!
//! Here: the entry point, the compiler's state and its emitting helpers. By concern: `globals`
//! (global storage, constant initializers), `stmt` (locals and statements), `convert`, `expr`,
//! `ops` (operators), `call`.

mod call;
mod convert;
mod expr;
mod globals;
mod ops;
mod stmt;

use expr::*;

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::lang::sources::FileMap;

use crate::lang::codegen::bytecode::{
    ArgKind, Builtin, Compiled, DoubleOp, FunctionInfo, IntMode, IntOp, Op, Pass, PrintTo, Scalar,
    FN_TAG,
};
use crate::lang::diagnostic::Diagnostic;
use crate::lang::libc;
use crate::lang::sema::typed::{Binding, Program, Typed};
use crate::lang::sema::types::{common, common_int, IntTy, Layouts, Ty};
use crate::lang::syntax::ast::{
    BinOp, Block, DeclId, Expr, ExprId, ExprKind, Function, Init, Item, Span, Stmt, StmtKind,
    UnaryOp, Unit, VarDecl,
};
use crate::lang::syntax::parser::const_int;
use crate::lang::vm::memory::{Addr, NULL_GUARD, STATUS_ERROR, STATUS_SOURCE, STATUS_TAG};
use crate::lang::vm::mpi_table;

/// Compiles a program that passed the checker. Errors the checker cannot see (types that do not
/// fit, non-constant global initializers…) come back as diagnostics.
pub fn compile(program: &Program, source: &str, file: &str) -> Result<Compiled, Vec<Diagnostic>> {
    let unit = &program.unit;
    let mut c = Compiler {
        typed: program.typed.clone(),
        layouts: Layouts::new(&unit.records),
        unit_records: unit.records.clone(),
        fn_types: unit
            .signatures
            .iter()
            .map(|s| {
                (
                    Ty::from_decl(&s.ret),
                    s.params.iter().map(Ty::of_param).collect(),
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
        files: Rc::new(FileMap::single(file, source)),
        data: Vec::new(),
        errno: c.errno,
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

/// Where a declared variable lives, and its type.
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
    /// The checker's types and bindings.
    typed: Typed,
    /// Every variable compiled so far, by its declaration's id.
    vars: BTreeMap<DeclId, Var>,
    global_bytes: Vec<u8>,
    strings: BTreeMap<String, Addr>,
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
    /// The variadic functions' hidden last parameter: the frame offset of the address of their
    /// further arguments (8 bytes each), by function index.
    va_params: BTreeMap<u32, u32>,
    /// The address of the rank's `errno` (`<errno.h>`), once the program names it.
    errno: Option<Addr>,
    /// The function being compiled's further arguments' slot, when it takes `...`.
    va_area: Option<u32>,
    /// The frame slots holding variable-length arrays' lengths (as `long`), by the id of the
    /// expression that gives each length ([`Ty::Vla`]).
    vla_lens: BTreeMap<ExprId, u32>,
    /// For each block being compiled, the mark slot of its first variable-length array (where
    /// the stack is released to when the block ends).
    vla_marks: Vec<Option<u32>>,
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

    /// The checker's type of `e`.
    fn ty(&self, e: &Expr) -> R<Ty> {
        self.typed.ty(e).ok_or_else(|| {
            Diagnostic::error(
                "internal: an expression the checker did not type",
                e.span.clone(),
            )
        })
    }

    /// The variable a name (an identifier, or a call by name) stands for.
    fn var(&self, e: &Expr) -> Option<Var> {
        match self.typed.binding(e)? {
            Binding::Var(id) => self.vars.get(id).cloned(),
            _ => None,
        }
    }

    fn size(&self, t: &Ty) -> u32 {
        self.layouts.size(t)
    }

    /// Pushes `sizeof` a type as a `long`: a constant, or for a variable-length array the
    /// product of its lengths (kept in frame slots) and its element's size.
    fn emit_size(&mut self, t: &Ty, span: &Span) -> R<()> {
        match t {
            Ty::Vla(elem, id) => {
                let Some(&slot) = self.vla_lens.get(id) else {
                    return err("internal: a variable-length array without its length", span);
                };
                self.emit_size(elem, span)?;
                self.emit(Op::AddrLocal(slot), span);
                self.emit(Op::Load(Scalar::I64), span);
                self.emit(Op::Wide(IntOp::Mul, IntMode::U64), span);
            }
            Ty::Array(elem, n) if elem.is_variable() => {
                self.emit_size(elem, span)?;
                self.emit(Op::PushInt(i64::from(*n)), span);
                self.emit(Op::Wide(IntOp::Mul, IntMode::U64), span);
            }
            t => {
                self.emit(Op::PushInt(i64::from(self.size(t))), span);
            }
        }
        Ok(())
    }

    /// With an address and an index (a `long`) on the stack, pushes the address of element
    /// `index` of `elem`s there (its size computed at run time for variable-length rows).
    fn emit_offset(&mut self, elem: &Ty, span: &Span) -> R<()> {
        if elem.is_variable() {
            self.emit_size(elem, span)?;
            self.emit(Op::Wide(IntOp::Mul, IntMode::I64), span);
            self.emit(Op::AddrOffset(1), span);
        } else {
            self.emit(Op::AddrOffset(self.size(elem)), span);
        }
        Ok(())
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
            let params: Vec<Ty> = f.params.iter().map(|p| Ty::of_param(&p.ty)).collect();
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
            if f.variadic {
                // The address of the further arguments, passed last (see `call`).
                off = off.div_ceil(8) * 8;
                slots.push((off, Pass::Scalar(Scalar::I64)));
                self.va_params.insert(idx, off);
                off += 8;
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
}
