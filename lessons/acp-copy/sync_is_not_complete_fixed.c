/* Rank 0 copies rank 1's block into rank 2's, then everyone meets at acp_sync and rank 2 prints
 * its block. Fixed: rank 0 completes the copy (acp_complete) before the barrier.
 * Run:  rankscope run lessons/acp-copy/sync_is_not_complete_fixed.c -n 3 -p ib-qdr */
#include <acp.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    long block[4];
    acp_ga_t gas[3];

    acp_init(&argc, &argv);
    int rank = acp_rank();
    for (int i = 0; i < 4; i++)
        block[i] = rank * 100 + i;
    acp_atkey_t key = acp_register_memory(block, sizeof block, 0);
    acp_ga_t *starter = acp_query_address(acp_query_starter_ga(rank));
    starter[0] = acp_query_ga(key, block);
    acp_sync();
    if (rank == 0) {
        acp_atkey_t gkey = acp_register_memory(gas, sizeof gas, 0);
        for (int r = 1; r < 3; r++)
            acp_copy(acp_query_ga(gkey, &gas[r]), acp_query_starter_ga(r), sizeof(acp_ga_t),
                     ACP_HANDLE_NULL);
        acp_complete(ACP_HANDLE_ALL);
        acp_handle_t h = acp_copy(gas[2], gas[1], sizeof block, ACP_HANDLE_NULL);
        acp_complete(h); /* the copy, and every access before it, is done */
    }
    acp_sync();
    if (rank == 2)
        printf("rank 2 holds %ld %ld %ld %ld\n", block[0], block[1], block[2], block[3]);
    acp_finalize();
    return 0;
}
