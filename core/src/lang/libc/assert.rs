//! `<assert.h>`'s `assert` and `<stdlib.h>`'s `abort`: a failed assertion writes glibc's line
//! on the rank's error stream (`prog: file.c:12: main: Assertion `n > 0' failed.`), then
//! aborts. An aborting rank ends the whole run with an error at its line, as mpiexec ends
//! every rank of a job when one is killed by `SIGABRT` (and as `MPI_Abort` ends a run).
//! `NDEBUG` defined before `#include <assert.h>` turns `assert` off (the preprocessor's part).

use super::{Done, Lib};

/// What ends the run after `abort()`.
const ABORTED: &str =
    "abort() ended the rank (SIGABRT), so the whole run stops: mpiexec ends every rank when one aborts";

/// A failed `assert(…)`: the call's text is the condition as written.
pub(super) fn assert_fail(l: &mut Lib<'_>, _: &[i64]) -> Result<Done, String> {
    let expr = normalize(l.site.text);
    let prog = l.site.prog.rsplit('/').next().unwrap_or(l.site.prog);
    l.err.push_str(&format!(
        "{prog}: {}:{}: {}: Assertion `{expr}' failed.\n",
        l.site.file, l.line, l.site.function
    ));
    Err(format!("assertion `{expr}` failed; {ABORTED}"))
}

/// `abort()`.
pub(super) fn abort(_: &mut Lib<'_>, _: &[i64]) -> Result<Done, String> {
    Err(ABORTED.to_string())
}

/// The condition as the preprocessor's `#expr` spells it: runs of white space outside string
/// and character literals become one space, none at the ends.
pub fn normalize(text: &str) -> String {
    let mut out = String::new();
    let mut quote = None;
    let mut escaped = false;
    let mut space = false;
    for ch in text.trim().chars() {
        if let Some(q) = quote {
            out.push(ch);
            if escaped {
                escaped = false;
            } else if ch == '\\' {
                escaped = true;
            } else if ch == q {
                quote = None;
            }
            continue;
        }
        if ch.is_whitespace() {
            space = true;
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        if ch == '"' || ch == '\'' {
            quote = Some(ch);
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_condition_is_spelled_as_the_preprocessor_does() {
        assert_eq!(super::normalize("  n  >\n 0 "), "n > 0");
        assert_eq!(super::normalize("s[0] == ' '  &&  x"), "s[0] == ' ' && x");
    }
}
