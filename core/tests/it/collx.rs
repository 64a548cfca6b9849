//! Collectives on intercommunicators (`MPI_Gather(v)`, `MPI_Scatter(v)`, `MPI_Allgather(v)`,
//! `MPI_Alltoall(v,w)`, `MPI_Reduce_scatter(_block)` and their non-blocking forms),
//! `MPI_Alltoallw`, and persistent collectives (`MPI_Bcast_init`, … with `MPI_Start`): C
//! programs through the VM, their results compared with what MPICH prints for the same
//! programs (the corpus checks the same against Debian's MPICH).

use crate::c_program::run_c;
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks of `ib-qdr`: the console lines sorted by rank (each rank's in
/// order) and the simulated end time in ns, or the error's message.
fn run_timed(src: &str, n: u32) -> Result<(Vec<String>, f64), String> {
    run_c(src, n, "ib-qdr", SimConfig::default())
}

fn run(src: &str, n: u32) -> Result<Vec<String>, String> {
    run_timed(src, n).map(|(lines, _)| lines)
}

/// A program whose ranks below `split` form one group of an intercommunicator `inter` and the
/// rest the other, then `BODY`.
fn inter(split: u32, body: &str) -> String {
    format!(
        r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {{
  int rank, lrank, rsize, i;
  MPI_Comm half, inter;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int left = rank < {split};
  MPI_Comm_split(MPI_COMM_WORLD, left, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, left ? {split} : 0, 5, &inter);
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
fn an_intercommunicator_gather_collects_the_remote_group_at_the_root() {
    // Groups {0, 1} and {2, 3, 4}; the right group's rank 1 (world 3) is the root.
    let src = inter(
        2,
        r#"  int x = 10 * rank + 1, got[3] = {0, 0, 0};
  int root = left ? 1 : (lrank == 1 ? MPI_ROOT : MPI_PROC_NULL);
  MPI_Gather(&x, 1, MPI_INT, got, 1, MPI_INT, root, inter);
  printf("%d: %d %d %d\n", rank, got[0], got[1], got[2]);"#,
    );
    // MPICH 4.0.2 prints the same (only the root's buffer changes; it holds 2 blocks).
    assert_eq!(
        run(&src, 5).unwrap(),
        ["0: 0 0 0", "1: 0 0 0", "2: 0 0 0", "3: 1 11 0", "4: 0 0 0"]
    );
}

#[test]
fn an_intercommunicator_scatter_and_allgather_cross_the_groups() {
    let src = inter(
        2,
        r#"  int send[4] = {100 + rank, 200 + rank, 300 + rank, 400 + rank}, y = -1, all[4] = {0};
  int root = left ? (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
  MPI_Scatter(send, 1, MPI_INT, &y, 1, MPI_INT, root, inter);
  MPI_Allgather(&rank, 1, MPI_INT, all, 1, MPI_INT, inter);
  printf("%d: %d |", rank, y);
  for (i = 0; i < rsize; i++) printf(" %d", all[i]);
  printf("\n");"#,
    );
    assert_eq!(
        run(&src, 5).unwrap(),
        [
            "0: -1 | 2 3 4",
            "1: -1 | 2 3 4",
            "2: 100 | 0 1",
            "3: 200 | 0 1",
            "4: 300 | 0 1"
        ]
    );
}

#[test]
fn an_intercommunicator_alltoall_pairs_every_rank_with_every_remote_rank() {
    let src = inter(
        2,
        r#"  int send[3], got[3] = {-1, -1, -1};
  for (i = 0; i < rsize; i++) send[i] = 10 * rank + i;
  MPI_Alltoall(send, 1, MPI_INT, got, 1, MPI_INT, inter);
  printf("%d:", rank);
  for (i = 0; i < rsize; i++) printf(" %d", got[i]);
  printf("\n");"#,
    );
    // Remote rank i's block i: world rank r of the other group sent 10r + (my group rank).
    assert_eq!(
        run(&src, 5).unwrap(),
        [
            "0: 20 30 40",
            "1: 21 31 41",
            "2: 0 10",
            "3: 1 11",
            "4: 2 12"
        ]
    );
}

#[test]
fn an_intercommunicator_reduce_scatter_gives_each_group_the_other_groups_sums() {
    let src = inter(
        2,
        r#"  int v[6], got[3] = {0, 0, 0};
  int counts2[2] = {2, 4}, counts3[3] = {3, 1, 2};
  for (i = 0; i < 6; i++) v[i] = rank * 10 + i;
  MPI_Reduce_scatter(v, got, left ? counts2 : counts3, MPI_INT, MPI_SUM, inter);
  int n = left ? counts2[lrank] : counts3[lrank];
  printf("%d:", rank);
  for (i = 0; i < n && i < 3; i++) printf(" %d", got[i]);
  printf("\n");"#,
    );
    // Left gets the right group's sums (20+30+40 = 90, + 3i), right the left's (0+10 = 10, + 2i).
    assert_eq!(
        run(&src, 5).unwrap(),
        [
            "0: 90 93",
            "1: 96 99 102",
            "2: 10 12 14",
            "3: 16",
            "4: 18 20"
        ]
    );
}

#[test]
fn an_intercommunicator_gather_moves_real_messages() {
    // The root waits for the remote group's messages: the run takes the network's time, more
    // for a bigger block.
    let body = |n: u32| {
        format!(
            r#"  static int x[{n}], got[3 * {n}];
  int root = left ? 0 : (lrank == 0 ? MPI_ROOT : MPI_PROC_NULL);
  MPI_Gather(x, {n}, MPI_INT, got, {n}, MPI_INT, root, inter);"#
        )
    };
    let (_, small) = run_timed(&inter(3, &body(1)), 6).unwrap();
    let (_, big) = run_timed(&inter(3, &body(100_000)), 6).unwrap();
    assert!(big > small + 50_000.0, "{small} ns vs {big} ns");
}

#[test]
fn alltoallw_sends_each_block_with_its_own_datatype() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* One int to each peer from byte 8*i, received at byte 4*(size-1-i): blocks land reversed. */
  int send[6], got[3] = {-1, -1, -1}, sc[3], sd[3], rc[3], rd[3];
  MPI_Datatype st[3], rt[3];
  for (i = 0; i < size; i++) {
    send[2 * i] = 100 * rank + i; send[2 * i + 1] = -7;
    sc[i] = 1; sd[i] = 8 * i; st[i] = MPI_INT;
    rc[i] = 1; rd[i] = 4 * (size - 1 - i); rt[i] = MPI_INT;
  }
  MPI_Alltoallw(send, sc, sd, st, got, rc, rd, rt, MPI_COMM_WORLD);
  printf("%d: %d %d %d\n", rank, got[0], got[1], got[2]);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(src, 3).unwrap(),
        ["0: 200 100 0", "1: 201 101 1", "2: 202 102 2"]
    );
}

#[test]
fn a_persistent_broadcast_restarts_with_new_data_and_keeps_its_handle() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, v, it, flag;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast_init(&v, 1, MPI_INT, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
  for (it = 0; it < 3; it++) {
    v = rank == 1 ? 7 * (it + 1) : -1;
    MPI_Start(&req);
    flag = 0;
    if (it == 1) while (!flag) MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    else MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("%d: %d %d\n", rank, v, req != MPI_REQUEST_NULL);
  }
  MPI_Request_free(&req);
  MPI_Finalize();
  return 0;
}
"#;
    let lines = run(src, 3).unwrap();
    assert_eq!(
        lines,
        [
            "0: 7 1", "0: 14 1", "0: 21 1", "1: 7 1", "1: 14 1", "1: 21 1", "2: 7 1", "2: 14 1",
            "2: 21 1"
        ]
    );
}

#[test]
fn startall_of_a_persistent_collective_says_to_use_start() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int v = 0;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Bcast_init(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
  MPI_Startall(1, &req);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 2).unwrap_err();
    assert!(
        err.contains("persistent collective") && err.contains("MPI_Start"),
        "{err}"
    );
}

#[test]
fn persistent_collectives_match_in_init_order_whatever_the_start_order() {
    // MPICH's own test p_order: rank 0 starts the broadcast first, the others the barrier.
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, a = -1;
  MPI_Request r[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Bcast_init(&a, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r[0]);
  MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]);
  if (rank == 0) { a = 42; MPI_Start(&r[0]); MPI_Start(&r[1]); }
  else { MPI_Start(&r[1]); MPI_Start(&r[0]); }
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  printf("%d: %d\n", rank, a);
  MPI_Request_free(&r[0]);
  MPI_Request_free(&r[1]);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 3).unwrap(), ["0: 42", "1: 42", "2: 42"]);
}

#[test]
fn a_graph_topology_answers_its_queries_and_survives_a_dup() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, index[3] = {2, 3, 4}, edges[4] = {1, 2, 0, 0}, n, nb[4], st, nn, ne;
  MPI_Comm g, d;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &g);
  if (g == MPI_COMM_NULL) { printf("%d: null\n", rank); MPI_Finalize(); return 0; }
  MPI_Comm_dup(g, &d);
  MPI_Topo_test(d, &st);
  MPI_Graphdims_get(d, &nn, &ne);
  MPI_Graph_neighbors_count(d, rank, &n);
  MPI_Graph_neighbors(d, rank, 4, nb);
  printf("%d: %d %d %d | %d:", rank, st == MPI_GRAPH, nn, ne, n);
  for (int i = 0; i < n; i++) printf(" %d", nb[i]);
  printf("\n");
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(src, 4).unwrap(),
        [
            "0: 1 3 4 | 2: 1 2",
            "1: 1 3 4 | 1: 0",
            "2: 1 3 4 | 1: 0",
            "3: null"
        ]
    );
}

#[test]
fn cartesian_calls_on_a_graph_topology_are_refused() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int index[2] = {1, 2}, edges[2] = {1, 0}, nd;
  MPI_Comm g;
  MPI_Init(&argc, &argv);
  MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &g);
  MPI_Cartdim_get(g, &nd);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 2).unwrap_err();
    assert!(err.contains("no Cartesian topology"), "{err}");
}

#[test]
fn neighbor_alltoall_on_a_two_rank_ring_keeps_the_directions_apart() {
    // MPICH's ring_neighbor_alltoall: both neighbours are the other rank, yet the block sent
    // up must land in the receiver's "below" slot.
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int size, rank, dims[1], periods[1] = {1}, s[2] = {-1, 1}, r[2] = {0, 0};
  MPI_Comm ring;
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  dims[0] = size;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &ring);
  MPI_Neighbor_alltoall(s, 1, MPI_INT, r, 1, MPI_INT, ring);
  printf("%d: %d %d\n", rank, r[0], r[1]);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 2).unwrap(), ["0: 1 -1", "1: 1 -1"]);
    assert_eq!(run(src, 1).unwrap(), ["0: 1 -1"]);
}

#[test]
fn a_neighbourhood_collective_needs_a_topology() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int s = 0, r = 0;
  MPI_Init(&argc, &argv);
  MPI_Neighbor_allgather(&s, 1, MPI_INT, &r, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 2).unwrap_err();
    assert!(err.contains("no topology"), "{err}");
}
