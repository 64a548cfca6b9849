//! `rankscope run`'s run-option flags come from core's one table: each is listed in the help
//! with its values and default, reads what it read before, and a bad value names the flag, the
//! key and the values it takes.

use std::process::{Command, Output};

const PROGRAM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs/print_args.c");

fn rankscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rankscope"))
        .args(args)
        .output()
        .expect("the rankscope binary runs")
}

#[test]
fn every_run_option_is_a_flag_with_its_values_and_default() {
    let help = String::from_utf8(rankscope(&["run", "--help"]).stdout).unwrap();
    for option in &rankscope_core::run_config::OPTIONS {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("--{} <", option.key)))
            .unwrap_or_else(|| panic!("--{} is not in the help:\n{help}", option.key));
        assert!(line.contains("[default: "), "{line}");
    }
    assert!(
        help.contains("mcs-rw, fompi, test-and-set, li [default: mcs-rw]"),
        "{help}"
    );
    assert!(help.contains("--max-events <N>"), "{help}");
    assert!(help.contains("[default: 50000000]"), "{help}");
}

#[test]
fn the_flags_read_what_they_read_before() {
    for flags in [
        &["--engine", "both-sides:sync", "--lock", "li"][..],
        &[
            "--fcp",
            "FCP II",
            "--pvm-route",
            "DIRECT",
            "--eager-limit",
            "65536",
        ],
        &[
            "--memory",
            "64M",
            "--max-ops",
            "1000000",
            "--max-events",
            "100000",
        ],
    ] {
        let mut args = vec!["run", PROGRAM, "-n", "2", "-p", "folon"];
        args.extend_from_slice(flags);
        let out = rankscope(&args);
        assert!(
            out.status.success(),
            "{flags:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_bad_value_names_the_flag_and_the_values_it_takes() {
    let out = rankscope(&["run", PROGRAM, "-n", "2", "--pvm-route", "tcp"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("invalid value 'tcp' for '--pvm-route <ROUTE>': pvm-route: \"tcp\" is not one of udp, fcp, direct"),
        "{err}"
    );
    let out = rankscope(&["run", PROGRAM, "-n", "2", "--max-ops", "lots"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("max-ops: \"lots\" is not a whole number"),
        "{err}"
    );
}
