//! The classic MPI bugs named with both lines involved (pinned snapshots): a send and its receive
//! with different datatypes, truncation, collectives called with different roots, counts or
//! functions, a collective that some ranks never call, requests never completed, and sends that
//! wait for each other. Correct programs that look similar are not flagged.

use rankscope_core::engine::{Sim, SimError};
use rankscope_core::lang::{self, VmLimits};
use rankscope_core::machine::{builtin_profile, Machine};
use rankscope_core::proto::p2p::Matching;
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of `ib-qdr` under `matching`: the console lines, or the error as
/// rendered.
fn run_on(src: &str, n: u32, matching: Matching) -> Result<Vec<String>, String> {
    let compiled = lang::load(src, "bug.c").unwrap_or_else(|d| {
        panic!(
            "{}",
            d.iter()
                .map(|d| d.render("bug.c", src))
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let profile = builtin_profile("ib-qdr").unwrap();
    let machine = Machine::new(&profile, n).unwrap();
    let config = SimConfig {
        matching,
        words_per_rank: lang::RMA_WORDS,
        ..SimConfig::default()
    };
    let mut sim = Sim::new(
        machine,
        lang::ranks(&compiled, n, VmLimits::default()),
        config,
    );
    let result = sim.run();
    let console: Vec<String> = sim
        .console()
        .iter()
        .map(|l| format!("[rank {}] {}", l.rank, l.text))
        .collect();
    match result {
        Ok(_) => Ok(console),
        Err(SimError::Program { message, .. }) => Err(message),
        Err(e) => Err(e.to_string()),
    }
}

/// [`run_on`] under the default (eager) engine.
fn run(src: &str, n: u32) -> Result<Vec<String>, String> {
    run_on(src, n, Matching::Eager)
}

#[test]
fn a_receive_with_another_datatype_names_the_send_and_its_line() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, n[4] = {1, 2, 3, 4};
  double x[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(n, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(x, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2).unwrap_err());
}

#[test]
fn truncation_names_the_send_and_its_line() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, n[4] = {1, 2, 3, 4}, one;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(n, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&one, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2).unwrap_err());
}

#[test]
fn matching_signatures_are_not_flagged() {
    // int and int32_t are the same C type; a contiguous type of 4 ints matches 4 ints; MPI_BYTE
    // matches anything; receiving fewer elements than the buffer holds is fine.
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, n[4] = {1, 2, 3, 4}, m[8], k[4], b[4];
  MPI_Datatype four;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_contiguous(4, MPI_INT, &four);
  MPI_Type_commit(&four);
  if (rank == 0) {
    MPI_Send(n, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(n, 1, four, 1, 1, MPI_COMM_WORLD);
    MPI_Send(n, 4, MPI_INT, 1, 2, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(m, 8, MPI_INT32_T, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(k, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(b, 16, MPI_BYTE, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("%d %d %d\n", m[3], k[3], b[3]);
  }
  MPI_Type_free(&four);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 2), Ok(vec!["[rank 1] 4 4 4".to_string()]));
}

#[test]
fn a_broadcast_whose_root_differs_between_ranks_names_the_other_call() {
    // The classic: every rank passes its own rank as the root, so every rank "broadcasts".
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank * 10;
  MPI_Bcast(&x, 1, MPI_INT, rank, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2).unwrap_err());
}

#[test]
fn different_collectives_at_the_same_point_name_both_calls() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 1, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Reduce(&x, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  } else {
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 3).unwrap_err());
}

#[test]
fn a_collective_with_different_counts_names_the_other_count() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, a[4] = {1, 2, 3, 4}, s[4];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Allreduce(a, s, rank == 0 ? 4 : 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2).unwrap_err());
}

#[test]
fn a_collective_some_ranks_never_call_says_where_the_others_are() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, y = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 2) {
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 1) {
    MPI_Recv(&y, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 3).unwrap_err());
}

#[test]
fn consistent_collectives_are_not_flagged() {
    // Derived and predefined datatypes of the same signature, MPI_IN_PLACE, several
    // communicators and roots: nothing is flagged.
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size, a[4], s[4], i, r;
  MPI_Datatype four;
  MPI_Comm half;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Type_contiguous(4, MPI_INT, &four);
  MPI_Type_commit(&four);
  for (i = 0; i < 4; i++) a[i] = rank + i;
  if (rank == 1) MPI_Bcast(a, 1, four, 1, MPI_COMM_WORLD);
  else MPI_Bcast(a, 4, MPI_INT, 1, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, a, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  for (r = 0; r < 2; r++) {
    MPI_Reduce(a, s, 4, MPI_INT, MPI_MAX, r, half);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  printf("%d\n", a[3]);
  MPI_Comm_free(&half);
  MPI_Type_free(&four);
  MPI_Finalize();
  return 0;
}
"#;
    let mut lines = run(src, 4).unwrap();
    lines.sort();
    assert_eq!(
        lines,
        (0..4).map(|r| format!("[rank {r}] 16")).collect::<Vec<_>>()
    );
}

/// Both ranks send first, then receive: `send` is the sending call (1,000 `int`s).
fn head_to_head(send: &str) -> String {
    head_to_head_of(send, 1000, "int", "MPI_INT")
}

/// Both ranks send `n` elements of C type `ty` (MPI datatype `dt`) first, then receive.
fn head_to_head_of(send: &str, n: u32, ty: &str, dt: &str) -> String {
    format!(
        r#"#include <mpi.h>
int main(int argc, char **argv) {{
  int rank, other;
  static {ty} x[{n}], y[{n}];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  other = 1 - rank;
  {send}(x, {n}, {dt}, other, 0, MPI_COMM_WORLD);
  MPI_Recv(y, {n}, {dt}, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}}
"#
    )
}

#[test]
fn synchronous_sends_that_wait_for_each_other_are_explained() {
    insta::assert_snapshot!(run(&head_to_head("MPI_Ssend"), 2).unwrap_err());
}

#[test]
fn standard_sends_that_wait_for_each_other_under_a_synchronous_protocol_are_explained() {
    use rankscope_core::proto::p2p::Protocol;
    // Under the eager protocol the standard sends complete: the program works (as with MPICH
    // for small messages).
    assert_eq!(run(&head_to_head("MPI_Send"), 2), Ok(Vec::new()));
    let sync = Matching::ReceiverOnly(Protocol::Sync);
    insta::assert_snapshot!(run_on(&head_to_head("MPI_Send"), 2, sync).unwrap_err());
}

#[test]
fn standard_sends_above_the_eager_limit_wait_for_each_other_as_on_mpich() {
    // Debian's MPICH completes this exchange with 8,251 bytes and hangs with 8,252 (measured);
    // so does Rankscope by default.
    let bytes = |n| head_to_head_of("MPI_Send", n, "char", "MPI_CHAR");
    assert_eq!(run(&bytes(8_251), 2), Ok(Vec::new()));
    insta::assert_snapshot!(run(&bytes(8_252), 2).unwrap_err());
}

#[test]
fn a_collective_that_meets_a_receive_names_the_receive() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 5;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 2) {
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 3).unwrap_err());
}

#[test]
fn requests_never_completed_are_named_at_finalize() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 7, y[5], i;
  MPI_Request r[5], done;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (i = 0; i < 5; i++)
      MPI_Isend(&x, 1, MPI_INT, 1, i, MPI_COMM_WORLD, &r[i]);
    MPI_Isend(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, &done);
    MPI_Wait(&done, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Irecv(&y[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Recv(&y[1], 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
"#;
    insta::assert_snapshot!(run(src, 2).unwrap().join("\n"));
}

/// `MPI_Bcast` called on the root only: the run ends (as under MPICH), and the root's
/// `MPI_Finalize` says which call's messages nobody received — by name, never by internal tag.
#[test]
fn a_broadcast_called_only_on_the_root_is_said_at_finalize() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, value = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    value = 42;
    MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  printf("rank %d has %d\n", rank, value);
  MPI_Finalize();
  return 0;
}
"#;
    let mut warned = 0;
    for matching in rankscope_core::proto::p2p::ENGINES {
        // Under the synchronous protocols the root's sends wait for receives that never come:
        // a deadlock, said with the collective's name.
        let text = match run_on(src, 4, matching) {
            Ok(console) => {
                warned += 1;
                console
                    .iter()
                    .filter(|l| l.contains("warning"))
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            Err(e) => e,
        };
        assert!(text.contains("MPI_Bcast at line 9"), "{matching}: {text}");
        assert!(
            !text.contains("tag"),
            "{matching}: no internal tag reaches the text: {text}"
        );
    }
    assert!(
        warned >= 2,
        "eager and at least one other engine run to the end"
    );
    assert_eq!(
        run(src, 4).unwrap().iter().filter(|l| l.contains("warning")).cloned().collect::<Vec<_>>(),
        ["[rank 0] warning: 2 messages rank 0 sent were never received: MPI_Bcast at line 9 to ranks 1 and 2, which never called MPI_Bcast; the receivers had already called MPI_Finalize (every rank of the communicator must call each collective)"]
    );
}

/// A message that waits in the receiver's unexpected queue when it finalizes is named there,
/// with the sending call, its line and its tag; one sent after the receiver finalized is named
/// by the sender.
#[test]
fn a_send_never_received_is_said_at_finalize_by_the_receiver_or_the_sender() {
    let waiting = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(waiting, 2).unwrap(),
        ["[rank 1] warning: 1 message sent to rank 1 was never received before its MPI_Finalize: MPI_Send at line 7 on rank 0 (tag 0); post a matching receive for every send"]
    );
    let late = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    compute(1000);
    MPI_Send(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(late, 2).unwrap(),
        ["[rank 0] warning: 2 messages rank 0 sent were never received: MPI_Send at line 8 to rank 1 (tag 5) and MPI_Send at line 9 to rank 1 (tag 5); the receiver had already called MPI_Finalize (post a matching receive for every send)"]
    );
}

/// A program that calls `MPI_Init` and ends without `MPI_Finalize` is told so with the line of
/// its `MPI_Init` (MPICH ends such a run silently); one that never called `MPI_Init` is not.
#[test]
fn a_program_that_ends_without_finalize_is_said_so() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d\n", rank);
  return 0;
}
"#;
    let console = run(src, 2).unwrap();
    for r in 0..2 {
        assert!(
            console.contains(&format!("[rank {r}] warning: the program ended without calling MPI_Finalize (MPI_Init at line 5): call MPI_Finalize before main returns")),
            "{console:?}"
        );
    }
    let exits = src
        .replace("return 0;", "exit(0);")
        .replace("<stdio.h>", "<stdio.h>\n#include <stdlib.h>");
    assert!(run(&exits, 1)
        .unwrap()
        .iter()
        .any(|l| l.contains("without calling MPI_Finalize (MPI_Init at line 6)")));
    let plain = "#include <stdio.h>\nint main(void) { printf(\"hi\\n\"); return 0; }\n";
    assert_eq!(run(plain, 2).unwrap(), ["[rank 0] hi", "[rank 1] hi"]);
}
