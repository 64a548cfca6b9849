//! The one-sided layer driven on its own (no programs, no event loop): operations timed on the
//! NIC or by the target's software, memory words with values, spins, window accesses applied to
//! lent bytes.

use super::*;
use crate::engine::{layer::Windows, Rig};
use crate::machine::AtomicKind;

fn rig(machine: &str, ranks: u32) -> Rig {
    Rig::builtin(machine, ranks)
}

fn value(data: &[u8]) -> u64 {
    u64::from_le_bytes(data[..8].try_into().unwrap())
}

#[test]
fn a_remote_atomic_takes_effect_at_the_target_before_it_completes_at_the_origin() {
    let mut rig = rig("fx100", 2);
    let mut l = OneSided::new(2, 1);
    let w = Word { rank: 1, index: 0 };
    let a = l
        .mem_op(
            &mut rig.io(),
            0,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 5),
            None,
        )
        .unwrap();
    let b = l
        .mem_op(
            &mut rig.io(),
            0,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 2),
            None,
        )
        .unwrap();
    rig.block(0, b);
    rig.drain(&mut l).unwrap();
    assert_eq!(l.word(w), Some(7));
    let (da, db) = (rig.request(a).unwrap(), rig.request(b).unwrap());
    assert!(da.0 && db.0);
    assert_eq!(
        (value(da.1), value(db.1)),
        (0, 5),
        "old values, in issue order"
    );
    let log = rig.log().join("\n");
    assert!(
        log.contains("RDMA engine executes it without its CPU"),
        "{log}"
    );
}

#[test]
fn without_hardware_the_targets_software_executes_it_and_replies() {
    let mut rig = rig("fx10", 2);
    let mut l = OneSided::new(2, 1);
    let w = Word { rank: 1, index: 0 };
    let req = l
        .mem_op(&mut rig.io(), 0, MemOp::cas(w, 0, 9), None)
        .unwrap();
    rig.drain(&mut l).unwrap();
    assert_eq!(
        (l.word(w), value(rig.request(req).unwrap().1)),
        (Some(9), 0)
    );
    let log = rig.log().join("\n");
    assert!(log.contains("no hardware for it"), "{log}");
    assert!(log.contains("software executes it for rank 0"), "{log}");
}

#[test]
fn a_spin_parks_the_rank_until_the_write_that_satisfies_it() {
    let mut rig = rig("fx100", 2);
    let mut l = OneSided::new(2, 2);
    assert!(
        !l.spin(&mut rig.io(), 1, 0, Until::Equals(0)),
        "holds already"
    );
    assert!(l.spin(&mut rig.io(), 1, 1, Until::Differs(0)));
    rig.park(1);
    assert!(l
        .parked(1)
        .unwrap()
        .0
        .contains("spinning until its word 1 differs from 0"));
    // A write of the wrong word does not wake it; the right one does, when it takes effect.
    l.mem_op(
        &mut rig.io(),
        0,
        MemOp::Write(Word { rank: 1, index: 0 }, 3),
        None,
    )
    .unwrap();
    assert!(rig.drain(&mut l).unwrap().is_empty());
    l.mem_op(
        &mut rig.io(),
        0,
        MemOp::Write(Word { rank: 1, index: 1 }, 4),
        None,
    )
    .unwrap();
    let woken = rig.drain(&mut l).unwrap();
    assert_eq!(woken.iter().map(|w| w.1).collect::<Vec<_>>(), vec![1]);
    assert!(l.spinning(1).is_none());
}

#[test]
fn a_word_that_does_not_exist_is_refused_in_words() {
    let mut rig = rig("fx100", 2);
    let mut l = OneSided::new(2, 2);
    let e = l
        .mem_op(
            &mut rig.io(),
            0,
            MemOp::Read(Word { rank: 1, index: 5 }),
            None,
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "word 5 does not exist: each rank has 2 words of one-sided memory"
    );
}

/// One rank's window of bytes, lent to the layer.
struct Bytes(Vec<u8>);

impl Windows for Bytes {
    fn with_window(
        &mut self,
        _rank: Rank,
        _window: u32,
        offset: u64,
        len: u32,
        f: &mut dyn FnMut(&mut [u8]),
    ) -> Result<(), String> {
        let at = offset as usize;
        let bytes = self
            .0
            .get_mut(at..at + len as usize)
            .ok_or("outside the window")?;
        f(bytes);
        Ok(())
    }
}

#[test]
fn a_window_access_applies_to_the_targets_bytes_when_it_takes_effect() {
    let mut rig = rig("fx100", 2);
    let mut l = OneSided::new(2, 0);
    let put = l.window_access(
        &mut rig.io(),
        0,
        1,
        0,
        4,
        RemoteAccess::Put(vec![1, 2, 3, 4]),
        RdmaOp::Put { bytes: 4 },
        None,
    );
    let mut window = Bytes(vec![0; 8]);
    while let Some((_, e)) = rig.pop() {
        l.on_event(e.unwrap(), &mut rig.io_with(&mut window))
            .unwrap();
    }
    assert!(rig.request(put).unwrap().0);
    assert_eq!(window.0, vec![0, 0, 0, 0, 1, 2, 3, 4]);

    // An access the target cannot apply stops the run as the origin's error.
    l.window_access(
        &mut rig.io(),
        0,
        1,
        0,
        6,
        RemoteAccess::Get(4),
        RdmaOp::Get { bytes: 4 },
        None,
    );
    let failure = loop {
        let (_, e) = rig
            .pop()
            .expect("the access is applied before it completes");
        if let Err(f) = l.on_event(e.unwrap(), &mut rig.io_with(&mut window)) {
            break f;
        }
    };
    assert_eq!(failure.rank, 0);
    assert!(failure.message.contains("failed there: outside the window"));
}

#[test]
fn every_record_packs_and_unpacks_exactly() {
    let records = [
        RmaRecord::Issued {
            rank: 1,
            target: 2,
            op: RdmaOp::Atomic(AtomicKind::TestAndSet),
            req: ReqId(3),
            software: true,
            completes: SimTime(u64::MAX),
        },
        RmaRecord::Issued {
            rank: 1,
            target: 2,
            op: RdmaOp::Get { bytes: 1 << 40 },
            req: ReqId(3),
            software: false,
            completes: SimTime(7),
        },
        RmaRecord::Complete {
            rank: 4,
            req: ReqId(5),
        },
        RmaRecord::Spinning {
            rank: 6,
            word: 7,
            until: Until::Differs(u64::MAX),
        },
    ];
    crate::trace::check_round_trip(&records);
}

#[test]
fn on_fx100_a_nearer_sources_atomic_overtakes_a_farther_ones_queue() {
    // Paper 003 Fig. 10: ranks nearer the lock's node finish first. A rank two nodes away books
    // ten fetch_and_adds at rank 0's engine; a rank on rank 0's node, issuing after them, is
    // served first ([nic] nearer_sources_first), so its fetch sees none of them.
    let mut rig = rig("fx100", 4096);
    let far = (0..4096)
        .find(|&r| rig.io().machine_ref().hop_distance(r, 0) >= 2)
        .unwrap();
    let mut l = OneSided::new(4096, 1);
    let w = Word { rank: 0, index: 0 };
    for _ in 0..10 {
        l.mem_op(
            &mut rig.io(),
            far,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 1),
            None,
        )
        .unwrap();
    }
    let near = l
        .mem_op(
            &mut rig.io(),
            1,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 100),
            None,
        )
        .unwrap();
    rig.drain(&mut l).unwrap();
    assert_eq!(l.word(w), Some(110));
    assert_eq!(
        value(rig.request(near).unwrap().1),
        0,
        "served before the far ones"
    );
}

#[test]
fn without_the_switch_the_engine_serves_in_call_order() {
    // ib-qdr gives no `nearer_sources_first`: the later call waits behind the earlier ones.
    let mut rig = rig("ib-qdr", 4);
    let mut l = OneSided::new(4, 1);
    let w = Word { rank: 0, index: 0 };
    for _ in 0..10 {
        l.mem_op(
            &mut rig.io(),
            3,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 1),
            None,
        )
        .unwrap();
    }
    let last = l
        .mem_op(
            &mut rig.io(),
            1,
            MemOp::fetch(AtomicKind::FetchAndAdd, w, 100),
            None,
        )
        .unwrap();
    rig.drain(&mut l).unwrap();
    assert_eq!(value(rig.request(last).unwrap().1), 10);
}
