//! Inline SVG icons (drawn here, no icon font or CDN): each is a 16×16 path in `currentColor`.

use yew::prelude::*;

/// The icons the controls use.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Run / resume.
    Play,
    /// Pause.
    Pause,
    /// One event forward.
    StepForward,
    /// One event back.
    StepBack,
    /// Back to the start.
    Reset,
    /// Share link.
    Share,
}

impl Icon {
    fn path(self) -> &'static str {
        match self {
            Icon::Play => "M4 2.5v11l9-5.5z",
            Icon::Pause => "M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z",
            Icon::StepForward => "M3 2.5v11l7-5.5zM11 2.5h2v11h-2z",
            Icon::StepBack => "M13 2.5v11l-7-5.5zM3 2.5h2v11H3z",
            Icon::Reset => "M8 2.5a5.5 5.5 0 1 1-5.2 3.7l1.6.6A3.8 3.8 0 1 0 8 4.2V6.5L4.5 3.4 8 .3z",
            Icon::Share => "M12 1.5a2.5 2.5 0 1 1-2.4 3.2L6.3 6.5a2.5 2.5 0 0 1 0 3l3.3 1.8a2.5 2.5 0 1 1-.7 1.5L5.5 11A2.5 2.5 0 1 1 5.5 5l3.4-1.8A2.5 2.5 0 0 1 12 1.5z",
        }
    }

    /// The icon as an inline `<svg>`, hidden from screen readers (the button has the label).
    pub fn html(self) -> Html {
        html! {
            <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d={self.path()} fill="currentColor" />
            </svg>
        }
    }
}
