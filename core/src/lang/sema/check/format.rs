//! `printf` formats: the conversions a format names, checked against the arguments' types.

use super::*;

impl<'a> Checker<'a> {
    pub(super) fn printf(&mut self, args: &[Expr], types: &[Ty], e: &Expr) {
        let Some(Expr {
            kind: ExprKind::Str(format),
            span: fspan,
            ..
        }) = args.first()
        else {
            return;
        };
        let convs = match conversions(format) {
            Ok(c) => c,
            Err(message) => {
                self.error(message, fspan.clone(), "in this format");
                return;
            }
        };
        let given = args.len() - 1;
        if convs.len() != given {
            let were = if given == 1 { "was" } else { "were" };
            self.error_note(
                format!(
                    "the `printf` format has {} but {given} {were} given",
                    plural(convs.len(), "conversion", "conversions"),
                ),
                e.span.clone(),
                format!("expected {}", plural(convs.len(), "argument", "arguments")),
                "each `%d`, `%f`, `%s`… takes one argument after the format",
            );
            return;
        }
        for (i, (conv, (a, t))) in convs
            .iter()
            .zip(args[1..].iter().zip(&types[1..]))
            .enumerate()
        {
            let (ok, fix) = match conv {
                '*' => (
                    t.is_whole_number(),
                    "a `*` width or precision takes an `int` argument",
                ),
                'p' => (
                    t.is_pointerish(),
                    "`%p` prints a pointer: an address or an array",
                ),
                'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' => (
                    t.is_whole_number() || t.is_handle(),
                    if t.is_floating() {
                        "use `%f` for a `double`, or convert it with `(int)`"
                    } else {
                        "this conversion prints an integer"
                    },
                ),
                's' => (
                    matches!(t.as_pointer(), Some((BaseType::Char | BaseType::UChar, 1))),
                    "`%s` prints a string: a string literal or a `char` array",
                ),
                _ => (
                    t.is_floating(),
                    if t.is_whole_number() {
                        "use `%d` for an `int`, or convert it with `(double)`"
                    } else {
                        "this conversion prints a `double`"
                    },
                ),
            };
            if !ok && *t != Ty::Unknown {
                self.error_note(
                    format!(
                        "`%{conv}` in the `printf` format does not match argument {}, which is {}",
                        i + 2,
                        t.describe()
                    ),
                    a.span.clone(),
                    format!("printed with `%{conv}`"),
                    fix,
                );
            }
        }
    }
}

/// The conversion letters of a `printf` format (`%%` excluded; `*` for a width or precision
/// taken from an argument), or what is wrong with it. (What is valid is [`printf::conversions`]'s
/// decision; this adds the letters the messages quote.)
pub(super) fn conversions(format: &str) -> Result<Vec<char>, String> {
    if let Err(e) = crate::lang::libc::printf::conversions(format) {
        if e.message.contains("%n") || e.message.contains("positional") {
            return Err(e.message);
        }
    }
    let mut out = Vec::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        while chars.peek().is_some_and(|f| "-+ 0#".contains(*f)) {
            chars.next();
        }
        while let Some(&f) = chars.peek() {
            if f.is_ascii_digit() || f == '.' {
                chars.next();
            } else if f == '*' {
                out.push('*');
                chars.next();
            } else {
                break;
            }
        }
        while chars.peek().is_some_and(|f| "hlLzjt".contains(*f)) {
            chars.next();
        }
        match chars.next() {
            Some('%') => {}
            Some(
                conv @ ('d' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' | 's' | 'f' | 'F' | 'e' | 'E' | 'g'
                | 'G' | 'a' | 'A' | 'p'),
            ) => {
                out.push(conv);
            }
            Some(other) => {
                return Err(format!(
                    "unknown conversion `%{other}` in the `printf` format"
                ))
            }
            None => {
                return Err(
                    "the `printf` format ends with a lone `%`; write `%%` for a percent sign"
                        .into(),
                )
            }
        }
    }
    Ok(out)
}
