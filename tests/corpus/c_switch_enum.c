/* enum, typedef, and switch with fall-through and default.  Ranks: 3 */
#include <mpi.h>
#include <stdio.h>

typedef enum { MASTER, WORKER, SPARE = 5 } role_t;

const char *describe(role_t r)
{
    switch (r) {
    case MASTER:
        return "master";
    case WORKER:
        return "worker";
    default:
        return "spare";
    }
}

int main(int argc, char *argv[])
{
    int rank, score = 0;
    role_t role;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    role = rank == 0 ? MASTER : (rank == 1 ? WORKER : SPARE);
    switch (rank) {
    case 0:
        score += 1;
    case 1:
        score += 10; /* rank 0 falls through to here */
        break;
    case 2:
    case 3:
        score += 100;
        break;
    default:
        score = -1;
    }
    printf("rank %d is the %s (role %d), score %d\n", rank, describe(role), role, score);
    MPI_Finalize();
    return 0;
}
