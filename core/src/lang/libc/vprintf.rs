//! `vprintf`, `vfprintf`, `vsprintf` and `vsnprintf` (`<stdio.h>` with `<stdarg.h>`): `printf`'s
//! formatting with the arguments a `va_list` points at. A variadic function's further arguments
//! sit in 8-byte slots (the compiler's calls: integers and addresses as 64-bit words, `double`s
//! as themselves), so the format's conversions say how to read each slot.

use super::printf::{self, ArgClass, PrintArg};
use super::{addr, cbytes, cstr, put, size, Done, Lib};

/// The arguments `fmt`'s conversions take, read from the slots at `ap`.
fn args(l: &Lib<'_>, fmt: &str, ap: i64) -> Result<Vec<PrintArg>, String> {
    let classes = printf::conversions(fmt).unwrap_or_default();
    let mut out = Vec::with_capacity(classes.len());
    for (i, class) in classes.iter().enumerate() {
        let at = addr(ap).wrapping_add(8 * i as u32);
        let word = l
            .mem
            .read(at, 8)
            .map_err(|e| format!("reading argument {} of the `va_list`: {e}", i + 1))?;
        let v = i64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        out.push(match class {
            ArgClass::Double(_) => PrintArg::Double(f64::from_bits(v as u64)),
            ArgClass::Str if v != 0 => PrintArg::Str(cstr(l.mem, v)?),
            ArgClass::Str | ArgClass::Ptr => PrintArg::Ptr(v as u64),
            _ => PrintArg::Int(v),
        });
    }
    Ok(out)
}

/// The text `fmt` (at `fmt_at`) makes with the arguments at `ap`.
fn text(l: &Lib<'_>, fmt_at: i64, ap: i64) -> Result<Vec<u8>, String> {
    let fmt = cbytes(l.mem, fmt_at)?;
    let fmt_text = String::from_utf8_lossy(&fmt).into_owned();
    let args = args(l, &fmt_text, ap)?;
    Ok(printf::format_bytes(&fmt, &args))
}

/// `int vprintf(const char *format, va_list ap)`: to the rank's console.
pub(super) fn vprintf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let t = text(l, a[0], a[1])?;
    l.out.push_str(&String::from_utf8_lossy(&t));
    Ok(Done::Value(t.len() as i64))
}

/// `int vfprintf(FILE *stream, const char *format, va_list ap)`: to the stream, as `fprintf`
/// (`stderr` is the rank's error stream).
pub(super) fn vfprintf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let t = text(l, a[1], a[2])?;
    l.sink(a[0], "vfprintf")?
        .push_str(&String::from_utf8_lossy(&t));
    Ok(Done::Value(t.len() as i64))
}

/// `int vsprintf(char *str, const char *format, va_list ap)`.
pub(super) fn vsprintf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let mut t = text(l, a[1], a[2])?;
    let n = t.len();
    t.push(0);
    put(l.mem, a[0], &t)?;
    l.moved += t.len() as u64;
    Ok(Done::Value(n as i64))
}

/// `int vsnprintf(char *str, size_t size, const char *format, va_list ap)`: at most `size - 1`
/// bytes and the NUL; the result is the length the whole text would have.
pub(super) fn vsnprintf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let cap = size(a[1])? as usize;
    let t = text(l, a[2], a[3])?;
    if cap > 0 {
        let mut kept = printf::snprintf_prefix(&t, cap).to_vec();
        kept.push(0);
        put(l.mem, a[0], &kept)?;
        l.moved += kept.len() as u64;
    }
    Ok(Done::Value(t.len() as i64))
}
