//! The sockets layer driven on its own with a [`Rig`]: calls, the layer's events handed back,
//! completions, wake-ups and records checked.

use super::engine::{IP_HEADER, TCP_HEADER};
use super::*;
use crate::engine::{Layer, ReqId, Rig};
use crate::proto::sockets::records::{SocketRecord, Transport};
use crate::time::SimTime;

/// FOLON: one rank per PC, a kernel and a shared Ethernet.
fn rig(ranks: u32) -> Rig {
    Rig::builtin("folon", ranks)
}

fn done(rig: &Rig, req: ReqId) -> (bool, Vec<u8>) {
    let (d, data) = rig.request(req).expect("the request is live");
    (d, data.to_vec())
}

#[test]
fn a_udp_message_waits_in_the_kernel_until_a_receive_takes_it() {
    let mut rig = rig(2);
    let mut s = Sockets::new();
    let send = s
        .send(&mut rig.io(), 0, 1, Transport::Udp, 3, Some(vec![7, 8, 9]))
        .unwrap();
    rig.block(0, send);
    assert!(
        !done(&rig, send).0,
        "a send is a system call: not done at once"
    );
    let woken = rig.drain(&mut s).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![0]);
    assert!(done(&rig, send).0);
    let sent = rig.records::<SocketRecord>();
    let [(
        _,
        SocketRecord::Sent {
            rank: 0,
            to: 1,
            transport: Transport::Udp,
            bytes: 3,
            packets: 1,
            wire: Some((on, off)),
            delivered,
        },
    )] = sent[..]
    else {
        panic!("one datagram on the wire: {sent:?}");
    };
    assert!(on < off && off <= delivered, "{on:?} {off:?} {delivered:?}");

    // Nobody was receiving: the message waits; a receive posted now finds it.
    let before = rig.now();
    let recv = s.recv(&mut rig.io(), 1, Transport::Udp).unwrap();
    rig.block(1, recv);
    assert!(
        !done(&rig, recv).0,
        "the receive's system call and copy take time"
    );
    let woken = rig.drain(&mut s).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![1]);
    assert!(woken[0].0 > before);
    assert_eq!(done(&rig, recv), (true, vec![7, 8, 9]));
    let records = rig.records::<SocketRecord>();
    assert!(
        matches!(
            records.last(),
            Some((
                _,
                SocketRecord::Received {
                    rank: 1,
                    from: 0,
                    transport: Transport::Udp,
                    bytes: 3
                }
            ))
        ),
        "{records:?}"
    );
}

#[test]
fn a_receive_posted_first_completes_only_after_the_kernel_delivered() {
    let mut rig = rig(2);
    let mut s = Sockets::new();
    let recv = s.recv(&mut rig.io(), 1, Transport::Tcp).unwrap();
    rig.block(1, recv);
    assert!(
        rig.drain(&mut s).unwrap().is_empty(),
        "no message: nobody wakes"
    );
    assert!(!done(&rig, recv).0);
    assert!(s
        .pending(recv)
        .is_some_and(|p| p.what.contains("TCP receive")));

    s.send(
        &mut rig.io(),
        0,
        1,
        Transport::Tcp,
        4096,
        Some(vec![1; 4096]),
    )
    .unwrap();
    let woken = rig.drain(&mut s).unwrap();
    assert_eq!(done(&rig, recv), (true, vec![1; 4096]));
    let records = rig.records::<SocketRecord>();
    let Some(&(
        _,
        SocketRecord::Sent {
            packets, delivered, ..
        },
    )) = records.first()
    else {
        panic!("{records:?}");
    };
    // TCP cuts the stream into segments of MTU - 40 bytes.
    let mtu = rig
        .io()
        .machine()
        .ethernet()
        .expect("FOLON has an Ethernet")
        .params()
        .mtu;
    let segment = mtu - IP_HEADER - TCP_HEADER;
    assert_eq!(u64::from(packets), 4096_u64.div_ceil(segment));
    let woke_1 = woken
        .iter()
        .find(|w| w.1 == 1)
        .expect("the receiver wakes")
        .0;
    assert!(woke_1 > delivered, "the copy out follows the delivery");
}

#[test]
fn one_pairs_messages_are_received_in_the_order_they_were_sent() {
    let mut rig = rig(2);
    let mut s = Sockets::new();
    s.send(
        &mut rig.io(),
        0,
        1,
        Transport::Udp,
        30_000,
        Some(vec![1; 30_000]),
    )
    .unwrap();
    s.send(&mut rig.io(), 0, 1, Transport::Udp, 2, Some(vec![2, 2]))
        .unwrap();
    rig.drain(&mut s).unwrap();
    let first = s.recv(&mut rig.io(), 1, Transport::Udp).unwrap();
    rig.drain(&mut s).unwrap();
    let second = s.recv(&mut rig.io(), 1, Transport::Udp).unwrap();
    rig.drain(&mut s).unwrap();
    assert_eq!(
        done(&rig, first).1.len(),
        30_000,
        "the large datagram came first"
    );
    assert_eq!(done(&rig, second).1, vec![2, 2]);
    let sent: Vec<SimTime> = rig
        .records::<SocketRecord>()
        .iter()
        .filter_map(|(_, r)| match *r {
            SocketRecord::Sent {
                packets, delivered, ..
            } => {
                assert!(packets >= 1);
                Some(delivered)
            }
            _ => None,
        })
        .collect();
    assert!(sent[0] < sent[1], "FIFO kernels deliver in order: {sent:?}");
}

#[test]
fn a_send_to_no_such_rank_is_refused_without_a_request_or_a_record() {
    let mut rig = rig(2);
    let mut s = Sockets::new();
    let err = s
        .send(&mut rig.io(), 0, 5, Transport::Udp, 4, None)
        .unwrap_err();
    assert!(
        matches!(err, SocketError::NoSuchRank { rank: 5, size: 2 }),
        "{err:?}"
    );
    assert!(rig.drain(&mut s).unwrap().is_empty());
    assert!(rig.records::<SocketRecord>().is_empty());
}
