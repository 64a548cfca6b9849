//! The "how to run me" line of an example program: `rankscope run FILE -n N -p PROFILE` in a
//! comment, optionally with run options as the command line writes them (`--engine ENGINE`,
//! `--lock SCHEME`, `--eager-limit N`, `--fcp DESIGN`, `--pvm-route ROUTE`: any key of
//! [`crate::run_config::OPTIONS`], read by its one parser). The example tests and the
//! playground's example picker read it, so an example opens with the rank count, machine and
//! run options it was written for.

use crate::run_config::RunConfig;

/// Rank count, machine and run options an example asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunHint {
    /// `-n`.
    pub ranks: u32,
    /// `-p`.
    pub profile: String,
    /// The run options its line names (`--engine`, `--lock`, `--eager-limit`, `--fcp`,
    /// `--pvm-route`, any key of [`crate::run_config::OPTIONS`]) over the defaults, or why one
    /// of them does not read (the message names the key and the values it takes).
    pub config: Result<RunConfig, String>,
}

/// Finds the first `rankscope run … -n N -p PROFILE` line in `source`.
pub fn run_hint(source: &str) -> Option<RunHint> {
    let line = source.lines().find(|l| l.contains("rankscope run "))?;
    let words: Vec<&str> = line
        .split_whitespace()
        .map(|w| w.trim_end_matches("*/"))
        .filter(|w| !w.is_empty())
        .collect();
    let after = |flag: &str| {
        let i = words.iter().position(|w| *w == flag)?;
        Some(words.get(i + 1)?.to_string())
    };
    Some(RunHint {
        ranks: after("-n")?.parse().ok()?,
        profile: after("-p")?,
        config: RunConfig::default().with_flags(&words),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locks::LockScheme;
    use crate::proto::fcp::Variant;
    use crate::proto::p2p::{Matching, Protocol};
    use crate::proto::pvm::PvmConfig;

    #[test]
    fn reads_ranks_and_profile() {
        let src = "/* Run:  rankscope run examples/ring.c -n 6 -p folon */\nint main() {}";
        assert_eq!(
            run_hint(src),
            Some(RunHint {
                ranks: 6,
                profile: "folon".into(),
                config: Ok(RunConfig::default()),
            })
        );
        assert_eq!(run_hint("int main() {}"), None);
        assert_eq!(run_hint("// rankscope run x.c -n many -p emx"), None);
    }

    /// The run lines the examples were written with read to the same choices as before there
    /// was one parser.
    #[test]
    fn old_run_lines_read_to_the_same_choices() {
        let config = |src: &str| run_hint(src).unwrap().config.unwrap();
        let c = config("/* rankscope run x.c -n 3 -p emx --engine both-sides:sync --lock li */");
        assert_eq!(
            (c.engine, c.lock),
            (Matching::BothSides(Protocol::Sync), LockScheme::LiEtAl)
        );
        assert_eq!(c.to_string(), "engine=both-sides:sync lock=li");
        let c = config("/* rankscope run f.c -n 8 -p ethernet-1g --eager-limit 65536 [-- 400] */");
        assert_eq!(c.eager_limit, 65_536);
        let c = config("/* rankscope run p.c -n 2 -p folon --pvm-route fcp --fcp fcp2 */");
        assert_eq!((c.fcp, c.pvm), (Variant::FcpII, PvmConfig::FCP));
        // A value right before the comment's end.
        assert_eq!(
            config("/* rankscope run p.c -n 2 -p folon --fcp fcp-plus*/").fcp,
            Variant::FcpPlus
        );
    }

    #[test]
    fn a_bad_option_says_which_and_what_it_takes() {
        let hint = run_hint("/* rankscope run x.c -n 2 -p emx --lock mcs */").unwrap();
        assert_eq!((hint.ranks, hint.profile.as_str()), (2, "emx"));
        assert_eq!(
            hint.config,
            Err("lock: \"mcs\" is not one of mcs-rw, fompi, test-and-set, li".into())
        );
        let hint = run_hint("/* rankscope run x.c -n 2 -p emx --eager-limit */").unwrap();
        assert_eq!(hint.config, Err("--eager-limit needs a value".into()));
    }
}
