//! Lessons: every shipped lesson under `lessons/` loads and checks (its programs compile, its
//! positions are reached, its predictions have one computed answer, its tasks' starting programs
//! fail and solutions pass); broken lessons get the specific error, with step and place.

use std::path::{Path, PathBuf};

use rankscope_core::lessons::{self, Answer, LessonError, Runs};
use rankscope_core::machine::builtin_profiles;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Program paths are relative to the repository root.
fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(root().join(path)).map_err(|e| e.to_string())
}

fn check(text: &str) -> Result<Vec<lessons::StepReport>, Vec<LessonError>> {
    let lesson = lessons::load(text, &mut read)?;
    lessons::check(&lesson, &mut Runs::new(builtin_profiles().unwrap()))
}

fn first_error(text: &str) -> LessonError {
    match check(text) {
        Ok(_) => panic!("the lesson was accepted"),
        Err(mut e) => e.remove(0),
    }
}

#[test]
fn every_shipped_lesson_checks() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("lessons"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let reports = check(&text).unwrap_or_else(|errors| {
            let lines: Vec<String> = errors
                .iter()
                .map(|e| e.render(&file.display().to_string()))
                .collect();
            panic!("{}", lines.join("\n"))
        });
        assert!(!reports.is_empty());
    }
}

const HEAD: &str = r#"id = "broken"
level = "beginner"
languages = ["en"]
title = { en = "Broken" }
summary = { en = "A lesson with a mistake." }
"#;

/// A lesson of one step on `scenario`, with `rest` after it.
fn one_step(scenario: &str, rest: &str) -> String {
    format!(
        "{HEAD}\n[[step]]\ntitle = {{ en = \"S\" }}\nnarration = {{ en = \"N\" }}\nscenario = {scenario}\n{rest}"
    )
}

const RING: &str = r#"{ program = "examples/ring.c", machine = "folon", ranks = 4 }"#;

#[test]
fn the_first_mpi_lesson_computes_its_answers() {
    let reports =
        check(&std::fs::read_to_string(root().join("lessons/first-mpi.toml")).unwrap()).unwrap();
    // Each of the four ranks sends the token once.
    assert_eq!(
        reports[3].answer,
        Some(Answer::Number {
            value: 4.0,
            low: 4.0,
            high: 4.0
        })
    );
    assert_eq!(reports[0].position.event, 0);
    assert!(reports[2].position.event > reports[1].position.event);
    // Step 3 stands just before rank 1's first match, its receive still posted; the
    // prediction of step 6 stands at the start, hiding the end time it asks for.
    assert_eq!(reports[2].view, "queues");
    assert_eq!(reports[5].position.event, 0);
}

#[test]
fn a_syntax_error_has_its_line_and_column() {
    let e = first_error(&format!("{HEAD}\n[[step]]\ntitle = {{ en = \"S\" \n"));
    assert_eq!((e.line, e.step), (Some(8), None), "{e:?}");
    assert!(e.column.is_some());
}

#[test]
fn an_unknown_key_is_refused_at_its_line() {
    let e = first_error(&one_step(RING, "colour = \"red\"\n"));
    assert_eq!(e.line, Some(11), "{e:?}");
    assert!(e.message.contains("unknown field `colour`"), "{e:?}");
}

#[test]
fn an_unknown_machine_names_the_step_and_the_machines() {
    let e = first_error(&one_step(
        r#"{ program = "examples/ring.c", machine = "cray-1", ranks = 4 }"#,
        "",
    ));
    assert_eq!((e.step, e.line), (Some(1), Some(10)), "{e:?}");
    assert!(e.message.contains("unknown machine \"cray-1\""), "{e:?}");
    assert!(e.message.contains("\"folon\""), "{e:?}");
}

#[test]
fn an_unknown_engine_or_record_kind_or_view_is_refused() {
    let e = first_error(&one_step(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, engine = "fast" }"#,
        "",
    ));
    assert!(
        e.message
            .starts_with("engine: \"fast\" is not one of eager, both-sides:buffered"),
        "{e:?}"
    );
    assert_eq!((e.step, e.line), (Some(1), Some(10)), "{e:?}");
    let e = first_error(&one_step(RING, "at = { first = \"explosion\" }\n"));
    assert!(
        e.message.contains("unknown record kind \"explosion\""),
        "{e:?}"
    );
    let e = first_error(&one_step(RING, "views = [\"radar\"]\n"));
    assert!(e.message.contains("unknown view \"radar\""), "{e:?}");
}

#[test]
fn an_unreachable_event_is_an_error_of_its_step() {
    let e = first_error(&one_step(RING, "at = { event = 1000000000 }\n"));
    assert_eq!((e.step, e.line), (Some(1), Some(7)), "{e:?}");
    assert!(
        e.message
            .contains("event 1000000000 is never reached: the run has 49 events"),
        "{e:?}"
    );
}

#[test]
fn a_record_kind_that_never_occurs_is_an_error() {
    let e = first_error(&one_step(RING, "at = { first = \"lock\" }\n"));
    assert!(
        e.message.contains("no \"lock\" record in this run"),
        "{e:?}"
    );
}

#[test]
fn choices_that_tie_have_no_answer() {
    let e = first_error(&one_step(
        RING,
        r#"[step.prediction]
kind = "choice"
question = { en = "Which lock scheme finishes first?" }
reason = { en = "R" }
choices = [ { label = { en = "mcs-rw" }, scenario = { lock = "mcs-rw" } }, { label = { en = "li" }, scenario = { lock = "li" } } ]
answer = "earliest-end"
"#,
    ));
    assert!(e.message.contains("choices 1 and 2 tie at"), "{e:?}");
}

#[test]
fn a_solution_that_fails_its_checks_is_an_error() {
    let e = first_error(&one_step(
        r#"{ program = "lessons/deadlock-hunt/tag_mismatch.c", machine = "folon", ranks = 2 }"#,
        r#"[step.task]
goal = { en = "G" }
solution = "lessons/deadlock-hunt/head_to_head.c"
check = ["no-deadlock"]
"#,
    ));
    assert!(
        e.message
            .contains("the solution (lessons/deadlock-hunt/head_to_head.c) fails \"no deadlock\""),
        "{e:?}"
    );
}

#[test]
fn a_starting_program_that_already_passes_is_an_error() {
    let e = first_error(&one_step(
        RING,
        "[step.task]\ngoal = { en = \"G\" }\ncheck = [\"finishes\"]\n",
    ));
    assert!(e.message.contains("already passes every check"), "{e:?}");
}

#[test]
fn a_missing_language_is_named() {
    let text = one_step(RING, "").replace("languages = [\"en\"]", "languages = [\"en\", \"ja\"]");
    let e = first_error(&text);
    assert!(e.message.contains("has no text in \"ja\""), "{e:?}");
}

/// A number prediction on the number rank 0 prints after `after`, measured at `at`.
fn console_number(after: &str, at: &str) -> String {
    one_step(
        RING,
        &format!(
            r#"at = "start"

[step.prediction]
kind = "number"
question = {{ en = "What does rank 0 print?" }}
reason = {{ en = "R" }}
measure = {{ console_number = {{ rank = 0, after = "{after}" }} }}
at = {at}
abs_tolerance = 0
"#
        ),
    )
}

#[test]
fn a_printed_number_is_a_measure() {
    let reports = check(&console_number("carrying", "\"end\"")).unwrap();
    assert_eq!(
        reports[0].answer,
        Some(Answer::Number {
            value: 6.0,
            low: 6.0,
            high: 6.0
        })
    );
    // Not printed yet at the start; a line without a number after the text; no such line.
    let e = first_error(&console_number("carrying", "\"start\""));
    assert!(
        e.message
            .contains("rank 0 printed no line containing \"carrying\" by then"),
        "{e:?}"
    );
    let e = first_error(&console_number("the token", "\"end\""));
    assert!(
        e.message.contains("has no number after \"the token\""),
        "{e:?}"
    );
    let e = first_error(&console_number("latency:", "\"end\""));
    assert!(e.message.contains("printed no line containing"), "{e:?}");
    // The measure's shape is checked on loading.
    let e = first_error(
        &console_number("x", "\"end\"").replace("rank = 0, after = \"x\"", "after = \"x\""),
    );
    assert!(e.message.contains("console_number needs the rank"), "{e:?}");
    let e =
        first_error(&console_number("x", "\"end\"").replace("after = \"x\"", "afterwards = \"x\""));
    assert!(e.message.contains("unknown key \"afterwards\""), "{e:?}");
}

#[test]
fn a_position_can_name_the_nth_or_the_last_record_of_a_kind() {
    let at =
        |at: &str| check(&one_step(RING, &format!("at = {at}\n"))).map(|r| r[0].position.event);
    let first = at(r#"{ first = "send" }"#).unwrap();
    let second = at(r#"{ first = "send", nth = 2 }"#).unwrap();
    let last = at(r#"{ last = "send" }"#).unwrap();
    // The ring sends four times, in order.
    assert!(first < second && second < last, "{first} {second} {last}");
    assert_eq!(at(r#"{ first = "send", nth = 4 }"#).unwrap(), last);
    assert_eq!(at(r#"{ first = "send", nth = 1 }"#).unwrap(), first);
    let e = first_error(&one_step(RING, "at = { first = \"send\", nth = 5 }\n"));
    assert!(
        e.message
            .contains("the run has only 4 \"send\" records, not 5"),
        "{e:?}"
    );
    let e = first_error(&one_step(RING, "at = { first = \"send\", nth = 0 }\n"));
    assert!(
        e.message.contains("nth must be a whole number from 1"),
        "{e:?}"
    );
    let e = first_error(&one_step(RING, "at = { last = \"send\", nth = 2 }\n"));
    assert!(e.message.contains("nth"), "{e:?}");
}

#[test]
fn network_choices_must_be_ranks_of_the_run_and_every_order_needs_another_check() {
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, network = [3] }"#,
        "",
    ));
    assert!(
        e.message
            .contains("a network choice names rank 3, but the run has ranks 0 to 2"),
        "{e:?}"
    );
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, network = [] }"#,
        "[step.task]\ngoal = { en = \"G\" }\ncheck = [\"every-order\"]\n",
    ));
    assert!(e.message.contains("add at least one"), "{e:?}");
    // A task solved by choosing: a wrong choice is caught by checking the solution.
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, network = [] }"#,
        "[step.task]\ngoal = { en = \"G\" }\nsolution_network = [1]\ncheck = [{ console = { rank = 0, contains = \"answer 1 goes to rank 2\" } }]\n",
    ));
    assert!(e.message.contains("task: the solution"), "{e:?}");
}

#[test]
fn match_choices_are_ranks_of_the_run_not_with_the_network_and_every_match_needs_another_check() {
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, matches = [5] }"#,
        "",
    ));
    assert!(
        e.message
            .contains("a match choice names rank 5, but the run has ranks 0 to 2"),
        "{e:?}"
    );
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, network = [], matches = [] }"#,
        "",
    ));
    assert!(e.message.contains("not both"), "{e:?}");
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3, matches = [] }"#,
        "[step.task]\ngoal = { en = \"G\" }\ncheck = [\"every-match\"]\n",
    ));
    assert!(
        e.message
            .contains("under every match MPI allows: add at least one"),
        "{e:?}"
    );
    // The explore highlight needs the panel.
    let e = first_error(&one_step(
        r#"{ program = "lessons/network/race.c", machine = "ethernet-1g", ranks = 3 }"#,
        "highlight = [{ what = \"explore\" }]\n",
    ));
    assert!(e.message.contains("`matches = []`"), "{e:?}");
}

#[test]
fn a_window_is_read_with_its_place_and_checked_against_the_run() {
    // Written wrong: the error names the window's line and column.
    let e = first_error(&one_step(RING, "window = { from = 5, to = 2 }\n"));
    assert_eq!((e.line, e.column), (Some(11), Some(10)), "{e:?}");
    assert!(e.message.contains("to a later one"), "{e:?}");
    let e = first_error(&one_step(RING, "window = { from = 1, until = 2 }\n"));
    assert!(
        e.message.contains("unknown key \"until\" in window"),
        "{e:?}"
    );
    let e = first_error(&one_step(RING, "window = \"near\"\n"));
    assert!(e.message.contains("window must be"), "{e:?}");
    // Checked by running: it must hold the step's position.
    let e = first_error(&one_step(
        RING,
        "at = \"start\"\nwindow = { from = 1, to = 2 }\n",
    ));
    assert!(e.message.contains("outside it"), "{e:?}");
    let reports = check(&one_step(
        RING,
        "at = { first = \"match\", rank = 1 }\nwindow = \"around\"\n",
    ))
    .unwrap();
    let (from, to) = reports[0].window.unwrap();
    let t = reports[0].position.time;
    assert!(from <= t && t <= to && from < to, "{from} {t} {to}");
}

/// The scenario keys lessons were written with read to the same choices as before there was one
/// run-option parser; any run option is a scenario key (a dash as `_`); a bad one says which.
#[test]
fn scenario_run_options_read_through_the_one_table() {
    use rankscope_core::run_config::RunConfig;
    let lesson = |scenario: &str| {
        lessons::load(&one_step(scenario, ""), &mut read).unwrap_or_else(|e| panic!("{e:?}"))
    };
    let config = |scenario: &str| lesson(scenario).steps[0].scenario.config;
    assert_eq!(config(RING), RunConfig::default());
    let c = config(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, engine = "both-sides:sync", lock = "li", fcp = "fcp2", pvm_route = "direct" }"#,
    );
    assert_eq!(
        c,
        RunConfig::parse("engine=both-sides:sync lock=li fcp=fcp2 pvm-route=direct").unwrap()
    );
    let c = config(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, eager_limit = 65536, max_ops = 1_000_000, memory = "64M" }"#,
    );
    assert_eq!(
        c.to_string(),
        "eager-limit=65536 max-ops=1000000 memory=64M"
    );
    let shown = lesson(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, lock = "fompi", eager_limit = 100 }"#,
    );
    assert_eq!(
        shown.steps[0].scenario.to_string(),
        "ring.c on folon, 4 ranks, eager, lock fompi, eager-limit 100"
    );
    let e = first_error(&one_step(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, pvm_route = "tcp" }"#,
        "",
    ));
    assert_eq!(
        e.message,
        "pvm-route: \"tcp\" is not one of udp, fcp, direct"
    );
    let e = first_error(&one_step(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, lock = 3.5 }"#,
        "",
    ));
    assert_eq!(e.message, "lock: write a text in quotes or a whole number");
    let e = first_error(&one_step(
        r#"{ program = "examples/ring.c", machine = "folon", ranks = 4, pvm-route = "fcp" }"#,
        "",
    ));
    assert!(
        e.message
            .contains("unknown field `pvm-route`, expected one of `program`"),
        "{e:?}"
    );
    assert!(e.message.contains("`pvm_route`"), "{e:?}");
}
