/* Two PVM tasks on FOLON bounce a 4-byte message; rank 0 prints half the round trip. */
#include <pvm3.h>
#include <stdio.h>
#include <sys/time.h>

#define ROUNDS 5

static double now_us(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec * 1e6 + tv.tv_usec;
}

int main(void)
{
    int value = 42;
    int parent = pvm_parent();
    if (parent == PvmNoParent) {
        int child;
        pvm_spawn("ping_pong", NULL, PvmTaskDefault, "", 1, &child);
        double start = now_us();
        for (int r = 0; r < ROUNDS; r++) {
            pvm_initsend(PvmDataDefault);
            pvm_pkint(&value, 1, 1);
            pvm_send(child, 1);
            pvm_recv(child, 2);
            pvm_upkint(&value, 1, 1);
        }
        printf("one way: %.1f us\n", (now_us() - start) / ROUNDS / 2);
    } else {
        for (int r = 0; r < ROUNDS; r++) {
            pvm_recv(parent, 1);
            pvm_upkint(&value, 1, 1);
            pvm_initsend(PvmDataDefault);
            pvm_pkint(&value, 1, 1);
            pvm_send(parent, 2);
        }
    }
    pvm_exit();
    return 0;
}
