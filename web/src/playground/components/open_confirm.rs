//! The confirm step before an opening replaces work kept nowhere: said in the page (not a
//! browser dialog), with the choice to keep the work in "My programs" under a name, to open
//! anyway, or to cancel. Its first button takes the focus when it appears.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::playground::my_programs::ProgramAction;

/// Props: what is about to open, a free name for the work, and the one callback.
#[derive(Properties, PartialEq)]
pub struct OpenConfirmProps {
    /// What is about to open ("ring.c").
    pub title: AttrValue,
    /// A name not taken yet ("my program 2").
    pub suggested: AttrValue,
    /// Called with the answer.
    pub on_action: Callback<ProgramAction>,
}

/// The confirm step.
#[function_component(OpenConfirm)]
pub fn open_confirm(props: &OpenConfirmProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let name_ref = use_node_ref();
    let keep_ref = use_node_ref();
    {
        let keep_ref = keep_ref.clone();
        use_effect_with(props.title.clone(), move |_| {
            if let Some(b) = keep_ref.cast::<web_sys::HtmlElement>() {
                b.focus().ok();
            }
        });
    }
    let on_keep = {
        let (cb, name_ref) = (props.on_action.clone(), name_ref.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = name_ref
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            cb.emit(ProgramAction::Confirm { keep: Some(name) });
        })
    };
    let on_open = {
        let cb = props.on_action.clone();
        Callback::from(move |_| cb.emit(ProgramAction::Confirm { keep: None }))
    };
    let on_cancel = {
        let cb = props.on_action.clone();
        Callback::from(move |_| cb.emit(ProgramAction::Cancel))
    };
    html! {
        <form class="open-confirm" role="alertdialog" aria-labelledby="open-confirm-text"
            onsubmit={on_keep} data-testid="open-confirm">
            <p id="open-confirm-text">
                { lang.trf("Opening {0} replaces the program in the editor, which is not kept anywhere yet.", &[&props.title]) }
            </p>
            <div class="open-confirm-row">
                <input type="text" ref={name_ref} value={props.suggested.clone()}
                    aria-label={lang.tr("name to keep it under in My programs")} data-testid="keep-name" />
                <button type="submit" class="control primary" ref={keep_ref} data-testid="keep-and-open">
                    { lang.tr("Keep it in My programs, then open") }
                </button>
                <button type="button" class="control" onclick={on_open} data-testid="open-anyway">
                    { lang.tr("Open without keeping") }
                </button>
                <button type="button" class="control" onclick={on_cancel} data-testid="cancel-open">
                    { lang.tr("Cancel") }
                </button>
            </div>
        </form>
    }
}
