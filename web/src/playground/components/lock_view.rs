//! The lock behind `MPI_Win_lock` at the current event: paper 003's MCS readers/writer lock with
//! its record in rank 0's one-sided words, decoded by core (`mcs_rw::LockView`) — the reader
//! count with WIFLAG and WAFLAG, `r_hd`, `w_hd`, `w_tail`, the reader and writer queues as
//! chains of queue nodes, every rank's node (`blocked`, `next`), who holds the lock (core's
//! `LockLedger` over the `Lock` records) and who spins. The last event's memory operations are
//! listed above, each with its arrow (origin → the rank whose word it touched) and core's
//! sentence; the fields they touched light up. Shown once the run has used the lock. Under the
//! other lock schemes (foMPI, test-and-set, Li et al.'s lock per target) it shows each lock's
//! words as core decodes them (`LockScheme::lock_words`, `describe_word`), who holds each lock,
//! and the same list of the last event's steps.
//!
//! It reads the run's lock scheme (`Sim::layer::<Locks>()`) and, under MCS-RW, rank 0's lock words
//! from `Sim::layer::<OneSided>()`; the holders come from the session's `LockLedger` (extended by
//! `Session::after_move` like the timeline; `LockView::summary(&holders)` never says more hold the
//! lock than the holders list), the spinners from `OneSided::spinning`, and the last event's
//! `LockRecord::LockStep` records give the arrows, sentences and lit fields. It is shown once the
//! known trace has a lock record, so it stays put while scrubbing. The select under "Protocol and
//! limits" sets `RunOptions::lock` (in share links and the autosave; old links mean `mcs-rw`).

use rankscope_core::locks::ledger::Holders;
use rankscope_core::locks::mcs_rw::{self, Field, LockView};
use rankscope_core::locks::{LockRecord, LockScheme, Locks, MemOp, Word};
use rankscope_core::proto::rma::{OneSided, RmaRecord};
use rankscope_core::trace::Record;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::playground::session::SessionCell;

/// The rank whose words hold the lock record (core's MPI library keeps it on rank 0).
const HOME: u32 = 0;
/// Queue nodes shown (a run with more shows the first ones and says so).
const MAX_RANKS: u32 = 16;

/// Props: the run and its generation.
#[derive(Properties, PartialEq)]
pub struct LockViewProps {
    /// The run.
    pub session: SessionCell,
    /// Changes whenever the run moves.
    pub generation: u64,
}

/// What the last event did to the lock.
#[derive(Default)]
struct LastEvent {
    /// Fields its memory operations touched (MCS-RW).
    fields: Vec<Field>,
    /// Words its memory operations touched.
    words: Vec<Word>,
    /// Ranks that took or left the lock, or started spinning.
    ranks: Vec<u32>,
    /// `(arrow, sentence)` per lock record, the arrow empty for takes, leaves and spins.
    news: Vec<(Option<Arrow>, String)>,
}

/// One memory operation drawn as an arrow from its origin to the word's rank.
struct Arrow {
    from: u32,
    to: u32,
    op: &'static str,
    field: String,
}

fn op_name(op: MemOp) -> &'static str {
    match op {
        MemOp::Read(_) => "read",
        MemOp::Write(..) => "write",
        MemOp::Atomic { kind, .. } => kind.name(),
    }
}

impl LastEvent {
    fn of<'a>(records: impl Iterator<Item = &'a Record>, scheme: LockScheme) -> LastEvent {
        let mut last = LastEvent::default();
        for r in records {
            let rank = match (r.layer::<LockRecord>(), r.layer::<RmaRecord>()) {
                (Some(LockRecord::Lock { rank, .. }), _)
                | (_, Some(RmaRecord::Spinning { rank, .. })) => Some(rank),
                _ => None,
            };
            if let Some(rank) = rank {
                last.ranks.push(rank);
                last.news.push((None, r.explain()));
            }
            if let Some(LockRecord::LockStep { rank, op, .. }) = r.layer::<LockRecord>() {
                {
                    let word = op.word();
                    if scheme == LockScheme::McsRw {
                        last.fields.extend(Field::of(HOME, word));
                    }
                    last.words.push(word);
                    let arrow = Arrow {
                        from: rank,
                        to: word.rank,
                        op: op_name(op),
                        field: word_label(scheme, word),
                    };
                    last.news.push((Some(arrow), r.explain()));
                }
            }
        }
        last
    }

    fn lit(&self, field: Field) -> bool {
        self.fields.contains(&field)
    }
}

/// The name of a lock word under `scheme` (`w_tail`, `global word`…).
fn word_label(scheme: LockScheme, word: Word) -> String {
    if scheme == LockScheme::McsRw {
        return mcs_rw::word_name(word.index).to_string();
    }
    scheme
        .lock_words(word.rank)
        .into_iter()
        .find(|(w, _)| *w == word)
        .map_or_else(
            || format!("word {}", word.index),
            |(_, name)| name.to_string(),
        )
}

/// The last event's lock steps and takes/leaves: an arrow chip (origin → the word's rank) and
/// core's sentence each.
fn news_list(last: &LastEvent) -> Html {
    if last.news.is_empty() {
        return Html::default();
    }
    let news = last.news.iter().map(|(arrow, sentence)| {
        let chip = arrow.as_ref().map(|a| {
            let (class, text) = if a.from == a.to {
                ("local", format!("rank {} · {} {}", a.from, a.op, a.field))
            } else {
                (
                    "remote",
                    format!("{} → {} · {} {}", a.from, a.to, a.op, a.field),
                )
            };
            html! { <span class={classes!("lock-arrow", class)}>{ text }</span> }
        });
        html! { <li>{ for chip }{ sentence }</li> }
    });
    html! { <ul class="queue-news lock-news" data-testid="lock-news">{ for news }</ul> }
}

/// A queue-node pointer as a label.
fn pointer(node: Option<u32>, lang: Lang) -> String {
    node.map_or("nil".to_string(), |r| lang.trf("rank {0}'s node", &[&r]))
}

/// One value of the lock record: its name, its value, whether the last event touched it.
fn field_row(name: &str, testid: &str, value: Html, lit: bool, meaning: &str) -> Html {
    let meaning = crate::ui_lang::current().tr_dyn(meaning);
    html! {
        <div class="lock-field" data-testid={testid.to_string()}>
            <span class="lock-field-name">{ name }</span>
            <span class={classes!("entry", lit.then_some("lit"))}>{ value }</span>
            <span class="lock-meaning muted">{ meaning }</span>
        </div>
    }
}

/// A flag of `rcnt` as a badge: its name, set or clear, and what it means.
fn badge(name: &str, set: bool, meaning: &str, testid: &str) -> Html {
    let lang = crate::ui_lang::current();
    let meaning = lang.tr_dyn(meaning);
    html! {
        <span class={classes!("lock-flag", set.then_some("set"))} data-testid={testid.to_string()}
            data-set={set.to_string()} title={meaning.to_string()}>
            <b>{ name }</b>
            { if set { lang.trf(" set: {0}", &[&meaning]) } else { lang.tr(" clear").to_string() } }
        </span>
    }
}

/// A queue as a chain: `head → rank 3 → rank 1 → nil`.
fn chain(
    head: &str,
    ranks: &[u32],
    view: &LockView,
    testid: &str,
    tail: Option<&str>,
    unlinked: Option<u32>,
) -> Html {
    let blocked = |r: u32| view.nodes.get(r as usize).is_some_and(|n| n.1);
    let lang = crate::ui_lang::current();
    let head = lang.tr_dyn(head);
    html! {
        <div class="lock-chain" data-testid={testid.to_string()}>
            <span class="lock-field-name">{ head }</span>
            { for ranks.iter().enumerate().map(|(i, &r)| html! {
                <>
                    <span class="chain-link" aria-hidden="true">{ "→" }</span>
                    <span class={classes!("chain-node", blocked(r).then_some("blocked"))}
                        title={if blocked(r) { lang.tr("blocked: spinning on its own flag") } else { lang.tr("not blocked") }}>
                        { lang.trf("rank {0}", &[&r]) }
                        if i + 1 == ranks.len() {
                            if let Some(t) = tail { <span class="muted">{ format!(" ({t})") }</span> }
                        }
                    </span>
                </>
            }) }
            <span class="chain-link" aria-hidden="true">{ "→" }</span>
            <span class="chain-nil muted">{ if ranks.is_empty() { lang.tr("nil (empty)") } else { "nil" } }</span>
            if let Some(r) = unlinked {
                <span class={classes!("chain-node", "unlinked", blocked(r).then_some("blocked"))}
                    title={lang.tr("w_tail names it, but its predecessor's next does not point to it yet")}>
                    { lang.trf("rank {0}", &[&r]) }<span class="muted">{ lang.tr(" (w_tail, linking)") }</span>
                </span>
            }
        </div>
    }
}

/// Who holds the lock, in words.
fn holders_text(h: &Holders) -> String {
    let lang = crate::ui_lang::current();
    match (&h.writer, h.readers.as_slice()) {
        (Some(w), []) => lang.trf("rank {0} (exclusive)", &[w]),
        (None, []) => lang.tr("nobody").to_string(),
        (None, [r]) => lang.trf("rank {0} (shared)", &[r]),
        (writer, readers) => {
            let list: Vec<String> = readers.iter().map(u32::to_string).collect();
            let shared = lang.trf("ranks {0} (shared)", &[&list.join(", ")]);
            match writer {
                Some(w) => lang.trf("rank {0} (exclusive) and {1}", &[w, &shared]),
                None => shared,
            }
        }
    }
}

/// The view.
#[function_component(LockPanel)]
pub fn lock_panel(props: &LockViewProps) -> Html {
    let lang = crate::ui_lang::use_lang();
    let run = props.session.0.borrow();
    let sim = run.history.sim();
    let scheme = sim
        .layer::<Locks>()
        .map_or(LockScheme::McsRw, Locks::scheme);
    let Some(words) = sim.layer::<OneSided>() else {
        return Html::default();
    };
    if scheme != LockScheme::McsRw {
        return counter_locks(&run, scheme);
    }
    let ranks = sim.size();
    let Some(view) = LockView::read(HOME, ranks, |w| words.word(w)) else {
        return Html::default();
    };
    let untouched = view.readers == 0
        && !view.writer_interested
        && !view.writer_active
        && view.writer_head.is_none()
        && view.writer_tail.is_none()
        && view.reader_queue.is_empty();
    if run.lock_ledger.first_use().is_none() && untouched {
        return Html::default();
    }
    let trace = sim.trace();
    let position = run.history.position();
    let shown = trace.records().len();
    let from = trace.records_after_steps(position.saturating_sub(1));
    let last = LastEvent::of(trace.records().range(from..shown), scheme);
    let holders = run.lock_ledger.holders(HOME, shown);
    let spinning = |r: u32| {
        words.spinning(r).map(|(word, until)| {
            lang.trf(
                "spins until its {0} {1}",
                &[&mcs_rw::word_name(word), &until.describe()],
            )
        })
    };
    let spinners: Vec<u32> = (0..ranks).filter(|&r| spinning(r).is_some()).collect();
    let role = |r: u32| {
        if holders.writer == Some(r) {
            Some(lang.tr("holds it exclusive").to_string())
        } else if holders.readers.contains(&r) {
            Some(lang.tr("holds it shared").to_string())
        } else {
            spinning(r)
        }
    };
    let writer_queue = view.writer_queue();
    let count = if view.readers == 1 {
        lang.tr("1 reader").to_string()
    } else {
        lang.trf("{0} readers", &[&view.readers])
    };
    let rcnt = html! {
        <div class="lock-field lock-count" data-testid="lock-rcnt">
            <span class="lock-field-name">{ "rcnt" }</span>
            <span class={classes!("entry", last.lit(Field::Count).then_some("lit"))}>{ count }</span>
            <span class="lock-flags">
                { badge("WIFLAG", view.writer_interested, "a writer waits for the readers to leave", "wiflag") }
                { badge("WAFLAG", view.writer_active, "a writer holds the lock or is being woken to take it", "waflag") }
            </span>
        </div>
    };
    let nodes = view.nodes.iter().take(MAX_RANKS as usize).map(|&(r, blocked, next)| {
        let role = role(r);
        let role_lit = last.ranks.contains(&r);
        html! {
            <div class="lock-node" data-testid="lock-node" data-rank={r.to_string()}>
                <span class="rank-id">{ lang.trf("rank {0}", &[&r]) }</span>
                <span class={classes!("lock-role", role.is_none().then_some("muted"), role_lit.then_some("lit"))}>
                    { role.unwrap_or_else(|| "—".to_string()) }
                </span>
                <span class="lock-node-words">
                    <span class={classes!("entry", last.lit(Field::Blocked(r)).then_some("lit"), blocked.then_some("blocked"))}>
                        { format!("blocked {blocked}") }
                    </span>
                    <span class={classes!("entry", last.lit(Field::Next(r)).then_some("lit"))}>
                        { format!("next {}", pointer(next, lang)) }
                    </span>
                </span>
            </div>
        }
    });
    html! {
        <section class="panel lock-panel" aria-label={lang.tr("Lock")} data-testid="lock-view">
            <div class="panel-head">
                <h2>{ lang.trf("Lock (MPI_Win_lock: {0}, on rank {1})", &[&"MCS-RW", &HOME]) }</h2>
                <span class="muted">{ lang.trf("at event {0}", &[&position]) }</span>
            </div>
            <p class="lock-summary" data-testid="lock-summary">
                <span>{ view.summary(&holders) }</span>
                <span class="muted">{ lang.tr(" · held by ") }</span>
                <span data-testid="lock-holders">{ holders_text(&holders) }</span>
                if !spinners.is_empty() {
                    <span class="muted">{ lang.tr(" · spinning: ") }</span>
                    <span data-testid="lock-spinners">{ spinners.iter().map(|r| lang.trf("rank {0}", &[r])).collect::<Vec<_>>().join(", ") }</span>
                }
            </p>
            { news_list(&last) }
            <div class="lock-body">
                <div class="lock-record" data-testid="lock-record">
                    <span class="queue-title">{ lang.trf("lock record · rank {0}'s words", &[&HOME]) }</span>
                    { rcnt }
                    { field_row("r_hd", "lock-r-hd", html!{ pointer(view.reader_queue.first().copied(), lang) },
                        last.lit(Field::ReaderHead), "readers waiting for a writer to leave") }
                    { field_row("w_hd", "lock-w-hd", html!{ pointer(view.writer_head, lang) },
                        last.lit(Field::WriterHead), "the writer next in line (or holding it)") }
                    { field_row("w_tail", "lock-w-tail", html!{ pointer(view.writer_tail, lang) },
                        last.lit(Field::WriterTail), "the last writer to queue") }
                </div>
                <div class="lock-queues">
                    <span class="queue-title">{ lang.tr("queues") }</span>
                    { chain("reader queue: r_hd", &view.reader_queue, &view, "reader-queue", None, None) }
                    { chain("writer queue: w_hd", &writer_queue, &view, "writer-queue",
                        (writer_queue.last().copied() == view.writer_tail).then_some("w_tail"),
                        view.writer_tail.filter(|t| !writer_queue.contains(t))) }
                    <p class="muted lock-legend">
                        <span class="chain-node blocked">{ lang.tr("rank n") }</span>{ lang.tr(" blocked: spins on its own flag until another rank clears it") }
                    </p>
                </div>
            </div>
            <div class="lock-nodes" data-testid="lock-nodes">
                <span class="queue-title">{ lang.tr("queue nodes (each in its rank's own words)") }</span>
                { for nodes }
            </div>
            if ranks > MAX_RANKS {
                <p class="muted">{ lang.f(crate::i18n::Text::AndMoreRanks, &[&(ranks - MAX_RANKS)]) }</p>
            }
            <p class="muted lock-foot">
                { lang.tr("MPI_LOCK_SHARED and MPI_Win_lock_all run ReaderLock (Fig. 6), their unlocks ReaderUnlock (Fig. 7); MPI_LOCK_EXCLUSIVE runs the MCS WriterLock. The timeline draws every remote read, write and atomic as an arrow.") }
            </p>
        </section>
    }
}

/// The view under a lock scheme other than MCS-RW: every lock's words as core decodes them,
/// who holds each, who spins, and the last event's steps.
fn counter_locks(run: &crate::playground::session::Session, scheme: LockScheme) -> Html {
    let lang = crate::ui_lang::current();
    if run.lock_ledger.first_use().is_none() {
        return Html::default();
    }
    let sim = run.history.sim();
    let Some(words) = sim.layer::<OneSided>() else {
        return Html::default();
    };
    let ranks = sim.size();
    let trace = sim.trace();
    let position = run.history.position();
    let shown = trace.records().len();
    let from = trace.records_after_steps(position.saturating_sub(1));
    let last = LastEvent::of(trace.records().range(from..shown), scheme);
    let homes: Vec<u32> = if scheme.per_target() {
        (0..ranks.min(MAX_RANKS)).collect()
    } else {
        vec![HOME]
    };
    let spinners: Vec<u32> = (0..ranks)
        .filter(|&r| words.spinning(r).is_some())
        .collect();
    let rows = homes.iter().map(|&home| {
        let holders = run.lock_ledger.holders(home, shown);
        let words = scheme.lock_words(home).into_iter().map(|(word, name)| {
            let value = words.word(word).unwrap_or(0);
            let lit = last.words.contains(&word);
            html! {
                <span class="lock-word">
                    <span class="lock-field-name">{ name }</span>
                    <span class={classes!("entry", lit.then_some("lit"))}>{ scheme.describe_word(word.index, value) }</span>
                </span>
            }
        });
        let name = if scheme.per_target() {
            lang.trf("rank {0}'s lock", &[&home])
        } else {
            lang.trf("lock on rank {0}", &[&home])
        };
        html! {
            <div class="lock-node lock-home" data-testid="lock-home" data-rank={home.to_string()}>
                <span class="rank-id">{ name }</span>
                <span class="lock-node-words">{ for words }</span>
                <span class={classes!("lock-role", holders.is_free().then_some("muted"))} data-testid="lock-home-holders">
                    { lang.trf("held by {0}", &[&holders_text(&holders)]) }
                </span>
            </div>
        }
    });
    let title = if scheme.per_target() {
        lang.trf("Lock (MPI_Win_lock: {0}, one per target)", &[&scheme])
    } else {
        lang.trf("Lock (MPI_Win_lock: {0}, on rank {1})", &[&scheme, &HOME])
    };
    html! {
        <section class="panel lock-panel" aria-label={lang.tr("Lock")} data-testid="lock-view" data-scheme={scheme.to_string()}>
            <div class="panel-head">
                <h2>{ title }</h2>
                <span class="muted">{ lang.trf("at event {0}", &[&position]) }</span>
            </div>
            if !spinners.is_empty() {
                <p class="lock-summary" data-testid="lock-summary">
                    <span class="muted">{ lang.tr("spinning: ") }</span>
                    <span data-testid="lock-spinners">{ spinners.iter().map(|r| lang.trf("rank {0}", &[r])).collect::<Vec<_>>().join(", ") }</span>
                </p>
            }
            { news_list(&last) }
            <div class="lock-nodes" data-testid="lock-homes">
                <span class="queue-title">{ lang.tr("lock words (in their home rank's one-sided memory)") }</span>
                { for rows }
            </div>
            if scheme.per_target() && ranks > MAX_RANKS {
                <p class="muted">{ lang.trf("… and {0} more ranks' locks", &[&(ranks - MAX_RANKS)]) }</p>
            }
            <p class="muted lock-foot">{ scheme.describe() }{ lang.tr(". The timeline draws every remote read, write and atomic as an arrow.") }</p>
        </section>
    }
}
