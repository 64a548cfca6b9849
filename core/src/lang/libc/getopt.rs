//! `getopt` of `<unistd.h>`, as glibc's: short options from `optstring` (`x`, `x:` with an
//! argument, `x::` with an optional one), glibc's messages on `stderr` (`prog: invalid option
//! -- 'q'`, `prog: option requires an argument -- 'n'`) unless `opterr` is 0 or `optstring`
//! starts with `:`, and glibc's permutation: arguments that are not options move after the
//! options, so `optind` ends at the first of them (`+` at the start of `optstring` stops at the
//! first instead). `optarg`, `optind`, `opterr` and `optopt` are variables of the rank's memory
//! that `<unistd.h>` reaches through `__getopt_var`, as glibc reaches `errno`.

use super::{cbytes, mem_err, put, Done, Lib};
use crate::lang::vm::memory::Memory;

/// `getopt`'s state between calls (glibc's `_getopt_data`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Getopt {
    /// The variables' block in the rank's memory (0 until first used).
    vars: i64,
    /// Where the next option character is, inside an argument (0: start a new argument).
    nextchar: i64,
    /// The non-options skipped so far: `first..last` of `argv`.
    first_nonopt: i64,
    last_nonopt: i64,
    /// `optind` was seen set (a program that resets `optind` to 0 starts over).
    initialized: bool,
}

/// Offsets in the block: `optarg` (8 bytes), `optind`, `opterr`, `optopt` (4 each).
const OPTARG: i64 = 0;
const OPTIND: i64 = 8;
const OPTERR: i64 = 12;
const OPTOPT: i64 = 16;

impl Getopt {
    /// The block's address, made on first use with `optind` = 1 and `opterr` = 1.
    fn vars(&mut self, mem: &mut Memory) -> Result<i64, String> {
        if self.vars == 0 {
            let at = i64::from(mem.alloc_heap(24, 8).map_err(mem_err)?);
            mem.write((at + OPTIND) as u32, &1i32.to_le_bytes())
                .map_err(mem_err)?;
            mem.write((at + OPTERR) as u32, &1i32.to_le_bytes())
                .map_err(mem_err)?;
            self.vars = at;
        }
        Ok(self.vars)
    }
}

/// `__getopt_var(which)`: the address of `optarg` (0), `optind` (1), `opterr` (2) or `optopt` (3).
pub(super) fn var(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let base = l.state.getopt.vars(l.mem)?;
    let off = match a[0] {
        0 => OPTARG,
        1 => OPTIND,
        2 => OPTERR,
        _ => OPTOPT,
    };
    Ok(Done::Value(base + off))
}

fn read_int(l: &Lib<'_>, at: i64) -> Result<i64, String> {
    let b = l.mem.read(at as u32, 4).map_err(mem_err)?;
    Ok(i64::from(i32::from_le_bytes(
        b.try_into().unwrap_or_default(),
    )))
}

fn write_int(l: &mut Lib<'_>, at: i64, v: i64) -> Result<(), String> {
    put(l.mem, at, &(v as i32).to_le_bytes())
}

fn read_ptr(l: &Lib<'_>, at: i64) -> Result<i64, String> {
    let b = l.mem.read(at as u32, 8).map_err(mem_err)?;
    Ok(i64::from_le_bytes(b.try_into().unwrap_or_default()))
}

/// `argv[i]`.
fn arg(l: &Lib<'_>, argv: i64, i: i64) -> Result<i64, String> {
    read_ptr(l, argv + 8 * i)
}

/// Not an option: does not start with `-`, or is `-` alone.
fn nonoption(l: &Lib<'_>, p: i64) -> Result<bool, String> {
    let s = cbytes(l.mem, p)?;
    Ok(s.first() != Some(&b'-') || s.len() == 1)
}

/// Moves the non-options `first..last` after the options `last..optind` (glibc's `exchange`).
fn exchange(l: &mut Lib<'_>, argv: i64, optind: i64) -> Result<(), String> {
    let g = &l.state.getopt;
    let (first, last) = (g.first_nonopt, g.last_nonopt);
    let mut words: Vec<i64> = (first..optind)
        .map(|i| arg(l, argv, i))
        .collect::<Result<_, _>>()?;
    words.rotate_left((last - first) as usize);
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    put(l.mem, argv + 8 * first, &bytes)?;
    let g = &mut l.state.getopt;
    g.first_nonopt += optind - g.last_nonopt;
    g.last_nonopt = optind;
    Ok(())
}

/// `getopt(argc, argv, optstring)`.
pub(super) fn getopt(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let (argc, argv) = (i64::from(a[0] as i32), a[1]);
    let mut spec = cbytes(l.mem, a[2])?;
    let vars = l.state.getopt.vars(l.mem)?;
    let mut optind = read_int(l, vars + OPTIND)?;
    let opterr = read_int(l, vars + OPTERR)?;
    put(l.mem, vars + OPTARG, &0i64.to_le_bytes())?;
    if optind == 0 || !l.state.getopt.initialized {
        if optind == 0 {
            optind = 1;
        }
        let g = &mut l.state.getopt;
        g.first_nonopt = optind;
        g.last_nonopt = optind;
        g.nextchar = 0;
        g.initialized = true;
    }
    let permute = match spec.first() {
        Some(b'+') | Some(b'-') => {
            spec.remove(0);
            false
        }
        _ => true,
    };
    let colon = spec.first() == Some(&b':');
    let print_errors = opterr != 0 && !colon;
    let result = step(
        l,
        argc,
        argv,
        &spec,
        permute,
        colon,
        print_errors,
        &mut optind,
    );
    write_int(l, vars + OPTIND, optind)?;
    result
}

#[allow(clippy::too_many_arguments)]
fn step(
    l: &mut Lib<'_>,
    argc: i64,
    argv: i64,
    spec: &[u8],
    permute: bool,
    colon: bool,
    print_errors: bool,
    optind: &mut i64,
) -> Result<Done, String> {
    let vars = l.state.getopt.vars;
    let at_end = l.state.getopt.nextchar == 0
        || l.mem
            .read_u8(l.state.getopt.nextchar as u32)
            .map_err(mem_err)?
            == 0;
    if at_end {
        let g = &mut l.state.getopt;
        g.last_nonopt = g.last_nonopt.min(*optind);
        g.first_nonopt = g.first_nonopt.min(*optind);
        if permute {
            let g = &l.state.getopt;
            if g.first_nonopt != g.last_nonopt && g.last_nonopt != *optind {
                exchange(l, argv, *optind)?;
            } else if g.last_nonopt != *optind {
                l.state.getopt.first_nonopt = *optind;
            }
            while *optind < argc && nonoption(l, arg(l, argv, *optind)?)? {
                *optind += 1;
            }
            l.state.getopt.last_nonopt = *optind;
        }
        if *optind != argc && cbytes(l.mem, arg(l, argv, *optind)?)? == b"--" {
            *optind += 1;
            let g = &l.state.getopt;
            if g.first_nonopt != g.last_nonopt && g.last_nonopt != *optind {
                exchange(l, argv, *optind)?;
            } else if g.first_nonopt == g.last_nonopt {
                l.state.getopt.first_nonopt = *optind;
            }
            l.state.getopt.last_nonopt = argc;
            *optind = argc;
        }
        if *optind >= argc {
            let g = &l.state.getopt;
            if g.first_nonopt != g.last_nonopt {
                *optind = g.first_nonopt;
            }
            return Ok(Done::Value(-1));
        }
        if nonoption(l, arg(l, argv, *optind)?)? {
            return Ok(Done::Value(-1));
        }
        l.state.getopt.nextchar = arg(l, argv, *optind)? + 1;
    }
    let here = l.state.getopt.nextchar;
    let c = l.mem.read_u8(here as u32).map_err(mem_err)?;
    l.state.getopt.nextchar = here + 1;
    let rest_empty = l.mem.read_u8((here + 1) as u32).map_err(mem_err)? == 0;
    if rest_empty {
        *optind += 1;
    }
    let prog = cbytes(l.mem, arg(l, argv, 0)?)?;
    let prog = String::from_utf8_lossy(&prog).into_owned();
    let found = spec
        .iter()
        .position(|&s| s == c)
        .filter(|_| c != b':' && c != b';');
    let Some(i) = found else {
        if print_errors {
            l.err
                .push_str(&format!("{prog}: invalid option -- '{}'\n", char::from(c)));
        }
        write_int(l, vars + OPTOPT, i64::from(c))?;
        return Ok(Done::Value(i64::from(b'?')));
    };
    if spec.get(i + 1) == Some(&b':') {
        let optional = spec.get(i + 2) == Some(&b':');
        if !rest_empty {
            put(l.mem, vars + OPTARG, &(here + 1).to_le_bytes())?;
            *optind += 1;
        } else if optional {
            // No argument attached: optarg stays NULL.
        } else if *optind == argc {
            if print_errors {
                l.err.push_str(&format!(
                    "{prog}: option requires an argument -- '{}'\n",
                    char::from(c)
                ));
            }
            write_int(l, vars + OPTOPT, i64::from(c))?;
            l.state.getopt.nextchar = 0;
            return Ok(Done::Value(i64::from(if colon { b':' } else { b'?' })));
        } else {
            let v = arg(l, argv, *optind)?;
            put(l.mem, vars + OPTARG, &v.to_le_bytes())?;
            *optind += 1;
        }
        l.state.getopt.nextchar = 0;
    }
    Ok(Done::Value(i64::from(c)))
}
