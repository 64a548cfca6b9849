//! C's `printf` format language, as glibc implements it: [`format()`] and [`format_bytes`] for
//! `printf`/`fprintf`/`sprintf`/`snprintf`, and [`conversions`] for the checker (which C type each
//! argument must have, and where a format is broken).
//!
//! A conversion is `%[flags][width][.precision][length]conversion`: flags `-+ #0`; width and
//! precision as digits or `*` (an `int` argument; a negative width means `-`, a negative precision
//! none); length `hh h l ll L z j t`; conversions `d i u o x X c s p f F e E g G a A %`. An integer
//! argument arrives as an `i64` holding its value in its own C type; the length modifier says
//! which C type that is (`%d` prints the low 32 bits as `int`, `%hhu` the low 8 as `unsigned
//! char`, `%ld` all 64). Widths and precisions above [`MAX_WIDTH`] are clamped to it. `%n` is not
//! supported. [`format()`] never panics: a broken conversion prints as written, a missing argument
//! as `%?`.

use std::fmt;

/// The largest width or precision honoured (larger ones are clamped), so that no format can
/// make one call produce unbounded output.
pub const MAX_WIDTH: usize = 4096;

/// One argument as the VM read it.
#[derive(Clone, Debug, PartialEq)]
pub enum PrintArg {
    /// An integer (any C integer type, `char`, a handle), its value in its own type.
    Int(i64),
    /// A `double` (or a `float`, promoted).
    Double(f64),
    /// A string read from memory (for `%s`).
    Str(String),
    /// A pointer (for `%p`; `0` prints `(nil)`, and a null `%s` prints `(null)`).
    Ptr(u64),
}

/// A length modifier.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Length {
    /// None: `int`, `unsigned int`, `double`.
    Default,
    /// `hh`: `signed char` / `unsigned char`.
    Char,
    /// `h`: `short` / `unsigned short`.
    Short,
    /// `l`: `long` / `unsigned long` (on `f e g a`: still `double`).
    Long,
    /// `ll` (or `q`): `long long` / `unsigned long long`.
    LongLong,
    /// `L`: `long double` (on integers glibc reads `long long`).
    LongDouble,
    /// `z`: `size_t`.
    Size,
    /// `j`: `intmax_t` / `uintmax_t`.
    IntMax,
    /// `t`: `ptrdiff_t`.
    PtrDiff,
}

impl Length {
    fn spelling(self) -> &'static str {
        match self {
            Length::Default => "",
            Length::Char => "hh",
            Length::Short => "h",
            Length::Long => "l",
            Length::LongLong => "ll",
            Length::LongDouble => "L",
            Length::Size => "z",
            Length::IntMax => "j",
            Length::PtrDiff => "t",
        }
    }

    /// Bytes of the integer type it names (LP64).
    pub fn int_bytes(self) -> u8 {
        match self {
            Length::Char => 1,
            Length::Short => 2,
            Length::Default => 4,
            _ => 8,
        }
    }
}

/// What C type a `printf` argument must have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArgClass {
    /// A `*` width or precision: `int`.
    StarInt,
    /// `%d`/`%i`: a signed integer of the length (`hh` and `h` take an `int`, as promoted).
    Signed(Length),
    /// `%u`/`%o`/`%x`/`%X`: an unsigned integer of the length (an `int` is accepted by C's rules
    /// when its value is representable).
    Unsigned(Length),
    /// `%c`: an `int` (a `char` is promoted).
    Char,
    /// `%f %e %g %a` (and uppercase): a `double` (a `float` is promoted); `L`: `long double`.
    Double(Length),
    /// `%s`: a `char *` to a NUL-terminated string.
    Str,
    /// `%p`: any object pointer (`void *`).
    Ptr,
}

impl ArgClass {
    /// The C type, as a message would name it.
    pub fn c_type(self) -> &'static str {
        match self {
            ArgClass::StarInt | ArgClass::Char => "int",
            ArgClass::Signed(l) => match l {
                Length::Default | Length::Char | Length::Short => "int",
                Length::Long => "long",
                Length::LongLong | Length::LongDouble => "long long",
                Length::Size => "ssize_t",
                Length::IntMax => "intmax_t",
                Length::PtrDiff => "ptrdiff_t",
            },
            ArgClass::Unsigned(l) => match l {
                Length::Default | Length::Char | Length::Short => "unsigned int",
                Length::Long => "unsigned long",
                Length::LongLong | Length::LongDouble => "unsigned long long",
                Length::Size => "size_t",
                Length::IntMax => "uintmax_t",
                Length::PtrDiff => "ptrdiff_t",
            },
            ArgClass::Double(Length::LongDouble) => "long double",
            ArgClass::Double(_) => "double",
            ArgClass::Str => "char *",
            ArgClass::Ptr => "void *",
        }
    }
}

/// What is wrong with a format, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Byte offset in the format of the conversion's `%`.
    pub offset: usize,
    /// Byte length of the conversion as far as it was read (at least 1).
    pub len: usize,
    /// Plain English, starting lowercase.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

/// The C types of the arguments `fmt` consumes, in order (`*` widths included), or the first
/// broken conversion.
pub fn conversions(fmt: &str) -> Result<Vec<ArgClass>, FormatError> {
    let bytes = fmt.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'%' {
            at += 1;
            continue;
        }
        let spec = Spec::parse(bytes, at)?;
        at = spec.end;
        if spec.width == Count::Star {
            out.push(ArgClass::StarInt);
        }
        if spec.precision == Some(Count::Star) {
            out.push(ArgClass::StarInt);
        }
        out.extend(spec.class());
    }
    Ok(out)
}

/// Formats `fmt` with `args`, as text for a console (bytes that are not UTF-8 shown as `�`).
pub fn format(fmt: &str, args: &[PrintArg]) -> String {
    String::from_utf8_lossy(&format_bytes(fmt.as_bytes(), args)).into_owned()
}

/// Formats `fmt` with `args` into the bytes C would produce. `printf` returns its length;
/// `sprintf` stores it and a NUL; `snprintf(buf, n, …)` stores the first `n - 1` bytes (none if
/// `n` is 0) and a NUL, and returns the full length ([`snprintf_prefix`]).
pub fn format_bytes(fmt: &[u8], args: &[PrintArg]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut args = args.iter();
    let mut at = 0;
    while at < fmt.len() {
        let Some(next) = fmt[at..].iter().position(|&b| b == b'%') else {
            out.extend_from_slice(&fmt[at..]);
            break;
        };
        out.extend_from_slice(&fmt[at..at + next]);
        at += next;
        let spec = match Spec::parse(fmt, at) {
            Ok(spec) => spec,
            Err(e) => {
                // glibc prints a conversion it does not know as written.
                let end = (e.offset + e.len).min(fmt.len()).max(at + 1);
                out.extend_from_slice(&fmt[at..end]);
                at = end;
                continue;
            }
        };
        at = spec.end;
        if spec.conv == b'%' {
            out.push(b'%');
            continue;
        }
        let mut spec = spec;
        if spec.width == Count::Star {
            match args.next() {
                Some(a) => {
                    let w = as_int(a) as i32;
                    if w < 0 {
                        spec.flags.minus = true;
                    }
                    spec.width = Count::Fixed((w.unsigned_abs() as usize).min(MAX_WIDTH));
                }
                None => {
                    out.extend_from_slice(b"%?");
                    continue;
                }
            }
        }
        if spec.precision == Some(Count::Star) {
            match args.next() {
                Some(a) => {
                    let p = as_int(a) as i32;
                    spec.precision = usize::try_from(p)
                        .ok()
                        .map(|p| Count::Fixed(p.min(MAX_WIDTH)));
                }
                None => {
                    out.extend_from_slice(b"%?");
                    continue;
                }
            }
        }
        let Some(arg) = args.next() else {
            out.extend_from_slice(b"%?");
            continue;
        };
        spec.write(arg, &mut out);
    }
    out
}

/// What `snprintf(buf, size, …)` stores before its NUL: at most `size - 1` bytes of `formatted`
/// (nothing when `size` is 0, when it stores no NUL either). It returns `formatted.len()`.
pub fn snprintf_prefix(formatted: &[u8], size: usize) -> &[u8] {
    &formatted[..formatted.len().min(size.saturating_sub(1))]
}

/// The integer value of an argument (a `double` truncated, a string 0).
fn as_int(a: &PrintArg) -> i64 {
    match a {
        PrintArg::Int(v) => *v,
        PrintArg::Double(d) => *d as i64,
        PrintArg::Ptr(p) => *p as i64,
        PrintArg::Str(_) => 0,
    }
}

#[derive(Copy, Clone, Debug, Default)]
struct Flags {
    minus: bool,
    plus: bool,
    space: bool,
    hash: bool,
    zero: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Count {
    Fixed(usize),
    Star,
}

/// One parsed conversion.
#[derive(Clone, Debug)]
struct Spec {
    flags: Flags,
    width: Count,
    precision: Option<Count>,
    length: Length,
    conv: u8,
    /// Just after it in the format.
    end: usize,
}

impl Spec {
    /// Parses the conversion whose `%` is at `start`.
    fn parse(fmt: &[u8], start: usize) -> Result<Spec, FormatError> {
        let mut at = start + 1;
        let err = |at: usize, message: String| FormatError {
            offset: start,
            len: at.saturating_sub(start).max(1),
            message,
        };
        let mut flags = Flags::default();
        while let Some(&c) = fmt.get(at) {
            match c {
                b'-' => flags.minus = true,
                b'+' => flags.plus = true,
                b' ' => flags.space = true,
                b'#' => flags.hash = true,
                b'0' => flags.zero = true,
                _ => break,
            }
            at += 1;
        }
        let number = |at: &mut usize| {
            let mut n = 0usize;
            while let Some(d) = fmt.get(*at).filter(|c| c.is_ascii_digit()) {
                n = n.saturating_mul(10).saturating_add(usize::from(d - b'0'));
                *at += 1;
            }
            n.min(MAX_WIDTH)
        };
        let width = if fmt.get(at) == Some(&b'*') {
            at += 1;
            Count::Star
        } else {
            let digits_at = at;
            let n = number(&mut at);
            if fmt.get(at) == Some(&b'$') {
                let _ = digits_at;
                return Err(err(
                    at + 1,
                    "positional arguments (`%1$d`) are not supported".into(),
                ));
            }
            Count::Fixed(n)
        };
        let precision = if fmt.get(at) == Some(&b'.') {
            at += 1;
            if fmt.get(at) == Some(&b'*') {
                at += 1;
                Some(Count::Star)
            } else {
                Some(Count::Fixed(number(&mut at)))
            }
        } else {
            None
        };
        let (length, len) = match (fmt.get(at), fmt.get(at + 1)) {
            (Some(b'h'), Some(b'h')) => (Length::Char, 2),
            (Some(b'h'), _) => (Length::Short, 1),
            (Some(b'l'), Some(b'l')) => (Length::LongLong, 2),
            (Some(b'l'), _) => (Length::Long, 1),
            (Some(b'q'), _) => (Length::LongLong, 1),
            (Some(b'L'), _) => (Length::LongDouble, 1),
            (Some(b'z'), _) => (Length::Size, 1),
            (Some(b'j'), _) => (Length::IntMax, 1),
            (Some(b't'), _) => (Length::PtrDiff, 1),
            _ => (Length::Default, 0),
        };
        at += len;
        let Some(&conv) = fmt.get(at) else {
            return Err(err(
                at,
                "this `%` ends the format without a conversion".into(),
            ));
        };
        at += 1;
        let shown = || String::from_utf8_lossy(&fmt[start..at]).into_owned();
        match conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'%' => {}
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                if !matches!(length, Length::Default | Length::Long | Length::LongDouble) {
                    return Err(err(
                        at,
                        format!(
                            "`{}` does not go with `%{}` in `{}`",
                            length.spelling(),
                            char::from(conv),
                            shown()
                        ),
                    ));
                }
            }
            b'c' | b's' | b'p' => {
                if length == Length::Long && conv != b'p' {
                    return Err(err(
                        at,
                        format!("wide characters (`{}`) are not supported", shown()),
                    ));
                }
                if length != Length::Default {
                    return Err(err(
                        at,
                        format!(
                            "`{}` does not go with `%{}` in `{}`",
                            length.spelling(),
                            char::from(conv),
                            shown()
                        ),
                    ));
                }
            }
            b'n' => {
                return Err(err(
                    at,
                    "`%n` is not supported: it writes through a pointer".into(),
                ))
            }
            _ => {
                let ch = std::str::from_utf8(&fmt[at - 1..])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .unwrap_or(char::from(conv));
                return Err(err(at, format!("`%{ch}` is not a conversion printf knows")));
            }
        }
        Ok(Spec {
            flags,
            width,
            precision,
            length,
            conv,
            end: at,
        })
    }

    /// The argument the conversion itself takes (not its `*`s).
    fn class(&self) -> Option<ArgClass> {
        Some(match self.conv {
            b'd' | b'i' => ArgClass::Signed(self.length),
            b'u' | b'o' | b'x' | b'X' => ArgClass::Unsigned(self.length),
            b'c' => ArgClass::Char,
            b's' => ArgClass::Str,
            b'p' => ArgClass::Ptr,
            b'%' => return None,
            _ => ArgClass::Double(self.length),
        })
    }

    fn width(&self) -> usize {
        match self.width {
            Count::Fixed(w) => w,
            Count::Star => 0,
        }
    }

    fn precision(&self) -> Option<usize> {
        match self.precision {
            Some(Count::Fixed(p)) => Some(p),
            _ => None,
        }
    }

    /// Writes the conversion of `arg` (widths already resolved).
    fn write(&self, arg: &PrintArg, out: &mut Vec<u8>) {
        match self.conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => {
                let v = match arg {
                    PrintArg::Double(d) => *d as i64,
                    _ => as_int(arg),
                };
                self.integer(v, out);
            }
            b'c' => {
                let c = [as_int(arg) as u8];
                self.pad(b"", &c, false, out);
            }
            b's' => {
                let s: &[u8] = match arg {
                    PrintArg::Str(s) => s.as_bytes(),
                    PrintArg::Ptr(0) | PrintArg::Int(0) => {
                        // glibc: "(null)", or nothing when the precision cannot hold it.
                        if self.precision().is_none_or(|p| p >= 6) {
                            b"(null)"
                        } else {
                            b""
                        }
                    }
                    _ => b"%?",
                };
                let s = &s[..self.precision().map_or(s.len(), |p| p.min(s.len()))];
                self.pad(b"", s, false, out);
            }
            b'p' => {
                let p = as_int(arg) as u64;
                if p == 0 {
                    self.pad(b"", b"(nil)", false, out);
                } else {
                    // glibc: `%#lx` with the sign flags of a signed conversion.
                    let mut digits = format!("{p:x}").into_bytes();
                    if let Some(prec) = self.precision() {
                        while digits.len() < prec {
                            digits.insert(0, b'0');
                        }
                    }
                    let sign: &[u8] = if self.flags.plus {
                        b"+0x"
                    } else if self.flags.space {
                        b" 0x"
                    } else {
                        b"0x"
                    };
                    let zeros = self.flags.zero && !self.flags.minus && self.precision().is_none();
                    self.pad(sign, &digits, zeros, out);
                }
            }
            _ => {
                let v = match arg {
                    PrintArg::Double(d) => *d,
                    _ => as_int(arg) as f64,
                };
                self.float(v, out);
            }
        }
    }

    /// `prefix` (sign, `0x`) and `body`, padded to the width: spaces on the left (or right with
    /// `-`), or zeros between prefix and body when `zeros`.
    fn pad(&self, prefix: &[u8], body: &[u8], zeros: bool, out: &mut Vec<u8>) {
        let len = prefix.len() + body.len();
        let fill = self.width().saturating_sub(len);
        if self.flags.minus {
            out.extend_from_slice(prefix);
            out.extend_from_slice(body);
            out.extend(std::iter::repeat_n(b' ', fill));
        } else if zeros {
            out.extend_from_slice(prefix);
            out.extend(std::iter::repeat_n(b'0', fill));
            out.extend_from_slice(body);
        } else {
            out.extend(std::iter::repeat_n(b' ', fill));
            out.extend_from_slice(prefix);
            out.extend_from_slice(body);
        }
    }

    fn integer(&self, v: i64, out: &mut Vec<u8>) {
        let signed = matches!(self.conv, b'd' | b'i');
        let (negative, magnitude) = if signed {
            let v = match self.length {
                Length::Char => i64::from(v as i8),
                Length::Short => i64::from(v as i16),
                Length::Default => i64::from(v as i32),
                _ => v,
            };
            (v < 0, v.unsigned_abs())
        } else {
            let v = match self.length {
                Length::Char => u64::from(v as u8),
                Length::Short => u64::from(v as u16),
                Length::Default => u64::from(v as u32),
                _ => v as u64,
            };
            (false, v)
        };
        let mut digits = match self.conv {
            b'o' => format!("{magnitude:o}"),
            b'x' => format!("{magnitude:x}"),
            b'X' => format!("{magnitude:X}"),
            _ => magnitude.to_string(),
        }
        .into_bytes();
        let precision = self.precision();
        if precision == Some(0) && magnitude == 0 {
            digits.clear();
        }
        if let Some(p) = precision {
            if digits.len() < p {
                let mut padded = vec![b'0'; p - digits.len()];
                padded.extend_from_slice(&digits);
                digits = padded;
            }
        }
        if self.flags.hash && self.conv == b'o' && digits.first() != Some(&b'0') {
            digits.insert(0, b'0');
        }
        let prefix: &[u8] = if negative {
            b"-"
        } else if signed && self.flags.plus {
            b"+"
        } else if signed && self.flags.space {
            b" "
        } else if self.flags.hash && magnitude != 0 && self.conv == b'x' {
            b"0x"
        } else if self.flags.hash && magnitude != 0 && self.conv == b'X' {
            b"0X"
        } else {
            b""
        };
        let zeros = self.flags.zero && !self.flags.minus && precision.is_none();
        self.pad(prefix, &digits, zeros, out);
    }

    fn float(&self, v: f64, out: &mut Vec<u8>) {
        let upper = self.conv.is_ascii_uppercase();
        let prefix: &[u8] = if v.is_sign_negative() {
            b"-"
        } else if self.flags.plus {
            b"+"
        } else if self.flags.space {
            b" "
        } else {
            b""
        };
        if !v.is_finite() {
            let body = match (v.is_nan(), upper) {
                (true, false) => "nan",
                (true, true) => "NAN",
                (false, false) => "inf",
                (false, true) => "INF",
            };
            self.pad(prefix, body.as_bytes(), false, out);
            return;
        }
        let a = v.abs();
        let p = self.precision();
        let hash = self.flags.hash;
        let (hex_prefix, body) = match self.conv.to_ascii_lowercase() {
            b'f' => (None, fixed(a, p.unwrap_or(6), hash)),
            b'e' => (None, exponential(a, p.unwrap_or(6), hash)),
            b'g' => (None, general(a, p.unwrap_or(6), hash)),
            _ => (Some(if upper { "0X" } else { "0x" }), hex_float(a, p, hash)),
        };
        let body = if upper {
            body.to_ascii_uppercase()
        } else {
            body
        };
        let zeros = self.flags.zero && !self.flags.minus;
        match hex_prefix {
            Some(x) => {
                let mut pre = prefix.to_vec();
                pre.extend_from_slice(x.as_bytes());
                self.pad(&pre, body.as_bytes(), zeros, out);
            }
            None => self.pad(prefix, body.as_bytes(), zeros, out),
        }
    }
}

/// `%f` of a non-negative finite `a`.
fn fixed(a: f64, p: usize, hash: bool) -> String {
    let mut s = format!("{a:.p$}");
    if hash && p == 0 {
        s.push('.');
    }
    s
}

/// `%e` of a non-negative finite `a`: `d.ddde±XX`.
fn exponential(a: f64, p: usize, hash: bool) -> String {
    let s = format!("{a:.p$e}");
    let (mantissa, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let dot = if hash && p == 0 { "." } else { "" };
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mantissa}{dot}e{sign}{:02}", e.unsigned_abs())
}

/// `%g` of a non-negative finite `a`: `%e` or `%f` by the exponent, trailing zeros removed
/// unless `#`.
fn general(a: f64, p: usize, hash: bool) -> String {
    let p = p.max(1);
    // The exponent after rounding to `p` significant digits.
    let e_form = format!("{a:.prec$e}", prec = p - 1);
    let x: i64 = e_form
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    if hash && x == p as i64 {
        // glibc's quirk: when rounding carries `%#g` from `%f` style into `%e` style
        // (`%#.6g` of 999999.5), it prints no zeros after the point: `1.e+06`.
        let unrounded: i64 = format!("{a:e}")
            .split_once('e')
            .and_then(|(_, e)| e.parse().ok())
            .unwrap_or(x);
        if unrounded == x - 1 {
            return format!("1.e+{x:02}");
        }
    }
    let s = if x < -4 || x >= p as i64 {
        exponential(a, p - 1, hash)
    } else {
        fixed(a, (p as i64 - 1 - x) as usize, hash)
    };
    if hash {
        return s;
    }
    let (mantissa, exp) = match s.find('e') {
        Some(i) => s.split_at(i),
        None => (s.as_str(), ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{exp}")
}

/// `%a` of a non-negative finite `a`, without the `0x`: `h.hhhp±d` as glibc writes it (a
/// normal number starts `1.`, a subnormal `0.` with exponent −1022; rounding is to nearest,
/// ties to even, and may carry into the first digit, giving `2p+0`).
fn hex_float(a: f64, p: Option<usize>, hash: bool) -> String {
    let bits = a.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let mut mantissa = bits & ((1u64 << 52) - 1);
    let (mut lead, exp) = match (a == 0.0, biased) {
        (true, _) => (0u64, 0i64),
        (false, 0) => (0, -1022),
        (false, b) => (1, b - 1023),
    };
    let digits = match p {
        None => {
            let full = format!("{mantissa:013x}");
            full.trim_end_matches('0').to_string()
        }
        Some(p) if p >= 13 => format!("{mantissa:013x}{}", "0".repeat(p - 13)),
        Some(p) => {
            let drop = 4 * (13 - p) as u32;
            let rest = mantissa & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let mut kept = mantissa >> drop;
            let odd = if p == 0 { lead & 1 } else { kept & 1 };
            if rest > half || (rest == half && odd == 1) {
                kept += 1;
                if p == 0 || kept >> (4 * p) != 0 {
                    lead += 1;
                    kept &= (1u64 << (4 * p)) - 1;
                }
            }
            mantissa = kept;
            if p == 0 {
                String::new()
            } else {
                format!("{mantissa:0width$x}", width = p)
            }
        }
    };
    let dot = if digits.is_empty() && !hash { "" } else { "." };
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{lead}{dot}{digits}p{sign}{}", exp.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use PrintArg::{Double as D, Int as I, Ptr as P, Str as S};

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
                "%g %g %g %g %g",
                vec![D(0.0001), D(123456.0), D(1234567.0), D(2.5), D(999999.5)],
                "0.0001 123456 1.23457e+06 2.5 1e+06",
            ),
            (
                "%s=%c %x %%",
                vec![S("n".into()), I(65), I(255)],
                "n=A ff %",
            ),
            ("%d %d", vec![I(1)], "1 %?"),
            ("%+d % d %lu", vec![I(5), I(5), I(9)], "+5  5 9"),
            ("%o %5o %-4o|", vec![I(8), I(64), I(7)], "10   100 7   |"),
            (
                "%u %x %hhd %hu %ld",
                vec![I(-1), I(-1), I(300), I(-1), I(-1)],
                "4294967295 ffffffff 44 65535 -1",
            ),
            (
                "%*d|%-*d|%.*f",
                vec![I(4), I(7), I(-3), I(1), I(2), D(1.23456)],
                "   7|1  |1.23",
            ),
            (
                "%#x %#o %#X %#.0f %#g",
                vec![I(255), I(8), I(0), D(3.0), D(1.0)],
                "0xff 010 0 3. 1.00000",
            ),
            (
                "%.3d %.0d| %+.2e",
                vec![I(7), I(0), D(-12345.678)],
                "007 | -1.23e+04",
            ),
            (
                "%p %p %5.2s|%s",
                vec![P(0x1000), P(0), S("hello".into()), P(0)],
                "0x1000 (nil)    he|(null)",
            ),
            (
                "%f %F %e %g %5.1f",
                vec![
                    D(f64::INFINITY),
                    D(f64::NEG_INFINITY),
                    D(f64::NAN),
                    D(-f64::NAN),
                    D(f64::INFINITY),
                ],
                "inf -INF nan -nan   inf",
            ),
            (
                "%a %a %A %.1a %.0a",
                vec![D(1.0), D(0.5), D(3.0), D(1.96875), D(1.5)],
                "0x1p+0 0x1p-1 0X1.8P+1 0x2.0p+0 0x2p+0",
            ),
            ("%y %5", vec![I(1)], "%y %5"),
            (
                "%lld %zu %jd %td %Lf %lf",
                vec![I(i64::MIN), I(-1), I(3), I(-4), D(0.5), D(0.25)],
                "-9223372036854775808 18446744073709551615 3 -4 0.500000 0.250000",
            ),
        ];
        for (fmt, args, want) in cases {
            assert_eq!(format(fmt, args), *want, "{fmt}");
        }
    }

    #[test]
    fn conversions_give_argument_types_and_errors() {
        use ArgClass::*;
        assert_eq!(
            conversions("%d %5.2f %s %*.*lu %c %p %% %hhx %Lg").unwrap(),
            vec![
                Signed(Length::Default),
                Double(Length::Default),
                Str,
                StarInt,
                StarInt,
                Unsigned(Length::Long),
                Char,
                Ptr,
                Unsigned(Length::Char),
                Double(Length::LongDouble)
            ]
        );
        assert_eq!(Signed(Length::Long).c_type(), "long");
        assert_eq!(Unsigned(Length::Size).c_type(), "size_t");
        let e = conversions("ab %d %n").unwrap_err();
        assert_eq!((e.offset, e.len), (6, 2));
        assert_eq!(
            e.message,
            "`%n` is not supported: it writes through a pointer"
        );
        let msg = |f: &str| conversions(f).unwrap_err().message;
        assert_eq!(msg("%"), "this `%` ends the format without a conversion");
        assert_eq!(msg("%5.2"), "this `%` ends the format without a conversion");
        assert_eq!(msg("%y"), "`%y` is not a conversion printf knows");
        assert_eq!(msg("%é"), "`%é` is not a conversion printf knows");
        assert_eq!(msg("%hf"), "`h` does not go with `%f` in `%hf`");
        assert_eq!(msg("%ls"), "wide characters (`%ls`) are not supported");
        assert_eq!(
            msg("%1$d"),
            "positional arguments (`%1$d`) are not supported"
        );
    }

    #[test]
    fn snprintf_keeps_a_prefix_and_the_full_length() {
        let full = format_bytes(b"%d-%s", &[I(12345), S("abc".into())]);
        assert_eq!(full.len(), 9);
        assert_eq!(snprintf_prefix(&full, 4), b"123");
        assert_eq!(snprintf_prefix(&full, 0), b"");
        assert_eq!(snprintf_prefix(&full, 100), b"12345-abc");
        assert_eq!(format_bytes(b"%c", &[I(200)]), vec![200]);
    }
}
