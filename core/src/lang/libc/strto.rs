//! C's number parsing, as glibc does it: `strtol`, `strtoul`, `atoi`, `atol`, `strtod`, `atof`
//! on the bytes of a string. Each gives the value, where parsing stopped (`endptr`, as an offset;
//! 0 when nothing was read) and whether C would set `errno = ERANGE`. Pure: the VM reads the
//! string from memory and stores the results.

/// A parsed number: what the function returns, and what it reports beside.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    /// The return value (clamped on overflow, as C does).
    pub value: T,
    /// Bytes consumed: `*endptr - s` (0 when no number was found).
    pub end: usize,
    /// C sets `errno` to `ERANGE` (overflow, or a floating underflow).
    pub range_error: bool,
}

/// C's `isspace` in the C locale.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// The optional whitespace and sign before a number: (negative, offset after them).
fn sign(s: &[u8]) -> (bool, usize) {
    let mut at = s.iter().position(|&c| !is_space(c)).unwrap_or(s.len());
    let negative = s.get(at) == Some(&b'-');
    if matches!(s.get(at), Some(b'+' | b'-')) {
        at += 1;
    }
    (negative, at)
}

fn digit(c: u8, base: u32) -> Option<u64> {
    char::from(c).to_digit(base).map(u64::from)
}

/// The magnitude of an unsigned number in `base` (0: by prefix): (negative, magnitude,
/// overflowed, end); `end` is 0 when there are no digits (and on an invalid base).
fn magnitude(s: &[u8], base: u32) -> (bool, u64, bool, usize) {
    if base == 1 || base > 36 {
        return (false, 0, false, 0);
    }
    let (negative, mut at) = sign(s);
    let hex_prefix = s.get(at) == Some(&b'0')
        && matches!(s.get(at + 1), Some(b'x' | b'X'))
        && s.get(at + 2).is_some_and(|&c| digit(c, 16).is_some());
    let base = match base {
        0 if hex_prefix => 16,
        0 if s.get(at) == Some(&b'0') => 8,
        0 => 10,
        b => b,
    };
    if base == 16 && hex_prefix {
        at += 2;
    }
    let start = at;
    let mut value: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(at).and_then(|&c| digit(c, base)) {
        match value
            .checked_mul(u64::from(base))
            .and_then(|v| v.checked_add(d))
        {
            Some(v) => value = v,
            None => overflow = true,
        }
        at += 1;
    }
    if at == start {
        return (false, 0, false, 0);
    }
    (negative, value, overflow, at)
}

/// `strtol(s, &end, base)` (`long` is 64-bit): clamps to `LONG_MIN`/`LONG_MAX` on overflow.
pub fn strtol(s: &[u8], base: u32) -> Parsed<i64> {
    let (negative, m, overflow, end) = magnitude(s, base);
    let limit = if negative {
        i64::MIN.unsigned_abs()
    } else {
        i64::MAX as u64
    };
    let (value, range_error) = match (overflow || m > limit, negative) {
        (true, true) => (i64::MIN, true),
        (true, false) => (i64::MAX, true),
        (false, true) => ((m as i64).wrapping_neg(), false),
        (false, false) => (m as i64, false),
    };
    Parsed {
        value,
        end,
        range_error,
    }
}

/// `strtoul(s, &end, base)`: a `-` negates in unsigned arithmetic (`"-1"` is `ULONG_MAX`);
/// overflow gives `ULONG_MAX`.
pub fn strtoul(s: &[u8], base: u32) -> Parsed<u64> {
    let (negative, m, overflow, end) = magnitude(s, base);
    let value = match (overflow, negative) {
        (true, _) => u64::MAX,
        (false, true) => m.wrapping_neg(),
        (false, false) => m,
    };
    Parsed {
        value,
        end,
        range_error: overflow,
    }
}

/// `atoi(s)`: glibc's `(int) strtol(s, NULL, 10)`.
pub fn atoi(s: &[u8]) -> i32 {
    strtol(s, 10).value as i32
}

/// `atol(s)`: `strtol(s, NULL, 10)`.
pub fn atol(s: &[u8]) -> i64 {
    strtol(s, 10).value
}

/// `atof(s)`: `strtod(s, NULL)`.
pub fn atof(s: &[u8]) -> f64 {
    strtod(s).value
}

/// `strtod(s, &end)`: decimal (correctly rounded) and hexadecimal (`0x1.8p3`) numbers,
/// `inf`/`infinity`/`nan`/`nan(…)` in any case. Overflow gives ±`HUGE_VAL` and a range error;
/// a non-zero number that rounds to 0 gives a range error too.
pub fn strtod(s: &[u8]) -> Parsed<f64> {
    let (negative, at) = sign(s);
    let signed = |v: f64| if negative { -v } else { v };
    let rest = &s[at..];
    let starts = |word: &str| {
        rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word.as_bytes())
    };
    let none = Parsed {
        value: 0.0,
        end: 0,
        range_error: false,
    };
    if starts("inf") {
        let len = if starts("infinity") { 8 } else { 3 };
        return Parsed {
            value: signed(f64::INFINITY),
            end: at + len,
            range_error: false,
        };
    }
    if starts("nan") {
        let mut end = at + 3;
        if s.get(end) == Some(&b'(') {
            let body = s[end + 1..]
                .iter()
                .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'));
            if let Some(n) = body.filter(|&n| s.get(end + 1 + n) == Some(&b')')) {
                end += n + 2;
            }
        }
        return Parsed {
            value: signed(f64::NAN),
            end,
            range_error: false,
        };
    }
    let hex = rest.len() > 2
        && rest[0] == b'0'
        && matches!(rest[1], b'x' | b'X')
        && (digit(rest[2], 16).is_some()
            || (rest[2] == b'.' && rest.get(3).is_some_and(|&c| digit(c, 16).is_some())));
    let (value, len, nonzero) = if hex {
        let (v, len, nonzero) = hex_float(&rest[2..]);
        (v, len + 2, nonzero)
    } else {
        match decimal(rest) {
            Some(r) => r,
            None => return none,
        }
    };
    let overflow = value.is_infinite();
    Parsed {
        value: signed(value),
        end: at + len,
        range_error: overflow || (value == 0.0 && nonzero),
    }
}

/// A decimal floating number at the start of `s`: (value, length, any non-zero digit).
fn decimal(s: &[u8]) -> Option<(f64, usize, bool)> {
    let digits = |from: usize| {
        s[from.min(s.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let int = digits(0);
    let mut at = int;
    let mut frac = 0;
    if s.get(at) == Some(&b'.') {
        frac = digits(at + 1);
        at += 1 + frac;
    }
    if int + frac == 0 {
        return None;
    }
    if matches!(s.get(at), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(s.get(at + 1), Some(b'+' | b'-')));
        let exp = digits(at + 1 + sign);
        if exp > 0 {
            at += 1 + sign + exp;
        }
    }
    let text = std::str::from_utf8(&s[..at]).ok()?;
    // Rust's parser is correctly rounded, like glibc's; give it digits on both sides of a `.`.
    let normal = if text.starts_with('.') {
        format!("0{text}")
    } else {
        text.to_string()
    };
    let nonzero = s[..int + usize::from(frac > 0) + frac]
        .iter()
        .any(|c| (b'1'..=b'9').contains(c));
    normal.parse::<f64>().ok().map(|v| (v, at, nonzero))
}

/// A hexadecimal floating number after its `0x`: (value, length, any non-zero digit). Rounds to
/// nearest, ties to even.
fn hex_float(s: &[u8]) -> (f64, usize, bool) {
    let mut mantissa: u64 = 0;
    let mut exp: i64 = 0;
    let mut sticky = false;
    let mut at = 0;
    let mut seen_dot = false;
    let mut nonzero = false;
    loop {
        match s.get(at) {
            Some(b'.') if !seen_dot => seen_dot = true,
            Some(&c) => {
                let Some(d) = digit(c, 16) else { break };
                nonzero |= d != 0;
                if mantissa >> 60 == 0 {
                    mantissa = mantissa << 4 | d;
                    if seen_dot {
                        exp -= 4;
                    }
                } else {
                    sticky |= d != 0;
                    if !seen_dot {
                        exp += 4;
                    }
                }
            }
            None => break,
        }
        at += 1;
    }
    if matches!(s.get(at), Some(b'p' | b'P')) {
        let neg = s.get(at + 1) == Some(&b'-');
        let sign = usize::from(matches!(s.get(at + 1), Some(b'+' | b'-')));
        let n = s[at + 1 + sign..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if n > 0 {
            let e: i64 = s[at + 1 + sign..at + 1 + sign + n]
                .iter()
                .fold(0i64, |acc, &c| {
                    acc.saturating_mul(10).saturating_add(i64::from(c - b'0'))
                });
            exp = exp.saturating_add(if neg { -e } else { e });
            at += 1 + sign + n;
        }
    }
    if mantissa == 0 {
        return (0.0, at, nonzero);
    }
    // Normalize to 64 bits, then round to 53 with the dropped bits and the sticky bit.
    let shift = mantissa.leading_zeros();
    mantissa <<= shift;
    exp -= i64::from(shift);
    let top = mantissa >> 11;
    let rest = mantissa & 0x7ff;
    let half = 0x400;
    let round_up = rest > half || (rest == half && (sticky || top & 1 == 1));
    let top = top + u64::from(round_up);
    let value = (top as f64) * 2f64.powi(11);
    (scale(value, exp), at, nonzero)
}

/// `v * 2^exp` without overflowing the intermediate steps.
fn scale(mut v: f64, mut exp: i64) -> f64 {
    exp = exp.clamp(-4000, 4000);
    while exp > 1000 {
        v *= 2f64.powi(1000);
        exp -= 1000;
    }
    while exp < -1000 {
        v *= 2f64.powi(-1000);
        exp += 1000;
    }
    v * 2f64.powi(exp as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strtol_as_c_does() {
        let p = |s: &str, base| {
            let r = strtol(s.as_bytes(), base);
            (r.value, r.end, r.range_error)
        };
        assert_eq!(p("  42abc", 10), (42, 4, false));
        assert_eq!(p("-0x1F", 0), (-31, 5, false));
        assert_eq!(p("0x", 0), (0, 1, false));
        assert_eq!(p("017", 0), (15, 3, false));
        assert_eq!(p("z", 36), (35, 1, false));
        assert_eq!(p("  +", 10), (0, 0, false));
        assert_eq!(p("99999999999999999999", 10), (i64::MAX, 20, true));
        assert_eq!(p("-9223372036854775808", 10), (i64::MIN, 20, false));
        assert_eq!(p("12", 1), (0, 0, false));
        assert_eq!(strtoul(b"-1", 10).value, u64::MAX);
        assert_eq!(atoi(b"  -12x"), -12);
        assert_eq!(atoi(b"4294967297"), 1);
    }

    #[test]
    fn strtod_as_c_does() {
        let p = |s: &str| {
            let r = strtod(s.as_bytes());
            (r.value, r.end, r.range_error)
        };
        assert_eq!(p(" 1.5e3x"), (1500.0, 6, false));
        assert_eq!(p(".5"), (0.5, 2, false));
        assert_eq!(p("5."), (5.0, 2, false));
        assert_eq!(p("1e"), (1.0, 1, false));
        assert_eq!(p("-InFinity"), (f64::NEG_INFINITY, 9, false));
        assert_eq!(p("0x1.8p3"), (12.0, 7, false));
        assert_eq!(p("0x"), (0.0, 1, false));
        assert_eq!(p("1e999"), (f64::INFINITY, 5, true));
        assert_eq!(p("1e-999"), (0.0, 6, true));
        assert_eq!(p("abc"), (0.0, 0, false));
        assert!(strtod(b"nan(123)").value.is_nan());
        assert_eq!(strtod(b"nan(123)").end, 8);
        assert_eq!(atof(b"3.25"), 3.25);
    }
}
