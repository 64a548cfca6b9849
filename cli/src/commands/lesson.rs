//! `rankscope lesson check FILE...` and `rankscope lesson list DIR`: validate lessons by
//! running them (every program compiles, every position is reached, every prediction has one
//! computed answer, every task's starting program fails and its solution passes) and print
//! what the playground will show; list the lessons of a folder.

use std::path::{Path, PathBuf};

use crate::output::out;
use rankscope_core::lessons::{
    self, Answer, Lesson, Pick, QuestionKind, Runs, StepReport, Verdict,
};
use rankscope_core::machine::builtin_profiles;

/// Reads `path` named in a lesson: looked up from the lesson's folder, then each folder above it
/// (so `examples/ring.c` is found from a lesson in `lessons/`, and `deadlock-hunt/x.c` next to
/// it).
fn reader(lesson: &Path) -> impl FnMut(&str) -> Result<String, String> + '_ {
    move |path: &str| {
        let start = lesson.parent().unwrap_or(Path::new("."));
        let start = if start.as_os_str().is_empty() {
            Path::new(".")
        } else {
            start
        };
        // Absolute, so the walk goes above the current folder (`lesson check *.toml` run from
        // inside `lessons/` finds `lessons/network/race.c` one folder up).
        let absolute = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
        let found = absolute
            .ancestors()
            .map(|dir| dir.join(path))
            .chain(std::iter::once(PathBuf::from(path)))
            .find(|p| p.is_file())
            .ok_or_else(|| format!("not found from {} or any folder above it", start.display()))?;
        std::fs::read_to_string(&found).map_err(|e| format!("{}: {e}", found.display()))
    }
}

/// Loads one lesson file, or its errors rendered `FILE:LINE:COL: message`.
fn load(file: &Path) -> Result<Lesson, String> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {name}: {e}"))?;
    lessons::load(&text, &mut reader(file)).map_err(|errors| {
        errors
            .iter()
            .map(|e| e.render(&name))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// `rankscope lesson check FILE...`.
pub fn check(files: &[PathBuf]) -> Result<(), String> {
    let profiles = builtin_profiles().map_err(|e| e.to_string())?;
    let mut failed = Vec::new();
    let mut steps = 0;
    for file in files {
        let name = file.display().to_string();
        let checked = load(file).and_then(|lesson| {
            let mut runs = Runs::new(profiles.clone());
            lessons::check(&lesson, &mut runs)
                .map(|reports| (lesson, reports))
                .map_err(|errors| {
                    errors
                        .iter()
                        .map(|e| e.render(&name))
                        .collect::<Vec<_>>()
                        .join("\n")
                })
        });
        match checked {
            Ok((lesson, reports)) => {
                print_lesson(&name, &lesson, &reports);
                steps += reports.len();
            }
            Err(e) => {
                eprintln!("{e}");
                failed.push(name);
            }
        }
    }
    if failed.is_empty() {
        out!(
            "ok: {} lesson{}, {steps} steps",
            files.len(),
            if files.len() == 1 { "" } else { "s" }
        );
        Ok(())
    } else {
        Err(format!(
            "{} of {} lesson files failed: {}",
            failed.len(),
            files.len(),
            failed.join(", ")
        ))
    }
}

fn en<'a>(lesson: &'a Lesson, text: &'a lessons::Text) -> &'a str {
    lesson.text(text, "en")
}

fn print_lesson(name: &str, lesson: &Lesson, reports: &[StepReport]) {
    out!(
        "{name}: \"{}\" ({}; {}), {} steps",
        en(lesson, &lesson.title),
        lesson.level,
        lesson.languages.join(", "),
        lesson.steps.len()
    );
    for (step, r) in lesson.steps.iter().zip(reports) {
        out!(
            "  step {} (line {}) \"{}\": {}",
            r.step,
            step.line,
            en(lesson, &step.title),
            r.scenario
        );
        out!(
            "    at {}: event {} of {} (t = {}); the run {}; shows the {} view",
            step.at,
            r.position.event,
            r.events,
            r.position.time,
            r.outcome,
            r.view
        );
        if let Some((from, to)) = r.window {
            out!("    window: {from} to {to}");
        }
        if let (Some(p), Some(answer)) = (&step.prediction, &r.answer) {
            match (&p.question_kind, answer) {
                (QuestionKind::Choice { choices, pick }, Answer::Choice { index, values }) => {
                    let (rule, measure) = match pick {
                        Pick::Least(m) => ("least", m),
                        Pick::Most(m) => ("most", m),
                    };
                    out!("    prediction (choice, the {rule} {measure} at {}):", p.at);
                    for (i, (c, v)) in choices.iter().zip(values).enumerate() {
                        out!(
                            "      {} {}. {}: {} ({})",
                            if i == *index { "→" } else { " " },
                            i + 1,
                            en(lesson, &c.label),
                            num(*v),
                            c.scenario
                        );
                    }
                }
                (
                    QuestionKind::Number {
                        measure, scenario, ..
                    },
                    Answer::Number { value, low, high },
                ) => {
                    out!(
                        "    prediction (number, {measure} at {} of {scenario}): {} (accepted {} to {})",
                        p.at,
                        num(*value),
                        num(*low),
                        num(*high)
                    );
                }
                _ => {}
            }
        }
        if let (Some(t), Some(tr)) = (&step.task, &r.task) {
            out!("    task, starting from {}:", t.start.program.name);
            print_verdicts(&tr.start);
            if let (Some(s), Some(verdicts)) = (&t.solution, &tr.solution) {
                if s.program == t.start.program {
                    let choices: Vec<String> =
                        s.network.iter().flatten().map(u32::to_string).collect();
                    out!(
                        "    task, solved by the network choosing {}:",
                        choices.join(", ")
                    );
                } else {
                    out!("    task, solution {}:", s.program.name);
                }
                print_verdicts(verdicts);
            }
        }
    }
}

/// A measured value: whole numbers as they are, others to three decimals.
fn num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v}")
    } else {
        format!("{v:.3}")
    }
}

fn print_verdicts(verdicts: &[(lessons::Check, Verdict)]) {
    for (check, v) in verdicts {
        out!(
            "      {} {check}: {}",
            if v.pass { "pass" } else { "FAIL" },
            v.reason
        );
    }
}

/// `rankscope lesson list DIR`: each lesson file's id, level, steps and title.
pub fn list(dir: &Path) -> Result<(), String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut bad = 0;
    for file in &files {
        match load(file) {
            Ok(l) => out!(
                "{:<20} {:<13} {:>2} steps  {}  ({})",
                l.id,
                l.level,
                l.steps.len(),
                en(&l, &l.title),
                file.display()
            ),
            Err(e) => {
                bad += 1;
                eprintln!("{e}");
            }
        }
    }
    match bad {
        0 => Ok(()),
        n => Err(format!(
            "{n} lesson file{} did not load",
            if n == 1 { "" } else { "s" }
        )),
    }
}
