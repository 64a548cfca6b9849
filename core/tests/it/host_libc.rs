//! Rankscope's C library against the host's (glibc): `printf` formatting on random formats and
//! values, compared byte for byte with `snprintf`; `rand` sequences for many seeds; `strtol`,
//! `strtoul` and `strtod` on random strings; the `<math.h>` functions Rust has no method for,
//! and `<ctype.h>`'s classes.

use std::ffi::CString;

use proptest::prelude::*;
use rankscope_core::lang::libc::printf::{format_bytes, PrintArg};

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An argument as the host's variadic `snprintf` takes it.
#[derive(Clone, Debug)]
enum HostArg {
    Int(libc::c_int),
    Long(libc::c_long),
    Double(f64),
    Str(CString),
    Ptr(usize),
}

/// The host's `snprintf(fmt, args…)`. The one `unsafe` of the tests: a call into the host C
/// library, with a NUL-terminated format whose conversions take exactly these arguments (the
/// generator builds both together) and a buffer whose true length is passed.
#[allow(unsafe_code)]
fn host(fmt: &str, args: &[HostArg]) -> Vec<u8> {
    let fmt = CString::new(fmt).unwrap();
    let mut buf = vec![0u8; 4096];
    macro_rules! call {
        ($($a:expr),*) => {
            // SAFETY: see above; every argument has the C type its conversion reads.
            unsafe {
                libc::snprintf(buf.as_mut_ptr().cast(), buf.len(), fmt.as_ptr(), $($a),*)
            }
        };
    }
    macro_rules! value {
        ($v:expr, $($star:expr),*) => {
            match $v {
                HostArg::Int(v) => call!($($star,)* *v),
                HostArg::Long(v) => call!($($star,)* *v),
                HostArg::Double(v) => call!($($star,)* *v),
                HostArg::Str(v) => call!($($star,)* v.as_ptr()),
                HostArg::Ptr(v) => call!($($star,)* *v as *const libc::c_void),
            }
        };
    }
    let star = |a: &HostArg| match a {
        HostArg::Int(v) => *v,
        _ => unreachable!("a `*` takes an int"),
    };
    let n = match args {
        [v] => value!(v,),
        [w, v] => value!(v, star(w)),
        [w, p, v] => value!(v, star(w), star(p)),
        _ => unreachable!("at most three arguments"),
    };
    let n = usize::try_from(n).expect("snprintf failed");
    assert!(n < buf.len(), "test output too long");
    buf.truncate(n);
    buf
}

/// A double worth printing: special values, round numbers, numbers near rounding boundaries,
/// subnormals and random bit patterns.
fn double() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::sample::select(vec![
            0.0,
            -0.0,
            1.0,
            0.5,
            0.125,
            0.375,
            2.5,
            1e-5,
            9.5,
            999999.5,
            0.1,
            1e21,
            1e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            123456789.0,
            0.000123456,
            1.96875,
        ]),
        (-2_000_000i64..2_000_000, 0u32..9).prop_map(|(m, k)| m as f64 / 10f64.powi(k as i32)),
        (-64i64..64, 0u32..6).prop_map(|(m, k)| m as f64 / f64::from(1u32 << k)),
        any::<u64>().prop_map(f64::from_bits),
    ]
}

/// One random conversion with its arguments for Rankscope and for the host.
fn conversion() -> impl Strategy<Value = (String, Vec<PrintArg>, Vec<HostArg>)> {
    let flags = prop::collection::vec(prop::sample::select(vec!['-', '+', ' ', '#', '0']), 0..4);
    let width = prop_oneof![Just(None), (0i32..25).prop_map(Some), Just(Some(-1))];
    let precision = prop_oneof![Just(None), (0i32..25).prop_map(Some), Just(Some(-1))];
    let stars = (-25i32..25, -3i32..25);
    let kind = prop_oneof![
        // Integers with a length modifier of int size or smaller.
        (
            prop::sample::select(vec!["", "hh", "h"]),
            prop::sample::select(vec!['d', 'i', 'u', 'o', 'x', 'X']),
            any::<i32>(),
            any::<bool>(),
        )
            .prop_map(|(len, conv, v, as_unsigned)| {
                // The VM may hold an unsigned int's value either way; both print alike.
                let ours = if as_unsigned {
                    i64::from(v as u32)
                } else {
                    i64::from(v)
                };
                (format!("{len}{conv}"), PrintArg::Int(ours), HostArg::Int(v))
            }),
        (
            prop::sample::select(vec!["l", "ll", "z", "j", "t"]),
            prop::sample::select(vec!['d', 'i', 'u', 'o', 'x', 'X']),
            prop_oneof![any::<i64>(), -1000i64..1000],
        )
            .prop_map(|(len, conv, v)| {
                (
                    format!("{len}{conv}"),
                    PrintArg::Int(v),
                    HostArg::Long(v as libc::c_long),
                )
            }),
        (
            prop::sample::select(vec!["", "l"]),
            prop::sample::select(vec!['f', 'F', 'e', 'E', 'g', 'G', 'a', 'A']),
            double(),
        )
            .prop_map(|(len, conv, v)| (
                format!("{len}{conv}"),
                PrintArg::Double(v),
                HostArg::Double(v)
            )),
        (1i32..256).prop_map(|c| (
            "c".to_string(),
            PrintArg::Int(i64::from(c)),
            HostArg::Int(c)
        )),
        "[ -~]{0,12}".prop_map(|s| (
            "s".to_string(),
            PrintArg::Str(s.clone()),
            HostArg::Str(CString::new(s).unwrap())
        )),
        prop_oneof![Just(0usize), any::<usize>(), 1usize..0x10000].prop_map(|p| (
            "p".to_string(),
            PrintArg::Ptr(p as u64),
            HostArg::Ptr(p)
        )),
    ];
    (flags, width, precision, stars, kind).prop_map(
        |(flags, width, precision, (sw, sp), (conv, ours, theirs))| {
            let mut fmt: String = "<%".to_string();
            fmt.extend(flags);
            let mut our_args = Vec::new();
            let mut host_args = Vec::new();
            match width {
                Some(-1) => {
                    fmt.push('*');
                    our_args.push(PrintArg::Int(i64::from(sw)));
                    host_args.push(HostArg::Int(sw));
                }
                Some(w) => fmt.push_str(&w.to_string()),
                None => {}
            }
            match precision {
                Some(-1) => {
                    fmt.push_str(".*");
                    our_args.push(PrintArg::Int(i64::from(sp)));
                    host_args.push(HostArg::Int(sp));
                }
                Some(p) => fmt.push_str(&format!(".{p}")),
                None => {}
            }
            fmt.push_str(&conv);
            fmt.push('>');
            our_args.push(ours);
            host_args.push(theirs);
            (fmt, our_args, host_args)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn printf_matches_the_host_snprintf((fmt, ours, theirs) in conversion()) {
        let got = format_bytes(fmt.as_bytes(), &ours);
        let want = host(&fmt, &theirs);
        prop_assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
            "format {:?} with {:?}",
            fmt,
            theirs
        );
    }
}

#[test]
fn printf_fixed_cases_match_the_host() {
    for (fmt, v) in [
        ("%.0f", 0.5),
        ("%.0f", 1.5),
        ("%.0f", 2.5),
        ("%.1f", 0.25),
        ("%.2f", 0.125),
        ("%.20f", 0.1),
        ("%.17g", 0.1),
        ("%.0e", 0.1),
        ("%#.0a", 5e-324),
        ("%.3a", 5e-324),
        ("%a", 5e-324),
        ("%a", f64::MIN_POSITIVE),
        ("%010.3a", -1.0),
        ("%-12a|", -1.0),
        ("%+a", 1.0),
        ("%.0a", 1.5),
        ("%.0a", 2.5),
        ("%.1a", 1.96875),
        ("%#g", 0.0),
        ("%g", 1e-5),
        ("%g", 100000.0),
        ("%G", 1e-10),
        ("%.0g", 0.0),
        ("%#.0g", 12.0),
        ("%08.3f", -f64::NAN),
        ("%-8e|", f64::INFINITY),
        ("%f", 1e300),
    ] {
        let ours = format_bytes(fmt.as_bytes(), &[PrintArg::Double(v)]);
        let theirs = host(fmt, &[HostArg::Double(v)]);
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs),
            "{fmt} of {v:e}"
        );
    }
}

/// The host's `srand(seed)` and the next `n` values of `rand()` (glibc: the same generator as `srandom`/`random`). Only this test touches the
/// host generator's global state.
#[allow(unsafe_code)]
fn host_random(seed: u32, n: usize) -> Vec<i64> {
    // SAFETY: plain calls into the host C library with integer arguments.
    unsafe {
        libc::srand(seed);
        (0..n).map(|_| i64::from(libc::rand())).collect()
    }
}

#[test]
fn rand_matches_the_host_random() {
    use rankscope_core::lang::libc::rand::LibcRandom;
    let mut seeds = vec![
        0u32,
        1,
        2,
        42,
        12345,
        2_147_483_647,
        2_147_483_648,
        u32::MAX,
    ];
    let mut x = 0x9e37_79b9u32;
    for _ in 0..200 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        seeds.push(x);
    }
    for seed in seeds {
        let mut ours = LibcRandom::new(seed);
        let got: Vec<i64> = (0..100).map(|_| i64::from(ours.random())).collect();
        assert_eq!(got, host_random(seed, 100), "seed {seed}");
    }
}

/// The host's `strtol`, `strtoul` and `strtod` of `s`: values and end offsets.
#[allow(unsafe_code)]
fn host_strto(s: &str, base: i32) -> (i64, usize, u64, usize, f64, usize) {
    let c = CString::new(s).unwrap();
    let mut end: *mut libc::c_char = std::ptr::null_mut();
    let offset = |end: *mut libc::c_char| end as usize - c.as_ptr() as usize;
    // SAFETY: a NUL-terminated string and a valid `endptr`; the end pointers point into it.
    unsafe {
        let l = libc::strtol(c.as_ptr(), &mut end, base);
        let le = offset(end);
        let u = libc::strtoul(c.as_ptr(), &mut end, base);
        let ue = offset(end);
        let d = libc::strtod(c.as_ptr(), &mut end);
        let de = offset(end);
        (l as i64, le, u as u64, ue, d, de)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn strtol_and_strtod_match_the_host(
        s in prop_oneof![
            "[ \t]{0,2}[+-]?(0[xX])?[0-9a-fA-F.]{0,22}([eEpP][+-]?[0-9]{0,4})?[ xz]?",
            "[ +-]{0,2}(inf|INFINITY|nan|NaN\\(12\\)|nan\\(|Infx)",
            "[0-9]{15,25}(\\.[0-9]{0,20})?",
            "[ -~]{0,10}",
        ],
        base in prop::sample::select(vec![0u32, 2, 8, 10, 16, 36]),
    ) {
        use rankscope_core::lang::libc::strto::{strtod, strtol, strtoul};
        let (l, le, u, ue, d, de) = host_strto(&s, base as i32);
        let ours_l = strtol(s.as_bytes(), base);
        let ours_u = strtoul(s.as_bytes(), base);
        let ours_d = strtod(s.as_bytes());
        prop_assert_eq!((ours_l.value, ours_l.end), (l, le), "strtol({:?}, {})", s, base);
        prop_assert_eq!((ours_u.value, ours_u.end), (u, ue), "strtoul({:?}, {})", s, base);
        prop_assert!(
            ours_d.value.to_bits() == d.to_bits() || (d.is_nan() && ours_d.value.is_nan()),
            "strtod({:?}) = {:e}, host {:e}", s, ours_d.value, d
        );
        prop_assert_eq!(ours_d.end, de, "strtod({:?}) end", s);
    }
}

extern "C" {
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
    fn tgamma(x: f64) -> f64;
    fn lgamma(x: f64) -> f64;
    fn remainder(x: f64, y: f64) -> f64;
}

/// The host's `erf`, `erfc`, `tgamma`, `lgamma` at `x`.
#[allow(unsafe_code)]
fn host_special(x: f64) -> [f64; 4] {
    // SAFETY: pure functions of a double.
    unsafe { [erf(x), erfc(x), tgamma(x), lgamma(x)] }
}

#[test]
fn special_functions_agree_with_the_host_libm() {
    use rankscope_core::lang::libc::math;
    for i in -60..=60 {
        let x = f64::from(i) / 10.0 + 0.037;
        let host = host_special(x);
        let ours = [
            math::erf(x),
            math::erfc(x),
            math::tgamma(x),
            math::lgamma(x),
        ];
        for (k, (o, h)) in ours.iter().zip(host).enumerate() {
            let scale = if k == 3 { h.abs().max(1.0) } else { h.abs() };
            assert!(
                (o - h).abs() <= 1e-13 * scale,
                "function {k} at {x}: {o:e}, the host {h:e}"
            );
        }
    }
    for (x, y) in [
        (5.5, 2.0),
        (7.0, 2.0),
        (-7.5, 2.0),
        (10.0, 3.0),
        (5.0, 2.0),
        (-0.5, 1.0),
    ] {
        #[allow(unsafe_code)]
        // SAFETY: a pure function of two doubles.
        let host = unsafe { remainder(x, y) };
        assert_eq!(
            math::remainder(x, y).to_bits(),
            host.to_bits(),
            "remainder({x}, {y})"
        );
    }
}

/// The host's class tests and case changes at `c` (the C locale: a test process never calls
/// `setlocale`).
#[allow(unsafe_code)]
fn host_ctype(c: i32) -> [i32; 14] {
    // SAFETY: every argument is EOF or an unsigned char value, as C requires.
    unsafe {
        [
            libc::isalnum(c),
            libc::isalpha(c),
            libc::isblank(c),
            libc::iscntrl(c),
            libc::isdigit(c),
            libc::isgraph(c),
            libc::islower(c),
            libc::isprint(c),
            libc::ispunct(c),
            libc::isspace(c),
            libc::isupper(c),
            libc::isxdigit(c),
            libc::toupper(c),
            libc::tolower(c),
        ]
    }
}

#[test]
fn ctype_gives_glibcs_values() {
    use rankscope_core::lang::libc::ctype;
    for c in -1..128 {
        assert_eq!(ctype::all(c), host_ctype(c), "at {c}");
    }
}
