//! A program's own `extern` declarations of the variables `<unistd.h>` provides as library
//! storage — getopt's `optarg`, `optind`, `opterr` and `optopt` (`extern char *optarg;`, as
//! classic getopt programs write): the header reaches them as `errno` is reached, through
//! `__getopt_var` (`libc/getopt.rs`), so after expansion such a declaration would not parse. A
//! compatible one only repeats the header's declaration and is dropped, as a C compiler accepts
//! it; one with another type is C's "conflicting types" error at its line.

use crate::lang::diagnostic::Diagnostic;
use crate::lang::syntax::ast::BaseType;
use crate::lang::syntax::token::{Punct, Token, TokenKind};

/// The function the header's macros call, and each variable's type as the header declares it:
/// its base type and how many `*`s.
const ACCESSOR: &str = "__getopt_var";
const VARS: [(&str, BaseType, usize); 4] = [
    ("optarg", BaseType::Char, 1),
    ("optind", BaseType::Int, 0),
    ("opterr", BaseType::Int, 0),
    ("optopt", BaseType::Int, 0),
];

/// Drops the compatible redeclarations from `tokens` (see the module doc) and reports the
/// conflicting ones in `diags`.
pub(super) fn drop_redeclarations(tokens: &mut Vec<Token>, diags: &mut Vec<Diagnostic>) {
    let mut keep = vec![true; tokens.len()];
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i].kind {
            // At file scope or in a block: either repeats the header's declaration.
            TokenKind::Ident(word) if word == "extern" => {
                let end = (i..tokens.len())
                    .find(|&j| matches!(tokens[j].kind, TokenKind::Punct(Punct::Semi)));
                if let Some(end) = end {
                    match check(&tokens[i + 1..end]) {
                        Some(Ok(())) => keep[i..=end].iter_mut().for_each(|k| *k = false),
                        Some(Err(message)) => {
                            let span = tokens[i].span.start..tokens[end].span.end;
                            diags.push(
                                Diagnostic::error(message, span)
                                    .with_label("<unistd.h> declares it already"),
                            );
                            keep[i..=end].iter_mut().for_each(|k| *k = false);
                        }
                        None => {}
                    }
                    i = end;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let mut flags = keep.into_iter();
    tokens.retain(|_| flags.next().unwrap_or(true));
}

/// Whether the tokens between `extern` and `;` declare only library variables: `None` when they
/// declare anything else; otherwise `Ok` when every type matches the header's, or the error.
fn check(decl: &[Token]) -> Option<Result<(), String>> {
    // The type's words (`int`, or `long`, `unsigned int`, `const char`: words the lexer leaves
    // as names), up to the first declarator.
    let words = decl
        .iter()
        .take_while(|t| matches!(t.kind, TokenKind::Type(_) | TokenKind::Ident(_)))
        .count();
    if words == 0 {
        return None;
    }
    let base = match &decl[..words] {
        [Token {
            kind: TokenKind::Type(b),
            ..
        }] => Some(*b),
        _ => None,
    };
    let mut parts = decl[words..].split(|t| matches!(t.kind, TokenKind::Punct(Punct::Comma)));
    let mut problem = None;
    let mut any = false;
    for part in parts.by_ref() {
        let stars = part
            .iter()
            .take_while(|t| matches!(t.kind, TokenKind::Punct(Punct::Star)))
            .count();
        let (name, want_base, want_stars) = variable(&part[stars..])?;
        any = true;
        if base.as_ref() != Some(&want_base) || stars != want_stars {
            problem.get_or_insert_with(|| {
                format!(
                    "conflicting types for `{name}`: <unistd.h> declares it `{}`",
                    declared(name)
                )
            });
        }
    }
    any.then(|| problem.map_or(Ok(()), Err))
}

/// Which library variable a declarator's tokens are (the header's expansion of its name:
/// `( * ( T * ) __getopt_var ( k ) )`), if one.
fn variable(tokens: &[Token]) -> Option<(&'static str, BaseType, usize)> {
    let at = tokens
        .iter()
        .position(|t| matches!(&t.kind, TokenKind::Ident(w) if w == ACCESSOR))?;
    let k = match tokens.get(at + 2).map(|t| &t.kind) {
        Some(TokenKind::Int(k)) => usize::try_from(*k).ok()?,
        _ => return None,
    };
    // Nothing but the expansion itself: `( * ( T [*] * ) ACCESSOR ( k ) )`.
    let shape_len = if k == 0 { 12 } else { 11 };
    (tokens.len() == shape_len).then_some(())?;
    VARS.get(k).cloned()
}

/// How the header declares `name`.
fn declared(name: &str) -> &'static str {
    match name {
        "optarg" => "char *optarg",
        "optind" => "int optind",
        "opterr" => "int opterr",
        _ => "int optopt",
    }
}

#[cfg(test)]
mod tests {
    use crate::lang::syntax::preprocess::run;

    fn texts(source: &str) -> (Vec<String>, Vec<String>) {
        let (tokens, diags) = run(source, "p.c");
        (
            tokens.iter().map(|t| format!("{:?}", t.kind)).collect(),
            diags.into_iter().map(|d| d.message).collect(),
        )
    }

    #[test]
    fn a_programs_own_getopt_declarations_are_the_headers() {
        let with =
            "#include <unistd.h>\nextern char *optarg;\nextern int optind, opterr, optopt;\nint x;";
        let without = "#include <unistd.h>\n\n\nint x;";
        let (a, da) = texts(with);
        let (b, _) = texts(without);
        assert_eq!(da, Vec::<String>::new());
        assert_eq!(a.len(), b.len(), "{a:?}");
    }

    #[test]
    fn another_type_conflicts() {
        let (_, d) = texts("#include <unistd.h>\nextern int optarg;\n");
        assert_eq!(
            d,
            ["conflicting types for `optarg`: <unistd.h> declares it `char *optarg`"]
        );
        let (_, d) = texts("#include <unistd.h>\nextern char *optind;\n");
        assert_eq!(
            d,
            ["conflicting types for `optind`: <unistd.h> declares it `int optind`"]
        );
    }

    #[test]
    fn other_extern_declarations_stay() {
        let source = "extern int count;\nint f(void) { extern int optind; return 0; }";
        let (a, d) = texts(source);
        assert!(d.is_empty());
        assert_eq!(
            a.iter().filter(|t| t.contains("extern")).count(),
            2,
            "{a:?}"
        );
        // With the header, the one in the block is the header's too.
        let (a, d) = texts(&format!("#include <unistd.h>\n{source}"));
        assert!(d.is_empty());
        assert_eq!(
            a.iter().filter(|t| t.contains("extern")).count(),
            1,
            "{a:?}"
        );
    }
}
