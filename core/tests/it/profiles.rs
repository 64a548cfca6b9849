//! Profile errors as a user sees them: file, line, column and a plain-English message.

use rankscope_core::machine::builtin::BUILTIN_PROFILE_SOURCES;
use rankscope_core::machine::{Machine, Profile};

fn source(id: &str) -> &'static str {
    BUILTIN_PROFILE_SOURCES
        .iter()
        .find(|(f, _)| f.trim_end_matches(".toml") == id)
        .unwrap()
        .1
}

/// Applies `edit` to a built-in profile and returns the error text of loading it.
fn error_of(id: &str, from: &str, to: &str) -> String {
    let text = source(id);
    assert!(text.contains(from), "{id} contains {from:?}");
    let edited = text.replacen(from, to, 1);
    match Profile::from_toml("my.toml", &edited) {
        Ok(_) => panic!("{id} with {from:?} → {to:?} should be rejected"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_profiles_are_reported_with_line_and_column() {
    let errors = [
        error_of("emx", "id = \"emx\"", "id = emx"),
        error_of("emx", "nodes = { value = 80,", "nodes = { value = -80,"),
        error_of("fx100", "engines = { value = 4,", "engines = { value = 0,"),
        error_of(
            "fx100",
            "dims = { value = [2, 2, 3, 2, 3, 2]",
            "dims = { value = [2, 2, 3]",
        ),
        error_of("ethernet-1g", "[link]", "[lnik]"),
        error_of(
            "ib-qdr",
            "[cpu]",
            "[cpu]\nmips = { value = 1, assume = \"x\" }",
        ),
        error_of(
            "folon",
            ", source = \"paper 004 FOLON description: 6 x Pentium 120 PCs\"",
            "",
        ),
    ]
    .join("\n");
    insta::assert_snapshot!(errors);
}

#[test]
fn too_many_ranks_for_a_machine_is_an_error_not_a_panic() {
    let folon = Profile::from_toml("folon.toml", source("folon")).unwrap();
    let e = Machine::new(&folon, 7).unwrap_err();
    assert_eq!(
        e.to_string(),
        "FOLON (VME bus) has room for 6 ranks (6 nodes × 1 per node), not 7"
    );
    assert!(Machine::new(&folon, 0).is_err());
}
