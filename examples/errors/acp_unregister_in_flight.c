/* Unregistering ACP memory while a copy out of it is still in flight (complete it first).
 * Run:  rankscope run examples/errors/acp_unregister_in_flight.c -n 2 -p ib-qdr */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    static char block[65536];
    acp_init(&argc, &argv);
    int rank = acp_rank();
    acp_atkey_t key = acp_register_memory(block, sizeof block, 0);
    if (rank == 0) {
        /* Into rank 1's starter memory (10240 bytes), from this rank's block. */
        acp_handle_t h = acp_copy(acp_query_starter_ga(1), acp_query_ga(key, block), 8192,
                                  ACP_HANDLE_NULL);
        acp_unregister_memory(key);
        acp_complete(h);
    }
    acp_sync();
    acp_finalize();
    return 0;
}
