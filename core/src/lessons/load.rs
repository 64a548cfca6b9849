//! From a lesson file's text to a [`Lesson`]: TOML syntax and unknown keys refused with their
//! line and column, then every name checked (machines, engines, lock schemes, record kinds,
//! views, highlight targets, languages), every scenario spelled out from the last step's, and
//! every program read through the caller's resolver (core does no IO: the CLI reads files, the
//! web looks in its embedded examples).

use std::ops::Range;

use toml::{Spanned, Value};

use super::error::LessonError;
use super::format::{LessonFile, ScenarioFile, StepFile, TaskFile, TextFile};
use super::lesson::{Highlight, Lesson, Step, Text};
use super::measure::Measure;
use super::position::At;
use super::prediction::{Choice, Pick, Prediction, QuestionKind, Tolerance};
use super::scenario::{ProgramText, Scenario};
use super::task::{Check, Task};
use super::vocab::{self, choices};
use super::window::Window;
use crate::machine::builtin_profiles;
use crate::run_config::RunConfig;
use crate::time::SimTime;

/// Reads a program named by a lesson (`examples/ring.c`) and returns its text, or why not.
pub type ReadProgram<'a> = dyn FnMut(&str) -> Result<String, String> + 'a;

/// Parses and checks a lesson. `read` resolves program paths. Every problem found, each with
/// its step and place, when it is refused.
pub fn load(text: &str, read: &mut ReadProgram<'_>) -> Result<Lesson, Vec<LessonError>> {
    let file: LessonFile = toml::from_str(text).map_err(|e| {
        vec![LessonError::at(
            text,
            e.span(),
            None,
            e.message().trim_end().replace('\n', ": "),
        )]
    })?;
    let mut loader = Loader {
        text,
        read,
        errors: Vec::new(),
        languages: Vec::new(),
        kinds: vocab::record_kinds(),
        machines: builtin_profiles()
            .map(|ps| ps.into_iter().map(|p| p.machine.id).collect())
            .unwrap_or_default(),
        step: None,
        step_span: None,
    };
    let lesson = loader.lesson(&file);
    match (lesson, loader.errors.is_empty()) {
        (Some(lesson), true) => Ok(lesson),
        _ => Err(loader.errors),
    }
}

struct Loader<'t, 'r> {
    text: &'t str,
    read: &'r mut ReadProgram<'r>,
    errors: Vec<LessonError>,
    languages: Vec<String>,
    kinds: Vec<&'static str>,
    machines: Vec<String>,
    /// The step being read (1-based), named in errors.
    step: Option<usize>,
    /// Its `[[step]]` header's place.
    step_span: Option<Range<usize>>,
}

/// The byte ranges of the lines starting with `prefix` (after indentation), in order.
fn lines_starting(text: &str, prefix: impl Fn(&str) -> bool) -> Vec<Range<usize>> {
    let mut offset = 0;
    let mut found = Vec::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if prefix(trimmed) {
            let start = offset + (line.len() - trimmed.len());
            found.push(start..offset + line.trim_end().len());
        }
        offset += line.len();
    }
    found
}

/// The `[[step]]` headers' places, in order.
fn step_spans(text: &str) -> Vec<Range<usize>> {
    lines_starting(text, |l| l.starts_with("[[step]]"))
}

/// The first top-level line assigning `key` (`key = …` or `key.x = …`).
fn key_span(text: &str, key: &str) -> Option<Range<usize>> {
    lines_starting(text, |l| {
        l.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(['=', '.']))
    })
    .into_iter()
    .next()
}

impl Loader<'_, '_> {
    fn error(&mut self, span: Option<Range<usize>>, message: impl Into<String>) {
        let e = LessonError::at(self.text, span, self.step, message);
        self.errors.push(e);
    }

    fn lesson(&mut self, file: &LessonFile) -> Option<Lesson> {
        let id = file.id.get_ref();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            self.error(
                Some(file.id.span()),
                format!("id \"{id}\" must be lowercase letters, digits and dashes"),
            );
        }
        let level = file.level.get_ref();
        if !vocab::LEVELS.contains(&level.as_str()) {
            self.error(
                Some(file.level.span()),
                format!(
                    "unknown level \"{level}\"; choose one of {}",
                    choices(vocab::LEVELS)
                ),
            );
        }
        for l in file.languages.get_ref() {
            if !vocab::LANGUAGES.contains(&l.as_str()) {
                self.error(
                    Some(file.languages.span()),
                    format!(
                        "unknown language \"{l}\"; choose from {}",
                        choices(vocab::LANGUAGES)
                    ),
                );
            }
        }
        if file.languages.get_ref().is_empty() {
            self.error(
                Some(file.languages.span()),
                "languages must name at least one language",
            );
        }
        self.languages = file.languages.get_ref().clone();
        let title = self.text_at(&file.title, key_span(self.text, "title"), "title");
        let summary = self.text_at(&file.summary, key_span(self.text, "summary"), "summary");
        if file.steps.is_empty() {
            self.error(None, "a lesson needs at least one [[step]]");
        }
        let spans = step_spans(self.text);
        let mut steps: Vec<Step> = Vec::new();
        for (i, s) in file.steps.iter().enumerate() {
            self.step = Some(i + 1);
            self.step_span = spans.get(i).cloned();
            let line = self.step_span.clone().map_or(0, |r| {
                crate::machine::profile::line_col(self.text, r.start).0
            });
            let last = steps.last().map(|s| s.scenario.clone());
            if let Some(step) = self.step_of(s, last.as_ref(), line) {
                steps.push(step);
            }
        }
        self.step = None;
        self.step_span = None;
        Some(Lesson {
            id: id.clone(),
            level: level.clone(),
            languages: self.languages.clone(),
            title,
            summary,
            steps,
        })
    }

    /// A text, checked for every language; problems at `span`, else at the current step's
    /// header (texts written as dotted keys carry no place of their own).
    fn text_at(&mut self, text: &TextFile, span: Option<Range<usize>>, what: &str) -> Text {
        let span = span.or_else(|| self.step_span.clone());
        for l in self.languages.clone() {
            if text.get(&l).is_none_or(|t| t.trim().is_empty()) {
                self.error(span.clone(), format!("{what} has no text in \"{l}\""));
            }
        }
        for l in text.keys() {
            if !self.languages.contains(l) {
                self.error(
                    span.clone(),
                    format!(
                        "{what} has a text in \"{l}\", which is not one of the lesson's languages ({})",
                        choices(&self.languages)
                    ),
                );
            }
        }
        text.clone()
    }

    fn step_of(&mut self, s: &StepFile, last: Option<&Scenario>, line: usize) -> Option<Step> {
        let title = self.text_at(&s.title, None, "title");
        let narration = self.text_at(&s.narration, None, "narration");
        let scenario = match (&s.scenario, last) {
            (Some(sc), base) => self.scenario_of(sc.get_ref(), sc.span(), base),
            (None, Some(base)) => Some(base.clone()),
            (None, None) => {
                self.error(
                    self.step_span.clone(),
                    "the first step needs a scenario (a program, a machine and ranks)",
                );
                return None;
            }
        };
        let at = match &s.at {
            Some(v) => self.at_of(v),
            None => Some(At::End),
        };
        let window = match &s.window {
            Some(w) => Some(self.window_of(w)?),
            None => None,
        };
        let mut views = Vec::new();
        for v in &s.views {
            if vocab::VIEWS.contains(&v.get_ref().as_str()) {
                views.push(v.get_ref().clone());
            } else {
                self.error(
                    Some(v.span()),
                    format!(
                        "unknown view \"{}\"; the playground has {}",
                        v.get_ref(),
                        choices(vocab::VIEWS)
                    ),
                );
            }
        }
        let (scenario, at) = (scenario?, at?);
        let mut highlight = Vec::new();
        for h in &s.highlight {
            let (hf, span) = (h.get_ref(), h.span());
            if !vocab::HIGHLIGHTS.iter().any(|(w, _)| *w == hf.what) {
                self.error(
                    Some(span.clone()),
                    format!(
                        "unknown highlight \"{}\"; choose one of {}",
                        hf.what,
                        choices(vocab::HIGHLIGHTS.iter().map(|(w, _)| w))
                    ),
                );
            }
            if let Some(r) = hf.rank.filter(|&r| r >= scenario.ranks) {
                self.error(
                    Some(span),
                    format!(
                        "highlight of rank {r}, but the run has ranks 0 to {}",
                        scenario.ranks - 1
                    ),
                );
            }
            highlight.push(Highlight {
                rank: hf.rank,
                what: hf.what.clone(),
            });
        }
        let prediction = match &s.prediction {
            Some(p) => Some(self.prediction_of(p, &scenario)?),
            None => None,
        };
        let task = match &s.task {
            Some(t) => Some(self.task_of(t.get_ref(), t.span(), &scenario)?),
            None => None,
        };
        Some(Step {
            line,
            title,
            narration,
            scenario,
            at,
            window,
            views,
            highlight,
            prediction,
            task,
        })
    }

    fn program_of(&mut self, path: &Spanned<String>) -> Option<ProgramText> {
        match (self.read)(path.get_ref()) {
            Ok(source) => Some(ProgramText {
                name: path.get_ref().clone(),
                source,
            }),
            Err(e) => {
                self.error(
                    Some(path.span()),
                    format!("cannot read program \"{}\": {e}", path.get_ref()),
                );
                None
            }
        }
    }

    /// `file`'s program: a path, inline text, or none; both is an error.
    fn either_program(
        &mut self,
        path: Option<&Spanned<String>>,
        source: Option<&String>,
        span: Range<usize>,
    ) -> Option<Option<ProgramText>> {
        match (path, source) {
            (Some(_), Some(_)) => {
                self.error(Some(span), "give a program's path or its source, not both");
                None
            }
            (Some(p), None) => self.program_of(p).map(Some),
            (None, Some(s)) => Some(Some(ProgramText {
                name: "inline".into(),
                source: s.clone(),
            })),
            (None, None) => Some(None),
        }
    }

    fn scenario_of(
        &mut self,
        f: &ScenarioFile,
        span: Range<usize>,
        base: Option<&Scenario>,
    ) -> Option<Scenario> {
        let program = self.either_program(f.program.as_ref(), f.source.as_ref(), span.clone())?;
        let program = match (program, base) {
            (Some(p), _) => p,
            (None, Some(b)) => b.program.clone(),
            (None, None) => {
                self.error(Some(span), "the first scenario needs a program (program = \"PATH\" or source = \"\"\"…\"\"\")");
                return None;
            }
        };
        let machine = match (&f.machine, base) {
            (Some(m), _) => {
                if !self.machines.contains(m.get_ref()) {
                    self.error(
                        Some(m.span()),
                        format!(
                            "unknown machine \"{}\"; the built-in machines are {}",
                            m.get_ref(),
                            choices(&self.machines)
                        ),
                    );
                    return None;
                }
                m.get_ref().clone()
            }
            (None, Some(b)) => b.machine.clone(),
            (None, None) => {
                self.error(
                    Some(span),
                    "the first scenario needs a machine (machine = \"folon\"…)",
                );
                return None;
            }
        };
        let ranks = match (&f.ranks, base) {
            (Some(r), _) if *r.get_ref() == 0 => {
                self.error(Some(r.span()), "ranks must be at least 1");
                return None;
            }
            (Some(r), _) => *r.get_ref(),
            (None, Some(b)) => b.ranks,
            (None, None) => {
                self.error(Some(span), "the first scenario needs ranks (ranks = 4…)");
                return None;
            }
        };
        let mut config = base.map_or_else(RunConfig::default, |b| b.config);
        for (key, value) in &f.options {
            let text = match value.get_ref() {
                Value::String(s) => s.clone(),
                Value::Integer(n) => n.to_string(),
                _ => {
                    self.error(
                        Some(value.span()),
                        format!("{key}: write a text in quotes or a whole number"),
                    );
                    return None;
                }
            };
            if let Err(message) = config.set(key, &text) {
                self.error(Some(value.span()), message);
                return None;
            }
        }
        let args = match (&f.args, base) {
            (Some(a), _) => a.clone(),
            (None, Some(b)) => b.args.clone(),
            (None, None) => Vec::new(),
        };
        let network = match &f.network {
            Some(n) => Some(self.choices_of(n, ranks, "network")?),
            None => base.and_then(|b| b.network.clone()),
        };
        let matches = match &f.matches {
            Some(n) => Some(self.choices_of(n, ranks, "match")?),
            None => base.and_then(|b| b.matches.clone()),
        };
        if let (Some(_), Some(m)) = (&network, &f.matches) {
            self.error(
                Some(m.span()),
                "a scenario chooses either the network's order (network) or MPI's matches (matches), not both",
            );
            return None;
        }
        Some(Scenario {
            program,
            machine,
            ranks,
            config,
            args,
            network,
            matches,
        })
    }

    /// A list of `whose` choices (the network's, or MPI's matches): each a rank of the run.
    fn choices_of(&mut self, n: &Spanned<Vec<u32>>, ranks: u32, whose: &str) -> Option<Vec<u32>> {
        if let Some(bad) = n.get_ref().iter().find(|r| **r >= ranks) {
            self.error(
                Some(n.span()),
                format!(
                    "a {whose} choice names rank {bad}, but the run has ranks 0 to {}",
                    ranks - 1
                ),
            );
            return None;
        }
        Some(n.get_ref().clone())
    }

    fn kind_of(&mut self, kind: &str, span: Range<usize>) -> Option<String> {
        if self.kinds.contains(&kind) {
            Some(kind.to_string())
        } else {
            self.error(
                Some(span),
                format!(
                    "unknown record kind \"{kind}\"; the trace records {}",
                    choices(&self.kinds)
                ),
            );
            None
        }
    }

    fn rank_field(&mut self, table: &toml::Table, span: &Range<usize>) -> Option<Option<u32>> {
        match table.get("rank") {
            None => Some(None),
            Some(Value::Integer(r)) if *r >= 0 && *r <= i64::from(u32::MAX) => {
                Some(Some(*r as u32))
            }
            Some(other) => {
                self.error(
                    Some(span.clone()),
                    format!("rank must be a rank number, not {other}"),
                );
                None
            }
        }
    }

    /// Refuses keys of `table` outside `allowed`.
    fn only_keys(
        &mut self,
        table: &toml::Table,
        allowed: &[&str],
        span: &Range<usize>,
        what: &str,
    ) -> Option<()> {
        match table.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(k) => {
                self.error(
                    Some(span.clone()),
                    format!(
                        "unknown key \"{k}\" in {what}; expected {}",
                        choices(allowed)
                    ),
                );
                None
            }
            None => Some(()),
        }
    }

    fn at_of(&mut self, v: &Spanned<Value>) -> Option<At> {
        let span = v.span();
        const SHAPES: &str =
            "\"start\", \"end\", { event = N }, { first = \"KIND\", rank = R, nth = N }, { last = \"KIND\", rank = R }, { before = \"KIND\", rank = R, nth = N } or { time_us = T }";
        match v.get_ref() {
            Value::String(s) if s == "start" => Some(At::Start),
            Value::String(s) if s == "end" => Some(At::End),
            Value::Table(t) if t.contains_key("event") => {
                self.only_keys(t, &["event"], &span, "at")?;
                match t.get("event") {
                    Some(Value::Integer(n)) if *n >= 0 => Some(At::Event(*n as u64)),
                    _ => {
                        self.error(
                            Some(span),
                            "event must be a whole number of events (0 is the start)",
                        );
                        None
                    }
                }
            }
            Value::Table(t)
                if t.contains_key("first")
                    || t.contains_key("last")
                    || t.contains_key("before") =>
            {
                let last = t.contains_key("last");
                let before = t.contains_key("before");
                let key = if last {
                    "last"
                } else if before {
                    "before"
                } else {
                    "first"
                };
                if last {
                    self.only_keys(t, &["last", "rank"], &span, "at")?;
                } else {
                    self.only_keys(t, &[key, "rank", "nth"], &span, "at")?;
                }
                let rank = self.rank_field(t, &span)?;
                let nth = match t.get("nth") {
                    None => 1,
                    Some(Value::Integer(n)) if *n >= 1 && *n <= i64::from(u32::MAX) => *n as u32,
                    Some(_) => {
                        self.error(
                            Some(span),
                            "nth must be a whole number from 1 (nth = 1 is the first record)",
                        );
                        return None;
                    }
                };
                match t.get(key) {
                    Some(Value::String(k)) => {
                        let kind = self.kind_of(k, span)?;
                        Some(if last {
                            At::Last { kind, rank }
                        } else if before {
                            At::Before { kind, rank, nth }
                        } else {
                            At::First { kind, rank, nth }
                        })
                    }
                    _ => {
                        self.error(
                            Some(span),
                            format!(
                                "{key} must name a record kind, e.g. {{ {key} = \"unexpected\" }}"
                            ),
                        );
                        None
                    }
                }
            }
            Value::Table(t) if t.contains_key("time_us") => {
                self.only_keys(t, &["time_us"], &span, "at")?;
                match t.get("time_us").and_then(number) {
                    Some(us) if us >= 0.0 => Some(At::Time(SimTime::from_us_f64(us))),
                    _ => {
                        self.error(
                            Some(span),
                            "time_us must be a number of microseconds, at least 0",
                        );
                        None
                    }
                }
            }
            other => {
                self.error(Some(span), format!("at must be {SHAPES}, not {other}"));
                None
            }
        }
    }

    fn window_of(&mut self, v: &Spanned<Value>) -> Option<Window> {
        let span = v.span();
        const SHAPES: &str = "{ from = US, to = US } (microseconds), { around = US } or \"around\"";
        let us = |t: &toml::value::Table, key: &str| t.get(key).and_then(number);
        match v.get_ref() {
            Value::String(s) if s == "around" => Some(Window::Around(None)),
            Value::Table(t) if t.contains_key("around") => {
                self.only_keys(t, &["around"], &span, "window")?;
                match us(t, "around") {
                    Some(w) if w > 0.0 && w.is_finite() => {
                        Some(Window::Around(Some(SimTime::from_us_f64(w))))
                    }
                    _ => {
                        self.error(
                            Some(span),
                            "around must be a number of microseconds above 0",
                        );
                        None
                    }
                }
            }
            Value::Table(t) if t.contains_key("from") || t.contains_key("to") => {
                self.only_keys(t, &["from", "to"], &span, "window")?;
                match (us(t, "from"), us(t, "to")) {
                    (Some(from), Some(to)) if from >= 0.0 && to > from && to.is_finite() => {
                        Some(Window::Range {
                            from: SimTime::from_us_f64(from),
                            to: SimTime::from_us_f64(to),
                        })
                    }
                    (Some(_), Some(_)) => {
                        self.error(
                            Some(span),
                            "a window runs from a time at least 0 to a later one (microseconds)",
                        );
                        None
                    }
                    _ => {
                        self.error(
                            Some(span),
                            "a window needs both from and to, in microseconds: { from = 2.0, to = 9.5 }",
                        );
                        None
                    }
                }
            }
            other => {
                self.error(Some(span), format!("window must be {SHAPES}, not {other}"));
                None
            }
        }
    }

    fn measure_of(&mut self, v: &Value, span: Range<usize>) -> Option<Measure> {
        const SHAPES: &str = "\"end_time_us\", \"events\", \"records\", \"console_lines\", { count = \"KIND\", rank = R }, { console_lines = R } or { console_number = { rank = R, after = \"TEXT\" } }";
        match v {
            Value::String(s) => match s.as_str() {
                "end_time_us" => Some(Measure::EndTimeUs),
                "events" => Some(Measure::Events),
                "records" => Some(Measure::Records),
                "console_lines" => Some(Measure::Count {
                    kind: "print".into(),
                    rank: None,
                }),
                _ => {
                    self.error(
                        Some(span),
                        format!("unknown measure \"{s}\"; a measure is {SHAPES}"),
                    );
                    None
                }
            },
            Value::Table(t) if t.contains_key("count") => {
                self.only_keys(t, &["count", "rank"], &span, "the measure")?;
                let rank = self.rank_field(t, &span)?;
                match t.get("count") {
                    Some(Value::String(k)) => {
                        let kind = self.kind_of(k, span)?;
                        Some(Measure::Count { kind, rank })
                    }
                    _ => {
                        self.error(Some(span), "count must name a record kind");
                        None
                    }
                }
            }
            Value::Table(t) if t.contains_key("console_lines") => {
                self.only_keys(t, &["console_lines"], &span, "the measure")?;
                match t.get("console_lines") {
                    Some(Value::Integer(r)) if *r >= 0 => Some(Measure::Count {
                        kind: "print".into(),
                        rank: Some(*r as u32),
                    }),
                    _ => {
                        self.error(Some(span), "console_lines = R takes a rank number");
                        None
                    }
                }
            }
            Value::Table(t) if t.contains_key("console_number") => {
                self.only_keys(t, &["console_number"], &span, "the measure")?;
                let number = match t.get("console_number") {
                    Some(Value::Table(n)) => n,
                    _ => {
                        self.error(
                            Some(span),
                            "console_number takes { rank = R, after = \"TEXT\" }",
                        );
                        return None;
                    }
                };
                self.only_keys(number, &["rank", "after"], &span, "console_number")?;
                let Some(rank) = self.rank_field(number, &span)? else {
                    self.error(Some(span), "console_number needs the rank that prints");
                    return None;
                };
                match number.get("after") {
                    Some(Value::String(after)) if !after.trim().is_empty() => {
                        Some(Measure::ConsoleNumber {
                            rank,
                            after: after.clone(),
                        })
                    }
                    _ => {
                        self.error(
                            Some(span),
                            "console_number needs after = \"TEXT\": the text the number follows",
                        );
                        None
                    }
                }
            }
            other => {
                self.error(Some(span), format!("a measure is {SHAPES}, not {other}"));
                None
            }
        }
    }

    fn pick_of(&mut self, v: &Spanned<Value>) -> Option<Pick> {
        let span = v.span();
        match v.get_ref() {
            Value::String(s) if s == "earliest-end" => Some(Pick::Least(Measure::EndTimeUs)),
            Value::String(s) if s == "latest-end" => Some(Pick::Most(Measure::EndTimeUs)),
            Value::Table(t)
                if t.len() == 1 && (t.contains_key("least") || t.contains_key("most")) =>
            {
                let (key, m) = t.iter().next()?;
                let measure = self.measure_of(m, span)?;
                Some(if key == "least" {
                    Pick::Least(measure)
                } else {
                    Pick::Most(measure)
                })
            }
            other => {
                self.error(
                    Some(span),
                    format!("answer must be \"earliest-end\", \"latest-end\", {{ least = MEASURE }} or {{ most = MEASURE }}, not {other}"),
                );
                None
            }
        }
    }

    fn prediction_of(
        &mut self,
        p: &Spanned<super::format::PredictionFile>,
        step: &Scenario,
    ) -> Option<Prediction> {
        let (f, span) = (p.get_ref(), p.span());
        let question = self.text_at(&f.question, Some(span.clone()), "the question");
        let reason = self.text_at(&f.reason, Some(span.clone()), "the reason");
        let at = match &f.at {
            Some(v) => self.at_of(v)?,
            None => At::End,
        };
        let question_kind = match f.kind.get_ref().as_str() {
            "choice" => {
                for (key, present) in [
                    ("measure", f.measure.is_some()),
                    ("scenario", f.scenario.is_some()),
                    (
                        "tolerance",
                        f.tolerance.is_some() || f.abs_tolerance.is_some(),
                    ),
                ] {
                    if present {
                        self.error(Some(span.clone()), format!("a choice prediction has no {key} (each choice has its scenario; answer names the measure)"));
                    }
                }
                if f.choices.len() < 2 {
                    self.error(
                        Some(span.clone()),
                        "a choice prediction needs at least two choices",
                    );
                    return None;
                }
                let mut choices = Vec::new();
                for c in &f.choices {
                    let label =
                        self.text_at(&c.get_ref().label, Some(c.span()), "a choice's label");
                    let scenario = self.scenario_of(&c.get_ref().scenario, c.span(), Some(step))?;
                    choices.push(Choice { label, scenario });
                }
                let Some(answer) = &f.answer else {
                    self.error(Some(span), "a choice prediction needs answer = \"earliest-end\", \"latest-end\", { least = MEASURE } or { most = MEASURE }");
                    return None;
                };
                let pick = self.pick_of(answer)?;
                QuestionKind::Choice { choices, pick }
            }
            "number" => {
                if !f.choices.is_empty() || f.answer.is_some() {
                    self.error(Some(span.clone()), "a number prediction has no choices or answer: the measure's value is the answer");
                }
                let Some(m) = &f.measure else {
                    self.error(Some(span), "a number prediction needs a measure");
                    return None;
                };
                let measure = self.measure_of(m.get_ref(), m.span())?;
                let scenario = match &f.scenario {
                    Some(s) => self.scenario_of(s.get_ref(), s.span(), Some(step))?,
                    None => step.clone(),
                };
                let tolerance = match (&f.tolerance, &f.abs_tolerance) {
                    (Some(_), Some(_)) => {
                        self.error(
                            Some(span),
                            "give tolerance (relative) or abs_tolerance, not both",
                        );
                        return None;
                    }
                    (Some(t), None) if *t.get_ref() >= 0.0 => Tolerance::Relative(*t.get_ref()),
                    (None, Some(t)) if *t.get_ref() >= 0.0 => Tolerance::Absolute(*t.get_ref()),
                    (None, None) => Tolerance::Absolute(0.0),
                    (Some(t), _) | (_, Some(t)) => {
                        self.error(Some(t.span()), "a tolerance cannot be negative");
                        return None;
                    }
                };
                QuestionKind::Number {
                    scenario,
                    measure,
                    tolerance,
                }
            }
            other => {
                self.error(
                    Some(f.kind.span()),
                    format!("unknown prediction kind \"{other}\"; choose \"choice\" or \"number\""),
                );
                return None;
            }
        };
        Some(Prediction {
            question,
            reason,
            at,
            question_kind,
        })
    }

    fn check_of(&mut self, v: &Spanned<Value>) -> Option<Check> {
        let span = v.span();
        const SHAPES: &str = "\"finishes\", \"no-deadlock\", \"every-order\", \"every-match\", { end_before_us = T } or { console = { rank = R, contains = \"TEXT\" } }";
        match v.get_ref() {
            Value::String(s) if s == "finishes" => Some(Check::Finishes),
            Value::String(s) if s == "every-order" => Some(Check::EveryOrder),
            Value::String(s) if s == "every-match" => Some(Check::EveryMatch),
            Value::String(s) if s == "no-deadlock" => Some(Check::NoDeadlock),
            Value::Table(t) if t.contains_key("end_before_us") => {
                self.only_keys(t, &["end_before_us"], &span, "the check")?;
                match t.get("end_before_us").and_then(number) {
                    Some(us) if us > 0.0 => Some(Check::EndBefore(SimTime::from_us_f64(us))),
                    _ => {
                        self.error(
                            Some(span),
                            "end_before_us must be a positive number of microseconds",
                        );
                        None
                    }
                }
            }
            Value::Table(t) if t.contains_key("console") => {
                self.only_keys(t, &["console"], &span, "the check")?;
                let Some(Value::Table(c)) = t.get("console") else {
                    self.error(
                        Some(span),
                        "console takes { rank = R, contains = \"TEXT\" }",
                    );
                    return None;
                };
                self.only_keys(c, &["rank", "contains"], &span, "console")?;
                let rank = self.rank_field(c, &span)?;
                match c.get("contains") {
                    Some(Value::String(s)) => Some(Check::Console {
                        rank,
                        contains: s.clone(),
                    }),
                    _ => {
                        self.error(Some(span), "console needs contains = \"TEXT\"");
                        None
                    }
                }
            }
            other => {
                self.error(Some(span), format!("a check is {SHAPES}, not {other}"));
                None
            }
        }
    }

    fn task_of(&mut self, f: &TaskFile, span: Range<usize>, step: &Scenario) -> Option<Task> {
        let goal = self.text_at(&f.goal, Some(span.clone()), "the goal");
        if f.check.is_empty() {
            self.error(Some(span.clone()), "a task needs at least one check");
        }
        let checks: Vec<Check> = f.check.iter().filter_map(|c| self.check_of(c)).collect();
        let start = self.either_program(f.program.as_ref(), f.source.as_ref(), span.clone())?;
        let solution = self.either_program(
            f.solution.as_ref(),
            f.solution_source.as_ref(),
            span.clone(),
        )?;
        let with = |program: ProgramText| Scenario {
            program,
            ..step.clone()
        };
        let start = start.map_or_else(|| step.clone(), with);
        let solution = match (solution, &f.solution_network) {
            (Some(_), Some(n)) => {
                self.error(
                    Some(n.span()),
                    "a task has one solution: a program (solution) or the network's choices (solution_network), not both",
                );
                return None;
            }
            (Some(p), None) => Some(with(p)),
            (None, Some(n)) => Some(Scenario {
                network: Some(self.choices_of(n, start.ranks, "network")?),
                ..start.clone()
            }),
            (None, None) => None,
        };
        if checks.contains(&Check::EveryOrder) && checks.len() == 1 {
            self.error(
                Some(span.clone()),
                "\"every-order\" checks the task's other checks under every order the network can choose: add at least one",
            );
        }
        if checks.contains(&Check::EveryMatch) && checks.len() == 1 {
            self.error(
                Some(span),
                "\"every-match\" checks the task's other checks under every match MPI allows: add at least one",
            );
        }
        Some(Task {
            goal,
            start,
            solution,
            checks,
        })
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Integer(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}
