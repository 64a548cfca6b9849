//! `rankscope-web` — the Rankscope playground, a thin Yew shell over `rankscope-core`.
//!
//! The app state lives in one pure reducer ([`state`]); components ([`components`]) render core
//! types; effects (DOM, timers, storage) stay at the edge. No protocol logic is re-derived here.

pub mod app;
pub mod args;
pub mod autosave;
pub mod bindings;
pub mod chart_svg;
pub mod clock;
pub mod code_window;
pub mod code_wrap;
pub mod components;
pub mod edit_history;
pub mod examples;
pub mod file_text;
pub mod font_scale;
pub mod i18n;
pub mod i18n_phrases;
pub mod keys;
pub mod lesson_highlight;
pub mod lesson_links;
pub mod lesson_progress;
pub mod lesson_state;
pub mod lesson_window;
pub mod lessons;
pub mod loading;
pub mod markdown;
pub mod my_programs;
pub mod my_programs_effect;
pub mod panic_banner;
pub mod paper_check;
pub mod paper_route;
pub mod playback;
pub mod programs;
pub mod rank_colour;
pub mod rank_filter;
pub mod rank_room;
pub mod recolour;
pub mod rows_link;
pub mod run_options;
pub mod run_progress;
pub mod schedule_query;
pub mod session;
pub mod span_names;
pub mod state;
pub mod stride;
pub mod timeline_fill;
pub mod timeline_rows;
pub mod ui_lang;
pub mod url;
pub mod views;
pub mod window_events;
pub mod wrap_pref;

/// Installs the panic banner and mounts [`app::App`] on the page body.
pub fn start() {
    panic_banner::install();
    yew::Renderer::<app::App>::new().render();
}
