//! The reducer's side of "My programs" ([`crate::playground::programs`]): saving the editor's text under a
//! name, opening, renaming and deleting saved programs, uploading a `.c` file — and the confirm
//! step before anything replaces work that is kept nowhere (an example, a saved program or an
//! uploaded file over a program typed or pasted and never saved): the page asks, in the page,
//! to keep it in My programs, to open anyway, or to cancel. Pure, tested natively.
//!
//! The list is `State::programs`; every opening — an example from the picker, a saved program, an
//! uploaded `.c` — goes through `Action::Programs` ([`ProgramAction`]): when the editor's text is
//! kept nowhere (`State::unkept`) it becomes `State::pending_open` and `components::open_confirm`
//! asks.

use crate::playground::programs::{Programs, Saved};
use crate::state::{Action, State, STARTER_PROGRAM};

/// What is about to replace the editor's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// An example (index into [`crate::playground::examples::all`]).
    Example(usize),
    /// A saved program, by name.
    Program(String),
    /// A `.c` file the user picked: its name and text.
    File {
        /// The file's name.
        name: String,
        /// Its text.
        text: String,
    },
}

impl Opening {
    /// What it is called in the confirm step ("ring.c", "“pi”", "pi.c").
    pub fn title(&self) -> String {
        match self {
            Opening::Example(i) => crate::playground::examples::get(*i)
                .map_or_else(|| "the example".to_string(), |e| e.path.clone()),
            Opening::Program(name) => format!("“{name}”"),
            Opening::File { name, .. } => name.clone(),
        }
    }
}

/// Everything done to "My programs".
#[derive(Clone, Debug, PartialEq)]
pub enum ProgramAction {
    /// The list as this browser kept it (read once, when the page opens).
    Loaded(Programs),
    /// Keep the editor's text under this name.
    Save(String),
    /// Open a saved program (asked first if the editor holds unkept work).
    Open(String),
    /// A `.c` file picked for upload: its name and text (asked first like [`Self::Open`]).
    Upload {
        /// The file's name.
        name: String,
        /// Its text.
        text: String,
    },
    /// The example picker: open example `index` (asked first like [`Self::Open`]).
    PickExample(usize),
    /// The confirm step's answer: keep the editor's text under this name first (`Some`), or
    /// not (`None`), then open what was asked for.
    Confirm {
        /// The name to keep it under.
        keep: Option<String>,
    },
    /// The confirm step's "Cancel": nothing is opened.
    Cancel,
    /// Rename a saved program.
    Rename {
        /// Its name.
        from: String,
        /// The new name.
        to: String,
    },
    /// Delete a saved program.
    Delete(String),
}

impl State {
    /// Whether the editor's text is kept nowhere: not the starter, not an example as shipped,
    /// not a saved program (the autosave holds only the latest text, which an opening replaces).
    pub fn unkept(&self) -> bool {
        let example_as_shipped = (crate::playground::examples::all().iter())
            .any(|e| e.source == self.source && e.files.same_program(&self.files));
        let starter = self.source == STARTER_PROGRAM && self.files.is_single();
        !(starter || example_as_shipped || (self.programs).holds_program(&self.source, &self.files))
    }

    /// The saved program open in the editor, if the editor's text came from one.
    pub fn open_program(&self) -> Option<&Saved> {
        self.programs.find(self.program_name.as_deref()?)
    }

    /// What to call the editor's text when it is kept or downloaded: the open program's name,
    /// else the open example's file name ("ring.c" → "ring"), else a free "my program N".
    pub fn suggested_name(&self) -> String {
        if let Some(p) = self.open_program() {
            return p.name.clone();
        }
        let base = self
            .example
            .and_then(crate::playground::examples::get)
            .map_or("my program", |e| {
                let path = e.path.as_str();
                let file = path.rsplit('/').next().unwrap_or(path);
                file.strip_suffix(".c").unwrap_or(file)
            });
        self.programs.free_name(base)
    }

    /// "My programs" actions (see [`ProgramAction`]).
    pub fn reduce_programs(mut self, action: ProgramAction) -> State {
        self.programs_error = None;
        match action {
            ProgramAction::Loaded(programs) => self.programs = programs,
            ProgramAction::Save(name) => {
                match (self.programs).save_program(&name, &self.source, &self.files) {
                    Ok(kept) => self.program_name = Some(kept),
                    Err(e) => self.programs_error = Some(e.to_string()),
                }
            }
            ProgramAction::Open(name) => {
                let same = self
                    .programs
                    .find(&name)
                    .is_some_and(|p| p.is(&self.source, &self.files));
                return self.ask_or_open(Opening::Program(name), same);
            }
            ProgramAction::Upload { name, text } => {
                let same = text == self.source && self.files.is_single();
                return self.ask_or_open(Opening::File { name, text }, same);
            }
            ProgramAction::PickExample(index) => {
                return self.ask_or_open(Opening::Example(index), false);
            }
            ProgramAction::Confirm { keep } => {
                let Some(opening) = self.pending_open.take() else {
                    return self;
                };
                if let Some(name) = keep {
                    if let Err(e) = (self.programs).save_program(&name, &self.source, &self.files) {
                        self.programs_error = Some(e.to_string());
                        self.pending_open = Some(opening);
                        return self;
                    }
                }
                return self.open(opening);
            }
            ProgramAction::Cancel => self.pending_open = None,
            ProgramAction::Rename { from, to } => match self.programs.rename(&from, &to) {
                Ok(to) => {
                    if self.program_name.as_deref() == Some(from.as_str()) {
                        self.program_name = Some(to);
                    }
                }
                Err(e) => self.programs_error = Some(e.to_string()),
            },
            ProgramAction::Delete(name) => {
                self.programs.delete(&name);
                if self.program_name.as_deref() == Some(name.as_str()) {
                    self.program_name = None;
                }
            }
        }
        self
    }

    /// Opens `opening` at once when nothing would be lost (or the text is already what it
    /// holds), else asks first.
    fn ask_or_open(mut self, opening: Opening, same: bool) -> State {
        if same || !self.unkept() {
            self.open(opening)
        } else {
            self.pending_open = Some(opening);
            self
        }
    }

    /// Replaces the editor's text with `opening`.
    fn open(mut self, opening: Opening) -> State {
        self.pending_open = None;
        match opening {
            Opening::Example(index) => {
                let mut s = self.reduce(Action::OpenExample(index));
                s.program_name = None;
                s
            }
            Opening::Program(name) => {
                let Some(saved) = self.programs.find(&name).cloned() else {
                    return self;
                };
                self.files = saved.program_files();
                self.opened_text(saved.source, Some(name))
            }
            Opening::File { text, .. } => {
                self.files = crate::playground::program_files::ProgramFiles::default();
                self.opened_text(text, None)
            }
        }
    }

    /// The editor shows `source` (a saved program's or a file's): a new program, so the view,
    /// the example and the arguments start afresh.
    fn opened_text(self, source: String, name: Option<String>) -> State {
        let mut s = self.reduce(Action::Edit(source));
        s.example = None;
        s.view = None;
        s.args = String::new();
        s.diagnostics.clear();
        s.run_error = None;
        s.program_name = name;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASTED: &str = "#include <mpi.h>\nint main(void) { return 0; } /* mine */\n";

    fn ring() -> usize {
        crate::playground::examples::position("ring.c").unwrap()
    }

    #[test]
    fn an_example_over_a_pasted_program_asks_first_and_keeping_it_saves_it() {
        let s = State::default().reduce(Action::Edit(PASTED.into()));
        assert!(s.unkept());
        let asked = s.reduce(Action::Programs(ProgramAction::PickExample(ring())));
        assert_eq!(asked.pending_open, Some(Opening::Example(ring())));
        assert_eq!(asked.source, PASTED, "nothing replaced yet");
        // Cancel: nothing changes.
        let cancelled = asked
            .clone()
            .reduce(Action::Programs(ProgramAction::Cancel));
        assert_eq!(
            (cancelled.pending_open.clone(), cancelled.source.as_str()),
            (None, PASTED)
        );
        // Keep it, then open.
        let kept = asked.reduce(Action::Programs(ProgramAction::Confirm {
            keep: Some("my ring".into()),
        }));
        assert_eq!(kept.example, Some(ring()));
        assert_eq!(kept.programs.find("my ring").unwrap().source, PASTED);
        assert!(!kept.replaced_edit, "kept, so nothing was replaced");
        // Back to it: nothing to lose (ring.c as shipped), so it opens at once.
        let back = kept.reduce(Action::Programs(ProgramAction::Open("my ring".into())));
        assert_eq!(back.source, PASTED);
        assert_eq!(back.program_name.as_deref(), Some("my ring"));
        assert_eq!(back.example, None);
        assert!(!back.unkept(), "a saved program is kept");
    }

    #[test]
    fn opening_without_keeping_replaces_and_says_so() {
        let s = State::default()
            .reduce(Action::Edit(PASTED.into()))
            .reduce(Action::Programs(ProgramAction::PickExample(ring())))
            .reduce(Action::Programs(ProgramAction::Confirm { keep: None }));
        assert_eq!(s.example, Some(ring()));
        assert!(s.replaced_edit);
        assert!(s.programs.list.is_empty());
    }

    #[test]
    fn nothing_unkept_opens_at_once_and_a_taken_name_keeps_asking() {
        let s = State::default().reduce(Action::Programs(ProgramAction::PickExample(ring())));
        assert_eq!(s.example, Some(ring()));
        assert_eq!(s.pending_open, None);
        let mut s = s
            .reduce(Action::Edit(PASTED.into()))
            .reduce(Action::Programs(ProgramAction::Upload {
                name: "pi.c".into(),
                text: "int main(void) { return 1; }\n".into(),
            }));
        assert!(matches!(s.pending_open, Some(Opening::File { .. })));
        s = s.reduce(Action::Programs(ProgramAction::Confirm {
            keep: Some(" ".into()),
        }));
        assert!(s.programs_error.is_some());
        assert!(s.pending_open.is_some(), "still asking");
        s = s.reduce(Action::Programs(ProgramAction::Confirm { keep: None }));
        assert_eq!(s.source, "int main(void) { return 1; }\n");
        assert_eq!(s.example, None);
    }

    #[test]
    fn save_rename_delete_follow_the_open_program() {
        let s = State::default()
            .reduce(Action::Edit(PASTED.into()))
            .reduce(Action::Programs(ProgramAction::Save("a".into())));
        assert_eq!(s.program_name.as_deref(), Some("a"));
        assert_eq!(s.file_name().as_deref(), Some("a"));
        let s = s.reduce(Action::Programs(ProgramAction::Rename {
            from: "a".into(),
            to: "b".into(),
        }));
        assert_eq!(s.program_name.as_deref(), Some("b"));
        let edited = s.clone().reduce(Action::Edit(format!("{PASTED}\n")));
        assert_eq!(edited.file_name().as_deref(), Some("b (edited)"));
        let s = s.reduce(Action::Programs(ProgramAction::Delete("b".into())));
        assert_eq!(s.program_name, None);
        assert!(s.programs.list.is_empty());
    }

    #[test]
    fn opening_an_example_resets_the_arguments() {
        let s = State::default()
            .reduce(Action::SetArgs("100 10".into()))
            .reduce(Action::OpenExample(ring()));
        assert_eq!(s.args, "");
    }
}
