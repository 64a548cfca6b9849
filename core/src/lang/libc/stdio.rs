//! The standard streams of `<stdio.h>`: `stdin`, `stdout` and `stderr` as `FILE *` values,
//! what writes a line to one (`fputs`, `fputc`, `puts`, `perror`), and reading: a rank's
//! standard input is empty (`getchar` and `scanf` return `EOF`), while `sscanf` reads a string
//! with C's conversions. A `FILE *` is a small number naming a stream ([`Stream`]); a data
//! file's stream can be one more kind.

use super::{cbytes, put, strto, Done, Lib};

/// What a `FILE *` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stream {
    /// `stdin`: empty (a rank reads no input).
    Stdin,
    /// `stdout`: the rank's console.
    Stdout,
    /// `stderr`: the rank's error stream (on the console, marked).
    Stderr,
}

/// `stdout`'s value.
pub const STDOUT: i64 = 1;
/// `stderr`'s value.
pub const STDERR: i64 = 2;
/// `stdin`'s value.
pub const STDIN: i64 = 3;

/// The stream a `FILE *` value names (`None`: not a stream).
pub fn stream_of(v: i64) -> Option<Stream> {
    match v {
        STDOUT => Some(Stream::Stdout),
        STDERR => Some(Stream::Stderr),
        STDIN => Some(Stream::Stdin),
        _ => None,
    }
}

/// The value of a stream's name (`"stderr"` → [`STDERR`]).
pub fn named(name: &str) -> Option<i64> {
    match name {
        "stdout" => Some(STDOUT),
        "stderr" => Some(STDERR),
        "stdin" => Some(STDIN),
        _ => None,
    }
}

impl Lib<'_> {
    /// The text buffer that writing to `stream` appends to.
    pub(super) fn sink(&mut self, stream: i64, what: &str) -> Result<&mut String, String> {
        match stream_of(stream) {
            Some(Stream::Stdout) => Ok(self.out),
            Some(Stream::Stderr) => Ok(self.err),
            Some(Stream::Stdin) => Err(format!("{what} to `stdin`, which is for reading")),
            None if stream == 0 => Err(format!("{what} to a NULL stream")),
            None => Err(format!(
                "{what} to a value that is not a stream (use `stdout` or `stderr`)"
            )),
        }
    }
}

/// `perror(s)`: `s: ` and the text of `errno` on `stderr` (the file functions set it).
pub(super) fn perror(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let text = super::string::error_text(i64::from(l.files.errno_value(l.mem)));
    let prefix = if a[0] == 0 {
        String::new()
    } else {
        String::from_utf8_lossy(&cbytes(l.mem, a[0])?).into_owned()
    };
    if prefix.is_empty() {
        l.err.push_str(&format!("{text}\n"));
    } else {
        l.err.push_str(&format!("{prefix}: {text}\n"));
    }
    Ok(Done::Value(0))
}

/// `fflush(stream)`: nothing to do (lines show at their newline); `NULL` means every stream.
pub(super) fn fflush(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    if a[0] != 0 && stream_of(a[0]).is_none() && !l.files.is_open(a[0]) {
        l.sink(a[0], "fflush")?;
    }
    Ok(Done::Value(0))
}

/// `getchar()` and `scanf(…)`: a rank's standard input is empty, so `EOF`.
pub(super) fn end_of_input(_: &mut Lib<'_>, _: &[i64]) -> Result<Done, String> {
    Ok(Done::Value(-1))
}

/// `sscanf(str, format, …)`: C's conversions (`%d %i %u %o %x %ld %lld %hd %hhd %zu %f %lf %e
/// %g %s %c %[…] %n %p %%`, widths, `*`), storing through the pointers; the number of
/// conversions stored, or `EOF` when the input ends before the first conversion.
pub(super) fn sscanf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let input = cbytes(l.mem, a[0])?;
    let format = cbytes(l.mem, a[1])?;
    let mut stores = Vec::new();
    let n = scan(&input, &format, &mut stores)?;
    let pointers = &a[2..];
    for (next, store) in stores.into_iter().enumerate() {
        let Some(&p) = pointers.get(next) else {
            return Err(format!(
                "sscanf's format has more conversions than the {} pointers given",
                pointers.len()
            ));
        };
        if p == 0 {
            return Err("sscanf: a NULL pointer to store a conversion".into());
        }
        match store {
            Store::Bytes(b) => put(l.mem, p, &b)?,
            Store::Int(v, bytes) => put(l.mem, p, &v.to_le_bytes()[..bytes])?,
            Store::Float(x) => put(l.mem, p, &(x as f32).to_le_bytes())?,
            Store::Double(x) => put(l.mem, p, &x.to_le_bytes())?,
        }
    }
    Ok(Done::Value(n))
}

/// One value `scan` stores through the next pointer.
#[derive(Clone, Debug, PartialEq)]
pub enum Store {
    /// Characters (`%s` and `%[` with their terminating zero, `%c` without).
    Bytes(Vec<u8>),
    /// An integer of this many bytes.
    Int(i64, usize),
    /// A `float`.
    Float(f64),
    /// A `double`.
    Double(f64),
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// `sscanf`'s work on bytes: the stores in order and the return value.
pub fn scan(input: &[u8], format: &[u8], stores: &mut Vec<Store>) -> Result<i64, String> {
    let mut at = 0; // in input
    let mut f = 0; // in format
    let mut count: i64 = 0;
    // Whether a conversion was attempted (for EOF versus 0).
    let mut converted = false;
    let eof = |count: i64, converted: bool| if converted { count } else { -1 };
    while f < format.len() {
        let c = format[f];
        if is_space(c) {
            while f < format.len() && is_space(format[f]) {
                f += 1;
            }
            while at < input.len() && is_space(input[at]) {
                at += 1;
            }
            continue;
        }
        if c != b'%' || format.get(f + 1) == Some(&b'%') {
            if c == b'%' {
                f += 1;
                while at < input.len() && is_space(input[at]) {
                    at += 1;
                }
            }
            if at >= input.len() {
                return Ok(eof(count, converted));
            }
            if input[at] != format[f] {
                return Ok(count);
            }
            at += 1;
            f += 1;
            continue;
        }
        f += 1;
        let suppress = format.get(f) == Some(&b'*');
        if suppress {
            f += 1;
        }
        let mut width = 0usize;
        while let Some(d) = format.get(f).filter(|c| c.is_ascii_digit()) {
            width = width * 10 + usize::from(d - b'0');
            f += 1;
        }
        let mut length = String::new();
        while let Some(&m) = format.get(f).filter(|c| b"hlLqjzt".contains(c)) {
            length.push(char::from(m));
            f += 1;
        }
        let Some(&conv) = format.get(f) else {
            return Err("sscanf: the format ends inside a conversion".into());
        };
        f += 1;
        if !matches!(conv, b'c' | b'[' | b'n') {
            while at < input.len() && is_space(input[at]) {
                at += 1;
            }
        }
        if conv == b'n' {
            if !suppress {
                stores.push(Store::Int(at as i64, int_bytes(&length)));
            }
            continue;
        }
        if at >= input.len() {
            return Ok(eof(count, converted));
        }
        converted = true;
        let limit = if width == 0 { usize::MAX } else { width };
        let rest = &input[at..input.len().min(at.saturating_add(limit))];
        match conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' => {
                let base = match conv {
                    b'd' | b'u' => 10,
                    b'i' => 0,
                    b'o' => 8,
                    _ => 16,
                };
                let p = if conv == b'd' || conv == b'i' {
                    strto::strtol(rest, base)
                } else {
                    let u = strto::strtoul(rest, base);
                    strto::Parsed {
                        value: u.value as i64,
                        end: u.end,
                        range_error: u.range_error,
                    }
                };
                if p.end == 0 {
                    return Ok(count);
                }
                at += p.end;
                if !suppress {
                    let bytes = if conv == b'p' { 8 } else { int_bytes(&length) };
                    stores.push(Store::Int(p.value, bytes));
                    count += 1;
                }
            }
            b'f' | b'e' | b'g' | b'E' | b'G' | b'a' | b'A' | b'F' => {
                if length == "L" {
                    return Err(
                        "sscanf: `long double` (`%Lf`) is not supported: use `%lf` and a `double`"
                            .into(),
                    );
                }
                let p = strto::strtod(rest);
                if p.end == 0 {
                    return Ok(count);
                }
                at += p.end;
                if !suppress {
                    stores.push(if length.is_empty() {
                        Store::Float(p.value)
                    } else {
                        Store::Double(p.value)
                    });
                    count += 1;
                }
            }
            b's' => {
                let n = rest.iter().take_while(|&&b| !is_space(b)).count();
                let mut word = rest[..n].to_vec();
                at += n;
                if !suppress {
                    word.push(0);
                    stores.push(Store::Bytes(word));
                    count += 1;
                }
            }
            b'c' => {
                let n = if width == 0 { 1 } else { width };
                if input.len() - at < n {
                    // Too few characters: an input failure.
                    return Ok(if count == 0 { -1 } else { count });
                }
                let chars = input[at..at + n].to_vec();
                at += n;
                if !suppress {
                    stores.push(Store::Bytes(chars));
                    count += 1;
                }
            }
            b'[' => {
                let (negate, members, end) = scanset(format, f)?;
                f = end;
                let n = rest
                    .iter()
                    .take_while(|b| members.contains(b) != negate)
                    .count();
                if n == 0 {
                    return Ok(count);
                }
                let mut word = rest[..n].to_vec();
                at += n;
                if !suppress {
                    word.push(0);
                    stores.push(Store::Bytes(word));
                    count += 1;
                }
            }
            other => {
                return Err(format!(
                    "sscanf: unknown conversion `%{}`",
                    char::from(other)
                ))
            }
        }
    }
    Ok(count)
}

/// The size of the integer a length modifier names (`h` 2, `hh` 1, `l`/`ll`/`j`/`z`/`t` 8).
fn int_bytes(length: &str) -> usize {
    match length {
        "" => 4,
        "h" => 2,
        "hh" => 1,
        _ => 8,
    }
}

/// A `%[…]` set starting at `f` (after the `[`): (negated, its bytes, the format position
/// after the `]`).
fn scanset(format: &[u8], mut f: usize) -> Result<(bool, Vec<u8>, usize), String> {
    let negate = format.get(f) == Some(&b'^');
    if negate {
        f += 1;
    }
    let mut members = Vec::new();
    let mut first = true;
    loop {
        let Some(&c) = format.get(f) else {
            return Err("sscanf: a `%[` set without its `]`".into());
        };
        if c == b']' && !first {
            f += 1;
            break;
        }
        first = false;
        if format.get(f + 1) == Some(&b'-')
            && format.get(f + 2).is_some_and(|&e| e != b']' && e >= c)
        {
            let e = format[f + 2];
            members.extend(c..=e);
            f += 3;
        } else {
            members.push(c);
            f += 1;
        }
    }
    Ok((negate, members, f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, format: &str) -> (i64, Vec<Store>) {
        let mut stores = Vec::new();
        let n = scan(input.as_bytes(), format.as_bytes(), &mut stores).unwrap();
        (n, stores)
    }

    #[test]
    fn counts_as_glibc() {
        assert_eq!(run("", "%d").0, -1);
        assert_eq!(run("   ", "%d").0, -1);
        assert_eq!(run("abc", "%d").0, 0);
        assert_eq!(run("5", "%d %d").0, 1);
        assert_eq!(run("5 6", "%d %d").0, 2);
        assert_eq!(run("x", "y%d").0, 0);
        assert_eq!(run("", "y%d").0, -1);
        let (n, s) = run("12345 rest", "%3d%n");
        assert_eq!(n, 1);
        assert_eq!(s, vec![Store::Int(123, 4), Store::Int(3, 4)]);
    }

    #[test]
    fn sets_strings_and_chars() {
        let (n, s) = run("key=value;x", "%[^=]=%[a-z]%c");
        assert_eq!(n, 3);
        assert_eq!(
            s,
            vec![
                Store::Bytes(b"key\0".to_vec()),
                Store::Bytes(b"value\0".to_vec()),
                Store::Bytes(b";".to_vec())
            ]
        );
        let (n, s) = run("3.5e2 0x1f -7", "%lf %x %*d");
        assert_eq!(n, 2);
        assert_eq!(s, vec![Store::Double(350.0), Store::Int(31, 4)]);
    }
}
