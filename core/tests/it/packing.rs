//! Packing (`MPI_Pack`, `MPI_Unpack`, `MPI_Pack_size`, the external32 forms), the predefined
//! datatypes added with it (`MPI_PACKED`, MPI-1's `MPI_LB`/`MPI_UB`), and the request kinds of
//! `functions/request_kinds.rs` (`MPI_Isendrecv`, `MPI_Bsend_init`, `MPI_Request_get_status`):
//! C programs through the VM, their results as MPICH prints them (the corpus checks the same
//! against Debian's MPICH), and the plain stops where MPICH does not check.

use crate::c_program::run_c;
use rankscope_core::proto::SimConfig;

/// Runs `src` on `n` ranks: the console lines sorted by rank, or the error's message.
fn run(src: &str, n: u32) -> Result<Vec<String>, String> {
    run_c(src, n, "ib-qdr", SimConfig::default()).map(|(lines, _)| lines)
}

#[test]
fn packed_data_travels_as_mpi_packed_and_unpacks_through_a_vector() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, pos = 0, size, count;
  double m[3][2] = {{1, 2}, {3, 4}, {5, 6}};
  char buf[64];
  MPI_Datatype col;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_vector(3, 1, 2, MPI_DOUBLE, &col);
  MPI_Type_commit(&col);
  if (rank == 0) {
    MPI_Pack_size(1, col, MPI_COMM_WORLD, &size);
    printf("size %d\n", size);
    MPI_Pack_size(2, MPI_SHORT_INT, MPI_COMM_WORLD, &size);
    printf("short_int %d\n", size);
    MPI_Pack(&m[0][1], 1, col, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Status st;
    double c[3];
    MPI_Recv(buf, 64, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_PACKED, &count);
    MPI_Unpack(buf, count, &pos, c, 3, MPI_DOUBLE, MPI_COMM_WORLD);
    printf("%d bytes: %g %g %g at %d\n", count, c[0], c[1], c[2], pos);
  }
  MPI_Type_free(&col);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(src, 2).unwrap(),
        ["size 24", "short_int 12", "24 bytes: 2 4 6 at 24"]
    );
}

#[test]
fn packing_past_the_buffer_stops_the_rank_with_both_sizes() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int xs[4] = {1, 2, 3, 4}, pos = 4;
  char buf[12];
  MPI_Init(&argc, &argv);
  MPI_Pack(xs, 4, MPI_INT, buf, 12, &pos, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 1).unwrap_err();
    assert!(
        err.contains("MPI_Pack writes 16 bytes at position 4, past the 12 bytes"),
        "{err}"
    );
}

#[test]
fn external32_is_big_endian_with_four_byte_longs() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  unsigned char b[16];
  long l = -3;
  int i = 258;
  MPI_Aint pos = 0, in = 0, size;
  MPI_Init(&argc, &argv);
  MPI_Pack_external("external32", &i, 1, MPI_INT, b, 16, &pos);
  MPI_Pack_external("external32", &l, 1, MPI_LONG, b, 16, &pos);
  MPI_Pack_external_size("external32", 1, MPI_LONG, &size);
  printf("%ld %ld: %02x %02x %02x %02x %02x %02x %02x %02x\n", (long)pos, (long)size,
         b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
  long back = 0;
  in = 4;
  MPI_Unpack_external("external32", b, pos, &in, &back, 1, MPI_LONG);
  printf("%ld\n", back);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 1).unwrap(), ["8 4: 00 00 01 02 ff ff ff fd", "-3"]);
}

#[test]
fn lb_and_ub_markers_set_a_structs_bounds() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int bl[3] = {1, 1, 1};
  MPI_Aint d[3] = {-4, 0, 12}, lb, ext;
  MPI_Datatype ty[3] = {MPI_LB, MPI_INT, MPI_UB}, t;
  MPI_Init(&argc, &argv);
  MPI_Type_struct(3, bl, d, ty, &t);
  MPI_Type_get_extent(t, &lb, &ext);
  printf("%ld %ld\n", (long)lb, (long)ext);
  MPI_Type_free(&t);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(run(src, 1).unwrap(), ["-4 16"]);
}

#[test]
fn isendrecv_completes_with_mpichs_status_and_get_status_leaves_the_request() {
    let src = r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, other, in = -1, flag = 0;
  MPI_Request r;
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  other = 1 - rank;
  MPI_Isendrecv(&rank, 1, MPI_INT, other, 3, &in, 1, MPI_INT, other, 3, MPI_COMM_WORLD, &r);
  while (!flag) MPI_Request_get_status(r, &flag, &st);
  printf("rank %d: flag %d, still a request %d\n", rank, flag, r != MPI_REQUEST_NULL);
  MPI_Wait(&r, &st);
  printf("rank %d: got %d, source %d tag %d\n", rank, in, st.MPI_SOURCE, st.MPI_TAG);
  MPI_Finalize();
  return 0;
}
"#;
    assert_eq!(
        run(src, 2).unwrap(),
        [
            "rank 0: flag 1, still a request 1",
            "rank 0: got 1, source 0 tag 0",
            "rank 1: flag 1, still a request 1",
            "rank 1: got 0, source 0 tag 0",
        ]
    );
}

#[test]
fn a_persistent_buffered_send_needs_an_attached_buffer() {
    let src = r#"#include <mpi.h>
int main(int argc, char **argv) {
  int v = 1;
  MPI_Request r;
  MPI_Init(&argc, &argv);
  MPI_Bsend_init(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
  MPI_Start(&r);
  MPI_Finalize();
  return 0;
}
"#;
    let err = run(src, 1).unwrap_err();
    assert!(err.contains("MPI_Start"), "{err}");
}
