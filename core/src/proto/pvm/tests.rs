//! The PVM layer driven on its own with a [`Rig`]: calls, the layer's events (a pvmd's turn,
//! its socket and FCP engines') handed back, completions, wake-ups and records checked.

use super::*;
use crate::engine::{Layer, ReqId, Rig};
use crate::proto::fcp::Variant;

/// FOLON: one task per PC, an Ethernet and a VME bus.
fn rig(ranks: u32) -> Rig {
    Rig::builtin("folon", ranks)
}

fn tid(p: &Pvm, rank: u32) -> i32 {
    p.tid(rank).expect("set up").0 as i32
}

fn is_done(rig: &Rig, req: ReqId) -> bool {
    rig.request(req).is_some_and(|r| r.0)
}

/// The legs the message's hops took, in order.
fn legs(rig: &Rig) -> Vec<Leg> {
    rig.records::<PvmRecord>()
        .into_iter()
        .filter_map(|(_, r)| match r {
            PvmRecord::Hop { leg, .. } => Some(leg),
            _ => None,
        })
        .collect()
}

/// Rank 0 sends `body` to rank 1 (who already waits), all events drained: the receive.
fn one_message(config: PvmConfig, body: Vec<u8>) -> (Rig, Pvm, ReqId) {
    let mut rig = rig(2);
    let mut p = Pvm::new(config, Variant::Fcp);
    p.setup(&mut rig.io()).unwrap();
    let (t0, t1) = (tid(&p, 0), tid(&p, 1));
    let recv = p.recv(&mut rig.io(), 1, (t0, 5), 1).unwrap();
    rig.block(1, recv);
    assert!(!is_done(&rig, recv));
    assert!(
        p.pending(recv).is_some_and(|w| w.on == Some(0)),
        "it waits on rank 0"
    );
    let send = p.send(&mut rig.io(), 0, (t1, 5), 0, body).unwrap();
    rig.block(0, send);
    let woken = rig.drain(&mut p).unwrap();
    let mut who: Vec<u32> = woken.iter().map(|w| w.1).collect();
    who.sort_unstable();
    assert_eq!(who, vec![0, 1], "both tasks wake");
    assert!(is_done(&rig, send) && is_done(&rig, recv));
    (rig, p, recv)
}

#[test]
fn a_message_goes_task_to_pvmd_to_pvmd_to_task_over_udp() {
    let (rig, p, recv) = one_message(PvmConfig::UDP, vec![1, 2, 3, 4]);
    assert_eq!(rig.request(recv).unwrap().1, &[1, 2, 3, 4]);
    let b = p.buffer(1, 1).expect("the message is in buffer 1");
    assert_eq!((b.src.0 as i32, b.tag, b.body.len()), (tid(&p, 0), 5, 4));
    let l = legs(&rig);
    let first = |leg| l.iter().position(|x| *x == leg);
    let (a, b, c) = (
        first(Leg::TaskToPvmd).expect("task to pvmd"),
        first(Leg::PvmdToPvmd).expect("pvmd to pvmd"),
        first(Leg::PvmdToTask).expect("pvmd to task"),
    );
    assert!(a < b && b < c, "{l:?}");
    assert!(!l.contains(&Leg::Direct));
    // Sent before received, and the receive says when it was sent.
    let records = rig.records::<PvmRecord>();
    let sent_at = records
        .iter()
        .find_map(|(t, r)| matches!(r, PvmRecord::Sent { rank: 0, .. }).then_some(*t))
        .expect("a Sent record");
    let (received_at, sent) = records
        .iter()
        .find_map(|(t, r)| match r {
            PvmRecord::Received {
                rank: 1,
                sent,
                bytes: 4,
                ..
            } => Some((*t, *sent)),
            _ => None,
        })
        .expect("a Received record");
    assert!(sent_at <= sent && sent < received_at);
}

#[test]
fn the_direct_route_skips_the_daemons_and_is_faster_than_udp() {
    let (udp, ..) = one_message(PvmConfig::UDP, vec![7; 1000]);
    let (direct, ..) = one_message(PvmConfig::DIRECT, vec![7; 1000]);
    assert!(
        legs(&direct).iter().all(|l| *l == Leg::Direct),
        "{:?}",
        legs(&direct)
    );
    assert!(
        direct.now() < udp.now(),
        "{:?} vs {:?}",
        direct.now(),
        udp.now()
    );
}

#[test]
fn the_daemons_over_fcp_hop_on_the_bus() {
    let (rig, p, recv) = one_message(PvmConfig::FCP, vec![3; 100]);
    assert_eq!(rig.request(recv).unwrap().1, &[3; 100][..]);
    assert!(legs(&rig).contains(&Leg::PvmdToPvmd));
    assert!(
        p.fcp().totals(crate::proto::fcp::Side::Send).0 > 0,
        "the pvmds' FCP engine carried the message"
    );
}

#[test]
fn a_receive_by_tag_leaves_other_tags_queued() {
    let mut rig = rig(2);
    let mut p = Pvm::new(PvmConfig::UDP, Variant::Fcp);
    p.setup(&mut rig.io()).unwrap();
    let (t0, t1) = (tid(&p, 0), tid(&p, 1));
    p.send(&mut rig.io(), 0, (t1, 1), 0, vec![1]).unwrap();
    p.send(&mut rig.io(), 0, (t1, 2), 0, vec![2]).unwrap();
    rig.drain(&mut p).unwrap();
    assert!(p.nrecv(&mut rig.io(), 1, (t0, 2), 10).unwrap());
    assert_eq!(p.buffer(1, 10).unwrap().body, vec![2]);
    assert!(
        !p.nrecv(&mut rig.io(), 1, (t0, 2), 11).unwrap(),
        "tag 2 was taken"
    );
    assert!(p.nrecv(&mut rig.io(), 1, (-1, -1), 12).unwrap());
    assert_eq!(p.buffer(1, 12).unwrap().body, vec![1]);
    assert!(matches!(
        p.recv(&mut rig.io(), 1, (0x7fff, -1), 13),
        Err(PvmError::NoTask(0x7fff))
    ));
}
