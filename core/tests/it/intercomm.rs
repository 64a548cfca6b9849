//! Intercommunicators and the communicator constructors of MPI-3 (`MPI_Intercomm_create`,
//! `MPI_Intercomm_merge`, `MPI_Comm_create_group`, `MPI_Comm_split_type`, group ranges, names):
//! C programs through the VM, their results compared with what MPICH prints (the corpus checks
//! the same against Debian's MPICH), and the plain errors of what is not supported.

use crate::c_program::run_c;
use rankscope_core::lang;
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of profile `id` (with room for windows): the console lines sorted
/// by rank (each rank's in order), or the error's message.
fn run_on(src: &str, n: u32, id: &str) -> Result<Vec<String>, String> {
    let config = SimConfig {
        words_per_rank: lang::RMA_WORDS,
        ..SimConfig::default()
    };
    run_c(src, n, id, config).map(|(lines, _)| lines)
}

fn run(src: &str, n: u32) -> Result<Vec<String>, String> {
    run_on(src, n, "ib-qdr")
}

/// Halves of `MPI_COMM_WORLD` (`rank < size / 2` on the left) joined by `MPI_Intercomm_create`
/// into `inter`, then `BODY`.
fn halves(body: &str) -> String {
    format!(
        r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {{
  int rank, size, lrank, rsize;
  MPI_Comm half, inter;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = rank < size / 2;
  MPI_Comm_split(MPI_COMM_WORLD, left, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, left ? size / 2 : 0, 12345, &inter);
  MPI_Comm_rank(inter, &lrank);
  MPI_Comm_remote_size(inter, &rsize);
{body}
  MPI_Finalize();
  return 0;
}}
"#
    )
}

#[test]
fn point_to_point_on_an_intercommunicator_names_the_remote_group() {
    let src = halves(
        r#"  int v = 100 + rank, got = -1;
  MPI_Status st;
  if (left) {
    MPI_Send(&v, 1, MPI_INT, rsize - 1 - lrank, 1, inter);
  } else {
    MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 1, inter, &st);
    printf("%d got %d from %d\n", rank, got, st.MPI_SOURCE);
  }"#,
    );
    // World ranks 0 and 1 send to remote ranks 1 and 0: world ranks 3 and 2.
    assert_eq!(
        run(&src, 4).unwrap(),
        ["2 got 101 from 1", "3 got 100 from 0"]
    );
}

#[test]
fn a_destination_beyond_the_remote_group_is_an_error_naming_its_size() {
    let src = halves("  int v = 0;\n  if (left) MPI_Send(&v, 1, MPI_INT, 3, 1, inter);");
    let err = run(&src, 6).unwrap_err();
    assert!(err.contains("rank 3") && err.contains("0 to 2"), "{err}");
}

#[test]
fn merge_puts_the_high_group_second_and_breaks_ties_by_the_leaders_world_ranks() {
    let src = halves(
        r#"  MPI_Comm m;
  int r;
  MPI_Intercomm_merge(inter, left, &m);
  MPI_Comm_rank(m, &r);
  printf("%d high-left %d\n", rank, r);
  MPI_Comm_free(&m);
  MPI_Intercomm_merge(inter, 0, &m);
  MPI_Comm_rank(m, &r);
  printf("%d same %d\n", rank, r);
  MPI_Comm_free(&m);"#,
    );
    assert_eq!(
        run(&src, 4).unwrap(),
        [
            "0 high-left 2",
            "0 same 0",
            "1 high-left 3",
            "1 same 1",
            "2 high-left 0",
            "2 same 2",
            "3 high-left 1",
            "3 same 3"
        ]
    );
}

#[test]
fn intercommunicator_collectives_reduce_and_broadcast_across_the_groups() {
    let src = halves(
        r#"  int sum, b = -1;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, inter);
  if (left) MPI_Bcast(&b, 1, MPI_INT, lrank == 0 ? MPI_ROOT : MPI_PROC_NULL, inter);
  else MPI_Bcast(&b, 1, MPI_INT, 0, inter);
  if (left && lrank == 0) b = 7;
  MPI_Barrier(inter);
  printf("%d sum %d bcast %d\n", rank, sum, b);"#,
    );
    // Left (0, 1, 2) gets 3 + 4 + 5; right gets 0 + 1 + 2. The root's buffer was -1 when it sent.
    assert_eq!(
        run(&src, 6).unwrap(),
        [
            "0 sum 12 bcast 7",
            "1 sum 12 bcast -1",
            "2 sum 12 bcast -1",
            "3 sum 3 bcast -1",
            "4 sum 3 bcast -1",
            "5 sum 3 bcast -1"
        ]
    );
}

#[test]
fn a_scan_on_an_intercommunicator_is_refused() {
    let src = halves("  int x = rank, y;\n  MPI_Scan(&x, &y, 1, MPI_INT, MPI_SUM, inter);");
    let err = run(&src, 4).unwrap_err();
    assert!(
        err.contains("MPI_Scan") && err.contains("not defined on an intercommunicator"),
        "{err}"
    );
}

#[test]
fn overlapping_groups_are_refused() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int rank;
  MPI_Comm inter;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Intercomm_create(MPI_COMM_WORLD, 0, MPI_COMM_SELF, 0, 1, &inter);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 2).unwrap_err();
    assert!(err.contains("same process"), "{err}");
}

#[test]
fn split_type_shared_groups_the_ranks_of_each_node() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, r, n;
  MPI_Comm node;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &r);
  MPI_Comm_size(node, &n);
  if (rank == 0 || rank == 15 || rank == 16 || rank == 19) printf("%d: %d of %d\n", rank, r, n);
  MPI_Finalize();
  return 0;
}
"#;
    // fx10: 16 ranks per node; keys reverse the order within a node.
    assert_eq!(
        run_on(src, 20, "fx10").unwrap(),
        ["0: 15 of 16", "15: 0 of 16", "16: 3 of 4", "19: 0 of 4"]
    );
}

#[test]
fn group_ranges_follow_their_strides_and_bad_triplets_are_errors() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, n, i, w;
  MPI_Group world, g;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int r[2][3] = {{7, 3, -2}, {0, 1, 1}};
  MPI_Group_range_incl(world, 2, r, &g);
  MPI_Group_size(g, &n);
  if (rank == 0) {
    for (i = 0; i < n; i++) {
      MPI_Group_translate_ranks(g, 1, &i, world, &w);
      printf("%d ", w);
    }
    printf("\n");
  }
  int bad[1][3] = {{0, 3, -1}};
  MPI_Group_range_excl(world, 1, bad, &g);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 8).unwrap_err();
    assert!(err.contains("stride -1"), "{err}");
    let ok = src.replace("{{0, 3, -1}}", "{{0, 3, 1}}");
    assert_eq!(run(&ok, 8).unwrap(), ["7 5 3 0 1"]);
}

#[test]
fn more_than_128_communicators_take_context_ids_from_further_windows() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
#define N 300
int main(int argc, char **argv) {
  static MPI_Comm c[N];
  int rank, i, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (i = 0; i < N; i++) MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &c[i]);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c[N - 1]);
  MPI_Comm_rank(c[N - 1], &i);
  printf("%d: %d %d\n", rank, sum, i);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 3).unwrap(), ["0: 3 2", "1: 3 1", "2: 3 0"]);
    let err = run(&src.replace("N 300", "N 2100"), 2).unwrap_err();
    assert!(err.contains("all 2048 context ids"), "{err}");
}
