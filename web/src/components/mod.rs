//! One component per file; each renders core types handed to it as props.
//!
//! | area | components |
//! |---|---|
//! | the page's frame | [`header`], [`share_bar`], [`start_here`], [`icon`] |
//! | setup and code | [`controls`], [`editor`], [`my_programs`], [`open_confirm`], [`machine_view`], [`machine_list`] |
//! | the run | [`run_bar`], [`jump_bar`], [`network_bar`], [`progress_line`], [`timeline`], [`time_axis`], [`compare_panel`] |
//! | the views beside the timeline | [`view_tabs`], [`queue_view`], [`lock_view`], [`acp_view`], [`bus_view`], [`rank_list`], [`event_log`] |
//! | lessons | [`lesson_pane`], [`lesson_list`], [`markdown_view`] |
//! | paper checks | [`paper_check`], [`paper_part`], [`paper_plot`], [`cells_table`], [`part_status`], [`chunked_work`] |
//! | other pages | [`reference`](mod@reference), [`schedule_view`], [`switch_run`] |

pub mod acp_view;
pub mod bus_view;
pub mod cells_table;
pub mod chunked_work;
pub mod compare_panel;
pub mod controls;
pub mod editor;
pub mod event_log;
pub mod file_tabs;
pub mod header;
pub mod icon;
pub mod jump_bar;
pub mod lesson_list;
pub mod lesson_pane;
pub mod lock_view;
pub mod machine_list;
pub mod machine_view;
pub mod markdown_view;
pub mod my_programs;
pub mod network_bar;
pub mod open_confirm;
pub mod paper_check;
pub mod paper_part;
pub mod paper_plot;
pub mod part_status;
pub mod progress_line;
pub mod queue_view;
pub mod rank_list;
pub mod reference;
pub mod run_bar;
pub mod schedule_view;
pub mod share_bar;
pub mod start_here;
pub mod switch_run;
pub mod time_axis;
pub mod timeline;
pub mod view_tabs;
