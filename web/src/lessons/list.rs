//! The lessons page (`#lessons`): every shipped lesson with its level, length and this browser's
//! progress, each a link that opens it in the playground; and "Open lesson file…" for a
//! teacher's own lesson (parsed by core; its errors, with line and column, shown in the page).

use yew::prelude::*;

use crate::i18n::{Lang, Text};
use crate::lessons::progress::Progress;

/// Props: what the page can do.
#[derive(Properties, PartialEq)]
pub struct LessonListProps {
    /// Called with `(file name, text)` of a lesson file the user picked.
    pub on_file: Callback<(String, String)>,
    /// Why the last lesson file or link could not be opened.
    #[prop_or_default]
    pub error: Option<String>,
}

/// The page.
#[function_component(LessonList)]
pub fn lesson_list(props: &LessonListProps) -> Html {
    let progress = use_memo((), |_| crate::lessons::progress::load());
    let ui = crate::ui_lang::use_lang();
    let on_file = crate::file_text::on_file_text(props.on_file.clone());
    let lessons = crate::lessons::by_level(crate::lessons::shipped());
    html! {
        <main class="lessons-page" data-testid="lessons-page">
            <section class="panel view">
                <div class="panel-head">
                    <h2>{ ui.t(Text::Lessons) }</h2>
                    <label class="file-button" title={ui.t(Text::OpenLessonFileTitle)}>
                        { ui.t(Text::OpenLessonFile) }
                        <input type="file" accept=".toml,text/plain" onchange={on_file} data-testid="lesson-file" />
                    </label>
                </div>
                <p class="summary muted">
                    { ui.t(Text::LessonsSummary) }
                </p>
                if let Some(e) = &props.error {
                    <pre class="load-error" role="alert" data-testid="lesson-error">{ e.clone() }</pre>
                }
                <ul class="lesson-cards">
                    { for lessons.iter().map(|l| lesson_card(l, ui, &progress)) }
                </ul>
            </section>
        </main>
    }
}

/// One lesson: title, summary, level, steps, progress, and its link.
fn lesson_card(lesson: &rankscope_core::lessons::Lesson, ui: Lang, progress: &Progress) -> Html {
    let lang = ui.code();
    let done = progress.lessons.get(&lesson.id);
    let step = done.map_or(0, |p| p.step);
    let status = match done {
        None => ui.f(Text::LessonSteps, &[&lesson.steps.len()]),
        Some(p) => format!(
            "{} · {}{}",
            ui.f(Text::LessonSteps, &[&lesson.steps.len()]),
            ui.f(Text::AtStep, &[&(p.step + 1)]),
            if p.solved.is_empty() {
                String::new()
            } else {
                format!(" · {}", ui.f(Text::Solved, &[&p.solved.len()]))
            }
        ),
    };
    html! {
        <li class="lesson-card" data-lesson={lesson.id.clone()}>
            <a href={format!("#{}", crate::url::encode_lesson(&lesson.id, None, step, false))}
                data-testid={format!("open-lesson-{}", lesson.id)}>
                <span class="lesson-card-title">{ lesson.text(&lesson.title, lang) }</span>
                <span class="lesson-card-meta muted">{ format!("{} · {status} · {}", lesson.level, lesson.languages.join(", ")) }</span>
                <span class="lesson-card-summary">{ lesson.text(&lesson.summary, lang) }</span>
            </a>
        </li>
    }
}
