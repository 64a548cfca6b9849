/* A PVM master and its workers on FOLON's six PEs: the master spawns five copies of this
 * program, sends each a slice of the numbers 1..N (packed as ints, with its name as a string),
 * and collects the partial sums in whatever order they come back, asking pvm_bufinfo who sent
 * each. Every message goes through both PVM daemons (task -> pvmd -> pvmd -> task).
 * Run:  rankscope run examples/pvm_master_worker.c -n 6 -p folon */
#include <pvm3.h>
#include <stdio.h>

#define WORKERS 5
#define N 1000
#define WORK 1
#define RESULT 2

int main(void)
{
    int mytid = pvm_mytid();
    int parent = pvm_parent();

    if (parent == PvmNoParent) {
        int tids[WORKERS];
        int started = pvm_spawn("pvm_master_worker", NULL, PvmTaskDefault, "", WORKERS, tids);
        printf("master t%x started %d workers\n", mytid, started);
        int per = N / WORKERS;
        for (int w = 0; w < WORKERS; w++) {
            int range[2] = {w * per + 1, (w + 1) * per};
            char name[16];
            sprintf(name, "worker-%d", w);
            pvm_initsend(PvmDataDefault);
            pvm_pkstr(name);
            pvm_pkint(range, 2, 1);
            pvm_send(tids[w], WORK);
        }
        double total = 0;
        for (int w = 0; w < WORKERS; w++) {
            int buf = pvm_recv(-1, RESULT);
            int bytes, tag, from;
            pvm_bufinfo(buf, &bytes, &tag, &from);
            double part;
            pvm_upkdouble(&part, 1, 1);
            printf("  from t%x (%d bytes): %.0f\n", from, bytes, part);
            total += part;
        }
        printf("sum of 1..%d = %.0f (expected %d)\n", N, total, N * (N + 1) / 2);
    } else {
        char name[16];
        int range[2];
        pvm_recv(parent, WORK);
        pvm_upkstr(name);
        pvm_upkint(range, 2, 1);
        double sum = 0;
        for (int i = range[0]; i <= range[1]; i++)
            sum += i;
        pvm_initsend(PvmDataDefault);
        pvm_pkdouble(&sum, 1, 1);
        pvm_send(parent, RESULT);
    }
    pvm_exit();
    return 0;
}
