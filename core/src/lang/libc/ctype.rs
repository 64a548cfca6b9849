//! `<ctype.h>` in the C locale, with glibc's results: a class test returns the class's bit of
//! glibc's table (`isalpha('a')` is 1024, `isdigit('7')` is 2048), 0 otherwise; `EOF` and values
//! outside `unsigned char` belong to no class; `toupper`/`tolower` change only ASCII letters.

use super::{Done, Lib};

/// glibc's class bits (`_ISupper` … `_ISalnum` on a little-endian machine).
const UPPER: i64 = 256;
const LOWER: i64 = 512;
const ALPHA: i64 = 1024;
const DIGIT: i64 = 2048;
const XDIGIT: i64 = 4096;
const SPACE: i64 = 8192;
const PRINT: i64 = 16384;
const GRAPH: i64 = 32768;
const BLANK: i64 = 1;
const CNTRL: i64 = 2;
const PUNCT: i64 = 4;
const ALNUM: i64 = 8;

/// The class bits of `c` (an `int` argument: a byte value or `EOF`).
fn classes(c: i64) -> i64 {
    let Ok(b) = u8::try_from(c) else {
        return 0;
    };
    if !b.is_ascii() {
        return 0;
    }
    let mut m = 0;
    let mut set = |yes: bool, bit: i64| {
        if yes {
            m |= bit;
        }
    };
    set(b.is_ascii_uppercase(), UPPER);
    set(b.is_ascii_lowercase(), LOWER);
    set(b.is_ascii_alphabetic(), ALPHA);
    set(b.is_ascii_digit(), DIGIT);
    set(b.is_ascii_hexdigit(), XDIGIT);
    set(
        matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r'),
        SPACE,
    );
    set((0x20..0x7f).contains(&b), PRINT);
    set((0x21..0x7f).contains(&b), GRAPH);
    set(b == b' ' || b == b'\t', BLANK);
    set(b < 0x20 || b == 0x7f, CNTRL);
    set(b.is_ascii_punctuation(), PUNCT);
    set(b.is_ascii_alphanumeric(), ALNUM);
    m
}

/// The bit `is…` tests, by the function's name.
pub(super) fn bit(name: &str) -> i64 {
    match name {
        "isupper" => UPPER,
        "islower" => LOWER,
        "isalpha" => ALPHA,
        "isdigit" => DIGIT,
        "isxdigit" => XDIGIT,
        "isspace" => SPACE,
        "isprint" => PRINT,
        "isgraph" => GRAPH,
        "isblank" => BLANK,
        "iscntrl" => CNTRL,
        "ispunct" => PUNCT,
        _ => ALNUM,
    }
}

/// `is…(c)` for the class `bit`.
pub(super) fn test(c: i64, bit: i64) -> Done {
    Done::Value(classes(c) & bit)
}

macro_rules! class_fns {
    ($($name:ident),*) => {
        $(pub(super) fn $name(_: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
            Ok(test(a[0] as i32 as i64, bit(stringify!($name))))
        })*
    };
}

class_fns!(
    isalnum, isalpha, isblank, iscntrl, isdigit, isgraph, islower, isprint, ispunct, isspace,
    isupper, isxdigit
);

/// `toupper(c)`.
pub(super) fn toupper(_: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let c = a[0] as i32;
    Ok(Done::Value(i64::from(
        if (i32::from(b'a')..=i32::from(b'z')).contains(&c) {
            c - 32
        } else {
            c
        },
    )))
}

/// `tolower(c)`.
pub(super) fn tolower(_: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    let c = a[0] as i32;
    Ok(Done::Value(i64::from(
        if (i32::from(b'A')..=i32::from(b'Z')).contains(&c) {
            c + 32
        } else {
            c
        },
    )))
}

/// Every class test then `toupper` and `tolower` at `c`, in the order of their names
/// (`isalnum` … `isxdigit`), for comparing with a host C library.
pub fn all(c: i32) -> [i32; 14] {
    let c = i64::from(c);
    let mut out = [0; 14];
    let names = [
        "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower", "isprint",
        "ispunct", "isspace", "isupper", "isxdigit",
    ];
    for (o, name) in out.iter_mut().zip(names) {
        *o = (classes(c) & bit(name)) as i32;
    }
    let up = |c: i64| if (97..=122).contains(&c) { c - 32 } else { c };
    let low = |c: i64| if (65..=90).contains(&c) { c + 32 } else { c };
    out[12] = up(c) as i32;
    out[13] = low(c) as i32;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_glibcs_bits() {
        assert_eq!(classes(i64::from(b'a')) & ALPHA, 1024);
        assert_eq!(classes(i64::from(b'7')) & DIGIT, 2048);
        assert_eq!(classes(-1), 0);
        assert_eq!(classes(200), 0);
        assert_eq!(
            classes(i64::from(b' ')) & (SPACE | PRINT | BLANK | GRAPH),
            SPACE | PRINT | BLANK
        );
        assert_eq!(classes(i64::from(b'_')) & (PUNCT | ALNUM), PUNCT);
    }
}
