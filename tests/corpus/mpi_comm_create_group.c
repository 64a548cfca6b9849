/* Ranks: 6 — MPI_Comm_create_group, called by the group's ranks only (the even ranks in reverse
   order, and the odd ranks with another tag), groups from (first, last, stride) ranges, their
   unions, intersections and differences, names of
   communicators (MPICH's defaults, set and read back), MPI_Comm_dup_with_info, MPI_Comm_idup and
   MPI_Comm_split_type with MPI_UNDEFINED. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, i, n, len;
    MPI_Group world, evens, odds, some;
    MPI_Comm comm, dup, idup;
    MPI_Request req;
    char name[MPI_MAX_OBJECT_NAME];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);

    int even_range[1][3] = {{size - 2, 0, -2}}; /* 4, 2, 0 */
    int odd_range[1][3] = {{1, size - 1, 2}};   /* 1, 3, 5 */
    MPI_Group_range_incl(world, 1, even_range, &evens);
    MPI_Group_range_incl(world, 1, odd_range, &odds);
    int two[2][3] = {{0, 1, 1}, {size - 1, size - 1, 1}};
    MPI_Group_range_excl(world, 2, two, &some);
    MPI_Group_size(some, &n);
    MPI_Group_rank(some, &i);
    printf("world %d: range_excl keeps %d ranks, mine is %d\n", rank, n, i);

    /* Unions, intersections and differences keep the first group's order; an empty result is
       MPI_GROUP_EMPTY itself. */
    MPI_Group u, x, d, none;
    MPI_Group_union(odds, evens, &u);
    MPI_Group_intersection(some, evens, &x);
    MPI_Group_difference(evens, odds, &d);
    MPI_Group_intersection(evens, odds, &none);
    for (i = 0; i < size; i++) {
        int ru, rx, rd;
        MPI_Group_translate_ranks(world, 1, &i, u, &ru);
        MPI_Group_translate_ranks(world, 1, &i, x, &rx);
        MPI_Group_translate_ranks(world, 1, &i, d, &rd);
        if (rank == 0)
            printf("world %d: in union %d, intersection %d, difference %d\n", i, ru, rx, rd);
    }
    printf("world %d: evens and odds share nothing: %d\n", rank, none == MPI_GROUP_EMPTY);
    MPI_Group_free(&u);
    MPI_Group_free(&x);
    MPI_Group_free(&d);
    MPI_Group_free(&none);

    if (rank % 2 == 0)
        MPI_Comm_create_group(MPI_COMM_WORLD, evens, 11, &comm);
    else
        MPI_Comm_create_group(MPI_COMM_WORLD, odds, 12, &comm);
    int r, sum, s;
    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &s);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, comm);
    printf("world %d: created group comm: rank %d of %d, sum %d\n", rank, r, s, sum);

    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    printf("world %d: '%s' (%d)\n", rank, name, len);
    MPI_Comm_get_name(MPI_COMM_SELF, name, &len);
    printf("world %d: '%s' (%d)\n", rank, name, len);
    MPI_Comm_get_name(comm, name, &len);
    printf("world %d: new comm '%s' (%d)\n", rank, name, len);
    MPI_Comm_set_name(comm, rank % 2 ? "odd ones" : "even ones");
    MPI_Comm_get_name(comm, name, &len);
    printf("world %d: named '%s' (%d)\n", rank, name, len);
    MPI_Comm_set_name(MPI_COMM_WORLD, "everyone");
    MPI_Comm_get_name(MPI_COMM_WORLD, name, &len);
    printf("world %d: world renamed '%s' (%d)\n", rank, name, len);

    MPI_Comm_dup_with_info(comm, MPI_INFO_NULL, &dup);
    MPI_Comm_get_name(dup, name, &len);
    MPI_Comm_compare(comm, dup, &i);
    printf("world %d: dup_with_info: compare %d, name '%s' (%d)\n", rank, i, name, len);
    MPI_Comm_idup(dup, &idup, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_MAX, idup);
    printf("world %d: idup: max %d, request null %d\n", rank, sum, req == MPI_REQUEST_NULL);

    MPI_Comm split;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, 0, MPI_INFO_NULL, &split);
    printf("world %d: split_type MPI_UNDEFINED gives MPI_COMM_NULL: %d\n", rank,
           split == MPI_COMM_NULL);

    MPI_Comm_free(&idup);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&comm);
    MPI_Group_free(&some);
    MPI_Group_free(&odds);
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
