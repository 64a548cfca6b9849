//! Property tests of C arithmetic: random expressions over every arithmetic type, compiled and
//! run by Rankscope, against the same arithmetic done with Rust's native fixed-width types (`i8`
//! … `u64`, `f32`, `f64`) following C's promotions and usual arithmetic conversions. Inputs avoid
//! what C leaves undefined (division by zero, shifts by the width or more).

use proptest::prelude::*;
use rankscope_core::engine::Sim;
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::SimConfig;

/// A C arithmetic type of the test.
#[derive(Copy, Clone, Debug, PartialEq)]
enum T {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Float,
    Double,
}

const TYPES: [T; 10] = [
    T::Char,
    T::UChar,
    T::Short,
    T::UShort,
    T::Int,
    T::UInt,
    T::Long,
    T::ULong,
    T::Float,
    T::Double,
];

impl T {
    fn c(self) -> &'static str {
        match self {
            T::Char => "signed char",
            T::UChar => "unsigned char",
            T::Short => "short",
            T::UShort => "unsigned short",
            T::Int => "int",
            T::UInt => "unsigned int",
            T::Long => "long",
            T::ULong => "unsigned long",
            T::Float => "float",
            T::Double => "double",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, T::Float | T::Double)
    }

    /// (bytes, signed) of an integer type.
    fn int(self) -> (u32, bool) {
        match self {
            T::Char => (1, true),
            T::UChar => (1, false),
            T::Short => (2, true),
            T::UShort => (2, false),
            T::Int => (4, true),
            T::UInt => (4, false),
            T::Long => (8, true),
            T::ULong => (8, false),
            _ => (8, true),
        }
    }

    /// After the integer promotions.
    fn promoted(self) -> T {
        match self {
            T::Char | T::UChar | T::Short | T::UShort => T::Int,
            t => t,
        }
    }
}

/// C99 6.3.1.8 on two types.
fn common(a: T, b: T) -> T {
    if a == T::Double || b == T::Double {
        return T::Double;
    }
    if a == T::Float || b == T::Float {
        return T::Float;
    }
    let (a, b) = (a.promoted(), b.promoted());
    if a == b {
        return a;
    }
    let rank = |t: T| t.int().0;
    let (sa, sb) = (a.int().1, b.int().1);
    if sa == sb {
        return if rank(a) >= rank(b) { a } else { b };
    }
    let (u, s) = if sa { (b, a) } else { (a, b) };
    if rank(u) >= rank(s) {
        u
    } else {
        s
    }
}

/// A value: integers as their mathematical value (i128 holds every one), floats as f64.
#[derive(Copy, Clone, Debug, PartialEq)]
enum V {
    I(i128),
    F(f64),
}

/// C's conversion of `v` to type `t` (integers wrap modulo 2^bits; floats round).
fn convert(v: V, t: T) -> V {
    match (v, t) {
        (V::I(i), T::Float) => V::F(f64::from(i as f32)),
        (V::I(i), T::Double) => V::F(i as f64),
        (V::F(f), T::Float) => V::F(f64::from(f as f32)),
        (V::F(f), T::Double) => V::F(f),
        (V::F(f), t) => convert(V::I(f.trunc() as i128), t),
        (V::I(i), t) => {
            let (bytes, signed) = t.int();
            let bits = bytes * 8;
            let m = i.rem_euclid(1i128 << bits);
            V::I(if signed && m >= 1i128 << (bits - 1) {
                m - (1i128 << bits)
            } else {
                m
            })
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Lt,
    Eq,
}

const OPS: [Op; 12] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Div,
    Op::Rem,
    Op::Shl,
    Op::Shr,
    Op::And,
    Op::Or,
    Op::Xor,
    Op::Lt,
    Op::Eq,
];

impl Op {
    fn c(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
            Op::Lt => "<",
            Op::Eq => "==",
        }
    }

    fn integer_only(self) -> bool {
        matches!(
            self,
            Op::Rem | Op::Shl | Op::Shr | Op::And | Op::Or | Op::Xor
        )
    }
}

/// `a op b` with Rust's native types of the result type; `None` when C leaves it undefined.
fn apply(op: Op, a: V, ta: T, b: V, tb: T) -> Option<(V, T)> {
    if matches!(op, Op::Shl | Op::Shr) {
        let t = ta.promoted();
        let (V::I(x), V::I(n)) = (convert(a, t), b) else {
            return None;
        };
        let bits = t.int().0 * 8;
        if !(0..i128::from(bits)).contains(&n) {
            return None;
        }
        let n = n as u32;
        let r: i128 = match t {
            T::Int => i128::from(if op == Op::Shl {
                (x as i32).wrapping_shl(n)
            } else {
                (x as i32) >> n
            }),
            T::UInt => i128::from(if op == Op::Shl {
                (x as u32).wrapping_shl(n)
            } else {
                (x as u32) >> n
            }),
            T::Long => i128::from(if op == Op::Shl {
                (x as i64).wrapping_shl(n)
            } else {
                (x as i64) >> n
            }),
            _ => i128::from(if op == Op::Shl {
                (x as u64).wrapping_shl(n)
            } else {
                (x as u64) >> n
            }),
        };
        return Some((V::I(r), t));
    }
    let t = common(ta, tb);
    let (x, y) = (convert(a, t), convert(b, t));
    if matches!(op, Op::Lt | Op::Eq) {
        let r = match (x, y) {
            (V::I(x), V::I(y)) => (op == Op::Lt && x < y) || (op == Op::Eq && x == y),
            (V::F(x), V::F(y)) => (op == Op::Lt && x < y) || (op == Op::Eq && x == y),
            _ => return None,
        };
        return Some((V::I(i128::from(r)), T::Int));
    }
    match (x, y) {
        (V::F(x), V::F(y)) => {
            let r = match op {
                Op::Add => x + y,
                Op::Sub => x - y,
                Op::Mul => x * y,
                Op::Div => x / y,
                _ => return None,
            };
            Some((convert(V::F(r), t), t))
        }
        (V::I(x), V::I(y)) => {
            if matches!(op, Op::Div | Op::Rem) && y == 0 {
                return None;
            }
            macro_rules! native {
                ($ty:ty) => {{
                    let (x, y) = (x as $ty, y as $ty);
                    i128::from(match op {
                        Op::Add => x.wrapping_add(y),
                        Op::Sub => x.wrapping_sub(y),
                        Op::Mul => x.wrapping_mul(y),
                        Op::Div => x.wrapping_div(y),
                        Op::Rem => x.wrapping_rem(y),
                        Op::And => x & y,
                        Op::Or => x | y,
                        _ => x ^ y,
                    })
                }};
            }
            let r = match t {
                T::Int => native!(i32),
                T::UInt => native!(u32),
                T::Long => native!(i64),
                _ => native!(u64),
            };
            Some((V::I(r), t))
        }
        _ => None,
    }
}

/// A C literal of value `v` in type `t` (a cast makes its type exact).
fn literal(v: V, t: T) -> String {
    match v {
        V::F(f) if t == T::Float => format!("(float){f:?}"),
        V::F(f) => format!("{f:?}"),
        // Its two's-complement bits as an `unsigned long`, converted (wrapping) to the type.
        V::I(i) => format!("({})0x{:x}UL", t.c(), i as u64),
    }
}

/// How the program prints a value of type `t`, and what that prints for `v`.
fn print(v: V, t: T) -> (&'static str, String) {
    match v {
        V::F(f) if t == T::Float => ("%.9g", c_g(f, 9)),
        V::F(f) => ("%.17g", c_g(f, 17)),
        V::I(i) if t.int().1 => ("%lld", i.to_string()),
        V::I(i) => ("%llu", i.to_string()),
    }
}

/// `%.Ng` as glibc prints it (Rankscope's printf is tested against glibc separately; this only
/// has to agree on the values the property produces).
fn c_g(f: f64, digits: usize) -> String {
    rankscope_core::lang::libc::printf::format(
        &format!("%.{digits}g"),
        &[rankscope_core::lang::libc::printf::PrintArg::Double(f)],
    )
}

fn value_of(t: T) -> BoxedStrategy<V> {
    match t {
        T::Float => (-1000i32..1000, 0u32..6)
            .prop_map(|(m, e)| V::F(f64::from(m) / f64::from(1 << e)))
            .boxed(),
        T::Double => (any::<i32>(), 0u32..20)
            .prop_map(|(m, e)| V::F(f64::from(m) / f64::from(1 << e)))
            .boxed(),
        t => {
            let (bytes, signed) = t.int();
            let bits = bytes * 8;
            let (lo, hi) = if signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            };
            prop_oneof![
                (lo..=hi).prop_map(V::I),
                (-40i128..40).prop_map(move |v| convert(V::I(v), t)),
                Just(V::I(lo)),
                Just(V::I(hi)),
            ]
            .boxed()
        }
    }
}

#[derive(Clone, Debug)]
struct Case {
    ta: T,
    tb: T,
    op: Op,
    a: V,
    b: V,
}

fn case() -> impl Strategy<Value = Case> {
    (0..TYPES.len(), 0..TYPES.len(), 0..OPS.len()).prop_flat_map(|(i, j, k)| {
        let (ta, tb, op) = (TYPES[i], TYPES[j], OPS[k]);
        let (ta, tb) = if op.integer_only() {
            (
                if ta.is_float() { T::Int } else { ta },
                if tb.is_float() { T::Int } else { tb },
            )
        } else {
            (ta, tb)
        };
        let b = if matches!(op, Op::Shl | Op::Shr) {
            (0i128..8).prop_map(V::I).boxed()
        } else {
            value_of(tb)
        };
        (value_of(ta), b).prop_map(move |(a, b)| Case { ta, tb, op, a, b })
    })
}

fn run(source: &str) -> Vec<String> {
    let compiled = lang::load(source, "arith.c").unwrap_or_else(|d| {
        panic!(
            "{}\n{source}",
            d.iter()
                .map(|d| d.render("arith.c", source))
                .collect::<String>()
        )
    });
    let profile = builtin_profile("ib-qdr").unwrap();
    let mut sim = Sim::new(
        Machine::new(&profile, 1).unwrap(),
        lang::ranks(&compiled, 1, VmLimits::default()),
        SimConfig::default(),
    );
    sim.run().unwrap_or_else(|e| panic!("{e}\n{source}"));
    sim.console().iter().map(|l| l.text.clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Twenty random binary operations per program, every result printed in its C type.
    #[test]
    fn binary_operations_follow_c(cases in prop::collection::vec(case(), 20)) {
        let mut body = String::new();
        let mut expected = Vec::new();
        for c in &cases {
            let Some((r, t)) = apply(c.op, c.a, c.ta, c.b, c.tb) else { continue };
            let (fmt, text) = print(r, t);
            let cast = if t.is_float() { "double" } else if t.int().1 { "long long" } else { "unsigned long long" };
            body.push_str(&format!(
                "    {{ {} a = {}; {} b = {}; printf(\"{fmt}\\n\", ({cast})(a {} b)); }}\n",
                c.ta.c(), literal(c.a, c.ta), c.tb.c(), literal(c.b, c.tb), c.op.c()
            ));
            expected.push(text);
        }
        let source = format!("#include <stdio.h>\nint main(void) {{\n{body}    return 0;\n}}\n");
        prop_assert_eq!(run(&source), expected, "{}", source);
    }

    /// Conversions between every pair of arithmetic types, by assignment and by cast.
    #[test]
    fn conversions_follow_c(pairs in prop::collection::vec((0..TYPES.len(), 0..TYPES.len()), 20)
        .prop_flat_map(|p| {
            let values: Vec<_> = p.iter().map(|&(i, _)| value_of(TYPES[i])).collect();
            (Just(p), values)
        })) {
        let (pairs, values) = pairs;
        let mut body = String::new();
        let mut expected = Vec::new();
        for (&(i, j), &v) in pairs.iter().zip(&values) {
            let (from, to) = (TYPES[i], TYPES[j]);
            // A float out of the target integer's range is undefined in C.
            if let (V::F(f), false) = (v, to.is_float()) {
                let (bytes, signed) = to.int();
                let bits = bytes * 8;
                let (lo, hi) = if signed { (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1)) } else { (0.0, 2f64.powi(bits as i32)) };
                if f.trunc() < lo || f.trunc() >= hi { continue; }
            }
            let r = convert(v, to);
            let (fmt, text) = print(r, to);
            let cast = if to.is_float() { "double" } else if to.int().1 { "long long" } else { "unsigned long long" };
            body.push_str(&format!(
                "    {{ {} x = {}; {} y = x; printf(\"{fmt}\\n\", ({cast})y); printf(\"{fmt}\\n\", ({cast})({})x); }}\n",
                from.c(), literal(v, from), to.c(), to.c()
            ));
            expected.push(text.clone());
            expected.push(text);
        }
        let source = format!("#include <stdio.h>\nint main(void) {{\n{body}    return 0;\n}}\n");
        prop_assert_eq!(run(&source), expected, "{}", source);
    }
}
