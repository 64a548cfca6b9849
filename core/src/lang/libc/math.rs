//! The `<math.h>` functions Rust's `f64` has no method for: `erf`, `erfc`, `tgamma`, `lgamma`,
//! `remainder`, `nextafter`, `frexp`-like splits and C99's classification (`isnan`, `isinf`
//! with glibc's sign, `fpclassify`'s `FP_…` numbers). Accurate to a few units in the last
//! place, so printed digits agree with glibc's.

use std::f64::consts::PI;

/// `erf(x)`: a series with positive terms for |x| < 2.5, the continued fraction of `erfc`
/// beyond.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 2.5 {
        erf_series(x)
    } else {
        x.signum() * (1.0 - erfc_fraction(x.abs()))
    }
}

/// `erfc(x)`.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 0.75 {
        1.0 - erf(x)
    } else {
        // 1 − erf loses digits as erfc gets small: the continued fraction instead.
        erfc_fraction(x)
    }
}

/// erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)).
fn erf_series(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    while term.abs() > sum.abs() * 1e-17 {
        n += 1.0;
        term *= 2.0 * x2 / (2.0 * n + 1.0);
        sum += term;
    }
    2.0 / PI.sqrt() * (-x2).exp() * sum
}

/// erfc(x) for x ≥ 0.75, by the Laplace continued fraction (modified Lentz).
fn erfc_fraction(x: f64) -> f64 {
    if x > 27.3 {
        return 0.0;
    }
    // erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..5000 {
        let a = f64::from(k) / 2.0;
        d = x + a * d;
        d = if d == 0.0 { tiny } else { d };
        c = x + a / c;
        c = if c == 0.0 { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-17 {
            break;
        }
    }
    (-x * x).exp() / PI.sqrt() / f
}

/// Lanczos' coefficients (g = 7, n = 9).
const LANCZOS: [f64; 9] = [
    0.999_999_999_999_809_9,
    676.520_368_121_885_1,
    -1_259.139_216_722_402_8,
    771.323_428_777_653_1,
    -176.615_029_162_140_6,
    12.507_343_278_686_905,
    -0.138_571_095_265_720_12,
    9.984_369_578_019_572e-6,
    1.505_632_735_149_311_6e-7,
];

/// Γ(x) for x ≥ 0.5 by Lanczos' approximation.
fn gamma_lanczos(x: f64) -> f64 {
    let x = x - 1.0;
    let mut a = LANCZOS[0];
    let t = x + 7.5;
    for (i, c) in LANCZOS.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    (2.0 * PI).sqrt() * t.powf(x + 0.5) * (-t).exp() * a
}

/// `tgamma(x)`: exact factorials for whole numbers up to 171, Lanczos otherwise, reflection
/// below ½; poles are NaN (negative integers) or ±∞ (zero), as C's.
pub fn tgamma(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f64::INFINITY.copysign(x);
    }
    if x < 0.0 && x == x.floor() {
        return f64::NAN;
    }
    if x == f64::NEG_INFINITY {
        return f64::NAN;
    }
    if x == x.floor() && x <= 171.0 {
        let mut p = 1.0;
        let mut k = 2.0;
        while k < x {
            p *= k;
            k += 1.0;
        }
        return p;
    }
    if x > 171.7 {
        return f64::INFINITY;
    }
    if x < 0.5 {
        return PI / ((PI * x).sin() * gamma_lanczos(1.0 - x));
    }
    gamma_lanczos(x)
}

/// `lgamma(x)`: ln |Γ(x)|.
pub fn lgamma(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() || (x <= 0.0 && x == x.floor()) {
        return f64::INFINITY;
    }
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    if x < 0.5 {
        return (PI / (PI * x).sin().abs()).ln() - lgamma(1.0 - x);
    }
    if x < 100.0 {
        return tgamma(x).abs().ln();
    }
    // Stirling's series.
    let z = x;
    (z - 0.5) * z.ln() - z + 0.5 * (2.0 * PI).ln() + 1.0 / (12.0 * z) - 1.0 / (360.0 * z.powi(3))
        + 1.0 / (1260.0 * z.powi(5))
}

/// `remainder(x, y)`: x − n·y with n the integer nearest to x/y (ties to even).
pub fn remainder(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return f64::NAN;
    }
    if y.is_infinite() {
        return x;
    }
    let r = x % y;
    let ay = y.abs();
    let odd = ((x - r) / y) % 2.0 != 0.0;
    if 2.0 * r.abs() > ay || (2.0 * r.abs() == ay && odd) {
        r - ay.copysign(r)
    } else {
        r
    }
}

/// `nextafter(x, y)`.
pub fn nextafter(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f64::from_bits(1).copysign(y);
    }
    let bits = x.to_bits();
    let up = (y > x) == (x > 0.0);
    f64::from_bits(if up { bits + 1 } else { bits - 1 })
}

/// `ldexp(x, n)`: x · 2ⁿ, exactly where representable.
pub fn ldexp(x: f64, n: i64) -> f64 {
    let mut x = x;
    let mut n = n.clamp(-2200, 2200);
    while n > 1000 {
        x *= 2f64.powi(1000);
        n -= 1000;
    }
    while n < -1000 {
        x *= 2f64.powi(-1000);
        n += 1000;
    }
    x * 2f64.powi(n as i32)
}

/// `frexp(x)`: (m, e) with x = m · 2ᵉ and ½ ≤ |m| < 1 (0 for 0, x itself for ∞ and NaN).
pub fn frexp(x: f64) -> (f64, i64) {
    if x == 0.0 || x.is_nan() || x.is_infinite() {
        return (x, 0);
    }
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), -64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let m = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (m, exp + bias)
}

/// glibc's `isinf`: 1 for +∞, −1 for −∞, 0 otherwise.
pub fn isinf(x: f64) -> i64 {
    if x == f64::INFINITY {
        1
    } else if x == f64::NEG_INFINITY {
        -1
    } else {
        0
    }
}

/// `fpclassify(x)` with glibc's numbers: `FP_NAN` 0, `FP_INFINITE` 1, `FP_ZERO` 2,
/// `FP_SUBNORMAL` 3, `FP_NORMAL` 4.
pub fn fpclassify(x: f64) -> i64 {
    match x.classify() {
        std::num::FpCategory::Nan => 0,
        std::num::FpCategory::Infinite => 1,
        std::num::FpCategory::Zero => 2,
        std::num::FpCategory::Subnormal => 3,
        std::num::FpCategory::Normal => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_cases() {
        assert_eq!(tgamma(5.0), 24.0);
        assert!(tgamma(-2.0).is_nan());
        assert_eq!(tgamma(0.0), f64::INFINITY);
        assert_eq!(remainder(5.5, 2.0), -0.5);
        assert_eq!(remainder(7.0, 2.0), -1.0);
        assert_eq!(frexp(8.0), (0.5, 4));
        assert_eq!(ldexp(0.5, 4), 8.0);
        assert_eq!(nextafter(1.0, 2.0), 1.0 + f64::EPSILON);
        assert_eq!(isinf(f64::NEG_INFINITY), -1);
        assert_eq!(fpclassify(0.0), 2);
    }
}
