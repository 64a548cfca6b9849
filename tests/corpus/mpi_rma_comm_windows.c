/* Ranks: 4 — windows on a split communicator (target ranks are ranks of the window's group),
   MPI_Win_get_group, a dynamic window with memory attached and addressed by MPI_Get_address,
   and MPI_Win_flush_local after a get. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Two halves: even and odd world ranks. */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    int hrank, hsize;
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);

    static int cell[2];
    MPI_Win win;
    MPI_Win_create(cell, sizeof cell, sizeof(int), MPI_INFO_NULL, half, &win);

    MPI_Group wgroup, world_group;
    MPI_Win_get_group(win, &wgroup);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    int gsize, zero = 0, world_of_zero;
    MPI_Group_size(wgroup, &gsize);
    MPI_Group_translate_ranks(wgroup, 1, &zero, world_group, &world_of_zero);
    printf("rank %d: window group of %d, its rank 0 is world rank %d\n", rank, gsize,
           world_of_zero);

    /* Each rank puts its world rank into the next rank of its half. */
    MPI_Win_fence(0, win);
    int mine = 100 + rank;
    MPI_Put(&mine, 1, MPI_INT, (hrank + 1) % hsize, 0, 1, MPI_INT, win);
    MPI_Accumulate(&mine, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_SUM, win);
    MPI_Win_fence(0, win);
    printf("rank %d: cell = {%d, %d}\n", rank, cell[0], cell[1]);

    /* Passive target on the half: read the neighbour's cell, complete it locally. */
    int got = -1;
    MPI_Win_lock(MPI_LOCK_SHARED, (hrank + 1) % hsize, 0, win);
    MPI_Get(&got, 1, MPI_INT, (hrank + 1) % hsize, 0, 1, MPI_INT, win);
    MPI_Win_flush_local((hrank + 1) % hsize, win);
    printf("rank %d: flushed locally, got %d\n", rank, got);
    MPI_Win_unlock((hrank + 1) % hsize, win);
    MPI_Win_free(&win);
    MPI_Group_free(&wgroup);
    MPI_Group_free(&world_group);

    /* A dynamic window on MPI_COMM_WORLD: each rank attaches two doubles. */
    double region[2] = {rank * 1.5, 0.0};
    MPI_Win dyn;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &dyn);
    MPI_Win_attach(dyn, region, sizeof region);
    MPI_Aint addr, addrs[4];
    MPI_Get_address(region, &addr);
    MPI_Allgather(&addr, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    int right = (rank + 1) % size;
    double value = 0.0;
    MPI_Win_lock_all(0, dyn);
    MPI_Get(&value, 1, MPI_DOUBLE, right, addrs[right], 1, MPI_DOUBLE, dyn);
    MPI_Win_flush(right, dyn);
    double add = 1.0;
    MPI_Accumulate(&add, 1, MPI_DOUBLE, right, addrs[right] + sizeof(double), 1, MPI_DOUBLE,
                   MPI_SUM, dyn);
    MPI_Win_unlock_all(dyn);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: right's first double %.1f, my second %.1f\n", rank, value, region[1]);
    int flavor_flag;
    int *flavor;
    MPI_Win_get_attr(dyn, MPI_WIN_CREATE_FLAVOR, &flavor, &flavor_flag);
    printf("rank %d: dynamic flavor %d\n", rank, flavor_flag && *flavor == MPI_WIN_FLAVOR_DYNAMIC);
    MPI_Win_detach(dyn, region);
    MPI_Win_free(&dyn);

    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
