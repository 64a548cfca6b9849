//! C `printf` formatting for the per-rank console: `%d %i %u %x %c %s %f %e %g %%` with flags
//! (`-`, `+`, space, `0`), width and precision; length modifiers (`l`, `ll`, `h`, `z`) are
//! accepted and ignored. A conversion without a matching argument prints as `%?`, never panics.

/// One argument as the VM read it.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintArg {
    /// An integer (int, char, handle).
    Int(i64),
    /// A double.
    Double(f64),
    /// A string read from memory (for `%s`).
    Str(String),
}

/// Formats `format` with `args`.
pub fn format(fmt: &str, args: &[PrintArg]) -> String {
    let mut out = String::new();
    let mut args = args.iter();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let (mut left, mut plus, mut space, mut zero) = (false, false, false, false);
        while let Some(&f) = chars.peek() {
            match f {
                '-' => left = true,
                '+' => plus = true,
                ' ' => space = true,
                '0' => zero = true,
                '#' => {}
                _ => break,
            }
            chars.next();
        }
        let mut width = 0usize;
        while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
            width = width
                .saturating_mul(10)
                .saturating_add(d as usize)
                .min(1000);
            chars.next();
        }
        let mut precision = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = 0usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                p = p.saturating_mul(10).saturating_add(d as usize).min(100);
                chars.next();
            }
            precision = Some(p);
        }
        while matches!(chars.peek(), Some('l' | 'h' | 'z' | 'L')) {
            chars.next();
        }
        let Some(conv) = chars.next() else {
            out.push('%');
            break;
        };
        let body = match conv {
            '%' => {
                out.push('%');
                continue;
            }
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' => {
                let v = match args.next() {
                    Some(PrintArg::Int(v)) => *v,
                    Some(PrintArg::Double(d)) => *d as i64,
                    _ => {
                        out.push_str("%?");
                        continue;
                    }
                };
                match conv {
                    'c' => char::from(v as u8).to_string(),
                    'o' => format!("{:o}", v as u32),
                    'x' => format!("{:x}", v as u32),
                    'X' => format!("{:X}", v as u32),
                    'u' => (v as u32).to_string(),
                    _ => sign(v.to_string(), v >= 0, plus, space),
                }
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
                let v = match args.next() {
                    Some(PrintArg::Double(d)) => *d,
                    Some(PrintArg::Int(v)) => *v as f64,
                    _ => {
                        out.push_str("%?");
                        continue;
                    }
                };
                let p = precision.unwrap_or(6);
                let s = match conv {
                    'f' | 'F' => fixed(v, p),
                    'e' => exp(v, p, false),
                    'E' => exp(v, p, true),
                    _ => general(v, p, conv == 'G'),
                };
                sign(s, v >= 0.0 || v.is_nan(), plus, space)
            }
            's' => match args.next() {
                Some(PrintArg::Str(s)) => match precision {
                    Some(p) => s.chars().take(p).collect(),
                    None => s.clone(),
                },
                _ => {
                    out.push_str("%?");
                    continue;
                }
            },
            other => {
                out.push('%');
                out.push(other);
                continue;
            }
        };
        let len = body.chars().count();
        if len >= width {
            out.push_str(&body);
        } else if left {
            out.push_str(&body);
            out.extend(std::iter::repeat_n(' ', width - len));
        } else if zero && conv != 's' && conv != 'c' {
            let (sign, digits) = match body.strip_prefix(['-', '+', ' ']) {
                Some(rest) => (&body[..1], rest),
                None => ("", body.as_str()),
            };
            out.push_str(sign);
            out.extend(std::iter::repeat_n('0', width - len));
            out.push_str(digits);
        } else {
            out.extend(std::iter::repeat_n(' ', width - len));
            out.push_str(&body);
        }
    }
    out
}

fn sign(s: String, non_negative: bool, plus: bool, space: bool) -> String {
    if non_negative && plus {
        format!("+{s}")
    } else if non_negative && space {
        format!(" {s}")
    } else {
        s
    }
}

fn special(v: f64) -> Option<String> {
    if v.is_nan() {
        Some("nan".into())
    } else if v.is_infinite() {
        Some(if v > 0.0 { "inf" } else { "-inf" }.into())
    } else {
        None
    }
}

fn fixed(v: f64, p: usize) -> String {
    special(v).unwrap_or_else(|| format!("{v:.p$}"))
}

fn exp(v: f64, p: usize, upper: bool) -> String {
    if let Some(s) = special(v) {
        return s;
    }
    // Rust prints `1.5e3`; C prints `1.500000e+03`.
    let s = format!("{v:.p$e}");
    let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    let letter = if upper { 'E' } else { 'e' };
    format!("{mantissa}{letter}{sign}{:02}", e.abs())
}

fn general(v: f64, p: usize, upper: bool) -> String {
    if let Some(s) = special(v) {
        return s;
    }
    let p = p.max(1);
    if v == 0.0 {
        return "0".into();
    }
    let e = v.abs().log10().floor() as i32;
    let s = if e < -4 || e >= p as i32 {
        let s = exp(v, p - 1, upper);
        let (m, rest) = s.split_at(s.find(['e', 'E']).unwrap_or(s.len()));
        format!("{}{rest}", trim_zeros(m))
    } else {
        let decimals = (p as i32 - 1 - e).max(0) as usize;
        trim_zeros(&format!("{v:.decimals$}")).to_string()
    };
    s
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PrintArg::{Double as D, Int as I, Str as S};

    #[test]
    fn matches_c_printf() {
        let cases: &[(&str, Vec<PrintArg>, &str)] = &[
            (
                "%d|%5d|%-5d|%05d",
                vec![I(42), I(-42), I(7), I(-3)],
                "42|  -42|7    |-0003",
            ),
            (
                "%f %.2f %8.3f",
                vec![D(1.5), D(1.23456), D(-2.0)],
                "1.500000 1.23   -2.000",
            ),
            (
                "%e %E",
                vec![D(1500.0), D(0.00012)],
                "1.500000e+03 1.200000E-04",
            ),
            (
                "%g %g %g %g",
                vec![D(0.0001), D(123456.0), D(1234567.0), D(2.5)],
                "0.0001 123456 1.23457e+06 2.5",
            ),
            (
                "%s=%c %x %%",
                vec![S("n".into()), I(65), I(255)],
                "n=A ff %",
            ),
            ("%d %d", vec![I(1)], "1 %?"),
            ("%+d % d %lu", vec![I(5), I(5), I(9)], "+5  5 9"),
            ("%o %5o %-4o|", vec![I(8), I(64), I(7)], "10   100 7   |"),
        ];
        for (fmt, args, want) in cases {
            assert_eq!(format(fmt, args), *want, "{fmt}");
        }
    }
}
