//! The program editor: a `<textarea>` whose text is transparent, under a `<pre>` that shows the
//! same text highlighted by core's [`highlight`] (same font, padding and tab size, so the caret
//! and the coloured glyphs line up), a line gutter with error markers, and the diagnostics of the
//! last run underlined in place with their message at the end of the line.
//!
//! Layout: the `.code` box scrolls; inside it the gutter (sticky on the left) and a body as large
//! as the whole text (height from the line count, width from the longest line), holding the
//! textarea stretched over it and the overlay. The textarea never scrolls by itself, so text and
//! overlay move together by construction. Only the lines in view are drawn (gutter numbers and
//! overlay, placed at their line: see [`code_window`]; long lines soft-wrap, each line's rows
//! known from its columns: see [`code_wrap`]), and a long text's colours follow the
//! edits until typing pauses (see [`recolour`]), so a keystroke costs the same in 10,000 lines
//! as in 50. Inline messages wrap within the box's visible width.
//!
//! Keys: Ctrl/Cmd+Enter runs; Tab inserts four spaces or indents the selected lines, Shift+Tab
//! outdents; Escape then Tab leaves the editor (keyboard users are never trapped); Enter keeps the
//! line's indentation (and leaves no trailing spaces behind); `}` on an indented blank line
//! dedents it one level; Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z or Ctrl+Y redoes, with the
//! [`EditHistory`] held here (text replaced from outside, e.g. an opened example, is one step).
//!
//! The DOM work is at the edges and never panics; the text operations, the offset conversions,
//! the mapping of stale diagnostics and the line layout are pure functions tested natively.
//!
//! Rank marks: while a run is paused, each rank's current line
//! ([`crate::state::State::rank_lines`]) gets a bar behind it (absolutely positioned from
//! `--code-pad-top` and `--code-line`, under the transparent textarea) in the rank's colour
//! ([`crate::playground::rank_colour`]), and its gutter number is coloured — striped red when the run ended in
//! a deadlock; the rank in focus is marked strongly and only the code box scrolls to keep its line
//! in view (`follow_line`). Texts over 48 KiB are highlighted again once typing pauses for 150 ms;
//! shorter ones on every keystroke.

use std::cell::RefCell;
use std::rc::Rc;

use rankscope_core::lang::diagnostic::Severity;
use rankscope_core::lang::syntax::ast::Span;
use rankscope_core::lang::syntax::highlight::{highlight, Highlight, HighlightClass};
use rankscope_core::lang::Diagnostic;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlTextAreaElement, InputEvent, KeyboardEvent};
use yew::prelude::*;

use crate::i18n::Text;
use crate::playground::code_window::{self, View};
use crate::playground::code_wrap;
use crate::playground::edit_history::{EditHistory, EditKind, EditState, Selection};
use crate::playground::rank_colour::rank_style;
use crate::playground::recolour;
use gloo_timers::callback::Timeout;

mod draw;
mod events;
mod marks;
mod text_ops;

use events::*;
pub use marks::*;
pub use text_ops::*;

/// Spaces inserted by Tab and removed by Shift+Tab.
pub const INDENT: &str = "    ";

/// How long typing must pause before the whole text is highlighted again (until then, the
/// colours move along with the edits).
const RECOLOUR_PAUSE_MS: u32 = 150;

/// Texts up to this size (about 2,000 lines; a millisecond or two) are highlighted on every
/// keystroke; longer ones as [`RECOLOUR_PAUSE_MS`] says.
const HIGHLIGHT_AT_ONCE_BYTES: usize = 48 * 1024;

/// How many ranks' lines the editor marks (the first ones; a run of thousands would cover
/// every line).
pub const MARKED_RANKS: u32 = 64;

/// Where a rank is in the program while the run is paused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankLine {
    /// The rank.
    pub rank: u32,
    /// Its 1-based source line.
    pub line: u32,
    /// The rank in focus (marked strongly, followed when it leaves the screen).
    pub focused: bool,
    /// The run ended in a deadlock with this rank blocked here.
    pub stuck: bool,
}

#[cfg(test)]
mod rank_tests {
    use super::*;

    #[test]
    fn ranks_are_grouped_by_line_focused_first() {
        let at = |rank, line, focused| RankLine {
            rank,
            line,
            focused,
            stuck: false,
        };
        let lines = [
            at(0, 3, false),
            at(2, 3, true),
            at(1, 1, false),
            at(5, 99, false),
        ];
        let by = ranks_by_line(&lines, 4);
        assert_eq!(by[0].iter().map(|r| r.rank).collect::<Vec<_>>(), [1]);
        assert_eq!(by[2].iter().map(|r| r.rank).collect::<Vec<_>>(), [2, 0]);
        assert!(
            by[1].is_empty() && by[3].is_empty(),
            "line 99 is past the end: dropped"
        );
    }
}

/// The ranks at each line (0-based index), focused rank first.
fn ranks_by_line(rank_lines: &[RankLine], line_count: usize) -> Vec<Vec<&RankLine>> {
    let mut by_line: Vec<Vec<&RankLine>> = vec![Vec::new(); line_count];
    for r in rank_lines {
        if let Some(slot) = (r.line as usize)
            .checked_sub(1)
            .and_then(|l| by_line.get_mut(l))
        {
            slot.push(r);
        }
    }
    for slot in &mut by_line {
        slot.sort_by_key(|r| (!r.focused, r.rank));
    }
    by_line
}

/// Props: the text, where edits go, and what to show about it.
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// Current program text.
    pub source: AttrValue,
    /// Called with the new text on every edit (typing, undo, indent…).
    pub on_edit: Callback<String>,
    /// Called on Ctrl/Cmd+Enter.
    #[prop_or_default]
    pub on_run: Callback<()>,
    /// Compile errors and the runtime error, with byte spans into the `source` they were made
    /// for (stale ones are moved along with later edits or hidden; out-of-range spans clamped).
    #[prop_or_default]
    pub diagnostics: Vec<Diagnostic>,
    /// Show the highlighted program without editing (embeds, phones).
    #[prop_or_default]
    pub read_only: bool,
    /// Where the ranks are while the run is paused (marked on their lines).
    #[prop_or_default]
    pub rank_lines: Vec<RankLine>,
    /// The open file's name (an example's path, "edited" once changed), shown in the header.
    #[prop_or_default]
    pub file_name: Option<AttrValue>,
    /// Always soft-wrap long lines to the box's width (presentation mode; see
    /// [`crate::playground::code_wrap`]). Otherwise they wrap unless the reader unticks "Wrap"
    /// ([`crate::playground::wrap_pref`]).
    #[prop_or_default]
    pub wrap: bool,
    /// The text is a data file's, not C: no C colours, and the header says only its lines.
    #[prop_or_default]
    pub plain: bool,
    /// The file tabs, shown between the header and the code ([`crate::playground::components::file_tabs`]).
    #[prop_or_default]
    pub tabs: Html,
}

/// What the editor keeps between renders and shares with its event handlers.
struct Core {
    history: EditHistory,
    /// The selection just before the edit being made (from `beforeinput`).
    pending_before: Option<Selection>,
    /// Escape was pressed: the next Tab leaves the editor.
    escaped: bool,
    /// The `source` prop at the last render (a change not made here is an outside replacement).
    seen_source: String,
    /// The diagnostics prop and the source they were made for.
    diagnostics: Vec<Diagnostic>,
    diagnostics_source: String,
    /// Bring the caret into view after the next render.
    reveal: bool,
    /// The text was replaced from outside: caret and scroll back to the start after the render.
    fresh_text: bool,
    /// The textarea the text was last put into (its value is set here, only when the text came
    /// from outside or the element is new: not on every render, which would copy the whole text
    /// out of it to compare).
    filled: Option<HtmlTextAreaElement>,
    /// The highlight drawn and the text it is for (exact, or moved along with edits).
    coloured: Option<(AttrValue, Rc<Vec<Highlight>>)>,
    /// Highlights the whole text again once typing pauses.
    recolour: Option<Timeout>,
    on_edit: Callback<String>,
    on_run: Callback<()>,
}

type CoreRef = Rc<RefCell<Core>>;

/// The colours of `text`: C's, or none for a data file (`plain`: one plain span, as
/// [`highlight`]'s spans cover the whole text).
fn paint(plain: bool, text: &str) -> Vec<Highlight> {
    match (plain, text.is_empty()) {
        (false, _) => highlight(text),
        (true, true) => Vec::new(),
        (true, false) => vec![Highlight {
            span: 0..text.len(),
            class: HighlightClass::Plain,
        }],
    }
}

/// The editor region.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let area_ref = use_node_ref();
    let gutter_ref = use_node_ref();
    let core: CoreRef = {
        let source = props.source.clone();
        use_mut_ref(move || {
            let source = source.to_string();
            Core {
                history: EditHistory::new(EditState {
                    text: source.clone(),
                    selection: Selection::default(),
                }),
                pending_before: None,
                escaped: false,
                seen_source: source.clone(),
                diagnostics: Vec::new(),
                diagnostics_source: source,
                reveal: false,
                // A new editor shows its text from the top (a focused textarea reveals its caret).
                fresh_text: true,
                filled: None,
                coloured: None,
                recolour: None,
                on_edit: Callback::noop(),
                on_run: Callback::noop(),
            }
        })
    };
    // Sync with the props: fresh callbacks, outside replacements, new diagnostics.
    let source: &str = &props.source;
    let (diagnostics, marks) = {
        let mut c = core.borrow_mut();
        c.on_edit = props.on_edit.clone();
        c.on_run = props.on_run.clone();
        if *props.source != *c.seen_source {
            if *props.source != *c.history.current().text {
                c.history.replace(props.source.to_string());
                c.fresh_text = true;
            }
            c.seen_source = props.source.to_string();
        }
        if props.diagnostics != c.diagnostics {
            c.diagnostics = props.diagnostics.clone();
            c.diagnostics_source = props.source.to_string();
        }
        let marks = marks_for(&c.diagnostics, &c.diagnostics_source, source);
        (c.diagnostics.clone(), marks)
    };
    // The whole text's colours: exact for a short text, a text from outside and at first; else
    // the last highlight moved along with the edit, the whole text highlighted again once typing
    // pauses (see `recolour`). Width and line count: once per text. The window below draws only
    // the lines in view.
    let force_update = use_force_update();
    let highlights: Rc<Vec<Highlight>> = {
        let mut c = core.borrow_mut();
        let at_once =
            c.fresh_text || c.coloured.is_none() || source.len() <= HIGHLIGHT_AT_ONCE_BYTES;
        match &c.coloured {
            Some((text, hs)) if **text == *source => hs.clone(),
            Some((text, hs)) if !at_once => {
                let moved = Rc::new(recolour::follow_edit(hs, text, source));
                c.coloured = Some((props.source.clone(), moved.clone()));
                let (later, force_update, plain) =
                    (core.clone(), force_update.clone(), props.plain);
                c.recolour = Some(Timeout::new(RECOLOUR_PAUSE_MS, move || {
                    if let Ok(mut c) = later.try_borrow_mut() {
                        let text = AttrValue::from(c.seen_source.clone());
                        c.coloured = Some((text.clone(), Rc::new(paint(plain, &text))));
                        c.recolour = None;
                        force_update.force_update();
                    }
                }));
                moved
            }
            _ => {
                let hs = Rc::new(paint(props.plain, source));
                c.coloured = Some((props.source.clone(), hs.clone()));
                c.recolour = None;
                hs
            }
        }
    };
    let text_facts = use_memo(props.source.clone(), |s| {
        (code_window::widest(s), code_window::line_count(s))
    });
    let code_ref = use_node_ref();
    let view = use_state_eq(View::default);
    // Long lines wrap unless the reader turned it off (the "Wrap" box, remembered); presentation
    // mode always wraps.
    let wrap_pref = use_state(crate::playground::wrap_pref::load);
    let wrap_on = props.wrap || *wrap_pref;
    // How the lines fall into rows: one each, or soft-wrapped to the measured width.
    let per_row =
        (wrap_on && view.width > 0).then(|| code_wrap::per_row(view.width, view.font_px()));
    let wrap = use_memo(
        (props.source.clone(), per_row),
        |(s, per_row)| match per_row {
            Some(n) => code_wrap::Wrap::new(s, *n),
            None => code_wrap::Wrap::none(code_window::line_count(s)),
        },
    );
    // The lines in view: measured after every render and whenever anything scrolls (the code
    // box, or the page around it) or the window is resized.
    let remeasure = {
        let (code_ref, gutter_ref, view) = (code_ref.clone(), gutter_ref.clone(), view.clone());
        Rc::new(move || {
            if let (Some(code), Some(gutter)) =
                (code_ref.cast::<Element>(), gutter_ref.cast::<Element>())
            {
                view.set(code_window::measure(&code, &gutter));
            }
        })
    };
    {
        let (remeasure, code_ref) = (remeasure.clone(), code_ref.clone());
        use_effect_with((), move |_| {
            // The code box's size (the page's layout around it may change it).
            let observer = {
                let remeasure = remeasure.clone();
                let closure = Closure::<dyn Fn()>::new(move || remeasure());
                let observer = web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).ok();
                if let (Some(observer), Some(code)) = (&observer, code_ref.cast::<Element>()) {
                    observer.observe(&code);
                }
                observer.map(|o| (o, closure))
            };
            let listener = web_sys::window().map(|window| {
                let closure = Closure::<dyn Fn(Event)>::new(move |_: Event| remeasure());
                let options = web_sys::AddEventListenerOptions::new();
                options.set_capture(true);
                options.set_passive(true);
                for kind in ["scroll", "resize"] {
                    window
                        .add_event_listener_with_callback_and_add_event_listener_options(
                            kind,
                            closure.as_ref().unchecked_ref(),
                            &options,
                        )
                        .ok();
                }
                (window, closure)
            });
            move || {
                if let Some((observer, _closure)) = observer {
                    observer.disconnect();
                }
                if let Some((window, closure)) = listener {
                    for kind in ["scroll", "resize"] {
                        window
                            .remove_event_listener_with_callback_and_bool(
                                kind,
                                closure.as_ref().unchecked_ref(),
                                true,
                            )
                            .ok();
                    }
                }
            }
        });
    }

    // `beforeinput` (which Yew has no attribute for): the selection before each edit, and the
    // browser's own undo/redo (menus, gestures) routed to our history.
    {
        let (area_ref, core) = (area_ref.clone(), core.clone());
        use_effect_with(props.read_only, move |_| {
            let listener = area_ref.cast::<HtmlTextAreaElement>().map(|area| {
                let target = area.clone();
                let closure = Closure::<dyn Fn(InputEvent)>::new(move |e: InputEvent| {
                    before_input(&core, &target, &e);
                });
                area.add_event_listener_with_callback(
                    "beforeinput",
                    closure.as_ref().unchecked_ref(),
                )
                .ok();
                (area, closure)
            });
            move || {
                if let Some((area, closure)) = listener {
                    area.remove_event_listener_with_callback(
                        "beforeinput",
                        closure.as_ref().unchecked_ref(),
                    )
                    .ok();
                }
            }
        });
    }
    // After a render caused by our own undo/indent/newline: bring the caret's line into view.
    // After a replacement from outside (an opened example): the text into the textarea, caret
    // and scroll at the start. Then the lines in view, which these may have moved.
    {
        let (core, area_ref, code_ref) = (core.clone(), area_ref.clone(), code_ref.clone());
        let remeasure = remeasure.clone();
        let (wrap_now, line_px) = (wrap.clone(), view.line_px());
        // Wrapped, the columns per row follow the type size too (presentation's A−/A+), which
        // need not change the box's size: measure after every render.
        let wrapping = wrap_on;
        use_effect(move || {
            let area = area_ref.cast::<HtmlTextAreaElement>();
            let (reveal, fresh, text) = {
                let mut c = core.borrow_mut();
                let fresh = std::mem::take(&mut c.fresh_text);
                let new_area = area.is_some() && c.filled != area;
                let text = (fresh || new_area).then(|| c.history.current().text.clone());
                c.filled.clone_from(&area);
                (std::mem::take(&mut c.reveal), fresh, text)
            };
            if let (Some(area), Some(text)) = (&area, &text) {
                area.set_value(text);
            }
            if fresh {
                if let Some(area) = &area {
                    area.set_selection_range(0, 0).ok();
                }
                if let Some(code) = code_ref.cast::<Element>() {
                    code.set_scroll_top(0);
                    code.set_scroll_left(0);
                }
            } else if reveal {
                reveal_caret(&area_ref, &code_ref, &wrap_now, line_px);
            }
            if fresh || reveal || text.is_some() || wrapping {
                remeasure();
            }
        });
    }

    // The focused rank's line: scroll the code box (only it, not the page) to keep it in view.
    {
        let code_ref = code_ref.clone();
        let focused = props
            .rank_lines
            .iter()
            .find(|r| r.focused)
            .map(|r| (r.rank, r.line));
        let row = focused.map(|(_, line)| wrap.row_of(line.saturating_sub(1) as usize));
        let line_px = view.line_px();
        use_effect_with((focused, row, view.line_centi), move |_| {
            if let Some(row) = row {
                follow_line(&code_ref, row, line_px);
            }
        });
    }

    let on_input = {
        let core = core.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let text = area.value();
            let after = EditState {
                selection: selection_of(&area, &text),
                text,
            };
            let on_edit = {
                let mut c = core.borrow_mut();
                let before = c
                    .pending_before
                    .take()
                    .unwrap_or(c.history.current().selection);
                c.history
                    .edit(edit_kind(&e.input_type()), before, after.clone());
                c.on_edit.clone()
            };
            on_edit.emit(after.text);
        })
    };
    let on_keydown = {
        let core = core.clone();
        Callback::from(move |e: KeyboardEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            on_key(&core, &area, &e);
        })
    };
    let on_blur = {
        let core = core.clone();
        Callback::from(move |_: FocusEvent| core.borrow_mut().escaped = false)
    };
    // The textarea is sized to its text and should never scroll itself; if the browser scrolls
    // it anyway (a caret briefly past the edge before the overlay grows), hand the offset to the
    // scrolling box so text and overlay stay aligned.
    let on_scroll = Callback::from(|e: Event| {
        let area: HtmlTextAreaElement = e.target_unchecked_into();
        let (dx, dy) = (area.scroll_left(), area.scroll_top());
        if dx != 0 || dy != 0 {
            area.set_scroll_left(0);
            area.set_scroll_top(0);
            if let Ok(Some(code)) = area.closest(".code") {
                code.set_scroll_left(code.scroll_left() + dx);
                code.set_scroll_top(code.scroll_top() + dy);
            }
        }
    });

    // The lines drawn: those in view (all of them when read only: the overlay is the content).
    let (widest, line_count) = *text_facts;
    // Wrapped: the lines whose rows are in view (rows are arithmetic on the text: code_wrap).
    let shown = if props.read_only {
        0..line_count
    } else if wrap.wraps() {
        wrap.lines_in(view.lines(wrap.total()))
    } else {
        view.lines(line_count)
    };
    let first = shown.start;
    let lines = layout(source, &highlights, &marks, shown.clone());
    let mut problems_by_line: Vec<Vec<usize>> = vec![Vec::new(); lines.len()];
    for (i, mark) in marks.iter().enumerate() {
        if let Some(slot) = mark
            .line
            .checked_sub(first)
            .and_then(|l| problems_by_line.get_mut(l))
        {
            slot.push(i);
        }
    }

    let by_line = ranks_by_line(&props.rank_lines, line_count);
    let drawing = draw::Drawing {
        source,
        lines: &lines,
        first,
        line_count,
        marks: &marks,
        diagnostics: &diagnostics,
        problems_by_line: &problems_by_line,
        by_line: &by_line,
        wrap: &wrap,
    };
    let gutter = drawing.gutter(shown.clone());
    let bars = drawing.bars();
    let overlay = drawing.overlay();

    let problem_count = marks.len();
    let summary = match problem_count {
        0 => String::new(),
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    };
    let read_only = props.read_only;
    // The gutter and the body keep the size of the whole text: padding for the lines not drawn,
    // the height of every line, the width of the longest.
    let digits = line_count.to_string().len();
    let gutter_style = format!(
        "padding-top: calc(var(--code-pad-top) + {} * var(--code-line)); \
         padding-bottom: calc(var(--code-pad-top) + {} * var(--code-line)); \
         min-width: calc({digits}ch + 6px)",
        wrap.row_of(first),
        wrap.total() - wrap.row_of(shown.end)
    );
    let total_rows = wrap.total();
    // Wrapped: exactly the wrapped columns (and a fraction, so a full row is not broken early)
    // plus the names' margin; the text layers leave the margin as padding.
    let wrapped_width = wrap.wraps().then(|| {
        format!(
            "width: calc({} * 1ch + 24px + 0.4ch); min-width: 0; flex: none; --wrap-margin: {}ch",
            wrap.per_row + code_wrap::LABEL_COLS,
            code_wrap::LABEL_COLS
        )
    });
    let body_style = if read_only {
        // Read only, the overlay is the content and gives the body its height.
        wrapped_width.unwrap_or_default()
    } else {
        let view_width = if view.width > 0 {
            format!("; --code-view: {}px", view.width)
        } else {
            String::new()
        };
        // Unwrapped, the width in steps of 16 columns: typing at the end of the longest line
        // changes it (and re-lays out the whole textarea) once every 16 characters, not at
        // every one.
        let width = wrapped_width.unwrap_or_else(|| {
            format!(
                "min-width: calc({} * 1ch + 24px)",
                (widest + 1).div_ceil(16) * 16
            )
        });
        format!(
            "height: calc(2 * var(--code-pad-top) + {total_rows} * var(--code-line)); {width}{view_width}"
        )
    };
    let body = if read_only {
        html! {
            <pre class="code-overlay read-only" tabindex="0" role="region"
                aria-label="MPI program source (read only)" data-testid="code-overlay">
                { for overlay }
            </pre>
        }
    } else {
        html! {
            <>
                <textarea
                    ref={area_ref}
                    class="code-input"
                    aria-label="MPI program source"
                    aria-describedby={if problem_count > 0 { "editor-keys editor-problems" } else { "editor-keys" }}
                    aria-invalid={(problem_count > 0).then_some("true")}
                    spellcheck="false"
                    autocapitalize="off"
                    autocomplete="off"
                    wrap={if wrap.wraps() { "soft" } else { "off" }}
                    oninput={on_input}
                    onkeydown={on_keydown}
                    onblur={on_blur}
                    onscroll={on_scroll}
                />
                <pre class="code-overlay" aria-hidden="true" data-testid="code-overlay"
                    style={format!("top: calc({} * var(--code-line))", wrap.row_of(first))}
                    data-first-line={(first + 1).to_string()}>{ for overlay }</pre>
            </>
        }
    };
    html! {
        <section class={classes!("panel", "editor", read_only.then_some("read-only"))} aria-labelledby="editor-title">
            <div class="panel-head">
                <h2 id="editor-title">{ lang.t(Text::Program) }</h2>
                <a class="reference-link" href="#reference" data-testid="reference-link"
                    title={lang.t(Text::ReferenceTitle)}>{ lang.t(Text::Reference) }</a>
                <span class="muted">
                    if let Some(name) = &props.file_name {
                        <span class="file-name" data-testid="file-name">{ name.clone() }</span>{ " · " }
                    }
                    if props.plain {
                        { lang.trf("{0} lines", &[&line_count]) }
                    } else {
                        { lang.f(Text::LinesMpiC, &[&line_count]) }
                    }
                    if problem_count > 0 {
                        { " · " }<span class="problem-count">{ summary.clone() }</span>
                    }
                </span>
                if !read_only && !props.wrap {
                    <label class="wrap-toggle" title={lang.tr("Wrap long lines to the box's width")}>
                        <input type="checkbox" checked={*wrap_pref} data-testid="wrap-toggle"
                            onchange={{
                                let wrap_pref = wrap_pref.clone();
                                Callback::from(move |e: Event| {
                                    let on = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
                                    crate::playground::wrap_pref::save(on);
                                    wrap_pref.set(on);
                                })
                            }} />
                        { lang.tr("Wrap") }
                    </label>
                }
            </div>
            { props.tabs.clone() }
            if !read_only {
                <p id="editor-keys" class="editor-keys muted">
                    <kbd>{ "Ctrl" }</kbd>{ "+" }<kbd>{ "Enter" }</kbd>{ lang.tr(" runs · ") }
                    <kbd>{ "Tab" }</kbd>{ lang.tr(" indents · ") }
                    <kbd>{ "Esc" }</kbd>{ lang.tr(" then ") }<kbd>{ "Tab" }</kbd>{ lang.tr(" leaves the editor · ") }
                    <kbd>{ "Ctrl" }</kbd>{ "+" }<kbd>{ "Z" }</kbd>{ lang.tr(" undoes") }
                </p>
                if problem_count > 0 {
                    <p id="editor-problems" class="sr-only">
                        { format!("{summary}: ") }
                        { marks.iter().map(|m| format!("line {}: {}. ", m.line + 1, diagnostics[m.diagnostic].message)).collect::<String>() }
                    </p>
                }
            }
            <div class={classes!("code", wrap.wraps().then_some("wrapped"))} ref={code_ref}
                data-wrap={wrap.wraps().then(|| wrap.per_row.to_string())}>
                <pre class="gutter" aria-hidden="true" ref={gutter_ref} style={gutter_style}>{ for gutter }</pre>
                <div class="code-body" style={body_style}>{ for bars }{ body }</div>
            </div>
        </section>
    }
}

/// Scrolls the code box so that 1-based `line` is in view with some context, without moving
/// the page.
fn follow_line(code_ref: &NodeRef, row: usize, line_px: f64) {
    let Some(code) = code_ref.cast::<Element>() else {
        return;
    };
    let top = code_window::PAD_TOP_PX + (row as f64 * line_px) as i32;
    let height = line_px.ceil() as i32;
    let (view_top, view_height) = (code.scroll_top(), code.client_height());
    let margin = 3 * height;
    if top < view_top + margin || top + height > view_top + view_height - margin {
        code.set_scroll_top((top - view_height / 3).max(0));
    }
}

/// The CSS class of a token class.
fn token_class(class: HighlightClass) -> &'static str {
    match class {
        HighlightClass::Plain => "tok-plain",
        HighlightClass::Keyword => "tok-keyword",
        HighlightClass::Type => "tok-type",
        HighlightClass::Number => "tok-number",
        HighlightClass::String => "tok-string",
        HighlightClass::Char => "tok-char",
        HighlightClass::Comment => "tok-comment",
        HighlightClass::Preprocessor => "tok-preproc",
        HighlightClass::MpiName => "tok-mpi",
        HighlightClass::Builtin => "tok-builtin",
        HighlightClass::Function => "tok-function",
        HighlightClass::Macro => "tok-macro",
        HighlightClass::Punct => "tok-punct",
    }
}

/// The tooltip of a diagnostic: severity, message, label and notes.
fn tooltip(d: &Diagnostic) -> String {
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut text = format!("{severity}: {}", d.message);
    if !d.label.is_empty() {
        text.push_str(&format!(" ({})", d.label));
    }
    for note in &d.notes {
        text.push_str(&format!("\n{note}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sel(start: usize, end: usize) -> Selection {
        Selection { start, end }
    }

    #[test]
    fn utf16_offsets_round_trip() {
        let text = "aé😀b\n";
        assert_eq!(utf16_to_byte(text, 0), 0);
        assert_eq!(utf16_to_byte(text, 2), 3); // after é
        assert_eq!(utf16_to_byte(text, 4), 7); // after the emoji (two units)
        assert_eq!(utf16_to_byte(text, 3), 7); // inside the emoji: its end
        assert_eq!(utf16_to_byte(text, 99), text.len());
        for at in [0, 1, 3, 7, 8, 9] {
            assert_eq!(utf16_to_byte(text, byte_to_utf16(text, at)), at);
        }
        assert_eq!(byte_to_utf16(text, 2), 1); // inside é: its start
        assert_eq!(byte_to_utf16(text, 999), 6);
    }

    #[test]
    fn tab_inserts_spaces_or_indents_lines() {
        assert_eq!(indent("ab", sel(1, 1)), ("a    b".into(), sel(5, 5)));
        assert_eq!(indent("abc", sel(1, 2)), ("a    c".into(), sel(5, 5)));
        let text = "a\nb\nc\n";
        // Lines 1-2 selected from inside line 1 to inside line 2.
        assert_eq!(
            indent(text, sel(1, 3)),
            ("    a\n    b\nc\n".into(), sel(5, 11))
        );
        // From a line start to the start of line 3: lines 1-2, the selection keeps its start.
        assert_eq!(
            indent(text, sel(0, 4)),
            ("    a\n    b\nc\n".into(), sel(0, 12))
        );
    }

    #[test]
    fn shift_tab_outdents() {
        assert_eq!(outdent("      x", sel(7, 7)), ("  x".into(), sel(3, 3)));
        assert_eq!(outdent("\tx", sel(0, 0)), ("x".into(), sel(0, 0)));
        assert_eq!(outdent("x", sel(1, 1)), ("x".into(), sel(1, 1)));
        let text = "    a\n  b\nc";
        assert_eq!(outdent(text, sel(2, 8)), ("a\nb\nc".into(), sel(0, 2)));
        // Round trip with indent.
        let (ind, s) = indent("a\nb", sel(0, 3));
        assert_eq!(outdent(&ind, s), ("a\nb".into(), sel(0, 3)));
    }

    #[test]
    fn a_closing_brace_dedents_its_line() {
        assert_eq!(
            close_brace("if (a) {\n    x;\n    ", sel(20, 20)),
            ("if (a) {\n    x;\n}".into(), sel(17, 17))
        );
        assert_eq!(
            close_brace("        ", sel(8, 8)),
            ("    }".into(), sel(5, 5))
        );
        assert_eq!(close_brace("  ", sel(2, 2)), ("}".into(), sel(1, 1)));
        assert_eq!(close_brace("\t\t", sel(2, 2)), ("\t}".into(), sel(2, 2)));
        // After code on the line, or at its start: just the brace.
        assert_eq!(
            close_brace("    x", sel(5, 5)),
            ("    x}".into(), sel(6, 6))
        );
        assert_eq!(close_brace("", sel(0, 0)), ("}".into(), sel(1, 1)));
    }

    #[test]
    fn enter_keeps_indentation() {
        assert_eq!(
            newline("    x", sel(5, 5)),
            ("    x\n    ".into(), sel(10, 10))
        );
        assert_eq!(newline("  if (a) {", sel(10, 10)).0, "  if (a) {\n      ");
        assert_eq!(newline("x", sel(0, 1)), ("\n".into(), sel(1, 1)));
        // The caret inside the indentation: the new line keeps what was before it, the line
        // left blank keeps no spaces.
        assert_eq!(newline("    x", sel(2, 2)), ("\n    x".into(), sel(3, 3)));
        // Trailing spaces before the caret are trimmed (a blank line stays empty).
        assert_eq!(
            newline("  if (a) {\n      ", sel(17, 17)),
            ("  if (a) {\n\n      ".into(), sel(18, 18))
        );
        assert_eq!(
            newline("x = 1;   ", sel(9, 9)),
            ("x = 1;\n".into(), sel(7, 7))
        );
        // Out-of-range selections are clamped.
        assert_eq!(newline("ab", sel(9, 3)), ("ab\n".into(), sel(3, 3)));
    }

    fn diag(span: Span) -> Diagnostic {
        Diagnostic::error("oops", span)
    }

    #[test]
    fn marks_follow_edits_and_clamp() {
        let old = "int a;\nint b;\nint c;\n";
        let ds = [diag(4..5), diag(11..12), diag(18..19)];
        // Unchanged text: all three, on their lines.
        let m = marks_for(&ds, old, old);
        assert_eq!(
            m.iter()
                .map(|m| (m.span.clone(), m.line))
                .collect::<Vec<_>>(),
            vec![(4..5, 0), (11..12, 1), (18..19, 2)]
        );
        // An edit on line 2 drops its mark and moves the later one.
        let new = "int a;\nint bb;\nint c;\n";
        let m = marks_for(&ds, old, new);
        assert_eq!(
            m.iter()
                .map(|m| (m.diagnostic, m.span.clone()))
                .collect::<Vec<_>>(),
            vec![(0, 4..5), (2, 19..20)]
        );
        // Stale spans far out of range are clamped to the end: a point on the last line.
        let m = marks_for(&[diag(500..900)], "ab\ncd", "ab\ncd");
        assert_eq!((m[0].span.clone(), m[0].line), (5..5, 1));
        // An empty span inside a line grows to one character; on a multi-byte one, whole.
        assert_eq!(marks_for(&[diag(1..1)], "xé", "xé")[0].span, 1..3);
        assert_eq!(marks_for(&[diag(2..2)], "xé", "xé")[0].span, 1..3);
    }

    #[test]
    fn layout_splits_lines_and_marks() {
        let src = "int x;\n/* a\nb */ y = 1;\n";
        let hs = highlight(src);
        let marks = marks_for(&[diag(4..5), diag(17..18)], src, src);
        let lines = layout(src, &hs, &marks, 0..usize::MAX);
        assert_eq!(lines.len(), 4, "three lines and the empty last one");
        let text = |l: &Line| {
            l.pieces
                .iter()
                .map(|p| &src[p.range.clone()])
                .collect::<String>()
        };
        assert_eq!(
            lines.iter().map(text).collect::<Vec<_>>(),
            vec!["int x;", "/* a", "b */ y = 1;", ""]
        );
        let marked: Vec<&str> = lines
            .iter()
            .flat_map(|l| &l.pieces)
            .filter(|p| p.mark.is_some())
            .map(|p| &src[p.range.clone()])
            .collect();
        assert_eq!(marked, vec!["x", "y"]);
        // The comment keeps its class on both lines.
        assert_eq!(lines[1].pieces[0].class, HighlightClass::Comment);
        assert_eq!(lines[2].pieces[0].class, HighlightClass::Comment);
        // A point at the end of the input lands on the last line.
        let marks = marks_for(&[diag(src.len()..src.len())], src, src);
        assert_eq!(layout(src, &hs, &marks, 0..usize::MAX)[3].point, Some(0));
        // A window of lines: the same lines as the whole layout has there.
        let marks = marks_for(&[diag(4..5), diag(17..18)], src, src);
        let all = layout(src, &hs, &marks, 0..usize::MAX);
        for from in 0..5 {
            for to in from..6 {
                let part = layout(src, &hs, &marks, from..to);
                let want = all.get(from.min(4)..to.min(4)).unwrap_or_default();
                assert_eq!(part, want, "lines {from}..{to}");
            }
        }
    }

    #[test]
    fn input_types_map_to_history_kinds() {
        assert_eq!(edit_kind("insertText"), EditKind::Typing);
        assert_eq!(edit_kind("deleteContentBackward"), EditKind::Delete);
        assert_eq!(edit_kind("deleteByCut"), EditKind::Paste);
        assert_eq!(edit_kind("insertFromPaste"), EditKind::Paste);
        assert_eq!(edit_kind("formatBold"), EditKind::Other);
    }
}
