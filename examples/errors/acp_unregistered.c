/* An acp_copy to memory nobody registered (a GA comes from acp_query_ga or a starter memory).
 * Run:  rankscope run examples/errors/acp_unregistered.c -n 2 -p ib-qdr */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    long value = 42;
    acp_init(&argc, &argv);
    acp_atkey_t key = acp_register_memory(&value, sizeof value, 0);
    if (acp_rank() == 0) {
        /* Rank 1 registered slot 0, but nothing in slot 1: this GA names nothing. */
        acp_ga_t there = acp_query_ga(key, &value) + ((acp_ga_t)1 << 34) + ((acp_ga_t)1 << 43);
        acp_complete(acp_copy(there, acp_query_ga(key, &value), sizeof value, ACP_HANDLE_NULL));
    }
    acp_sync();
    acp_finalize();
    return 0;
}
