/* PVM's ping-pong on FOLON (paper 004 Sec. 5.2): the first task spawns a second, and they
 * bounce a message back and forth. By default each message goes task -> pvmd -> pvmd -> task
 * (Fig. 3): the task writes its fragments to its host's PVM daemon over TCP, the daemon sends
 * them over UDP to the other host's daemon, which acknowledges each and writes it to the task.
 * Half a round trip is the latency the paper's Table 3 reports (580 us over UDP; 630 us with
 * the daemons over FCP: --pvm-route fcp; task to task over FCP, the paper's future work:
 * --pvm-route direct).
 * Run:  rankscope run examples/pvm_ping_pong.c -n 2 -p folon */
#include <pvm3.h>
#include <stdio.h>
#include <sys/time.h>

#define ROUNDS 10
#define WORDS 1

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(void)
{
    int mytid = pvm_mytid();
    int parent = pvm_parent();
    int data[WORDS];

    if (parent == PvmNoParent) {
        int child;
        if (pvm_spawn("pvm_ping_pong", NULL, PvmTaskDefault, "", 1, &child) != 1)
            return 1;
        double start = now();
        for (int r = 0; r < ROUNDS; r++) {
            data[0] = r;
            pvm_initsend(PvmDataDefault);
            pvm_pkint(data, WORDS, 1);
            pvm_send(child, 1);
            pvm_recv(child, 2);
            pvm_upkint(data, WORDS, 1);
        }
        double half = (now() - start) / ROUNDS / 2;
        printf("t%x: %d round trips with t%x, %.1f us one way\n", mytid, ROUNDS, child,
               half * 1e6);
    } else {
        for (int r = 0; r < ROUNDS; r++) {
            pvm_recv(parent, 1);
            pvm_upkint(data, WORDS, 1);
            pvm_initsend(PvmDataDefault);
            pvm_pkint(data, WORDS, 1);
            pvm_send(parent, 2);
        }
        printf("t%x: echoed %d messages to t%x\n", mytid, ROUNDS, parent);
    }
    pvm_exit();
    return 0;
}
