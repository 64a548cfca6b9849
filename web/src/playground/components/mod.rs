//! One component per file; each renders core types handed to it as props.
//!
//! | area | components |
//! |---|---|
//! | the page's frame | [`header`], [`share_bar`], [`start_here`], [`icon`] |
//! | setup and code | [`controls`], [`editor`], [`my_programs`], [`open_confirm`], [`machine_view`], [`machine_list`] |
//! | the run | [`run_bar`], [`jump_bar`], [`network_bar`], [`explore_panel`], [`progress_line`], [`timeline`], [`time_axis`], [`compare_panel`] |
//! | the views beside the timeline | [`view_tabs`], [`queue_view`], [`lock_view`], [`acp_view`], [`bus_view`], [`rank_list`], [`event_log`] |
//! | lessons (the rest in [`crate::lessons`]) | [`markdown_view`] |
//! | paper checks (the rest in [`crate::papers`]) | [`chunked_work`] |
//! | other pages ([`crate::schedules`], [`crate::reference`]) | [`switch_run`] |

pub mod acp_view;
pub mod bus_view;
pub mod chunked_work;
pub mod compare_panel;
pub mod controls;
pub mod editor;
pub mod event_log;
pub mod explore_panel;
pub mod file_tabs;
pub mod header;
pub mod icon;
pub mod jump_bar;
pub mod lock_view;
pub mod machine_list;
pub mod machine_view;
pub mod markdown_view;
pub mod my_programs;
pub mod network_bar;
pub mod open_confirm;
pub mod order_view;
pub mod progress_line;
pub mod queue_view;
pub mod rank_list;
pub mod run_bar;
pub mod share_bar;
pub mod start_here;
pub mod switch_run;
pub mod time_axis;
pub mod timeline;
pub mod view_tabs;
