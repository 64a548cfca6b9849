//! The root component: wires the reducer to the layout regions, and holds the page's effects —
//! reading the URL once (a share link, else the autosave), writing the autosave and the share link,
//! following share links on `hashchange` (`Action::FollowLink`, a no-op for the state already
//! shown), and the playback timer: playing is a chain of `Action::Tick(n)`, with `n` and the delay
//! from [`crate::playground::playback`]. It hands the page's language to every component as a Yew context
//! ([`crate::ui_lang::use_lang`]).
//!
//! Layout: two columns — setup and editor; run bar, timeline and views — that fill the window and
//! scroll inside on screens at least 900×560 (`static/style.css`), one column otherwise.
//! Presentation mode (`State::present`, `Action::TogglePresent`, the P key) and the embed
//! (`#embed`, `&readonly`) are classes on the same layout; presentation travels in share links as
//! its own `&present` part, never in the autosave.

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::clock::now_ms;
use crate::i18n::{Lang, Text};
use crate::lessons::{list::LessonList, pane::LessonPane};
use crate::papers::page::{PaperCheckView, UnknownPaper};
use crate::playground::autosave;
use crate::playground::components::{
    compare_panel::ComparePanel, controls::Controls, editor::Editor, header::Header,
    machine_list::MachineList, machine_view::MachineView, network_bar::NetworkBar, run_bar::RunBar,
    share_bar::ShareBar, time_axis::SharedAxis, timeline::Timeline, view_tabs::ViewTabs,
};
use crate::playground::playback::{self, Speed};
use crate::playground::views::View;
use crate::routes::Route;
use crate::state::{Action, State};
use crate::url;

/// The URL's fragment and query (read once, when the page opens).
fn location() -> (String, String) {
    let location = web_sys::window().map(|w| w.location());
    let get = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
        location
            .as_ref()
            .and_then(|l| f(l).ok())
            .unwrap_or_default()
    };
    (get(web_sys::Location::hash), get(web_sys::Location::search))
}

/// Plays a run: after each render of a playing state, waits the speed's delay and dispatches
/// the next chunk. At full speed the chunk size adapts so that simulating plus rendering one
/// chunk takes about [`playback::MAX_CHUNK_MS`], which keeps the page answering input. While
/// the side-by-side comparison lags behind the run (paused or not), chunks keep coming, at full
/// speed, until it has caught up.
#[hook]
fn use_playback(state: &UseReducerHandle<State>) {
    let adaptive = use_mut_ref(|| playback::START_CHUNK);
    let was_playing = use_mut_ref(|| false);
    // When the last chunk was sent, when its simulation ended, its size, and whether it ran at
    // full speed (simulating and rendering are timed apart: playback::adapt_split).
    let dispatched = use_mut_ref(|| None::<(f64, f64, u64, bool)>);
    let behind = state.comparison_behind();
    let state = state.clone();
    use_effect_with(
        (state.playing, state.generation, state.speed, behind),
        move |&(playing, _, speed, behind)| {
            // The chunk just rendered: how long did simulating and rendering it take?
            if let Some((at, sim_end, events, full_speed)) = dispatched.borrow_mut().take() {
                if full_speed {
                    let now = now_ms();
                    let sim_end = if sim_end.is_finite() { sim_end } else { now };
                    *adaptive.borrow_mut() =
                        playback::adapt_split(events, sim_end - at, now - sim_end);
                }
            }
            // Every Run (or resume) starts from a small chunk, not the size the last run grew to.
            let before = std::mem::replace(&mut *was_playing.borrow_mut(), playing);
            let size = playback::chunk_on_play(before, playing, *adaptive.borrow());
            *adaptive.borrow_mut() = size;
            let pace = if playing {
                Some(speed)
            } else {
                behind.then_some(Speed::Max)
            };
            let timer = pace.map(|pace| {
                let chunk = pace.chunk(*adaptive.borrow());
                Timeout::new(chunk.delay_ms, move || {
                    let full = pace == Speed::Max;
                    *dispatched.borrow_mut() = Some((now_ms(), f64::NAN, chunk.events, full));
                    // The reducer runs inside dispatch; the render comes after this callback.
                    state.dispatch(Action::Tick(chunk.events));
                    if let Some(d) = dispatched.borrow_mut().as_mut() {
                        d.1 = now_ms();
                    }
                })
            });
            move || drop(timer)
        },
    );
}

/// The whole page.
/// A callback that sends the reducer the action `make` builds from what it is called with
/// (`send(&state, Action::SetRanks)`), the one way the page's controls talk to the state.
fn send<T: 'static>(
    state: &UseReducerHandle<State>,
    make: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value: T| state.dispatch(make(value)))
}

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(State::default);
    // The page's language (crate::ui_lang): every component reads it from the context below.
    let lang = use_state(crate::ui_lang::initial);
    use_effect_with(*lang, |l| crate::ui_lang::apply(*l));
    let on_ui_lang = {
        let (lang, state) = (lang.clone(), state.clone());
        Callback::from(move |l: Lang| {
            crate::ui_lang::save(l);
            lang.set(l);
            state.dispatch(Action::LessonLanguage(l.code().to_string()));
        })
    };
    let embed = use_memo((), |_| {
        let (hash, query) = location();
        url::is_embed(&hash, &query)
    });
    let embed = *embed;
    // `&readonly` (with the embed): the program cannot be edited, only run and stepped.
    let readonly = *use_memo((), |_| {
        let (hash, query) = location();
        url::has_part(&hash, &query, "readonly")
    });
    let share_link = use_state(|| None::<String>);
    // `#paper=ID` shows a paper check instead of the playground (a playing run pauses).
    let route = crate::routes::use_route();
    {
        let state = state.clone();
        use_effect_with(route.route.is_paper(), move |open| {
            if *open {
                state.dispatch(Action::Pause);
            }
        });
    }
    // The time window every timeline of the page shows (the run's and the comparison's).
    let axis = use_memo((), |_| SharedAxis::default());
    let axis = (*axis).clone();
    // On first render: restore a share link, or else this browser's autosaved edit.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            crate::loading::dismiss();
            let (hash, _) = location();
            if url::lesson_link(&hash).is_some() {
                // A lesson link: the lesson sets the playground up (crate::lessons::links).
            } else if url::is_share_link(&hash) {
                state.dispatch(Action::Restore(url::decode(&hash)));
            } else if let Some(saved) = (!embed).then(autosave::load).flatten() {
                state.dispatch(Action::RestoreAutosave(saved));
            }
        });
    }
    // A share link the address moves to later (a link on the page, e.g. the Schedules page's
    // "Open as a C program", or one pasted into the address bar).
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let listener = crate::window_events::WindowListener::new(&["hashchange"], move || {
                let (hash, _) = location();
                if url::lesson_link(&hash).is_none() && url::is_share_link(&hash) {
                    state.dispatch(Action::FollowLink(url::decode(&hash)));
                }
            });
            move || drop(listener)
        });
    }
    // Autosave every edit (not in embeds: a slide must not overwrite the viewer's own work).
    autosave::use_autosave(state.share_state(), !embed);
    crate::playground::my_programs_effect::use_my_programs(&state, !embed);
    use_playback(&state);
    crate::playground::keys::use_stepping_keys(&state, !route.route.is_paper());
    // Presentation mode's type size: the one remembered in this browser, then every change kept.
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            if let Some(scale) = crate::playground::font_scale::load() {
                state.dispatch(Action::SetFontScale(scale));
            }
        });
    }
    use_effect_with(state.font_scale, |&scale| {
        if scale != crate::playground::font_scale::DEFAULT
            || crate::playground::font_scale::load().is_some()
        {
            crate::playground::font_scale::save(scale);
        }
    });
    crate::lessons::links::use_lesson_links(&state, route.route.is_paper());
    // The open lesson step's run, by its serial number: a new one when a step is entered or
    // revealed.
    let lesson_run = state
        .lesson
        .as_ref()
        .and(state.session.as_ref())
        .map(|c| c.0.borrow().serial);
    crate::lessons::highlight::use_lesson_highlights(
        state
            .lesson
            .as_ref()
            .filter(|_| !route.route.is_paper())
            .map_or_else(Vec::new, |o| o.current().highlight.clone()),
        lesson_run,
    );
    crate::lessons::window::use_lesson_window(
        &axis,
        state.lesson.as_ref().and_then(|o| o.window),
        lesson_run,
    );

    // "Share": the link goes into the address bar and into a box ready to copy.
    let on_share = {
        let (state, share_link, lang) = (state.clone(), share_link.clone(), *lang);
        Callback::from(move |_| {
            // An open lesson is shared as a lesson link (a file of one's own inside the link).
            let fragment = match &state.lesson {
                Some(open) => url::encode_lesson(
                    &open.lesson.id,
                    open.text.as_deref(),
                    open.step,
                    state.present,
                ),
                None => url::encode(&state.share_state()),
            };
            let fragment = crate::ui_lang::with_lang(fragment, lang);
            if let Some(location) = web_sys::window().map(|w| w.location()) {
                location.set_hash(&fragment).ok();
                share_link.set(location.href().ok());
            }
        })
    };
    let on_close_share = {
        let share_link = share_link.clone();
        Callback::from(move |()| share_link.set(None))
    };
    let on_seek = send(&state, Action::Seek);
    let on_seek_time = send(&state, Action::SeekTime);
    let on_select = send(&state, Action::SelectProfile);
    let on_ranks = send(&state, Action::SetRanks);
    let on_speed = send(&state, Action::SetSpeed);
    let on_options = send(&state, Action::SetOptions);
    let on_args = send(&state, Action::SetArgs);
    let on_load = send(&state, |(origin, text): (String, String)| {
        Action::LoadProfile { origin, text }
    });
    let on_network = send(&state, |on: bool| Action::SetNetwork(on.then(Vec::new)));
    let on_matches = send(&state, |on: bool| Action::SetMatches(on.then(Vec::new)));
    let act = |a: Action| send(&state, move |()| a.clone());
    let (on_run, on_pause, on_step, on_back, on_reset) = (
        act(Action::Run),
        act(Action::Pause),
        act(Action::Jump {
            jump: crate::playground::stride::Jump::Plain,
            forward: true,
        }),
        act(Action::Jump {
            jump: crate::playground::stride::Jump::Plain,
            forward: false,
        }),
        act(Action::Reset),
    );
    let on_focus = send(&state, Action::FocusRank);
    let on_example = send(&state, |i: usize| {
        Action::Programs(crate::playground::my_programs::ProgramAction::PickExample(
            i,
        ))
    });
    let on_programs = send(&state, Action::Programs);
    let on_edit = send(&state, Action::Edit);
    let on_view = send(&state, Action::ShowView);
    let on_present = act(Action::TogglePresent);
    let run_bar = html! {
        <RunBar session={state.session.clone()} generation={state.generation}
            diagnostics={state.diagnostics.clone()} files={state.files.all(&state.source)}
            on_open_file={send(&state, |name| Action::Files(crate::playground::program_files::FileAction::Show(name)))}
            run_error={state.run_error.clone()} playing={state.playing} speed={state.speed}
            on_run={on_run.clone()} {on_pause} {on_step} {on_back} {on_reset} {on_speed}
            on_seek={on_seek.clone()} max_events={state.options.run.max_events} />
    };
    let jump_bar = {
        let on_jump = send(&state, |(jump, forward)| Action::Jump { jump, forward });
        let on_every = send(&state, Action::SetEveryEvent);
        html! {
            <crate::playground::components::jump_bar::JumpBar session={state.session.clone()}
                generation={state.generation} focus_rank={state.focus_rank}
                every_event={state.every_event} {on_jump} {on_every} />
        }
    };
    let network_bar = match &state.network {
        Some(choices) => {
            let on_choose = send(&state, |(point, rank): (u32, u32)| Action::Choose {
                point,
                rank,
            });
            html! {
                <NetworkBar session={state.session.clone()} generation={state.generation}
                    choices={choices.clone()} {on_choose} on_seek={on_seek.clone()}
                    on_off={act(Action::SetNetwork(None))} />
            }
        }
        None => Html::default(),
    };
    let explore_panel = match &state.matches {
        Some(_) => {
            let on_choose = send(&state, |(point, rank): (u32, u32)| Action::ChooseMatch {
                point,
                rank,
            });
            html! {
                <crate::playground::components::explore_panel::ExplorePanel
                    session={state.session.clone()} generation={state.generation}
                    exploration={state.exploration().cloned()}
                    error={state.explore_error.clone().map(AttrValue::from)}
                    locked={state.lesson.as_ref().is_some_and(|l| l.predicting())}
                    on_explore={act(Action::Explore)}
                    on_replay={send(&state, Action::ReplayMatches)} {on_choose}
                    on_jump={send(&state, |(choices, event): (Vec<u32>, u64)| Action::JumpMatches { choices, event })}
                    on_seek={on_seek.clone()} on_off={act(Action::SetMatches(None))} />
            }
        }
        None => Html::default(),
    };
    let file_tabs = {
        let on_action = send(&state, Action::Files);
        let names: Vec<AttrValue> = state
            .files
            .names()
            .map(|n| AttrValue::from(n.to_string()))
            .collect();
        let written = state.written_tabs();
        // Presentation mode, lessons and embeds show the tabs only when there is more than one.
        let compact = state.present || state.lesson.is_some() || embed || readonly;
        if compact && names.len() == 1 && written.is_empty() {
            Html::default()
        } else {
            html! {
                <crate::playground::components::file_tabs::FileTabs {names} open={state.files.open} {written}
                    problem={state.files.problem.clone().map(AttrValue::from)} {compact} {on_action} />
            }
        }
    };
    let editing_written = matches!(
        state.files.open,
        crate::playground::program_files::Tab::Written(_)
    );
    let editor = html! {
        // One editor per file: its undo history is that file's.
        <Editor key={state.files.tab_key()} source={state.editor_text()} {on_edit} on_run={on_run.clone()}
            diagnostics={state.editor_diagnostics()} rank_lines={state.rank_lines()}
            file_name={state.file_name().map(AttrValue::from)} read_only={readonly || editing_written}
            wrap={state.present} tabs={file_tabs} plain={state.files.open_is_data()} />
    };
    let timeline = match &state.session {
        Some(s) => html! {
            <Timeline session={s.clone()} generation={state.generation} axis={axis.clone()}
                title={lang.t(Text::Timeline)}
                on_seek={on_seek.clone()}
                rows={state.timeline_rows.clone()}
                on_rows={send(&state, Action::SetTimelineRows)} />
        },
        None => Html::default(),
    };
    // The side-by-side run, below the main timeline on the same time axis.
    let compare = match (&state.session, state.options.compare) {
        (Some(primary), Some(engine))
            if state.compare.is_some() || state.compare_error.is_some() =>
        {
            html! {
                <ComparePanel compare={state.compare.clone()} error={state.compare_error.clone()}
                    {engine} primary={primary.clone()} generation={state.generation}
                    axis={axis.clone()} {on_seek_time} />
            }
        }
        _ => Html::default(),
    };
    let machine = match (&state.profiles, state.selected_profile()) {
        (Ok(profiles), Some(p)) => html! {
            <>
                <MachineView profile={p.clone()} />
                if !embed {
                    <MachineList profiles={profiles.clone()} selected={state.selected.clone()}
                        on_select={on_select.clone()} />
                }
            </>
        },
        _ => Html::default(),
    };
    // Before the first run (and before a view is picked): "Start here" first, above the views.
    let start_here = state.session.is_none()
        && state.view.is_none()
        && state.lesson.is_none()
        && !state.present
        && !embed;
    let tabs = html! {
        <ViewTabs session={state.session.clone()} generation={state.generation}
            current={state.current_view()} {on_view}
            focus_rank={state.focus_rank} {on_focus} on_seek={on_seek.clone()} {machine} />
    };
    let views = if start_here {
        let machine = state
            .selected_profile()
            .map_or_else(|| state.selected.clone(), |p| p.machine.name.clone());
        html! {
            <>
                <crate::playground::components::start_here::StartHere machine={machine} ranks={state.ranks}
                    ring={state.source == crate::state::STARTER_PROGRAM}
                    on_run={on_run.clone()} on_machine={act(Action::ShowView(View::MACHINE))} />
                { tabs }
            </>
        }
    } else {
        tabs
    };
    // Code on the left; the run's controls, its timeline and the view that matters on the right
    // (on a narrow screen, one column in that order).
    let layout = |controls: Html| {
        html! {
            <main class="layout">
                <div class="col col-code">
                    { controls }
                    <div class="area-editor">{ editor.clone() }</div>
                </div>
                <div class="col col-run">
                    <div class="area-run">{ run_bar.clone() }{ jump_bar.clone() }{ network_bar.clone() }{ explore_panel.clone() }</div>
                    <div class="area-timeline">{ timeline.clone() }{ compare.clone() }</div>
                    <div class="area-views">{ views.clone() }</div>
                </div>
            </main>
        }
    };
    let lesson_pane = match &state.lesson {
        Some(open) => {
            let on_step = send(&state, Action::LessonStep);
            // A lesson's language is the page's.
            let on_lang = on_ui_lang.reform(|l: String| Lang::from_code(&l).unwrap_or_default());
            let on_answer = send(&state, Action::AnswerPrediction);
            let on_replay = send(&state, |r: rankscope_core::lessons::Replay| match r.space {
                // A lesson explores one space (`lessons::orders` refuses both at once), so a
                // replay of both carries no delivery choices: its matches are replayed.
                rankscope_core::explore::Space::Matches | rankscope_core::explore::Space::All => {
                    Action::ReplayMatches(r.choices)
                }
                rankscope_core::explore::Space::Network => Action::ReplayOrder(r.choices),
            });
            html! {
                <div class="area-lesson">
                    <LessonPane open={open.clone()} {on_step} on_close={act(Action::CloseLesson)}
                        {on_lang} {on_answer} on_check={act(Action::CheckTask)} {on_replay} />
                </div>
            }
        }
        None => Html::default(),
    };
    // The playground's two columns fill the window (style.css); a paper check or the reference
    // scrolls as a page.
    let modes = classes!(
        "app",
        (embed || !route.route.is_paper()).then_some("playground"),
        state.present.then_some("present"),
        embed.then_some("embed"),
        readonly.then_some("readonly")
    );
    if embed {
        let full = format!("./#{}", url::encode(&state.share_state()));
        return html! {
            <ContextProvider<Lang> context={*lang}>
            <div class={modes} data-testid="app" data-ready="true" data-embed="true">
                <div class="embed-bar">
                    <span class="brand-mini">{ "Rankscope" }</span>
                    <span class="muted" data-testid="run-label">{ state.run_label() }</span>
                    <a class="open-full" href={full} target="_blank" rel="noopener"
                        data-testid="open-full">{ lang.t(Text::OpenInRankscope) }</a>
                </div>
                { layout(lesson_pane.clone()) }
            </div>
            </ContextProvider<Lang>>
        };
    }
    let body = match &state.profiles {
        Err(message) => html! {
            <div class="error-banner" role="alert">{ "The built-in machine profiles failed to load: " }{ message }</div>
        },
        Ok(_) if state.lesson.is_some() => layout(lesson_pane.clone()),
        Ok(profiles) if !state.present => layout(html! {
            <div class="area-controls">
                if let Some(opening) = &state.pending_open {
                    <crate::playground::components::open_confirm::OpenConfirm title={opening.title()}
                        suggested={state.programs.free_name("my program")}
                        on_action={on_programs.clone()} />
                }
                <Controls profiles={profiles.clone()} selected={state.selected.clone()}
                    example={state.example} replaced_edit={state.replaced_edit}
                    too_few_ranks={state.too_few_ranks().map(AttrValue::from)}
                    ranks={state.ranks} capacity={state.capacity()}
                    {on_select} {on_ranks} {on_load}
                    load_error={state.profile_error.clone()} {on_example}
                    options={state.options} {on_options}
                    args={state.args.clone()} {on_args}
                    network={state.network.is_some()} {on_network}
                    matches={state.matches.is_some()} {on_matches}
                    room_note={state.room_note.clone()}
                    on_use_machine={send(&state, |(id, ranks): (String, u32)| Action::UseMachine { id, ranks })}
                    args_error={state.program_args().err().map(|e| AttrValue::from(e.to_string()))} />
                <crate::playground::components::my_programs::MyPrograms programs={state.programs.clone()}
                    open={state.program_name.clone().map(AttrValue::from)}
                    suggested={state.suggested_name()} source={state.source.clone()}
                    error={state.programs_error.clone().map(AttrValue::from)}
                    on_action={on_programs.clone()} />
            </div>
        }),
        Ok(_) => layout(Html::default()),
    };
    let on_lesson_file = send(&state, |(name, text): (String, String)| {
        Action::OpenLessonText {
            name,
            text,
            step: 0,
            lang: crate::lessons::links::preferred_language(),
        }
    });
    let body = match &route.route {
        Route::Playground => body,
        Route::Lessons => html! {
            <LessonList on_file={on_lesson_file} error={state.lesson_error.clone()} />
        },
        Route::Paper(id) => match rankscope_core::papers::find(id) {
            Some(paper) => html! {
                <PaperCheckView key={*id} paper={*id} check={route.checks.of(paper)} />
            },
            None => html! { <UnknownPaper id={*id} /> },
        },
        Route::Unknown(id) => html! { <UnknownPaper id={id.clone()} /> },
        Route::Schedule(q) => html! {
            <crate::schedules::view::ScheduleView query={q.clone()} />
        },
        Route::Reference(anchor) => html! {
            <crate::reference::ReferenceView target={anchor.clone().map(AttrValue::from)} />
        },
    };
    html! {
        <ContextProvider<Lang> context={*lang}>
        <div class={modes} data-testid="app" data-ready="true" data-present={state.present.to_string()}
            style={state.present.then(|| crate::playground::font_scale::style(state.font_scale))}>
            if state.present && !route.route.is_paper() {
                <div class="present-bar">
                    <span class="brand-mini">{ "Rankscope" }</span>
                    <span class="muted" data-testid="run-label">{ state.run_label() }</span>
                    <span class="font-size" role="group" aria-label="Type size">
                        <button class="control slim" data-testid="font-smaller" title="smaller type (−)"
                            aria-label="smaller type" onclick={act(Action::FontStep(-1)).reform(|_| ())}>{ "A−" }</button>
                        <button class="control slim" data-testid="font-reset" title="the usual type size"
                            onclick={act(Action::FontStep(0)).reform(|_| ())}>{ format!("{} %", state.font_scale) }</button>
                        <button class="control slim" data-testid="font-larger" title="larger type (+)"
                            aria-label="larger type" onclick={act(Action::FontStep(1)).reform(|_| ())}>{ "A+" }</button>
                    </span>
                    <button class="control" data-testid="leave-present" onclick={on_present.reform(|_| ())}
                        title={lang.t(Text::LeavePresentTitle)}>{ lang.t(Text::LeavePresent) }</button>
                    <button class="share" data-testid="share" onclick={on_share.reform(|_| ())}
                        title={lang.t(Text::ShareLinkPresentTitle)}>
                        { lang.t(Text::ShareLink) }
                    </button>
                </div>
            } else {
                <Header core_version={rankscope_core::VERSION} {on_share} {on_present}
                    paper_open={route.route.is_paper()} paper={route.route.paper()}
                    reference_open={route.route.is_reference()}
                    lessons_open={route.route == Route::Lessons}
                    schedule_open={matches!(route.route, Route::Schedule(_))} on_lang={on_ui_lang} />
            }
            if let Some(link) = &*share_link {
                <ShareBar link={link.clone()} on_close={on_close_share} />
            }
            if let (Some(e), Route::Playground) = (&state.lesson_error, &route.route) {
                <div class="error-banner" role="alert" data-testid="lesson-link-error">{ e }</div>
            }
            if let Some(e) = &state.link_error {
                <div class="error-banner" role="alert" data-testid="link-error">{ e }</div>
            }
            { body }
            <footer class="foot muted" hidden={state.present}>
                { lang.t(Text::Footer) }
            </footer>
        </div>
        </ContextProvider<Lang>>
    }
}
