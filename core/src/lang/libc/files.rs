//! Data files: the files of a program's set that are neither `.c` nor `.h`
//! ([`crate::lang::sources`]), which its ranks read and write through `<stdio.h>`'s `FILE *`
//! (`fopen`, `fgets`, `fgetc`, `fscanf`, `fread`, `feof`, `rewind`, `fclose`; `fprintf`, `fputs`,
//! `fputc`, `fwrite`).
//!
//! Every rank starts with the same files and works on its own copy, as if each rank ran in its
//! own directory with a copy of them: a rank never sees another rank's writes. The copies share
//! the bytes until a rank writes ([`Rc::make_mut`]). A file opened for writing (`"w"`, `"a"`,
//! `"r+"`, …) is one the rank wrote; [`Files::written`] gives them after the run (the CLI saves
//! them, the playground shows them as tabs). As glibc: `fopen` of a file the set does not have
//! returns `NULL` with `errno` = `ENOENT` (a folder in the name too: the files have no folders),
//! an unknown mode `EINVAL`; reading past the end returns `EOF` / `NULL` / a short count and sets
//! the end-of-file flag `feof` reads; `stdout` and `stderr` given to `fputs`/`fputc`/`fwrite`/
//! `fprintf` go to the rank's console. A `FILE *` is a small number that is no address (so
//! `*fp` is a runtime error); using one after `fclose` is an error naming the call.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use super::{addr, cbytes, mem_err, put, size, Done, Lib};
use crate::lang::sources::SourceFile;

/// The `FILE *` of the first stream `fopen` opens (then 17, 18, …): below every address of a
/// rank's memory, above `stdout` (1) and `stderr` (2).
pub const FIRST_STREAM: i64 = 16;

/// How many streams a rank may have open at once (glibc's default limit of open files).
pub const MAX_OPEN: usize = 1024;

/// `errno` values (Linux's).
pub const ENOENT: i32 = 2;
/// Bad file number.
pub const EBADF: i32 = 9;
/// Invalid argument (an unknown `fopen` mode).
pub const EINVAL: i32 = 22;
/// Too many open files.
pub const EMFILE: i32 = 24;

/// A file a rank wrote: its name and its bytes at the end of the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataFile {
    /// The name the program opened it by.
    pub name: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

/// An open `FILE *`.
#[derive(Clone, Debug, PartialEq)]
struct Stream {
    name: String,
    pos: usize,
    read: bool,
    write: bool,
    append: bool,
    eof: bool,
}

/// One rank's data files and open streams.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Files {
    /// The rank's copy of every file, by name (shared with the other ranks until written).
    contents: BTreeMap<String, Rc<Vec<u8>>>,
    /// Files the rank opened for writing.
    written: BTreeSet<String>,
    /// Open streams: `FILE *` `FIRST_STREAM + i` is `streams[i]`.
    streams: Vec<Option<Stream>>,
    /// Where the rank's `errno` lives (0 until the program first asks for it).
    errno_at: i64,
    /// The last error a file function reported (copied to `errno` once it has a place).
    errno: i32,
}

impl Files {
    /// The data files of a program's set (`.c` and `.h` files are left out), as each rank starts.
    pub fn new(data: &[SourceFile]) -> Files {
        Files {
            contents: data
                .iter()
                .map(|f| (f.name.clone(), Rc::new(f.text.as_bytes().to_vec())))
                .collect(),
            ..Files::default()
        }
    }

    /// Files whose functions set `errno` at `at` (where the compiler put it, when the program
    /// names it).
    pub fn with_errno(mut self, at: Option<crate::lang::vm::memory::Addr>) -> Files {
        if let Some(at) = at {
            self.errno_at = i64::from(at);
        }
        self
    }

    /// Whether `fp` is an open data file's stream.
    pub fn is_open(&self, fp: i64) -> bool {
        usize::try_from(fp - FIRST_STREAM)
            .ok()
            .and_then(|i| self.streams.get(i))
            .is_some_and(Option::is_some)
    }

    /// The rank's `errno`: where the program keeps it, else the last a file function set.
    pub fn errno_value(&self, mem: &crate::lang::vm::memory::Memory) -> i32 {
        if self.errno_at == 0 {
            return self.errno;
        }
        mem.read_i32(addr(self.errno_at)).unwrap_or(self.errno)
    }

    /// The files the rank wrote, by name, with their final contents.
    pub fn written(&self) -> Vec<DataFile> {
        self.written
            .iter()
            .filter_map(|name| {
                Some(DataFile {
                    name: name.clone(),
                    bytes: self.contents.get(name)?.to_vec(),
                })
            })
            .collect()
    }

    /// Opens `name` with C's `mode`: the stream's `FILE *`, or the `errno` of the failure.
    fn open(&mut self, name: &str, mode: &str) -> Result<i64, i32> {
        let name = name.strip_prefix("./").unwrap_or(name);
        let base: String = mode.chars().filter(|&c| c != 'b').collect();
        let (read, write, append, create, truncate) = match base.as_str() {
            "r" => (true, false, false, false, false),
            "r+" => (true, true, false, false, false),
            "w" => (false, true, false, true, true),
            "w+" => (true, true, false, true, true),
            "a" => (false, true, true, true, false),
            "a+" => (true, true, true, true, false),
            _ => return Err(EINVAL),
        };
        if name.is_empty() || name.contains('/') {
            return Err(ENOENT);
        }
        if !self.contents.contains_key(name) && !create {
            return Err(ENOENT);
        }
        let slot = match self.streams.iter().position(Option::is_none) {
            Some(i) => i,
            None if self.streams.len() < MAX_OPEN => {
                self.streams.push(None);
                self.streams.len() - 1
            }
            None => return Err(EMFILE),
        };
        let file = self.contents.entry(name.to_string()).or_default();
        if truncate {
            *file = Rc::new(Vec::new());
        }
        let pos = if append { file.len() } else { 0 };
        if write {
            self.written.insert(name.to_string());
        }
        self.streams[slot] = Some(Stream {
            name: name.to_string(),
            pos,
            read,
            write,
            append,
            eof: false,
        });
        Ok(FIRST_STREAM + slot as i64)
    }

    fn stream(&mut self, fp: i64, call: &str) -> Result<&mut Stream, String> {
        let bad = || {
            if fp == 0 {
                format!("`{call}` on a NULL `FILE *` (did `fopen` fail? check its result)")
            } else {
                format!(
                    "`{call}` on a `FILE *` that is not open (closed already, or not from `fopen`)"
                )
            }
        };
        let i = usize::try_from(fp - FIRST_STREAM).map_err(|_| bad())?;
        self.streams
            .get_mut(i)
            .and_then(Option::as_mut)
            .ok_or_else(bad)
    }

    /// Reads up to `n` bytes; fewer at the end (which sets the end-of-file flag).
    fn read(&mut self, fp: i64, n: usize, call: &str) -> Result<Vec<u8>, String> {
        let s = self.stream(fp, call)?;
        if !s.read {
            return Ok(Vec::new());
        }
        let (name, pos) = (s.name.clone(), s.pos);
        let data = self.contents.get(&name).cloned().unwrap_or_default();
        let end = pos.saturating_add(n).min(data.len());
        let out = data.get(pos..end).unwrap_or_default().to_vec();
        let s = self.stream(fp, call)?;
        s.pos = pos + out.len();
        if out.len() < n {
            s.eof = true;
        }
        Ok(out)
    }

    /// The next byte, without consuming it.
    fn peek(&mut self, fp: i64, call: &str) -> Result<Option<u8>, String> {
        let s = self.stream(fp, call)?;
        let (name, pos, read) = (s.name.clone(), s.pos, s.read);
        let b = self.contents.get(&name).and_then(|d| d.get(pos)).copied();
        if b.is_none() || !read {
            self.stream(fp, call)?.eof = true;
            return Ok(None);
        }
        Ok(b)
    }

    /// Writes `bytes` at the stream's position (at the end in append mode): how many.
    fn write(&mut self, fp: i64, bytes: &[u8], call: &str) -> Result<usize, String> {
        let s = self.stream(fp, call)?;
        if !s.write {
            return Ok(0);
        }
        let (name, append, at) = (s.name.clone(), s.append, s.pos);
        let data = Rc::make_mut(self.contents.entry(name).or_default());
        let pos = if append {
            data.len()
        } else {
            at.min(data.len())
        };
        let end = pos + bytes.len();
        if data.len() < end {
            data.resize(end, 0);
        }
        data[pos..end].copy_from_slice(bytes);
        self.stream(fp, call)?.pos = end;
        Ok(bytes.len())
    }

    /// `fprintf`'s text to the stream `fp` (a data file's).
    pub fn fprintf(&mut self, fp: i64, text: &[u8]) -> Result<(), String> {
        self.write(fp, text, "fprintf").map(drop)
    }

    /// Sets the rank's `errno` (where the program can read it, once it has a place).
    pub(super) fn set_errno(
        &mut self,
        lib_mem: &mut crate::lang::vm::memory::Memory,
        e: i32,
    ) -> Result<(), String> {
        self.errno = e;
        if self.errno_at != 0 {
            lib_mem.write_i32(addr(self.errno_at), e).map_err(mem_err)?;
        }
        Ok(())
    }
}

/// Whether `fp` is one of the standard streams (`stdin`, `stdout`, `stderr`).
fn console(fp: i64) -> bool {
    super::stdio::stream_of(fp).is_some()
}

/// Writes `bytes` to `fp`: the console for `stdout`, the rank's error stream for `stderr`,
/// else the rank's file.
pub(crate) fn write_to(
    l: &mut Lib<'_>,
    fp: i64,
    bytes: &[u8],
    call: &str,
) -> Result<usize, String> {
    if console(fp) {
        l.sink(fp, call)?.push_str(&String::from_utf8_lossy(bytes));
        return Ok(bytes.len());
    }
    l.files.write(fp, bytes, call)
}

pub(super) fn fopen(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let name = String::from_utf8_lossy(&cbytes(l.mem, a[0])?).into_owned();
    let mode = String::from_utf8_lossy(&cbytes(l.mem, a[1])?).into_owned();
    match l.files.open(&name, &mode) {
        Ok(fp) => Ok(Done::Value(fp)),
        Err(e) => {
            l.files.set_errno(l.mem, e)?;
            Ok(Done::Value(0))
        }
    }
}

pub(super) fn fclose(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    if console(a[0]) {
        return Ok(Done::Value(0));
    }
    l.files.stream(a[0], "fclose")?;
    let i = (a[0] - FIRST_STREAM) as usize;
    l.files.streams[i] = None;
    Ok(Done::Value(0))
}

pub(super) fn fgetc(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let b = l.files.read(a[0], 1, "fgetc")?;
    Ok(Done::Value(b.first().map_or(-1, |&c| i64::from(c))))
}

pub(super) fn fgets(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (dest, n, fp) = (a[0], a[1] as i32, a[2]);
    if n <= 0 {
        return Ok(Done::Value(0));
    }
    let mut line = Vec::new();
    while line.len() + 1 < n as usize {
        let Some(c) = l.files.peek(fp, "fgets")? else {
            break;
        };
        l.files.read(fp, 1, "fgets")?;
        line.push(c);
        if c == b'\n' {
            break;
        }
    }
    if line.is_empty() {
        return Ok(Done::Value(0));
    }
    l.moved += line.len() as u64;
    line.push(0);
    put(l.mem, dest, &line)?;
    Ok(Done::Value(dest))
}

pub(super) fn fread(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (dest, each, count, fp) = (a[0], size(a[1])? as usize, size(a[2])? as usize, a[3]);
    if each == 0 || count == 0 {
        return Ok(Done::Value(0));
    }
    let want = each.checked_mul(count).ok_or("fread: the size overflows")?;
    let got = l.files.read(fp, want, "fread")?;
    let whole = got.len() / each;
    l.moved += got.len() as u64;
    put(l.mem, dest, &got)?;
    Ok(Done::Value(whole as i64))
}

pub(super) fn fwrite(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (src, each, count, fp) = (a[0], size(a[1])?, size(a[2])?, a[3]);
    let total = each
        .checked_mul(count)
        .ok_or("fwrite: the size overflows")?;
    if total == 0 {
        return Ok(Done::Value(0));
    }
    let bytes = l.mem.read(addr(src), total).map_err(mem_err)?.to_vec();
    l.moved += bytes.len() as u64;
    let n = write_to(l, fp, &bytes, "fwrite")?;
    Ok(Done::Value((n / each as usize) as i64))
}

pub(super) fn fputs(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let s = cbytes(l.mem, a[0])?;
    write_to(l, a[1], &s, "fputs")?;
    Ok(Done::Value(1))
}

pub(super) fn fputc(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let c = a[0] as u8;
    write_to(l, a[1], &[c], "fputc")?;
    Ok(Done::Value(i64::from(c)))
}

pub(super) fn feof(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    if console(a[0]) {
        return Ok(Done::Value(0));
    }
    Ok(Done::Value(i64::from(l.files.stream(a[0], "feof")?.eof)))
}

pub(super) fn ferror(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    if !console(a[0]) {
        l.files.stream(a[0], "ferror")?;
    }
    Ok(Done::Value(0))
}

pub(super) fn rewind(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let s = l.files.stream(a[0], "rewind")?;
    s.pos = 0;
    s.eof = false;
    Ok(Done::Value(0))
}

/// `fscanf(fp, format, …)`: C's conversions (`%d %i %u %x %o %ld %lld %lu %f %lf %e %g %s %c
/// %[…]`, widths, `%*`, `%%`, `%n`) read from the stream into the addresses given; the number of
/// items assigned, or `EOF` when the input ends before the first conversion.
pub(super) fn fscanf(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let fp = a[0];
    let fmt = cbytes(l.mem, a[1])?;
    let mut outs = a[2..].iter().copied();
    let mut assigned = 0i64;
    let mut consumed_any = false;
    let mut i = 0;
    let mut count = 0i64; // bytes read, for %n
    macro_rules! peek {
        () => {
            l.files.peek(fp, "fscanf")?
        };
    }
    macro_rules! take {
        () => {{
            l.files.read(fp, 1, "fscanf")?;
            count += 1;
        }};
    }
    while i < fmt.len() {
        let f = fmt[i];
        if f.is_ascii_whitespace() {
            while peek!().is_some_and(|c| c.is_ascii_whitespace()) {
                take!();
            }
            i += 1;
            continue;
        }
        if f != b'%' {
            match peek!() {
                Some(c) if c == f => {
                    take!();
                    i += 1;
                    continue;
                }
                None if !consumed_any && assigned == 0 => return Ok(Done::Value(-1)),
                _ => break,
            }
        }
        i += 1;
        let suppress = fmt.get(i) == Some(&b'*');
        if suppress {
            i += 1;
        }
        let mut width = 0usize;
        while let Some(d) = fmt.get(i).filter(|d| d.is_ascii_digit()) {
            width = width * 10 + usize::from(d - b'0');
            i += 1;
        }
        let mut longs = 0;
        let mut half = 0;
        while let Some(&m) = fmt.get(i) {
            match m {
                b'l' => longs += 1,
                b'h' => half += 1,
                b'z' | b'j' | b't' | b'L' | b'q' => longs = 2,
                _ => break,
            }
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            break;
        };
        i += 1;
        if conv == b'%' {
            while peek!().is_some_and(|c| c.is_ascii_whitespace()) {
                take!();
            }
            if peek!() == Some(b'%') {
                take!();
                continue;
            }
            break;
        }
        if conv == b'n' {
            if !suppress {
                if let Some(at) = outs.next() {
                    l.mem.write_i32(addr(at), count as i32).map_err(mem_err)?;
                }
            }
            continue;
        }
        if !matches!(conv, b'c' | b'[') {
            while peek!().is_some_and(|c| c.is_ascii_whitespace()) {
                take!();
            }
        }
        if peek!().is_none() {
            if !consumed_any && assigned == 0 {
                return Ok(Done::Value(-1));
            }
            break;
        }
        let max = if width == 0 { usize::MAX } else { width };
        let mut text = Vec::new();
        match conv {
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' | b'p' => {
                let hex = matches!(conv, b'x' | b'X' | b'p');
                while text.len() < max {
                    let Some(c) = peek!() else { break };
                    let ok = if text.is_empty() && (c == b'-' || c == b'+') {
                        true
                    } else if hex || conv == b'i' {
                        c.is_ascii_hexdigit() || ((c == b'x' || c == b'X') && text.ends_with(b"0"))
                    } else {
                        c.is_ascii_digit()
                    };
                    if !ok {
                        break;
                    }
                    text.push(c);
                    take!();
                }
                let s = String::from_utf8_lossy(&text).into_owned();
                let (sign, digits) = match s.strip_prefix('-') {
                    Some(rest) => (-1i128, rest),
                    None => (1, s.strip_prefix('+').unwrap_or(&s)),
                };
                let (radix, digits) = match conv {
                    b'x' | b'X' | b'p' => {
                        (16, digits.trim_start_matches("0x").trim_start_matches("0X"))
                    }
                    b'o' => (8, digits),
                    b'i' if digits.starts_with("0x") || digits.starts_with("0X") => {
                        (16, &digits[2..])
                    }
                    b'i' if digits.starts_with('0') && digits.len() > 1 => (8, &digits[1..]),
                    _ => (10, digits),
                };
                let Ok(v) = i128::from_str_radix(digits, radix) else {
                    break;
                };
                consumed_any = true;
                let v = (sign * v) as i64;
                if !suppress {
                    let Some(at) = outs.next() else { break };
                    let bytes: Vec<u8> = if longs > 0 || conv == b'p' {
                        v.to_le_bytes().to_vec()
                    } else if half == 1 {
                        (v as i16).to_le_bytes().to_vec()
                    } else if half >= 2 {
                        vec![v as u8]
                    } else {
                        (v as i32).to_le_bytes().to_vec()
                    };
                    put(l.mem, at, &bytes)?;
                    assigned += 1;
                }
            }
            b'f' | b'e' | b'g' | b'E' | b'G' | b'a' => {
                while text.len() < max {
                    let Some(c) = peek!() else { break };
                    let ok = c.is_ascii_digit()
                        || c == b'.'
                        || ((c == b'-' || c == b'+')
                            && (text.is_empty() || text.ends_with(b"e") || text.ends_with(b"E")))
                        || ((c == b'e' || c == b'E') && text.iter().any(u8::is_ascii_digit))
                        || c.is_ascii_alphabetic() && text.iter().all(|b| !b.is_ascii_digit());
                    if !ok {
                        break;
                    }
                    text.push(c);
                    take!();
                }
                let s = String::from_utf8_lossy(&text).into_owned();
                let v = super::strto::strtod(s.as_bytes()).value;
                if text.is_empty() {
                    break;
                }
                consumed_any = true;
                if !suppress {
                    let Some(at) = outs.next() else { break };
                    let bytes = if longs > 0 {
                        v.to_le_bytes().to_vec()
                    } else {
                        (v as f32).to_le_bytes().to_vec()
                    };
                    put(l.mem, at, &bytes)?;
                    assigned += 1;
                }
            }
            b's' => {
                while text.len() < max {
                    let Some(c) = peek!().filter(|c| !c.is_ascii_whitespace()) else {
                        break;
                    };
                    text.push(c);
                    take!();
                }
                consumed_any = true;
                if !suppress {
                    let Some(at) = outs.next() else { break };
                    text.push(0);
                    put(l.mem, at, &text)?;
                    assigned += 1;
                }
            }
            b'c' => {
                let want = if width == 0 { 1 } else { width };
                while text.len() < want {
                    let Some(c) = peek!() else { break };
                    text.push(c);
                    take!();
                }
                consumed_any = true;
                if !suppress {
                    let Some(at) = outs.next() else { break };
                    put(l.mem, at, &text)?;
                    assigned += 1;
                }
            }
            b'[' => {
                let negate = fmt.get(i) == Some(&b'^');
                if negate {
                    i += 1;
                }
                let mut set = Vec::new();
                if fmt.get(i) == Some(&b']') {
                    set.push(b']');
                    i += 1;
                }
                while let Some(&c) = fmt.get(i) {
                    i += 1;
                    if c == b']' {
                        break;
                    }
                    if c == b'-' && !set.is_empty() && fmt.get(i).is_some_and(|&e| e != b']') {
                        let (lo, hi) = (*set.last().unwrap_or(&0), fmt[i]);
                        set.extend(lo..=hi);
                        i += 1;
                    } else {
                        set.push(c);
                    }
                }
                while text.len() < max {
                    let Some(c) = peek!().filter(|c| set.contains(c) != negate) else {
                        break;
                    };
                    text.push(c);
                    take!();
                }
                if text.is_empty() {
                    break;
                }
                consumed_any = true;
                if !suppress {
                    let Some(at) = outs.next() else { break };
                    text.push(0);
                    put(l.mem, at, &text)?;
                    assigned += 1;
                }
            }
            other => {
                return Err(format!(
                    "`fscanf` does not know the conversion `%{}`",
                    char::from(other)
                ))
            }
        }
    }
    l.moved += count as u64;
    Ok(Done::Value(assigned))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set() -> Files {
        Files::new(&[SourceFile::new("in.txt", "1 2\nthree\n")])
    }

    #[test]
    fn missing_files_and_bad_modes_are_errno_values() {
        let mut f = set();
        assert_eq!(f.open("nope.txt", "r"), Err(ENOENT));
        assert_eq!(f.open("dir/in.txt", "r"), Err(ENOENT));
        assert_eq!(f.open("in.txt", "x"), Err(EINVAL));
        assert_eq!(f.open("./in.txt", "rb"), Ok(FIRST_STREAM));
    }

    #[test]
    fn reads_to_the_end_then_sets_eof() {
        let mut f = set();
        let fp = f.open("in.txt", "r").unwrap();
        assert_eq!(f.read(fp, 4, "t").unwrap(), b"1 2\n");
        assert!(!f.stream(fp, "t").unwrap().eof);
        assert_eq!(f.read(fp, 100, "t").unwrap(), b"three\n");
        assert!(f.stream(fp, "t").unwrap().eof);
    }

    #[test]
    fn writes_are_the_ranks_own_and_listed() {
        let start = set();
        let mut a = start.clone();
        let fp = a.open("in.txt", "a").unwrap();
        a.write(fp, b"four\n", "t").unwrap();
        let out = a.open("out.txt", "w").unwrap();
        a.write(out, b"x", "t").unwrap();
        let names: Vec<String> = a.written().into_iter().map(|d| d.name).collect();
        assert_eq!(names, ["in.txt", "out.txt"]);
        assert_eq!(a.written()[0].bytes, b"1 2\nthree\nfour\n");
        // Another rank's copy is unchanged.
        let mut b = start;
        let fp = b.open("in.txt", "r").unwrap();
        assert_eq!(b.read(fp, 100, "t").unwrap(), b"1 2\nthree\n");
        assert!(b.written().is_empty());
    }

    #[test]
    fn a_closed_stream_is_an_error_naming_the_call() {
        let mut f = set();
        let e = f.stream(FIRST_STREAM + 3, "fgets").unwrap_err();
        assert!(e.contains("`fgets`") && e.contains("not open"), "{e}");
        assert!(f.stream(0, "fgets").unwrap_err().contains("NULL"));
    }
}
