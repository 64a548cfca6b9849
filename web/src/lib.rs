//! `rankscope-web` — the Rankscope playground, a thin Yew shell over `rankscope-core`.
//!
//! The app state lives in one pure reducer ([`state`]); components render core types; effects
//! (DOM, timers, storage) stay at the edge. No protocol logic is re-derived here. The code is
//! arranged by feature: the playground, the lessons, the paper checks, the schedules and the
//! reference are a folder each; the page's frame (the app, its routes, its words) is beside them.
//!
//! # Map of the code
//!
//! | module | what it holds |
//! |---|---|
//! | [`app`] | the root component: the layout, and the effects — URL, autosave, share link, playback timer, `hashchange` |
//! | [`routes`] | which page the URL fragment asks for (playground, lessons, a paper, schedules, the reference), followed as it changes |
//! | [`state`] | `State`, `Action` and the one pure reducer (a file per feature: lessons, the network, links, the editor, the comparison); the only thing that moves a run |
//! | [`playground`] | the playground feature (below) |
//! | [`lessons`] | the lessons feature: embedded files, the open lesson, its links, progress, highlights, time window, the list and the pane |
//! | [`papers`] | the paper-check feature around core's runner: kept checks, the page, its parts, plots (SVG) and cells |
//! | [`schedules`] | the schedules page and its address |
//! | [`reference`] | the reference page |
//! | [`url`] | share links (the playground's and the lessons') |
//! | [`markdown`] | core's texts (lesson narration, paper notes) to elements |
//! | [`i18n`], [`i18n_phrases`], [`ui_lang`] | the page's words in English and Japanese, and the page's language |
//! | [`clock`] | `now_ms`: the page's one clock |
//! | [`file_text`], [`window_events`], [`loading`], [`panic_banner`] | small effects: a picked file's text, window listeners, the loading screen, the panic banner |
//! | [`bindings`] | functions exported to JavaScript for the browser tests and benchmarks |
//!
//! In [`playground`]:
//!
//! | module | what it holds |
//! |---|---|
//! | `session` | a run: `History<Vm>` and what is derived from its trace (timeline, lock and ACP ledgers), behind `Rc<RefCell>` |
//! | `playback`, `stride`, `keys` | speeds and chunk sizes (adaptive at full speed); what Step, Back and the jumps move by (core's `engine::stride`); the stepping keys a clicker sends, by what has the focus |
//! | `views` | the views beside the timeline (core's `views::VIEWS`): which a run has, which is shown |
//! | `components` | one component per file (the timeline a folder: component, paint, hit testing, frames): editor, file tabs, run bar, timeline, the views… (the lessons' and papers' pages reuse them) |
//! | `program_files` | the program's files besides the first one's text, and the tab the editor shows |
//! | `code_window`, `code_wrap`, `wrap_pref`, `recolour`, `edit_history` | the editor's long programs: the window of lines drawn, soft-wrapped rows, the Wrap box, colours while typing, undo/redo |
//! | `rank_colour` | rank colours per theme meeting WCAG contrast |
//! | `font_scale`, `timeline_fill` | presentation mode's type size and timeline rows |
//! | `rank_filter`, `timeline_rows`, `rows_link`, `span_names` | the timeline with many ranks: the filter, groups, rows in links, names on spans |
//! | `autosave`, `args`, `run_options` | the autosaved edit, the program's arguments, the run options |
//! | `programs`, `my_programs`, `my_programs_effect` | "My programs": the list, its actions and the confirm step, its storage |
//! | `examples` | `examples/` and MPICH's suite tests (`build.rs`) embedded for the picker |
//! | `rank_room` | ranks beyond the machine's room: why, and a machine that holds them |
//! | `run_progress` | the progress line of a long run (operations, simulated time) and the quiet clock behind the "loop may never end" hint |
//!
//! # Size
//!
//! The page is built with the `web-release` cargo profile (`Cargo.toml`; core at opt-level "s").
//! Measured on 2026-11-27: 3.82 MB raw, 1.40 MB gzip -9 instead of 4.38 / 1.58 MB with core at
//! opt-level 3 (most of the difference is the C compiler in `core::lang` and the serde/TOML code
//! core instantiates for profiles and lessons; the simulation in the page is about 17 % slower for
//! it); 3.89 / 1.43 MB (1.07 MB brotli) once the Japanese phrases landed, the same day.

pub mod app;
pub mod bindings;
pub mod clock;
pub mod file_text;
pub mod i18n;
pub mod i18n_phrases;
pub mod lessons;
pub mod loading;
pub mod markdown;
pub mod panic_banner;
pub mod papers;
pub mod playground;
pub mod reference;
pub mod routes;
pub mod schedules;
pub mod state;
pub mod ui_lang;
pub mod url;
pub mod window_events;

/// Installs the panic banner and mounts [`app::App`] on the page body.
pub fn start() {
    panic_banner::install();
    yew::Renderer::<app::App>::new().render();
}
