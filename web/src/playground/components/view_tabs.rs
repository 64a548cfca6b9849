//! The views beside the timeline behind a row of tabs ([`crate::playground::views`] says which a run has and
//! which is shown). Every view stays rendered and the hidden ones are `hidden`, so switching is
//! instant and a view keeps its scroll position.

use yew::prelude::*;

use crate::playground::components::acp_view::AcpPanel;
use crate::playground::components::bus_view::BusPanel;
use crate::playground::components::event_log::EventLog;
use crate::playground::components::lock_view::LockPanel;
use crate::playground::components::order_view::OrderView;
use crate::playground::components::queue_view::QueueView;
use crate::playground::components::rank_list::RankList;
use crate::playground::session::SessionCell;
use crate::playground::views::View;

/// Props: the run, which view is shown, and what the views need.
#[derive(Properties, PartialEq)]
pub struct ViewTabsProps {
    /// The run, if any.
    pub session: Option<SessionCell>,
    /// Changes whenever the run moves.
    pub generation: u64,
    /// The view shown.
    pub current: View,
    /// Called with the tab the user picked.
    pub on_view: Callback<View>,
    /// Only the current view, no tabs (presentation mode).
    #[prop_or_default]
    pub bare: bool,
    /// The rank in focus.
    pub focus_rank: u32,
    /// Put a rank in focus.
    pub on_focus: Callback<u32>,
    /// Go to the state after this many events.
    pub on_seek: Callback<u64>,
    /// The machine view (rendered by the page, which has the profiles).
    pub machine: Html,
}

/// The tabs and the views.
#[function_component(ViewTabs)]
pub fn view_tabs(props: &ViewTabsProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let tabs = {
        let run = props.session.as_ref().map(|s| s.0.borrow());
        View::tabs(run.as_deref())
    };
    let view = |v: View| -> Html {
        let Some(session) = props.session.clone() else {
            return if v == View::MACHINE {
                props.machine.clone()
            } else {
                Html::default()
            };
        };
        let generation = props.generation;
        // Each view of core's list by its id; the machine view is the page's.
        match v.id() {
            "queues" => html! { <QueueView {session} {generation} /> },
            "lock" => html! { <LockPanel {session} {generation} /> },
            "acp" => {
                html! { <AcpPanel {session} {generation} focus_rank={props.focus_rank} /> }
            }
            "bus" => html! { <BusPanel {session} {generation} /> },
            "ranks" => html! {
                <section class="panel view-panel">
                    <RankList {session} {generation} focus_rank={props.focus_rank}
                        on_focus={props.on_focus.clone()} />
                </section>
            },
            "order" => html! {
                <OrderView {session} {generation} on_seek={props.on_seek.clone()}
                    active={props.current == v} />
            },
            "log" => html! {
                <section class="panel view-panel">
                    <EventLog {session} {generation} on_seek={props.on_seek.clone()} />
                </section>
            },
            _ => props.machine.clone(),
        }
    };
    html! {
        <div class="view-tabs" data-testid="views" data-current={props.current.id()}>
            if !props.bare {
                <div class="tab-row" role="tablist" aria-label={lang.t(crate::i18n::Text::Views)}>
                    { for tabs.iter().map(|&v| {
                        let selected = v == props.current;
                        let cb = props.on_view.clone();
                        html! {
                            <button role="tab" type="button" class={classes!("tab", selected.then_some("selected"))}
                                id={format!("tab-{}", v.id())} aria-selected={selected.to_string()}
                                aria-controls={format!("view-{}", v.id())}
                                data-testid={format!("tab-{}", v.id())}
                                onclick={Callback::from(move |_| cb.emit(v))}>{ lang.tr(v.label()) }</button>
                        }
                    }) }
                </div>
            }
            { for tabs.iter().map(|&v| html! {
                <div class="view-body" role="tabpanel" id={format!("view-{}", v.id())}
                    aria-labelledby={format!("tab-{}", v.id())} hidden={v != props.current}>
                    { view(v) }
                </div>
            }) }
        </div>
    }
}
