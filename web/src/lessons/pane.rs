//! The lesson pane: the open lesson's step — its narration (Markdown, in the chosen language),
//! the step list with previous and next, the prediction with its feedback once answered, and
//! the task with each check's verdict. What it shows comes from core (`lessons::Lesson`, the
//! computed `Answer`, the `Verdict`s) held in `lessons::state::LessonOpen`.

use rankscope_core::lessons::{Answer, Guess, Pick, QuestionKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::lessons::state::LessonOpen;
use crate::playground::components::markdown_view::markdown;

/// Props: the open lesson and what the student can do.
#[derive(Properties, PartialEq)]
pub struct LessonPaneProps {
    /// The lesson, its step and what was answered.
    pub open: LessonOpen,
    /// Go to step n (0-based): also "reset this step".
    pub on_step: Callback<usize>,
    /// Close the lesson.
    pub on_close: Callback<()>,
    /// Pick the language.
    pub on_lang: Callback<String>,
    /// Answer the prediction.
    pub on_answer: Callback<Guess>,
    /// Check the task against the editor's program.
    pub on_check: Callback<()>,
    /// Replay the run with these network choices (a failed "every order" check's order).
    pub on_replay: Callback<rankscope_core::lessons::Replay>,
}

/// A language's name in itself.
fn language_name(code: &str) -> &str {
    match code {
        "en" => "English",
        "ja" => "日本語",
        other => other,
    }
}

/// A number as a reader wants it: at most three decimals, no trailing zeros (`97.35`, not
/// `97.35000000000001`).
fn short(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The pane.
#[function_component(LessonPane)]
pub fn lesson_pane(props: &LessonPaneProps) -> Html {
    let open = &props.open;
    let lesson = &open.lesson;
    let step = open.current();
    let n = open.step;
    let count = lesson.steps.len();
    let ja = open.lang == "ja";
    let t = |en: &'static str, jp: &'static str| if ja { jp } else { en };
    let go = |k: usize| {
        let cb = props.on_step.clone();
        Callback::from(move |_| cb.emit(k))
    };
    let number = use_node_ref();
    let body = use_node_ref();
    let feedback_ref = use_node_ref();
    // A step opens at its top (title and first paragraph), whichever step came before.
    {
        let body = body.clone();
        use_effect_with((lesson.id.clone(), n), move |_| {
            if let Some(b) = body.cast::<web_sys::Element>() {
                b.set_scroll_top(0);
            }
        });
    }
    // The verdict on an answer is scrolled into view inside the pane.
    {
        let feedback_ref = feedback_ref.clone();
        let answered = open.answered.as_ref().map(|(g, _)| format!("{g:?}"));
        use_effect_with((n, answered), move |(_, answered)| {
            if answered.is_some() {
                if let Some(f) = feedback_ref.cast::<web_sys::Element>() {
                    let options = web_sys::ScrollIntoViewOptions::new();
                    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                    f.scroll_into_view_with_scroll_into_view_options(&options);
                }
            }
        });
    }
    let prediction = step.prediction.as_ref().map(|p| {
        let feedback = open.answered.as_ref().map(|(guess, answer)| match answer {
            Ok(a) => {
                let right = a.accepts(*guess);
                let value = match (a, &p.question_kind) {
                    (Answer::Choice { index, .. }, QuestionKind::Choice { choices, .. }) => choices
                        .get(*index)
                        .map_or(String::new(), |c| open.say(&c.label).to_string()),
                    (Answer::Number { value, low, high }, _) if low < high => {
                        format!("{} ({}–{})", short(*value), short(*low), short(*high))
                    }
                    (Answer::Number { value, .. }, _) => short(*value),
                    _ => String::new(),
                };
                // Each choice's measured value, so the student sees how far apart they are.
                let values = match (a, &p.question_kind) {
                    (Answer::Choice { values, index }, QuestionKind::Choice { choices, pick }) => {
                        let measure = match pick {
                            Pick::Least(m) | Pick::Most(m) => m.to_string(),
                        };
                        html! {
                            <ul class="lesson-values" data-testid="prediction-values" aria-label={measure.clone()}>
                                { for choices.iter().zip(values).enumerate().map(|(i, (c, v))| html! {
                                    <li class={classes!((i == *index).then_some("answer"))} data-testid={format!("choice-value-{i}")}>
                                        { open.say(&c.label) }{ ": " }<strong>{ short(*v) }</strong>{ format!(" ({measure})") }
                                    </li>
                                }) }
                            </ul>
                        }
                    }
                    _ => Html::default(),
                };
                html! {
                    <div class={classes!("lesson-feedback", if right { "right" } else { "wrong" })} ref={feedback_ref.clone()}
                        data-testid="prediction-feedback" data-right={right.to_string()} role="status">
                        <p><strong>{ if right { t("Right.", "正解です。") } else { t("Not quite.", "惜しい！") } }</strong>
                            { " " }{ t("The run says: ", "実行結果: ") }<span data-testid="prediction-answer">{ value }</span></p>
                        { values }
                        { markdown(open.say(&p.reason)) }
                    </div>
                }
            }
            Err(e) => html! {
                <p class="run-error" role="alert">{ t("No answer could be computed: ", "答えを計算できませんでした: ") }{ e }</p>
            },
        });
        let input = match &p.question_kind {
            QuestionKind::Choice { choices, .. } => html! {
                <div class="lesson-choices" role="group">
                    { for choices.iter().enumerate().map(|(i, c)| {
                        let cb = props.on_answer.clone();
                        let picked = matches!(open.answered, Some((Guess::Choice(g), _)) if g == i);
                        html! {
                            <button class={classes!("control", picked.then_some("picked"))} type="button"
                                data-testid={format!("choice-{i}")}
                                onclick={Callback::from(move |_| cb.emit(Guess::Choice(i)))}>
                                { open.say(&c.label) }
                            </button>
                        }
                    }) }
                </div>
            },
            QuestionKind::Number { .. } => {
                let (cb, node) = (props.on_answer.clone(), number.clone());
                let submit = Callback::from(move |e: SubmitEvent| {
                    e.prevent_default();
                    let value = node
                        .cast::<HtmlInputElement>()
                        .and_then(|i| i.value().trim().replace(',', ".").parse::<f64>().ok());
                    if let Some(v) = value.filter(|v| v.is_finite()) {
                        cb.emit(Guess::Number(v));
                    }
                });
                html! {
                    <form class="lesson-number" onsubmit={submit}>
                        <input ref={number.clone()} type="text" inputmode="decimal" aria-label={t("Your answer", "あなたの答え")}
                            data-testid="prediction-input" />
                        <button class="control primary" type="submit" data-testid="prediction-submit">{ t("Answer", "回答") }</button>
                    </form>
                }
            }
        };
        html! {
            <div class="lesson-box prediction" data-testid="prediction">
                <p class="lesson-box-title">{ t("Predict", "予想しよう") }</p>
                { markdown(open.say(&p.question)) }
                { input }
                { feedback.unwrap_or_default() }
            </div>
        }
    });
    let task = step.task.as_ref().map(|task| {
        let on_check = props.on_check.clone();
        // Solved by being the network (the same program, other choices), not by editing it.
        let by_network = task.start.network.is_some()
            && task.solution.as_ref().is_some_and(|s| s.program == task.start.program);
        let verdicts = match &open.verdicts {
            None => Html::default(),
            Some(Err(e)) => html! {
                <p class="run-error" role="alert" data-testid="task-error">{ t("Your program did not run: ", "プログラムを実行できませんでした: ") }{ e }</p>
            },
            Some(Ok(list)) => html! {
                <ul class="lesson-verdicts" data-testid="task-verdicts">
                    { for list.iter().map(|(check, v)| html! {
                        <li class={if v.pass { "pass" } else { "fail" }}>
                            <span class="verdict-mark" aria-hidden="true">{ if v.pass { "✓" } else { "✗" } }</span>
                            <strong>{ check.clone() }</strong>{ ": " }{ v.reason.clone() }
                            if let Some(order) = v.order.clone() {
                                { " " }
                                { replay_button(order, props.on_replay.clone(), ja) }
                            }
                        </li>
                    }) }
                </ul>
            },
        };
        html! {
            <div class="lesson-box task" data-testid="task">
                <p class="lesson-box-title">{ t("Your task", "課題") }</p>
                { markdown(open.say(&task.goal)) }
                <button class="control primary" type="button" data-testid="check-task"
                    onclick={Callback::from(move |_| on_check.emit(()))}>{
                        if by_network { t("Check the run", "実行を確認") } else { t("Check my program", "プログラムを確認") }
                    }</button>
                if open.solved() {
                    <p class="lesson-solved" data-testid="task-solved" role="status">{ t("Solved — every check passes.", "解けました。すべての確認に合格しました。") }</p>
                }
                { verdicts }
            </div>
        }
    });
    html! {
        <section class="panel lesson-pane" aria-label={crate::ui_lang::current().tr("Lesson")} data-testid="lesson-pane"
            data-lesson={lesson.id.clone()} data-step={(n + 1).to_string()} lang={open.lang.clone()}
            data-view={step.views.first().cloned().unwrap_or_default()}
            data-highlights={step.highlight.len().to_string()}
            data-predicting={open.predicting().to_string()}
            data-window={open.window.map(|(a, b)| format!("{},{}", a.as_ps(), b.as_ps()))}>
            <div class="panel-head">
                <h2 data-testid="lesson-title">{ open.say(&lesson.title) }</h2>
                <div class="lesson-tools">
                    if lesson.languages.len() > 1 {
                        <div class="lesson-langs" role="group" aria-label="Language">
                            { for lesson.languages.iter().map(|l| {
                                let cb = props.on_lang.clone();
                                let code = l.clone();
                                html! {
                                    <button type="button" class={classes!("tab", (*l == open.lang).then_some("selected"))}
                                        aria-pressed={(*l == open.lang).to_string()} data-testid={format!("lang-{l}")}
                                        onclick={Callback::from(move |_| cb.emit(code.clone()))}>{ language_name(l) }</button>
                                }
                            }) }
                        </div>
                    }
                    <button type="button" class="control ghost" data-testid="close-lesson" title={t("close the lesson (the program stays)", "レッスンを閉じる（プログラムは残ります）")}
                        onclick={props.on_close.reform(|_| ())}>{ "✕" }</button>
                </div>
            </div>
            <nav class="lesson-nav" aria-label={t("Steps", "ステップ")}>
                <button type="button" class="control" data-testid="prev-step" disabled={n == 0}
                    title="PageUp" onclick={go(n.saturating_sub(1))}>{ t("← Previous", "← 前へ") }</button>
                <span class="lesson-count" data-testid="step-count">{ format!("{} {} / {count}", t("Step", "ステップ"), n + 1) }</span>
                <button type="button" class="control" data-testid="next-step" disabled={n + 1 >= count}
                    title="PageDown" onclick={go(n + 1)}>{ t("Next →", "次へ →") }</button>
                <button type="button" class="control ghost" data-testid="reset-step" onclick={go(n)}
                    title={t("set this step up again", "このステップをやり直す")}>{ t("Reset step", "やり直す") }</button>
                <span class="lesson-keys muted" data-testid="lesson-keys">
                    { for crate::playground::keys::LESSON_KEYS_HELP.iter().map(|(keys, what)| html! {
                        <><kbd>{ *keys }</kbd>{ format!(" {}", if ja { "次 / 前のステップ" } else { what }) }</>
                    }) }
                </span>
            </nav>
            <div class="lesson-body" ref={body} data-testid="lesson-body">
                <h3 data-testid="step-title">{ open.say(&step.title) }</h3>
                <div class="narration" data-testid="narration">{ markdown(open.say(&step.narration)) }</div>
                if let Err(e) = &open.position {
                    <p class="run-error" role="alert">{ e.clone() }</p>
                }
                { prediction.unwrap_or_default() }
                { task.unwrap_or_default() }
            </div>
        </section>
    }
}

/// "Replay this order" (the network's) or "Replay these matches" (MPI's) for a failed check.
fn replay_button(
    order: rankscope_core::lessons::Replay,
    cb: Callback<rankscope_core::lessons::Replay>,
    ja: bool,
) -> Html {
    let label = match (order.space, ja) {
        (rankscope_core::explore::Space::Matches, false) => "Replay these matches",
        (rankscope_core::explore::Space::Matches, true) => "このマッチで再生",
        (rankscope_core::explore::Space::Network, false) => "Replay this order",
        (rankscope_core::explore::Space::Network, true) => "この順序で再生",
        (rankscope_core::explore::Space::All, false) => "Replay these choices",
        (rankscope_core::explore::Space::All, true) => "この選択で再生",
    };
    html! {
        <button class="control" type="button" data-testid="replay-order"
            onclick={Callback::from(move |_| cb.emit(order.clone()))}>
            { label }
        </button>
    }
}
