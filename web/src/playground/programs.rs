//! "My programs": the student's named programs kept in this browser (`localStorage`,
//! [`KEY`]), so nothing written is lost when an example or another program is opened. The list
//! is pure data here (save, rename, delete, find — tested natively); the reducer holds it and an
//! effect at the edge ([`load`], [`store`]) reads it once and writes it on every change.

use serde::{Deserialize, Serialize};

use crate::playground::program_files::{FileShare, ProgramFiles, FIRST_NAME};

/// The `localStorage` key.
pub const KEY: &str = "rankscope.programs.v1";

/// The longest name kept (longer ones are cut).
pub const NAME_MAX: usize = 80;

/// One saved program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// Its name, unique in the list ("ring with tags").
    pub name: String,
    /// The C source (of several files: the first file's).
    pub source: String,
    /// The first file's name, when not `program.c`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The program's other files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<FileShare>,
}

impl Saved {
    /// Its files besides the first file's text, as the editor holds them.
    pub fn program_files(&self) -> ProgramFiles {
        ProgramFiles::new(
            self.first.as_deref().unwrap_or_default(),
            self.files.clone(),
        )
    }

    /// Whether it is exactly the program of `source` and `files`.
    pub fn is(&self, source: &str, files: &ProgramFiles) -> bool {
        self.source == source
            && self.first.as_deref().unwrap_or(FIRST_NAME) == files.first
            && self.files == files.others
    }
}

/// The list, most recently saved first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Programs {
    /// The programs.
    pub list: Vec<Saved>,
}

/// Why a name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Empty or only spaces.
    Empty,
    /// Another program has it.
    Taken(String),
    /// No program has the old name.
    Missing(String),
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty => f.write_str("a program needs a name"),
            NameError::Taken(n) => write!(f, "another program is called \"{n}\""),
            NameError::Missing(n) => write!(f, "no program is called \"{n}\""),
        }
    }
}

/// The name as kept: trimmed, at most [`NAME_MAX`] characters.
pub fn clean(name: &str) -> Result<String, NameError> {
    let name: String = name.trim().chars().take(NAME_MAX).collect();
    if name.is_empty() {
        Err(NameError::Empty)
    } else {
        Ok(name)
    }
}

/// A file name for downloading `name`: letters, digits, `-`, `_` and `.` kept, the rest `_`,
/// ending in `.c` ("ring with tags" → "ring_with_tags.c").
pub fn file_name(name: &str) -> String {
    let stem: String = name
        .trim()
        .trim_end_matches(".c")
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let stem = stem.trim_matches('_');
    format!("{}.c", if stem.is_empty() { "program" } else { stem })
}

impl Programs {
    /// Saves `source` as `name` (replacing a program of that name), first in the list. The
    /// name as kept.
    pub fn save(&mut self, name: &str, source: &str) -> Result<String, NameError> {
        self.save_program(name, source, &ProgramFiles::default())
    }

    /// Saves a program of several files (`source` is the first file's text) as `name`.
    pub fn save_program(
        &mut self,
        name: &str,
        source: &str,
        files: &ProgramFiles,
    ) -> Result<String, NameError> {
        let name = clean(name)?;
        self.list.retain(|p| p.name != name);
        self.list.insert(
            0,
            Saved {
                name: name.clone(),
                source: source.to_string(),
                first: (files.first != FIRST_NAME).then(|| files.first.clone()),
                files: files.others.clone(),
            },
        );
        Ok(name)
    }

    /// Renames `from` to `to` (not to another program's name). The new name as kept.
    pub fn rename(&mut self, from: &str, to: &str) -> Result<String, NameError> {
        let to = clean(to)?;
        if to != from && self.find(&to).is_some() {
            return Err(NameError::Taken(to));
        }
        let p = self
            .list
            .iter_mut()
            .find(|p| p.name == from)
            .ok_or_else(|| NameError::Missing(from.to_string()))?;
        p.name = to.clone();
        Ok(to)
    }

    /// Deletes `name` (nothing if there is none).
    pub fn delete(&mut self, name: &str) {
        self.list.retain(|p| p.name != name);
    }

    /// The program called `name`.
    pub fn find(&self, name: &str) -> Option<&Saved> {
        self.list.iter().find(|p| p.name == name)
    }

    /// Whether some program holds exactly `source` (a program of one `program.c`).
    pub fn holds(&self, source: &str) -> bool {
        self.holds_program(source, &ProgramFiles::default())
    }

    /// Whether some program holds exactly `source` with `files`.
    pub fn holds_program(&self, source: &str, files: &ProgramFiles) -> bool {
        self.list.iter().any(|p| p.is(source, files))
    }

    /// A name not taken yet, from `base` ("my program", "my program 2", …).
    pub fn free_name(&self, base: &str) -> String {
        let base = clean(base).unwrap_or_else(|_| "my program".to_string());
        if self.find(&base).is_none() {
            return base;
        }
        (2..)
            .map(|i| format!("{base} {i}"))
            .find(|n| self.find(n).is_none())
            .expect("some number is free")
    }

    /// The list as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored list (`None` if it cannot be read: a list is never a reason to fail).
    pub fn from_json(text: &str) -> Option<Programs> {
        serde_json::from_str(text).ok()
    }
}

/// The list kept in this browser (empty where there is none or storage is unavailable).
pub fn load() -> Programs {
    crate::playground::autosave::storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|t| Programs::from_json(&t))
        .unwrap_or_default()
}

/// Keeps `programs` in this browser (quietly nothing where storage is unavailable).
pub fn store(programs: &Programs) {
    if let Some(storage) = crate::playground::autosave::storage() {
        storage.set_item(KEY, &programs.to_json()).ok();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_open_rename_delete() {
        let mut p = Programs::default();
        assert_eq!(p.save("  ring  ", "int a;").unwrap(), "ring");
        p.save("pi", "int b;").unwrap();
        assert_eq!(p.list[0].name, "pi", "most recent first");
        // Saving under a name again replaces it and moves it first.
        p.save("ring", "int c;").unwrap();
        assert_eq!(p.list.len(), 2);
        assert_eq!(
            p.list[0],
            Saved {
                name: "ring".into(),
                source: "int c;".into(),
                first: None,
                files: Vec::new()
            }
        );
        assert!(p.holds("int c;") && !p.holds("int a;"));
        assert_eq!(p.rename("ring", "pi"), Err(NameError::Taken("pi".into())));
        assert_eq!(p.rename("ring", " "), Err(NameError::Empty));
        assert_eq!(
            p.rename("nope", "x"),
            Err(NameError::Missing("nope".into()))
        );
        assert_eq!(p.rename("ring", "ring 2").unwrap(), "ring 2");
        assert_eq!(p.find("ring 2").unwrap().source, "int c;");
        p.delete("ring 2");
        assert_eq!(p.list.len(), 1);
        assert_eq!(p.save("", "x"), Err(NameError::Empty));
        let long = "x".repeat(200);
        assert_eq!(p.save(&long, "x").unwrap().chars().count(), NAME_MAX);
    }

    #[test]
    fn free_names_and_file_names() {
        let mut p = Programs::default();
        assert_eq!(p.free_name("my program"), "my program");
        p.save("my program", "a").unwrap();
        p.save("my program 2", "b").unwrap();
        assert_eq!(p.free_name("my program"), "my program 3");
        assert_eq!(file_name("ring with tags"), "ring_with_tags.c");
        assert_eq!(file_name("ring.c"), "ring.c");
        assert_eq!(file_name("../etc/passwd"), ".._etc_passwd.c");
        assert_eq!(file_name("   "), "program.c");
    }

    #[test]
    fn the_list_round_trips_and_a_damaged_one_is_ignored() {
        let mut p = Programs::default();
        p.save("ring", "int main(void) { return 0; }\n").unwrap();
        assert_eq!(Programs::from_json(&p.to_json()), Some(p));
        assert_eq!(Programs::from_json("{not json"), None);
    }
}
