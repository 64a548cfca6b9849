//! The ACP layer driven on its own with a [`Rig`]: calls, the layer's events handed back,
//! completions, wake-ups and records checked.

use super::ops::starter_ga;
use super::*;
use crate::engine::{ReqId, Rig};
use crate::time::SimTime;

/// FX10: one rank per node, RDMA between them.
fn rig(ranks: u32) -> Rig {
    Rig::builtin("fx10", ranks)
}

/// A layer where every rank has 4 KiB of starter memory.
fn acp(ranks: u32) -> Acp {
    let mut a = Acp::new();
    for r in 0..ranks {
        a.init(r, 0x1000, 4096);
    }
    a
}

fn finished(rig: &Rig) -> Vec<(SimTime, u32, u64)> {
    rig.records::<AcpRecord>()
        .into_iter()
        .filter_map(|(t, r)| match r {
            AcpRecord::Finished { rank, handle, .. } => Some((t, rank, handle)),
            _ => None,
        })
        .collect()
}

fn is_done(rig: &Rig, req: ReqId) -> bool {
    rig.request(req).is_some_and(|r| r.0)
}

#[test]
fn sync_releases_every_rank_only_once_the_last_arrives() {
    let mut rig = rig(3);
    let mut a = acp(3);
    let first = a.sync(&mut rig.io(), 0);
    let second = a.sync(&mut rig.io(), 2);
    rig.block(0, first);
    rig.block(2, second);
    assert!(
        rig.drain(&mut a).unwrap().is_empty(),
        "rank 1 has not arrived"
    );
    assert!(!is_done(&rig, first) && !is_done(&rig, second));

    let last = a.sync(&mut rig.io(), 1);
    rig.block(1, last);
    let woken = rig.drain(&mut a).unwrap();
    let mut who: Vec<u32> = woken.iter().map(|w| w.1).collect();
    who.sort_unstable();
    assert_eq!(who, vec![0, 1, 2]);
    assert!([first, second, last].iter().all(|r| is_done(&rig, *r)));
    let syncs: Vec<(u32, bool)> = rig
        .records::<AcpRecord>()
        .into_iter()
        .filter_map(|(_, r)| match r {
            AcpRecord::Sync { rank, released } => Some((rank, released)),
            _ => None,
        })
        .collect();
    assert_eq!(syncs, vec![(0, false), (2, false), (1, true)]);
}

#[test]
fn a_remote_copy_is_taken_by_the_thread_put_on_the_network_then_completes() {
    let mut rig = rig(2);
    let mut a = acp(2);
    let h = a
        .copy(
            &mut rig.io(),
            0,
            starter_ga(1),
            starter_ga(0),
            256,
            HANDLE_NULL,
            false,
        )
        .unwrap();
    assert!(a.inquire(0, h), "issued, not complete");
    let req = a
        .complete(&mut rig.io(), 0, h)
        .expect("the copy is outstanding");
    rig.block(0, req);
    let woken = rig.drain(&mut a).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![0]);
    assert!(is_done(&rig, req));
    assert!(!a.inquire(0, h));
    assert!(
        a.complete(&mut rig.io(), 0, h).is_none(),
        "a complete handle needs no wait"
    );

    let records = rig.records::<AcpRecord>();
    assert!(
        matches!(records[0].1, AcpRecord::Enqueue { rank: 0, handle, order: 0, .. } if handle == h)
    );
    let steps: Vec<StepKind> = records
        .iter()
        .filter_map(|(_, r)| match r {
            AcpRecord::Step {
                step,
                issuer: 0,
                handle,
                ..
            } if *handle == h => Some(*step),
            _ => None,
        })
        .collect();
    assert_eq!(steps.first(), Some(&StepKind::Takes), "{steps:?}");
    assert!(steps.contains(&StepKind::Put), "{steps:?}");
    let done = finished(&rig);
    assert_eq!(done.len(), 1);
    assert_eq!((done[0].1, done[0].2), (0, h));
    assert!(
        woken[0].0 >= done[0].0,
        "the issuer wakes after its command finished"
    );
}

#[test]
fn an_ordered_copy_starts_only_after_the_one_it_is_ordered_after() {
    let mut rig = rig(3);
    let mut a = acp(3);
    let first = a
        .copy(
            &mut rig.io(),
            0,
            starter_ga(1),
            starter_ga(0),
            4096,
            HANDLE_NULL,
            false,
        )
        .unwrap();
    let second = a
        .copy(
            &mut rig.io(),
            0,
            starter_ga(2),
            starter_ga(0),
            8,
            first,
            false,
        )
        .unwrap();
    let unordered = a
        .copy(
            &mut rig.io(),
            0,
            starter_ga(2),
            starter_ga(0),
            8,
            HANDLE_NULL,
            false,
        )
        .unwrap();
    rig.drain(&mut a).unwrap();
    let done = finished(&rig);
    let at = |h: u64| done.iter().find(|f| f.2 == h).expect("finished").0;
    assert!(at(second) > at(first), "{done:?}");
    assert!(
        at(unordered) < at(second),
        "an unordered copy issued later does not wait for the first: {done:?}"
    );
}

#[test]
fn a_copy_outside_registered_memory_is_refused_before_anything_happens() {
    let mut rig = rig(2);
    let mut a = acp(2);
    let err = a
        .copy(
            &mut rig.io(),
            0,
            starter_ga(1),
            starter_ga(0),
            8192,
            HANDLE_NULL,
            false,
        )
        .unwrap_err();
    assert!(matches!(err, AcpError::Reach { .. }), "{err:?}");
    assert!(rig.drain(&mut a).unwrap().is_empty());
    assert!(rig.records::<AcpRecord>().is_empty());
}
