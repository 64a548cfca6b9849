//! The app state and its one pure reducer: `Action` in, new `State` out, no I/O inside; tested
//! natively. The run it moves is a [`crate::playground::session::Session`]; only `reduce` moves it.
//!
//! The code runs visibly: while a run is paused and the editor still shows the program it runs,
//! [`State::rank_lines`] asks each of the first 64 ranks' `Vm` for its `current_line` (the call it
//! is blocked in, or the one it computes before), and `State::focus_rank` (set by
//! `Action::FocusRank`, a click on a rank in the "Ranks & console" view) is the rank the editor
//! marks strongly.
//!
//! Side by side: with `RunOptions::compare` set, Run also starts `State::compare`, a second
//! `Session` of the same program under that engine; after every move of the run the reducer
//! advances it (`Session::advance_to`, at most one chunk per action, the timer ticking on while it
//! lags) until it covers the run's simulated time, or to its end once the run has ended.

use std::rc::Rc;

use rankscope_core::machine::{builtin_profiles, Profile, ProfileError};

use crate::playground::components::editor::{RankLine, MARKED_RANKS};
use crate::playground::playback::Speed;
use crate::playground::run_options::RunOptions;
use crate::playground::session::{self, SessionCell, StartError};
use crate::url::{LinkError, ShareState, LINK_VERSION};
use rankscope_core::engine::SimError;
use rankscope_core::lang::Diagnostic;
use rankscope_core::time::SimTime;
use rankscope_core::trace::timeline::last_record_at;
use yew::Reducible;

mod compare;
mod editor;
mod lesson;
mod link;
mod matches;
mod network;

pub use matches::PAGE_BUDGET;

/// The program shown in the editor when the app opens.
pub const STARTER_PROGRAM: &str = r#"#include <mpi.h>
#include <stdio.h>

/* A token travels once around a ring of ranks. */
int main(int argc, char **argv)
{
    int rank, size, token;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        token = 42;
        MPI_Send(&token, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, size - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("token %d came back\n", token);
    } else {
        MPI_Recv(&token, 1, MPI_INT, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(&token, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"#;

/// The machine the page opens on: a modern cluster, running the starter ring.
pub const DEFAULT_PROFILE: &str = "ib-qdr";

/// Events the comparison run may take in one reducer call to catch up with the primary (the
/// smallest chunk of a playing run): a jump far ahead is caught up over the next ticks, so no
/// click waits for a whole run.
pub const COMPARE_CATCH_UP: u64 = crate::playground::playback::CHUNK_BOUNDS.0;

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The built-in machine profiles, or the error that kept them from loading.
    pub profiles: Result<Vec<Profile>, String>,
    /// Id of the selected machine profile.
    pub selected: String,
    /// Number of ranks the user asked for.
    pub ranks: u32,
    /// The text of the program's first file (of one file: the program).
    pub source: String,
    /// The program's other files, the first file's name and the tab the editor shows
    /// ([`crate::playground::program_files`]).
    pub files: crate::playground::program_files::ProgramFiles,
    /// Why the last profile the user loaded was rejected (shown until the next load).
    pub profile_error: Option<ProfileError>,
    /// Why the share link the page was opened with could not be restored.
    pub link_error: Option<String>,
    /// The current run, if the program compiled.
    pub session: Option<SessionCell>,
    /// The side-by-side run of the same program under `options.compare`, kept at least as far
    /// in simulated time as the current run.
    pub compare: Option<SessionCell>,
    /// Why the comparison run could not start.
    pub compare_error: Option<String>,
    /// Bumped whenever the run moves, so views re-render.
    pub generation: u64,
    /// Compile errors of the last "Run".
    pub diagnostics: Vec<Diagnostic>,
    /// Why the last run could not start (other than compile errors).
    pub run_error: Option<String>,
    /// Whether the run is playing (advancing chunk by chunk on a timer).
    pub playing: bool,
    /// How fast it plays.
    pub speed: Speed,
    /// Limits of the next run.
    pub options: RunOptions,
    /// The "Arguments" line as typed: split by [`crate::playground::args::split`] when a run starts, its
    /// words go to `main`'s `argv` after `argv[0]` (`"program"`).
    pub args: String,
    /// The rank in focus: its line is marked strongly in the editor and followed.
    pub focus_rank: u32,
    /// The example last opened (index into [`crate::playground::examples::all`]), kept while it is
    /// edited; `None` for the starter program or a restored one.
    pub example: Option<usize>,
    /// Opening that example replaced an edit of the program (said until the next edit or
    /// example; Ctrl+Z in the editor brings the edit back).
    pub replaced_edit: bool,
    /// The view the user picked beside the timeline (`None`: the one that matters for the run,
    /// see [`crate::playground::views::View::current`]).
    pub view: Option<crate::playground::views::View>,
    /// Presentation mode: large type, only the code, the timeline and the current view.
    pub present: bool,
    /// The lesson open in the playground, if any.
    pub lesson: Option<crate::lessons::state::LessonOpen>,
    /// Why the last lesson file or link could not be opened.
    pub lesson_error: Option<String>,
    /// "You are the network": the rank chosen at each choice point where messages race to one
    /// rank (past the end, the machine model's order); `None`: the model decides alone.
    pub network: Option<Vec<u32>>,
    /// "Every match": the sender chosen at each match choice point, where a wildcard receive
    /// could take several ranks' messages once every rank waits (past the end, the first);
    /// `None`: receives match in the machine's order.
    pub matches: Option<Vec<u32>>,
    /// The last exploration over every match MPI allows, with what it explored (the program,
    /// machine, ranks, options and arguments: [`State::exploration`] shows it only while these
    /// are unchanged).
    pub explored: Option<std::rc::Rc<(matches::ExploreKey, rankscope_core::explore::Exploration)>>,
    /// Why the last exploration could not run.
    pub explore_error: Option<String>,
    /// Step and Back move by every event (`false`: past bookkeeping, see [`crate::playground::stride`]).
    pub every_event: bool,
    /// Presentation mode's type size, in percent of its default ([`crate::playground::font_scale`]).
    pub font_scale: u32,
    /// More ranks were asked for than the machine holds: why they became fewer, and a machine
    /// that holds them (shown under the rank count).
    pub room_note: Option<crate::playground::rank_room::RoomNote>,
    /// "My programs": the programs saved in this browser ([`crate::playground::my_programs`]).
    pub programs: crate::playground::programs::Programs,
    /// The saved program the editor's text came from.
    pub program_name: Option<String>,
    /// What waits for the confirm step before it replaces unkept work.
    pub pending_open: Option<crate::playground::my_programs::Opening>,
    /// Why the last "My programs" action failed (a name taken or empty).
    pub programs_error: Option<String>,
    /// The timeline's rank filter, groups and row height, as links and the autosave carry them.
    pub timeline_rows: crate::playground::rows_link::RowsShare,
}

/// Everything a user can do to the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Choose a machine profile by id; unknown ids are ignored.
    SelectProfile(String),
    /// Set the rank count (clamped to 1..=the machine's capacity).
    SetRanks(u32),
    /// Replace the text of the file the editor shows.
    Edit(String),
    /// Open, add, rename, delete or keep a file ([`crate::playground::program_files::FileAction`]).
    Files(crate::playground::program_files::FileAction),
    /// Open example `index` of [`crate::playground::examples::all`] with the machine and rank count it
    /// was written for.
    OpenExample(usize),
    /// Compile and play from the start (or continue a paused run).
    Run,
    /// Stop playing (the run stays where it is).
    Pause,
    /// Play if paused, pause if playing (the Space key).
    TogglePlay,
    /// One chunk of a playing run: advance up to this many events (sent by the page's timer,
    /// also while only the comparison is catching up; see [`State::comparison_behind`]).
    Tick(u64),
    /// Choose the playback speed.
    SetSpeed(Speed),
    /// Set the run options (clamped; they apply from the next run).
    SetOptions(RunOptions),
    /// Set the "Arguments" line (it applies from the next run; one that does not split is
    /// kept as typed, shown with its error, and refused by Run).
    SetArgs(String),
    /// Go to the state after this many events (the scrubber, the log, the timeline).
    Seek(u64),
    /// Go to the last event at or before this simulated time (a click in the comparison's
    /// timeline).
    SeekTime(SimTime),
    /// Process one more event.
    Step,
    /// Go back one event (exactly: checkpoint + replay).
    Back,
    /// Back to the start of the run.
    Reset,
    /// Step (`forward`) or go back to the next stop of a jump: the buttons and keys of Step,
    /// Back and the coarse jumps ([`crate::playground::stride`]).
    Jump {
        /// What it goes to.
        jump: crate::playground::stride::Jump,
        /// Forward, or back.
        forward: bool,
    },
    /// Step and Back by every event (`true`) or past bookkeeping.
    SetEveryEvent(bool),
    /// The timeline's rank filter, groups or row height changed (kept for links and the
    /// autosave).
    SetTimelineRows(crate::playground::rows_link::RowsShare),
    /// Presentation mode's type size one size larger (`1`), smaller (`-1`) or back to its
    /// default (`0`).
    FontStep(i32),
    /// Presentation mode's type size, in percent (remembered from an earlier visit; clamped).
    SetFontScale(u32),
    /// Put a rank in focus (its line is marked strongly in the editor and followed).
    FocusRank(u32),
    /// Show this view beside the timeline.
    ShowView(crate::playground::views::View),
    /// Enter or leave presentation mode (the P key).
    TogglePresent,
    /// Leave presentation mode (Escape).
    LeavePresent,
    /// Enter presentation mode (a lesson link with `&present`).
    EnterPresent,
    /// Open a lesson at a step (0-based) in a language; `text` is its source when it came from
    /// a file or a link.
    OpenLesson {
        /// The lesson.
        lesson: Rc<rankscope_core::lessons::Lesson>,
        /// The step to show.
        step: usize,
        /// The language wished for (the lesson's first if it lacks it).
        lang: String,
        /// The lesson's text, for share links (`None`: a shipped lesson).
        text: Option<Rc<str>>,
    },
    /// A lesson file's text (opened from disk or a link): parsed here; its errors are shown.
    OpenLessonText {
        /// The file's name (in error messages: `name:line:column`).
        name: String,
        /// The TOML text.
        text: String,
        /// The step to show (0-based).
        step: usize,
        /// The language wished for.
        lang: String,
    },
    /// A lesson link named a lesson the page does not have (its id), or could not be read.
    LessonNotFound(String),
    /// Show step `n` (0-based) of the open lesson, set up afresh.
    LessonStep(usize),
    /// The next step of the open lesson (PageDown in a lesson).
    NextStep,
    /// The previous step (PageUp in a lesson).
    PrevStep,
    /// Close the lesson (the playground keeps its program).
    CloseLesson,
    /// The lesson's language.
    LessonLanguage(String),
    /// The student's answer to the step's prediction.
    AnswerPrediction(rankscope_core::lessons::Guess),
    /// Check the step's task against the editor's program.
    CheckTask,
    /// Be the network (`Some`, with the choices so far) or let the machine model decide.
    SetNetwork(Option<Vec<u32>>),
    /// Be the network with these choices and play the run (a failed "every order" check's
    /// order).
    ReplayOrder(Vec<u32>),
    /// At choice point `point` (from 1), land `rank`'s message first: the run starts again with
    /// the choices before it kept and stands at that point.
    Choose {
        /// The choice point.
        point: u32,
        /// The sender whose message lands first.
        rank: u32,
    },
    /// Hold wildcard receives until every rank waits and take these choices (`Some`), or let
    /// receives match in the machine's order.
    SetMatches(Option<Vec<u32>>),
    /// Explore the program over every match MPI allows.
    Explore,
    /// Take these match choices and play the run (an outcome's witness).
    ReplayMatches(Vec<u32>),
    /// At match choice point `point` (from 1), take `rank`'s message: the run starts again with
    /// the choices before it kept and stands at that point.
    ChooseMatch {
        /// The match choice point.
        point: u32,
        /// The sender whose message the receive takes.
        rank: u32,
    },
    /// Run with these match choices and stand after event `event` (a node of the tree of
    /// explored runs: the choice there just made).
    JumpMatches {
        /// The choices up to the node.
        choices: Vec<u32>,
        /// The event of the node's choice.
        event: u64,
    },
    /// Something done to "My programs" (save, open, upload, the confirm step…).
    Programs(crate::playground::my_programs::ProgramAction),
    /// Switch to machine `id` and set `ranks` (the rank count's "Use … with N ranks" button).
    UseMachine {
        /// The profile id.
        id: String,
        /// The ranks.
        ranks: u32,
    },
    /// Restore the state a share link carried (or report why the link could not be read).
    Restore(Result<ShareState, LinkError>),
    /// A share link the address moved to while the page was open (a link followed, pasted, or
    /// the history's back): restored like [`Action::Restore`], unless it is the state already
    /// shown (the page's own "Share" writes that).
    FollowLink(Result<ShareState, LinkError>),
    /// Restore the edit autosaved in this browser (program, machine, ranks, speed).
    RestoreAutosave(ShareState),
    /// A profile file the user loaded: its name and text. Parsed here; on success it joins the
    /// list (replacing a profile with the same id) and is selected, otherwise its error is shown.
    LoadProfile {
        /// File name, used in error messages.
        origin: String,
        /// The TOML text.
        text: String,
    },
}

impl Default for State {
    fn default() -> Self {
        let profiles = builtin_profiles().map_err(|e| e.to_string());
        // A modern cluster a newcomer knows (InfiniBand), else the first profile.
        let selected = profiles
            .as_ref()
            .ok()
            .and_then(|p| {
                p.iter()
                    .find(|p| p.machine.id == DEFAULT_PROFILE)
                    .or_else(|| p.first())
            })
            .map(|p| p.machine.id.clone())
            .unwrap_or_default();
        State {
            profiles,
            selected,
            ranks: 4,
            source: STARTER_PROGRAM.to_string(),
            files: crate::playground::program_files::ProgramFiles::default(),
            profile_error: None,
            link_error: None,
            session: None,
            compare: None,
            compare_error: None,
            generation: 0,
            diagnostics: Vec::new(),
            run_error: None,
            playing: false,
            speed: Speed::default(),
            options: RunOptions::default(),
            args: String::new(),
            focus_rank: 0,
            example: None,
            replaced_edit: false,
            view: None,
            present: false,
            lesson: None,
            lesson_error: None,
            network: None,
            matches: None,
            explored: None,
            explore_error: None,
            every_event: false,
            font_scale: crate::playground::font_scale::DEFAULT,
            room_note: None,
            programs: crate::playground::programs::Programs::default(),
            program_name: None,
            pending_open: None,
            programs_error: None,
            timeline_rows: crate::playground::rows_link::RowsShare::default(),
        }
    }
}

impl State {
    /// The selected profile, if the profiles loaded.
    pub fn selected_profile(&self) -> Option<&Profile> {
        self.profiles
            .as_ref()
            .ok()?
            .iter()
            .find(|p| p.machine.id == self.selected)
    }

    /// How many ranks the selected machine holds (nodes × ranks per node).
    pub fn capacity(&self) -> u32 {
        self.selected_profile().map_or(1, |p| {
            p.machine
                .nodes
                .value
                .saturating_mul(p.machine.ranks_per_node.value)
        })
    }

    /// The view shown beside the timeline.
    pub fn current_view(&self) -> crate::playground::views::View {
        let run = self.session.as_ref().map(|s| s.0.borrow());
        crate::playground::views::View::current(self.view, run.as_deref())
    }

    /// The words of the "Arguments" line, or why it does not split (for the field and Run).
    pub fn program_args(&self) -> Result<Vec<String>, crate::playground::args::ArgsError> {
        crate::playground::args::split(&self.args)
    }

    /// The example last opened, as shipped.
    fn open_example(&self) -> Option<&'static crate::playground::examples::Example> {
        crate::playground::examples::get(self.example?)
    }

    /// When the open example's run line asks for more ranks than the run setup has (a ping-pong
    /// between ranks 1 and 2 on 1 rank "finishes" doing nothing): what to say.
    pub fn too_few_ranks(&self) -> Option<String> {
        let example = self.open_example()?;
        let (path, hint) = (&example.path, example.hint.as_ref()?);
        (self.ranks < hint.ranks).then(|| {
            format!(
                "{path} was written for {} ranks (its run line); with {} some ranks have nothing to talk to",
                hint.ranks, self.ranks
            )
        })
    }

    /// The open example's path for the editor's header, with "(edited)" once the text differs.
    pub fn file_name(&self) -> Option<String> {
        if self.example.is_none() {
            // A saved program: its name, "(edited)" once the text differs.
            let saved = self.open_program()?;
            return Some(if saved.is(&self.source, &self.files) {
                saved.name.clone()
            } else {
                format!("{} (edited)", saved.name)
            });
        }
        let example = self.open_example()?;
        let path = &example.path;
        Some(
            if example.source == self.source && example.files.same_program(&self.files) {
                path.to_string()
            } else {
                format!("{path} (edited)")
            },
        )
    }

    /// What is running where, in one line (the embed's and presentation mode's bar): the
    /// program, the ranks and machine, the point-to-point engine, and the MPI_Win_lock scheme
    /// when the run takes that lock.
    pub fn run_label(&self) -> String {
        let machine = self
            .selected_profile()
            .map_or(self.selected.as_str(), |p| p.machine.name.as_str());
        let mut label = format!(
            "{} · {} ranks on {machine} · {} engine",
            self.file_name().unwrap_or_else(|| "program.c".to_string()),
            self.ranks,
            self.options.run.engine
        );
        let locks = self
            .session
            .as_ref()
            .is_some_and(|s| crate::playground::views::View::LOCK.shows(Some(&s.0.borrow())));
        if locks {
            label.push_str(&format!(" · MPI_Win_lock: {}", self.options.run.lock));
        }
        label
    }

    /// Drops the run and its comparison (the program, machine or options changed).
    fn clear_runs(&mut self) {
        self.files.forget_written(0);
        self.session = None;
        self.compare = None;
        self.compare_error = None;
    }

    /// Moves the run (if any) with `walk`, then brings its derived views up to date. Returns
    /// whether the run can still go forward (not finished, not stopped by an error).
    fn move_run(&mut self, walk: impl FnOnce(&mut session::Session)) -> bool {
        self.generation += 1;
        let Some(cell) = &self.session else {
            return false;
        };
        let mut run = cell.0.borrow_mut();
        let was_running = run.ended.is_none();
        walk(&mut run);
        run.after_move();
        let more = run.can_continue();
        // A program error stopped the run in another file than the one shown: show that one
        // (once, when the run stops; the user may look elsewhere after).
        if was_running && run.files.len() > 1 {
            let sim = run.history.sim();
            let file = match sim.error() {
                Some(SimError::Program { rank, .. }) => {
                    (sim.program(*rank).and_then(|vm| vm.error())).map(|d| d.file.clone())
                }
                _ => None,
            };
            drop(run);
            if let Some(tab) = file.and_then(|f| self.files.tab_of(&f)) {
                self.files.open = tab;
            }
        }
        more
    }

    /// The pure transition function.
    pub fn reduce(mut self, action: Action) -> State {
        match action {
            Action::FocusRank(rank) => {
                self.focus_rank = rank.min(self.ranks.saturating_sub(1));
            }
            Action::ShowView(view) => self.view = Some(view),
            Action::OpenLesson { .. }
            | Action::OpenLessonText { .. }
            | Action::LessonNotFound(_)
            | Action::LessonStep(_)
            | Action::NextStep
            | Action::PrevStep
            | Action::CloseLesson
            | Action::LessonLanguage(_)
            | Action::AnswerPrediction(_)
            | Action::CheckTask => return self.reduce_lesson(action),
            Action::SetNetwork(_) | Action::ReplayOrder(_) | Action::Choose { .. } => {
                return self.reduce_network(action)
            }
            Action::SetMatches(_)
            | Action::Explore
            | Action::ReplayMatches(_)
            | Action::ChooseMatch { .. }
            | Action::JumpMatches { .. } => return self.reduce_matches(action),
            Action::TogglePresent => self.present = !self.present,
            Action::LeavePresent => self.present = false,
            Action::EnterPresent => self.present = true,
            Action::SelectProfile(id) => {
                self.clear_runs();
                let known = self
                    .profiles
                    .as_ref()
                    .is_ok_and(|ps| ps.iter().any(|p| p.machine.id == id));
                if known {
                    self.selected = id;
                    self.room_note = self.profiles.as_ref().ok().and_then(|ps| {
                        crate::playground::rank_room::RoomNote::of(ps, &self.selected, self.ranks)
                    });
                    self.ranks = self.ranks.clamp(1, self.capacity());
                }
            }
            Action::SetRanks(n) => {
                self.clear_runs();
                // The same count again (the field's change event when it loses the focus after a
                // clamp) keeps what was said about the count asked for before.
                if n == self.ranks && self.room_note.is_some() {
                    return self;
                }
                self.room_note = self.profiles.as_ref().ok().and_then(|ps| {
                    crate::playground::rank_room::RoomNote::of(ps, &self.selected, n)
                });
                self.ranks = n.clamp(1, self.capacity());
            }
            Action::Programs(a) => return self.reduce_programs(a),
            Action::UseMachine { id, ranks } => {
                return self
                    .reduce(Action::SelectProfile(id))
                    .reduce(Action::SetRanks(ranks));
            }
            Action::Edit(text) => {
                if !self.files.edit(&mut self.source, text) {
                    return self;
                }
                self.replaced_edit = false;
                // The run no longer matches the text; the next Run recompiles.
                self.clear_runs();
            }
            Action::Files(action) => {
                use crate::playground::program_files::FileAction;
                let changes = !matches!(action, FileAction::Open(_) | FileAction::Show(_));
                let written = self.written_texts();
                if let Some(text) = self.files.apply(action, &written) {
                    self.source = text;
                }
                if changes && self.files.problem.is_none() {
                    self.replaced_edit = false;
                    self.clear_runs();
                }
            }
            Action::OpenExample(index) => {
                let Some(example) = crate::playground::examples::get(index) else {
                    return self;
                };
                // A new program shows the view that matters for it until the user picks another.
                self.view = None;
                // An edit is lost unless the text is the starter or an example as it came.
                self.replaced_edit = self.unkept();
                self.source = example.source.clone();
                self.files = example.files.clone();
                self.example = Some(index);
                // Arguments typed for another program mean nothing for this one.
                self.args = String::new();
                // Choices made for another program mean nothing for this one.
                if let Some(choices) = &mut self.network {
                    choices.clear();
                }
                if let Some(choices) = &mut self.matches {
                    choices.clear();
                }
                self.clear_runs();
                self.diagnostics.clear();
                self.run_error = None;
                if let Some(hint) = &example.hint {
                    // The protocol choices it was written for (the defaults unless its run
                    // line names others; every example's line reads, which a test checks), not
                    // whatever the last program used; the limits stay the user's.
                    let mut options = self.options;
                    options.run =
                        (options.run).with_protocol_of(&hint.config.clone().unwrap_or_default());
                    self = self
                        .reduce(Action::SelectProfile(hint.profile.clone()))
                        .reduce(Action::SetRanks(hint.ranks))
                        .reduce(Action::SetOptions(options));
                }
            }
            Action::Run => {
                let resumable = self
                    .session
                    .as_ref()
                    .is_some_and(|s| s.0.borrow().can_continue());
                if !resumable {
                    self.diagnostics.clear();
                    self.run_error = None;
                    self.clear_runs();
                    let Some(profile) = self.selected_profile().cloned() else {
                        return self;
                    };
                    let args = match self.program_args() {
                        Ok(args) => args,
                        Err(e) => {
                            self.run_error = Some(format!("Arguments: {e}"));
                            self.playing = false;
                            return self;
                        }
                    };
                    match session::start_files_matching(
                        &self.files.all(&self.source),
                        &profile,
                        self.ranks,
                        self.options,
                        &args,
                        self.network.as_deref(),
                        self.matches.as_deref(),
                    ) {
                        Ok(s) => {
                            self.session = Some(s);
                            self.start_comparison(&profile, &args);
                        }
                        Err(StartError::Diagnostics(d)) => {
                            // The editor shows a file with errors: the open one if it has any,
                            // else the first file that has.
                            let open = self.files.open_name().unwrap_or_default().to_string();
                            if !d.iter().any(|d| d.file == open) {
                                let tab = d.first().and_then(|d| self.files.tab_of(&d.file));
                                if let Some(tab) = tab {
                                    self.files.open = tab;
                                }
                            }
                            self.diagnostics = d;
                        }
                        Err(StartError::Message(m)) => self.run_error = Some(m),
                    }
                }
                self.playing = self.move_run(|_| {});
                self.catch_up(COMPARE_CATCH_UP);
            }
            Action::Pause => self.playing = false,
            Action::TogglePlay => {
                let next = if self.playing {
                    Action::Pause
                } else {
                    Action::Run
                };
                return self.reduce(next);
            }
            Action::Tick(events) => {
                if self.playing {
                    // An error stops the walk and is shown from the simulation itself.
                    self.playing = self.move_run(|s| {
                        let _ = s.history.forward(events);
                    });
                } else if !self.comparison_behind() {
                    return self;
                }
                self.catch_up(events.max(COMPARE_CATCH_UP));
            }
            Action::SetSpeed(speed) => self.speed = speed,
            Action::SetOptions(options) => {
                self.options = options.clamped();
                self.clear_runs();
                self.playing = false;
            }
            Action::SetArgs(args) => {
                if args != self.args {
                    self.args = args;
                    self.clear_runs();
                    self.playing = false;
                }
            }
            Action::Step | Action::Back | Action::Reset | Action::Seek(_) => {
                if self.session.is_none() && action == Action::Step {
                    return self.reduce(Action::Run).reduce(Action::Step);
                }
                self.playing = false;
                self.move_run(|s| {
                    let _ = match action {
                        Action::Step => s.history.forward(1).map(|_| ()),
                        Action::Back => s.history.back(1),
                        Action::Seek(to) => s.history.goto(to),
                        _ => s.history.goto(0),
                    };
                });
                // The comparison starts over with the run; otherwise it keeps what it has
                // (it may be ahead: the views fade what lies after the current time).
                if action == Action::Reset {
                    if let Some(cell) = &self.compare {
                        let mut run = cell.0.borrow_mut();
                        let _ = run.history.goto(0);
                        run.after_move();
                    }
                }
                self.catch_up(COMPARE_CATCH_UP);
            }
            Action::Jump { jump, forward } => {
                if self.session.is_none() {
                    if !forward {
                        return self;
                    }
                    let mut s = self.reduce(Action::Run);
                    s.playing = false;
                    return s.reduce(action);
                }
                self.playing = false;
                let stride =
                    crate::playground::stride::resolve(jump, self.every_event, self.focus_rank);
                self.move_run(|s| {
                    use rankscope_core::engine::stride;
                    let _ = if forward {
                        stride::forward(&mut s.history, stride, stride::FORWARD_LIMIT).map(|_| ())
                    } else {
                        stride::back(&mut s.history, stride)
                    };
                });
                self.catch_up(COMPARE_CATCH_UP);
            }
            Action::SetEveryEvent(every) => self.every_event = every,
            Action::SetTimelineRows(rows) => self.timeline_rows = rows,
            Action::FontStep(by) => {
                self.font_scale = crate::playground::font_scale::step(self.font_scale, by)
            }
            Action::SetFontScale(scale) => {
                self.font_scale = crate::playground::font_scale::clamp(scale)
            }
            Action::SeekTime(t) => {
                let Some(cell) = &self.session else {
                    return self;
                };
                let to = {
                    let run = cell.0.borrow();
                    let trace = run.history.sim().trace();
                    last_record_at(trace.known_records(), t).map_or(0, |i| trace.steps_to_show(i))
                };
                return self.reduce(Action::Seek(to));
            }
            Action::FollowLink(_) | Action::Restore(_) | Action::RestoreAutosave(_) => {
                return self.reduce_link(action)
            }
            Action::LoadProfile { origin, text } => match Profile::from_toml(&origin, &text) {
                Ok(profile) => {
                    self.profile_error = None;
                    let id = profile.machine.id.clone();
                    if let Ok(list) = &mut self.profiles {
                        match list.iter_mut().find(|p| p.machine.id == id) {
                            Some(slot) => *slot = profile,
                            None => list.push(profile),
                        }
                    }
                    return self.reduce(Action::SelectProfile(id));
                }
                Err(e) => self.profile_error = Some(e),
            },
        }
        self
    }
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new((*self).clone().reduce(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::proto::p2p::Matching;

    /// Presses Run and lets the timer tick until the run stops playing.
    pub(super) fn run_to_end(mut s: State) -> State {
        s = s.reduce(Action::Run);
        while s.playing {
            s = s.reduce(Action::Tick(10_000));
        }
        s
    }

    #[test]
    fn selecting_a_smaller_machine_clamps_the_rank_count() {
        let s = State::default()
            .reduce(Action::SelectProfile("fx100".into()))
            .reduce(Action::SetRanks(64));
        assert_eq!(s.ranks, 64);
        let s = s.reduce(Action::SelectProfile("folon".into()));
        assert_eq!((s.selected.as_str(), s.ranks), ("folon", 6));
    }

    #[test]
    fn unknown_profile_is_ignored() {
        let s = State::default().reduce(Action::SelectProfile("cray-1".into()));
        assert_eq!(s.selected, DEFAULT_PROFILE);
        assert_eq!(
            DEFAULT_PROFILE, "ib-qdr",
            "the page opens on a modern cluster"
        );
    }

    #[test]
    fn loading_a_profile_adds_and_selects_it_or_reports_where_it_is_wrong() {
        let (_, folon) = rankscope_core::machine::builtin::BUILTIN_PROFILE_SOURCES[3];
        let mine = folon.replace("id = \"folon\"", "id = \"my-folon\"");
        let s = State::default().reduce(Action::LoadProfile {
            origin: "my.toml".into(),
            text: mine,
        });
        assert_eq!(s.selected, "my-folon");
        assert_eq!(s.profiles.as_ref().unwrap().len(), 8);
        assert!(s.profile_error.is_none());

        let broken = folon.replace("id = \"folon\"", "id = folon");
        let s = s.reduce(Action::LoadProfile {
            origin: "broken.toml".into(),
            text: broken,
        });
        let e = s.profile_error.as_ref().unwrap();
        assert!(e.to_string().starts_with("broken.toml:"), "{e}");
        assert_eq!(s.selected, "my-folon", "a bad file changes nothing else");
    }

    #[test]
    fn a_share_link_restores_program_machine_and_ranks() {
        let s = State::default()
            .reduce(Action::SelectProfile("fx100".into()))
            .reduce(Action::SetRanks(64))
            .reduce(Action::Edit("int main() { return 0; }".into()));
        let link = crate::url::encode(&s.share_state());
        let restored = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert_eq!(restored.share_state(), s.share_state());
        assert_eq!(restored.link_error, None);

        let broken = State::default().reduce(Action::Restore(crate::url::decode("s=abcd")));
        assert!(broken.link_error.unwrap().contains("damaged"));
        assert_eq!(
            broken.source, STARTER_PROGRAM,
            "a bad link changes nothing else"
        );
    }

    #[test]
    fn run_step_back_and_reset_move_through_the_trace() {
        let s = run_to_end(State::default());
        let (end, console) = {
            let run = s.session.as_ref().unwrap().0.borrow();
            let sim = run.history.sim();
            assert!(sim.is_finished(), "{:?}", sim.error());
            (run.history.position(), sim.console().to_vec())
        };
        assert_eq!(console[0].text, "token 42 came back");
        let s = s.reduce(Action::Back).reduce(Action::Back);
        assert_eq!(
            s.session.as_ref().unwrap().0.borrow().history.position(),
            end - 2
        );
        let s = s.reduce(Action::Step);
        assert_eq!(
            s.session.as_ref().unwrap().0.borrow().history.position(),
            end - 1
        );
        let s = s.reduce(Action::Reset);
        assert_eq!(s.session.as_ref().unwrap().0.borrow().history.position(), 0);
    }

    #[test]
    fn compile_errors_are_kept_for_the_editor() {
        let s = State::default()
            .reduce(Action::Edit("int main() { x = 1; }".into()))
            .reduce(Action::Run);
        assert!(s.session.is_none());
        assert_eq!(s.diagnostics.len(), 1);
        assert!(s.diagnostics[0].message.contains("`x`"));
    }

    fn open(file: &str) -> State {
        let index = crate::playground::examples::position(file).unwrap();
        State::default().reduce(Action::OpenExample(index))
    }

    #[test]
    fn the_view_beside_the_timeline_is_the_one_the_run_uses_until_one_is_picked() {
        use crate::playground::views::View;
        assert_eq!(State::default().current_view(), View::MACHINE);
        let ring = run_to_end(open("ring.c"));
        assert_eq!(ring.current_view(), View::QUEUES);
        let lock = run_to_end(open("mcs_lock.c"));
        assert_eq!(lock.current_view(), View::LOCK);
        assert!(
            lock.run_label().contains("MPI_Win_lock: mcs-rw"),
            "{}",
            lock.run_label()
        );
        assert!(!ring.run_label().contains("MPI_Win_lock"));
        // A pick stays through stepping and re-runs; a view the run lacks falls back.
        let picked = lock
            .reduce(Action::ShowView(View::LOG))
            .reduce(Action::Back);
        assert_eq!(picked.current_view(), View::LOG);
        let rerun = run_to_end(picked.reduce(Action::Reset));
        assert_eq!(rerun.current_view(), View::LOG);
        // A new program starts from its own view again.
        let index = crate::playground::examples::position("ring.c").unwrap();
        let other = rerun.reduce(Action::OpenExample(index));
        assert_eq!(other.view, None);
    }

    #[test]
    fn presentation_mode_toggles_and_travels_in_a_share_link() {
        let s = State::default().reduce(Action::TogglePresent);
        assert!(s.present);
        let link = crate::url::encode(&s.share_state());
        let opened = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert!(opened.present);
        assert!(!opened.clone().reduce(Action::LeavePresent).present);
        assert!(!opened.reduce(Action::TogglePresent).present);
        // The autosave keeps one's work, not the mode.
        let saved: crate::url::ShareState =
            serde_json::from_str(&serde_json::to_string(&s.share_state()).unwrap()).unwrap();
        assert!(!saved.present);
    }

    #[test]
    fn opening_an_example_sets_its_machine_and_ranks_and_it_runs() {
        let index = crate::playground::examples::position("pingpong_naive.c").unwrap();
        let s = run_to_end(State::default().reduce(Action::OpenExample(index)));
        assert_eq!((s.selected.as_str(), s.ranks), ("emx", 3));
        let run = s.session.as_ref().unwrap().0.borrow();
        assert!(run.history.sim().is_finished());
        assert!(run.history.sim().console()[0]
            .text
            .starts_with("one-way latency"));
    }

    /// MPICH's own tests in the picker (setup.sh bundles them, `web/build.rs` embeds them) run
    /// as MPICH's `runtests` judges them: "No Errors" from rank 0 and no other output (Rankscope's
    /// diagnostics are not output), on the machine and rank count the suite runs them with.
    #[test]
    fn the_suites_tests_in_the_picker_print_no_errors() {
        let suite: Vec<usize> = (0..crate::playground::examples::all().len())
            .filter(|&i| crate::playground::examples::all()[i].suite)
            .collect();
        assert!(
            suite.len() >= 5,
            "{} tests of MPICH's suite embedded: scripts/setup.sh writes \
             target/mpich-suite/playground.json from tests/mpich-suite/playground.txt",
            suite.len()
        );
        for i in suite {
            let example = crate::playground::examples::get(i).unwrap();
            let s = run_to_end(State::default().reduce(Action::OpenExample(i)));
            let ranks = example.hint.as_ref().unwrap().ranks;
            assert_eq!((s.selected.as_str(), s.ranks), ("cluster", ranks));
            let names: Vec<&str> = s.files.names().collect();
            assert!(names.contains(&"mtest.c"), "{}: {names:?}", example.path);
            let run = s.session.as_ref().unwrap().0.borrow();
            assert!(run.history.sim().is_finished(), "{}", example.path);
            assert!(
                run.history.sim().error().is_none(),
                "{}: {:?}",
                example.path,
                run.history.sim().error()
            );
            let printed: Vec<(u32, &str)> = (run.history.sim().console().iter())
                .filter(|l| l.stream != rankscope_core::engine::Stream::Diagnostic)
                .map(|l| (l.rank, l.text.as_str()))
                .collect();
            // mtest.c prints it with a leading space, as runtests accepts.
            assert_eq!(printed, [(0, " No Errors")], "{}", example.path);
        }
    }

    #[test]
    fn zero_ranks_becomes_one() {
        assert_eq!(State::default().reduce(Action::SetRanks(0)).ranks, 1);
    }

    #[test]
    fn playing_advances_in_ticks_and_pause_stops_it() {
        let s = State::default().reduce(Action::Run);
        assert!(s.playing);
        let s = s.reduce(Action::Tick(3));
        let at = s.session.as_ref().unwrap().0.borrow().history.position();
        assert_eq!(at, 3);
        let s = s.reduce(Action::Pause).reduce(Action::Tick(5));
        assert!(!s.playing);
        assert_eq!(s.session.as_ref().unwrap().0.borrow().history.position(), 3);
        // Run continues the paused run rather than starting over.
        let s = s.reduce(Action::Run).reduce(Action::Tick(2));
        assert_eq!(s.session.as_ref().unwrap().0.borrow().history.position(), 5);
    }

    #[test]
    fn seeking_goes_anywhere_in_the_known_run_and_stops_playing() {
        let s = run_to_end(State::default());
        let end = s.session.as_ref().unwrap().0.borrow().history.position();
        let s = s.reduce(Action::Seek(end / 2));
        {
            let run = s.session.as_ref().unwrap().0.borrow();
            assert_eq!(run.history.position(), end / 2);
            assert_eq!(run.history.sim().trace().known_steps(), end);
        }
        let s = s.reduce(Action::Run).reduce(Action::Seek(1));
        assert!(!s.playing);
        assert_eq!(s.session.as_ref().unwrap().0.borrow().history.position(), 1);
    }

    #[test]
    fn step_without_a_run_starts_one_and_takes_one_event() {
        let s = State::default().reduce(Action::Step);
        assert!(!s.playing);
        assert_eq!(s.session.as_ref().unwrap().0.borrow().history.position(), 1);
    }

    #[test]
    fn a_runtime_error_is_marked_in_the_editor_at_its_line() {
        let source = "#include <mpi.h>\nint main(int argc, char **argv)\n{\n    int a[2];\n    int i = 5;\n    MPI_Init(&argc, &argv);\n    a[i] = 1;\n    MPI_Finalize();\n    return 0;\n}\n";
        let s = run_to_end(State::default().reduce(Action::Edit(source.into())));
        let marks = s.editor_diagnostics();
        assert_eq!(marks.len(), 1, "{marks:?}");
        let at = rankscope_core::lang::diagnostic::line_col(source, marks[0].span.start);
        assert_eq!(at.line, 7, "{marks:?}");
        assert!(marks[0].message.contains("rank 0"), "{marks:?}");
    }

    #[test]
    fn a_loop_longer_than_a_slice_pauses_and_finishes_with_the_same_result() {
        // About 2.4 million operations between two prints: the rank pauses twice or more.
        let source = "#include <stdio.h>\nint main() { long s = 0; int i; for (i = 0; i < 300000; i++) { s = s + i % 7; } printf(\"%ld\\n\", s); return 0; }";
        let s = run_to_end(State::default().reduce(Action::Edit(source.into())));
        assert!(
            s.editor_diagnostics().is_empty(),
            "{:?}",
            s.editor_diagnostics()
        );
        let expected: i64 = (0..300_000i64).map(|i| i % 7).sum();
        let cell = s.session.as_ref().unwrap();
        let run = cell.0.borrow();
        let sim = run.history.sim();
        assert_eq!(sim.console()[0].text, expected.to_string());
        assert!(sim.program(0).unwrap().ops() > 2 * crate::playground::run_options::SLICE_OPS);
    }

    #[test]
    fn run_options_limit_the_run_and_travel_in_links() {
        let tight = RunOptions {
            run: rankscope_core::run_config::RunConfig {
                max_ops: 1_000,
                memory: 1 << 20,
                ..Default::default()
            },
            ..RunOptions::default()
        };
        let source = "int main() { int i = 0; while (1) { i = i + 1; } return 0; }";
        let s = run_to_end(
            State::default()
                .reduce(Action::Edit(source.into()))
                .reduce(Action::SetOptions(tight)),
        );
        let error = s.editor_diagnostics();
        assert!(error[0].message.contains("1000"), "{error:?}");
        let link = crate::url::encode(&s.share_state());
        let restored = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert_eq!(restored.options, tight);
    }

    const PRINT_ARGS: &str = "#include <stdio.h>\nint main(int argc, char *argv[])\n{\n    int i;\n    for (i = 0; i < argc; i++) {\n        printf(\"argv[%d]=%s\\n\", i, argv[i]);\n    }\n    return 0;\n}\n";

    pub(super) fn console_texts(s: &State) -> Vec<String> {
        let run = s.session.as_ref().unwrap().0.borrow();
        assert!(run.history.sim().is_finished(), "{:?}", run.error_text());
        run.history
            .sim()
            .console()
            .iter()
            .filter(|l| l.rank == 0)
            .map(|l| l.text.clone())
            .collect()
    }

    #[test]
    fn the_arguments_reach_argv_and_a_change_drops_the_run() {
        let s = State::default()
            .reduce(Action::SetRanks(2))
            .reduce(Action::Edit(PRINT_ARGS.into()))
            .reduce(Action::SetArgs(r#"100 "two words""#.into()));
        let s = run_to_end(s);
        assert_eq!(
            console_texts(&s),
            ["argv[0]=program", "argv[1]=100", "argv[2]=two words"]
        );
        let s = s.reduce(Action::SetArgs(String::new()));
        assert!(s.session.is_none(), "a new line applies from the next run");
        assert_eq!(console_texts(&run_to_end(s)), ["argv[0]=program"]);
    }

    #[test]
    fn a_line_that_does_not_split_is_kept_and_refused_by_run() {
        let s = State::default()
            .reduce(Action::Edit(PRINT_ARGS.into()))
            .reduce(Action::SetArgs("'open".into()));
        assert_eq!(s.args, "'open", "kept as typed, for the field");
        assert!(s.program_args().is_err());
        let s = s.reduce(Action::Run);
        assert!(s.session.is_none() && !s.playing);
        let e = s.run_error.clone().unwrap();
        assert!(e.starts_with("Arguments: the ' at character 1"), "{e}");
        let s = run_to_end(s.reduce(Action::SetArgs("'open'".into())));
        assert_eq!(s.run_error, None);
        assert_eq!(console_texts(&s), ["argv[0]=program", "argv[1]=open"]);
    }

    #[test]
    fn the_arguments_travel_in_share_links_and_autosave() {
        let s = State::default().reduce(Action::SetArgs("-n 'a b'".into()));
        let link = crate::url::encode(&s.share_state());
        assert!(link.ends_with("&args=-n%20%27a%20b%27"), "{link}");
        let restored = State::default().reduce(Action::Restore(crate::url::decode(&link)));
        assert_eq!(restored.args, "-n 'a b'");
        let saved = serde_json::to_string(&s.share_state()).unwrap();
        let back: ShareState = serde_json::from_str(&saved).unwrap();
        let restored = State::default().reduce(Action::RestoreAutosave(back));
        assert_eq!(restored.share_state(), s.share_state());
        // A link without arguments clears the current ones.
        let plain = crate::url::encode(&State::default().share_state());
        let restored = s.reduce(Action::Restore(crate::url::decode(&plain)));
        assert_eq!(restored.args, "");
    }

    #[test]
    fn speed_travels_in_share_links_and_autosave() {
        let s = State::default()
            .reduce(Action::SetSpeed(Speed::Walk))
            .reduce(Action::Edit("int main() { return 0; }".into()));
        let saved = s.share_state();
        let restored = State::default().reduce(Action::RestoreAutosave(saved.clone()));
        assert_eq!(restored.share_state(), saved);
        assert_eq!(restored.speed, Speed::Walk);
    }

    #[test]
    fn each_rank_has_a_line_while_paused_and_the_focus_moves_on_click() {
        let mut s = State::default().reduce(Action::Edit(
            "#include <mpi.h>\nint main(int argc, char **argv) {\n  int rank, x = 0;\n  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  if (rank == 0) MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);\n  MPI_Finalize();\n  return 0;\n}\n"
                .to_string(),
        ));
        s = s.reduce(Action::SetRanks(2));
        assert!(s.rank_lines().is_empty(), "no run yet");
        s = s
            .reduce(Action::Run)
            .reduce(Action::Pause)
            .reduce(Action::Reset);
        for _ in 0..40 {
            if s.rank_lines().iter().any(|r| r.rank == 0 && r.line == 6) {
                break;
            }
            s = s.reduce(Action::Step);
        }
        let lines = s.rank_lines();
        let zero = lines
            .iter()
            .find(|r| r.rank == 0)
            .expect("rank 0 is somewhere");
        assert_eq!((zero.line, zero.focused, zero.stuck), (6, true, false));
        s = s.reduce(Action::FocusRank(1));
        assert!(s.rank_lines().iter().all(|r| r.focused == (r.rank == 1)));
        // Past the last rank: the last one.
        assert_eq!(s.reduce(Action::FocusRank(99)).focus_rank, 1);
    }

    #[test]
    fn an_edit_since_the_run_hides_the_marks() {
        let mut s = State::default()
            .reduce(Action::Run)
            .reduce(Action::Pause)
            .reduce(Action::Reset);
        s = s.reduce(Action::Step).reduce(Action::Step);
        let edited = format!("{}\n", s.source);
        assert!(s.reduce(Action::Edit(edited)).rank_lines().is_empty());
    }

    #[test]
    fn space_toggles_playing() {
        let s = State::default().reduce(Action::TogglePlay);
        assert!(s.playing, "plays from a stop");
        assert!(!s.reduce(Action::TogglePlay).playing, "and pauses");
    }

    #[test]
    fn an_example_names_itself_resets_the_engine_and_says_when_it_replaced_an_edit() {
        let ring = crate::playground::examples::position("ring.c").unwrap();
        let options = RunOptions {
            run: rankscope_core::run_config::RunConfig::parse("engine=both-sides:sync").unwrap(),
            ..RunOptions::default()
        };
        let s = State::default().reduce(Action::SetOptions(options));
        // From the starter program: nothing is lost, nothing said.
        let opened = s.clone().reduce(Action::OpenExample(ring));
        assert!(!opened.replaced_edit);
        assert_eq!(
            opened.options.run.engine,
            Matching::Eager,
            "the engine it was written for"
        );
        assert_eq!(opened.file_name().as_deref(), Some("ring.c"));
        let edited = opened.reduce(Action::Edit("int main(void) { return 0; }\n".into()));
        assert_eq!(edited.file_name().as_deref(), Some("ring.c (edited)"));
        assert!(!edited.replaced_edit);
        // Opening an example over that edit says so.
        let again = edited.reduce(Action::OpenExample(ring));
        assert!(again.replaced_edit);
        assert!(!again.reduce(Action::Edit("x".into())).replaced_edit);
    }

    #[test]
    fn too_few_ranks_for_an_example_and_out_of_range_link_ranks_are_said() {
        let naive = crate::playground::examples::position("pingpong_naive.c").unwrap();
        let s = State::default().reduce(Action::OpenExample(naive));
        assert_eq!(
            s.too_few_ranks(),
            None,
            "it opens with the 3 ranks it asks for"
        );
        let one = s.reduce(Action::SetRanks(1));
        assert_eq!(
            one.too_few_ranks().as_deref(),
            Some("pingpong_naive.c was written for 3 ranks (its run line); with 1 some ranks have nothing to talk to")
        );
        for asked in [0, u32::MAX] {
            let mut shared = State::default().share_state();
            shared.ranks = asked;
            let s = State::default().reduce(Action::Restore(Ok(shared)));
            let said = s.link_error.clone().expect("said, not silently changed");
            assert!(
                said.contains(&format!("this link asked for {asked} ranks")),
                "{said}"
            );
            assert_eq!(s.ranks, if asked == 0 { 1 } else { s.capacity() });
        }
    }

    /// A link the address moves to opens its program, machine, ranks, options and arguments;
    /// the link of what is already shown (the page's own Share) changes nothing, not even the
    /// finished run.
    #[test]
    fn following_a_link_restores_it_unless_it_is_the_state_shown() {
        let s = State::default().reduce(Action::Run);
        assert!(s.session.is_some());
        let same = s.clone().reduce(Action::FollowLink(Ok(s.share_state())));
        assert!(same.session.is_some(), "its own link keeps the run");
        let mut other = s.share_state();
        other.source = "int main(void) { return 0; }".into();
        other.ranks = 2;
        other.args = "400".into();
        other.options.run.eager_limit = 65_536;
        let moved = s.reduce(Action::FollowLink(Ok(other.clone())));
        assert_eq!(moved.share_state(), other);
        assert!(moved.session.is_none());
        let bad = moved.reduce(Action::FollowLink(Err(LinkError::Damaged)));
        assert!(bad.link_error.is_some());
    }

    /// 64 ranks on the 16-node InfiniBand cluster become 16, said with why, and the offered
    /// machine takes all 64; switching to a smaller machine says so too.
    #[test]
    fn too_many_ranks_are_said_and_a_machine_that_holds_them_is_offered() {
        let s = State::default()
            .reduce(Action::SelectProfile("ib-qdr".into()))
            .reduce(Action::SetRanks(64));
        assert_eq!(s.ranks, 16);
        let note = s.room_note.clone().expect("said, not silently changed");
        assert!(note.sentence().contains("holds 16"), "{}", note.sentence());
        let fits = note.fits.expect("a machine holds 64");
        let moved = s.reduce(Action::UseMachine {
            id: fits.id.clone(),
            ranks: 64,
        });
        assert_eq!(
            (moved.selected.as_str(), moved.ranks),
            (fits.id.as_str(), 64)
        );
        assert_eq!(moved.room_note, None);
        let back = moved.reduce(Action::SelectProfile("ib-qdr".into()));
        assert_eq!(back.ranks, 16);
        assert_eq!(back.room_note.map(|n| n.asked), Some(64));
        let fine = State::default().reduce(Action::SetRanks(2));
        assert_eq!(fine.room_note, None);
    }
}
