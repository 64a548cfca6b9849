//! From source text to runnable ranks: front end (parse + check; link for several files),
//! compiler, one VM per rank.

use std::rc::Rc;

use crate::lang::codegen::bytecode::Compiled;
use crate::lang::codegen::compile::compile;
use crate::lang::diagnostic::Diagnostic;
use crate::lang::link::{display, display_diag};
use crate::lang::sources::{check_names, kind, FileKind, FileMap, SourceFile};
use crate::lang::vm::{Vm, VmLimits};

/// Parses, checks and compiles `source` (named `file` in diagnostics). On failure, every
/// diagnostic found, in source order.
pub fn load(source: &str, file: &str) -> Result<Rc<Compiled>, Vec<Diagnostic>> {
    let named = |diags: Vec<Diagnostic>| -> Vec<Diagnostic> {
        diags
            .into_iter()
            .map(|mut d| {
                d.file = file.to_string();
                d
            })
            .collect()
    };
    let program = crate::lang::front_end(source).map_err(named)?;
    compile(&program, source, file).map(Rc::new).map_err(named)
}

/// Parses, links, checks and compiles a program of several files (one or more `.c`, headers,
/// data files; see [`crate::lang::sources`]). On failure, every diagnostic found, each with its
/// file and its span in that file, in order of the files and then of the source.
pub fn load_files(files: &[SourceFile]) -> Result<Rc<Compiled>, Vec<Diagnostic>> {
    load_files_defining(files, &[])
}

/// [`load_files`] with macros defined before every translation unit, as the compiler's
/// `-D NAME=VALUE` flags define them: each entry is `NAME body` (see [`define_flag`]).
pub fn load_files_defining(
    files: &[SourceFile],
    defines: &[String],
) -> Result<Rc<Compiled>, Vec<Diagnostic>> {
    let no_span = |message: String| vec![Diagnostic::error(message, 0..0)];
    check_names(files).map_err(no_span)?;
    let mut map = FileMap::new(files);
    map.defines = defines.to_vec();
    let localize = |diags: Vec<Diagnostic>| -> Vec<Diagnostic> {
        let mut diags: Vec<Diagnostic> = diags.into_iter().map(|d| map.localize(d)).collect();
        let order = |d: &Diagnostic| (map.find(&d.file).unwrap_or(0), d.span.start);
        diags.sort_by_key(order);
        // A header included by several files reports its error once.
        diags.dedup_by(|a, b| a.file == b.file && a.span == b.span && a.message == b.message);
        diags
    };
    let program = crate::lang::sema::check::front_end_files(&map).map_err(localize)?;
    // The program is named after the file with `main` (`argv[0]`, runtime errors' headers).
    let main_at = program.unit.items.iter().find_map(|item| match item {
        crate::lang::syntax::ast::Item::Function(f) if f.name == "main" => Some(f.span.start),
        _ => None,
    });
    let first = match main_at {
        Some(at) => map.files[map.file_at(at)].name.to_string(),
        None => (map.files.iter())
            .find(|f| f.kind == FileKind::Source)
            .map_or("program.c".to_string(), |f| f.name.to_string()),
    };
    let mut compiled = compile(&program, &map.text, &first)
        .map_err(|d| localize(d.into_iter().map(display_diag).collect()))?;
    for f in &mut compiled.functions {
        if f.name.contains('@') {
            f.name = display(&f.name);
        }
    }
    compiled.files = Rc::new(map.clone());
    compiled.data = files
        .iter()
        .filter(|f| kind(&f.name) == FileKind::Data)
        .cloned()
        .collect();
    Ok(Rc::new(compiled))
}

/// A compiler's `-D` flag as a definition for [`load_files_defining`]: `NAME` defines `NAME` as
/// `1`, `NAME=VALUE` as `VALUE`, `NAME(a,b)=BODY` a function-like macro (as gcc reads them).
/// An error names what is wrong when the part before `=` is not a macro name.
pub fn define_flag(flag: &str) -> Result<String, String> {
    let (head, body) = match flag.split_once('=') {
        Some((head, body)) => (head, body),
        None => (flag, "1"),
    };
    let name_end = head
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(head.len());
    let (name, params) = head.split_at(name_end);
    let params_ok = params.is_empty()
        || (params.starts_with('(')
            && params.ends_with(')')
            && params[1..params.len() - 1]
                .split(',')
                .all(|p| p.trim() == "..." || is_identifier(p.trim()) || p.trim().is_empty()));
    if !is_identifier(name) || !params_ok {
        return Err(format!(
            "`-D {flag}`: a definition is NAME, NAME=VALUE or NAME(params)=BODY, with NAME a C \
             identifier (letters, digits and `_`, not starting with a digit)"
        ));
    }
    Ok(format!("{head} {body}"))
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `n` ranks running `compiled`, each with its own memory; `main`'s `argv` holds only the
/// program's name.
pub fn ranks(compiled: &Rc<Compiled>, n: u32, limits: VmLimits) -> Vec<Vm> {
    ranks_with_args(compiled, n, limits, &[])
}

/// `n` ranks running `compiled` with command-line arguments (`argv[1]`…; `argv[0]` is the
/// file's name without its extension, as a program built from it would be called).
pub fn ranks_with_args(
    compiled: &Rc<Compiled>,
    n: u32,
    limits: VmLimits,
    args: &[String],
) -> Vec<Vm> {
    let name = compiled.file.rsplit('/').next().unwrap_or_default();
    let name = name.strip_suffix(".c").unwrap_or(name);
    let argv: Rc<[String]> = std::iter::once(name.to_string())
        .chain(args.iter().cloned())
        .collect();
    (0..n)
        .map(|_| Vm::new(Rc::clone(compiled), limits).with_args(Rc::clone(&argv)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::define_flag;

    #[test]
    fn define_flags_read_as_gcc_reads_them() {
        assert_eq!(define_flag("USE_MTEST_NBC").unwrap(), "USE_MTEST_NBC 1");
        assert_eq!(define_flag("N=100").unwrap(), "N 100");
        assert_eq!(define_flag("EMPTY=").unwrap(), "EMPTY ");
        assert_eq!(define_flag("SQ(x)=((x)*(x))").unwrap(), "SQ(x) ((x)*(x))");
        for bad in ["", "1X", "A-B=2", "F(x=1", "F(1)=2"] {
            let e = define_flag(bad).unwrap_err();
            assert!(e.contains("a definition is NAME"), "{bad}: {e}");
        }
    }
}
