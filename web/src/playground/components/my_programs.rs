//! "My programs": save the editor's text under a name, and the list of saved programs (open,
//! rename, delete), with `.c` download and upload. The list is the reducer's
//! ([`crate::playground::my_programs`]); this panel only renders it and sends [`ProgramAction`]s; the
//! download is an effect here (a file made from the text on click).

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::playground::my_programs::ProgramAction;
use crate::playground::programs::Programs;

/// Props: the list, the open program's name, the editor's text and the one callback.
#[derive(Properties, PartialEq)]
pub struct MyProgramsProps {
    /// The saved programs.
    pub programs: Programs,
    /// The saved program the editor's text came from.
    pub open: Option<AttrValue>,
    /// What to call the text when it is saved or downloaded (the open program's or example's
    /// name, else a free "my program N").
    pub suggested: AttrValue,
    /// The editor's text (downloaded as a `.c` file).
    pub source: AttrValue,
    /// Why the last action failed.
    pub error: Option<AttrValue>,
    /// Called with what the user did.
    pub on_action: Callback<ProgramAction>,
}

/// Downloads `text` as the file `name` (a `data:` link clicked once; nothing leaves the page).
pub fn download(name: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = document.create_element("a") else {
        return;
    };
    let href = format!(
        "data:text/plain;charset=utf-8,{}",
        crate::url::percent_encode(text)
    );
    a.set_attribute("href", &href).ok();
    a.set_attribute("download", name).ok();
    if let Ok(a) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(a) {
        a.click();
    }
}

/// The panel (a disclosure in the setup column).
#[function_component(MyPrograms)]
pub fn my_programs(props: &MyProgramsProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let name_ref = use_node_ref();
    // The program being renamed, if any.
    let renaming = use_state(|| None::<String>);
    let rename_ref = use_node_ref();
    let send = |a: ProgramAction| {
        let cb = props.on_action.clone();
        Callback::from(move |_| cb.emit(a.clone()))
    };
    let on_save = {
        let (cb, name_ref) = (props.on_action.clone(), name_ref.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(input) = name_ref.cast::<HtmlInputElement>() {
                cb.emit(ProgramAction::Save(input.value()));
            }
        })
    };
    let on_download = {
        let (source, name_ref, suggested) = (
            props.source.clone(),
            name_ref.clone(),
            props.suggested.clone(),
        );
        Callback::from(move |_| {
            let name = name_ref
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .filter(|v| !v.trim().is_empty())
                .unwrap_or_else(|| suggested.to_string());
            download(&crate::playground::programs::file_name(&name), &source);
        })
    };
    let on_upload = {
        let cb = props.on_action.clone();
        crate::file_text::on_file_text(Callback::from(move |(name, text)| {
            cb.emit(ProgramAction::Upload { name, text })
        }))
    };
    let count = props.programs.list.len();
    html! {
        <details class="my-programs" data-testid="my-programs">
            <summary>{ lang.trf("My programs ({0})", &[&count]) }</summary>
            <form class="program-save" onsubmit={on_save}>
                <input type="text" ref={name_ref} value={props.suggested.clone()}
                    aria-label={lang.tr("name to keep the program in the editor under")}
                    maxlength={crate::playground::programs::NAME_MAX.to_string()}
                    spellcheck="false" autocomplete="off" data-testid="program-name" />
                <button type="submit" class="control" data-testid="save-program"
                    title={lang.tr("keep the program in the editor in this browser under this name")}>{ lang.tr("Save") }</button>
                <button type="button" class="control" onclick={on_download} data-testid="download-program"
                    title={lang.tr("download the program in the editor as a .c file")}>{ lang.tr("Download .c") }</button>
                <label class="control upload" title={lang.tr("open a .c file from your computer in the editor")}>
                    { lang.tr("Upload .c…") }
                    <input type="file" accept=".c,.h,text/x-csrc,text/plain" onchange={on_upload}
                        data-testid="upload-program" />
                </label>
            </form>
            if let Some(e) = &props.error {
                <p class="load-error" role="alert" data-testid="programs-error">{ e.clone() }</p>
            }
            if count == 0 {
                <p class="muted programs-empty">{ lang.tr("Nothing saved yet: Save keeps the program in the editor in this browser.") }</p>
            }
            <ul class="program-list" data-testid="program-list">
                { for props.programs.list.iter().map(|p| {
                    let name = p.name.clone();
                    let open = props.open.as_deref() == Some(name.as_str());
                    let lines = p.source.lines().count();
                    if renaming.as_deref() == Some(name.as_str()) {
                        let on_rename = {
                            let (cb, from, r, renaming) = (props.on_action.clone(), name.clone(), rename_ref.clone(), renaming.clone());
                            Callback::from(move |e: SubmitEvent| {
                                e.prevent_default();
                                if let Some(input) = r.cast::<HtmlInputElement>() {
                                    cb.emit(ProgramAction::Rename { from: from.clone(), to: input.value() });
                                }
                                renaming.set(None);
                            })
                        };
                        let cancel = { let renaming = renaming.clone(); Callback::from(move |_| renaming.set(None)) };
                        html! {
                            <li class="program-item" data-testid="program-item" data-name={name.clone()}>
                                <form class="program-rename" onsubmit={on_rename}>
                                    <input type="text" ref={rename_ref.clone()} value={name.clone()}
                                        aria-label={lang.trf("new name for {0}", &[&name])} data-testid="rename-input" />
                                    <button type="submit" class="control" data-testid="rename-ok">{ lang.tr("Rename") }</button>
                                    <button type="button" class="control" onclick={cancel}>{ lang.tr("Cancel") }</button>
                                </form>
                            </li>
                        }
                    } else {
                        let start_rename = { let (renaming, n) = (renaming.clone(), name.clone()); Callback::from(move |_| renaming.set(Some(n.clone()))) };
                        html! {
                            <li class={classes!("program-item", open.then_some("open"))} data-testid="program-item" data-name={name.clone()}>
                                <span class="program-title">{ &p.name }</span>
                                <span class="muted program-lines">{ if lines == 1 { lang.tr("1 line").to_string() } else { lang.trf("{0} lines", &[&lines]) } }</span>
                                <button type="button" class="control" onclick={send(ProgramAction::Open(name.clone()))}
                                    aria-label={lang.trf("open {0}", &[&name])} data-testid="open-program">{ lang.tr("Open") }</button>
                                <button type="button" class="control" onclick={start_rename}
                                    aria-label={lang.trf("rename {0}", &[&name])} data-testid="rename-program">{ lang.tr("Rename") }</button>
                                <button type="button" class="control" onclick={send(ProgramAction::Delete(name.clone()))}
                                    aria-label={lang.trf("delete {0}", &[&name])} data-testid="delete-program">{ lang.tr("Delete") }</button>
                            </li>
                        }
                    }
                }) }
            </ul>
        </details>
    }
}
