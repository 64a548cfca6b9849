//! The reducer's share links and autosave: what a link carries, and restoring one (what does not fit
//! this version — a machine, a rank count, timeline rows — is said, not silently changed).

use super::*;

impl State {
    /// What a share link for the current state carries.
    pub fn share_state(&self) -> ShareState {
        ShareState {
            v: if self.files.is_single() {
                crate::url::ONE_FILE_VERSION
            } else {
                LINK_VERSION
            },
            source: self.source.clone(),
            first: (self.files.first != crate::playground::program_files::FIRST_NAME)
                .then(|| self.files.first.clone()),
            files: self.files.others.clone(),
            profile: self.selected.clone(),
            ranks: self.ranks,
            speed: self.speed,
            options: self.options,
            args: self.args.clone(),
            present: self.present,
            network: self.network.clone(),
            matches: self.matches.clone(),
            rows: self.timeline_rows.for_ranks(self.ranks),
            rows_problem: None,
        }
    }
}

impl State {
    /// The link actions (the others leave the state as it is).
    pub(super) fn reduce_link(mut self, action: Action) -> State {
        match action {
            Action::FollowLink(Ok(shared)) if shared == self.share_state() => {}
            Action::FollowLink(link) => return self.reduce(Action::Restore(link)),
            Action::Restore(Err(e)) => self.link_error = Some(e.to_string()),
            Action::Restore(Ok(shared)) => {
                let known = self
                    .profiles
                    .as_ref()
                    .is_ok_and(|ps| ps.iter().any(|p| p.machine.id == shared.profile));
                self.clear_runs();
                self.playing = false;
                self.source = shared.source;
                self.files = crate::playground::program_files::ProgramFiles::new(
                    shared.first.as_deref().unwrap_or_default(),
                    shared.files,
                );
                if known {
                    self.selected = shared.profile;
                    self.link_error = None;
                } else {
                    self.link_error = Some(format!(
                        "this link was made for a machine called {:?}, which this version does not have; showing the program on {}",
                        shared.profile, self.selected
                    ));
                }
                self.ranks = shared.ranks.clamp(1, self.capacity());
                if self.ranks != shared.ranks {
                    // Said, not silently changed.
                    let said = format!(
                        "this link asked for {} ranks; {} has room for 1 to {}, so it runs on {}",
                        shared.ranks,
                        self.selected,
                        self.capacity(),
                        self.ranks
                    );
                    self.link_error = Some(match self.link_error.take() {
                        Some(before) => format!("{before}; {said}"),
                        None => said,
                    });
                }
                self.speed = shared.speed;
                self.options = shared.options.clamped();
                self.args = shared.args;
                self.present = shared.present;
                self.network = shared.network;
                self.matches = shared.matches;
                // The timeline's rows, if they fit the run; else every rank, and why.
                self.timeline_rows = shared.rows;
                if let Some(why) = shared
                    .rows_problem
                    .or_else(|| self.timeline_rows.check(self.ranks).err())
                {
                    self.timeline_rows = crate::playground::rows_link::RowsShare::default();
                    let said = format!("{why}; the timeline shows every rank");
                    self.link_error = Some(match self.link_error.take() {
                        Some(before) => format!("{before}; {said}"),
                        None => format!("this link's timeline rows are not valid: {said}"),
                    });
                }
                self.view = None;
                // A link to an example as it came names it (the picker, the editor, the bars).
                self.example = crate::playground::examples::position_of_source(&self.source);
            }
            Action::RestoreAutosave(saved) => {
                // Only what still makes sense: an unknown machine keeps the current one.
                let link_error = self.link_error.take();
                self = self.reduce(Action::Restore(Ok(saved)));
                self.link_error = link_error;
            }
            _ => {}
        }
        self
    }
}
