//! Why a lesson is refused: a message with the step it concerns and its place in the file.

use std::fmt;
use std::ops::Range;

/// One problem in a lesson file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// 1-based line, if known.
    pub line: Option<usize>,
    /// 1-based column (in characters), if known.
    pub column: Option<usize>,
    /// The 1-based step it concerns, if one.
    pub step: Option<usize>,
    /// Plain English.
    pub message: String,
}

impl LessonError {
    /// A problem at byte range `span` of `text` (none: no place), in `step`.
    pub fn at(
        text: &str,
        span: Option<Range<usize>>,
        step: Option<usize>,
        message: impl Into<String>,
    ) -> LessonError {
        let (line, column) = match span {
            Some(r) => {
                let (l, c) = crate::machine::profile::line_col(text, r.start);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        LessonError {
            line,
            column,
            step,
            message: message.into(),
        }
    }

    /// The error as `FILE:LINE:COL: step N: message` (the place parts only when known).
    pub fn render(&self, file: &str) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => format!("{file}:{l}:{c}"),
            (Some(l), None) => format!("{file}:{l}"),
            _ => file.to_string(),
        };
        format!("{place}: {self}")
    }
}

/// `step N: message` (or the message alone).
impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(n) => write!(f, "step {n}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LessonError {}
