/* Ranks: 6 | The varying collectives, scans and reduce-scatter on communicators: MPI_Comm_split
   (rows of a 2 x 3 grid numbered right to left, and the even / odd world ranks) and the columns of
   a Cartesian grid from MPI_Cart_sub; MPI_IN_PLACE, a derived datatype sent point-to-point on a
   split communicator, and MPI_ANY_SOURCE / MPI_PROC_NULL there. */
#include <mpi.h>
#include <stdio.h>

#define COLS 3

int main(int argc, char *argv[])
{
    int world, size, i;
    MPI_Comm row, parity, cart, column;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* Rows, numbered right to left: row rank r holds r + 1 values. */
    int r, rn;
    MPI_Comm_split(MPI_COMM_WORLD, world / COLS, -(world % COLS), &row);
    MPI_Comm_rank(row, &r);
    MPI_Comm_size(row, &rn);
    int mine[4], counts[3], displs[3], all[16], total = 0;
    for (i = 0; i < rn; i++) {
        counts[i] = i + 1;
        displs[i] = total;
        total += counts[i];
    }
    for (i = 0; i <= r; i++) mine[i] = 100 * world + i;
    for (i = 0; i < 16; i++) all[i] = -1;
    MPI_Gatherv(mine, r + 1, MPI_INT, all, counts, displs, MPI_INT, 1, row);
    if (r == 1) {
        printf("world %d row gatherv: %d %d %d %d %d %d\n", world, all[0], all[1], all[2], all[3],
               all[4], all[5]);
    }
    /* Allgatherv in place: each writes its block into the whole vector first. */
    for (i = 0; i < 16; i++) all[i] = -1;
    for (i = 0; i <= r; i++) all[displs[r] + i] = 10 * world + i;
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, counts, displs, MPI_INT, row);
    printf("world %d row allgatherv: %d %d %d %d %d %d\n", world, all[0], all[1], all[2], all[3],
           all[4], all[5]);
    /* Scatterv back from row rank 2. */
    int back[4] = {-1, -1, -1, -1};
    MPI_Scatterv(all, counts, displs, MPI_INT, back, r + 1, MPI_INT, 2, row);
    printf("world %d row scatterv: %d %d %d %d\n", world, back[0], back[1], back[2], back[3]);
    /* Scan and Exscan along the row. */
    int v = world + 1, in = 0, ex = -1;
    MPI_Scan(&v, &in, 1, MPI_INT, MPI_SUM, row);
    MPI_Exscan(&v, &ex, 1, MPI_INT, MPI_PROD, row);
    if (r > 0) printf("world %d row scan %d exscan %d\n", world, in, ex);
    else printf("world %d row scan %d\n", world, in);

    /* Even and odd world ranks, in reverse order. */
    int p, pn;
    MPI_Comm_split(MPI_COMM_WORLD, world % 2, size - world, &parity);
    MPI_Comm_rank(parity, &p);
    MPI_Comm_size(parity, &pn);
    double vec[6], got[2];
    for (i = 0; i < 2 * pn; i++) vec[i] = (world + 1) * (i + 0.5);
    MPI_Reduce_scatter_block(vec, got, 2, MPI_DOUBLE, MPI_SUM, parity);
    printf("world %d parity %d reduce_scatter_block %.1f %.1f\n", world, p, got[0], got[1]);
    int rcounts[3] = {1, 0, 2}, ivec[3], igot[2] = {-1, -1};
    for (i = 0; i < 3; i++) ivec[i] = world * 10 + i;
    MPI_Reduce_scatter(ivec, igot, rcounts, MPI_INT, MPI_MAX, parity);
    printf("world %d parity %d reduce_scatter %d %d\n", world, p, igot[0], igot[1]);
    long lscan = world;
    MPI_Scan(MPI_IN_PLACE, &lscan, 1, MPI_LONG, MPI_MAX, parity);
    printf("world %d parity %d scan in place %ld\n", world, p, lscan);

    /* A strided column of a 3 x 2 matrix sent point-to-point on the parity communicator: parity
       rank 0 sends, the others receive from MPI_ANY_SOURCE; a send to MPI_PROC_NULL is a no-op. */
    int m[6], col[3] = {0, 0, 0};
    MPI_Datatype column_t;
    MPI_Type_vector(3, 1, 2, MPI_INT, &column_t);
    MPI_Type_commit(&column_t);
    for (i = 0; i < 6; i++) m[i] = world * 100 + i;
    if (p == 0) {
        for (i = 1; i < pn; i++) MPI_Send(m + 1, 1, column_t, i, 7, parity);
        MPI_Send(m, 1, column_t, MPI_PROC_NULL, 7, parity);
    } else {
        MPI_Recv(col, 3, MPI_INT, MPI_ANY_SOURCE, 7, parity, &status);
        printf("world %d parity %d got column %d %d %d from parity rank %d\n", world, p, col[0],
               col[1], col[2], status.MPI_SOURCE);
    }
    MPI_Type_free(&column_t);

    /* A 2 x 3 Cartesian grid; its columns (dimension 0 kept) have 2 ranks each. */
    int dims[2] = {2, 3}, periods[2] = {0, 1}, keep[2] = {1, 0}, coords[2], c, cn;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_coords(cart, world, 2, coords);
    MPI_Cart_sub(cart, keep, &column);
    MPI_Comm_rank(column, &c);
    MPI_Comm_size(column, &cn);
    int two[2] = {world, world * world}, cat[4];
    int ccounts[2] = {2, 2}, cdispls[2] = {2, 0};
    MPI_Allgatherv(two, 2, MPI_INT, cat, ccounts, cdispls, MPI_INT, column);
    printf("world %d (%d,%d) column %d/%d allgatherv %d %d %d %d\n", world, coords[0], coords[1],
           c, cn, cat[0], cat[1], cat[2], cat[3]);
    int blk[2], one;
    for (i = 0; i < 2; i++) blk[i] = coords[1] * 10 + i + world;
    MPI_Reduce_scatter_block(blk, &one, 1, MPI_INT, MPI_SUM, column);
    int gathered[2] = {-1, -1}, ones[2] = {1, 1}, swapped[2] = {1, 0};
    MPI_Gatherv(&one, 1, MPI_INT, gathered, ones, swapped, MPI_INT, 0, column);
    int cs = 0, cx = -1;
    MPI_Scan(&one, &cs, 1, MPI_INT, MPI_SUM, column);
    MPI_Exscan(&one, &cx, 1, MPI_INT, MPI_SUM, column);
    if (c == 0)
        printf("world %d column reduce_scatter_block %d scan %d gatherv %d %d\n", world, one, cs,
               gathered[0], gathered[1]);
    else
        printf("world %d column reduce_scatter_block %d scan %d exscan %d\n", world, one, cs, cx);
    int left, right;
    MPI_Cart_shift(cart, 1, 1, &left, &right);
    printf("world %d cart neighbours %d %d\n", world, left, right);

    MPI_Comm_free(&column);
    MPI_Comm_free(&cart);
    MPI_Comm_free(&parity);
    MPI_Comm_free(&row);
    MPI_Finalize();
    return 0;
}
