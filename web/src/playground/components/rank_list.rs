//! Each rank's status (a button that puts the rank in focus, so the editor marks its line
//! strongly) and the console of every rank or of one, as core describes them
//! (`Sim::describe_rank`, the console lines).

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use rankscope_core::engine::Stream;

use crate::i18n::Text;
use crate::playground::rank_colour::rank_style;
use crate::playground::session::SessionCell;

/// Console lines shown (the newest).
const CONSOLE_TAIL: usize = 300;
/// Ranks listed at once; the rest are behind a "N more ranks" disclosure.
const SHOWN_RANKS: u32 = 16;
/// Ranks listed at most (behind the disclosure too).
const LISTED_RANKS: u32 = 256;

/// Props: the run and the rank in focus.
#[derive(Properties, PartialEq)]
pub struct RankListProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The rank in focus (its line is marked strongly in the editor).
    #[prop_or_default]
    pub focus_rank: u32,
    /// Called when a rank in the list is clicked: put it in focus.
    #[prop_or_default]
    pub on_focus: Callback<u32>,
}

/// The ranks and their console.
#[function_component(RankList)]
pub fn rank_list(props: &RankListProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let console_rank = use_state(|| None::<u32>);
    let s = props.session.0.borrow();
    let sim = s.history.sim();
    // One rank in the list: a button that focuses it, and what it is doing.
    let rank_item = |r: u32| {
        let focused = r == props.focus_rank;
        let on_focus = props.on_focus.clone();
        let style = rank_style(r);
        html! {
            <li class={classes!("rank-coloured", focused.then_some("focused"))} {style}>
                <button class="rank-id" type="button"
                    title={lang.f(Text::MarkRank, &[&r])}
                    aria-pressed={focused.to_string()}
                    data-testid={format!("focus-rank-{r}")}
                    onclick={Callback::from(move |_| on_focus.emit(r))}>
                    { lang.f(Text::RankN, &[&r]) }
                </button>
                { sim.describe_rank_in(r, lang.core()) }
            </li>
        }
    };
    // The console of every rank, or of the one chosen in the filter.
    let console: Vec<_> = sim
        .console()
        .iter()
        .filter(|l| console_rank.is_none_or(|r| l.rank == r))
        .collect();
    let console_from = console.len().saturating_sub(CONSOLE_TAIL);
    let on_console_rank = {
        let console_rank = console_rank.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            console_rank.set(select.value().parse::<u32>().ok());
        })
    };
    html! {
        <div class="rank-list">
            <div>
                <h3>{ lang.t(Text::Ranks) }</h3>
                <ul class="ranks" data-testid="ranks">
                    { for (0..sim.size().min(SHOWN_RANKS)).map(&rank_item) }
                </ul>
                if sim.size() > SHOWN_RANKS {
                    // Long lists stay a click away instead of thousands of pixels long.
                    <details class="more-ranks" data-testid="more-ranks">
                        <summary>{ lang.f(Text::MoreRanks, &[&(sim.size() - SHOWN_RANKS)]) }</summary>
                        <ul class="ranks">
                            { for (SHOWN_RANKS..sim.size().min(LISTED_RANKS)).map(&rank_item) }
                            if sim.size() > LISTED_RANKS {
                                <li class="muted">{ lang.f(Text::AndMoreRanks, &[&(sim.size() - LISTED_RANKS)]) }</li>
                            }
                        </ul>
                    </details>
                }
            </div>
            <div>
                <div class="console-head">
                    <h3>{ lang.t(Text::Console) }</h3>
                    <label class="speed">
                        <span class="sr-only">{ lang.t(Text::ConsoleOf) }</span>
                        <select onchange={on_console_rank} data-testid="console-rank">
                            <option value="" selected={console_rank.is_none()}>{ lang.t(Text::AllRanks) }</option>
                            { for (0..sim.size().min(LISTED_RANKS)).map(|r| html! {
                                <option value={r.to_string()} selected={*console_rank == Some(r)}>{ lang.f(Text::RankN, &[&r]) }</option>
                            }) }
                        </select>
                    </label>
                </div>
                // Scrollers with `column-reverse` stay at their end as lines arrive, with no
                // script reading the layout on every chunk.
                <div class="console stick-to-end">
                    <pre data-testid="console">
                        if console_from > 0 {
                            <span class="muted">{ lang.f(Text::EarlierLines, &[&console_from]) + "\n" }</span>
                        }
                        { for console[console_from..].iter().map(|l| match l.stream {
                            // The error stream: marked, so it reads apart from standard output.
                            Stream::Stderr => html! { <span class="stderr" title={lang.t(Text::ErrorStream)} data-testid="console-stderr">
                                { lang.f(Text::ConsoleErrLine, &[&l.rank, &l.time, &l.text]) + "\n" }
                            </span> },
                            // Rankscope's own warning about the run: not the program's output.
                            Stream::Diagnostic => html! { <span class="console-diagnostic" title={lang.t(Text::DiagnosticStream)} data-testid="console-diagnostic">
                                { lang.f(Text::ConsoleDiagnosticLine, &[&l.rank, &l.time, &l.text]) + "\n" }
                            </span> },
                            Stream::Stdout => html! { <>{ lang.f(Text::ConsoleLine, &[&l.rank, &l.time, &l.text]) + "\n" }</> },
                        }) }
                    </pre>
                </div>
            </div>
        </div>
    }
}
