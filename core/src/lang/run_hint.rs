//! The "how to run me" line of an example program: `rankscope run FILE -n N -p PROFILE` in a
//! comment, optionally with `--engine ENGINE`, `--lock SCHEME`, `--eager-limit N`, `--fcp
//! DESIGN` and `--pvm-route ROUTE`. The CLI tests, the example
//! tests and the playground's example picker all read it, so an example opens with the rank
//! count, machine, point-to-point engine and lock scheme it was written for.

/// Rank count and machine an example asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunHint {
    /// `-n`.
    pub ranks: u32,
    /// `-p`.
    pub profile: String,
    /// `--engine`, if given (the default engine otherwise).
    pub engine: Option<String>,
    /// `--lock`, if given (the default lock scheme otherwise).
    pub lock: Option<String>,
    /// `--eager-limit`, if given (the engine's default otherwise).
    pub eager_limit: Option<u64>,
    /// `--fcp`, if given (FCP otherwise).
    pub fcp: Option<String>,
    /// `--pvm-route`, if given (through the daemons over UDP otherwise).
    pub pvm_route: Option<String>,
}

/// Finds the first `rankscope run … -n N -p PROFILE` line in `source`.
pub fn run_hint(source: &str) -> Option<RunHint> {
    let line = source.lines().find(|l| l.contains("rankscope run "))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |flag: &str| {
        let i = words.iter().position(|w| *w == flag)?;
        Some(words.get(i + 1)?.trim_end_matches("*/").to_string())
    };
    Some(RunHint {
        ranks: after("-n")?.parse().ok()?,
        profile: after("-p")?,
        engine: after("--engine"),
        lock: after("--lock"),
        eager_limit: after("--eager-limit").and_then(|b| b.parse().ok()),
        fcp: after("--fcp"),
        pvm_route: after("--pvm-route"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranks_and_profile() {
        let src = "/* Run:  rankscope run examples/ring.c -n 6 -p folon */\nint main() {}";
        assert_eq!(
            run_hint(src),
            Some(RunHint {
                ranks: 6,
                profile: "folon".into(),
                engine: None,
                lock: None,
                eager_limit: None,
                fcp: None,
                pvm_route: None,
            })
        );
        let src = "/* rankscope run x.c -n 3 -p emx --engine both-sides:sync --lock li */";
        let hint = run_hint(src).unwrap();
        assert_eq!(
            (hint.engine.as_deref(), hint.lock.as_deref()),
            (Some("both-sides:sync"), Some("li"))
        );
        let src = "/* rankscope run f.c -n 8 -p ethernet-1g --eager-limit 65536 [-- 400] */";
        assert_eq!(run_hint(src).unwrap().eager_limit, Some(65_536));
        let src = "/* rankscope run p.c -n 2 -p folon --pvm-route fcp --fcp fcp2 */";
        let hint = run_hint(src).unwrap();
        assert_eq!(
            (hint.fcp.as_deref(), hint.pvm_route.as_deref()),
            (Some("fcp2"), Some("fcp"))
        );
        assert_eq!(run_hint("int main() {}"), None);
        assert_eq!(run_hint("// rankscope run x.c -n many -p emx"), None);
    }
}
