/* Structs: members, nesting, arrays of structs, pointers with ->, passing by value,
   assignment, initializers, and sending a struct as bytes.  Ranks: 2 */
#include <mpi.h>
#include <stdio.h>

struct point {
    double x, y;
};

typedef struct {
    int id;
    struct point pos;
    struct point vel;
    char tag[8];
} particle;

double norm2(struct point p)
{
    return p.x * p.x + p.y * p.y;
}

void step(particle *p, double dt)
{
    p->pos.x += p->vel.x * dt;
    p->pos.y += p->vel.y * dt;
}

int main(int argc, char *argv[])
{
    int rank, i;
    particle ps[3];
    particle copy;
    struct point origin = {0.0, 0.0};
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 3; i++) {
        ps[i].id = i + 10 * rank;
        ps[i].pos = origin;
        ps[i].vel.x = i + 1;
        ps[i].vel.y = -i;
        ps[i].tag[0] = 'p';
        ps[i].tag[1] = '0' + i;
        ps[i].tag[2] = '\0';
        step(&ps[i], 0.5);
    }
    copy = ps[2];
    copy.pos.x = 99.0;
    printf("rank %d: %s id %d at (%.2f, %.2f), |v|^2 = %.1f\n", rank, ps[2].tag, ps[2].id,
           ps[2].pos.x, ps[2].pos.y, norm2(ps[2].vel));
    printf("rank %d: the copy moved to %.1f, the original stays at %.2f\n", rank, copy.pos.x,
           ps[2].pos.x);
    printf("rank %d: sizeof(struct point) = %zu, sizeof(particle) = %zu\n", rank,
           sizeof(struct point), sizeof(particle));
    if (rank == 0) {
        MPI_Send(ps, 3 * (int)sizeof(particle), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else {
        particle got[3];
        MPI_Recv(got, 3 * (int)sizeof(particle), MPI_BYTE, 0, 0, MPI_COMM_WORLD, &status);
        for (i = 0; i < 3; i++)
            printf("rank 1 received %s id %d at (%.2f, %.2f)\n", got[i].tag, got[i].id,
                   got[i].pos.x, got[i].pos.y);
    }
    MPI_Finalize();
    return 0;
}
