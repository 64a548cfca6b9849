//! Coarse stepping (`engine::stride`): the stops of each stride on a 4-rank ring, back mirroring
//! forward, and the trace (hash included) unchanged by moving in strides.

use rankscope_core::engine::stride::{self, Stride, FORWARD_LIMIT};
use rankscope_core::engine::History;
use rankscope_core::lang::{self, Vm, VmLimits};
use rankscope_core::machine::builtin_profile;
use rankscope_core::proto::SimConfig;

/// `examples/ring.c` on 4 ranks of EM-X, not yet started.
fn ring() -> History<Vm> {
    let source = include_str!("../../../examples/ring.c");
    let profile = builtin_profile("emx").unwrap();
    let launch = lang::Launch {
        profile: &profile,
        ranks: 4,
        args: &[],
        config: SimConfig::default(),
        limits: VmLimits::default(),
        network: None,
    };
    let sim = launch.sim(source, "ring.c").ok().unwrap();
    History::new(sim, 8)
}

/// Whether the step that led to the current position has rank 0 sending.
fn rank0_sends(h: &History<Vm>) -> bool {
    stride::step_records(h.sim().trace(), h.position()).any(|r| r.name() == "send" && r.rank() == 0)
}

/// Presses of `stride` from the start until rank 0's first send is the current step.
fn presses_to_rank0_send(s: Stride) -> u32 {
    let mut h = ring();
    for presses in 1..=100 {
        stride::forward(&mut h, s, FORWARD_LIMIT).unwrap();
        if rank0_sends(&h) {
            return presses;
        }
    }
    panic!("{s:?} never reached rank 0's send");
}

/// Every stop of `s` going forward from the start, and every stop going back from the end.
fn stops_both_ways(s: Stride) -> (Vec<u64>, Vec<u64>) {
    let mut h = ring();
    let mut ahead = vec![0];
    while stride::forward(&mut h, s, FORWARD_LIMIT).unwrap() > 0 {
        ahead.push(h.position());
    }
    let mut behind = vec![h.position()];
    while h.position() > 0 {
        stride::back(&mut h, s).unwrap();
        behind.push(h.position());
    }
    behind.reverse();
    (ahead, behind)
}

#[test]
fn coarse_strides_reach_rank_0s_send_in_a_few_presses() {
    assert!(
        presses_to_rank0_send(Stride::Event) >= 15,
        "the fine step is slow to get there"
    );
    assert_eq!(presses_to_rank0_send(Stride::Message), 1);
    assert!(presses_to_rank0_send(Stride::MpiCall) <= 4);
    assert!(presses_to_rank0_send(Stride::Interesting) <= 4);
    assert_eq!(
        presses_to_rank0_send(Stride::Rank {
            rank: 0,
            every: false
        }),
        1
    );
}

#[test]
fn the_plain_stride_skips_only_bookkeeping() {
    let mut fine = ring();
    let mut coarse = ring();
    while stride::forward(&mut coarse, Stride::Interesting, FORWARD_LIMIT).unwrap() > 0 {
        // Every step passed over is bookkeeping only; the stop is not.
        while fine.position() + 1 < coarse.position() {
            fine.forward(1).unwrap();
            let records: Vec<_> =
                stride::step_records(fine.sim().trace(), fine.position()).collect();
            assert!(
                records.iter().all(|r| stride::is_bookkeeping(r)),
                "{records:?}"
            );
        }
        fine.forward(1).unwrap();
        assert!(
            stride::step_records(coarse.sim().trace(), coarse.position())
                .any(|r| !stride::is_bookkeeping(r))
        );
    }
    // MPI_Init's computation and "rank n continues" are bookkeeping; nothing else of the ring is.
    let trace = coarse.sim().trace();
    let first: Vec<String> = stride::step_records(trace, 1)
        .map(|r| r.explain())
        .collect();
    assert_eq!(first[0], "rank 0 starts its program");
    assert!(!stride::stops_at(
        Stride::Interesting,
        stride::step_records(trace, 1)
    ));
}

#[test]
fn back_mirrors_forward_for_every_stride() {
    for s in [
        Stride::Event,
        Stride::Interesting,
        Stride::MpiCall,
        Stride::Message,
        Stride::Rank {
            rank: 2,
            every: false,
        },
        Stride::Rank {
            rank: 2,
            every: true,
        },
    ] {
        let (ahead, behind) = stops_both_ways(s);
        // The end of the run is the last stop forward; going back from it visits the same stops.
        assert_eq!(ahead, behind, "{s:?}");
        assert!(ahead.len() > 2, "{s:?}");
    }
}

#[test]
fn moving_in_strides_leaves_the_trace_and_its_hash_as_they_were() {
    let mut plain = ring();
    while plain.forward(1).unwrap() > 0 {}
    let mut strided = ring();
    while stride::forward(&mut strided, Stride::MpiCall, FORWARD_LIMIT).unwrap() > 0 {
        stride::back(&mut strided, Stride::Message).unwrap();
        stride::forward(&mut strided, Stride::Message, FORWARD_LIMIT).unwrap();
    }
    assert_eq!(strided.position(), plain.position());
    assert_eq!(strided.sim().trace().hash(), plain.sim().trace().hash());
}

#[test]
fn a_step_of_rank_r_is_one_where_r_acts() {
    let mut h = ring();
    let r = Stride::Rank {
        rank: 3,
        every: false,
    };
    while stride::forward(&mut h, r, FORWARD_LIMIT).unwrap() > 0 {
        let trace = h.sim().trace();
        let acts = stride::step_records(trace, h.position())
            .any(|rec| rec.rank() == 3 && !stride::is_bookkeeping(rec));
        assert!(acts || !h.sim().trace().is_empty() && h.sim().is_finished());
    }
}

#[test]
fn the_caption_says_what_the_step_did_without_its_bookkeeping() {
    let mut h = ring();
    stride::forward(&mut h, Stride::Message, FORWARD_LIMIT).unwrap();
    let said = stride::sentences(h.sim().trace(), h.position());
    assert!(
        said[0].starts_with("rank 0 sends 4 B to rank 1"),
        "{said:?}"
    );
    assert!(said.iter().all(|s| !s.ends_with("continues")), "{said:?}");
    // A step of bookkeeping only still says what it was.
    assert_eq!(
        stride::sentences(h.sim().trace(), 1)[0],
        "rank 0 starts its program"
    );
    assert!(stride::sentences(h.sim().trace(), 0).is_empty());
}
