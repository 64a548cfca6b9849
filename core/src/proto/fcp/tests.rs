//! The FCP layer driven on its own with a [`Rig`]: calls, the layer's events handed back,
//! completions, wake-ups and records checked.

use super::records::{Side, Wait};
use super::*;
use crate::engine::{Layer, ReqId, Rig};

/// FOLON: one rank per PE on the VME bus.
fn rig(ranks: u32) -> Rig {
    Rig::builtin("folon", ranks)
}

fn done(rig: &Rig, req: ReqId) -> (bool, Vec<u8>) {
    let (d, data) = rig.request(req).expect("the request is live");
    (d, data.to_vec())
}

/// The transfers recorded: who, which side, how many protocol loads and stores.
fn transfers(rig: &Rig) -> Vec<(u32, Side, u32, u32)> {
    rig.records::<FcpRecord>()
        .into_iter()
        .filter_map(|(_, r)| match r {
            FcpRecord::Transfer {
                rank,
                side,
                loads,
                stores,
                ..
            } => Some((rank, side, loads, stores)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_send_lands_in_the_buffer_and_a_later_receive_takes_its_data() {
    let mut rig = rig(2);
    let mut f = Fcp::new(Variant::Fcp);
    let send = f
        .send(&mut rig.io(), 0, 1, 4, Some(vec![1, 2, 3, 4]))
        .unwrap();
    rig.block(0, send);
    assert!(!done(&rig, send).0, "the send's accesses take bus time");
    let woken = rig.drain(&mut f).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![0]);
    assert!(done(&rig, send).0);

    let recv = f.recv(&mut rig.io(), 1, true).unwrap();
    rig.block(1, recv);
    let woken = rig.drain(&mut f).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![1]);
    assert_eq!(done(&rig, recv), (true, vec![1, 2, 3, 4]));

    let t = transfers(&rig);
    assert_eq!(
        t.iter().map(|x| (x.0, x.1)).collect::<Vec<_>>(),
        vec![(0, Side::Send), (1, Side::Receive)]
    );
    // Every access ends before the next one of the same rank starts, and each crossing of the
    // bus is an access recorded: the send wrote into rank 1's memory, across the bus.
    let accesses = rig.records::<FcpRecord>();
    assert!(accesses.iter().any(|(_, r)| matches!(
        r,
        FcpRecord::Access {
            rank: 0,
            owner: 1,
            across: true,
            ..
        }
    )));
    assert_eq!(f.totals(Side::Send).0, 1);
    assert_eq!(f.totals(Side::Receive).0, 1);
}

#[test]
fn a_receive_posted_first_waits_for_a_message_then_completes() {
    let mut rig = rig(2);
    let mut f = Fcp::new(Variant::Fcp);
    let recv = f.recv(&mut rig.io(), 1, true).unwrap();
    rig.block(1, recv);
    rig.drain(&mut f).unwrap();
    assert!(!done(&rig, recv).0, "no message yet");
    assert!(
        rig.records::<FcpRecord>().iter().any(|(_, r)| matches!(
            r,
            FcpRecord::Waits {
                rank: 1,
                wait: Wait::Message
            }
        )),
        "the receiver records that it waits"
    );
    assert!(
        f.pending(recv).is_some(),
        "a deadlock report can say what it waits for"
    );

    f.send(&mut rig.io(), 0, 1, 2, Some(vec![5, 6])).unwrap();
    rig.drain(&mut f).unwrap();
    assert_eq!(done(&rig, recv), (true, vec![5, 6]));
}

#[test]
fn fcp_ii_takes_fewer_protocol_words_than_fcp_for_the_same_message() {
    let words = |variant: Variant| {
        let mut rig = rig(2);
        let mut f = Fcp::new(variant);
        f.send(&mut rig.io(), 0, 1, 64, None).unwrap();
        rig.drain(&mut f).unwrap();
        f.recv(&mut rig.io(), 1, false).unwrap();
        rig.drain(&mut f).unwrap();
        let t = transfers(&rig);
        assert_eq!(t.len(), 2, "{t:?}");
        (t.iter().map(|x| x.2 + x.3).sum::<u32>(), rig.now())
    };
    let (fcp, fcp_time) = words(Variant::Fcp);
    let (ii, ii_time) = words(Variant::FcpII);
    assert!(ii < fcp, "FCP II: {ii} words, FCP: {fcp}");
    assert!(ii_time < fcp_time, "fewer accesses, less bus time");
}

#[test]
fn vcl_stores_into_the_mailbox_and_the_spinning_reader_gets_it() {
    let mut rig = rig(2);
    let mut f = Fcp::new(Variant::Fcp);
    let recv = f.vcl_recv(&mut rig.io(), 1, 3, true).unwrap();
    rig.block(1, recv);
    let send = f
        .vcl_send(&mut rig.io(), 0, 1, 3, Some(vec![9, 8, 7]))
        .unwrap();
    rig.block(0, send);
    let woken = rig.drain(&mut f).unwrap();
    let mut who: Vec<u32> = woken.iter().map(|w| w.1).collect();
    who.sort_unstable();
    assert_eq!(who, vec![0, 1]);
    assert_eq!(done(&rig, recv), (true, vec![9, 8, 7]));
    let vcl = rig
        .records::<FcpRecord>()
        .iter()
        .filter(|(_, r)| matches!(r, FcpRecord::Transfer { vcl: true, .. }))
        .count();
    assert_eq!(vcl, 2);
}

#[test]
fn a_send_to_no_such_rank_is_refused() {
    let mut rig = rig(2);
    let mut f = Fcp::new(Variant::Fcp);
    assert!(f.send(&mut rig.io(), 0, 9, 4, None).is_err());
    assert!(transfers(&rig).is_empty());
}
