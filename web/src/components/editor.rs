//! The program editor region.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Props: the text and where edits go.
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// Current program text.
    pub source: AttrValue,
    /// Called with the new text on every edit.
    pub on_edit: Callback<String>,
}

/// A plain editor with a line count; highlighting and diagnostics come with the language.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let on_input = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            on_edit.emit(area.value());
        })
    };
    let lines = props.source.lines().count().max(1);
    let gutter: String = (1..=lines).map(|n| format!("{n}\n")).collect();
    html! {
        <section class="panel editor" aria-labelledby="editor-title">
            <div class="panel-head">
                <h2 id="editor-title">{ "Program" }</h2>
                <span class="muted">{ format!("{lines} lines · MPI C") }</span>
            </div>
            <div class="code">
                <pre class="gutter" aria-hidden="true">{ gutter }</pre>
                <textarea
                    aria-label="MPI program source"
                    rows={lines.to_string()}
                    spellcheck="false"
                    value={props.source.clone()}
                    oninput={on_input}
                />
            </div>
        </section>
    }
}
