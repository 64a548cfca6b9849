//! Under the run bar: the narrator's line (the current event's sentences from core's
//! `Record::explain`, announced to screen readers), the jumps to the previous or next MPI call,
//! message or event of the rank in focus, and whether Step and Back pass over bookkeeping.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::Text;
use crate::playground::session::SessionCell;
use crate::playground::stride::{Jump, JUMPS};

/// Props: the run, the rank in focus, the setting, and the callbacks.
#[derive(Properties, PartialEq)]
pub struct JumpBarProps {
    /// The current run.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The rank in focus (the rank jump's rank).
    pub focus_rank: u32,
    /// Step and Back move by every event.
    pub every_event: bool,
    /// A jump, forward (`true`) or back.
    pub on_jump: Callback<(Jump, bool)>,
    /// Every event on or off.
    pub on_every: Callback<bool>,
}

/// The bar.
#[function_component(JumpBar)]
pub fn jump_bar(props: &JumpBarProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let caption = props.session.as_ref().map(|cell| {
        let run = cell.0.borrow();
        crate::playground::stride::caption(run.history.sim().trace(), run.history.position(), lang)
    });
    let has_run = props.session.is_some();
    let jumps = JUMPS.iter().map(|&(jump, label, key, title)| {
        let (label, title) = (lang.tr(label), lang.tr(title));
        let label = match jump {
            Jump::FocusedRank => format!("{label} {}", props.focus_rank),
            _ => label.to_string(),
        };
        let go = |forward: bool| {
            let cb = props.on_jump.clone();
            Callback::from(move |_: MouseEvent| cb.emit((jump, forward)))
        };
        let id = key.to_ascii_lowercase();
        html! {
            <span class="jump" role="group" aria-label={format!("{label}: {title}")}>
                <button class="control slim" data-testid={format!("jump-back-{id}")} disabled={!has_run}
                    title={lang.f(Text::JumpBackTitle, &[&label, &key])} onclick={go(false)}
                    aria-label={lang.f(Text::JumpPrevious, &[&label])}>{ "◀" }</button>
                <button class="control" data-testid={format!("jump-{id}")} title={lang.f(Text::JumpKeyTitle, &[&title, &key])}
                    onclick={go(true)}>{ format!("{label} ▶") }</button>
            </span>
        }
    });
    let on_every = {
        let cb = props.on_every.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cb.emit(input.checked());
        })
    };
    html! {
        <div class="jump-bar">
            <p class="caption" data-testid="caption" aria-live="polite" aria-atomic="true"
                hidden={caption.is_none()}>{ caption.unwrap_or_default() }</p>
            <div class="jumps controls-row" role="toolbar" aria-label={lang.t(Text::JumpTo)}>
                <span class="muted jump-label">{ lang.t(Text::JumpNext) }</span>
                { for jumps }
                <label class="every-event" title={lang.t(Text::EveryEventTitle)}>
                    <input type="checkbox" checked={props.every_event} onchange={on_every}
                        data-testid="every-event" />
                    { lang.t(Text::EveryEvent) }
                </label>
            </div>
        </div>
    }
}
