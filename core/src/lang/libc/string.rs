//! The `<string.h>` and `<strings.h>` functions that search, split, compare without case or
//! duplicate strings (`strtok`, `strspn`, `strcasecmp`, `memchr`, `strerror`, …), as glibc does
//! them. The copying and comparing basics sit in the table itself (`mod.rs`).

use super::{addr, cbytes, cbytes_max, mem_err, put, size, Done, Lib};

/// The bytes of the set string at `at` (for `strspn`, `strtok`, …).
fn set(l: &Lib<'_>, at: i64) -> Result<Vec<u8>, String> {
    cbytes(l.mem, at)
}

/// `strspn(s, accept)`: the length of the leading run of bytes in `accept`.
pub(super) fn strspn(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (s, accept) = (cbytes(l.mem, a[0])?, set(l, a[1])?);
    Ok(Done::Value(
        s.iter().take_while(|b| accept.contains(b)).count() as i64,
    ))
}

/// `strcspn(s, reject)`: the length of the leading run of bytes not in `reject`.
pub(super) fn strcspn(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (s, reject) = (cbytes(l.mem, a[0])?, set(l, a[1])?);
    Ok(Done::Value(
        s.iter().take_while(|b| !reject.contains(b)).count() as i64,
    ))
}

/// `strpbrk(s, accept)`: the first byte of `s` in `accept`, or `NULL`.
pub(super) fn strpbrk(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (s, accept) = (cbytes(l.mem, a[0])?, set(l, a[1])?);
    Ok(Done::Value(
        s.iter()
            .position(|b| accept.contains(b))
            .map_or(0, |i| a[0] + i as i64),
    ))
}

/// One `strtok` step from `s` (not `NULL`): skips leading delimiters, ends the token with a
/// zero, and gives (the token or `NULL`, where the next call starts).
fn token(l: &mut Lib<'_>, s: i64, delim: i64) -> Result<(i64, i64), String> {
    let d = set(l, delim)?;
    let text = cbytes(l.mem, s)?;
    let start = text.iter().take_while(|b| d.contains(b)).count();
    if start == text.len() {
        // Only delimiters: no token; later calls stay at the end.
        return Ok((0, s + text.len() as i64));
    }
    let len = text[start..].iter().take_while(|b| !d.contains(b)).count();
    let end = s + (start + len) as i64;
    if start + len == text.len() {
        return Ok((s + start as i64, end));
    }
    put(l.mem, end, &[0])?;
    Ok((s + start as i64, end + 1))
}

/// `strtok(s, delim)`: the rank's one saved position, as C's.
pub(super) fn strtok(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let s = if a[0] != 0 { a[0] } else { l.state.strtok };
    if s == 0 {
        return Ok(Done::Value(0));
    }
    let (tok, next) = token(l, s, a[1])?;
    l.state.strtok = next;
    Ok(Done::Value(tok))
}

/// `strtok_r(s, delim, saveptr)`: the position saved in `*saveptr`.
pub(super) fn strtok_r(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let s = if a[0] != 0 {
        a[0]
    } else {
        let saved = l.mem.read(addr(a[2]), 8).map_err(mem_err)?;
        i64::from_le_bytes(saved.try_into().unwrap_or_default())
    };
    if s == 0 {
        return Ok(Done::Value(0));
    }
    let (tok, next) = token(l, s, a[1])?;
    put(l.mem, a[2], &next.to_le_bytes())?;
    Ok(Done::Value(tok))
}

/// `memchr(s, c, n)`.
pub(super) fn memchr(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[2])?;
    let bytes = l.mem.read(addr(a[0]), n).map_err(mem_err)?;
    let c = a[1] as u8;
    let found = bytes.iter().position(|&b| b == c);
    l.moved += found.map_or(u64::from(n), |i| i as u64 + 1);
    Ok(Done::Value(found.map_or(0, |i| a[0] + i as i64)))
}

/// `strcasecmp`/`strncasecmp`'s result: the difference of the first differing lower-cased
/// bytes, as glibc.
fn case_diff(x: &[u8], y: &[u8], n: usize) -> i64 {
    for i in 0..n {
        let a = x.get(i).copied().unwrap_or(0).to_ascii_lowercase();
        let b = y.get(i).copied().unwrap_or(0).to_ascii_lowercase();
        if a != b || a == 0 {
            return i64::from(a) - i64::from(b);
        }
    }
    0
}

/// `strcasecmp(s1, s2)`.
pub(super) fn strcasecmp(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (x, y) = (cbytes(l.mem, a[0])?, cbytes(l.mem, a[1])?);
    Ok(Done::Value(case_diff(&x, &y, usize::MAX)))
}

/// `strncasecmp(s1, s2, n)`.
pub(super) fn strncasecmp(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let n = size(a[2])? as usize;
    let (x, y) = (cbytes_max(l.mem, a[0], n)?, cbytes_max(l.mem, a[1], n)?);
    Ok(Done::Value(case_diff(&x, &y, n)))
}

/// `strndup(s, n)`: at most `n` bytes, in a block of the checked heap.
pub(super) fn strndup(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let mut s = cbytes_max(l.mem, a[0], size(a[1])? as usize)?;
    s.push(0);
    let p = l
        .mem
        .malloc(s.len() as u32, l.line)
        .map_err(|e| e.to_string())?;
    put(l.mem, i64::from(p), &s)?;
    Ok(Done::Value(i64::from(p)))
}

/// `strnlen(s, n)`.
pub(super) fn strnlen(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    Ok(Done::Value(
        cbytes_max(l.mem, a[0], size(a[1])? as usize)?.len() as i64,
    ))
}

/// glibc's text for an `errno` value.
pub fn error_text(errnum: i64) -> String {
    match errnum {
        0 => "Success".into(),
        1 => "Operation not permitted".into(),
        2 => "No such file or directory".into(),
        3 => "No such process".into(),
        4 => "Interrupted system call".into(),
        5 => "Input/output error".into(),
        9 => "Bad file descriptor".into(),
        11 => "Resource temporarily unavailable".into(),
        12 => "Cannot allocate memory".into(),
        13 => "Permission denied".into(),
        17 => "File exists".into(),
        20 => "Not a directory".into(),
        21 => "Is a directory".into(),
        22 => "Invalid argument".into(),
        24 => "Too many open files".into(),
        28 => "No space left on device".into(),
        32 => "Broken pipe".into(),
        33 => "Numerical argument out of domain".into(),
        34 => "Numerical result out of range".into(),
        n => format!("Unknown error {n}"),
    }
}

/// `strerror(errnum)`: glibc's text, in a string the library keeps for the whole run.
pub(super) fn strerror(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let text = error_text(i64::from(a[0] as i32));
    Ok(Done::Value(l.state.library_string(l.mem, &text)?))
}
