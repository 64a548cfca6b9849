//! The programs `rankscope bench --only explore` explores: a fan-in through wildcard receives, a
//! halo exchange with named sources only, and a master/worker that files answers by arrival.

/// A program `rankscope bench` explores (`--only explore`): its runs over every match MPI
/// allows against its runs over every delivery race of the machine's network — what the
/// reduction to match choices saves, and how many runs a second the explorer makes.
pub struct ExploreProgram {
    /// Short name.
    pub name: &'static str,
    /// What it does, in a few words.
    pub what: &'static str,
    /// Ranks it runs on.
    pub ranks: u32,
    /// The C source.
    pub source: &'static str,
}

/// The programs of the exploration benchmark.
pub const EXPLORE_PROGRAMS: [ExploreProgram; 3] = [
    ExploreProgram {
        name: "fan-in",
        what: "three workers send one number each to rank 0's MPI_ANY_SOURCE receives; it prints the sum",
        ranks: 4,
        source: r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, v, i, sum = 0;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (i = 1; i < size; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            sum += v;
        }
        printf("sum %d\n", sum);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"#,
    },
    ExploreProgram {
        name: "halo",
        what: "four ranks in a ring trade values with both neighbours three times (named sources only)",
        ranks: 4,
        source: r#"#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int rank, size, left, right, it, a, b, v;
    MPI_Request rq[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    v = rank;
    for (it = 0; it < 3; it++) {
        MPI_Irecv(&a, 1, MPI_INT, left, it, MPI_COMM_WORLD, &rq[0]);
        MPI_Irecv(&b, 1, MPI_INT, right, it, MPI_COMM_WORLD, &rq[1]);
        MPI_Isend(&v, 1, MPI_INT, left, it, MPI_COMM_WORLD, &rq[2]);
        MPI_Isend(&v, 1, MPI_INT, right, it, MPI_COMM_WORLD, &rq[3]);
        MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
        v = a + b;
    }
    printf("%d\n", v);
    MPI_Finalize();
    return 0;
}
"#,
    },
    ExploreProgram {
        name: "master-worker",
        what: "a master hands out six tasks to three workers and files each answer under the wrong task when answers come back out of order",
        ranks: 4,
        source: r#"#include <mpi.h>
#include <stdio.h>
#define TASKS 6
int main(int argc, char **argv) {
    int rank, size, t, next, got, done, answer[TASKS];
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (next = 0; next < size - 1; next++)
            MPI_Send(&next, 1, MPI_INT, next + 1, 0, MPI_COMM_WORLD);
        for (done = 0; done < TASKS; done++) {
            MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
            answer[done] = got; /* the bug: task `done` is not the task this worker did */
            t = next < TASKS ? next++ : -1;
            MPI_Send(&t, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD);
        }
        for (t = 0; t < TASKS; t++)
            printf("task %d: %d\n", t, answer[t]);
    } else {
        for (;;) {
            MPI_Recv(&t, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
            if (t < 0) break;
            got = t * t;
            MPI_Send(&got, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
"#,
    },
];
