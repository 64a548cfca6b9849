//! The editor's file tabs: one per file of the program (its `.c` files, headers and data
//! files), then the files the last run wrote (read-only, with the ranks that wrote them); and
//! the actions on them — add a file, rename or delete the shown one, keep or download a written
//! one. The files are the reducer's ([`crate::playground::program_files`]); this bar renders them and sends
//! [`FileAction`]s.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::playground::program_files::{FileAction, Tab, WrittenTab};

/// Props: the files' names, the tab shown, the written files and the one callback.
#[derive(Properties, PartialEq)]
pub struct FileTabsProps {
    /// The program's files, the first one first.
    pub names: Vec<AttrValue>,
    /// The tab shown.
    pub open: Tab,
    /// The files the last run wrote.
    #[prop_or_default]
    pub written: Vec<WrittenTab>,
    /// Why the last add or rename was refused.
    #[prop_or_default]
    pub problem: Option<AttrValue>,
    /// Only the tabs, no actions (embeds, presentation mode, lessons).
    #[prop_or_default]
    pub compact: bool,
    /// Called with what the user did.
    pub on_action: Callback<FileAction>,
}

/// What the name field is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Naming {
    Add,
    Rename,
}

/// The tab bar (above the code).
#[function_component(FileTabs)]
pub fn file_tabs(props: &FileTabsProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let naming = use_state(|| None::<Naming>);
    let name_ref = use_node_ref();
    {
        // The field takes the focus when it opens, so typing the name is the next thing to do.
        let name_ref = name_ref.clone();
        use_effect_with(*naming, move |naming| {
            if naming.is_some() {
                if let Some(input) = name_ref.cast::<HtmlInputElement>() {
                    input.focus().ok();
                    input.select();
                }
            }
        });
    }
    let send = |a: FileAction| {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| cb.emit(a.clone()))
    };
    let open_name = match props.open {
        Tab::First => props.names.first().cloned(),
        Tab::Other(i) => props.names.get(i + 1).cloned(),
        Tab::Written(_) => None,
    };
    let submit = {
        let (naming, name_ref, cb) = (naming.clone(), name_ref.clone(), props.on_action.clone());
        move || {
            let Some(input) = name_ref.cast::<HtmlInputElement>() else {
                return;
            };
            match *naming {
                Some(Naming::Add) => cb.emit(FileAction::Add(input.value())),
                Some(Naming::Rename) => cb.emit(FileAction::Rename(input.value())),
                None => {}
            }
            naming.set(None);
        }
    };
    let tab = |label: Html, tab: Tab, class: &'static str, testid: &'static str, name: &str| {
        let selected = props.open == tab;
        let cb = props.on_action.clone();
        html! {
            <button type="button" role="tab" class={classes!("file-tab", class, selected.then_some("open"))}
                aria-selected={selected.to_string()} data-testid={testid} data-name={name.to_string()}
                onclick={Callback::from(move |_| cb.emit(FileAction::Open(tab)))}>{ label }</button>
        }
    };
    let tabs = props.names.iter().enumerate().map(|(i, name)| {
        let at = if i == 0 {
            Tab::First
        } else {
            Tab::Other(i - 1)
        };
        tab(html! { { name.clone() } }, at, "", "file-tab", name)
    });
    let written = props.written.iter().enumerate().map(|(i, w)| {
        let label = html! {
            <>{ w.name.clone() }<small>{ format!(" · {}", lang.tr_dyn(&w.writers)) }</small></>
        };
        tab(label, Tab::Written(i), "written", "written-tab", &w.name)
    });
    let field = naming.map(|what| {
        let onkeydown = {
            let (submit, naming) = (submit.clone(), naming.clone());
            Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
                "Enter" => {
                    e.prevent_default();
                    submit();
                }
                "Escape" => naming.set(None),
                _ => {}
            })
        };
        let value = match what {
            Naming::Add => String::new(),
            Naming::Rename => open_name.as_deref().unwrap_or_default().to_string(),
        };
        let (label, button) = match what {
            Naming::Add => (lang.tr("New file's name"), lang.tr("Add")),
            Naming::Rename => (lang.tr("New name"), lang.tr("Rename")),
        };
        let on_ok = {
            let submit = submit.clone();
            Callback::from(move |_: MouseEvent| submit())
        };
        let on_cancel = {
            let naming = naming.clone();
            Callback::from(move |_: MouseEvent| naming.set(None))
        };
        html! {
            <span class="file-naming">
                <label>
                    <span class="sr-only">{ label }</span>
                    <input type="text" ref={name_ref.clone()} {value} {onkeydown} data-testid="file-name-input"
                        placeholder={lang.tr("util.c, util.h or input.txt")} spellcheck="false"
                        autocapitalize="off" autocomplete="off" size="18" />
                </label>
                <button type="button" class="small" data-testid="file-name-ok" onclick={on_ok}>{ button }</button>
                <button type="button" class="small" data-testid="file-name-cancel" onclick={on_cancel}>{ lang.tr("Cancel") }</button>
            </span>
        }
    });
    let start = |what: Naming| {
        let naming = naming.clone();
        Callback::from(move |_: MouseEvent| naming.set(Some(what)))
    };
    let actions = if props.compact {
        Html::default()
    } else if let Some(html) = field {
        html
    } else {
        match props.open {
            Tab::Written(i) => {
                let Some(w) = props.written.get(i) else {
                    return Html::default();
                };
                let (name, text) = (w.name.clone(), w.text.clone());
                let on_download = Callback::from(move |_: MouseEvent| {
                    crate::playground::components::my_programs::download(&name, &text)
                });
                html! {
                    <span class="file-actions">
                        <button type="button" class="small" data-testid="file-keep" onclick={send(FileAction::Keep)}
                            title={lang.tr("Add this file to the program, as the next run's starting file")}>{ lang.tr("Keep as a file") }</button>
                        <button type="button" class="small" data-testid="file-download" onclick={on_download}>{ lang.tr("Download") }</button>
                    </span>
                }
            }
            open => html! {
                <span class="file-actions">
                    <button type="button" class="small" data-testid="file-add" onclick={start(Naming::Add)}
                        title={lang.tr("Add a .c file, a header or a data file the program opens")}>{ lang.tr("+ File") }</button>
                    <button type="button" class="small" data-testid="file-rename" onclick={start(Naming::Rename)}>{ lang.tr("Rename") }</button>
                    if open != Tab::First {
                        <button type="button" class="small" data-testid="file-delete" onclick={send(FileAction::Delete)}>{ lang.tr("Delete") }</button>
                    }
                </span>
            },
        }
    };
    let note = match props.open {
        Tab::Written(i) => props.written.get(i).map(|w| {
            html! {
                <p class="file-note muted" data-testid="written-note">
                    { lang.trf("Written by {0} in the last run ({1} bytes); read-only.", &[&lang.tr_dyn(&w.writers), &w.bytes]) }
                </p>
            }
        }),
        _ => None,
    };
    html! {
        <div class="file-tabs" data-testid="file-tabs">
            <div class="file-tab-row">
                <div role="tablist" aria-label={lang.tr("Files")} class="file-tab-list">
                    { for tabs }{ for written }
                </div>
                { actions }
            </div>
            if let Some(problem) = &props.problem {
                <p class="file-problem" role="alert" data-testid="file-problem">{ problem.clone() }</p>
            }
            { note.unwrap_or_default() }
        </div>
    }
}
