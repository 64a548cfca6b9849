/* Tags select messages: rank 0 receives tag 2 before tag 1 whatever the order they were sent,
 * then takes the rest with MPI_ANY_TAG.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, x, i;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        for (i = 1; i <= 3; i++) {
            x = 10 * i;
            MPI_Send(&x, 1, MPI_INT, 0, i, MPI_COMM_WORLD);
        }
    } else {
        MPI_Recv(&x, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &st);
        printf("tag 2 first: %d\n", x);
        for (i = 0; i < 2; i++) {
            MPI_Recv(&x, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            printf("then tag %d: %d\n", st.MPI_TAG, x);
        }
    }
    MPI_Finalize();
    return 0;
}
