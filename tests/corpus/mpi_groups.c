/* Ranks: 6 | Groups: the even ranks of MPI_COMM_WORLD as a group, a communicator made from it with
   MPI_Comm_create, rank translation and exclusion, as in the classic groups tutorial. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char *argv[])
{
    int rank, size, i, n_even, even_rank, gsize, result;
    int evens[8], world_ranks[8], translated[8];
    MPI_Group world_group, even_group, odd_group;
    MPI_Comm even_comm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);

    n_even = (size + 1) / 2;
    for (i = 0; i < n_even; i++)
        evens[i] = 2 * i;
    MPI_Group_incl(world_group, n_even, evens, &even_group);
    MPI_Group_excl(world_group, n_even, evens, &odd_group);
    MPI_Group_size(even_group, &gsize);
    MPI_Group_rank(even_group, &even_rank);
    if (even_rank == MPI_UNDEFINED)
        printf("rank %d: not in the even group of %d\n", rank, gsize);
    else
        printf("rank %d: even group rank %d of %d\n", rank, even_rank, gsize);

    MPI_Comm_create(MPI_COMM_WORLD, even_group, &even_comm);
    if (even_comm != MPI_COMM_NULL) {
        int sum, crank;
        MPI_Comm_rank(even_comm, &crank);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, even_comm);
        printf("rank %d: even communicator rank %d, sum of world ranks %d\n", rank, crank, sum);
        MPI_Comm_free(&even_comm);
    }

    if (rank == 0) {
        for (i = 0; i < size; i++)
            world_ranks[i] = i;
        MPI_Group_translate_ranks(world_group, size, world_ranks, odd_group, translated);
        for (i = 0; i < size; i++) {
            if (translated[i] == MPI_UNDEFINED)
                printf("world %d -> odd group: undefined\n", i);
            else
                printf("world %d -> odd group: %d\n", i, translated[i]);
        }
        MPI_Group_compare(even_group, odd_group, &result);
        printf("even vs odd: %s\n", result == MPI_UNEQUAL ? "unequal" : "other");
        MPI_Group_compare(world_group, world_group, &result);
        printf("world vs world: %s\n", result == MPI_IDENT ? "ident" : "other");
        MPI_Group_size(MPI_GROUP_EMPTY, &gsize);
        printf("empty group size %d\n", gsize);
    }

    MPI_Group_free(&odd_group);
    MPI_Group_free(&even_group);
    MPI_Group_free(&world_group);
    if (world_group == MPI_GROUP_NULL && rank == 0)
        printf("groups freed\n");
    MPI_Finalize();
    return 0;
}
