//! What the editor shows from the state: the open file's text (or a file the run wrote), its
//! diagnostics, where each rank is in it, and whether the run is of the text shown.

use super::*;

impl State {
    /// What the editor marks inline: the compile errors, or the runtime error that stopped the
    /// run (its span points into the program).
    /// Only those of the file the editor shows (a diagnostic of no file: the first file's).
    pub fn editor_diagnostics(&self) -> Vec<Diagnostic> {
        let Some(open) = self.files.open_name() else {
            return Vec::new();
        };
        let first = self.files.open == crate::playground::program_files::Tab::First;
        let mut all = self.diagnostics.clone();
        if all.is_empty() {
            if let Some(cell) = &self.session {
                let run = cell.0.borrow();
                let sim = run.history.sim();
                if let Some(SimError::Program { rank, .. }) = sim.error() {
                    all.extend(sim.program(*rank).and_then(|vm| vm.error()).cloned());
                }
            }
        }
        all.retain(|d| d.file == open || (first && d.file.is_empty()));
        all
    }

    /// Where each rank is in the editor's program while the run is paused (at most the first
    /// [`MARKED_RANKS`] ranks): its line, whether it is the rank in focus, and whether it is
    /// stuck in a deadlock. Empty when there is no run or the program was edited since.
    pub fn rank_lines(&self) -> Vec<RankLine> {
        let Some(cell) = &self.session else {
            return Vec::new();
        };
        let run = cell.0.borrow();
        let sim = run.history.sim();
        // Every rank runs the same compiled program: one look tells whether it is the editor's.
        if !self.run_is_of_editor(&run) {
            return Vec::new();
        }
        let Some(open) = self.files.open_name() else {
            return Vec::new();
        };
        let several = run.files.len() > 1;
        let stuck = matches!(sim.error(), Some(SimError::Deadlock(_)));
        (0..sim.size().min(MARKED_RANKS))
            .filter_map(|rank| {
                let vm = sim.program(rank)?;
                if several && vm.current_file() != open {
                    return None;
                }
                Some(RankLine {
                    rank,
                    line: vm.current_line()?,
                    focused: rank == self.focus_rank,
                    stuck,
                })
            })
            .collect()
    }

    /// The files the last run wrote, as (name, text), in the order of their tabs.
    pub fn written_texts(&self) -> Vec<(String, String)> {
        self.session.as_ref().map_or_else(Vec::new, |cell| {
            let run = cell.0.borrow();
            (run.written.iter())
                .map(|w| (w.name.clone(), w.text.clone()))
                .collect()
        })
    }

    /// The files the last run wrote, as their tabs show them.
    pub fn written_tabs(&self) -> Vec<crate::playground::program_files::WrittenTab> {
        let Some(cell) = &self.session else {
            return Vec::new();
        };
        let run = cell.0.borrow();
        let size = run.history.sim().size();
        (run.written.iter())
            .map(|w| crate::playground::program_files::WrittenTab {
                name: w.name.clone(),
                writers: w.writers(size),
                bytes: w.bytes,
                text: w.text.clone(),
            })
            .collect()
    }

    /// Whether the current run is of the program as the editor holds it now.
    pub(super) fn run_is_of_editor(&self, run: &session::Session) -> bool {
        // Compared in place: this runs on every render.
        let Some((first, rest)) = run.files.split_first() else {
            return false;
        };
        first.name == self.files.first
            && first.text == self.source
            && rest.len() == self.files.others.len()
            && (rest.iter().zip(&self.files.others))
                .all(|(a, b)| a.name == b.name && a.text == b.text)
    }

    /// The text the editor shows: the open file's, or a file the run wrote (read-only).
    pub fn editor_text(&self) -> String {
        match self.files.open {
            crate::playground::program_files::Tab::Written(i) => {
                self.session.as_ref().map_or_else(String::new, |cell| {
                    cell.0
                        .borrow()
                        .written
                        .get(i)
                        .map_or_else(String::new, |w| w.text.clone())
                })
            }
            _ => self
                .files
                .open_text(&self.source)
                .unwrap_or_default()
                .to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::tests::{console_texts, run_to_end};

    fn histogram() -> usize {
        crate::playground::examples::position("histogram/main.c").unwrap()
    }

    #[test]
    fn a_program_of_several_files_runs_and_shows_what_it_wrote() {
        use crate::playground::program_files::{FileAction, Tab};
        let s = State::default().reduce(Action::OpenExample(histogram()));
        assert_eq!(
            s.files.names().collect::<Vec<_>>(),
            ["main.c", "histogram.c", "histogram.h", "scores.txt"]
        );
        assert_eq!(s.file_name().as_deref(), Some("histogram/main.c"));
        assert!(!s.unkept(), "an example as shipped is kept");
        // Paused inside the run, each rank is marked in the file it is in: all are in main.c's
        // MPI calls, none in histogram.c.
        let mut paused = s.clone().reduce(Action::Step);
        for _ in 0..40 {
            if paused.rank_lines().len() == 4 {
                break;
            }
            paused = paused.reduce(Action::Step);
        }
        assert_eq!(paused.rank_lines().len(), 4, "every rank marked in main.c");
        let paused = paused.reduce(Action::Files(FileAction::Open(Tab::Other(0))));
        assert!(paused.rank_lines().is_empty());
        let s = run_to_end(s);
        let run = s.session.clone().unwrap();
        assert!(run.0.borrow().history.sim().is_finished());
        let console = console_texts(&s);
        assert!(console.contains(&"rank 0 wrote histogram.txt (20 scores in 5 bins)".to_string()));
        let written = s.written_tabs();
        assert_eq!(written.len(), 1);
        assert_eq!(
            (written[0].name.as_str(), written[0].writers.as_str()),
            ("histogram.txt", "rank 0")
        );
        assert!(written[0].text.starts_with("  0- 19   1 #\n"));
        // Its tab shows the file read-only; keeping it adds it to the program.
        let s = s.reduce(Action::Files(FileAction::Open(Tab::Written(0))));
        assert_eq!(s.editor_text(), written[0].text);
        let before = s.source.clone();
        let s = s.reduce(Action::Edit("typed into a written file".into()));
        assert_eq!(
            (s.source.as_str(), s.editor_text()),
            (before.as_str(), written[0].text.clone())
        );
        let s = s.reduce(Action::Files(FileAction::Keep));
        assert_eq!(s.files.open_name(), Some("histogram.txt"));
        assert!(s.session.is_none(), "the program changed: the run is gone");
        assert!(s.unkept(), "an example with a file added is kept nowhere");
    }

    #[test]
    fn an_error_in_another_file_opens_its_tab_and_marks_only_there() {
        use crate::playground::program_files::{FileAction, Tab};
        let s = State::default().reduce(Action::OpenExample(histogram()));
        let s = s.reduce(Action::Files(FileAction::Open(Tab::Other(0))));
        let broken = s
            .editor_text()
            .replace("return count;", "return undeclared;");
        let s = s
            .reduce(Action::Edit(broken))
            .reduce(Action::Files(FileAction::Open(Tab::First)))
            .reduce(Action::Run);
        assert!(!s.diagnostics.is_empty());
        assert!(
            s.diagnostics.iter().all(|d| d.file == "histogram.c"),
            "{:?}",
            s.diagnostics
        );
        assert_eq!(
            s.files.open,
            Tab::Other(0),
            "the file with the errors is shown"
        );
        assert!(!s.editor_diagnostics().is_empty());
        let s = s.reduce(Action::Files(FileAction::Open(Tab::First)));
        assert!(s.editor_diagnostics().is_empty(), "main.c has none of them");
    }

    #[test]
    fn a_runtime_error_in_another_file_shows_that_file() {
        use crate::playground::program_files::{FileAction, Tab};
        let s = State::default().reduce(Action::OpenExample(histogram()));
        let s = s.reduce(Action::Files(FileAction::Open(Tab::Other(0))));
        let broken = s.editor_text().replace(
            "int bin = score / 20;",
            "int bin = score / (score - score);",
        );
        let s = s
            .reduce(Action::Edit(broken))
            .reduce(Action::Files(FileAction::Open(Tab::First)));
        let s = run_to_end(s);
        let err = s.session.as_ref().unwrap().0.borrow().error_text().unwrap();
        assert!(err.contains("histogram.c:"), "{err}");
        assert_eq!(s.files.open, Tab::Other(0));
        let marks = s.editor_diagnostics();
        assert_eq!(marks.len(), 1);
        assert_eq!(marks[0].file, "histogram.c");
    }

    #[test]
    fn links_and_saved_programs_carry_every_file_and_old_links_still_open() {
        use crate::playground::program_files::{FileAction, Tab};
        let s = State::default()
            .reduce(Action::OpenExample(histogram()))
            .reduce(Action::Files(FileAction::Open(Tab::Other(2))))
            .reduce(Action::Edit("# none\n50\n".into()));
        let shared = s.share_state();
        assert_eq!(shared.v, crate::url::LINK_VERSION);
        let link = crate::url::encode(&shared);
        let opened = State::default().reduce(Action::FollowLink(crate::url::decode(&link)));
        assert!(opened.files.same_program(&s.files));
        assert_eq!(opened.source, s.source);
        let opened = run_to_end(opened);
        let console = console_texts(&opened);
        assert!(console.iter().any(|l| l == "rank 0 binned 1 of 1 scores"));
        // A one-file program's link is format 1, as before files, and opens as one file.
        let single = State::default().share_state();
        assert_eq!(
            (single.v, single.first.clone(), single.files.len()),
            (1, None, 0)
        );
        let back = opened.reduce(Action::FollowLink(crate::url::decode(&crate::url::encode(
            &single,
        ))));
        assert!(back.files.is_single());
        // "My programs" keeps the files too.
        let kept = s.clone().reduce(Action::Programs(
            crate::playground::my_programs::ProgramAction::Save("hist".into()),
        ));
        assert!(!kept.unkept());
        let reopened = State::default()
            .reduce(Action::Programs(
                crate::playground::my_programs::ProgramAction::Loaded(kept.programs.clone()),
            ))
            .reduce(Action::Programs(
                crate::playground::my_programs::ProgramAction::Open("hist".into()),
            ));
        assert!(reopened.files.same_program(&s.files));
        assert_eq!(reopened.file_name().as_deref(), Some("hist"));
    }
}
