/* The worker unpacks two ints from a message that holds one: PVM answers PvmNoData.
 * Run:  rankscope run examples/errors/pvm_unpack_past_end.c -n 2 -p folon */
#include <pvm3.h>

int main(void)
{
    int pair[2] = {1, 2};
    int parent = pvm_parent();
    if (parent == PvmNoParent) {
        int child;
        pvm_spawn("pvm_unpack_past_end", NULL, PvmTaskDefault, "", 1, &child);
        pvm_initsend(PvmDataDefault);
        pvm_pkint(pair, 1, 1);
        pvm_send(child, 1);
    } else {
        pvm_recv(parent, 1);
        pvm_upkint(pair, 2, 1);
    }
    pvm_exit();
    return 0;
}
