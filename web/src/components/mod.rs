//! One component per file; each renders core types handed to it as props.

pub mod cells_table;
pub mod chunked_work;
pub mod compare_panel;
pub mod controls;
pub mod editor;
pub mod event_log;
pub mod header;
pub mod icon;
pub mod lesson_list;
pub mod lesson_pane;
pub mod lock_view;
pub mod machine_list;
pub mod machine_view;
pub mod markdown_view;
pub mod paper_check;
pub mod paper_part;
pub mod paper_plot;
pub mod part_status;
pub mod queue_view;
pub mod rank_list;
pub mod reference;
pub mod run_bar;
pub mod share_bar;
pub mod time_axis;
pub mod timeline;
pub mod view_tabs;
