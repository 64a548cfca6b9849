/* A pvm_send to a task id made up by hand: t80002 would be the second task on host 2, but
 * this run has one task per PE. Task ids come from pvm_mytid, pvm_parent and pvm_spawn.
 * Run:  rankscope run examples/errors/pvm_no_task.c -n 2 -p folon */
#include <pvm3.h>

int main(void)
{
    int value = 7;
    pvm_mytid();
    if (pvm_parent() == PvmNoParent) {
        pvm_initsend(PvmDataDefault);
        pvm_pkint(&value, 1, 1);
        pvm_send(0x80002, 1);
    }
    pvm_exit();
    return 0;
}
