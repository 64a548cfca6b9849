//! Diagnostics: a message tied to a span of the program, rendered like a compiler's
//! (`file:line:col`, the source line, a caret underline, notes). Used for syntax errors, checked
//! errors and runtime errors alike, in the CLI and in the web editor.

use std::fmt::Write as _;

use serde::Serialize;

use crate::lang::syntax::ast::Span;

/// How bad it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The program cannot run (or stopped).
    Error,
    /// Suspicious but allowed.
    Warning,
}

/// One message about the program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in plain English, starting lowercase.
    pub message: String,
    /// Where (byte range in the source; may be empty at end of input).
    pub span: Span,
    /// A short label under the caret (may be empty).
    pub label: String,
    /// Extra lines (`= note: …`), e.g. the call stack of a runtime error.
    pub notes: Vec<String>,
    /// The file of the program it is in (`util.c`); empty when not known yet. Its span is in
    /// that file's text once the front end has placed it (see
    /// [`FileMap::localize`](crate::lang::sources::FileMap::localize)).
    pub file: String,
}

/// A position for display: 1-based line and column (in characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
}

/// The line and column of byte offset `at` in `source` (clamped to the text).
pub fn line_col(source: &str, at: usize) -> LineCol {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol {
        line,
        column: before[start..].chars().count() + 1,
    }
}

/// Each diagnostic once, in source order: a later copy of one already listed (the same message at
/// the same place — a macro that uses its argument twice checks it twice) is dropped, and the rest
/// are sorted by where they start, keeping their order at one place. An error about the whole
/// program (an empty span at 0, like a missing `main`) comes last.
pub fn once_in_order(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<Diagnostic> = diags
        .into_iter()
        .filter(|d| seen.insert((d.span.start, d.span.end, d.message.clone(), d.label.clone())))
        .collect();
    out.sort_by_key(|d| {
        if d.span == (0..0) {
            usize::MAX
        } else {
            d.span.start
        }
    });
    out
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            label: String::new(),
            notes: Vec::new(),
            file: String::new(),
        }
    }

    /// Adds the label shown under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    /// Adds a note line.
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Where it starts.
    pub fn start(&self, source: &str) -> LineCol {
        line_col(source, self.span.start)
    }

    /// Renders for a terminal or a `<pre>`: header, location, source line, underline, notes.
    pub fn render(&self, file: &str, source: &str) -> String {
        let start = self.start(source);
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = String::new();
        let _ = writeln!(out, "{severity}: {}", self.message);
        let gutter = start.line.to_string().len();
        let pad = " ".repeat(gutter);
        let _ = writeln!(out, "{pad}--> {file}:{}:{}", start.line, start.column);
        let text = source.lines().nth(start.line - 1).unwrap_or("");
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{} | {}", start.line, text);
        // Underline to the end of the span or of the line, whichever is first; at least one caret.
        let line_chars = text.chars().count();
        let end = line_col(source, self.span.end.max(self.span.start));
        let width = if end.line == start.line {
            end.column.saturating_sub(start.column)
        } else {
            (line_chars + 1).saturating_sub(start.column)
        }
        .max(1);
        let indent: String = text
            .chars()
            .take(start.column - 1)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = write!(out, "{pad} | {indent}{}", "^".repeat(width));
        if !self.label.is_empty() {
            let _ = write!(out, " {}", self.label);
        }
        out.push('\n');
        for note in &self.notes {
            let _ = writeln!(out, "{pad} = note: {note}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_location_line_and_caret() {
        let src = "int main() {\n    x = 1\n}\n";
        let at = src.find("x").unwrap();
        let d = Diagnostic::error("unknown identifier `x`", at..at + 1)
            .with_label("not declared")
            .with_note("declare it first: `int x;`");
        assert_eq!(
            d.render("a.c", src),
            "error: unknown identifier `x`\n --> a.c:2:5\n  |\n2 |     x = 1\n  |     ^ not declared\n  = note: declare it first: `int x;`\n"
        );
    }

    #[test]
    fn each_diagnostic_once_in_source_order() {
        let e = |m: &str, at: usize| Diagnostic::error(m, at..at + 1);
        let whole = Diagnostic::error("the program has no `main` function", 0..0);
        let got = once_in_order(vec![
            e("b", 20),
            whole.clone(),
            e("a", 5),
            e("b", 20),
            e("c", 20),
            e("a", 5),
        ]);
        let got: Vec<(&str, usize)> = got
            .iter()
            .map(|d| (d.message.as_str(), d.span.start))
            .collect();
        assert_eq!(
            got,
            [
                ("a", 5),
                ("b", 20),
                ("c", 20),
                ("the program has no `main` function", 0)
            ]
        );
    }

    #[test]
    fn a_macro_using_its_argument_twice_reports_its_error_once() {
        let src = "#define SQ(a) ((a) * (a))\nint main(void) {\n    int x = SQ(foo(1));\n    int y = SQ(bar(2));\n    return x + y + z;\n}\n";
        let diags = crate::lang::load(src, "sq.c").unwrap_err();
        let got: Vec<String> = diags
            .iter()
            .map(|d| format!("{}:{}", d.start(src).line, d.message))
            .collect();
        assert_eq!(
            got,
            [
                "3:undeclared function `foo`",
                "4:undeclared function `bar`",
                "5:unknown identifier `z`"
            ]
        );
    }

    #[test]
    fn empty_span_at_end_of_input_still_has_a_caret() {
        let src = "int main() {";
        let d = Diagnostic::error("expected `}`", src.len()..src.len());
        assert!(d
            .render("a.c", src)
            .contains("1 | int main() {\n  |             ^"));
    }
}
