//! Export to the Chrome trace-event JSON format, which Perfetto (ui.perfetto.dev) and
//! `chrome://tracing` open: one track per rank, compute and blocked spans as slices, messages as
//! flow arrows from the send to the arrival, everything else as instant events with its sentence.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::record::{Record, RecordKind};
use crate::engine::ids::Rank;
use crate::time::SimTime;

fn us(t: SimTime) -> f64 {
    t.as_ps() as f64 / 1e6
}

/// The trace as a Chrome trace-event JSON document (`{"traceEvents": [...]}`), timestamps in
/// microseconds of simulated time.
pub fn to_chrome_json(records: &[Record], ranks: u32, title: &str) -> Value {
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
    let mut blocked_since: BTreeMap<Rank, SimTime> = BTreeMap::new();
    for rec in records {
        let ts = us(rec.time);
        let explain = rec.explain();
        match &rec.kind {
            RecordKind::Compute { rank, until } => events.push(json!({
                "name": "compute", "cat": "compute", "ph": "X", "pid": 0, "tid": rank,
                "ts": ts, "dur": us(*until) - ts, "args": {"explain": explain}})),
            RecordKind::Blocked { rank, .. } => {
                blocked_since.insert(*rank, rec.time);
            }
            RecordKind::Resumed { rank } => {
                if let Some(since) = blocked_since.remove(rank) {
                    events.push(
                        json!({"name": "blocked", "cat": "wait", "ph": "X", "pid": 0,
                        "tid": rank, "ts": us(since), "dur": ts - us(since)}),
                    );
                }
            }
            RecordKind::SendPosted { rank, dst, msg, .. } => {
                events.push(
                    json!({"name": format!("send → {dst}"), "cat": "message", "ph": "X",
                    "pid": 0, "tid": rank, "ts": ts, "dur": 0, "args": {"explain": explain}}),
                );
                events.push(
                    json!({"name": "message", "cat": "message", "ph": "s", "pid": 0,
                    "tid": rank, "ts": ts, "id": msg.0}),
                );
            }
            RecordKind::Arrived { dst, msg, src, .. } => {
                events.push(
                    json!({"name": format!("arrive ← {src}"), "cat": "message", "ph": "X",
                    "pid": 0, "tid": dst, "ts": ts, "dur": 0, "args": {"explain": explain}}),
                );
                events.push(
                    json!({"name": "message", "cat": "message", "ph": "f", "bp": "e",
                    "pid": 0, "tid": dst, "ts": ts, "id": msg.0}),
                );
            }
            RecordKind::Start { rank }
            | RecordKind::RdmaIssued { rank, .. }
            | RecordKind::RdmaComplete { rank, .. }
            | RecordKind::Hardware { rank, .. }
            | RecordKind::SendComplete { rank, .. }
            | RecordKind::Unexpected { rank, .. }
            | RecordKind::RecvPosted { rank, .. }
            | RecordKind::Matched { rank, .. }
            | RecordKind::Console { rank, .. }
            | RecordKind::Done { rank } => events.push(json!({
                "name": kind_name(&rec.kind), "cat": "event", "ph": "i", "s": "t", "pid": 0,
                "tid": rank, "ts": ts, "args": {"explain": explain}})),
        }
    }
    json!({"traceEvents": events, "displayTimeUnit": "ns"})
}

fn kind_name(kind: &RecordKind) -> &'static str {
    match kind {
        RecordKind::Start { .. } => "start",
        RecordKind::Compute { .. } => "compute",
        RecordKind::SendPosted { .. } => "send",
        RecordKind::Hardware { .. } => "hardware",
        RecordKind::SendComplete { .. } => "send complete",
        RecordKind::Arrived { .. } => "arrive",
        RecordKind::Unexpected { .. } => "unexpected",
        RecordKind::RecvPosted { .. } => "post receive",
        RecordKind::Matched { .. } => "match",
        RecordKind::RdmaIssued { .. } => "rdma",
        RecordKind::RdmaComplete { .. } => "rdma complete",
        RecordKind::Blocked { .. } => "block",
        RecordKind::Resumed { .. } => "resume",
        RecordKind::Console { .. } => "print",
        RecordKind::Done { .. } => "done",
    }
}
