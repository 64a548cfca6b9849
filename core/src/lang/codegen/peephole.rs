//! The peephole pass: common pairs of operations the compiler emits become one fused operation
//! (an assignment statement's `StoreInt` + `Pop`, `i++;`'s `IncInt` + `Pop`, a constant operand's
//! `PushInt` + `Int`, an index's `CheckIndex` + `AddrOffset`), so the VM dispatches fewer times.
//!
//! A fused operation counts as the operations it replaces (the VM adds the second to its operation
//! counter), so the step limits and the processor time a program is charged (`[cpu.ops]`) are
//! exactly those of the unfused code: the pass changes speed, never a result. A pair is fused
//! only when no jump lands on its second operation; jump targets and function entries are then
//! renumbered, and each fused operation keeps its first operation's source span.

use crate::lang::codegen::bytecode::{Compiled, DoubleOp, IntOp, Op, Scalar};

/// The fused operation for the pair `(a, b)`, if there is one.
fn fuse(a: Op, b: Op) -> Option<Op> {
    Some(match (a, b) {
        (Op::PushInt(c), Op::Int(op)) => Op::IntImm(op, i32::try_from(c).ok()?),
        (Op::StoreInt, Op::Pop) => Op::StoreIntPop,
        (Op::StoreDouble, Op::Pop) => Op::StoreDoublePop,
        (Op::StoreLocalInt(off), Op::Pop) => Op::StoreLocalIntPop(off),
        (Op::IncInt { delta, .. }, Op::Pop) => Op::IncIntPop { delta },
        (Op::CheckIndex(len), Op::AddrOffset(stride)) => Op::Index { len, stride },
        (Op::AddrLocal(off), Op::Load(sc)) => Op::LoadLocal(sc, off),
        (Op::PushInt(a), Op::Load(sc)) => Op::LoadAt(sc, u32::try_from(a).ok()?),
        (Op::Store(sc), Op::Pop) => Op::StorePop(sc),
        (Op::LoadLocalInt(off), Op::AddrOffset(stride)) => Op::AddrOffsetLocal { off, stride },
        (Op::AddrLocal(off), Op::Zero(n)) => Op::ZeroLocal { off, n },
        _ => return None,
    })
}

/// The third pass's: an index read from a local `int`; `i++;` on a local.
fn fuse_index(a: Op, b: Op) -> Option<Op> {
    match (a, b) {
        (Op::LoadLocalInt(off), Op::Index { len, stride }) => {
            Some(Op::IndexLocal { off, len, stride })
        }
        (Op::AddrLocal(off), Op::IncIntPop { delta }) => Some(Op::IncLocalIntPop { off, delta }),
        _ => None,
    }
}

/// The fourth pass's: the load of an element indexed by a local `int`.
fn fuse_load(a: Op, b: Op) -> Option<Op> {
    let scalar = match b {
        Op::LoadInt => Scalar::I32,
        Op::LoadDouble => Scalar::F64,
        Op::Load(sc) => sc,
        _ => return None,
    };
    match a {
        Op::IndexLocal { off, len, stride } => Some(Op::IndexLocalLoad {
            scalar,
            off,
            len,
            stride,
        }),
        _ => None,
    }
}

/// Whether `op` is a comparison (which cannot fail).
fn is_cmp(op: IntOp) -> bool {
    matches!(
        op,
        IntOp::Lt | IntOp::Le | IntOp::Gt | IntOp::Ge | IntOp::Eq | IntOp::Ne
    )
}

/// The second pass's fusions: a comparison (itself possibly fused) and the conditional jump
/// after it.
fn fuse_branch(a: Op, b: Op) -> Option<Op> {
    Some(match (a, b) {
        (Op::IntImm(op, c), Op::JumpIfZero(t)) if is_cmp(op) => Op::CmpImmJumpIfZero(op, c, t),
        (Op::Int(op), Op::JumpIfZero(t)) if is_cmp(op) => Op::CmpJumpIfZero(op, t),
        (Op::Double(op), Op::JumpIfZero(t))
            if !matches!(
                op,
                DoubleOp::Add | DoubleOp::Sub | DoubleOp::Mul | DoubleOp::Div
            ) =>
        {
            Op::DoubleCmpJumpIfZero(op, t)
        }
        (Op::NotInt, Op::JumpIfZero(t)) => Op::NotJumpIfZero(t),
        (Op::Dup, Op::JumpIfZero(t)) => Op::PeekJumpIfZero(t),
        (Op::Dup, Op::JumpIfNotZero(t)) => Op::PeekJumpIfNotZero(t),
        _ => return None,
    })
}

/// The operation's jump target, if it has one.
fn target(op: &mut Op) -> Option<&mut u32> {
    match op {
        Op::Jump(t)
        | Op::JumpIfZero(t)
        | Op::JumpIfNotZero(t)
        | Op::CmpImmJumpIfZero(_, _, t)
        | Op::CmpJumpIfZero(_, t)
        | Op::DoubleCmpJumpIfZero(_, t)
        | Op::NotJumpIfZero(t)
        | Op::PeekJumpIfZero(t)
        | Op::PeekJumpIfNotZero(t) => Some(t),
        _ => None,
    }
}

/// Fuses the pairs of `compiled`'s code in place: first [`fuse`]'s pairs, then, each over the
/// result of the one before, [`fuse_branch`]'s, [`fuse_index`]'s and [`fuse_load`]'s.
pub fn run(compiled: &mut Compiled) {
    pass(compiled, fuse);
    pass(compiled, fuse_branch);
    pass(compiled, fuse_index);
    pass(compiled, fuse_load);
}

/// One pass fusing the pairs `fuse` knows.
fn pass(compiled: &mut Compiled, fuse: fn(Op, Op) -> Option<Op>) {
    let n = compiled.code.len();
    let mut landed = vec![false; n + 1];
    for op in &mut compiled.code {
        if let Some(t) = target(op) {
            if let Some(l) = landed.get_mut(*t as usize) {
                *l = true;
            }
        }
    }
    for f in &compiled.functions {
        if let Some(l) = landed.get_mut(f.entry as usize) {
            *l = true;
        }
    }
    // new_index[i]: where old operation i (or, for a fused pair's second, its pair) now is.
    let mut new_index = vec![0u32; n + 1];
    let mut code = Vec::with_capacity(n);
    let mut spans = Vec::with_capacity(n);
    let mut i = 0;
    while i < n {
        let here = u32::try_from(code.len()).unwrap_or(u32::MAX);
        new_index[i] = here;
        let fused = (i + 1 < n && !landed[i + 1])
            .then(|| fuse(compiled.code[i], compiled.code[i + 1]))
            .flatten();
        code.push(fused.unwrap_or(compiled.code[i]));
        // An indexing keeps the index's span (where its bounds error points).
        let span = match fused {
            Some(Op::IndexLocal { .. } | Op::AddrOffsetLocal { .. }) => i + 1,
            _ => i,
        };
        spans.push(compiled.spans[span].clone());
        if fused.is_some() {
            new_index[i + 1] = here;
            i += 2;
        } else {
            i += 1;
        }
    }
    new_index[n] = u32::try_from(code.len()).unwrap_or(u32::MAX);
    for op in &mut code {
        if let Some(t) = target(op) {
            *t = new_index[*t as usize];
        }
    }
    for f in &mut compiled.functions {
        f.entry = new_index[f.entry as usize];
    }
    compiled.code = code;
    compiled.spans = spans;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compiled program whose code is replaced by `code` (every function entering at 0).
    fn with_code(code: Vec<Op>) -> Compiled {
        let mut c = std::rc::Rc::unwrap_or_clone(
            crate::lang::load("int main(void) { return 0; }", "t.c").unwrap(),
        );
        c.spans = (0..code.len()).map(|i| i..i + 1).collect();
        c.code = code;
        for f in &mut c.functions {
            f.entry = 0;
        }
        c
    }

    #[test]
    fn pairs_fuse_and_jumps_are_renumbered() {
        let mut c = with_code(vec![
            Op::Jump(3),
            Op::PushInt(1),
            Op::Int(IntOp::Add),
            Op::Halt,
        ]);
        run(&mut c);
        assert_eq!(
            c.code,
            vec![Op::Jump(2), Op::IntImm(IntOp::Add, 1), Op::Halt]
        );
        assert_eq!(c.spans, vec![0..1, 1..2, 3..4]);
    }

    #[test]
    fn a_pair_whose_second_operation_a_jump_lands_on_stays_apart() {
        let code = vec![Op::Jump(2), Op::PushInt(1), Op::Int(IntOp::Add), Op::Halt];
        let mut c = with_code(code.clone());
        run(&mut c);
        assert_eq!(c.code, code);
    }

    #[test]
    fn a_constant_too_wide_for_an_int_is_not_fused() {
        let code = vec![Op::PushInt(1 << 40), Op::Int(IntOp::Add), Op::Halt];
        let mut c = with_code(code.clone());
        run(&mut c);
        assert_eq!(c.code, code);
    }

    #[test]
    fn a_loop_compiles_to_fused_operations() {
        let src = "int main(void) { int i, s = 0, a[4] = {1, 2, 3, 4};\n  for (i = 0; i < 10; i++) s = s + a[i % 4];\n  return s; }";
        let c = crate::lang::load(src, "t.c").unwrap();
        let has = |f: fn(&Op) -> bool| c.code.iter().any(f);
        assert!(has(|o| matches!(o, Op::IntImm(IntOp::Rem, 4))));
        // `i++;` on a local: `AddrLocal` + `IncInt` + `Pop` as one.
        assert!(has(|o| matches!(o, Op::IncLocalIntPop { delta: 1, .. })));
        assert!(has(|o| matches!(o, Op::Index { len: 4, stride: 4 })));
        assert!(has(|o| matches!(o, Op::CmpImmJumpIfZero(IntOp::Lt, 10, _))));
        assert_eq!(c.spans.len(), c.code.len());
    }

    #[test]
    fn a_comparison_fuses_with_its_branch_and_the_jump_is_renumbered() {
        let mut c = with_code(vec![
            Op::PushInt(1),
            Op::PushInt(3),
            Op::Int(IntOp::Lt),
            Op::JumpIfZero(5),
            Op::Jump(0),
            Op::Halt,
        ]);
        run(&mut c);
        assert_eq!(
            c.code,
            vec![
                Op::PushInt(1),
                Op::CmpImmJumpIfZero(IntOp::Lt, 3, 3),
                Op::Jump(0),
                Op::Halt
            ]
        );
    }

    #[test]
    fn an_index_in_a_local_fuses_and_keeps_the_index_span() {
        let src = "int main(void) { int i = 7, a[4] = {1, 2, 3, 4};\n  return a[i]; }";
        let c = crate::lang::load(src, "t.c").unwrap();
        let at = c
            .code
            .iter()
            .position(|o| {
                // The index fused, then with the element's load.
                matches!(
                    o,
                    Op::IndexLocalLoad {
                        scalar: Scalar::I32,
                        len: 4,
                        stride: 4,
                        ..
                    }
                )
            })
            .expect("a fused index");
        // Its span is the index expression's (the `Index` it absorbed), not the load's.
        assert_eq!(&src[c.spans[at].clone()], "a[i]");
        let err = crate::bench::run_one_rank(src, "t.c").unwrap_err();
        assert!(
            err.contains("index 7 is out of bounds for an array of 4 elements"),
            "{err}"
        );
    }

    #[test]
    fn arithmetic_that_can_fail_is_not_fused_with_a_branch() {
        let code = vec![
            Op::PushInt(1),
            Op::PushInt(0),
            Op::Int(IntOp::Div),
            Op::JumpIfZero(4),
            Op::Halt,
        ];
        let mut c = with_code(code);
        run(&mut c);
        assert_eq!(
            c.code,
            vec![
                Op::PushInt(1),
                Op::IntImm(IntOp::Div, 0),
                Op::JumpIfZero(3),
                Op::Halt
            ]
        );
    }

    /// A fused program runs the same operations as the unfused one: the count a loop reports
    /// is that of its operations one by one.
    #[test]
    fn fused_branches_count_the_operations_they_replace() {
        let src = "int main(void) { int i, s = 0; double x = 0.0;\n  for (i = 0; i < 1000; i++) { if (x < 3.5) x = x + 1.0; if (s <= i) s = s + 2; }\n  return s; }";
        let (fused, _) = crate::bench::run_one_rank(src, "t.c").unwrap();
        let c = crate::lang::load(src, "t.c").unwrap();
        let has = |f: fn(&Op) -> bool| c.code.iter().any(f);
        assert!(has(|o| matches!(o, Op::DoubleCmpJumpIfZero(..))));
        assert!(has(|o| matches!(o, Op::CmpJumpIfZero(IntOp::Le, _))));
        // What the build before the branch fusions counted for this program: 19,052 is the
        // least `--max-ops` it finishes under there (and here).
        assert_eq!(fused, 19_052);
    }
}
