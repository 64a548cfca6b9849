/* Functions that take and return structs by value, as a geometry or particle course does.
   Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
    double x, y;
} vec2;

typedef struct {
    vec2 lo, hi;
    int id;
} box;

vec2 make(double x, double y)
{
    vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

vec2 add(vec2 a, vec2 b) { return make(a.x + b.x, a.y + b.y); }

box grow(box b, double by)
{
    b.lo.x -= by;
    b.hi.x += by;
    b.id++;
    return b;
}

int main(int argc, char *argv[])
{
    int rank, i;
    vec2 s;
    box b = {{0, 0}, {1, 1}, 7}, c;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    s = make(rank, 0);
    for (i = 1; i <= 4; i++)
        s = add(s, make(i, -i));
    c = grow(grow(b, 0.5), 0.25 * (rank + 1));
    printf("rank %d: sum (%.1f, %.1f), make(3, 4).y = %.1f\n", rank, s.x, s.y, make(3, 4).y);
    printf("rank %d: grown box x from %.2f to %.2f, id %d (the original keeps %d)\n", rank,
           c.lo.x, c.hi.x, c.id, b.id);
    MPI_Finalize();
    return 0;
}
