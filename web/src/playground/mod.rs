//! The playground: the program and its files in the editor, the examples and "My programs", the
//! run (a session of core's simulator, its stepping, playback and keys), the timeline's rows and
//! the views beside it, and the components that show them (which the lessons' pages reuse).

pub mod args;
pub mod autosave;
pub mod code_window;
pub mod code_wrap;
pub mod components;
pub mod edit_history;
pub mod examples;
pub mod font_scale;
pub mod keys;
pub mod my_programs;
pub mod my_programs_effect;
pub mod playback;
pub mod program_files;
pub mod programs;
pub mod rank_colour;
pub mod rank_filter;
pub mod rank_room;
pub mod recolour;
pub mod rows_link;
pub mod run_options;
pub mod run_progress;
pub mod session;
pub mod span_names;
pub mod stride;
pub mod timeline_fill;
pub mod timeline_rows;
pub mod views;
pub mod wrap_pref;
