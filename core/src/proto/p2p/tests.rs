//! The point-to-point layer driven on its own (no programs, no event loop): a [`Rig`] holds the
//! engine's state, the tests call the layer and hand it back its events.

use super::*;
use crate::engine::Rig;

fn rig(machine: &str, ranks: u32) -> Rig {
    Rig::builtin(machine, ranks)
}

/// Takes a completed receive's status and data as a program would.
fn received(rig: &Rig, p: &P2p, req: ReqId) -> (bool, Option<Status>, Vec<u8>) {
    let (done, data) = rig.request(req).unwrap();
    (done, p.statuses.get(req.0).copied(), data.to_vec())
}

#[test]
fn an_eager_message_waits_unexpected_then_matches_the_receive_posted_later() {
    let mut rig = rig("ib-qdr", 2);
    let mut p = P2p::new(2, Matching::Eager);
    let send = p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 7,
        },
        3,
        vec![1, 2, 3],
    );
    rig.block(0, send);
    let woken = rig.drain(&mut p).unwrap();
    assert_eq!(woken.len(), 1, "the sender wakes when its data has left");
    let mb = p.mailbox(1).expect("the message waits at rank 1");
    assert_eq!((mb.posted.len(), mb.unexpected.len()), (0, 1));

    let recv = p.irecv(&mut rig.io(), WORLD, 1, Source::Any, TagSel::Any, 8);
    let (done, status, data) = received(&rig, &p, recv);
    assert!(done, "a receive that finds its message completes at once");
    assert_eq!(
        status,
        Some(Status {
            source: 0,
            tag: 7,
            bytes: 3,
            truncated: false,
            note: Default::default(),
        })
    );
    assert_eq!(data, vec![1, 2, 3]);
    assert!(p.mailbox(1).is_none(), "empty queues are freed");
    let log = rig.log();
    assert!(
        log.iter()
            .any(|l| l.contains("waits in its unexpected queue")),
        "{log:?}"
    );
    assert!(
        log.last().unwrap().contains("out of the unexpected queue"),
        "{log:?}"
    );
}

#[test]
fn messages_of_one_pair_match_in_order_and_a_long_one_is_truncated() {
    let mut rig = rig("ethernet-1g", 2);
    let mut p = P2p::new(2, Matching::Eager);
    let first = p.irecv(&mut rig.io(), WORLD, 1, Source::Rank(0), TagSel::Tag(0), 4);
    let second = p.irecv(&mut rig.io(), WORLD, 1, Source::Rank(0), TagSel::Tag(0), 4);
    rig.block(1, second);
    p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 0,
        },
        4096,
        vec![9; 4096],
    );
    p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 0,
        },
        2,
        vec![5, 6],
    );
    rig.drain(&mut p).unwrap();
    let (_, s1, d1) = received(&rig, &p, first);
    let (_, s2, d2) = received(&rig, &p, second);
    assert_eq!(
        (s1.unwrap().bytes, s1.unwrap().truncated, d1.len()),
        (4, true, 4)
    );
    assert_eq!((s2.unwrap().bytes, d2), (2, vec![5, 6]));
}

#[test]
fn a_taken_request_leaves_nothing_behind() {
    let mut rig = rig("ib-qdr", 2);
    let mut p = P2p::new(2, Matching::Eager);
    let recv = p.irecv(&mut rig.io(), WORLD, 1, Source::Rank(0), TagSel::Tag(1), 8);
    p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 1,
        },
        8,
        Vec::new(),
    );
    rig.drain(&mut p).unwrap();
    assert!(p.kind(recv).is_some() && p.statuses.get(recv.0).is_some());
    p.on_taken(recv);
    assert!(p.kind(recv).is_none() && p.statuses.get(recv.0).is_none());
}

#[test]
fn a_pending_receive_from_one_rank_is_an_edge_of_the_wait_for_graph() {
    let mut rig = rig("ib-qdr", 3);
    let mut p = P2p::new(3, Matching::Eager);
    let r = p.irecv(&mut rig.io(), WORLD, 0, Source::Rank(2), TagSel::Tag(4), 8);
    let any = p.irecv(&mut rig.io(), WORLD, 0, Source::Any, TagSel::Any, 8);
    let pending = p.pending(r).unwrap();
    assert_eq!(pending.on, Some(2));
    assert!(
        pending.what.contains("a receive from rank 2, tag 4"),
        "{pending:?}"
    );
    assert_eq!(p.pending(any).unwrap().on, None);
}

/// Paper 000's receiver-side sync protocol: the send request waits at the receiver, the receive
/// then pulls the data by remote read and writes the sender's completion flag.
#[test]
fn receiver_side_sync_pulls_the_data_when_the_receive_is_posted() {
    let mut rig = rig("emx", 2);
    let mut p = P2p::new(2, Matching::ReceiverOnly(Protocol::Sync));
    let send = p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 3,
        },
        4,
        vec![4, 3, 2, 1],
    );
    rig.block(0, send);
    rig.drain(&mut p).unwrap();
    assert!(
        !rig.request(send).unwrap().0,
        "sync: no completion before the receive"
    );
    let queued = p.protocol_queues(1).unwrap();
    assert_eq!(queued.send_requests.len(), 1);

    let recv = p.irecv(&mut rig.io(), WORLD, 1, Source::Rank(0), TagSel::Tag(3), 4);
    rig.block(1, recv);
    let woken = rig.drain(&mut p).unwrap();
    let (done, status, data) = received(&rig, &p, recv);
    assert!(done && rig.request(send).unwrap().0);
    assert_eq!((status.unwrap().source, data), (0, vec![4, 3, 2, 1]));
    assert_eq!(woken.len(), 2, "both sides wake: {woken:?}");
    let log = rig.log().join("\n");
    assert!(log.contains("finds no posted receive and waits"), "{log}");
    assert!(log.contains("by remote read"), "{log}");
}

/// Both sides, sync (Fig. 7): a receive request that reaches the sender first makes the send a
/// one-sided remote write straight into the buffer.
#[test]
fn both_sides_turns_a_stored_receive_request_into_a_one_sided_send() {
    let mut rig = rig("emx", 2);
    let mut p = P2p::new(2, Matching::BothSides(Protocol::Sync));
    let recv = p.irecv(&mut rig.io(), WORLD, 1, Source::Rank(0), TagSel::Tag(0), 8);
    rig.drain(&mut p).unwrap();
    assert_eq!(p.protocol_queues(0).unwrap().assoc.len(), 1);
    let send = p.isend(
        &mut rig.io(),
        Envelope {
            context: WORLD,
            src: 0,
            dst: 1,
            tag: 0,
        },
        8,
        vec![7; 8],
    );
    rig.drain(&mut p).unwrap();
    assert!(rig.request(send).unwrap().0 && rig.request(recv).unwrap().0);
    let log = rig.log().join("\n");
    assert!(log.contains("one-sided send, no receiver CPU"), "{log}");
}

#[test]
fn every_record_packs_and_unpacks_exactly() {
    let records = [
        P2pRecord::SendPosted {
            rank: u32::MAX,
            dst: 1,
            tag: -5,
            bytes: u64::MAX - 3,
            msg: MsgId(9),
            req: ReqId(8),
            sender_free: SimTime(1 << 40),
            arrives: SimTime(u64::MAX),
        },
        P2pRecord::SendComplete {
            rank: 3,
            req: ReqId(2),
        },
        P2pRecord::Arrived {
            src: 1,
            dst: 2,
            tag: i32::MIN,
            msg: MsgId(4),
            context: u32::MAX,
        },
        P2pRecord::Unexpected {
            rank: 1,
            msg: MsgId(5),
            queue_len: 7,
        },
        P2pRecord::RecvPosted {
            rank: 2,
            src: Source::Any,
            tag: TagSel::Tag(-1),
            req: ReqId(1),
            queued: true,
            context: 0,
        },
        P2pRecord::RecvPosted {
            rank: 2,
            src: Source::Rank(6),
            tag: TagSel::Any,
            req: ReqId(1),
            queued: false,
            context: 7,
        },
        P2pRecord::Matched {
            rank: 0,
            src: 1,
            tag: 2,
            msg: MsgId(3),
            req: ReqId(4),
            from_unexpected: true,
        },
        P2pRecord::Protocol {
            rank: 1,
            peer: 0,
            tag: 3,
            req: ReqId(2),
            step: ProtocolStep::Promised,
            until: SimTime(12345),
        },
    ];
    crate::trace::check_round_trip(&records);
}
