//! A program's files: one or more `.c` files (each its own translation unit), headers (`.h`,
//! included with `#include "x.h"`) and data files (any other name, which the program reads and
//! writes with `fopen`). The front end works on one text, [`FileMap::text`]: the `.c` and `.h`
//! files one after the other, so a span is one byte range in it, and [`FileMap::locate`] turns
//! it back into a file and a position in that file. A one-file program is a set of one file whose
//! text is the file itself (so its spans, lines and results are what they always were).

use std::rc::Rc;

use crate::lang::diagnostic::{line_col, Diagnostic, LineCol};
use crate::lang::syntax::ast::Span;

/// One file of a program: its name (as `#include` and `fopen` name it) and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// `main.c`, `util.h`, `input.txt`, …
    pub name: String,
    /// Its contents.
    pub text: String,
}

impl SourceFile {
    /// A file called `name` holding `text`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }
}

/// What a file of the set is, by its name.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `.c`: a translation unit.
    Source,
    /// `.h`: a header, compiled where a `.c` file includes it.
    Header,
    /// Anything else: a data file the program may `fopen`.
    Data,
}

/// What `name` is: `.c` → source, `.h` → header, anything else → data.
pub fn kind(name: &str) -> FileKind {
    if name.ends_with(".c") {
        FileKind::Source
    } else if name.ends_with(".h") {
        FileKind::Header
    } else {
        FileKind::Data
    }
}

/// Why a set of files is not a program.
pub fn check_names(files: &[SourceFile]) -> Result<(), String> {
    for (i, f) in files.iter().enumerate() {
        if let Some(bad) = name_problem(&f.name) {
            return Err(bad);
        }
        if files[..i].iter().any(|g| g.name == f.name) {
            return Err(format!("two files are called `{}`", f.name));
        }
    }
    if !files.iter().any(|f| kind(&f.name) == FileKind::Source) {
        return Err("a program needs at least one `.c` file".into());
    }
    Ok(())
}

/// What is wrong with `name` as the name of a program's file, if anything: it must be a plain
/// file name (letters, digits, `_`, `-`, `.`; no folder, not only dots).
pub fn name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a file needs a name".into());
    }
    if name.len() > 64 {
        return Some(format!("`{name}` is too long (at most 64 characters)"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Some(format!(
            "`{name}` has `{c}` in it: a file name has letters, digits, `_`, `-` and `.` only"
        ));
    }
    if name.starts_with('.') {
        return Some(format!(
            "`{name}` starts with `.`: give it a name before the dot"
        ));
    }
    None
}

/// One file's place in [`FileMap::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Its name.
    pub name: Rc<str>,
    /// Where its text starts.
    pub base: usize,
    /// Its length in bytes.
    pub len: usize,
    /// Source or header.
    pub kind: FileKind,
}

/// The `.c` and `.h` files of a program laid out in one text (each followed by a newline), and
/// where each one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileMap {
    /// The files' texts one after the other.
    pub text: Rc<str>,
    /// Each file's place, in the set's order.
    pub files: Vec<Placed>,
    /// Macros defined before every translation unit, as the compiler's `-D` flags define them
    /// (each `NAME body` or `NAME(params) body`, like a `#define` line without `#define`).
    pub defines: Vec<String>,
}

impl FileMap {
    /// The `.c` and `.h` files of `files`, in their order (data files are left out).
    pub fn new(files: &[SourceFile]) -> FileMap {
        let mut text = String::new();
        let mut placed = Vec::new();
        let code = files.iter().filter(|f| kind(&f.name) != FileKind::Data);
        let count = code.clone().count();
        for (i, f) in code.enumerate() {
            placed.push(Placed {
                name: f.name.as_str().into(),
                base: text.len(),
                len: f.text.len(),
                kind: kind(&f.name),
            });
            text.push_str(&f.text);
            if i + 1 < count {
                text.push('\n');
            }
        }
        FileMap {
            text: text.into(),
            files: placed,
            defines: Vec::new(),
        }
    }

    /// A set of one file.
    pub fn single(name: &str, source: &str) -> FileMap {
        FileMap {
            text: source.into(),
            files: vec![Placed {
                name: name.into(),
                base: 0,
                len: source.len(),
                kind: FileKind::Source,
            }],
            defines: Vec::new(),
        }
    }

    /// The index of the file holding offset `at` of [`FileMap::text`].
    pub fn file_at(&self, at: usize) -> usize {
        self.files
            .partition_point(|f| f.base <= at)
            .saturating_sub(1)
    }

    /// The text of file `i`.
    pub fn file_text(&self, i: usize) -> &str {
        let f = &self.files[i];
        &self.text[f.base..f.base + f.len]
    }

    /// The file with this name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.files.iter().position(|f| &*f.name == name)
    }

    /// File name and position (line and column in that file) of offset `at`.
    pub fn locate(&self, at: usize) -> (&str, LineCol) {
        let i = self.file_at(at);
        let f = &self.files[i];
        let local = at.saturating_sub(f.base).min(f.len);
        (&f.name, line_col(self.file_text(i), local))
    }

    /// `diag` with its span made local to the file it is in, and that file's name set.
    pub fn localize(&self, mut diag: Diagnostic) -> Diagnostic {
        let i = self.file_at(diag.span.start);
        let f = &self.files[i];
        let start = diag.span.start.saturating_sub(f.base).min(f.len);
        let end = diag.span.end.saturating_sub(f.base).clamp(start, f.len);
        diag.span = start..end;
        diag.file = f.name.to_string();
        diag
    }

    /// Renders `diag` (whose span is in [`FileMap::text`]) against its own file.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let local = self.localize(diag.clone());
        let i = self.file_at(diag.span.start);
        local.render(&local.file, self.file_text(i))
    }

    /// A span of [`FileMap::text`] as `file:line`.
    pub fn line_text(&self, span: &Span) -> String {
        let (name, at) = self.locate(span.start);
        format!("{name}:{}", at.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lays_out_code_files_and_finds_positions_back() {
        let files = [
            SourceFile::new("main.c", "int main() {\n  return 0;\n}\n"),
            SourceFile::new("data.txt", "1 2 3\n"),
            SourceFile::new("util.h", "int f(void);"),
        ];
        let map = FileMap::new(&files);
        assert_eq!(map.files.len(), 2);
        let at = map.text.find("int f").unwrap();
        assert_eq!(map.locate(at), ("util.h", LineCol { line: 1, column: 1 }));
        let at = map.text.find("return").unwrap();
        assert_eq!(map.locate(at), ("main.c", LineCol { line: 2, column: 3 }));
        let d = map.localize(Diagnostic::error("x", at..at + 6));
        assert_eq!((d.file.as_str(), d.span), ("main.c", 15..21));
    }

    #[test]
    fn names_are_checked() {
        assert!(name_problem("util.c").is_none());
        assert!(name_problem("a b.c").unwrap().contains("` `"));
        assert!(name_problem("../x.c").is_some());
        assert!(name_problem("").is_some());
        let two = [SourceFile::new("a.c", ""), SourceFile::new("a.c", "")];
        assert!(check_names(&two).unwrap_err().contains("two files"));
        let none = [SourceFile::new("a.h", "")];
        assert!(check_names(&none).unwrap_err().contains(".c"));
    }
}
