//! The setup controls: example picker, machine profile, rank count, the program's arguments, the
//! point-to-point engine and the one to compare it with side by side, run limits, profile loading.

use rankscope_core::machine::{Profile, ProfileError};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::i18n::Text;

use crate::playground::run_options::{RunOptions, CEILING};
use rankscope_core::proto::p2p::{Matching, ENGINES};
use rankscope_core::run_config::{Choice, RunConfig, RunOption, OPTIONS};

/// Props: the profiles to choose from and the current choice.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Built-in profiles.
    pub profiles: Vec<Profile>,
    /// The example open in the editor (index into the examples), if any.
    #[prop_or_default]
    pub example: Option<usize>,
    /// Opening it replaced an edit (said under the picker).
    #[prop_or_default]
    pub replaced_edit: bool,
    /// The open example needs more ranks than set (said under the rank count).
    #[prop_or_default]
    pub too_few_ranks: Option<AttrValue>,
    /// Selected profile id.
    pub selected: AttrValue,
    /// Rank count.
    pub ranks: u32,
    /// Largest rank count the selected machine holds.
    pub capacity: u32,
    /// Called with a profile id.
    pub on_select: Callback<String>,
    /// Called with a rank count.
    pub on_ranks: Callback<u32>,
    /// Called with `(file name, text)` of a profile file the user picked.
    pub on_load: Callback<(String, String)>,
    /// Why the last loaded profile was rejected.
    pub load_error: Option<ProfileError>,
    /// Called with the index of the example the user picked.
    pub on_example: Callback<usize>,
    /// The run limits.
    pub options: RunOptions,
    /// Called with new run limits.
    pub on_options: Callback<RunOptions>,
    /// The "Arguments" line as typed.
    pub args: AttrValue,
    /// Why that line does not split into arguments, if it does not.
    pub args_error: Option<AttrValue>,
    /// Called with a new "Arguments" line (when the field is left or Enter is pressed).
    pub on_args: Callback<String>,
    /// Whether the user is the network (chooses which racing message lands first).
    pub network: bool,
    /// Called when the user turns being the network on or off.
    pub on_network: Callback<bool>,
    /// Whether every match MPI allows is explored (wildcard receives wait until every rank
    /// waits).
    pub matches: bool,
    /// Called when the user turns "Every match" on or off.
    pub on_matches: Callback<bool>,
    /// More ranks were asked for than the machine holds: said, with a machine that holds them.
    #[prop_or_default]
    pub room_note: Option<crate::playground::rank_room::RoomNote>,
    /// Called with `(profile id, ranks)` when the user takes the offered machine.
    #[prop_or_default]
    pub on_use_machine: Callback<(String, u32)>,
}

/// The "Arguments" field's tooltip.
pub(crate) const ARGS_HINT: &str =
    "what main(int argc, char *argv[]) gets after argv[0] (\"program\"), \
split like a shell does: spaces separate arguments, \"…\" or '…' keep spaces inside one, \
a backslash takes the next character as it is. Applies from the next Run; kept in share links.";

/// A run option's select's test id: `KEY-select` (PVM's route keeps the id it had before the
/// options were one table).
fn test_id(key: &str) -> String {
    match key {
        "pvm-route" => "pvm-select".to_string(),
        key => format!("{key}-select"),
    }
}

/// The toolbar above the views.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let on_change = {
        let cb = props.on_select.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            cb.emit(select.value());
        })
    };
    let on_ranks = {
        let cb = props.on_ranks.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().trim().parse::<u32>() {
                cb.emit(n);
            }
        })
    };
    let on_file = crate::file_text::on_file_text(props.on_load.clone());
    // The picker shows the example open: set as the element's value whenever it changes (an
    // `<option selected>` attribute no longer moves a select the user has picked in).
    let picker = use_node_ref();
    {
        let picker = picker.clone();
        use_effect_with(props.example, move |open| {
            if let Some(select) = picker.cast::<HtmlSelectElement>() {
                select.set_value(&open.map_or_else(String::new, |i| i.to_string()));
            }
        });
    }
    let on_pick = {
        let (cb, open) = (props.on_example.clone(), props.example);
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            // The picker keeps showing the example open until the pick is opened (it may wait
            // for the confirm step, or be cancelled there); the editor's header names it too.
            let picked = select.value();
            select.set_value(&open.map_or_else(String::new, |i| i.to_string()));
            if let Ok(i) = picked.parse::<usize>() {
                cb.emit(i);
            }
        })
    };
    // One number field of the run limits: parses, clamps in the reducer, ignores non-numbers.
    let limit = |label: &'static str,
                 hint: &'static str,
                 value: u64,
                 max: u64,
                 testid: &'static str,
                 set: fn(RunOptions, u64) -> RunOptions| {
        let (cb, options) = (props.on_options.clone(), props.options);
        let on_change = Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().trim().replace(['_', ','], "").parse::<u64>() {
                cb.emit(set(options, n));
            }
        });
        html! {
            <label class="field" title={lang.tr(hint)}>
                <span>{ lang.tr(label) }</span>
                <input type="number" min="1" max={max.to_string()} value={value.to_string()}
                    onchange={on_change} data-testid={testid} />
            </label>
        }
    };
    // "Compare with": off, or any engine; Run then also runs the program under it.
    let on_compare = {
        let (cb, options) = (props.on_options.clone(), props.options);
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            let compare = match value.as_str() {
                "" => None,
                name => match name.parse::<Matching>() {
                    Ok(m) => Some(m),
                    Err(_) => return,
                },
            };
            cb.emit(RunOptions { compare, ..options });
        })
    };
    // One select per run option with choices, all from core's table: its label, help, values.
    let choice = |option: &'static RunOption, choices: Vec<Choice>| {
        let (cb, options) = (props.on_options.clone(), props.options);
        let on_change = Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let mut run = options.run;
            if option.set(&mut run, &select.value()).is_ok() {
                cb.emit(RunOptions { run, ..options });
            }
        });
        let current = option.get(&props.options.run);
        // The chosen value's own help when it has one (the lock schemes'), else the option's.
        let title = (choices.iter())
            .find(|c| c.value == current && !c.help.is_empty())
            .map_or(option.help, |c| c.help);
        html! {
            <label class="field" title={lang.tr_dyn(title).to_string()}>
                <span>{ lang.tr(option.label) }</span>
                <select onchange={on_change} data-testid={test_id(option.key)}>
                    { for choices.into_iter().map(|c| {
                        let selected = c.value == current;
                        let title = (!c.help.is_empty()).then(|| lang.tr_dyn(c.help).to_string());
                        html! {
                            <option value={c.value} {title} {selected}>{ lang.tr_dyn(&c.label).to_string() }</option>
                        }
                    }) }
                </select>
            </label>
        }
    };
    let on_args = {
        let cb = props.on_args.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cb.emit(input.value());
        })
    };
    let on_network = {
        let cb = props.on_network.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cb.emit(input.checked());
        })
    };
    let on_matches = {
        let cb = props.on_matches.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cb.emit(input.checked());
        })
    };
    // The picker's options: the project's examples, or (`suite`) MPICH's tests.
    let examples = |suite: bool| {
        let picked = props.example;
        (crate::playground::examples::all().iter().enumerate())
            .filter(move |(_, e)| e.suite == suite)
            .map(move |(i, e)| {
                html! {
                    <option value={i.to_string()} title={e.title.clone()}
                        selected={picked == Some(i)}>{ &e.path }</option>
                }
            })
    };
    // The engine's select first, then "Compare with", then the other choices.
    let mut selects = OPTIONS
        .iter()
        .filter_map(|o| Some(choice(o, (o.choices?)())));
    let open = props.network
        || props.matches
        || props.options.compare.is_some()
        || props.options.run.protocol_changed();
    html! {
        <section class="panel controls" aria-label={lang.t(Text::RunSetup)}>
            <label class="field example-field">
                <span>{ lang.t(Text::Example) }</span>
                <select data-testid="example-select" onchange={on_pick} ref={picker}>
                    <option value="" selected={props.example.is_none()}>{ lang.t(Text::OpenExample) }</option>
                    { for examples(false) }
                    if crate::playground::examples::all().iter().any(|e| e.suite) {
                        <optgroup label={lang.f(Text::SuiteExamples, &[&crate::playground::examples::suite_version()])}>
                            { for examples(true) }
                        </optgroup>
                    }
                </select>
                if props.replaced_edit {
                    <span class="field-note" role="status" data-testid="replaced-edit">
                        { lang.f(Text::ReplacedEdit, &[&props.example.and_then(crate::playground::examples::get).map_or("The example", |e| e.path.as_str())]) }
                    </span>
                }
            </label>
            <label class="field machine-field">
                <span>{ lang.t(Text::Machine) }</span>
                <select data-testid="profile-select" onchange={on_change}>
                    { for props.profiles.iter().map(|p| {
                        let id = p.machine.id.clone();
                        html! {
                            <option value={id.clone()} selected={id == props.selected.as_str()}>
                                { &p.machine.name }
                            </option>
                        }
                    }) }
                </select>
            </label>
            <label class="field ranks-field" title={lang.f(Text::UpToTitle, &[&props.capacity])}>
                <span>{ lang.t(Text::Ranks) }<span class="muted capacity">{ lang.f(Text::UpTo, &[&props.capacity]) }</span></span>
                <input type="number" min="1" max={props.capacity.to_string()}
                    value={props.ranks.to_string()} onchange={on_ranks} data-testid="ranks-input" />
                if let Some(note) = &props.too_few_ranks {
                    <span class="field-note" role="status" data-testid="too-few-ranks">{ note.clone() }</span>
                }
            </label>
            if props.example.and_then(crate::playground::examples::get).is_some_and(|e| e.suite) {
                <p class="field-note suite-note" data-testid="suite-note">{ lang.t(Text::SuiteNote) }</p>
            }
            if let Some(note) = &props.room_note {
                <div class="field-note room-note" role="status" data-testid="room-note">
                    <span>{ note.sentence_in(lang) }</span>
                    if let (Some(fits), Some(offer)) = (&note.fits, note.offer_in(lang)) {
                        <button type="button" class="control" data-testid="use-machine"
                            onclick={{
                                let (cb, id, ranks) = (props.on_use_machine.clone(), fits.id.clone(), note.asked);
                                Callback::from(move |_| cb.emit((id.clone(), ranks)))
                            }}>{ offer }</button>
                    }
                </div>
            }
            <label class="field args" title={lang.tr(ARGS_HINT)}>
                <span>{ lang.t(Text::Arguments) }</span>
                <input type="text" value={props.args.clone()} onchange={on_args}
                    placeholder={lang.t(Text::ArgsPlaceholder)} spellcheck="false" autocomplete="off"
                    aria-invalid={props.args_error.is_some().to_string()}
                    aria-describedby={props.args_error.as_ref().map(|_| "args-error")}
                    data-testid="args-input" />
            </label>
            <label class="file-button" title={lang.t(Text::LoadProfileTitle)}>
                { lang.t(Text::LoadProfile) }
                <input type="file" accept=".toml,text/plain" onchange={on_file} data-testid="profile-file" />
            </label>
            <details class="limits" {open}>
                <summary>{ lang.t(Text::ProtocolAndLimits) }</summary>
                <div class="limits-row">
                    { for selects.next() }
                    <label class="field" title={lang.t(Text::CompareWithTitle)}>
                        <span>{ lang.t(Text::CompareWith) }</span>
                        <select onchange={on_compare} data-testid="compare-select">
                            <option value="" selected={props.options.compare.is_none()}>{ lang.t(Text::Off) }</option>
                            { for ENGINES.iter().map(|m| html! {
                                <option value={m.to_string()} selected={Some(*m) == props.options.compare}>{ m.to_string() }</option>
                            }) }
                        </select>
                    </label>
                    { for selects }
                    <label class="field check-field" title={lang.t(Text::NetworkTitle)}>
                        <input type="checkbox" checked={props.network} onchange={on_network}
                            data-testid="network-toggle" />
                        <span>{ lang.t(Text::YouAreTheNetwork) }</span>
                    </label>
                    <label class="field check-field" title={lang.tr("Hold each MPI_ANY_SOURCE receive until every rank waits, then explore every sender's message it could take")}>
                        <input type="checkbox" checked={props.matches} onchange={on_matches}
                            data-testid="matches-toggle" />
                        <span>{ lang.tr("Every match") }</span>
                    </label>
                    { limit("Eager limit (bytes)", "the eager engine sends a standard send of up to this many bytes and completes it at once; a larger one completes only once a receive matched it (MPICH's 8251 by default; Open MPI over TCP: 65536)",
                        props.options.run.eager_limit, CEILING.eager_limit, "eager-limit",
                        |o, n| RunOptions { run: RunConfig { eager_limit: n, ..o.run }, ..o }) }
                    { limit("Events per run", "the run stops with an error after this many events",
                        props.options.run.max_events, CEILING.max_events, "max-events",
                        |o, n| RunOptions { run: RunConfig { max_events: n, ..o.run }, ..o }) }
                    { limit("Operations per rank", "a rank that executes more bytecode operations is stopped as a runaway loop",
                        props.options.run.max_ops, CEILING.max_ops, "max-ops",
                        |o, n| RunOptions { run: RunConfig { max_ops: n, ..o.run }, ..o }) }
                    { limit("Memory per rank (MiB)", "what each rank's variables, arrays and malloc blocks may take in all, counted as C's sizeof counts them (256 MiB by default: a 64 MB array fits)",
                        u64::from(props.options.run.memory >> 20), u64::from(CEILING.memory >> 20), "memory-mib",
                        |o, n| RunOptions { run: RunConfig { memory: u32::try_from(n.saturating_mul(1 << 20)).unwrap_or(u32::MAX), ..o.run }, ..o }) }
                    <p class="muted">{ lang.t(Text::LimitsHelp) }</p>
                </div>
            </details>
            if let Some(e) = &props.args_error {
                <p class="load-error" id="args-error" role="alert" data-testid="args-error">
                    { lang.f(Text::ArgumentsError, &[e]) }
                </p>
            }
            if let Some(e) = &props.load_error {
                <p class="load-error" role="alert" data-testid="profile-error">{ e.to_string() }</p>
            }
        </section>
    }
}
