//! Export to the Chrome trace-event JSON format, which Perfetto (ui.perfetto.dev) and
//! `chrome://tracing` open: one track per rank, compute and blocked spans as slices, messages as
//! flow arrows from the send to the arrival, everything else as instant events with its sentence.
//! Slices and flows come from [`super::timeline::Timeline`] (the one place records are paired): flow
//! ids are arrow indices (message ids are reused within a run), and a rank still blocked when the
//! run stopped gets a slice up to the end of the run.

use serde_json::{json, Value};

use super::log::Records;
use super::record::{Export, Record};
use super::timeline::{ArrowKind, SpanKind, Timeline};
use crate::time::SimTime;

fn us(t: SimTime) -> f64 {
    t.as_ps() as f64 / 1e6
}

/// The trace as a Chrome trace-event JSON document (`{"traceEvents": [...]}`), timestamps in
/// microseconds of simulated time.
pub fn to_chrome_json<'a>(records: impl Into<Records<'a>>, ranks: u32, title: &str) -> Value {
    let records = records.into();
    let mut events = Vec::with_capacity(records.len() + ranks as usize + 1);
    events.push(
        json!({"name": "process_name", "ph": "M", "pid": 0, "tid": 0,
        "args": {"name": title}}),
    );
    for r in 0..ranks {
        events.push(json!({"name": "thread_name", "ph": "M", "pid": 0, "tid": r,
            "args": {"name": format!("rank {r}")}}));
        events.push(
            json!({"name": "thread_sort_index", "ph": "M", "pid": 0, "tid": r,
            "args": {"sort_index": r}}),
        );
    }
    // Spans and arrows come from the timeline (the one place records are paired).
    let timeline = Timeline::build(records, ranks);
    let end_time = timeline.end_time();
    for rec in records {
        let ts = us(rec.time);
        match rec.export() {
            // Drawn as spans below.
            Export::Skip => {}
            Export::Point { name, cat, rank } => events
                .push(json!({"name": name, "cat": cat, "ph": "X",
                "pid": 0, "tid": rank, "ts": ts, "dur": 0, "args": {"explain": rec.explain()}})),
            Export::Instant => events.push(json!({
                "name": rec.name(), "cat": "event", "ph": "i", "s": "t", "pid": 0,
                "tid": rec.rank(), "ts": ts, "args": {"explain": rec.explain()}})),
        }
    }
    for rank in 0..timeline.ranks() {
        for span in timeline.spans(rank) {
            let (ts, end) = (us(span.start), us(span.end_or(end_time)));
            let explain = records.get(span.record).map(Record::explain);
            let (name, cat) = match span.kind {
                SpanKind::Compute => ("compute", "compute"),
                SpanKind::Library => ("MPI library or yield", "software"),
                SpanKind::Blocked => ("blocked", "wait"),
            };
            events.push(
                json!({"name": name, "cat": cat, "ph": "X", "pid": 0, "tid": rank,
                "ts": ts, "dur": end - ts, "args": {"explain": explain}}),
            );
        }
    }
    // Flow arrows from each send to its arrival (ids are arrow indices: message ids are reused).
    for (id, arrow) in timeline.arrows().iter().enumerate() {
        if arrow.kind != ArrowKind::Message || arrow.end_record.is_none() {
            continue;
        }
        events.push(
            json!({"name": "message", "cat": "message", "ph": "s", "pid": 0,
            "tid": arrow.from, "ts": us(arrow.start), "id": id}),
        );
        events.push(
            json!({"name": "message", "cat": "message", "ph": "f", "bp": "e",
            "pid": 0, "tid": arrow.to, "ts": us(arrow.end), "id": id}),
        );
    }
    json!({"traceEvents": events, "displayTimeUnit": "ns"})
}
