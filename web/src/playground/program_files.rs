//! The program's files in the editor: the first file (whose text is [`crate::state::State::source`],
//! `program.c` unless renamed), the others (helper `.c` files, headers, data files the program
//! reads with `fopen`), and which tab the editor shows — one of them, or a file the last run
//! wrote (read-only). Pure: the reducer calls these, the tabs component renders them.

use rankscope_core::lang::SourceFile;
use serde::{Deserialize, Serialize};

/// The first file's name when nobody named it (what a one-file program has always been called).
pub const FIRST_NAME: &str = "program.c";

/// A file as links, the autosave and "My programs" carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileShare {
    /// Its name (`stats.c`, `input.txt`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// A written file as its tab shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenTab {
    /// Its name.
    pub name: String,
    /// Who wrote it (`rank 0`, `every rank`).
    pub writers: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// Its text (for the download).
    pub text: String,
}

/// Which tab the editor shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// The first file.
    #[default]
    First,
    /// `others[i]`.
    Other(usize),
    /// The `i`-th file the last run wrote (see [`crate::playground::session::Session::written`]).
    Written(usize),
}

/// The program's files besides the first one's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramFiles {
    /// The first file's name.
    pub first: String,
    /// The other files, in the order they were added.
    pub others: Vec<FileShare>,
    /// The tab shown.
    pub open: Tab,
    /// Why the last add or rename was refused (shown by the tabs until the next file action).
    pub problem: Option<String>,
}

impl Default for ProgramFiles {
    fn default() -> Self {
        ProgramFiles {
            first: FIRST_NAME.to_string(),
            others: Vec::new(),
            open: Tab::First,
            problem: None,
        }
    }
}

/// A file action from the tabs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// Show this tab.
    Open(Tab),
    /// Show the program's file with this name (nothing if there is none).
    Show(String),
    /// Add an empty file with this name and show it.
    Add(String),
    /// Rename the shown file (not a written one).
    Rename(String),
    /// Delete the shown file (not the first).
    Delete,
    /// Make the shown written file a file of the program (replacing one of that name).
    Keep,
}

impl ProgramFiles {
    /// A program of one file called `first`, or [`FIRST_NAME`] when empty, with `others`.
    pub fn new(first: &str, others: Vec<FileShare>) -> ProgramFiles {
        ProgramFiles {
            first: if first.is_empty() {
                FIRST_NAME.to_string()
            } else {
                first.to_string()
            },
            others,
            ..ProgramFiles::default()
        }
    }

    /// Whether `other` holds the same files (names and texts; the tab shown aside).
    pub fn same_program(&self, other: &ProgramFiles) -> bool {
        self.first == other.first && self.others == other.others
    }

    /// Whether the program is one file with the usual name (links and saves then carry only
    /// the text, as they always did).
    pub fn is_single(&self) -> bool {
        self.others.is_empty() && self.first == FIRST_NAME
    }

    /// Every file, the first with `source` as its text, as the compiler takes them.
    pub fn all(&self, source: &str) -> Vec<SourceFile> {
        std::iter::once(SourceFile::new(self.first.as_str(), source))
            .chain(
                self.others
                    .iter()
                    .map(|f| SourceFile::new(f.name.as_str(), f.text.as_str())),
            )
            .collect()
    }

    /// The names, first file first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.first.as_str()).chain(self.others.iter().map(|f| f.name.as_str()))
    }

    /// A key for the shown tab (the editor keeps one undo history per key).
    pub fn tab_key(&self) -> String {
        match self.open {
            Tab::Written(i) => format!("written {i}"),
            _ => format!("file {}", self.open_name().unwrap_or_default()),
        }
    }

    /// Whether the shown file is a data file (not `.c` or `.h`): every written file is.
    pub fn open_is_data(&self) -> bool {
        self.open_name().is_none_or(|n| {
            rankscope_core::lang::sources::kind(n) == rankscope_core::lang::sources::FileKind::Data
        })
    }

    /// The name of the file shown, if it is one of the program's.
    pub fn open_name(&self) -> Option<&str> {
        match self.open {
            Tab::First => Some(&self.first),
            Tab::Other(i) => self.others.get(i).map(|f| f.name.as_str()),
            Tab::Written(_) => None,
        }
    }

    /// The tab of the program's file called `name`.
    pub fn tab_of(&self, name: &str) -> Option<Tab> {
        if name == self.first {
            return Some(Tab::First);
        }
        self.others
            .iter()
            .position(|f| f.name == name)
            .map(Tab::Other)
    }

    /// Why `name` cannot be the name of a file of this program besides `except` (its own
    /// name when renaming), if it cannot.
    fn refuse(&self, name: &str, except: Option<&str>) -> Option<String> {
        if let Some(problem) = rankscope_core::lang::sources::name_problem(name) {
            return Some(problem);
        }
        (self.names().any(|n| n == name) && except != Some(name))
            .then(|| format!("there is already a file called `{name}`"))
    }

    /// Applies a tab action (`source` is the first file's text, `written` the files the last
    /// run wrote, as (name, text)). Returns the first file's new text when a kept written file
    /// replaced it.
    pub fn apply(&mut self, action: FileAction, written: &[(String, String)]) -> Option<String> {
        self.problem = None;
        match action {
            FileAction::Open(tab) => {
                let exists = match tab {
                    Tab::First => true,
                    Tab::Other(i) => i < self.others.len(),
                    Tab::Written(i) => i < written.len(),
                };
                if exists {
                    self.open = tab;
                }
            }
            FileAction::Show(name) => {
                if let Some(tab) = self.tab_of(&name) {
                    self.open = tab;
                }
            }
            FileAction::Add(name) => {
                let name = name.trim().to_string();
                match self.refuse(&name, None) {
                    Some(problem) => self.problem = Some(problem),
                    None => {
                        self.others.push(FileShare {
                            name,
                            text: String::new(),
                        });
                        self.open = Tab::Other(self.others.len() - 1);
                    }
                }
            }
            FileAction::Rename(name) => {
                let name = name.trim().to_string();
                let old = self.open_name().map(str::to_string)?;
                if let Some(problem) = self.refuse(&name, Some(&old)) {
                    self.problem = Some(problem);
                    return None;
                }
                match self.open {
                    Tab::First => self.first = name,
                    Tab::Other(i) => self.others[i].name = name,
                    Tab::Written(_) => {}
                }
            }
            FileAction::Delete => {
                if let Tab::Other(i) = self.open {
                    if i < self.others.len() {
                        self.others.remove(i);
                        self.open = match i {
                            0 => Tab::First,
                            i => Tab::Other(i - 1),
                        };
                    }
                }
            }
            FileAction::Keep => {
                let Tab::Written(i) = self.open else {
                    return None;
                };
                let (name, text) = written.get(i)?.clone();
                match self.tab_of(&name) {
                    Some(Tab::First) => {
                        self.open = Tab::First;
                        return Some(text);
                    }
                    Some(Tab::Other(j)) => {
                        self.others[j].text = text;
                        self.open = Tab::Other(j);
                    }
                    _ => {
                        if let Some(problem) = self.refuse(&name, None) {
                            self.problem = Some(problem);
                            return None;
                        }
                        self.others.push(FileShare { name, text });
                        self.open = Tab::Other(self.others.len() - 1);
                    }
                }
            }
        }
        None
    }

    /// The shown file's text: `source` for the first, its own for another, `None` for a
    /// written file (the session has it).
    pub fn open_text<'a>(&'a self, source: &'a str) -> Option<&'a str> {
        match self.open {
            Tab::First => Some(source),
            Tab::Other(i) => self.others.get(i).map(|f| f.text.as_str()),
            Tab::Written(_) => None,
        }
    }

    /// Replaces the text of the shown file (the first file's goes to `source`). A written
    /// file is read-only: nothing changes. Returns whether something changed.
    pub fn edit(&mut self, source: &mut String, text: String) -> bool {
        match self.open {
            Tab::First => *source = text,
            Tab::Other(i) => match self.others.get_mut(i) {
                Some(f) => f.text = text,
                None => return false,
            },
            Tab::Written(_) => return false,
        }
        true
    }

    /// After a run ended or was dropped: a written tab that no longer exists shows the first
    /// file again.
    pub fn forget_written(&mut self, written: usize) {
        if matches!(self.open, Tab::Written(i) if i >= written) {
            self.open = Tab::First;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> ProgramFiles {
        let mut f = ProgramFiles::new("main.c", Vec::new());
        f.apply(FileAction::Add("util.c".into()), &[]);
        f
    }

    #[test]
    fn adding_opens_the_new_file_and_refuses_bad_or_taken_names() {
        let mut f = two();
        assert_eq!(f.open, Tab::Other(0));
        assert_eq!(f.names().collect::<Vec<_>>(), ["main.c", "util.c"]);
        f.apply(FileAction::Add("util.c".into()), &[]);
        assert_eq!(
            f.problem.as_deref(),
            Some("there is already a file called `util.c`")
        );
        f.apply(FileAction::Add("../etc/passwd".into()), &[]);
        assert!(f.problem.as_deref().unwrap().contains("has `/` in it"));
        f.apply(FileAction::Add("".into()), &[]);
        assert_eq!(f.problem.as_deref(), Some("a file needs a name"));
        assert_eq!(f.others.len(), 1, "nothing added by a refused name");
        f.apply(FileAction::Add(" input.txt ".into()), &[]);
        assert_eq!(f.problem, None, "the next action clears what was said");
        assert_eq!(f.open_name(), Some("input.txt"));
    }

    #[test]
    fn edits_go_to_the_shown_file_and_written_files_are_read_only() {
        let mut f = two();
        let mut source = "int main(void) { return 0; }".to_string();
        assert!(f.edit(&mut source, "int twice(int x) { return 2 * x; }".into()));
        assert_eq!(source, "int main(void) { return 0; }");
        assert_eq!(f.others[0].text, "int twice(int x) { return 2 * x; }");
        f.apply(FileAction::Open(Tab::First), &[]);
        assert!(f.edit(&mut source, "int main(void) { return 1; }".into()));
        assert_eq!(source, "int main(void) { return 1; }");
        let written = [("out.txt".to_string(), "42\n".to_string())];
        f.apply(FileAction::Open(Tab::Written(0)), &written);
        assert!(!f.edit(&mut source, "changed".into()));
        assert_eq!(f.open_text(&source), None);
        f.apply(FileAction::Open(Tab::Written(3)), &written);
        assert_eq!(
            f.open,
            Tab::Written(0),
            "a tab that does not exist is not opened"
        );
        let all = f.all(&source);
        assert_eq!(all.len(), 2);
        assert_eq!(
            all[0],
            SourceFile::new("main.c", "int main(void) { return 1; }")
        );
    }

    #[test]
    fn rename_and_delete_keep_names_unique_and_a_first_file() {
        let mut f = two();
        f.apply(FileAction::Rename("main.c".into()), &[]);
        assert_eq!(
            f.problem.as_deref(),
            Some("there is already a file called `main.c`")
        );
        f.apply(FileAction::Rename("helpers.c".into()), &[]);
        assert_eq!(f.others[0].name, "helpers.c");
        f.apply(FileAction::Rename("helpers.c".into()), &[]);
        assert_eq!(f.problem, None, "its own name again is fine");
        f.apply(FileAction::Delete, &[]);
        assert!(f.others.is_empty());
        assert_eq!(f.open, Tab::First);
        f.apply(FileAction::Delete, &[]);
        assert_eq!(f.first, "main.c", "the first file is never deleted");
        f.apply(FileAction::Rename("ring.c".into()), &[]);
        assert_eq!(f.first, "ring.c");
        assert!(!f.is_single());
        assert!(ProgramFiles::default().is_single());
    }

    #[test]
    fn keeping_a_written_file_adds_it_or_replaces_its_namesake() {
        let mut f = two();
        let written = [
            ("summary.txt".to_string(), "mean 2.5\n".to_string()),
            ("util.c".to_string(), "int x;".to_string()),
        ];
        f.apply(FileAction::Open(Tab::Written(0)), &written);
        assert_eq!(f.apply(FileAction::Keep, &written), None);
        assert_eq!(f.open_name(), Some("summary.txt"));
        assert_eq!(f.others[1].text, "mean 2.5\n");
        f.apply(FileAction::Open(Tab::Written(1)), &written);
        f.apply(FileAction::Keep, &written);
        assert_eq!(f.others.len(), 2, "replaced, not added twice");
        assert_eq!(f.others[0].text, "int x;");
        f.open = Tab::Written(1);
        f.forget_written(1);
        assert_eq!(f.open, Tab::First);
    }
}
