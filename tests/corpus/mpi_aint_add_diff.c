/* MPI_Aint_add and MPI_Aint_diff (MPI-3.1) on addresses from MPI_Get_address.  Ranks: 1 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
    int a[10];
    MPI_Aint base, p3, d;
    MPI_Init(&argc, &argv);
    MPI_Get_address(&a[0], &base);
    MPI_Get_address(&a[3], &p3);
    d = MPI_Aint_diff(p3, base);
    printf("diff %ld, add ok %d\n", (long)d, MPI_Aint_add(base, d) == p3);
    MPI_Finalize();
    return 0;
}
